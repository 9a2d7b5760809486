"""The referee's interfaces: the ``tengen`` command line and the Textual app."""
