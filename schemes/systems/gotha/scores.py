"""McMahon and Swiss scores and placement criteria, as OpenGotha 3.51 computes them.

OpenGotha keeps every score doubled (``…X2``; SODOS quadrupled) and per round, counted
from 0, for every round of the event; ``value(criterion, r)`` is the score after round
``r`` (``r = -1``: before the first).  The formulas, including their corners, follow
``Tournament.fillBaseScoringInfoIfNecessary`` (spec: mcmahon.md):

- absences and byes add ``gen…2ValueAbsent/Bye`` to every later round, rounded down to
  whole points when ``genRoundDownNBWMMS``; a player present but on no board ("not
  assigned": not yet confirmed, or left out of a round OpenGotha's file recorded) gets
  nothing;
- a player's SOS counts each opponent's score after round ``r`` (not after the game), a
  bye or absence his own start score (MMS) or nothing (NBW); the handicap of a game
  moves the opponent's MMS by one point per stone, as OpenGotha does;
- SOSM-1/-2 stay 0 until the third round (OpenGotha fills them from there on).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cmp_to_key
from typing import TYPE_CHECKING, NamedTuple

from schemes.algorithms.java_hash import bucket, capacity
from schemes.algorithms.java_sort import java_order
from schemes.state.model import (
    BLACK_BY_FORFEIT,
    BLACK_WINS,
    BOTH_WIN,
    BOTH_WIN_BY_FORFEIT,
    DRAW,
    DRAW_BY_FORFEIT,
    PLAYED,
    WHITE_BY_FORFEIT,
    WHITE_WINS,
    Tournament,
    as_played,
)
from schemes.systems.gotha.rules import Rules

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Ints = NDArray[np.int64]


def jdiv(a: int, b: int) -> int:
    """Java's integer division (toward zero), which OpenGotha's formulas use."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class Part(Enum):
    """A player's round, as OpenGotha records participation."""

    ABSENT = 0
    NOT_ASSIGNED = 1
    BYE = 2
    PAIRED = 3


@dataclass(frozen=True)
class Entrant:
    """A player as OpenGotha's pairing sees him."""

    id: int
    surname: str
    name: str
    rank: int
    """OpenGotha's rank: 30K = -30, 1D = 0."""
    rating: int
    smms_correction: int = 0
    club: str = ""
    country: str = ""


class Seat(NamedTuple):
    """One player's game of a round: OpenGotha's ``Game`` seen from his side (a tuple: two
    of them a board, every round of every pairing, made faster than a frozen dataclass)."""

    opponent: int
    white: bool
    handicap: int
    result: str | None
    """Tengen's result code with colours as played, None while unknown."""


_POINTS_X2: dict[str | None, tuple[int, int]] = {
    WHITE_WINS: (2, 0), WHITE_BY_FORFEIT: (2, 0), BLACK_WINS: (0, 2), BLACK_BY_FORFEIT: (0, 2),
    DRAW: (1, 1), DRAW_BY_FORFEIT: (1, 1), BOTH_WIN: (2, 2), BOTH_WIN_BY_FORFEIT: (2, 2),
}  # fmt: skip
"""Doubled points of white and of black for each result that gives any."""


def wx2(seat: Seat) -> int:
    """Doubled points of the game for this player (``getWX2``)."""
    white, black = _POINTS_X2.get(seat.result, (0, 0))
    return white if seat.white else black


def played(seat: Seat | None) -> bool:
    """Whether the game was really played (``gameWasPlayed``): a result given after a game,
    not by the referee without one, nor missing."""
    return seat is not None and seat.result in PLAYED


def category(entrant: Entrant, rules: Rules) -> int:
    """OpenGotha's category of a player (``Player.category``): the first whose lower limit
    his rank reaches, 0 the strongest."""
    for number, limit in enumerate(rules.category_limits):
        if entrant.rank >= limit:
            return number
    return len(rules.category_limits)


