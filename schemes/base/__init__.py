"""What every tournament system is built on: the scheme protocol and the Swiss-like template."""
