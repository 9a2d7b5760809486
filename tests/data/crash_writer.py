"""Child process of the crash tests: a fork server.  Its imports are made once; each request
on stdin forks a writer, so a test kills thirty writers without thirty interpreter starts
(which were most of its time).  A writer is a whole process like the command line's: it
opens the file itself, writes, and dies by the test's SIGKILL or by its own exit.

Requests, one per line, ``\\t``-separated:

- ``append PATH``: a writer appending registrations until killed; it prints ``ready PID``
  once it holds the file.
- ``tengen FOLDER ARG…``: the command line ``tengen ARG…`` run in ``FOLDER``; the server
  prints ``started PID``.
- ``wait PID``: the server waits for that writer and prints ``exited STATUS``.
"""

import os
import sys

from data import state_cache
from data.ledger import Ledger
from schemes.log import actions
from tui.cli import main


def append(path: str) -> None:
    state_cache.WORTH_KEEPING, state_cache.STALE_TAIL = 1, 3  # a state kept at nearly every start
    with Ledger(path, writable=True) as ledger:
        print(f"ready {os.getpid()}", flush=True)
        for i in range(100_000):
            ledger.commit(actions.register(ledger.events, surname=f"P{len(ledger.events)}", rating=1000 + i % 1000))


def tengen(folder: str, argv: list[str]) -> int:
    os.chdir(folder)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    sys.argv = ["tengen", *argv]  # the whole process, as the command line runs
    return main()


def serve() -> None:
    for line in sys.stdin:
        request, *words = line.rstrip("\n").split("\t")
        if request == "wait":
            _, status = os.waitpid(int(words[0]), 0)
            print(f"exited {status}", flush=True)
            continue
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                if request == "append":
                    append(words[0])
                else:
                    code = tengen(words[0], words[1:])
            finally:
                os._exit(code)
        if request == "tengen":
            print(f"started {pid}", flush=True)


serve()