def smms(entrant: Entrant, rules: Rules) -> int:
    """McMahon start score: rank above the zero, clamped to floor and bar, plus the correction."""
    score = entrant.rank - rules.mm_zero
    score = max(score, rules.mm_floor - rules.mm_zero)
    score = min(score, rules.mm_bar - rules.mm_zero)
    return score + entrant.smms_correction


@dataclass
class Sheet:
    """Every score of one player, per round (index 0 = after round 1), doubled."""

    entrant: Entrant
    start: int
    parts: list[Part]
    seats: list[Seat | None]
    nbw: list[int] = field(default_factory=list)
    mms: list[int] = field(default_factory=list)
    others: list[list[Seat]] | None = None
    """His other games of each round, when an OpenGotha file seats him on several boards."""
    values: dict[str, list[int]] = field(default_factory=dict)
    """The other criteria read so far, each a value per round (``value`` brings the rest)."""
    category: int = 0
    """OpenGotha's category, 0 the strongest (one category: 0 for all)."""
    sdc: int = 0
    dc: int = 0
    field_scores: _Lists | None = field(default=None, repr=False, compare=False)
    """The whole field's scores this sheet's criteria are read from (None: all in ``values``)."""

    def value(self, criterion: str, r: int) -> int:
        """``getCritValue``: the criterion after round ``r`` (0-based; -1 = before round 1).
        The scores of a round come first: a sort reads them hundreds of thousands of times."""
        if r >= 0:
            if criterion == "MMS":
                return self.mms[r]
            if criterion == "NBW":
                return self.nbw[r]
            row = self.values.get(criterion)
            if row is not None:
                return row[r]
        if criterion == "NULL":
            return 0
        if criterion == "CAT":
            return -self.category
        if criterion == "Rank":
            return self.entrant.rank
        if criterion == "Rating":
            return self.entrant.rating
        if criterion == "SDC":
            return self.sdc
        if criterion == "DC":
            return self.dc
        if r < 0:
            return 2 * self.start if criterion in ("MMS", "STS") else 0
        if self.field_scores is None:
            raise KeyError(criterion)
        self.field_scores.fill(criterion)
        return self.values[criterion][r]


MAX_TABLES = 1000
"""OpenGotha's ``Gotha.MAX_NUMBER_OF_TABLES``: a game's key in its table of games is
round × 1000 + table."""


def seats(tournament: Tournament, total: int) -> tuple[dict[int, list[Seat | None]], dict[int, list[list[Seat]]]]:
    """Each player's game of each round, with colours as played — and the other games of a
    player an OpenGotha file seats on several boards of a round: OpenGotha adds their points
    but reads one game for everything else, the last its table of games walks to (its key
    round × 1000 + table, counted from 0, in a map of every game held — not the last board:
    54 of 500 boards of a 1,001-player file's next round differed)."""
    table: dict[int, list[Seat | None]] = {p: [None] * total for p in tournament.players}
    others: dict[int, list[list[Seat]]] = {}
    size = capacity(sum(len(played.boards) for played in tournament.rounds))
    for played_round in tournament.rounds[:total]:
        r = played_round.number - 1
        for board in sorted(played_round.boards, key=lambda b: bucket(r * MAX_TABLES + b.number - 1, size)):
            result = played_round.results.get(board.number)
            code = as_played(result.code, result.swapped) if result else None  # a Seat's result is as played
            white, black = (board.black, board.white) if result and result.swapped else (board.white, board.black)
            for me, seat in (
                (white, Seat(black, True, board.handicap, code)),
                (black, Seat(white, False, board.handicap, code)),
            ):
                earlier = table[me][r]
                if earlier is not None:
                    others.setdefault(me, [[] for _ in range(total)])[r].append(earlier)
                table[me][r] = seat
    return table, others


