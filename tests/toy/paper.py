"""The toy scheme's paperwork: the play-off's card and rating columns (they read only the
games), the standings list as its final table."""

from __future__ import annotations

from paperwork.per_scheme.playoff import card, free_mark, rating_info
from paperwork.scheme_paper import SchemePaper
from paperwork.tables import standings

PAPER = SchemePaper(card, standings, "Pl W Seed G", rating_info, free_mark, lambda _params: 0)
