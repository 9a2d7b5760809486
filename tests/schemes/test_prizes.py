"""Prizes by hand (issue 17): places with ties, categories, the age cut-off, special prizes,
and one prize per person."""

import pytest

from schemes.awards.prizes import (
    age_rules,
    field_of,
    hand_out,
    passed_over_by,
    passed_unnamed,
    place_rules,
    prize_name,
    special_rules,
    standard_rules,
    women_rules,
)
from schemes.log import actions
from schemes.registry import get_scheme
from tests.builders import Log, stronger_always_wins

UPSETS = {("F", "A"), ("D", "B")}
"""Who beat a higher-rated player; everyone else lost to the higher-rated."""


def played_out() -> tuple[Log, dict[str, int]]:
    """Six players, a full round robin.  Wins: A 4 (lost to F), B 3 (lost to A and D), C 3,
    D 3 (beat B), E 1, F 1 (beat A).  B, C, D: 3 each, a cycle of wins, equal Buchholz:
    they share places 2-4."""
    log = Log("round-robin", numbering="rating", tiebreaks="buchholz")
    log.commit(actions.change_settings(dates="05.12.2026"))
    born = {"A": "1990-01-01", "B": "2014-12-06", "C": "2014-12-05", "D": "2012-03-01", "E": "", "F": "2016-01-01"}
    sex = {"B": "f", "D": "f"}
    ids = {}
    for rating, name in zip((2400, 2300, 2200, 2100, 2000, 1900), "ABCDEF", strict=True):
        ids[name] = log.add(name, rating=rating, birth=born[name], sex=sex.get(name, ""))
    letter = {v: k for k, v in ids.items()}
    rating = {p: log.state.players[p].rating for p in ids.values()}
    for number in range(1, 6):
        log.pair()
        for board in log.state.round(number).boards:
            w, b = letter[board.white], letter[board.black]
            upset = (w, b) in UPSETS or (b, w) in UPSETS
            white_wins = (rating[board.white] > rating[board.black]) != upset
            log.commit(actions.result(number, board.number, "W+" if white_wins else "B+"))
    return log, ids


def test_places_share_and_leave_no_second_third() -> None:
    log, ids = played_out()
    standings = get_scheme("round-robin").standings(log.state, 5)
    field = field_of(log.state, standings)
    prizes = hand_out(field, place_rules(field), one_prize=False)
    assert [(p.name, sorted(p.players)) for p in prizes] == [("1", [ids["A"]]), ("2", sorted([ids[x] for x in "BCD"]))]


def test_age_groups_count_on_the_first_day_and_women_have_their_own() -> None:
    """On 05.12.2026 B is 11 (12 the next day), C turns 12 that day, F is 10: under 12 are B
    and F, B placed higher.  Women: B and D, who share a place: both first."""
    log, ids = played_out()
    field = field_of(log.state, get_scheme("round-robin").standings(log.state, 5))
    prizes = hand_out(field, age_rules(field, 12, count=2) + women_rules(field, count=2), one_prize=False)
    assert [(p.name, sorted(p.players)) for p in prizes] == [
        ("under 12: 1", [ids["B"]]),
        ("under 12: 2", [ids["F"]]),
        ("women: 1", sorted([ids["B"], ids["D"]])),
    ]


def test_one_prize_per_person_passes_to_the_next() -> None:
    """Places first (A; B, C, D), then the most wins: A's 4 and the 3s are taken, so E and F
    with one win each share it; then the youngest: F has a prize, B, C, D too — nobody is
    left with a date of birth but A, who has first place: no youngest prize."""
    log, ids = played_out()
    field = field_of(log.state, get_scheme("round-robin").standings(log.state, 5))
    rules = place_rules(field) + special_rules(field, ["most_wins", "youngest"])
    prizes = hand_out(field, rules, one_prize=True)
    assert [(p.name, sorted(p.players), p.value) for p in prizes] == [
        ("1", [ids["A"]], "1"),
        ("2", sorted([ids[x] for x in "BCD"]), "2"),
        ("most_wins", sorted([ids["E"], ids["F"]]), "1"),
    ]
    many = hand_out(field, rules, one_prize=False)
    assert [(p.name, p.players, p.value) for p in many][2:] == [("most_wins", (ids["A"],), "4"),
                                                                 ("youngest", (ids["F"],), "10")]  # fmt: skip


