"""The documents Tengen prints, by name (kept apart from the PDF code, so the command line can
offer them without loading fpdf2)."""

KINDS = (
    "cards",
    "protocol",
    "slips",
    "schedule",
    "standings",
    "table",
    "registration",
    "teams",
    "prizes",
    "blank-cards",
    "blank-protocol",
    "blank-table",
)
BLANKS = ("blank-cards", "blank-protocol", "blank-table")
"""Forms printed before the event, empty: they need no round."""
OF_A_ROUND = ("protocol", "slips")
"""Documents of one paired round (the others are of the table after a round)."""
UNNUMBERED = ("cards", "registration", "schedule", *BLANKS)
"""Documents whose files are named without a round: they hold every round, or none (a
trial found its empty cards in «…-blank-cards-3.pdf»)."""
SCHEDULED = ("schedule",)
"""Documents only of a scheme whose rounds are fixed in advance (``Traits.scheduled``)."""


def kinds_for(scheduled: bool, teams: bool) -> tuple[str, ...]:
    """The documents a tournament prints: the schedule only where its scheme fixes the rounds
    in advance (a round robin's Berger table); the others pair each round from the one before;
    the team standings only where some player has a team or a club."""
    return tuple(kind for kind in KINDS if (scheduled or kind not in SCHEDULED) and (teams or kind != "teams"))
