"""Java's ``toUpperCase`` and ``toLowerCase`` in the locale of the machine that runs OpenGotha.

OpenGotha names a player by his surname and first name in upper case, and compares clubs
and countries in lower case, in its machine's default locale.  A Turkish machine's Java
dots the ``i`` in upper case (``İ``) and takes the dot off the ``I`` in lower case (``ı``):
its keys and its clubs are not an English machine's, and its referee — who switches to
Tengen with his files — pairs and reads them as his OpenGotha does.
"""

from __future__ import annotations


def java_upper(text: str, turkish: bool = False) -> str:
    """``text.toUpperCase()``: ``i`` is ``İ`` in Turkish (and ``ı`` is ``I`` in both)."""
    return (text.replace("i", "İ") if turkish else text).upper()


def java_lower(text: str, turkish: bool = False) -> str:
    """``text.toLowerCase()``: ``I`` is ``ı`` and ``İ`` is ``i`` in Turkish."""
    return (text.replace("I", "ı").replace("İ", "i") if turkish else text).lower()
