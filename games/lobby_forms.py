"""Forms of the lobby: create a table (with the chosen game's options), take or change a seat, close.

The forms only parse. Whether a combination of options is allowed is the engine's call, made in
``services.table_create``; its refusal is put back on the form with ``add_refusal``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.text import single_line
from games.engine.core import IllegalCommand, Rules
from games.messages import ERROR_MESSAGES, error_message, game_name, option_choices, option_label

OPTION_PREFIX = "opt_"


def _engine_template(exc: IllegalCommand, game: str) -> str | None:
    try:
        from games.engine import registry
        from games.presenters import presenter_for

        return presenter_for(game).error_template(registry.get(game), exc.code)
    except (LookupError, ImportError):
        return None


def refusal_text(exc: IllegalCommand, game: str) -> str:
    """The translated sentence for a refusal, with the engine's own template as the fallback."""
    return error_message(exc.code, exc.params, fallback=_engine_template(exc, game), game=game)


def lowest_players(rules: Rules) -> int:
    """The fewest players the form offers: ``min_players``, or fewer where the engine plays them only with
    an option (Ascendancy's 1-2 players against the Borg, ``borg_min_players``, RULINGS B40). The engine
    refuses such a count without its option when the table is created, and the form shows why."""
    fewer = getattr(rules, "borg_min_players", None)
    return min(rules.min_players, fewer) if isinstance(fewer, int) and fewer >= 1 else rules.min_players


@dataclass
class OptionField:
    """An option's form field, with the player counts it applies to (empty: every count)."""

    field: forms.BoundField
    players: list[int]

    @property
    def players_text(self) -> str:
        return ", ".join(str(n) for n in self.players)


class TableCreateForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    #: The game whose options the page showed; when the player switched game without scripts, the form
    #: is shown again with the new game's options instead of creating a table with guessed ones.
    shown_game = forms.CharField(widget=forms.HiddenInput, required=False)
    num_players = forms.TypedChoiceField(label=_("Number of players"), coerce=int)
    title = forms.CharField(
        label=_("Title"),
        max_length=80,
        required=False,
        validators=[single_line],
        help_text=_("Optional, for example “Friday night” or “Beginners welcome”."),
    )
    is_private = forms.BooleanField(
        label=_("Private table"),
        required=False,
        help_text=_("Not listed in the lobby: players join through the invite link you share."),
    )

    def __init__(self, *args: Any, rules_list: Sequence[Rules], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules_by_slug = {r.slug: r for r in rules_list}
        self.fields["game"].choices = [(r.slug, game_name(r.slug, r)) for r in rules_list]
        wanted = self.data.get("game") if self.is_bound else self.initial.get("game")
        if wanted not in self.rules_by_slug:
            wanted = rules_list[0].slug if rules_list else None
        self.rules: Rules | None = self.rules_by_slug.get(wanted) if wanted else None
        self.initial.setdefault("game", wanted)
        self.initial["shown_game"] = wanted
        self.option_specs: list[Mapping[str, Any]] = []
        self._option_values: dict[str, dict[str, Any]] = {}
        if self.rules is None:
            return
        rules = self.rules
        self.fields["num_players"].choices = [
            (n, str(n)) for n in range(lowest_players(rules), rules.max_players + 1)
        ]
        self.initial.setdefault("num_players", rules.default_players())
        if rules.factions:
            self.fields["faction"] = forms.ChoiceField(
                label=_("Your faction"),
                required=False,
                choices=[("", _("Choose later")), *((f, gettext(f)) for f in rules.factions)],
            )
        for spec in rules.option_schema():
            self._add_option_field(spec)

    @classmethod
    def shown_again(cls, query: Mapping[str, Any], *, rules_list: Sequence[Rules]) -> TableCreateForm:
        """The form shown again, unbound, with the choices a GET carries: just the game when the game
        was switched, else everything on the page (the player count was changed)."""
        form = cls(initial={"game": query.get("game")}, rules_list=rules_list)
        if form.rules is None or query.get("shown_game") != form.rules.slug:
            return form
        initial: dict[str, Any] = {"game": form.rules.slug}
        for name, field in form.fields.items():
            if isinstance(field, forms.BooleanField):
                initial[name] = name in query  # an unticked box is not sent
            elif name in query and name not in ("game", "shown_game"):
                initial[name] = str(query.get(name))[:100]
        return cls(initial=initial, rules_list=rules_list)

    def _add_option_field(self, spec: Mapping[str, Any]) -> None:
        name = OPTION_PREFIX + spec["name"]
        slug = self.rules.slug if self.rules else ""
        label = option_label(slug, spec)
        help_id = spec.get("help")
        help_text = option_label(slug, {"name": help_id, "label": help_id}) if help_id else ""
        # An option the game lists but does not offer yet (an expansion still being built) is shown greyed
        # out: a disabled field keeps its default whatever a post says.
        disabled = bool(spec.get("unavailable"))
        if spec["type"] == "bool":
            self.fields[name] = forms.BooleanField(
                label=label, required=False, initial=bool(spec["default"]), help_text=help_text, disabled=disabled
            )
        elif spec["type"] == "choice":
            items = option_choices(slug, spec)
            self._option_values[name] = {str(value): value for value, _label in items}
            self.fields[name] = forms.ChoiceField(
                label=label,
                required=False,
                choices=[(str(v), lab) for v, lab in items],
                initial=str(spec["default"]),
                help_text=help_text,
                disabled=disabled,
            )
        elif spec["type"] == "int":  # a whole number within min..max; empty: the game's default (may be None)
            self.fields[name] = forms.IntegerField(
                label=label,
                required=False,
                initial=spec["default"],
                help_text=help_text,
                # no validators: the engine refuses a value out of range with the option's own words
                widget=forms.NumberInput(attrs={"min": spec["min"], "max": spec["max"], "step": 1}),
            )
        else:  # an option type this form does not know: leave it at the game's default
            return
        self.option_specs.append(spec)

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + spec["name"]] for spec in self.option_specs]

    @property
    def chosen_players(self) -> int | None:
        """The player count the form shows (posted, else proposed); None if it is not a number."""
        raw = self.data.get("num_players") if self.is_bound else self.initial.get("num_players")
        try:
            return int(raw) if raw not in (None, "") else None
        except (TypeError, ValueError):
            return None

    @property
    def option_groups(self) -> dict[str, list[OptionField]]:
        """The option fields by where the page shows them, for the chosen player count: ``main`` (they
        apply and matter), ``details`` (rulebook details, folded away) and ``other_counts`` (they apply
        to other player counts only, folded away). Every field stays in the form, so a post without
        scripts keeps its choices; the engine still refuses a wrong mix when the table is created."""
        groups: dict[str, list[OptionField]] = {"main": [], "details": [], "other_counts": []}
        n = self.chosen_players
        for spec in self.option_specs:
            counts = list(spec.get("players") or ())
            field = OptionField(self[OPTION_PREFIX + spec["name"]], counts)
            if counts and n not in counts:
                groups["other_counts"].append(field)
            elif spec.get("detail"):
                groups["details"].append(field)
            else:
                groups["main"].append(field)
        return groups

    @property
    def game_switched(self) -> bool:
        """The player picked another game than the one whose options were on the page."""
        return self.is_bound and self.data.get("shown_game", "") != self.data.get("game", "")

    def options(self) -> dict[str, Any]:
        """The chosen options, typed as the engine's schema declares them."""
        out: dict[str, Any] = {}
        for spec in self.option_specs:
            name = OPTION_PREFIX + spec["name"]
            value = self.cleaned_data.get(name)
            if spec["type"] == "choice":
                value = self._option_values[name].get(str(value), spec["default"])
            elif spec["type"] == "int" and value is None:
                value = spec["default"]
            out[spec["name"]] = bool(value) if spec["type"] == "bool" else value
        return out

    def add_refusal(self, exc: IllegalCommand) -> None:
        """Show the engine's or the platform's refusal next to the field it is about."""
        field: str | None = None
        option = exc.params.get("option")
        if exc.code == "bad_player_count" or (option is None and "players" in exc.params):
            field = "num_players"  # a count the game plays only with some option (borg_required)
        elif option is not None and OPTION_PREFIX + str(option) in self.fields:
            field = OPTION_PREFIX + str(option)
        elif exc.code in ("unknown_faction", "faction_taken") and "faction" in self.fields:
            field = "faction"
        elif exc.code == "unknown_game":
            field = "game"
        slug = self.rules.slug if self.rules else ""
        text = refusal_text(exc, slug)
        if exc.code not in ERROR_MESSAGES and not _engine_template(exc, slug):
            # An engine code without a text of its own: say at least what it is about.
            text = gettext("The game does not allow this combination of players and options (%(code)s).") % {
                "code": exc.code
            }
        if exc.rule:
            text = gettext("%(message)s (rule %(rule)s)") % {"message": text, "rule": exc.rule}
        self.add_error(field, text)


class SeatForm(forms.Form):
    """Take or change a seat. ``position`` is the engine's seat number (0-based); both are optional."""

    position = forms.IntegerField(required=False, min_value=0, max_value=99)
    faction = forms.CharField(required=False, max_length=40)
    invite = forms.CharField(required=False, max_length=64)

    def faction_value(self) -> str | None:
        """None when the post did not mention a faction (keep the current one)."""
        if "faction" not in self.data:
            return None
        return self.cleaned_data.get("faction", "")


class ResignForm(forms.Form):
    idempotency_key = forms.UUIDField(required=False)


class CloseForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300, required=True)


class InviteForm(forms.Form):
    """The invite page's one field: the token from the link's fragment (filled by app.js, or pasted)."""

    token = forms.CharField(
        label=_("Invite code"),
        max_length=64,
        help_text=_("The part of the invite link after “#”."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "data-invite-from-fragment": ""}),
    )
