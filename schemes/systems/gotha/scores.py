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
)
from schemes.systems.gotha.rules import Rules


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


@dataclass(frozen=True)
class Seat:
    """One player's game of a round: OpenGotha's ``Game`` seen from his side."""

    opponent: int
    white: bool
    handicap: int
    result: str | None
    """Tengen's result code with colours as played, None while unknown."""


def wx2(seat: Seat) -> int:
    """Doubled points of the game for this player (``getWX2``)."""
    if seat.result in (WHITE_WINS, WHITE_BY_FORFEIT):
        return 2 if seat.white else 0
    if seat.result in (BLACK_WINS, BLACK_BY_FORFEIT):
        return 0 if seat.white else 2
    if seat.result in (DRAW, DRAW_BY_FORFEIT):
        return 1
    if seat.result in (BOTH_WIN, BOTH_WIN_BY_FORFEIT):
        return 2
    return 0


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
    nbw_virtual: list[int] = field(default_factory=list)
    mms_virtual: list[int] = field(default_factory=list)
    others: list[list[Seat]] | None = None
    """His other games of each round, when an OpenGotha file seats him on several boards."""
    values: dict[str, list[int]] = field(default_factory=dict)
    category: int = 0
    """OpenGotha's category, 0 the strongest (one category: 0 for all)."""
    sdc: int = 0
    dc: int = 0

    def value(self, criterion: str, r: int) -> int:
        """``getCritValue``: the criterion after round ``r`` (0-based; -1 = before round 1)."""
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
        if criterion == "NBW":
            return self.nbw[r]
        if criterion == "MMS":
            return self.mms[r]
        return self.values[criterion][r]


def seats(tournament: Tournament, total: int) -> tuple[dict[int, list[Seat | None]], dict[int, list[list[Seat]]]]:
    """Each player's game of each round, with colours as played — and the other games of a
    player an OpenGotha file seats on several boards of a round: OpenGotha adds their points
    but reads its last game for everything else (this takes the last board)."""
    table: dict[int, list[Seat | None]] = {p: [None] * total for p in tournament.players}
    others: dict[int, list[list[Seat]]] = {}
    for played_round in tournament.rounds[:total]:
        r = played_round.number - 1
        for board in played_round.boards:
            result = played_round.results.get(board.number)
            code = result.code if result else None
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


def _running(sheet: Sheet, rules: Rules, total: int, virtual: bool) -> tuple[list[int], list[int], list[int]]:
    """NBW, MMS and the cup score CPS after each round (doubled), the virtual variant counting
    every unplayed round as a half point instead of absences, byes and forfeits.  CPS
    doubles what it had before each round (OpenGotha's cup score)."""
    nbw, mms, cps = [0] * total, [0] * total, [0] * total
    for r in range(total):
        nbw[r] = nbw[r - 1] if r else 0
        mms[r] = mms[r - 1] if r else 2 * sheet.start
        cps[r] = 2 * cps[r - 1] if r else 0
        for seat in [sheet.seats[r], *(sheet.others[r] if sheet.others else ())]:
            if seat is not None and (played(seat) or not virtual):
                nbw[r] += wx2(seat)
                mms[r] += wx2(seat)
                cps[r] += wx2(seat)
    extra_nbw = extra_mms = 0
    for r in range(total):
        if virtual:
            if not played(sheet.seats[r]):
                extra_nbw += 1
            nbw[r] += extra_nbw
            mms[r] += extra_nbw
            continue
        if sheet.parts[r] == Part.ABSENT:
            extra_nbw += rules.nbw2_absent
            extra_mms += rules.mms2_absent
        elif sheet.parts[r] == Part.BYE:
            extra_nbw += rules.nbw2_bye
            extra_mms += rules.mms2_bye
        add_nbw, add_mms = extra_nbw, extra_mms
        if rules.round_down:
            add_nbw, add_mms = add_nbw // 2 * 2, add_mms // 2 * 2
        nbw[r] += add_nbw
        mms[r] += add_mms
        cps[r] += add_nbw
    return nbw, mms, cps


def _strasbourg(sheet: Sheet, rules: Rules, total: int) -> list[int]:
    """The Strasbourg score STS: MMS, and 2 points more from the quarter-final on for a
    top-group player who won every game so far, 2 more from the semi-final (OpenGotha's
    test of the top group: the highest MMS possible)."""
    sts = list(sheet.mms)
    last = rules.rounds

    def top(r: int) -> bool:
        return 0 <= r < total and sheet.mms[r] == 2 * (30 + rules.mm_bar + r + 1)

    for first in (last - 3, last - 2):
        if top(first):
            for r in range(first, last):
                if 0 <= r < total:
                    sts[r] += 4
    return sts


def _without_worst(scores: Sequence[int], r: int) -> tuple[int, int]:
    """SOS-1 and SOS-2 after round ``r`` from the opponents' scores per round, as OpenGotha
    drops the lowest (the first lowest, then the next)."""
    total = sum(scores[: r + 1])
    if r == 0:
        return 0, 0
    if r == 1:
        return max(scores[0], scores[1]), 0
    low = 0
    for rr in range(1, r + 1):
        if scores[rr] < scores[low]:
            low = rr
    low2 = 1 if low == 0 else 0
    for rr in range(r + 1):
        if rr != low and scores[rr] < scores[low2]:
            low2 = rr
    minus1 = total - scores[low]
    return minus1, minus1 - scores[low2]


