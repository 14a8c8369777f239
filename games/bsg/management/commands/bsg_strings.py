"""``manage.py bsg_strings`` writes ``games/bsg/strings.py``: the Battlestar Galactica engine's texts and the names
the board shows from its data files (locations, ships, space areas, skill types and cards, Loyalty cards, jump
track spaces), for makemessages (how and when to run it: ``games/management/strings_module.py``).
"""

from __future__ import annotations

from games.management import strings_module

TARGET = strings_module.path("bsg")


def collect() -> list[tuple[str, str]]:
    """(where, text) for every engine text and data name, in a stable order, without repeats."""
    from games.bsg import presenter
    from games.bsg.engine import messages

    texts = strings_module.EngineTexts(messages)
    for ident, name in presenter.data_names():
        texts.add(f"name {ident}", name)
    return texts.found


def render() -> str:
    return strings_module.source("bsg_strings", "Battlestar Galactica texts and names", collect())


class Command(strings_module.WriteStringsCommand):
    help = "Write games/bsg/strings.py from the Battlestar Galactica engine's texts and data names."
    target = TARGET

    def render(self) -> str:
        return render()
