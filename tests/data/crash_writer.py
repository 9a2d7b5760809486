"""Child process of the crash test: appends registrations until it is killed."""

import sys

from data import state_cache
from data.ledger import Ledger
from schemes.log import actions

state_cache.WORTH_KEEPING, state_cache.STALE_TAIL = 1, 3  # a state kept at nearly every start

with Ledger(sys.argv[1], writable=True) as ledger:
    print("ready", flush=True)
    for i in range(100_000):
        ledger.commit(actions.register(ledger.events, surname=f"P{len(ledger.events)}", rating=1000 + i % 1000))
