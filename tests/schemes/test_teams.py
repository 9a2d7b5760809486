"""Team standings by hand (issue 17): the best k members' points, then all, then the best place."""

from schemes.awards.teams import team_standings
from schemes.log import actions
from schemes.registry import get_scheme
from tests.builders import Log


def _board(white: int, black: int) -> dict:
    return {"white": white, "black": black, "handicap": 0, "komi": 6.5, "nigiri": False}


def test_team_standings_by_hand() -> None:
    """Round robin of six, teams A (1, 2, 3), B (4, 5), C (6).  Round 1: 1–4 W+, 2–5 B+,
    3–6 draw.  Points: 1:1, 2:0, 3:½, 4:0, 5:1, 6:½.  Best 2: A 1+½ = 1½, B 1+0 = 1, C ½.
    With best 1: A 1, B 1 — equal; all members: A 1½, B 1: A first."""
    log = Log("round-robin", numbering="rating")
    ids = [log.add(f"P{i}", rating=2000 - 10 * i, team=team) for i, team in enumerate("AAABBC")]
    log.commit(("round_paired", {"round": 1, "boards": [_board(ids[0], ids[3]), _board(ids[1], ids[4]),
                                                        _board(ids[2], ids[5])], "order": ids}))  # fmt: skip
    for board, code in ((1, "W+"), (2, "B+"), (3, "draw")):
        log.commit(actions.result(1, board, code))
    standings = get_scheme("round-robin").standings(log.state, 1)
    best_two = team_standings(log.state, standings, 2)
    assert [(r.place, r.team, r.best, r.total) for r in best_two] == [("1", "A", 1.5, 1.5), ("2", "B", 1.0, 1.0),
                                                                       ("3", "C", 0.5, 0.5)]  # fmt: skip
    assert best_two[0].counted == (ids[0], ids[2])
    best_one = team_standings(log.state, standings, 1)
    assert [(r.team, r.best, r.total) for r in best_one][:2] == [("A", 1.0, 1.5), ("B", 1.0, 1.0)]


def test_teams_by_club_and_players_without_one() -> None:
    log = Log("gamma", rounds=3)
    log.add("A", rank="5k", club="Mos")
    log.add("B", rank="6k", club="Mos")
    log.add("C", rank="7k")
    standings = get_scheme("gamma").standings(log.state, 0)
    rows = team_standings(log.state, standings, 3, by="club")
    assert [(r.team, len(r.members)) for r in rows] == [("Mos", 2)]


def test_a_play_offs_passes_and_waits_are_no_wins_for_a_team() -> None:
    """A trial: a best of three's top seed passing round 1 without an opponent and waiting for
    the other semi-final scored a win for each of those rounds (a bye worth 2 or 3 as other
    matches lasted).  Five players: seeds 1–3 pass stage 1 (two rounds), 4 beats 5 2:0; then
    1 beats 4 2:0 while 2–3 goes to three games (1 waits in round 5).  Team A (1) counts the
    games 1 won, 2; team B (4, 5) 4's 2."""
    from dataclasses import replace

    from tests.schemes.test_playoff import field, win

    log, ids = field(5, games_per_match="3")
    for player, team in zip(ids, "ACDBB", strict=True):
        log.commit(actions.edit(player, team=team))
    for winners in ({4}, {4}, {1, 2}, {1, 3}, {2}):
        log.pair()
        win(log, log.state.paired_rounds, ids, winners)
    standings = get_scheme("playoff").standings(log.state, 5)
    rows = {r.team: r.best for r in team_standings(log.state, standings, 1)}
    assert (rows["A"], rows["B"], rows["C"], rows["D"]) == (2.0, 2.0, 2.0, 1.0)
    counted = replace(standings, bye_worth=1.0)  # as the other schemes count a bye
    assert {r.team: r.best for r in team_standings(log.state, counted, 1)}["A"] == 5.0


def test_a_bye_is_worth_to_a_team_what_the_scheme_gives_it() -> None:
    """Two trials read a round robin's club table counting byes as wins its standings had not
    given (a bye worth ``bye_points``, 0).  Three players, one bye each after three rounds,
    no game decided: a team of all three scores its byes as the scheme values them — a round
    robin's 0 (or ½ with ``bye_points=0.5``), FORS's 15 between a loss's 10 and a win's 20 ½ each,
    sport-handicap's 5 of a win's 10 ½, Gamma's and McMahon's a win."""
    worth = {}
    for scheme, params in (("round-robin", {}), ("round-robin", {"bye_points": 0.5}), ("fors", {}),
                           ("sport-handicap", {}), ("gamma", {}), ("mcmahon", {})):  # fmt: skip
        log = Log(scheme, rounds=3, **params)
        for surname in "ABC":
            log.add(surname, rank="5k", team="T")
        for number in (1, 2, 3):
            log.pair()
            log.commit(actions.result(number, 1, "both-lose"))
        standings = get_scheme(scheme).standings(log.state, 3)
        (row,) = team_standings(log.state, standings, 3)
        worth[scheme, tuple(params.values())] = (standings.bye_worth, row.total)
    assert worth == {
        ("round-robin", ()): (0.0, 0.0),
        ("round-robin", (0.5,)): (0.5, 1.5),
        ("fors", ()): (0.5, 1.5),
        ("sport-handicap", ()): (0.5, 1.5),
        ("gamma", ()): (1.0, 3.0),
        ("mcmahon", ()): (1.0, 3.0),
    }
