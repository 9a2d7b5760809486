"""McMahon and Swiss, paired exactly as OpenGotha 3.51 pairs them (spec: mcmahon.md).

One scheme class, two instances: OpenGotha itself tells McMahon from Swiss only by its
main score (MMS or NBW), and every rule below is shared.  A round is what OpenGotha's Pair
button does: the bye first (odd field, ``chooseAByePlayer``), the field in OpenGotha's
order split into groups when over 600 (``makeAutomaticPairing``), each group matched by
Gabow's algorithm over ``costs`` as OpenGotha matches it (``schemes.algorithms.matching.gabow``), colours
and handicap by ``gameBetween``, tables by ``renumberTablesByBestScoreThenRating`` with
Java's sort.  So a referee comparing the two programs sees the very same boards.
``exactWholeField=true`` matches the whole field exactly instead (not OpenGotha's boards).

The costs (numpy) and the matchers (numba) are imported when a round is paired or weighed,
not when the command line starts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cmp_to_key
from typing import TYPE_CHECKING

from schemes.algorithms.java_case import java_upper
from schemes.algorithms.java_sort import ContractViolation, java_sort
from schemes.base.scheme import Pairing, PairingError, Param, Recorded, Row, Standings, Traits
from schemes.errors import RepeatNeeded
from schemes.state.model import Board, Player, Round, Tournament
from schemes.systems.gotha.rules import MCMAHON_PARAMS, SWISS_PARAMS, TURKISH, Rules, og_rank, rules
from schemes.systems.gotha.scores import Entrant, Sheet, jdiv, ordered, score_sheets
from schemes.values.places import place_label

if TYPE_CHECKING:
    from schemes.systems.gotha.costs import Field

HANDICAP_KOMI = 0.5
REPORTED = ("NBW", "MMS", "SOSW", "SOSWM1", "SOSWM2", "SODOSW", "SOSOSW", "CUSSW", "SOSM", "SOSMM1", "SOSMM2",
            "SODOSM", "SOSOSM", "CUSSM", "Rank", "Rating", "SDC", "DC", "CAT", "CPS", "STS", "SOSTS", "EXT",
            "EXR")  # fmt: skip
"""Every criterion ``standings --json`` carries (the chosen ones decide and are printed)."""


def opengotha_key(surname: str, name: str, turkish: bool = False) -> str:
    """OpenGotha's key of a player (``Player.getKeyString``): surname and first name without
    spaces, in upper case — how its files name the players of a game; ``turkish``, as a
    Turkish machine's OpenGotha makes it (``İ``)."""
    return java_upper((surname + name).replace(" ", ""), turkish)


def opengotha_names(tournament: Tournament) -> dict[int, tuple[str, str]]:
    """Each player's surname and first name as OpenGotha holds them — what its random
    numbers and its order of equals read.  OpenGotha needs both (an empty one is ``-``) and
    keeps one player of a key: a later player whose key an earlier one has is ``Name (2)``,
    ``Name (3)``…, so that an exported file keeps him and pairs as Tengen pairs."""
    names: dict[int, tuple[str, str]] = {}
    taken: set[str] = set()
    turkish = bool(tournament.settings.params.get(TURKISH, False))  # its keys: «Yılmaz» and «Yilmaz» two
    for player in sorted(tournament.players.values(), key=lambda p: p.id):
        surname, name = player.surname or "-", player.name or "-"
        written, count = name, 1
        while opengotha_key(surname, written, turkish) in taken:
            count += 1
            written = f"{name} ({count})"
        taken.add(opengotha_key(surname, written, turkish))
        names[player.id] = (surname, written)
    return names


def entrant(player: Player, names: Mapping[int, tuple[str, str]]) -> Entrant:
    """A Tengen player as OpenGotha's pairing sees him."""
    surname, name = names[player.id]
    rating = player.sort_rating
    return Entrant(player.id, surname, name, og_rank(player.rank), rating, player.smms, player.club, player.country)


def _rules(tournament: Tournament, upto: int) -> Rules:
    return rules(tournament.settings.params, tournament.settings.rounds or max(upto, tournament.paired_rounds, 1))


