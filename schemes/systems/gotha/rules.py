"""OpenGotha's parameters, under OpenGotha's own names (spec: mcmahon.md).

A referee who moves from OpenGotha reads the same words here as in its dialogs and in its
XML files, so every parameter keeps its OpenGotha name (``genMMBar``, ``paiMaSeedSystem1``…)
as the Tengen parameter key, and its OpenGotha text form as the value.  ``Rules`` is the
same set read into numbers as OpenGotha computes with them: ranks as OpenGotha's integers
(30K = -30, 1D = 0, 9D = 8), points doubled, round numbers counted from 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from schemes.algorithms.java_case import java_lower
from schemes.base.scheme import Param, choice, int_in
from schemes.errors import InvalidEvent
from schemes.values.ranks import parse_rank, rank_label
from schemes.values.text import questioned

MIN_RANK = -30
"""OpenGotha's rank of 30K; 1D is 0."""
SMMS_CORRECTION_MIN, SMMS_CORRECTION_MAX = -1, 2
"""The range of a player's McMahon start-score correction (``PLA_SMMS_CORR_MIN/MAX``)."""

CRITERIA = (
    "NULL", "CAT", "NBW", "MMS", "CPS", "STS", "SOSW", "SOSWM1", "SOSWM2", "SODOSW", "SOSOSW", "CUSSW",
    "SOSM", "SOSMM1", "SOSMM2", "SODOSM", "SOSOSM", "CUSSM", "SOSTS", "EXT", "EXR", "Rank", "Rating", "SDC", "DC",
)  # fmt: skip
"""Every placement criterion of OpenGotha 3.51, under Tengen's names (OpenGotha's own but
for the four below)."""
OPENGOTHA_NAMES = {name: name for name in CRITERIA} | {
    "SOSWM1": "SOSW-1",
    "SOSWM2": "SOSW-2",
    "SOSMM1": "SOSM-1",
    "SOSMM2": "SOSM-2",
}
"""A criterion as OpenGotha's files and dialogs name it (``PlacementCriterion.longName``)."""
_BY_OPENGOTHA_NAME = {og: name for name, og in OPENGOTHA_NAMES.items()}
MAIN_SCORES = ("NBW", "MMS", "CPS")
SEED_SYSTEMS = ("SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP")
DUDD_MODES = ("TOP", "MID", "BOT")


def og_rank(rank: int) -> int:
    """OpenGotha's rank integer of a Tengen rank index (1d is 21 here, 0 there)."""
    return rank - 21


def _rank_text(text: str) -> str:
    return rank_label(parse_rank(text)).upper()


def _zero(text: str) -> str:
    """OpenGotha 3.51 counts McMahon scores from 30K whatever its files say
    (``GeneralParameterSet.setGenMMZero`` keeps -30), so no other zero pairs as it does."""
    zero = _rank_text(text)
    if zero != "30K":
        raise InvalidEvent(
            "{key}={value}: OpenGotha 3.51 counts McMahon scores from 30K only", key="genMMZero", value=zero
        )
    return zero


def _flag(text: str) -> bool:
    if text.lower() not in ("true", "false"):
        raise InvalidEvent("{text!r} is not true or false", text=text[:20])
    return text.lower() == "true"


