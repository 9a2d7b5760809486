"""The players' pages: read-only HTML for the phones and the projector, over the hall's network."""