def sheets_after(tournament: Tournament, after_round: int) -> tuple[Rules, dict[int, Sheet]]:
    """The rules and every player's scores with the games up to ``after_round`` (0 = none),
    scored up to the round after it (what pairing it and numbering its tables read)."""
    the_rules = _rules(tournament, after_round)
    names = opengotha_names(tournament)
    entrants = {p.id: entrant(p, names) for p in tournament.players.values()}
    earlier = replace(tournament, rounds=tournament.rounds[:after_round])
    return the_rules, score_sheets(earlier, entrants, the_rules, after_round + 1)


def to_pair(tournament: Tournament, number: int, sheets: Mapping[int, Sheet], the_rules: Rules) -> list[int]:
    """Who round ``number`` pairs, in OpenGotha's order: the available players by standing
    before the round (this order decides ``detRandom``'s colours and the weights files' lines)."""
    available = {p.id for p in tournament.players.values() if p.available_in(number)}
    return [s.entrant.id for s in ordered(sheets, the_rules.criteria, number - 2) if s.entrant.id in available]


def weighed_players(tournament: Tournament, number: int, sheets: Mapping[int, Sheet], the_rules: Rules) -> list[int]:
    """Who round ``number`` matches, in OpenGotha's order: those it pairs without its bye —
    the one it has, or the one OpenGotha would give an odd field of a round still to pair.
    OpenGotha's weights leave him out (a trial was offered the bye's player as a better
    opponent, and 820 pairs where OpenGotha lists 780)."""
    players = to_pair(tournament, number, sheets, the_rules)
    played = tournament.round(number)
    byes = played.byes if played is not None else the_bye(tournament, number, players, sheets)
    return [p for p in players if p not in byes]


def field_for(tournament: Tournament, number: int, players: Sequence[int] | None = None) -> Field:
    """What the costs of round ``number`` read, for ``players`` (default: everyone it matches)."""
    from schemes.systems.gotha.costs import weigh_field

    the_rules, sheets = sheets_after(tournament, number - 1)
    chosen = weighed_players(tournament, number, sheets, the_rules) if players is None else players
    return weigh_field(sheets, the_rules, number - 1, chosen)


@dataclass(frozen=True)
class Weighed:
    """One pair and its cost components (``pairing weights``)."""

    a: int
    b: int
    costs: Mapping[str, int]


def weights(tournament: Tournament, number: int) -> list[Weighed]:
    """Every pair of players available in round ``number`` and their costs as computed before
    it, in the order of OpenGotha's weights files (players by standing before the round)."""
    import numpy as np

    from schemes.systems.gotha.costs import cost_components

    f = field_for(tournament, number)
    n = len(f.ids)
    a, b = np.triu_indices(n, k=1)
    rows = cost_components(f, a.astype(np.int64), b.astype(np.int64))
    return [Weighed(f.ids[i], f.ids[j], row) for i, j, row in zip(a.tolist(), b.tolist(), rows, strict=True)]


@dataclass(frozen=True)
class Why:
    """Why two players meet (or would): their pair's costs against each one's best other
    partner in the same round ("why this opponent")."""

    pair: Weighed
    best_for_a: Weighed | None
    best_for_b: Weighed | None


def why(tournament: Tournament, number: int, a: int, b: int) -> Why:
    """The costs of ``a``–``b`` in round ``number`` and, for each, the partner he would rather
    have by OpenGotha's weights (None when the round has no one else)."""
    import numpy as np

    from schemes.systems.gotha.costs import cost_components

    the_rules, sheets = sheets_after(tournament, number - 1)
    players = weighed_players(tournament, number, sheets, the_rules)
    players += [p for p in (a, b) if p not in players]
    f = field_for(tournament, number, players)
    index = {p: i for i, p in enumerate(f.ids)}

    def weighed(x: int, others: list[int]) -> list[Weighed]:
        firsts = [min(index[x], index[o]) for o in others]
        seconds = [max(index[x], index[o]) for o in others]
        rows = cost_components(f, np.array(firsts, dtype=np.int64), np.array(seconds, dtype=np.int64))
        return [Weighed(x, o, row) for o, row in zip(others, rows, strict=True)]

    def best(x: int) -> Weighed | None:
        others = [p for p in f.ids if p not in (a, b)]
        options = weighed(x, others) if others else []
        return max(options, key=lambda w: w.costs["totalCost"], default=None)

    return Why(weighed(a, [b])[0], best(a), best(b))