def test_wins_over_stronger_and_the_newcomer() -> None:
    """F (1900) beat A (2400), D (2100) beat B (2300): one such win each; D placed higher.
    Everyone here has a rating: no newcomer."""
    log, ids = played_out()
    field = field_of(log.state, get_scheme("round-robin").standings(log.state, 5))
    prize = hand_out(field, special_rules(field, ["wins_over_stronger"]), one_prize=False)
    assert [(p.players, p.value) for p in prize] == [((ids["D"],), "1")]
    assert hand_out(field, special_rules(field, ["best_newcomer"])) == []  # everyone has a rating


def test_a_prize_passed_over_says_who_had_more() -> None:
    """One prize each: the winner of most wins is the next best, and the prize says who had
    more wins but a prize already (issue 24); equal wins are no such case."""
    log = Log("round-robin", numbering="rating")
    ids = [log.add(name, rating=rating) for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100))]
    for number in range(1, 4):
        log.pair()
        for board in log.state.round(number).boards:
            higher = min((board.white, board.black), key=lambda p: -log.state.players[p].rating)
            log.result(number, board.number, "W+" if higher == board.white else "B+")  # the stronger always wins
    state = log.state
    field = field_of(state, get_scheme("round-robin").standings(state, 3))
    prizes = {p.name: p for p in hand_out(field, standard_rules(field, places=1, specials=["most_wins"]))}
    assert prizes["1"].players == (ids[0],)
    most = prizes["most_wins"]
    assert most.players == (ids[1],) and most.value == "2"
    assert most.passed_over == (ids[0],) and most.passed_values == ("3",)
    assert passed_over_by(list(prizes.values())) == [(most, ids[0], "3", "1")]


def test_a_prize_passed_over_names_every_prized_player_who_had_more() -> None:
    """A trial: «больше всех побед» went to a player of 2 wins, and the note named the winner
    of «1 место» (6 wins), not the two second places (4 wins each).  Five players, the stronger
    always wins: 4, 3, 2, 1, 0 wins; places 1 and 2 taken, the most wins go to the third, and
    both who had more are named, best first, each with his wins."""
    log, ids = stronger_always_wins(5)
    state = log.state
    field = field_of(state, get_scheme("round-robin").standings(state, 5))
    prizes = hand_out(field, standard_rules(field, places=2, specials=["most_wins"]))
    most = next(p for p in prizes if p.name == "most_wins")
    assert most.players == (ids[2],) and most.value == "2"
    assert most.passed_over == (ids[0], ids[1]) and most.passed_values == ("4", "3")
    assert passed_over_by(prizes) == [(most, ids[0], "4", "1"), (most, ids[1], "3", "2")]


def test_a_prize_names_at_most_three_passed_over_and_counts_the_rest() -> None:
    """Seven players, the stronger always wins: 6 to 0 wins; places 1-4 taken, the most wins go
    to the fifth (2 wins), and the notes name the best three of the four ahead, not a list as
    long as the prizes («самый младший» of a children's event: a review), and count the fourth
    (a trial read a 3-win player passed over without a word)."""
    log, ids = stronger_always_wins(7)
    field = field_of(log.state, get_scheme("round-robin").standings(log.state, 7))
    prizes = hand_out(field, standard_rules(field, places=4, specials=["most_wins"]))
    most = next(p for p in prizes if p.name == "most_wins")
    assert most.players == (ids[4],) and most.passed_over == tuple(ids[:4])
    assert most.passed_values == ("6", "5", "4", "3")
    assert [(player, value, other) for _prize, player, value, other in passed_over_by(prizes)] == [
        (ids[0], "6", "1"), (ids[1], "5", "2"), (ids[2], "4", "3"),
    ]  # fmt: skip
    assert passed_unnamed(prizes) == [(most, 1)]


