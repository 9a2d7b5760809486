"""Time controls as the referee writes them, and whether the Russian federation rates them
(rating-table.md, "Rated time control")."""

import pytest

from schemes.values.timecontrol import TimeControlError, parse_time


@pytest.mark.parametrize(
    ("text", "effective", "rated"),
    [
        ("40+5/15", 60, True),  # the spec's: 40 + 5 min for 15 stones over 60 moves = 40 + 20
        ("50+5/20", 65, True),  # the spec's: 50 + 15
        ("30+5/20", 45, False),
        ("40+30sx3", 40 + 45 * 30 / 60, True),  # Japanese: a period's seconds over 45 moves
        ("30+30sx5", 52.5, False),
        ("45+30s", 45 + 60, True),  # Fischer: 120 increments
        ("59", 59, False),
        ("60", 60, True),
    ],
)
def test_the_effective_time_counts_the_overtime_as_the_spec_does(text: str, effective: float, rated: bool) -> None:
    control = parse_time(text)
    assert (control.effective, control.rated_in_russia) == (effective, rated)


@pytest.mark.parametrize(
    "text",
    ["-5+30sx1", "60+-10/15", "2147483647+30sx1", "60+30sx99999", "٤٠+5/15", "40+5/0", "60+30sx0", "40:00", ""],
)
def test_a_time_no_referee_means_is_refused(text: str) -> None:
    """An attack: an OpenGotha file's negative times, and 2147483647 minutes on the command
    line (written ``TM[2.14748e+09]`` in the EGF table), were taken; four digits at most, ASCII."""
    with pytest.raises(TimeControlError):
        parse_time(text)