def the_bye(
    tournament: Tournament, number: int, players: Sequence[int], sheets: Mapping[int, Sheet]
) -> tuple[int, ...]:
    """The bye OpenGotha gives when round ``number`` pairs ``players``: one for an odd field."""
    return (choose_bye(tournament, number, players, sheets),) if len(players) % 2 else ()


def choose_bye(tournament: Tournament, number: int, players: Sequence[int], sheets: Mapping[int, Sheet]) -> int:
    """OpenGotha 3.51's bye (``chooseAByePlayer``): the lowest rank plus doubled MMS, 1000 more
    per earlier bye; of equals, the last in order."""
    from schemes.systems.gotha.costs import bye_weight

    best, best_weight = players[-1], None
    for player in players:
        earlier = sum(1 for r in tournament.rounds[: number - 1] if player in r.byes)
        weight = bye_weight(sheets[player], number - 1, earlier)
        if best_weight is None or weight <= best_weight:
            best, best_weight = player, weight
    return best


GROUP_MAX, GROUP_MIN = 600, 200
"""OpenGotha pairs a field of more than ``GROUP_MAX`` in groups of ``GROUP_MIN`` to ``GROUP_MAX``
(``Pairing.PAIRING_GROUP_MAX_SIZE``/``MIN_SIZE``)."""


def split(players: Sequence[int], sheets: Mapping[int, Sheet], the_rules: Rules, round_index: int) -> list[list[int]]:
    """The groups OpenGotha pairs one by one (``makeAutomaticPairing``): while more than
    ``GROUP_MAX`` are left, a group is taken category by category, from the top score down,
    in the players' order, until it holds an even ``GROUP_MIN`` or more by the end of a
    score, or ``GROUP_MAX``, or only ``GROUP_MIN`` are left; the rest is the last group."""
    from schemes.systems.gotha.costs import score_range

    low, high = score_range(the_rules, round_index, cup=False)
    remaining = list(players)
    groups = []
    while len(remaining) > GROUP_MAX:
        group: list[int] = []
        ready = False
        for cat in range(the_rules.categories):
            for score in range(high, low - 1, -1):
                k = 0
                while k < len(remaining):
                    sheet = sheets[remaining[k]]
                    if sheet.category > cat or jdiv(sheet.value(the_rules.main, round_index - 1), 2) < score:
                        k += 1
                        continue
                    group.append(remaining.pop(k))
                    if len(group) >= GROUP_MAX or len(remaining) <= GROUP_MIN:
                        ready = True
                        break
                if ready or (len(group) >= GROUP_MIN and len(group) % 2 == 0):
                    ready = True
                    break
            if ready:
                break
        groups.append(group)
    return [*groups, remaining]


def _matchings(fields: Sequence[Field], the_rules: Rules, rng: random.Random) -> list[list[tuple[int, int]]]:
    """The pairs ``(i, j)``, ``i < j``, of each group weighed in ``fields``: by Gabow's
    algorithm as OpenGotha matches (its ties broken as OpenGotha's are), or, with
    ``exactWholeField``, by Tengen's exact matcher.  The groups of a split field do not
    depend on each other, so they are matched at once (the compiled matcher lets go of
    the interpreter): the same pairs, sooner on a machine with more than one core."""
    from concurrent.futures import ThreadPoolExecutor

    from schemes.systems.gotha.costs import cost_matrix

    weights = [cost_matrix(f) for f in fields]
    if not the_rules.deterministic:
        for weight in weights:
            for i in range(len(weight)):
                for j in range(i + 1, len(weight)):
                    weight[i, j] += rng.randint(0, the_rules.random)
                    weight[j, i] = weight[i, j]
    if the_rules.exact_whole_field:
        from schemes.algorithms.matching.weighted import max_weight_perfect_matching

        return [max_weight_perfect_matching(weight) for weight in weights]
    from schemes.algorithms.matching.gabow import gabow_matching

    if len(weights) == 1:
        return [gabow_matching(weights[0])]
    biggest_first = sorted(range(len(weights)), key=lambda k: -len(weights[k]))
    with ThreadPoolExecutor(max_workers=len(weights)) as pool:
        done = dict(zip(biggest_first, pool.map(gabow_matching, [weights[k] for k in biggest_first]), strict=True))
    return [done[k] for k in range(len(weights))]


