"""``manage.py kemble_strings`` writes ``games/kemble/strings.py``: the Kemble engine's texts
and card names, for makemessages (how and when to run it: ``games/management/strings_module.py``).
"""

from __future__ import annotations

from games.management import strings_module

TARGET = strings_module.path("kemble")


def collect() -> list[tuple[str, str]]:
    """(where, text) for every engine text and card name, in a stable order, without repeats."""
    from games.kemble.engine import messages
    from games.kemble.engine.content import CONTENT, _read

    texts = strings_module.EngineTexts(messages)
    for card in CONTENT.cards.values():
        if not card.boss:
            texts.add(f"space card {card.id}", card.name)
    for boss in CONTENT.bosses.values():
        texts.add(f"boss {boss.id}", boss.name)
    for raw in _read("bosses.json"):
        texts.add(f"boss warning {raw['warning']['id']}", raw["warning"].get("name"))
    for raw in _read("mini_bosses.json"):
        texts.add(f"mini boss {raw['id']}", raw.get("name"))
    for pid, p in sorted(CONTENT.powerups.items()):
        texts.add(f"power-up {pid.split('#')[0]}", p.name)
    for goal in [*CONTENT.missions.values(), *CONTENT.achievements.values()]:
        texts.add(f"goal {goal.id}", goal.name)
    for sid, scenario in CONTENT.solo.items():
        texts.add(f"solo scenario {sid}", scenario.get("name"))
    return texts.found


def render() -> str:
    return strings_module.source("kemble_strings", "The Kemble engine's English texts", collect())


class Command(strings_module.WriteStringsCommand):
    help = "Write games/kemble/strings.py from the Kemble engine's texts and card data."
    target = TARGET

    def render(self) -> str:
        return render()