def _factor(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise InvalidEvent("{text!r} is not a number", text=text[:20]) from None
    if not 0.0 <= value <= 1.0:
        raise InvalidEvent("{text} is not between 0 and 1", text=text[:20])
    return value


def _doubled(text: str) -> int:
    """Points ×2, as OpenGotha keeps a bye's and an absence's worth: 0, 1 or 2.  A referee who
    typed 0.5 for half a point was told only «not a whole number», and one who typed 1 for a
    point got half of it unsaid (a trial): the refusal says what each value is."""
    if text.strip() not in ("0", "1", "2"):
        raise InvalidEvent("{text!r}: points ×2 are 0, 1 (half a point) or 2 (a point)", text=text[:20])
    return int(text)


def criterion(text: str) -> str:
    """A criterion by Tengen's name or OpenGotha's (``SOSW-1`` is ``SOSWM1``)."""
    name = text.strip()
    if name in CRITERIA:
        return name
    if name in _BY_OPENGOTHA_NAME:
        return _BY_OPENGOTHA_NAME[name]
    raise InvalidEvent(
        "unknown placement criterion {name!r}: choose from {choices}", name=name[:40], choices=", ".join(CRITERIA)
    )


def _criteria(text: str) -> list[str]:
    """The placement criteria in order, as OpenGotha keeps them: up to six, NULL holding a
    place (the first decides OpenGotha's type of tournament)."""
    names = [criterion(name) for name in text.split(",") if name.strip()]
    if not names:
        raise InvalidEvent("name at least one placement criterion (MMS for McMahon, NBW for Swiss)")
    while len(names) > 1 and names[-1] == "NULL":
        names.pop()  # all NULL stays NULL: OpenGotha then places by wins, and by names
    if len(names) > 6:
        raise InvalidEvent("at most 6 placement criteria")
    return names


def _rank_list(text: str) -> list[str]:
    return [_rank_text(part) for part in text.split(",") if part.strip()]


def _clubs_groups(text: str) -> str:
    """Groups of clubs as ``a|b;c|d`` (OpenGotha's clubs groups: members of one group are
    kept apart almost as club-mates are).  A character no text of Tengen's holds is «?», as
    in a player's club read from the same file, so the two still meet (an escape in them
    reached the terminal from the settings tab: a durability attack) — cleaned, not refused,
    so a file that holds one still opens (a review)."""
    text = questioned(text)
    groups = [[club.strip() for club in group.split("|") if club.strip()] for group in text.split(";")]
    return ";".join("|".join(group) for group in groups if group)


_COST = 10**15

TURKISH = "turkishLocale"
"""The parameter of a tournament whose OpenGotha runs on a Turkish machine (``java_case``):
set by the import of such a machine's file, and by the referee."""


def _params(defaults: Mapping[str, Any]) -> tuple[Param, ...]:
    """Every parameter with its parser; ``defaults`` gives the scheme's own values."""
    parsers: dict[str, tuple[Callable[[str], Any], str]] = {
        "placementCriteria": (_criteria, "placement criteria, in order (OpenGotha names)"),
        "categoryLimits": (_rank_list, "lowest rank of each category but the last (one category when empty)"),
        "clubsGroups": (_clubs_groups, "groups of clubs kept apart, as a|b;c|d"),
        "genMMBar": (_rank_text, "McMahon bar"),
        "genMMFloor": (_rank_text, "McMahon floor"),
        "genMMZero": (_zero, "rank whose McMahon score is 0: 30K (OpenGotha 3.51 takes no other)"),
        "genNBW2ValueAbsent": (_doubled, "NBW points ×2 for an absence (1: half a point, 2: a point)"),
        "genNBW2ValueBye": (_doubled, "NBW points ×2 for a bye (1: half a point, 2: a point)"),
        "genMMS2ValueAbsent": (_doubled, "McMahon points ×2 for an absence (1: half a point, 2: a point)"),
        "genMMS2ValueBye": (_doubled, "McMahon points ×2 for a bye (1: half a point, 2: a point)"),
        "genRoundDownNBWMMS": (_flag, "round down half points of absences and byes"),
        "genCountNotPlayedGamesAsHalfPoint": (_flag, "SOS counts unplayed games as half points"),
        "hdBasedOnMMS": (_flag, "handicap from McMahon scores (else from ranks)"),
        "hdNoHdRankThreshold": (_rank_text, "no handicap above this rank"),
        "hdCorrection": (int_in(0, 9), "handicap reduction"),
        "hdCeiling": (int_in(0, 9), "highest handicap"),
        "paiBaAvoidDuplGame": (int_in(0, _COST), "weight: avoid a repeat game"),
        "paiBaRandom": (int_in(0, 10**9), "weight: random"),
        "paiBaDeterministic": (_flag, "random by names (the same pairing every time)"),
        "paiBaBalanceWB": (int_in(0, 10**6), "weight: balance white and black"),
        "paiMaAvoidMixingCategories": (int_in(0, _COST), "weight: avoid mixing categories"),
        "paiMaMinimizeScoreDifference": (int_in(0, _COST), "weight: minimize score difference"),
        "paiMaDUDDWeight": (int_in(0, _COST), "weight: draw-ups and draw-downs"),
        "paiMaCompensateDUDD": (_flag, "compensate an earlier draw-up/down"),
        "paiMaDUDDUpperMode": (choice(*DUDD_MODES), "who of the upper group is drawn down"),
        "paiMaDUDDLowerMode": (choice(*DUDD_MODES), "who of the lower group is drawn up"),
        "paiMaMaximizeSeeding": (int_in(0, _COST), "weight: seeding"),
        "paiMaLastRoundForSeedSystem1": (int_in(1, 20), "last round of the first seeding system"),
        "paiMaSeedSystem1": (choice(*SEED_SYSTEMS), "seeding system of the first rounds"),
        "paiMaSeedSystem2": (choice(*SEED_SYSTEMS), "seeding system of the later rounds"),
        "paiMaAdditionalPlacementCritSystem1": (choice(*CRITERIA), "extra criterion inside a group, first rounds"),
        "paiMaAdditionalPlacementCritSystem2": (choice(*CRITERIA), "extra criterion inside a group, later rounds"),
        "paiSeRankThreshold": (_rank_text, "no secondary criteria from this rank"),
        "paiSeNbWinsThresholdActive": (_flag, "no secondary criteria for players with half the wins"),
        "paiSeBarThresholdActive": (_flag, "no secondary criteria above the bar"),
        "paiSeDefSecCrit": (int_in(0, _COST), "weight of the secondary criteria"),
        "paiSeMinimizeHandicap": (int_in(0, _COST), "weight: minimize handicap"),
        "paiSeAvoidSameGeo": (int_in(0, _COST), "weight: avoid the same club or country"),
        "paiSePreferMMSDiffRatherThanSameCountry": (int_in(0, 99), "groups of score worth avoiding a compatriot"),
        "paiSePreferMMSDiffRatherThanSameClub": (int_in(0, 99), "groups of score worth avoiding a club-mate"),
        "paiStandardNX1Factor": (_factor, "concavity of the weights"),
        "exactWholeField": (_flag, "Tengen: the whole field in one exact matching (not OpenGotha's boards)"),
        TURKISH: (_flag, "Tengen: OpenGotha on a Turkish machine (keys with İ, clubs compared with ı)"),
    }
    return tuple(
        Param(key, defaults[key], parse, help_, late=key == TURKISH) for key, (parse, help_) in parsers.items()
    )


_COMMON: dict[str, Any] = {
    "categoryLimits": [],
    "clubsGroups": "",
    "genNBW2ValueAbsent": 0,
    "genNBW2ValueBye": 2,
    "genMMS2ValueAbsent": 1,
    "genMMS2ValueBye": 2,
    "genRoundDownNBWMMS": True,
    "genCountNotPlayedGamesAsHalfPoint": False,
    "hdBasedOnMMS": True,
    "hdNoHdRankThreshold": "1D",
    "hdCorrection": 1,
    "hdCeiling": 9,
    "paiBaAvoidDuplGame": 500_000_000_000_000,
    "paiBaRandom": 0,
    "paiBaDeterministic": True,
    "paiBaBalanceWB": 1_000_000,
    "paiMaAvoidMixingCategories": 0,
    "paiMaMinimizeScoreDifference": 100_000_000_000,
    "paiMaDUDDWeight": 100_000_000,
    "paiMaCompensateDUDD": True,
    "paiMaDUDDUpperMode": "MID",
    "paiMaDUDDLowerMode": "MID",
    "paiMaMaximizeSeeding": 5_000_000,
    "paiMaLastRoundForSeedSystem1": 2,
    "paiMaAdditionalPlacementCritSystem1": "Rating",
    "paiSeNbWinsThresholdActive": True,
    "paiSeBarThresholdActive": True,
    "paiSeMinimizeHandicap": 0,
    "paiSePreferMMSDiffRatherThanSameClub": 3,
    "paiStandardNX1Factor": 0.5,
    "exactWholeField": False,
    TURKISH: False,
}
MCMAHON_DEFAULTS: dict[str, Any] = {
    **_COMMON,
    "placementCriteria": ["MMS", "SOSM", "SOSOSM"],
    "genMMBar": "4D",
    "genMMFloor": "20K",
    "genMMZero": "30K",
    "paiMaSeedSystem1": "SPLITANDRANDOM",
    "paiMaSeedSystem2": "SPLITANDSLIP",
    "paiMaAdditionalPlacementCritSystem2": "NULL",
    "paiSeRankThreshold": "1D",
    "paiSeNbWinsThresholdActive": False,
    "paiSeDefSecCrit": 100_000_000_000,
    "paiSeAvoidSameGeo": 100_000_000_000,
    "paiSePreferMMSDiffRatherThanSameCountry": 1,
}
"""OpenGotha 3.51's McMahon defaults (``initForMM``), with the file reader's defaults where the
two differ only in what a saved file always states."""
SWISS_DEFAULTS: dict[str, Any] = {
    **_COMMON,
    "placementCriteria": ["NBW", "SOSW", "SOSOSW"],
    "genMMBar": "9D",
    "genMMFloor": "30K",
    "genMMZero": "30K",
    "hdBasedOnMMS": False,  # a trial: «да» offered where initForSwiss has false
    "hdCeiling": 0,
    "hdCorrection": 0,
    "hdNoHdRankThreshold": "30K",
    "paiMaSeedSystem1": "SPLITANDSLIP",
    "paiMaSeedSystem2": "SPLITANDSLIP",
    "paiMaAdditionalPlacementCritSystem2": "Rating",
    "paiSeRankThreshold": "30K",
    "paiSeDefSecCrit": 20_000_000_000_000,
    "paiSeAvoidSameGeo": 0,
    "paiSePreferMMSDiffRatherThanSameCountry": 0,
    "paiSePreferMMSDiffRatherThanSameClub": 0,
}
"""OpenGotha 3.51's Swiss defaults (``initForSwiss``)."""

MCMAHON_PARAMS = _params(MCMAHON_DEFAULTS)
SWISS_PARAMS = _params(SWISS_DEFAULTS)
PARAM_KEYS = tuple(p.key for p in MCMAHON_PARAMS)


@dataclass(frozen=True)
class Rules:
    """The parameters as OpenGotha computes with them."""

    rounds: int
    criteria: tuple[str, ...]
    category_limits: tuple[int, ...]
    """OpenGotha ranks: the lowest of each category but the last, strongest first."""
    clubs_groups: tuple[frozenset[str], ...]
    """Clubs (lower case) kept apart as one."""
    turkish: bool
    """OpenGotha on a Turkish machine: clubs and countries in its lower case (``ı``)."""
    mm_bar: int
    mm_floor: int
    mm_zero: int
    nbw2_absent: int
    nbw2_bye: int
    mms2_absent: int
    mms2_bye: int
    round_down: bool
    virtual: bool
    hd_on_mms: bool
    hd_threshold: int
    hd_correction: int
    hd_ceiling: int
    duplicate: int
    random: int
    deterministic: bool
    balance: int
    mixing: int
    score_difference: int
    dudd: int
    compensate: bool
    dudd_upper: str
    dudd_lower: str
    seeding: int
    last_round_seed1: int
    """0-based, as OpenGotha keeps it (the file says one more)."""
    seed1: str
    seed2: str
    extra1: str
    extra2: str
    se_rank_threshold: int
    se_wins_threshold: bool
    se_bar_threshold: bool
    handicap_weight: int
    geo_weight: int
    country_factor: int
    club_factor: int
    nx1: float
    exact_whole_field: bool
    """Tengen's own: the whole field in one exact matching instead of OpenGotha's groups and ties."""

    @cached_property
    def main(self) -> str:
        """The main score: the first of NBW, MMS or CPS among the criteria, else NBW
        (``mainCriterion``); kept, as the scores read it for every player and round."""
        return next((c for c in self.criteria if c in MAIN_SCORES), "NBW")

    @property
    def categories(self) -> int:
        return len(self.category_limits) + 1

    @property
    def mcmahon(self) -> bool:
        """OpenGotha's tournament type: McMahon when MMS is the first criterion."""
        return self.criteria[0] == "MMS"


def rules(params: Mapping[str, Any], rounds: int) -> Rules:
    """``Rules`` of a tournament's stored parameters."""

    def rank(key: str) -> int:
        return og_rank(parse_rank(str(params[key])))

    turkish = bool(params.get(TURKISH, False))
    return Rules(
        rounds=rounds,
        criteria=tuple(params["placementCriteria"]),
        category_limits=tuple(og_rank(parse_rank(str(limit))) for limit in params.get("categoryLimits", [])),
        clubs_groups=tuple(
            frozenset(java_lower(club, turkish) for club in group.split("|"))
            for group in params.get("clubsGroups", "").split(";")
            if group
        ),
        turkish=turkish,
        mm_bar=rank("genMMBar"),
        mm_floor=rank("genMMFloor"),
        mm_zero=rank("genMMZero"),
        nbw2_absent=params["genNBW2ValueAbsent"],
        nbw2_bye=params["genNBW2ValueBye"],
        mms2_absent=params["genMMS2ValueAbsent"],
        mms2_bye=params["genMMS2ValueBye"],
        round_down=params["genRoundDownNBWMMS"],
        virtual=params["genCountNotPlayedGamesAsHalfPoint"],
        hd_on_mms=params["hdBasedOnMMS"],
        hd_threshold=rank("hdNoHdRankThreshold"),
        hd_correction=params["hdCorrection"],
        hd_ceiling=params["hdCeiling"],
        duplicate=params["paiBaAvoidDuplGame"],
        random=params["paiBaRandom"],
        deterministic=params["paiBaDeterministic"],
        balance=params["paiBaBalanceWB"],
        mixing=params["paiMaAvoidMixingCategories"],
        score_difference=params["paiMaMinimizeScoreDifference"],
        dudd=params["paiMaDUDDWeight"],
        compensate=params["paiMaCompensateDUDD"],
        dudd_upper=params["paiMaDUDDUpperMode"],
        dudd_lower=params["paiMaDUDDLowerMode"],
        seeding=params["paiMaMaximizeSeeding"],
        last_round_seed1=params["paiMaLastRoundForSeedSystem1"] - 1,
        seed1=params["paiMaSeedSystem1"],
        seed2=params["paiMaSeedSystem2"],
        extra1=params["paiMaAdditionalPlacementCritSystem1"],
        extra2=params["paiMaAdditionalPlacementCritSystem2"],
        se_rank_threshold=rank("paiSeRankThreshold"),
        se_wins_threshold=params["paiSeNbWinsThresholdActive"],
        se_bar_threshold=params["paiSeBarThresholdActive"],
        handicap_weight=params["paiSeMinimizeHandicap"],
        geo_weight=params["paiSeAvoidSameGeo"],
        country_factor=params["paiSePreferMMSDiffRatherThanSameCountry"],
        club_factor=params["paiSePreferMMSDiffRatherThanSameClub"],
        nx1=params["paiStandardNX1Factor"],
        exact_whole_field=params.get("exactWholeField", False),
    )


def defaults_for(criteria: Sequence[str]) -> dict[str, Any]:
    """The defaults of the scheme whose main score the criteria name."""
    main = next((c for c in criteria if c in MAIN_SCORES), "NBW")
    return dict(MCMAHON_DEFAULTS if main == "MMS" else SWISS_DEFAULTS)
