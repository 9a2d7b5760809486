"""The hall: laptops sharing one tournament's events over git (``../shared/spec/hall.md``)."""
