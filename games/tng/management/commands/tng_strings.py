"""``manage.py tng_strings`` writes ``games/tng/strings.py``: the TNG engine's texts
and card names and texts, for makemessages (how and when to run it: ``games/management/strings_module.py``).
"""

from __future__ import annotations

from games.management import strings_module

TARGET = strings_module.path("tng")


def collect() -> list[tuple[str, str]]:
    """(where, text) for every engine text, card name and card text, in a stable order, without repeats."""
    from games.tng.engine import messages
    from games.tng.engine.content import CONTENT
    from games.tng.presenter import RAW_TEXTS

    texts = strings_module.EngineTexts(messages)
    for card in CONTENT.cards.values():
        texts.add(f"card {card.id}", card.name)
    for cid, card_texts in sorted(RAW_TEXTS.items()):
        for key in ("text", "ability_text"):
            texts.add(f"card {cid} {key}", card_texts.get(key))
    return texts.found


def render() -> str:
    return strings_module.source("tng_strings", "The TNG engine's English texts", collect())


class Command(strings_module.WriteStringsCommand):
    help = "Write games/tng/strings.py from the TNG engine's texts and card data."
    target = TARGET

    def render(self) -> str:
        return render()
