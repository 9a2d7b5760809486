"""The tournament systems, each standing alone: a module (or a package) per system."""