@pytest.mark.parametrize("criteria", ["CAT,NBW", "NBW,CAT"])
def test_the_place_prizes_are_each_categorys_where_the_categories_decide_first(criteria: str) -> None:
    """A trial: F4 showed «1» in each OpenGotha category (they decide first), and the prizes
    gave «1, 2, 3 место» to the first category's best.  There the places are each category's;
    where the categories come later, the whole field's."""
    log = Log("swiss", rounds=3, categoryLimits="1K", placementCriteria=criteria)
    ids = [log.add(s, rank=r) for s, r in (("A", "3d"), ("B", "2d"), ("C", "5k"), ("D", "10k"))]
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    state = log.state
    field = field_of(state, get_scheme("swiss").standings(state, 1))
    given = {p.name: p.players for p in hand_out(field, standard_rules(field, places=2, specials=[]))}
    winners = {row.player: row.place for row in field.standings.rows}
    if criteria == "NBW,CAT":
        assert set(given) == {"1", "2"}
        return
    assert set(given) == {"CAT 1: 1", "CAT 1: 2", "CAT 2: 1", "CAT 2: 2"}
    assert {p for name, players in given.items() for p in players} == set(ids)
    assert all(winners[p] != "1" for p in given["CAT 2: 1"])  # not the field's first: his category's
    assert prize_name("CAT 2: 1", lambda phrase: {"category {n}": "категория {n}", "place {n}": "{n} место"}.get(
        phrase, phrase)) == "категория 2: 1 место"  # fmt: skip


@pytest.mark.parametrize(("rated", "offered"), [(0, False), (1, False), (2, True), (3, True), (4, False)])
def test_the_best_newcomer_only_where_the_players_without_a_rating_stand_out(rated: int, offered: bool) -> None:
    """Of four players: nobody rated — everyone a "newcomer"; one rated of four (a trial: one
    of 34, and the prize went to a 4d) — the rated one stands out, not the newcomers; two or
    three — the prize; all rated — no newcomer."""
    log = Log("round-robin")
    for index in range(4):
        log.add(f"P{index}", rating=2000 - index if index < rated else None, rank=None if index < rated else "5k")
    log.pair()
    state = log.state
    field = field_of(state, get_scheme("round-robin").standings(state, 0))
    assert ("best_newcomer" in {r.name for r in standard_rules(field)}) is offered


def test_the_best_newcomer_is_a_kyu_player_without_a_rating() -> None:
    """A trial's newcomer prize went to a 4d: a dan without a rating is a guest, not a
    newcomer.  The best unrated kyu player takes it, even below an unrated dan."""
    log = Log("round-robin")
    guest = log.add("Гость", rank="4d")
    rated = [log.add(f"R{i}", rating=2000 - 100 * i) for i in range(3)]
    kyu = log.add("Новичок", rank="5k")
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    state = log.state
    field = field_of(state, get_scheme("round-robin").standings(state, 1))
    [prize] = hand_out(field, special_rules(field, ["best_newcomer"]))
    assert prize.players == (kyu,) and guest not in prize.players and not set(rated) & set(prize.players)


def test_a_knockout_gives_no_prize_for_wins_unless_asked() -> None:
    """A play-off trial: «больше всех побед» went to the fourth place (in a knockout the wins
    are how far each went).  The usual prizes of a play-off are its places; asked by name, a
    prize for wins is given as ever."""
    from tests.schemes.test_playoff import field as cup
    from tests.schemes.test_playoff import win
    from tui.views import prizes_of

    log, ids = cup(8, third_place="on")
    for winners in ({1, 2, 3, 4}, {1, 2}, {1, 3}):
        log.pair()
        win(log, log.state.paired_rounds, ids, winners)
    prizes = prizes_of(log.state, 3)
    assert [(p.name, [ids.index(w) + 1 for w in p.players]) for p in prizes] == [("1", [1]), ("2", [2]), ("3", [3])]
    early = prizes_of(log.state, 2)  # a review: the final not played, places 1 and 2 went to the seeds still in
    assert early == []  # and 3 is the third-place match's, not both semi-final losers' (a trial)
    field = field_of(log.state, get_scheme("playoff").standings(log.state, 3))
    asked = hand_out(field, standard_rules(field, specials=["most_wins"], knockout=True))[-1]
    assert (asked.name, [ids.index(w) + 1 for w in asked.players], asked.value) == ("most_wins", [4], "1")
    robin, _ids = played_out()
    usual = field_of(robin.state, get_scheme("round-robin").standings(robin.state, 5))
    assert "most_wins" in {r.name for r in standard_rules(usual)}


