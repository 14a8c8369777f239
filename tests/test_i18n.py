"""The Italian catalogue is complete, compiled, and covers every platform error code."""

from __future__ import annotations

import ast
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.utils import translation

from games.messages import ERROR_MESSAGES, error_message

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def _text(quoted: list[str]) -> str:
    return "".join(ast.literal_eval(s) for s in quoted)


def _parse_po(path: Path) -> list[Entry]:
    """A small .po reader: enough for the checks below (no polib on a fresh machine)."""
    entries: list[Entry] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry = Entry()
        current: str | None = None
        strings: dict[str, list[str]] = {}
        for line in block.splitlines():
            if line.startswith("#~"):
                entry.obsolete = True
                continue
            if line.startswith("#,"):
                entry.flags |= {f.strip() for f in line[2:].split(",")}
                continue
            if line.startswith("#") or not line.strip():
                continue
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if match:
                current = match.group(1)
                strings[current] = [match.group(2)]
            elif current is not None:
                strings[current].append(line)
        if "msgid" not in strings:
            if entry.obsolete:
                entries.append(entry)
            continue

        entry.msgid = _text(strings["msgid"])
        entry.msgid_plural = _text(strings["msgid_plural"]) if "msgid_plural" in strings else None
        entry.msgctxt = _text(strings["msgctxt"]) if "msgctxt" in strings else None
        entry.msgstr = [_text(strings[k]) for k in sorted(strings) if k.startswith("msgstr")]
        entries.append(entry)
    return entries


ENTRIES = [e for e in _parse_po(PO) if e.msgid and not e.obsolete]


def test_the_catalogue_has_entries():
    assert len(ENTRIES) > 100


def test_the_catalogue_header_is_italian():
    assert '"Language: it\\n"' in PO.read_text(encoding="utf-8")
    header = _parse_po(PO)[0]
    assert "fuzzy" not in header.flags


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.msgid[:50])
def test_every_message_is_translated_and_not_fuzzy(entry: Entry):
    assert "fuzzy" not in entry.flags
    assert entry.msgstr and all(s.strip() for s in entry.msgstr)


def test_no_obsolete_entries_linger():
    assert not [e for e in _parse_po(PO) if e.obsolete]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.msgid[:50])
def test_placeholders_survive_translation(entry: Entry):
    pattern = re.compile(r"%\(\w+\)s|\{\w+\}")
    expected = sorted(pattern.findall(entry.msgid_plural or entry.msgid))
    for msgstr in entry.msgstr:
        assert sorted(pattern.findall(msgstr)) == expected or entry.msgid_plural, msgstr


def test_the_compiled_catalogue_matches_the_source():
    """The committed .mo is what the site loads (no gettext tools on a fresh machine): it must be fresh."""
    with MO.open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    for entry in ENTRIES:
        if entry.msgid_plural is not None:
            assert compiled.ngettext(entry.msgid, entry.msgid_plural, 1) == entry.msgstr[0]
            continue
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        assert compiled._catalog.get(key) == entry.msgstr[0], entry.msgid  # type: ignore[attr-defined]


def _raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in [
        ROOT / "games" / "services.py",
        ROOT / "games" / "engine" / "core" / "rules.py",
        ROOT / "games" / "moderation.py",
    ]:
        codes |= set(re.findall(r'IllegalCommand\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    codes |= set(
        re.findall(r'super\(\).__init__\("([a-z_]+)"\)', (ROOT / "games" / "services.py").read_text())
    )
    return codes


def test_every_platform_error_code_has_a_message():
    missing = _raised_codes() - set(ERROR_MESSAGES)
    assert not missing


@pytest.mark.parametrize("code", sorted(ERROR_MESSAGES))
def test_every_error_message_is_translated(code: str):
    with translation.override("it"):
        italian = error_message(code, {})
    with translation.override("en"):
        english = error_message(code, {})
    assert italian != english or code in {"bad_request"}


def test_error_messages_are_filled_and_tolerate_missing_params():
    with translation.override("it"):
        assert error_message("seat_taken", {"position": 3}) == "Il posto 3 è già occupato."
        assert error_message("seat_taken", {}) == "Il posto ? è già occupato."


def test_an_engine_code_falls_back_to_the_engines_template():
    text = error_message("quadrant_blocked", {"q": 4}, fallback="Quadrant {q} is blocked.")
    assert text == "Quadrant 4 is blocked."
    assert "quadrant_blocked" in error_message("quadrant_blocked", {})


def test_engine_option_labels_come_from_the_engines_texts():
    from games.kemble.engine import messages as kemble_messages
    from games.messages import option_choices, option_label, option_value_label

    spec = {"name": "wingmen", "type": "bool", "default": False, "label": "option_wingmen"}
    assert option_label("kemble", spec) == kemble_messages.OPTIONS["option_wingmen"]
    assert option_value_label("kemble", spec, True) == "yes"
    choice = {
        "name": "fire_action",
        "type": "choice",
        "default": "one_weapon",
        "choices": ["one_weapon", "volley"],
    }
    assert option_choices("kemble", choice) == [
        ("one_weapon", kemble_messages.CHOICES["fire_action.one_weapon"]),
        ("volley", kemble_messages.CHOICES["fire_action.volley"]),
    ]
    assert option_label("nogame", {"name": "x", "label": "option_big_map"}) == "Big map"


def test_option_choices_use_the_engines_choice_texts():
    from games.engine import registry
    from games.messages import option_choices

    rules = registry.get("kemble")
    spec = next(o for o in rules.option_schema() if o["name"] == "fire_action")
    labels = dict(option_choices("kemble", spec))
    assert labels["one_weapon"].startswith("One weapon per fire action")


TRANSLATING = {"gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy", "ngettext_lazy", "gettext_noop", "_"}


def test_no_text_to_translate_is_written_inside_an_f_string():
    """makemessages (xgettext) does not look inside f-strings: a ``{ngettext("...", ...)}`` there would
    drop out of the catalogue at the next makemessages, and the page would fall back to English."""
    found = []
    for path in sorted([*ROOT.glob("games/**/*.py"), *ROOT.glob("accounts/**/*.py"), *ROOT.glob("config/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id in TRANSLATING
                    and call.args
                    and isinstance(call.args[0], ast.Constant)
                ):
                    found.append(f"{path.relative_to(ROOT)}:{call.lineno}: {call.args[0].value!r}")
    assert not found
