"""When two player names look alike: a skeleton of each name, equal for names a reader could confuse.

``skeleton`` follows the idea of Unicode's confusable skeletons (UTS #39) for the look-alikes that matter
on a Latin-script site: NFKC (full-width and styled letters become plain ones), no invisible characters
or accents, case folded, the common Cyrillic and Greek look-alikes of Latin letters mapped to them, and
the Latin look-alikes of each other (``I``/``l``/``1``, ``0``/``o``, ``rn``/``m``, ``vv``/``w``) made
one. Spaces and punctuation are dropped (``a.lice``, ``a lice``). Two players may not have names with the
same skeleton: not as usernames, not as display names, not one as the other's.
"""

from __future__ import annotations

import unicodedata

# Capitals first: Greek Eta ("Η") reads as Latin H, but folds to "η", which reads as n.
_UPPER = {
    # Cyrillic
    "А": "a", "В": "b", "Е": "e", "Ѐ": "e", "Ё": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p",
    "С": "c", "Т": "t", "Х": "x", "У": "y", "Ү": "y", "І": "l", "Ї": "l", "Ј": "j", "Ѕ": "s", "Ԛ": "q",
    "Ԝ": "w", "Ӏ": "l", "З": "3", "Ь": "b",
    # Greek
    "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "l", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o",
    "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x", "Ϲ": "c", "Ϳ": "j",
}
_LOWER = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ѐ": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "х": "x", "у": "y", "ү": "y", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ɡ": "g", "ь": "b", "з": "3", "п": "n", "г": "r",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j", "ω": "w",
    # Latin look-alikes of each other
    "ı": "i", "ȷ": "j", "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ß": "ss",
    "0": "o", "1": "l", "i": "l", "|": "l", "!": "l", "$": "s", "@": "a", "5": "s",
}
_SEQUENCES = (("rn", "m"), ("vv", "w"))


def skeleton(name: str) -> str:
    """What ``name`` looks like; names a reader could take for each other have the same skeleton."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(_UPPER.get(ch, ch) for ch in text)
    # No accents, no invisible characters (zero-width joiners, direction marks, …).
    text = unicodedata.normalize("NFD", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Mn", "Me", "Cf", "Cc"))
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(_LOWER.get(ch, ch) for ch in text)
    text = "".join(ch for ch in text if ch.isalnum())
    for seq, single in _SEQUENCES:
        text = text.replace(seq, single)
    return text
