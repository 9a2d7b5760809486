"""The app's screens, one module each."""
