"""The values a tournament is made of: ranks, names, dates, texts, time controls, places."""
