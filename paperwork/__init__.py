"""PDF paperwork (fpdf2, with a shipped Cyrillic font) and, later, the rating-commission table.

Each document module turns the replayed tournament into pages; ``build`` is the one
entry the command line and the app use.
"""
