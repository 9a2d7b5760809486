import sys

from tui.start import main

sys.exit(main())