def _tables(sheets: Mapping[int, Sheet], the_rules: Rules, index: int, boards: list[Board]) -> list[Board]:
    """Tables in OpenGotha's order (``renumberTablesByBestScoreThenRating``): by the placement
    of the board's player OpenGotha compares — which is the weaker of the two when they differ
    (its comparator's sign), else the higher-rated — then by that player's rating."""

    def placed(sheet: Sheet) -> tuple[tuple[int, ...], int]:
        """The player's criteria, compared as tuples (``by_criteria``: the first that
        differs, higher placed first), and his rating."""
        return tuple(sheet.value(c, index) for c in the_rules.criteria), sheet.entrant.rating

    def best(board: Board) -> tuple[tuple[int, ...], int]:
        w, b = placed(sheets[board.white]), placed(sheets[board.black])
        if w[0] == b[0]:
            return b if w[1] < b[1] else w
        return b if w[0] > b[0] else w

    # each board's compared player once, not twice per comparison (Java's sort compares a
    # board some 2 log n times)
    compared = [best(board) for board in boards]

    def cmp(x: int, y: int) -> int:
        (vx, rx), (vy, ry) = compared[x], compared[y]
        if vx == vy:
            return -1 if rx > ry else 1
        return -1 if vx > vy else 1

    order = list(range(len(boards)))
    try:
        order = java_sort(order, cmp)
    except ContractViolation:  # Java's sort gives up on this comparator (OpenGotha's Pair would fail): a stable sort
        order = sorted(order, key=cmp_to_key(cmp))
    return [replace(boards[k], number=n) for n, k in enumerate(order, start=1)]


def _boards(
    tournament: Tournament,
    number: int,
    the_rules: Rules,
    sheets: Mapping[int, Sheet],
    players: Sequence[int],
    rng: random.Random,
    allow_repeats: bool,
) -> list[Board]:
    """The games of ``players`` (an even field, in OpenGotha's order, its bye left out) as
    ``makeAutomaticPairing`` makes them: in groups past 600, each matched, colours and
    handicap by ``gameBetween``; numbered 0, the tables are ordered afterwards."""
    import numpy as np

    from schemes.systems.gotha.costs import a_takes_white, handicap, weigh_field

    groups = [list(players)] if the_rules.exact_whole_field else split(players, sheets, the_rules, number - 1)
    boards = []
    fields = [weigh_field(sheets, the_rules, number - 1, group) for group in groups]
    for group, f, pairs in zip(groups, fields, _matchings(fields, the_rules, rng), strict=True):
        if not allow_repeats and any(f.met(i, j) for i, j in pairs):
            raise RepeatNeeded(round=number)
        first = np.array([i for i, _ in pairs], dtype=np.int64)
        second = np.array([j for _, j in pairs], dtype=np.int64)
        white_first = a_takes_white(f, first, second).tolist()
        stones = np.abs(handicap(f, first, second)).tolist()
        komi = tournament.settings.komi
        boards += [
            Board(0, group[i] if w else group[j], group[j] if w else group[i], h, komi if h == 0 else HANDICAP_KOMI)
            for (i, j), w, h in zip(pairs, white_first, stones, strict=True)
        ]
    return boards


