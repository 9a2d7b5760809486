"""The hall: laptops sharing one tournament's events over git (``../shared/spec/hall.md``).

The git library's own words on a damaged repository (``ref … points at non-present sha``, a
logged warning and a Python warning) are English, on stderr, and under the app's screen; the
hall says each damage itself, in one line of the referee's language, so they are kept quiet.
"""

import logging
import warnings

logging.getLogger("dulwich").setLevel(logging.ERROR)
warnings.filterwarnings("ignore", message="ref .* points at non-present sha", category=UserWarning, module="dulwich")
