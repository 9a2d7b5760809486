"""General algorithms the systems use; they know nothing of a tournament."""