def _counting_the_bye(tournament: Tournament, number: int, bye: int) -> tuple[Rules, dict[int, Sheet]]:
    """The scores round ``number`` is paired with when the referee gave its bye before
    pairing: OpenGotha's Bye button marks the tournament changed, so its scores are counted
    again with the bye in the round (and nobody seated yet) — which moves the tables' order
    (the bye's opponents' SOS) — while the bye it chooses itself at Pair is not counted."""
    provisional = Round(number, (), (bye,), as_recorded=True)  # the others not assigned yet
    return sheets_after(replace(tournament, rounds=(*tournament.rounds[: number - 1], provisional)), number)


@dataclass(frozen=True)
class Gotha:
    """McMahon or Swiss by OpenGotha's rules; ``params`` holds OpenGotha's defaults for it."""

    name: str
    params: Sequence[Param]
    score_name: str
    traits: Traits = Traits(
        late_entry=True,
        rounds_required=True,
        params_editable=True,
        chooses_byes=True,
        pairs_early=True,
        confirms_players=True,
        opengotha=True,
        compiles=True,
    )
    recorded: Sequence[Recorded] = ()

    def total_rounds(self, tournament: Tournament) -> int | None:
        return tournament.settings.rounds

    def pair(
        self,
        tournament: Tournament,
        number: int,
        rng: random.Random,
        order: Sequence[int] | None,
        allow_repeats: bool = False,
        bye: int | None = None,
    ) -> Pairing:
        if bye is None:
            the_rules, sheets = sheets_after(tournament, number - 1)
        else:
            the_rules, sheets = _counting_the_bye(tournament, number, bye)
        players = to_pair(tournament, number, sheets, the_rules)
        if not players:
            raise PairingError("round {round}: nobody to pair", round=number)
        byes = (bye,) if bye is not None else the_bye(tournament, number, players, sheets)
        boards = _boards(
            tournament, number, the_rules, sheets, [p for p in players if p not in byes], rng, allow_repeats
        )
        numbering = None
        if not tournament.numbers:
            numbering = tuple(sorted(p.id for p in tournament.players.values() if not p.withdrawn_by(1)))
        return Pairing(tuple(_tables(sheets, the_rules, number - 1, boards)), byes, numbering)

    def pair_rest(self, state: Tournament, number: int, rng: random.Random, repeats: bool, bye: int | None) -> Pairing:
        """As OpenGotha's Pair does with the rows left unpaired: the scores counted with the
        round's boards in it (results and all: OpenGotha counts the games it holds when it
        pairs), and its bye too where the referee gave one before Pair (``_counting_the_bye``);
        the new boards ordered as its tables are, then given the first free numbers
        (``renumberTablesByBestScoreThenRating`` over the new games alone)."""
        played = state.rounds[number - 1]
        the_rules, sheets, players = self._rest(state, number, bye)
        byes: tuple[int, ...] = (bye,) if bye is not None else ()
        if bye is None and len(players) % 2:
            if played.byes:  # OpenGotha's Pair: «Please, select an even number of players»
                raise PairingError(
                    "round {round} has its bye already, and {count:player|players} on no board: an odd number "
                    "cannot all be paired; mark one of them as skipping round {round}",
                    round=number,
                    count=len(players),
                )
            byes = the_bye(state, number, players, sheets)
        boards = _boards(state, number, the_rules, sheets, [p for p in players if p not in byes], rng, repeats)
        taken = {b.number for b in played.boards}
        free = (n for n in itertools.count(1) if n not in taken)
        tables = [replace(board, number=next(free)) for board in _tables(sheets, the_rules, number - 1, boards)]
        return Pairing(tuple(tables), byes)

    def rest_bye(self, state: Tournament, number: int) -> int | None:
        the_rules, sheets, players = self._rest(state, number, None)
        if len(players) % 2 == 0 or state.rounds[number - 1].byes:
            return None
        return the_bye(state, number, players, sheets)[0]

    @staticmethod
    def _rest(state: Tournament, number: int, bye: int | None) -> tuple[Rules, dict[int, Sheet], list[int]]:
        """The rules, the scores with round ``number``'s games and ``bye`` counted, and its
        players on no board, in the order OpenGotha pairs them."""
        played = state.rounds[number - 1]
        seated = {p for b in played.boards for p in (b.white, b.black)} | set(played.byes)
        now = replace(played, byes=(*played.byes, *(() if bye is None else (bye,))), as_recorded=True)
        the_rules, sheets = sheets_after(replace(state, rounds=(*state.rounds[: number - 1], now)), number)
        return the_rules, sheets, [p for p in to_pair(state, number, sheets, the_rules) if p not in seated]

    def default_bye(self, tournament: Tournament, number: int) -> int | None:
        the_rules, sheets = sheets_after(tournament, number - 1)
        byes = the_bye(tournament, number, to_pair(tournament, number, sheets, the_rules), sheets)
        return byes[0] if byes else None

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        import numpy as np

        from schemes.systems.gotha.costs import handicap

        f = field_for(tournament, round_number, [white, black])
        hd = int(handicap(f, np.array([0]), np.array([1]))[0])
        if hd == 0:
            return Board(board_number, white, black, 0, tournament.settings.komi)
        giver, taker = (white, black) if hd > 0 else (black, white)
        return Board(board_number, giver, taker, abs(hd), HANDICAP_KOMI)

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        the_rules, sheets = sheets_after(tournament, after_round)
        r = after_round - 1
        rows = [s for s in ordered(sheets, the_rules.criteria, r) if not tournament.never_entered(s.entrant.id)]
        values = [tuple(sheet.value(c, r) for c in the_rules.criteria) for sheet in rows]
        # the categories first (OpenGotha's ``catPositionStrings``): their places restart with each one; where
        # they come later, the players of each are spread through the table and the places run on
        by_category = the_rules.categories > 1 and next((c for c in the_rules.criteria if c != "NULL"), "") == "CAT"
        cat = the_rules.criteria.index("CAT") if by_category else 0
        out = []
        start = first_of_category = 0
        while start < len(rows):
            end = start
            while end < len(rows) and values[end] == values[start]:
                end += 1  # equal on every criterion: of one category where CAT is one
            if values[start][cat] != values[first_of_category][cat]:
                first_of_category = start
            label = place_label(start + 1, end)
            within = place_label(start + 1 - first_of_category, end - first_of_category) if by_category else ""
            for sheet in rows[start:end]:
                main = sheet.value(the_rules.main, r) / 2
                out.append(Row(label, sheet.entrant.id, main, Shown(sheet, r), within))
            start = end
        shown_criteria = tuple(c for c in the_rules.criteria if c not in (the_rules.main, "NULL"))
        return Standings(after_round, tuple(out), shown_criteria, tournament.settings.params["genNBW2ValueBye"] / 2)