def test_a_group_prize_waits_while_one_of_its_players_waits_for_his_place() -> None:
    """A review: in a play-off's match for third place, the women's first prize went to a
    quarter-final loser (place 5) and the second to the semi-finalist, shown «место: 11» (the
    number an undecided place sorts by).  A group's prize is given once its best placed are
    known."""
    from tests.schemes.test_playoff import win

    log = Log("playoff", third_place="on")
    ids = [log.add(f"P{i:02d}", rating=2500 - 10 * i, sex="f" if i in (2, 5) else "m") for i in range(8)]
    seed = {p: i + 1 for i, p in enumerate(ids)}

    def women() -> list[tuple[str, list[int], str]]:
        field = field_of(log.state, get_scheme("playoff").standings(log.state, log.state.paired_rounds))
        prizes = hand_out(field, standard_rules(field, places=0, knockout=True), one_prize=False)
        return [(p.name, [seed[w] for w in p.players], p.value) for p in prizes]

    for winners in ({1, 4, 2, 3}, {1, 2}):  # seed 3 loses her semi-final, seed 6 her quarter-final
        log.pair()
        win(log, log.state.paired_rounds, ids, winners)
    assert women() == []
    log.pair()
    win(log, 3, ids, {1, 3})  # the final to 1; seed 3 wins the match for third place
    assert women() == [("women: 1", [3], "3"), ("women: 2", [6], "5")]


def test_while_a_play_offs_places_are_open_no_prize_that_they_may_change_is_given() -> None:
    """A trial: in a play-off's match for third place, «самый старший» went to a semi-finalist
    and a category's place to others, and the final list took both back (with one prize each
    a player still in may yet take a place's prize).  Before any round nothing is won (a
    McMahon trial read «1 место» by the starting order)."""
    from tests.schemes.test_playoff import win

    log = Log("playoff", third_place="on")
    log.commit(actions.change_settings(dates="05.12.2026"))
    born = ["1975-01-01", "2009-01-01", "2013-01-01", "2015-01-01"]
    ids = [log.add(f"P{i}", rating=2500 - 10 * i, birth=born[i]) for i in range(4)]
    seed = {p: i + 1 for i, p in enumerate(ids)}

    def given(one_prize: bool = True) -> list[tuple[str, list[int]]]:
        field = field_of(log.state, get_scheme("playoff").standings(log.state, log.state.paired_rounds))
        rules = standard_rules(field, specials=["youngest", "oldest"], knockout=True)
        return [(p.name, [seed[w] for w in p.players]) for p in hand_out(field, rules, one_prize)]

    assert given() == [] and given(one_prize=False) == []  # before any round
    log.pair()
    win(log, 1, ids, {1, 2})
    assert given() == []  # every place open: each prize after them may change
    assert given(one_prize=False) == [("youngest", [4]), ("oldest", [1])]  # his age is his, whatever his place
    log.pair()
    win(log, 2, ids, {1, 4})  # the final to 1; 4 takes third place from 3
    assert given() == [("1", [1]), ("2", [2]), ("3", [4]), ("youngest", [3])]


def test_what_decided_a_prize_is_said_in_words() -> None:
    """A trial read «1 место … 1» and a bare «4» beside «больше всех побед»."""
    from schemes.awards.prizes import prize_value

    def say(phrase: str) -> str:
        return "«" + phrase + "»"

    assert prize_value("1", "1", say) == ""  # an overall place: its title says it
    assert prize_value("most_wins", "4", say) == "«wins: 4»"
    assert prize_value("longest_streak", "3", say) == "«in a row: 3»"
    assert prize_value("youngest", "11", say) == "«age: 11»"
    assert prize_value("under 12: 1", "5", say) == "«place: 5»"
    assert prize_value("most_wins", "", say) == ""
