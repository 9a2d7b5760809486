"""The documents Tengen prints, by name (kept apart from the PDF code, so the command line can
offer them without loading fpdf2)."""

KINDS = ("cards", "protocol", "slips", "standings", "table", "registration", "teams")