def participation(tournament: Tournament, player: int, total: int, seat_list: Sequence[Seat | None]) -> list[Part]:
    """OpenGotha's participation of each round: paired, bye, absent (a skip, a round before
    he joined or after he withdrew), or not assigned (a round not paired yet, a player not
    yet confirmed, one an OpenGotha file left out)."""
    person = tournament.players[player]
    parts = []
    for r in range(total):
        number = r + 1
        played_round = tournament.round(number)
        if seat_list[r] is not None:
            parts.append(Part.PAIRED)
        elif played_round is not None and player in played_round.byes:
            parts.append(Part.BYE)
        elif person.absent_from(number):
            parts.append(Part.ABSENT)
        else:
            parts.append(Part.NOT_ASSIGNED)
    return parts


class _Field:
    """The games of every player as arrays, rows in the order of the sheets, a column per
    round: what the sums over opponents read, so that each round of them is a few array
    operations over the whole field instead of a Python loop per player and earlier round
    (the square of the rounds times the players: a third of a second at 1,000 players)."""

    def __init__(self, sheets: Sequence[Sheet], total: int, rules: Rules) -> None:
        import numpy as np

        row = {sheet.entrant.id: i for i, sheet in enumerate(sheets)}
        shape = (len(sheets), total)
        cells = len(sheets) * total
        # filled as flat Python lists, made arrays once: setting numpy's items one at a time
        # cost ten times the loop itself (a twentieth of a second at 1,000 players)
        opponent, paired, real, points = [0] * cells, [False] * cells, [0] * cells, [0] * cells
        all_points, played_points, unplayed = [0] * cells, [0] * cells, [0] * cells
        extra_nbw, extra_mms = [0] * cells, [0] * cells
        for i, sheet in enumerate(sheets):
            for r in range(total):
                k, seat = i * total + r, sheet.seats[r]
                won = 0 if seat is None else wx2(seat)
                real_game = played(seat)
                all_points[k], played_points[k], unplayed[k] = won, won if real_game else 0, not real_game
                for other in sheet.others[r] if sheet.others else ():
                    all_points[k] += wx2(other)
                    played_points[k] += wx2(other) if played(other) else 0
                part = sheet.parts[r]
                if part == Part.ABSENT:
                    extra_nbw[k], extra_mms[k] = rules.nbw2_absent, rules.mms2_absent
                elif part == Part.BYE:
                    extra_nbw[k], extra_mms[k] = rules.nbw2_bye, rules.mms2_bye
                elif seat is not None and part == Part.PAIRED:
                    paired[k] = True
                    opponent[k] = row[seat.opponent]
                    points[k] = won
                    real[k] = seat.handicap if seat.white else -seat.handicap

        def array(values: list[int] | list[bool], kind: type = np.int64) -> Ints:
            return np.array(values, dtype=kind).reshape(shape)

        self.opponent = array(opponent)
        """The opponent's row (0 where there is none: read only under ``paired``)."""
        self.paired = array(paired, bool)
        """Paired, with a game on the board (OpenGotha's ``PAIRED`` participation)."""
        self.real = array(real)
        """The handicap as it favoured the opponent: his stones where the player was white,
        negative where black."""
        self.points = array(points)
        """Doubled points of the game on the board (``wx2``)."""
        self.all_points = array(all_points)
        """Doubled points of every game of the round, the boards a file seats him on besides."""
        self.played_points = array(played_points)
        """The same, counting only games really played (the virtual scores)."""
        self.unplayed = array(unplayed)
        """1 where the game on the board was not really played (none, a forfeit…)."""
        self.extra_nbw = array(extra_nbw)
        self.extra_mms = array(extra_mms)
        """What an absence or a bye adds to the round's doubled NBW and MMS (then to every
        later round's)."""
        self.start = np.array([2 * sheet.start for sheet in sheets], dtype=np.int64).reshape(len(sheets), 1)
        """The doubled start score (MMS before the first round), a column."""
        self.rank = np.array([sheet.entrant.rank for sheet in sheets], dtype=np.int64)


