"""The tournament systems: pure rules over the replayed event log, no I/O.

``model`` holds the state, ``events`` and ``replay`` the log and its reducer,
``history`` undo and redo, ``actions`` what a referee can do; each scheme module
pairs rounds and orders players.
"""
