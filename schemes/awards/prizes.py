"""Prizes (seed 000 hands them out: places, most wins, the youngest…), by rules the organiser
chooses (issue 17).

A prize is a named rule that ranks the players it concerns and gives the prize to the best,
several when they are equal.  Prizes are handed out in the order given — the places first,
then categories, then the special prizes — and with ``one_prize`` (the usual rule) a player
who has a prize already is passed over for the next one, which goes to the next best.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import partial

from schemes.base.scheme import Standings
from schemes.errors import InvalidEvent
from schemes.state.model import Player, Tournament
from schemes.state.records import Kind, Outcome, Score, outcomes
from schemes.values.dates import age_on, days
from schemes.values.ranks import FIRST_DAN, parse_rank, rank_label

SPECIALS = ("most_wins", "longest_streak", "wins_over_stronger", "youngest", "oldest", "best_newcomer")
"""The special prizes by name: what each rewards is in ``_SPECIAL``."""


@dataclass(frozen=True)
class Prize:
    """One prize and who gets it (several when equal); ``value`` says why, for the paper."""

    name: str
    players: tuple[int, ...]
    value: str = ""
    passed_over: tuple[int, ...] = ()
    """Who had more for it but has a prize already (one prize each), best first: said beside
    it, so that nobody wonders why the player with the most wins did not get «больше всех
    побед» — every one of them, not the best alone (a trial's note named the 6 wins of the
    winner of «1 место», not the 4 of the two second places, over a prize won with 2); the
    notes name the first ``PASSED_NAMED`` (``passed_over_by``) and count the rest."""
    passed_values: tuple[str, ...] = ()
    """What each of the passed-over had (his value for this prize), in their order."""


@dataclass(frozen=True)
class Rule:
    """A prize to hand out: its name, who may have it, and their order (best first); ``key``
    gives each candidate a comparable value, equal values sharing the prize."""

    name: str
    eligible: Callable[[Player], bool]
    key: Callable[[int], tuple[float, ...]]
    shown: Callable[[int], str]
    places: int = 1
    by_place: bool = False
    """Its winners are the best placed of those eligible: given only once none of them waits
    for his place (a play-off's players still in)."""


@dataclass(frozen=True)
class Field:
    """What the rules read: the standings, each player's rounds, and the cut-off day."""

    tournament: Tournament
    standings: Standings
    rounds: Mapping[int, list[Outcome]]
    cutoff: date | None
    places: Mapping[int, int]
    """Each player's place (a shared ``4-5`` is 4 for both: equal players share a prize); one
    not decided yet (a play-off's players still in) after every decided one, in table order."""
    undecided: frozenset[int] = frozenset()
    """Those whose place is not decided yet."""


def field_of(tournament: Tournament, standings: Standings) -> Field:
    """The field after ``standings.after_round``; ages count on the event's first day."""
    first = days(tournament.settings.dates)
    places = {}
    for index, row in enumerate(standings.rows, start=1):
        start = row.place.split("-")[0]
        places[row.player] = int(start) if start.isdigit() else len(standings.rows) + index  # not decided yet
    rounds = outcomes(tournament, standings.after_round)
    undecided = frozenset(row.player for row in standings.rows if not row.place)
    return Field(tournament, standings, rounds, first[0] if first else None, places, undecided)


def wins(field: Field, player: int) -> float:
    return sum(o.score is Score.WIN for o in field.rounds[player] if o.kind is Kind.GAME)


def longest_streak(field: Field, player: int) -> int:
    best = current = 0
    for outcome in field.rounds[player]:
        current = current + 1 if outcome.kind is Kind.GAME and outcome.score is Score.WIN else 0
        best = max(best, current)
    return best


def wins_over_stronger(field: Field, player: int) -> int:
    """Wins over opponents rated higher than the player (rank-only players by their rank)."""
    players = field.tournament.players
    own = players[player].sort_rating
    return sum(
        o.kind is Kind.GAME and o.score is Score.WIN and not o.forfeit and players[o.opponent].sort_rating > own
        for o in field.rounds[player]
        if o.opponent is not None
    )


def place_rules(field: Field, count: int = 3) -> list[Rule]:
    """Places 1..count of the standings; equal players share one, and the places they
    cover are not given again (two first, no second)."""
    return [
        Rule(
            str(n),
            partial(_placed_by, field, n),
            lambda p: (field.places[p],),
            lambda p: str(field.places[p]),
            places=n,
        )
        for n in range(1, count + 1)
    ]


def category_place_rules(field: Field, count: int = 3) -> list[Rule]:
    """Where OpenGotha's categories decide first and the standings number each from 1
    (``Row.in_category``), the places ``1..count`` of each category, «категория 2: 1 место»: a
    trial saw three players at «1» in F4 and the prizes «1, 2, 3 место» go to the first
    category's best.  What decided is the title; the place in the whole field is no prize's."""
    category = {row.player: int(row.tiebreaks["CAT"]) for row in field.standings.rows if row.in_category}
    return [
        rule
        for number in sorted(set(category.values()))
        for rule in _best_in(field, f"CAT {number}", partial(_in_opengotha_category, category, number), count)
    ]


def _in_opengotha_category(category: Mapping[int, int], number: int, player: Player) -> bool:
    return category.get(player.id) == number


def _placed_by(field: Field, place: int, player: Player) -> bool:
    """Whether ``player`` has a place ``place`` or better: a place prize goes to no one whose
    place is not decided (a review: an unfinished play-off's first place went to a seed)."""
    return field.places[player.id] <= place


def _best_in(field: Field, name: str, eligible: Callable[[Player], bool], count: int = 3) -> list[Rule]:
    return [
        Rule(
            f"{name}: {n}",
            eligible,
            lambda p: (field.places[p],),
            lambda p: str(field.places[p]),
            places=n,
            by_place=True,
        )
        for n in range(1, count + 1)
    ]


def age_rules(field: Field, under: int, count: int = 3) -> list[Rule]:
    """The best ``count`` of those younger than ``under`` on the cut-off day."""
    cutoff = field.cutoff

    def young(p: Player) -> bool:
        age = age_on(p.birth, cutoff) if cutoff else None
        return age is not None and age < under

    return _best_in(field, f"under {under}", young, count)


def rank_rules(field: Field, weakest: str, strongest: str, count: int = 3) -> list[Rule]:
    """The best ``count`` of the players ranked from ``weakest`` to ``strongest`` (``20k-10k``)."""
    low, high = sorted((parse_rank(weakest), parse_rank(strongest)))
    name = f"{rank_label(low)}–{rank_label(high)}"
    return _best_in(field, name, lambda p: low <= p.rank <= high, count)


def women_rules(field: Field, count: int = 3) -> list[Rule]:
    return _best_in(field, "women", lambda p: p.sex == "f", count)


def category_rules(field: Field, count: int = 3) -> list[Rule]:
    """The best ``count`` of each category the organiser gave players."""
    names = sorted({p.category for p in field.tournament.players.values() if p.category})
    return [rule for name in names for rule in _best_in(field, name, _in_category(name), count)]


def _in_category(name: str) -> Callable[[Player], bool]:
    return lambda player: player.category == name


def special_rules(field: Field, names: Sequence[str] = SPECIALS) -> list[Rule]:
    """Special prizes by name: the most wins, the longest winning streak, the most wins over
    higher-rated opponents, the youngest and the oldest (by date of birth), and the best
    newcomer (a player registered by rank alone: not on a rating list yet).  Equal values go
    to the better placed, equally placed players share; no win earns no win prize."""
    cutoff = field.cutoff or date.today()
    players = field.tournament.players

    def born(p: int) -> str:
        return players[p].birth

    def day(p: int) -> int:
        return date.fromisoformat(born(p)).toordinal()

    table: dict[str, Rule] = {
        "most_wins": Rule("most_wins", lambda p: True, lambda p: (-wins(field, p), field.places[p]),
                          lambda p: f"{wins(field, p):g}"),
        "longest_streak": Rule("longest_streak", lambda p: True, lambda p: (-longest_streak(field, p), field.places[p]),
                               lambda p: str(longest_streak(field, p))),
        "wins_over_stronger": Rule("wins_over_stronger", lambda p: True,
                                   lambda p: (-wins_over_stronger(field, p), field.places[p]),
                                   lambda p: str(wins_over_stronger(field, p))),
        "youngest": Rule("youngest", lambda p: bool(p.birth), lambda p: (-day(p), field.places[p]),
                         lambda p: str(age_on(born(p), cutoff))),
        "oldest": Rule("oldest", lambda p: bool(p.birth), lambda p: (day(p), field.places[p]),
                       lambda p: str(age_on(born(p), cutoff))),
        "best_newcomer": Rule("best_newcomer", newcomer, lambda p: (field.places[p],),
                              lambda p: str(field.places[p]), by_place=True),
    }  # fmt: skip
    unknown = [name for name in names if name not in table]
    if unknown:
        raise InvalidEvent(
            "unknown prize {name!r}: choose from {known}", name=unknown[0][:30], known=", ".join(SPECIALS)
        )
    return [table[name] for name in names]


_NOTHING = {"most_wins", "longest_streak", "wins_over_stronger"}
"""Special prizes that a player must have earned at least one of (a win)."""


PASSED_NAMED = 3
"""The most players a prize's notes name as passed over, the best first, the rest counted
(``passed_over_by``): «самый младший» of a children's event would name every younger prized
child, a note of ten lines (a review)."""


def hand_out(field: Field, rules: Sequence[Rule], one_prize: bool = True) -> list[Prize]:
    """Every rule's winners, in order; with ``one_prize`` nobody wins twice.  The places of a
    group (overall, a category) go down its order: when two share the first, the next
    place handed out is the third.  Before any round nothing is won.  A prize a player still
    waiting for his place may yet win waits too (``_open``), and so does one that would go to
    such a player while each has one prize (he may take a place's yet) — and with one prize
    each every prize after it, which the first may change (a trial: a play-off's «самый
    старший» and a category's place moved to others at the end)."""
    if field.standings.after_round == 0:  # a trial: «1 место» by the starting order, before any game
        return []
    prized: set[int] = set()
    result = []
    players = field.tournament.players
    order = [row.player for row in field.standings.rows]
    given: dict[str, int] = {}  # a group's places handed out so far
    taken: dict[str, set[int]] = {}
    told: dict[str, set[int]] = {}  # who a group's notes said was passed over: once, not at each of its places
    waiting = False  # a prize waits for a place: with one prize each, so does every one after it
    for rule in rules:
        group = rule.name.rsplit(": ", 1)[0] if ": " in rule.name else "" if rule.name.isdigit() else rule.name
        if given.get(group, 0) >= rule.places or one_prize and waiting:
            continue
        everyone = [p for p in order if rule.eligible(players[p]) and p not in taken.get(group, set())]
        if rule.name in _NOTHING:
            everyone = [p for p in everyone if rule.key(p)[0] < 0]
        candidates = [p for p in everyone if not (one_prize and p in prized)]
        if _open(field, rule, order, candidates):
            waiting = True
            continue
        if not candidates:
            continue
        best = min(rule.key(p) for p in candidates)
        winners = tuple(p for p in candidates if rule.key(p) == best)
        if one_prize and not field.undecided.isdisjoint(winners):  # he may take a place's prize instead
            waiting = True
            continue
        noted = told.setdefault(group, set())
        # a better value itself, not a better tie-break by place
        ahead = [p for p in everyone if p in prized and p not in noted and rule.key(p)[0] < best[0]]
        passed = tuple(sorted(ahead, key=rule.key))
        noted.update(passed)
        taken.setdefault(group, set()).update(winners)
        given[group] = given.get(group, 0) + len(winners)
        prized.update(winners)
        result.append(Prize(rule.name, winners, rule.shown(winners[0]), passed, tuple(rule.shown(p) for p in passed)))
    return result


def withdrawn_winners(tournament: Tournament, prizes: Sequence[Prize]) -> list[tuple[Prize, int]]:
    """Each prize's winners who withdrew from the event, said under the prizes: whether one
    who left takes a prize is the event's rule, which the referee applies (a trial's second
    place went to a player out after round 1, his absent rounds scored as OpenGotha scores them)."""
    players = tournament.players
    return [(prize, p) for prize in prizes for p in prize.players if players[p].withdrawn_from is not None]


def passed_over_by(prizes: Sequence[Prize]) -> list[tuple[Prize, int, str, str]]:
    """Each player a prize passed over that its notes name (``PASSED_NAMED`` at most, the best
    first: ``passed_unnamed`` counts the rest), with his value for it and the name of the prize
    he has (one prize each), said under the prizes on the screen and on paper, each in its own
    words."""
    first: dict[int, str] = {}
    for prize in prizes:
        for player in prize.players:
            first.setdefault(player, prize.name)
    return [
        (prize, player, value, first[player])
        for prize in prizes
        for player, value in zip(prize.passed_over[:PASSED_NAMED], prize.passed_values, strict=False)
    ]


def passed_unnamed(prizes: Sequence[Prize]) -> list[tuple[Prize, int]]:
    """Each prize that passed over more players than its notes name, and how many more (a
    trial read a 3-win player's prize passed over without a word, the note naming three)."""
    return [(prize, len(prize.passed_over) - PASSED_NAMED) for prize in prizes if len(prize.passed_over) > PASSED_NAMED]


def _open(field: Field, rule: Rule, order: Sequence[int], candidates: Sequence[int]) -> bool:
    """Whether a player waiting for his place (a play-off's still in the bracket, or playing
    for third) may yet win ``rule``: a place one of them can still reach (the table lists them
    by the best place each can reach), or a group's best placed among its candidates (a
    review's women's prize went to a quarter-final loser while the semi-finalist played on)."""
    if not field.undecided:
        return False
    if rule.name.isdigit():
        return not field.undecided.isdisjoint(order[: int(rule.name)])
    return rule.by_place and not field.undecided.isdisjoint(candidates)


def newcomer(player: Player) -> bool:
    """Not on a rating list yet, and a kyu player: a dan without a rating is a guest from
    abroad, not a newcomer (a trial's newcomer prize went to a 4d)."""
    return player.rating is None and player.rank < FIRST_DAN


def newcomers_apart(players: Sequence[Player]) -> bool:
    """Whether newcomers (``newcomer``) stand out: there are some, and the players without a
    rating are no more than those with one.  Where nobody has one, everyone would be a
    "newcomer"; where one player of 34 had one, the prize was nobody's idea (a trial)."""
    unrated = sum(p.rating is None for p in players)
    return any(map(newcomer, players)) and unrated <= len(players) - unrated


@dataclass(frozen=True)
class PrizeRules:
    """The prizes the referee asks for (``tengen prizes`` and ``tengen print prizes`` take the
    same options); the defaults are the usual ones (``standard_rules``), which the app shows
    and prints.  The list shown and the list printed were two (a review: «most wins» went to
    one player on screen and to another on paper)."""

    places: int = 3
    ages: tuple[int, ...] = ()
    ranks: tuple[tuple[str, str], ...] = ()
    women: bool | None = None
    categories: bool | None = None
    specials: tuple[str, ...] | None = None
    many: bool = False
    """A player may win several prizes (the usual: one each)."""


def award(field: Field, rules: PrizeRules, knockout: bool) -> list[Prize]:
    """The prizes ``rules`` hand out to ``field`` (``knockout``: see ``standard_rules``)."""
    chosen = standard_rules(
        field, rules.places, rules.ages, rules.ranks, rules.women, rules.categories, rules.specials, knockout
    )
    return hand_out(field, chosen, one_prize=not rules.many)


def standard_rules(
    field: Field,
    places: int = 3,
    ages: Sequence[int] = (),
    ranks: Sequence[tuple[str, str]] = (),
    women: bool | None = None,
    categories: bool | None = None,
    specials: Sequence[str] | None = None,
    knockout: bool = False,
) -> list[Rule]:
    """The prizes in the usual order: the places, age groups, rank groups, women, the
    organiser's categories, then the special prizes.  ``None`` means "when the players give
    a reason": women when some are, categories when some have one, the youngest and the
    oldest when dates of birth are known, the newcomer when some players have a rating and
    some have none, the prizes for wins unless the event is a ``knockout`` (its wins are how
    far each went: a play-off trial's «больше всех побед» went to the fourth place)."""
    players = list(field.tournament.players.values())
    by_category = any(row.in_category for row in field.standings.rows)  # the places are each category's
    rules = category_place_rules(field, places) if by_category else place_rules(field, places)
    for under in ages:
        rules += age_rules(field, under)
    for weakest, strongest in ranks:
        rules += rank_rules(field, weakest, strongest)
    if women if women is not None else any(p.sex == "f" for p in players):
        rules += women_rules(field)
    if categories if categories is not None else any(p.category for p in players):
        rules += category_rules(field)
    if specials is None:
        specials = [
            name
            for name in SPECIALS
            if (name not in ("youngest", "oldest") or any(p.birth for p in players))
            and (name != "best_newcomer" or newcomers_apart(players))
            and not (knockout and name in _NOTHING)
        ]
    return rules + special_rules(field, specials)


WORDS = {
    "most_wins": "most wins",
    "longest_streak": "longest winning streak",
    "wins_over_stronger": "most wins over higher-rated players",
    "youngest": "the youngest",
    "oldest": "the oldest",
    "best_newcomer": "the best newcomer",
    "women": "women",
}
"""The prizes in words; ``prize_name`` passes each phrase to the caller's translation."""


VALUE_PHRASES = {
    "most_wins": "wins: {value}",
    "wins_over_stronger": "wins: {value}",
    "longest_streak": "in a row: {value}",
    "youngest": "age: {value}",
    "oldest": "age: {value}",
}
"""What decides each special prize, said with its value; any other prize is decided by a place."""


def prize_value(name: str, value: str, say: Callable[[str], str]) -> str:
    """What decided prize ``name`` in words («побед: 4», «лет: 11», «место: 5»), each English
    phrase through ``say``; an overall place's prize says nothing its title does not (a trial
    read «1 место … 1», and a bare «4» beside «больше всех побед»)."""
    if not value or name.isdigit() or name.startswith("CAT "):  # a category's place: its title says it
        return ""
    return say(VALUE_PHRASES.get(name, "place: {value}")).format(value=value)


def prize_name(name: str, say: Callable[[str], str]) -> str:
    """A prize as people say it: ``1`` → "place 1", ``under 12: 2`` → "under 12: place 2",
    ``most_wins`` → "most wins" — each English phrase through ``say`` (a translation)."""
    if name.isdigit():
        return say("place {n}").format(n=name)
    if ": " in name:
        group, place = name.rsplit(": ", 1)
        if group.startswith("under ") and group[6:].isdigit():
            group = say("under {n}").format(n=group[6:])
        elif group.startswith("CAT ") and group[4:].isdigit():  # OpenGotha's category (``category_place_rules``)
            group = say("category {n}").format(n=group[4:])
        else:
            group = say(WORDS[group]) if group in WORDS else group
        return f"{group}: {say('place {n}').format(n=place)}"
    return say(WORDS.get(name, name))