class _Lists:
    """Each criterion's scores of the whole field, made Python lists in the sheets'
    ``values`` when one is first read: a pairing or a table reads a few of the twenty, and
    making lists of them all cost more than computing them."""

    def __init__(self, sheets: Sequence[Sheet], matrices: Mapping[str, Ints]) -> None:
        self.sheets = sheets
        self.matrices = matrices

    def fill(self, name: str) -> None:
        for sheet, row in zip(self.sheets, self.matrices[name].tolist(), strict=True):
            sheet.values[name] = row


def _without_worst(scores: Ints, r: int) -> tuple[Ints, Ints]:
    """SOS-1 and SOS-2 after round ``r`` from the opponents' scores of each round (a row per
    player, rounds up to ``r``), as OpenGotha drops the lowest (the first lowest, then the
    first lowest of the others)."""
    import numpy as np

    rows = np.arange(scores.shape[0])
    if r == 0:
        return np.zeros_like(rows), np.zeros_like(rows)
    if r == 1:
        return scores.max(axis=1), np.zeros_like(rows)
    low = scores.argmin(axis=1)
    minus1 = scores.sum(axis=1) - scores[rows, low]
    rest = scores.copy()
    rest[rows, low] = np.iinfo(np.int64).max
    return minus1, minus1 - scores[rows, rest.argmin(axis=1)]


