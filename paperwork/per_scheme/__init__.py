"""Each scheme's paperwork, one module per scheme: its card face, its final table, its
columns and marks in the rating-commission table, how its main value is written."""

from __future__ import annotations

from paperwork.per_scheme import fors, gamma, gotha, playoff, round_robin, sport_handicap
from paperwork.scheme_paper import SchemePaper
from schemes.state.model import Tournament

PAPER: dict[str, SchemePaper] = {
    "gamma": gamma.PAPER,
    "sport-handicap": sport_handicap.PAPER,
    "fors": fors.PAPER,
    "round-robin": round_robin.PAPER,
    "mcmahon": gotha.MCMAHON,
    "swiss": gotha.SWISS,
    "playoff": playoff.PAPER,
}


def paper(tournament: Tournament) -> SchemePaper:
    return PAPER[tournament.settings.scheme]
