"""``manage.py bsg_strings`` writes ``games/bsg/strings.py``: the Battlestar Galactica engine's texts and the names
the board shows from its data files (locations, ships, space areas, skill types and cards, Loyalty cards, jump
track spaces) and the rules texts it shows from them (cards, locations, character abilities), for makemessages
(how and when to run it: ``games/management/strings_module.py``).
"""

from __future__ import annotations

from games.management import strings_module

TARGET = strings_module.path("bsg")


def collect() -> list[tuple[str, str]]:
    """(where, text) for every engine text, data name and data rules text, in a stable order, without repeats."""
    from games.bsg import presenter
    from games.bsg.engine import messages

    texts = strings_module.EngineTexts(messages)
    for ident, name in presenter.data_names():
        texts.add(f"name {ident}", name)
    for ident, text in presenter.data_texts():
        texts.add(f"text {ident}", text)
    return texts.found


def render() -> str:
    return strings_module.source(
        "bsg_strings", "Battlestar Galactica texts, names and rules texts", collect()
    )


class Command(strings_module.WriteStringsCommand):
    help = "Write games/bsg/strings.py from the Battlestar Galactica engine's texts and data names and texts."
    target = TARGET

    def render(self) -> str:
        return render()
