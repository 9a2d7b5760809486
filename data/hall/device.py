"""This laptop's device id: random, drawn once, kept in the user's config folder."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from data.errors import TournamentFileError
from data.store import read_plain, write_atomically
from schemes.errors import InvalidEvent, Worded
from schemes.state.origin import check_device


def _folder() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tengen"


def device_file() -> Path:
    """Where the id is kept: a laptop made from a copy of another's settings has its id, and
    removing the file gives it one of its own."""
    return _folder() / "device"


def copied_settings() -> Worded:
    """What a laptop that has another's id does about it: said wherever the hall may have met
    two laptops of one id (a join again, a chain that differs, a join under another name)."""
    return Worded(
        "if this laptop was made from a copy of another's settings, remove {file}, and it joins with an id of its own",
        file=str(device_file()),
    )


def this_device() -> str:
    """The id, drawn and written the first time it is asked for."""
    path = device_file()
    try:  # a plain file, read without waiting and no further than an id: a link to /dev/zero
        # took every byte of memory, a pipe hung the app (an attack)
        return check_device(read_plain(path, 100, "a laptop's id").decode("ascii").strip())
    except FileNotFoundError:
        pass
    except (OSError, TournamentFileError, UnicodeDecodeError, InvalidEvent):
        pass  # a damaged id is drawn again: the laptop becomes a new device, nothing is lost
    path.parent.mkdir(parents=True, exist_ok=True)
    device = secrets.token_hex(16)
    write_atomically(path, device.encode("ascii") + b"\n", keep_backup=False)
    return device
