"""What a table hands out beyond places: prizes and team standings."""
