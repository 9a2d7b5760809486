"""Time controls as the referee writes them, and whether the Russian federation rates them
(rating-table.md, "Rated time control")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schemes.values.timecontrol import TimeControl, TimeControlError, parse_time


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


@pytest.mark.parametrize(
    ("text", "at_a_venue", "online"),
    [
        ("45+30sx1", "B", "D"),  # OpenGotha's congreso2020.xml (bInternet): the trial's CL[B], OpenGotha's D
        ("60+30sx3", "A", "D"),  # an online event is never A
        ("40+5/15", "B", "D"),  # class B's minima exactly: 40 basic, 60 adjusted
        ("40+1/15", "C", None),  # 44 adjusted: under the 50 class D needs
        ("39+10/15", "C", None),  # 79 adjusted, but 39 basic: under the 40
        ("30+30sx3", "C", None),  # the demo's KGS event: too short for class D
        ("30+30s", "B", "D"),  # Fischer: 30 basic is enough
        ("29+30s", "C", None),
        ("20", None, None),
    ],
)
def test_an_online_event_is_egf_class_d_or_none(text: str, at_a_venue: str | None, online: str | None) -> None:
    """OpenGotha 3.51's ``Tournament.egfClass``: with ``bInternet``, «D» from 40 basic minutes
    (Fischer 30) and 50 adjusted, else «X» (too short: no class written)."""
    control = parse_time(text)
    assert (control.egf_class(), control.egf_class(online=True)) == (at_a_venue, online)


def test_the_description_says_an_online_event_s_class() -> None:
    control = parse_time("45+30sx1")
    assert str(control.describe()) == "Japanese byo-yomi, effective time 67.5 min: rated in Russia, EGF class B"
    assert str(control.describe(online=True)) == (
        "Japanese byo-yomi, effective time 67.5 min: rated in Russia, EGF class D (played online)"
    )
    assert str(parse_time("30+30sx3").describe(online=True)).endswith(
        ": NOT rated (under 60 min) in Russia, EGF class - (played online)"
    )


def opengotha_class(control: TimeControl, online: bool) -> str:
    """OpenGotha 3.51.02's ``Tournament.egfClass`` and ``egfAdjustedTime``, in its whole
    seconds (a Canadian period's share by Java's integer division)."""
    basic = control.main * 60
    adjusted = basic
    if control.kind == "canadian":
        minutes, stones = control.written
        adjusted = basic + (60 * minutes * 60) // stones
    elif control.kind == "japanese":
        adjusted = basic + 45 * control.written[0]
    elif control.kind == "fischer":
        adjusted = basic + 120 * control.written[0]
    fischer = control.kind == "fischer"
    if online:
        return "D" if basic >= (1800 if fischer else 2400) and adjusted >= 3000 else "X"
    found = "X"
    if basic >= (1200 if fischer else 1500) and adjusted >= 1800:
        found = "C"
    if basic >= (1800 if fischer else 2400) and adjusted >= 3000:
        found = "B"
    if basic >= (2700 if fischer else 3600) and adjusted >= 4500:
        found = "A"
    return found


@given(
    st.sampled_from(["{m}+{a}/{b}", "{m}+{a}sx{b}", "{m}+{a}s", "{m}"]),
    st.integers(0, 120),
    st.integers(0, 120),
    st.integers(1, 40),
    st.booleans(),
)
def test_the_egf_class_is_opengotha_s_at_a_venue_and_online(
    form: str, main: int, extra: int, count: int, online: bool
) -> None:
    """Tengen's effective time and classes agree with OpenGotha's for every time control, at
    a venue and online; an online event's class is never A, B or C."""
    control = parse_time(form.format(m=main, a=extra, b=count))
    found = control.egf_class(online)
    assert (found or "X") == opengotha_class(control, online)
    assert found in (("D", None) if online else ("A", "B", "C", None))