def score_sheets(
    tournament: Tournament, entrants: Mapping[int, Entrant], rules: Rules, scored: int | None = None
) -> dict[int, Sheet]:
    """Every player's scores after each round of the event, or of its first ``scored`` rounds
    only: a score after round r reads only rounds up to r, so the first rounds' values are the
    same, and the opponents' sums cost the square of the rounds scored.

    The scores are computed as arrays over the whole field (``_Field``), each criterion's
    formula below in OpenGotha's terms:

    - NBW and MMS add each round's doubled points (every game of the round) and what
      absences and byes brought so far; the virtual variant counts only games really played,
      and half a point for every round without one;
    - CPS doubles what it had before each round, then adds the round's points;
    - STS: MMS, and 2 points more from the quarter-final on for a top-group player who won
      every game so far (the highest MMS possible), 2 more from the semi-final;
    - each opponent's score after round r (NBW or MMS, moved by the handicap for MMS and
      STS; a round without an opponent counts the player's own start score, or nothing for
      NBW) summed over the rounds played: SOS, SOS-1, SOS-2 (SOSM-1/-2 from the third round),
      SODOS (times the points won against him), SOSTS, then SOSOS over the opponents' SOS;
    - CUSS sums the player's own scores of the rounds so far;
    - EXT and EXR (the "exploits" of a Swiss by categories): each game's opponent's NBW times
      how much the handicap played favoured the opponent over the ranks' (0 to 3), EXR
      counting the games won only.
    """
    import numpy as np

    total = max(rules.rounds, tournament.paired_rounds)
    if scored is not None:
        total = min(total, scored)
    games, others = seats(tournament, total)
    sheets = {
        p: Sheet(
            e,
            smms(e, rules),
            participation(tournament, p, total, games[p]),
            games[p],
            others=others.get(p),
            category=category(e, rules),
        )
        for p, e in entrants.items()
    }
    rows = list(sheets.values())
    f = _Field(rows, total, rules)
    extra_nbw, extra_mms = np.cumsum(f.extra_nbw, axis=1), np.cumsum(f.extra_mms, axis=1)
    if rules.round_down:
        extra_nbw, extra_mms = extra_nbw // 2 * 2, extra_mms // 2 * 2
    points = np.cumsum(f.all_points, axis=1)
    nbw = points + extra_nbw
    mms = points + extra_mms + f.start
    cps = np.zeros_like(points)
    for r in range(total):
        cps[:, r] = (2 * cps[:, r - 1] if r else 0) + f.all_points[:, r]
    cps += extra_nbw
    virtual = np.cumsum(f.played_points + f.unplayed, axis=1)
    nbw_virtual, mms_virtual = virtual, virtual + f.start
    sts = mms.copy()
    last = rules.rounds
    for first in (last - 3, last - 2):
        if 0 <= first < total:
            top = mms[:, first] == 2 * (30 + rules.mm_bar + first + 1)
            sts[top, first : min(last, total)] += 4

    by_wins_of, by_mms_of = (nbw_virtual, mms_virtual) if rules.virtual else (nbw, mms)
    named = ("SOSW", "SOSWM1", "SOSWM2", "SODOSW", "SOSM", "SOSMM1", "SOSMM2", "SODOSM", "SOSTS", "SOSOSW",
             "SOSOSM", "EXT", "EXR")  # fmt: skip
    sums = {name: np.zeros_like(points) for name in named}
    for r in range(total):
        paired, opponent, real = f.paired[:, : r + 1], f.opponent[:, : r + 1], f.real[:, : r + 1]
        points_won, moved = f.points[:, : r + 1], 2 * real  # black's MMS counts his stones for white
        by_wins = np.where(paired, by_wins_of[opponent, r], 0)
        by_mms = np.where(paired, by_mms_of[opponent, r] + moved, f.start)
        opponent_sts = 0 if rules.virtual else sts[opponent, r]  # OpenGotha has no virtual STS
        sums["SOSW"][:, r] = by_wins.sum(axis=1)
        sums["SOSM"][:, r] = by_mms.sum(axis=1)
        sums["SOSTS"][:, r] = np.where(paired, opponent_sts + moved, f.start).sum(axis=1)
        sums["SODOSW"][:, r] = (by_wins * points_won).sum(axis=1)
        sums["SODOSM"][:, r] = np.where(paired, by_mms * points_won, 0).sum(axis=1)
        sums["SOSWM1"][:, r], sums["SOSWM2"][:, r] = _without_worst(by_wins, r)
        if r >= 2:
            sums["SOSMM1"][:, r], sums["SOSMM2"][:, r] = _without_worst(by_mms, r)
        gap = real - (f.rank[:, None] - f.rank[opponent])  # the handicap played over the ranks'
        tried = np.where(paired & (gap >= 0), nbw[opponent, r] * np.minimum(gap + 1, 3), 0)
        sums["EXT"][:, r] = tried.sum(axis=1)
        sums["EXR"][:, r] = np.where(points_won == 2, tried, 0).sum(axis=1)
    for r in range(total):
        opponent, paired = f.opponent[:, : r + 1], f.paired[:, : r + 1]
        sums["SOSOSW"][:, r] = np.where(paired, sums["SOSW"][opponent, r], 0).sum(axis=1)
        sums["SOSOSM"][:, r] = np.where(paired, sums["SOSM"][opponent, r], f.start * (r + 1)).sum(axis=1)
    lists = _Lists(
        rows, {"CPS": cps, "STS": sts, "CUSSW": np.cumsum(nbw, axis=1), "CUSSM": np.cumsum(mms, axis=1)} | sums
    )
    for sheet, nbw_row, mms_row in zip(rows, nbw.tolist(), mms.tolist(), strict=True):
        sheet.nbw, sheet.mms = nbw_row, mms_row
        sheet.field_scores = lists
    return sheets


def compare(criteria: Sequence[str], r: int) -> Callable[[Sheet], tuple[tuple[int, ...], bytes, bytes]]:
    """A sort key: better first by each criterion after round ``r``, then by surname and name
    in Java's order (``ScoredPlayerComparator``; a stable sort by this key places as its
    comparator does, every criterion being a number)."""

    def key(sheet: Sheet) -> tuple[tuple[int, ...], bytes, bytes]:
        worse = tuple(-sheet.value(c, r) for c in criteria)
        return worse, java_order(sheet.entrant.surname), java_order(sheet.entrant.name)

    return key