class Shown(Mapping[str, float]):
    """A row's criteria (every one of ``REPORTED``) as people read them, each worked out when
    read: a printed table or the rating table reads a few of the 24 (at 1,000 players the
    other 22,000 values were a sixth of ``export rating``), ``standings --json`` all."""

    def __init__(self, sheet: Sheet, r: int) -> None:
        self._sheet = sheet
        self._r = r
        self._read: dict[str, float] = {}

    def __getitem__(self, criterion: str) -> float:
        value = self._read.get(criterion)
        if value is None:
            if criterion not in REPORTED:
                raise KeyError(criterion)
            value = self._read[criterion] = shown(self._sheet, criterion, self._r)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(REPORTED)

    def __len__(self) -> int:
        return len(REPORTED)

    def __repr__(self) -> str:
        return repr(dict(self))


def shown(sheet: Sheet, criterion: str, r: int) -> float:
    """A criterion as people read it (``ScoredPlayer.formatScore``): points (OpenGotha keeps
    them doubled, SODOS ×4), rank and rating as they are, the category counted from 1."""
    value = sheet.value(criterion, r)
    if criterion == "CAT":
        return 1 - value
    if criterion in ("Rank", "Rating", "SDC", "DC"):
        return value
    if criterion.startswith("SODOS"):
        return value / 4
    return value / 2


MCMAHON = Gotha("mcmahon", MCMAHON_PARAMS, "MMS")
SWISS = Gotha("swiss", SWISS_PARAMS, "NBW")