def _opponent_sums(sheets: Mapping[int, Sheet], rules: Rules, total: int) -> None:
    """SOS, SOS-1, SOS-2, SODOS (NBW and MMS), SOSTS, then SOSOS and CUSS."""
    for sheet in sheets.values():
        for name in ("SOSW", "SOSWM1", "SOSWM2", "SODOSW", "SOSM", "SOSMM1", "SOSMM2", "SODOSM", "SOSTS"):
            sheet.values[name] = [0] * total
        sheet.values["CUSSW"] = [sum(sheet.nbw[: r + 1]) for r in range(total)]
        sheet.values["CUSSM"] = [sum(sheet.mms[: r + 1]) for r in range(total)]
    for r in range(total):
        for sheet in sheets.values():
            by_wins, by_mms = [0] * total, [0] * total
            defeated_w = defeated_m = by_sts = 0
            for rr in range(r + 1):
                seat = sheet.seats[rr]
                if sheet.parts[rr] != Part.PAIRED or seat is None:
                    by_mms[rr] = 2 * sheet.start
                    by_sts += 2 * sheet.start
                    continue
                other = sheets[seat.opponent]
                by_wins[rr] = (other.nbw_virtual if rules.virtual else other.nbw)[r]
                by_mms[rr] = (other.mms_virtual if rules.virtual else other.mms)[r]
                moved = 2 * seat.handicap if seat.white else -2 * seat.handicap
                by_mms[rr] += moved
                by_sts += (0 if rules.virtual else other.values["STS"][r]) + moved  # OpenGotha has no virtual STS
                defeated_w += by_wins[rr] * wx2(seat)
                defeated_m += by_mms[rr] * wx2(seat)
            sheet.values["SOSW"][r] = sum(by_wins[: r + 1])
            sheet.values["SOSM"][r] = sum(by_mms[: r + 1])
            sheet.values["SOSTS"][r] = by_sts
            sheet.values["SODOSW"][r] = defeated_w
            sheet.values["SODOSM"][r] = defeated_m
            sheet.values["SOSWM1"][r], sheet.values["SOSWM2"][r] = _without_worst(by_wins, r)
            if r >= 2:
                sheet.values["SOSMM1"][r], sheet.values["SOSMM2"][r] = _without_worst(by_mms, r)
    for sheet in sheets.values():
        sheet.values["SOSOSW"] = [0] * total
        sheet.values["SOSOSM"] = [0] * total
        for r in range(total):
            sosos_w = sosos_m = 0
            for rr in range(r + 1):
                seat = sheet.seats[rr]
                if sheet.parts[rr] != Part.PAIRED or seat is None:
                    sosos_m += 2 * sheet.start * (r + 1)
                    continue
                sosos_w += sheets[seat.opponent].values["SOSW"][r]
                sosos_m += sheets[seat.opponent].values["SOSM"][r]
            sheet.values["SOSOSW"][r] = sosos_w
            sheet.values["SOSOSM"][r] = sosos_m


def _exploits(sheets: Mapping[int, Sheet], total: int) -> None:
    """EXT and EXR, OpenGotha's "exploits" of a Swiss by categories: each game's opponent's
    NBW times how much the handicap played favoured the opponent over the ranks' (0 to 3);
    EXR counts the games won only."""
    for sheet in sheets.values():
        tried, done = [0] * total, [0] * total
        for r in range(total):
            for rr in range(r + 1):
                seat = sheet.seats[rr]
                if sheet.parts[rr] != Part.PAIRED or seat is None:
                    continue
                other = sheets[seat.opponent]
                real = seat.handicap if seat.white else -seat.handicap
                gap = real - (sheet.entrant.rank - other.entrant.rank)
                coef = 0 if gap < 0 else min(gap + 1, 3)
                tried[r] += other.nbw[r] * coef
                if wx2(seat) == 2:
                    done[r] += other.nbw[r] * coef
        sheet.values["EXT"], sheet.values["EXR"] = tried, done


def score_sheets(
    tournament: Tournament, entrants: Mapping[int, Entrant], rules: Rules, scored: int | None = None
) -> dict[int, Sheet]:
    """Every player's scores after each round of the event, or of its first ``scored`` rounds
    only: a score after round r reads only rounds up to r, so the first rounds' values are the
    same, and the opponents' sums cost the square of the rounds scored."""
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
    for sheet in sheets.values():
        sheet.nbw, sheet.mms, sheet.values["CPS"] = _running(sheet, rules, total, virtual=False)
        sheet.nbw_virtual, sheet.mms_virtual, _ = _running(sheet, rules, total, virtual=True)
        sheet.values["STS"] = _strasbourg(sheet, rules, total)
    _opponent_sums(sheets, rules, total)
    _exploits(sheets, total)
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