def ordered(sheets: Mapping[int, Sheet], criteria: Sequence[str], r: int) -> list[Sheet]:
    """The players in placement order after round ``r``, with SDC and DC filled for players
    equal on the criteria before them (``orderedScoredPlayersList``)."""
    players = list(sheets.values())
    for sheet in players:
        sheet.sdc = sheet.dc = 0
    direct = next((i for i, c in enumerate(criteria) if c in ("DC", "SDC")), None)
    if direct is not None:
        before = list(criteria[:direct])
        after_dc = list(criteria[criteria.index("DC") + 1 :]) if "DC" in criteria else []
        players.sort(key=compare(before, r))
        start = 0
        while start < len(players):
            end = start + 1
            values = [players[start].value(c, r) for c in before]
            while end < len(players) and [players[end].value(c, r) for c in before] == values:
                end += 1
            if end - start > 1:
                _direct_confrontation(players[start:end], r, after_dc)
            start = end
    players.sort(key=compare(criteria, r))
    return players


def _beat(group: Sequence[Sheet], r: int) -> set[tuple[int, int]]:
    """``(i, j)``: of the group, i won more of their played games (W+ or B+, no forfeits) than j."""
    position = {s.entrant.id: i for i, s in enumerate(group)}
    balance: dict[tuple[int, int], int] = {}
    for i, sheet in enumerate(group):
        for seat in sheet.seats[: r + 1]:
            if seat is None or seat.opponent not in position or seat.result not in (WHITE_WINS, BLACK_WINS):
                continue
            key = (i, position[seat.opponent])
            balance[key] = balance.get(key, 0) + (1 if wx2(seat) == 2 else -1)
    return {key for key, value in balance.items() if value > 0}


def _direct_confrontation(group: Sequence[Sheet], r: int, after_dc: Sequence[str]) -> None:
    """SDC: when every two of the group met with a decided balance, the number each beat.
    DC (OpenGotha's ``Confrontation``): the players ranked by who beat whom, a cycle of wins
    being one class that takes the wins and losses of all its members, ties broken toward
    the player lower by the criteria after DC."""
    n = len(group)
    beat = _beat(group, r)
    if all((i, j) in beat or (j, i) in beat for i in range(n) for j in range(n) if i != j):
        for i, sheet in enumerate(group):
            sheet.sdc = sum(1 for j in range(n) if (i, j) in beat)

    def later_criteria(i: int, j: int) -> int:
        return by_criteria(after_dc, r, group[i], group[j])

    order = sorted(range(n), key=cmp_to_key(later_criteria))
    place = [0] * n
    for k in range(1, n):
        same = by_criteria(after_dc, r, group[order[k]], group[order[k - 1]]) == 0
        place[order[k]] = place[order[k - 1]] if same else k
    score = [n - place[i] for i in range(n)]
    reach = [[(i, j) in beat for j in range(n)] for i in range(n)]  # i beat j: an edge j → i
    for k in range(n):
        for i in range(n):
            if reach[i][k]:
                for j in range(n):
                    if reach[k][j]:
                        reach[i][j] = True
    cls = [min(j for j in range(n) if j == i or (reach[i][j] and reach[j][i])) for i in range(n)]
    wins = {i: {loser for winner, loser in beat if cls[winner] == cls[i] and cls[loser] != cls[i]} for i in range(n)}
    left = set(range(n))
    rank = [0] * n
    while left:
        bottom = [i for i in left if not (wins[i] & left)]  # the classes make the graph acyclic
        lowest = min(score[i] for i in bottom)
        chosen = [i for i in bottom if score[i] == lowest]
        for i in chosen:
            rank[i] = 1 + len(left) - len(chosen)
        left -= set(chosen)
    top = max(rank)
    for i, sheet in enumerate(group):
        sheet.dc = top - rank[i]


def by_criteria(criteria: Sequence[str], r: int, a: Sheet, b: Sheet) -> int:
    """-1 when ``a`` is placed before ``b`` by the criteria after round ``r``, 1 after, 0 equal."""
    for criterion in criteria:
        va, vb = a.value(criterion, r), b.value(criterion, r)
        if va != vb:
            return -1 if va > vb else 1
    return 0
