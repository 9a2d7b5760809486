"""The McMahon and Swiss scores as plain Python computed them before issue 29 (a loop per
player and earlier round): the oracle the array version in ``schemes.systems.gotha.scores``
is checked against, criterion for criterion.  Kept as it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from schemes.state.model import Tournament
from schemes.systems.gotha.rules import Rules
from schemes.systems.gotha.scores import (
    Entrant,
    Part,
    Sheet,
    category,
    participation,
    played,
    seats,
    smms,
    wx2,
)


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
