"""The documents Tengen prints, by name (kept apart from the PDF code, so the command line can
offer them without loading fpdf2)."""

KINDS = (
    "cards",
    "protocol",
    "slips",
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
