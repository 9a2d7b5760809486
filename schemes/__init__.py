"""The rules: pure functions over the replayed event log, no I/O.

``log`` holds the events, their reducer, undo and redo and what a referee can do;
``state`` the tournament the replay leaves; ``systems`` each scheme, built on ``base``;
``values``, ``algorithms`` and ``awards`` what they share; ``registry`` lists the schemes
(docs/architecture.md draws the tree).
"""
