import pytest

from schemes.values.ranks import RankError, check_rating, parse_rank, rank_label, rank_of_rating, read_strength


@pytest.mark.parametrize(
    "rating, index, label",
    [
        (2510, 25, "5d"),
        (2247, 22, "2d"),
        (2000, 20, "1k"),
        (2099, 20, "1k"),
        (952, 9, "12k"),
        (798, 7, "14k"),
        (2100, 21, "1d"),
        (50, 0, "21k"),
        # no lower bound: floor(-300/100) = -3 = 24k, floor(-1/100) = -1 = 22k, -900 = 30k
        (-300, -3, "24k"),
        (-1, -1, "22k"),
        (-400, -4, "25k"),
        (-900, -9, "30k"),
    ],
)
def test_rating_to_rank_as_the_spec_readme_says(rating: int, index: int, label: str) -> None:
    assert rank_of_rating(rating) == index
    assert rank_label(index) == label


@pytest.mark.parametrize(
    "label, index", [("5d", 25), ("1d", 21), ("1k", 20), ("12K", 9), ("30k", -9), ("9D", 29), (" 3 d ", 23)]
)
def test_labels_parse(label: str, index: int) -> None:
    assert parse_rank(label) == index
    assert parse_rank(rank_label(index)) == index


@pytest.mark.parametrize("label", ["10d", "31k", "0k", "0d", "5p", "d5", "", "5", "abc", "-1k"])
def test_bad_labels_are_refused_with_a_message(label: str) -> None:
    with pytest.raises(RankError, match="rank"):
        parse_rank(label)


def test_rating_range() -> None:
    assert check_rating(2999) == 2999
    with pytest.raises(RankError):
        check_rating(3000)
    with pytest.raises(RankError):
        check_rating(-901)


def test_a_negative_rating_and_its_rank_label_are_the_same_rank() -> None:
    # -400 -> 25k, the same as --rank 25k: a handicap round robin gives them an even game
    # (before: the rating was clamped to 21k, and the pair got 4 stones).
    from tests.builders import Log

    log = Log("round-robin", handicap="rank", numbering="rating")
    by_rating = log.add("Rated", rating=-400)
    by_rank = log.add("Ranked", rank="25k")
    assert log.state.players[by_rating].rank == log.state.players[by_rank].rank == -4
    log.pair()
    assert log.state.round(1).boards[0].handicap == 0


@pytest.mark.parametrize(
    "typed, read",
    [("2150", {"rating": 2150}), ("050", {"rating": 50}), ("-900", {"rating": -900}), (" 2999 ", {"rating": 2999}),
     ("2d", {"rank": "2d"}), ("3 кю", {"rank": "3 кю"}), ("1113 7k", {"rating": 1113, "rank": "7k"}),
     (" 2661  7 дан ", {"rating": 2661, "rank": "7 дан"}), ("-50 25k", {"rating": -50, "rank": "25k"})],
)  # fmt: skip
def test_one_strength_column_reads_a_number_as_a_rating_and_the_rest_as_a_rank(typed: str, read: dict) -> None:
    assert read_strength(typed) == read


@pytest.mark.parametrize(
    "typed", ["3000", "-901", "2150.5", "abc", "99d", "", "12", "5", "1113 40k", "3000 2d", "12 5k", "1113 7k 2d"]
)
def test_a_strength_that_is_neither_is_refused(typed: str) -> None:
    with pytest.raises(RankError):
        read_strength(typed)


def test_a_strength_column_says_what_it_takes() -> None:
    """A referee's trial: «сильная» in the form's «рейтинг или ранг» was refused as a bad rank
    alone («пишите как 5d»), though 2150 is taken too; a rank out of range still says its range."""
    with pytest.raises(RankError, match=r"'сильная' is neither a rating nor a rank: write 2150 or 2d"):
        read_strength("сильная")
    with pytest.raises(RankError, match="ranks go from 30k to 9d"):
        read_strength("40d")


def test_one_or_two_digits_are_asked_about_not_guessed() -> None:
    """A review: «12» in the form, meant as 12k (OpenGotha reads it so), registered a rating of
    12 (21k) without a word."""
    with pytest.raises(RankError, match=r"'12': a rank is written 12k or 12d, a rating with three digits or more"):
        read_strength("12")
