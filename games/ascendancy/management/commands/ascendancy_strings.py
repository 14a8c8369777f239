"""``manage.py ascendancy_strings`` writes ``games/ascendancy/strings.py``: the Ascendancy engine's texts and the
names in its data files (civilizations, advancements, systems, exploration cards, fleets, agendas), for
makemessages (how and when to run it: ``games/management/strings_module.py``).
"""

from __future__ import annotations

from games.management import strings_module

TARGET = strings_module.path("ascendancy")


def collect() -> list[tuple[str, str]]:
    """(where, text) for every engine text and data name, in a stable order, without repeats."""
    from games.ascendancy import presenter
    from games.ascendancy.engine import messages

    texts = strings_module.EngineTexts(messages)
    for ident, name in presenter.data_names():
        texts.add(f"name {ident}", name)
    return texts.found


def plurals() -> list[tuple[str, str, str]]:
    """(where, singular, plural) for every counted noun of the engine's texts (``messages.NOUNS``)."""
    from games.ascendancy.engine import messages

    return [(f"NOUNS.{key}", one, many) for key, (one, many) in messages.NOUNS.items()]


def render() -> str:
    return strings_module.source("ascendancy_strings", "Ascendancy texts and names", collect(), plurals())


class Command(strings_module.WriteStringsCommand):
    help = "Write games/ascendancy/strings.py from the Ascendancy engine's texts and data names."
    target = TARGET

    def render(self) -> str:
        return render()
