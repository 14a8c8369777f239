"""Battlestar Galactica on the site: a table is created from the lobby's form (3-6 players, the engine's options,
its refusals translated), its board renders for every seat and a spectator in English and Italian as parts, offers
exactly one form per legal command, shows a seat its own Skill and Loyalty cards and never another seat's, and a
3-player game is played for several turns through the page's own forms (POSTs), through a skill check to which
every seat contributes."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.bsg.presenter import BsgPresenter, name_of
from games.engine import registry
from games.models import Event, Table
from games.presenters import presenter_for
from tests.support.pages import (
    leaks,
    legal_controls,
    logged_in_clients,
    posted_controls,
    random_step,
    seeded_table,
    table_page,
)
from tests.support.tables import run_automatic_steps, state_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
RULES = registry.get("bsg")


@pytest.fixture
def cast(alice, bob, charlie):  # type: ignore[no-untyped-def]
    return [alice, bob, charlie]


def _secrets(state: dict[str, Any], seat: int | None) -> set[str]:
    """The card ids ``seat`` must never see: the other seats' Skill, Loyalty, Quorum and Super Crisis cards, and
    every draw pile (Skill decks, Destiny, Loyalty, Crisis, Destination, Quorum, Galactica damage)."""
    decks = state["decks"]
    out: set[str] = set()
    for pile in decks["skill"].values():
        out |= set(pile)
    for name in ("destiny", "loyalty", "crisis", "super_crisis", "destination", "quorum", "galactica_damage"):
        out |= set(decks[name])
    for p in state["players"]:
        if p["seat"] != seat:
            out |= set(p["hand"]) | set(p["loyalty"]) | set(p["quorum"]) | set(p["super_crisis"])
    if state["check"] is not None:
        out |= set(state["check"]["destiny"])
        out |= {
            c
            for s, cards in state["check"]["played"].items()
            if seat is None or int(s) != seat
            for c in cards
        }
    if seat is not None:  # Quorum and Crisis copies share their id: one the seat holds is no secret to it
        me = state["players"][seat]
        out -= set(me["hand"]) | set(me["loyalty"]) | set(me["quorum"]) | set(me["super_crisis"])
        out -= set(state.get("known", {}).get(str(seat), []))  # the others' Loyalty cards it looked at (G35)
        if state["prompt"] is not None and state["prompt"].get("seat") == seat:
            out -= set(state["prompt"].get("cards") or ())
    return out


def _page(client: Client, table: Table) -> str:
    return table_page(client, table).replace("&#34;", "&quot;").replace("&#39;", "&#x27;")


def _check_page(client: Client, table: Table, seat: int | None) -> str:
    html = _page(client, table)
    state = state_of(table)
    for part in ("bsg-status", "bsg-crisis", "bsg-ships", "bsg-space", "bsg-players"):
        assert f'id="{part}"' in html
    assert ('id="bsg-hand"' in html) == (seat is not None)
    assert not leaks(html, _secrets(state, seat))
    if seat is not None:
        # one form per legal command, and one per interrupt the seat may send whoever the game waits for
        # (its own part: Religious Visions, a die card readied ahead, Zarek's reroll; RULINGS G37, G39, G41)
        interrupts = (
            [
                (c.kind, json.dumps(dict(c.args), sort_keys=True, separators=(",", ":")))
                for c in RULES.interrupts(state, seat)
            ]
            if table.status == Table.Status.ACTIVE
            else []
        )
        assert sorted(posted_controls(html)) == sorted(legal_controls(RULES, table, seat) + interrupts)
        me = state["players"][seat]
        for card in me["hand"] + me["loyalty"]:
            assert f'data-card="{card}"' in html  # my own cards, readable
    else:
        assert not posted_controls(html)
    return html


def _form_fields(html: str, kind: str, args: str) -> dict[str, str]:
    """The hidden fields of the page's form that posts (kind, args): what a browser would send."""
    for form in re.findall(r"<form[^>]*/command/[^>]*>.*?</form>", html, re.S):
        fields = {
            m.group(1): unescape(m.group(2)) for m in re.finditer(r'name="([a-z_]+)" value="([^"]*)"', form)
        }
        if fields.get("kind") == kind and fields.get("args") == args:
            return fields
    raise AssertionError(f"no form posts {kind} {args}")


# --- the lobby ------------------------------------------------------------------------------------------------


def test_the_lobby_offers_bsg_for_3_to_7_players_with_its_options(alice):
    client = logged_in_clients([alice])[0]
    body = client.get(reverse("table_create") + "?game=bsg").content.decode()
    assert "Battlestar Galactica" in body
    assert re.findall(r'<option value="(\d)"', body.split('name="num_players"')[1].split("</select>")[0]) == [
        "3",
        "4",
        "5",
        "6",
        "7",  # only with Pegasus and a Cylon Leader (R125), refused otherwise
    ]
    for name in ("pegasus", "exodus", "daybreak", "cylon_leader", "friendly_cylon", "ship_activation_limit",
                 "objective"):
        assert f'name="opt_{name}"' in body
    response = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "3"})
    table = Table.objects.get()
    assert response.status_code == 302 and table.game == "bsg" and table.num_players == 3
    assert table.options == {
        "pegasus": False, "exodus": False, "daybreak": False, "cylon_leader": False, "friendly_cylon": False,
        "exodus_cylon_fleet": False, "exodus_conflicted_loyalties": "off",
        "ship_activation_limit": "per_turn", "cylon_fleet_basestar_damage": "repaired",
        "cylon_fleet_nuke_eight": "every_ship", "objective": "kobol", "ionian_eliminated": "out"
    }
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'id="lobby-table-{table.pk}"' in lobby
    row = lobby.split(f'id="lobby-table-{table.pk}"')[1].split("</li>")[0].split("</tr>")[0]
    assert "Battlestar Galactica" in row and "1/3" in row


@pytest.mark.rules("bsg:R150")
def test_an_option_not_built_yet_is_greyed_out_and_a_refused_choice_is_refused_in_the_players_language(alice):
    alice.language = "it"
    alice.save()
    client = logged_in_clients([alice])[0]
    body = client.get(reverse("table_create") + "?game=bsg").content.decode()
    # the Ionian Nebula is a choice of the objective now (R146), its old bool module gone
    assert 'name="opt_exodus_ionian_nebula"' not in body and 'value="ionian_nebula"' in body
    cylon_fleet = re.search(r'<input[^>]*name="opt_exodus_cylon_fleet"[^>]*>', body)
    assert cylon_fleet is not None and "disabled" not in cylon_fleet.group(0)
    # A post that names the old module anyway (a hand-made one) is a table without it.
    made = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                  "opt_exodus_ionian_nebula": "on"})
    assert made.status_code == 302 and "exodus_ionian_nebula" not in Table.objects.get().options
    Table.objects.all().delete()
    # A choice the engine refuses (New Caprica without Pegasus) is refused in the player's language, with its rule.
    response = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "4",
                                                      "opt_objective": "new_caprica"})
    assert response.status_code == 200 and not Table.objects.exists()
    errors = " ".join(e for errs in response.context["form"].errors.values() for e in errs)
    assert "L'obiettivo Nuova Caprica richiede l'espansione Pegasus" in errors and "bsg:R150" in errors
    assert "Espansione Pegasus (la Pegasus" in response.content.decode()


def test_a_pegasus_table_is_created_and_seven_seats_need_a_cylon_leader(alice):
    alice.language = "it"
    alice.save()
    client = logged_in_clients([alice])[0]
    form = {"game": "bsg", "shown_game": "bsg", "num_players": "7", "opt_pegasus": "on"}
    response = client.post(reverse("table_create"), form)
    assert response.status_code == 200 and not Table.objects.exists()
    errors = " ".join(e for errs in response.context["form"].errors.values() for e in errs)
    assert "Una partita a 7 giocatori richiede" in errors and "bsg:R150" in errors
    response = client.post(reverse("table_create"), {**form, "opt_cylon_leader": "on"})
    table = Table.objects.get()
    assert response.status_code == 302 and table.num_players == 7
    assert table.options["pegasus"] and table.options["cylon_leader"] and not table.options["friendly_cylon"]


def test_a_table_for_two_is_refused(alice):
    client = logged_in_clients([alice])[0]
    response = client.post(reverse("table_create"), {"game": "bsg", "shown_game": "bsg", "num_players": "2"})
    assert response.status_code == 200 and not Table.objects.exists()
    assert "num_players" in response.context["form"].errors


# --- the board ------------------------------------------------------------------------------------------------


def test_every_seat_sees_its_own_cards_and_only_counts_of_the_others(cast, make_user):
    table = seeded_table("bsg", cast, seed=11)
    clients = logged_in_clients(cast)
    watcher = logged_in_clients([make_user("watcher")])[0]
    rnd = random.Random(3)
    for _ in range(60):  # characters, starting cards and the first turns
        run_automatic_steps(table)
        state = state_of(table)
        seats = sorted(RULES.seats_to_act(state))
        if not seats or table.status != Table.Status.ACTIVE:
            break
        seat = seats[0]
        html = _check_page(clients[seat], table, seat)
        kind, args = rnd.choice(posted_controls(html))
        response = clients[seat].post(
            reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
        )
        assert response.status_code == 200, response.content.decode()[:300]
    run_automatic_steps(table)
    state = state_of(table)
    assert state["phase"] == "turn"
    for seat, client in enumerate(clients):
        html = _check_page(client, table, seat)
        for other in state["players"]:
            if other["seat"] != seat:
                assert f"Skill cards: {len(other['hand'])}" in html
    _check_page(watcher, table, None)


def test_the_board_is_in_italian_for_an_italian_player(cast):
    bob = cast[1]
    bob.language = "it"
    bob.save()
    table = seeded_table("bsg", cast, seed=4)
    html = _page(logged_in_clients([bob])[0], table)
    assert "Carburante" in html and "Morale" in html and "Popolazione" in html
    assert "Lo vedi solo tu" in html
    assert "Percorso di salto" in html


def test_an_unknown_command_kind_gets_a_readable_default_label():
    from games.engine.core import Command

    presenter = presenter_for("bsg")
    assert isinstance(presenter, BsgPresenter)
    label = presenter.command_label(RULES, Command(0, "hail_the_fleet", {"area": "fore", "target": 1}), {})
    assert label == "Hail the fleet: area Fore, target Player 2"
    known = presenter.command_label(RULES, Command(0, "contribute", {"card": "repair.1.0"}), {})
    assert known == "Put Repair 1 into the check"
    send = presenter.command_label(RULES, Command(0, "choose_target", {"target": 2}), {})
    assert send == "Send Player 3"
    assert name_of("research_lab") == "Research Lab"


# --- a game through the page's forms ----------------------------------------------------------------------------


def _choose(
    controls: list[tuple[str, str]], state: dict[str, Any], seat: int, rnd: random.Random
) -> tuple[str, str]:
    """What a player picks: in a skill check one card, then done (so every seat contributes); else avoid ending
    the turn's action early, and otherwise anything."""
    kinds = {k for k, _ in controls}
    if "contribute" in kinds or "finish_contributing" in kinds:
        played = state["check"]["played"][str(seat)]
        wanted = "contribute" if not played and "contribute" in kinds else "finish_contributing"
        return next(c for c in controls if c[0] == wanted)
    preferred = [c for c in controls if c[0] not in ("pass_action",)] or controls
    return rnd.choice(preferred)


def test_a_three_player_game_through_the_pages_forms_with_a_skill_check_everyone_contributes_to(cast):
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients(cast)
    rnd = random.Random(7)
    seen_awaiting: set[int] = set()
    full_checks = 0
    attacks = 0
    for _ in range(400):
        run_automatic_steps(table)
        state = state_of(table)
        if table.status != Table.Status.ACTIVE:
            break
        seats = sorted(RULES.seats_to_act(state))
        seat = seats[0]
        html = _page(clients[seat], table)
        if state["check"] is not None and state["check"]["at"] < len(state["check"]["order"]):
            # The check's part names whose cards it awaits, the same for every viewer (not in the window after
            # the reveal, RULINGS G36).
            waiting = state["check"]["order"][state["check"]["at"]]
            assert f"The check awaits the cards of Player {waiting + 1} ({cast[waiting].username})" in html
            seen_awaiting.add(waiting)
        if 'data-type="cylon_attack"' in html:  # a Cylon attack Crisis: its ships are on the board (R601)
            attacks += 1
            assert 'class="bsg-basestar"' in html
        kind, args = _choose(posted_controls(html), state, seat, rnd)
        before = table.version
        response = clients[seat].post(
            reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
        )
        assert response.status_code == 200, response.content.decode()[:300]
        table.refresh_from_db()
        assert table.version == before + 1
        revealed = Event.objects.filter(table=table, kind="check_revealed").count()
        if revealed > full_checks:
            full_checks = revealed
        if state_of(table)["turn_no"] >= 5 and full_checks >= 1:
            break
    state = state_of(table)
    assert state["turn_no"] >= 5, "several turns were played"
    assert seen_awaiting == {0, 1, 2}
    assert attacks, "the seed's first Crisis card is a Cylon attack (Ambush)"
    # A check to which every seat put a card: each seat's "done" event of one check counted at least one card.
    done = list(
        Event.objects.filter(table=table, kind__in=["check_started", "check_contribution_done"])
        .order_by("seq")
        .values_list("kind", "data")
    )
    groups: list[dict[int, int]] = []
    for kind, data in done:
        if kind == "check_started":
            groups.append({})
        else:
            groups[-1][data["seat"]] = data["count"]
    assert any(set(g) == {0, 1, 2} and all(n >= 1 for n in g.values()) for g in groups), groups
    # The log reads as sentences with the seats' names.
    log = clients[0].get(reverse("table_log", args=[table.pk])).content.decode()
    assert "The check totals" in log and f"({cast[0].username})" in log


def test_a_contribution_out_of_turn_is_refused_with_the_rule(cast):
    table = seeded_table("bsg", cast, seed=7)
    clients = logged_in_clients(cast)
    rnd = random.Random(1)
    for _ in range(300):
        run_automatic_steps(table)
        state = state_of(table)
        if state["check"] is not None:
            break
        seat = sorted(RULES.seats_to_act(state))[0]
        html = _page(clients[seat], table)
        kind, args = _choose(posted_controls(html), state, seat, rnd)
        clients[seat].post(
            reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
        )
    state = state_of(table)
    assert state["check"] is not None
    waiting = state["check"]["order"][state["check"]["at"]]
    other = next(s for s in range(3) if s != waiting)
    card = state["players"][other]["hand"][0] if state["players"][other]["hand"] else "repair.1.0"
    seat_row = table.seats.get(position=other)
    response = clients[other].post(
        reverse("table_command", args=[table.pk]),
        {
            "kind": "contribute",
            "args": json.dumps({"card": card}),
            "version": str(seat_row.decision_since),
            "idempotency_key": "00000000-0000-4000-8000-000000000001",
        },
        headers=HX,
    )
    assert response.status_code == 422
    assert "bsg:R501" in response.content.decode()


def test_a_six_player_table_shows_each_seat_its_own_cards_only(make_user):
    users = [make_user(f"pilot{i}") for i in range(6)]
    table = seeded_table("bsg", users, seed=5)
    rnd = random.Random(5)
    for _ in range(70):  # characters, starting cards, the first turns
        if not random_step(RULES, table, users, rnd, lambda kind: 0.1 if kind == "pass_action" else 1.0):
            break
    clients = logged_in_clients(users)
    for seat, client in enumerate(clients):
        _check_page(client, table, seat)
    assert state_of(table)["phase"] == "turn"


# --- the human side and the revealed Cylons on the page ---------------------------------------------------------


@pytest.mark.rules("bsg:R221")
def test_a_die_card_is_readied_from_the_seats_own_part_while_the_game_waits_for_someone_else(cast):
    """Readying Strategic Planning or Evasive Maneuvers is an interrupt (RULINGS G39): its form lies in the seat's
    own part, not in the decision panel, and the site applies it though the game waits for another seat."""
    table = seeded_table("bsg", cast, seed=5)
    clients = logged_in_clients(cast)
    rnd = random.Random(5)
    sender = None
    for _ in range(300):
        run_automatic_steps(table)
        table.refresh_from_db()
        state = state_of(table)
        waiting = RULES.seats_to_act(state)
        idle = [
            s
            for s in range(3)
            if s not in waiting and any(c.kind == "ready_card" for c in RULES.interrupts(state, s))
        ]
        if idle:
            sender = idle[0]
            break
        if not random_step(RULES, table, cast, rnd, lambda kind: 0.1 if kind == "pass_action" else 1.0):
            break
    assert sender is not None, "a seat with a die card while another seat is to act"
    html = _page(clients[sender], table)
    hand = html.split('id="bsg-hand"')[1].split("</section>")[0]
    kind, args = next(c for c in posted_controls(hand) if c[0] == "ready_card")
    card = json.loads(args)["card"]
    assert f"Ready {name_of(card)} for the next roll it applies to" in hand
    before = table.version
    response = clients[sender].post(
        reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
    )
    assert response.status_code == 200, response.content.decode()[:300]
    table.refresh_from_db()
    assert table.version == before + 1
    assert {"seat": sender, "card": card} in state_of(table)["readied"]
    after = _page(clients[sender], table).split('id="bsg-hand"')[1].split("</section>")[0]
    assert "Your readied cards" in after and f'data-card="{card}"' in after
    # face up for everyone: the players' part shows it under its seat
    watcher_page = _page(clients[(sender + 1) % 3], table)
    players = watcher_page.split('id="bsg-players"')[1].split("</section>")[0]
    row = players.split(f'class="seat-{sender}')[1].split("</li>")[0]
    assert "Readied:" in row and name_of(card).rsplit(" ", 1)[0] in row


def test_the_new_commands_read_as_sentences_in_english_and_italian():
    from games.engine.core import Command

    presenter = presenter_for("bsg")
    view = {"players": [{"seat": 0, "character": "gaius_baltar", "location": "cylon_fleet"}]}

    def label(kind: str, **args: Any) -> str:
        return presenter.command_label(RULES, Command(0, kind, args), view)

    assert label("launch_nuke", area="fore", target="basestar.0") == "Launch a nuke at basestar 1 in Fore"
    assert label("viper_attack", area="aft", target="heavy_raider") == "A viper in Aft attacks: heavy raider"
    assert label("activate_cylon_location", option=2) == "Use Cylon Fleet: activate every basestar"
    assert label("use_ability", target=1) == "Use Cylon Detector on Player 2"
    assert label("play_skill", card="launch_scout.2.8", pick="crisis") == (
        "Play Launch Scout 2: look at the top Crisis card"
    )
    assert label("give_loyalty", to=2) == "Give your Loyalty cards to Player 3"
    assert label("choose_damage", card="dmg_armory") == "Damage Galactica: Armory damaged"
    assert label("choose_damage", card="dmg_lost_food") == "Damage Galactica: Food -1"
    assert label("choose_damage", card="pdmg_airlock") == "Damage the Pegasus: Airlock damaged"  # R800
    leoben = {"players": [{"seat": 0, "character": "leoben_conoy", "location": "caprica"}]}
    assert presenter.command_label(RULES, Command(0, "use_ability", {"ability": "sheet"}), leoben) == (
        "Use Prophetic Visions"  # a Cylon Leader's sheet action (R802d)
    )
    from django.utils import translation

    hangar = {"players": [{"seat": 0, "character": "kara_thrace", "location": "hangar_deck"}]}
    recall = Command(0, "activate_location", {"area": "lower_aft", "pick": "fore"})  # R622 (RULINGS G211)
    assert presenter.command_label(RULES, recall, hangar) == (
        "Use Hangar Deck, calling back the viper in Fore to launch in Lower aft")
    assert label("launch_first", area="aft") == "The basestar in Aft launches first"  # R003 (RULINGS G213)
    armory = {"players": [{"seat": 0, "character": "karl_agathon", "location": "armory"}]}
    centurion = Command(0, "activate_location", {"pick": "centurion.2"})  # R308 (RULINGS G214)
    assert presenter.command_label(RULES, centurion, armory) == (
        "Use Armory, attacking the centurion on space 3 of the Boarding Party track")
    assert label("destroy_civilian", area="aft") == "Destroy a civilian ship in Aft"  # R613 (RULINGS G216)
    assert label("board_first", area="lower_aft") == "The heavy raiders in Lower aft board first"  # G220
    mk7 = Command(0, "activate_location", {"area": "lower_aft", "pick": "mk7.fore"})  # R622 (RULINGS G215)
    assert presenter.command_label(RULES, mk7, hangar) == (
        "Use Hangar Deck, calling back the Viper Mark VII in Fore to launch in Lower aft")
    with translation.override("it"):
        assert "richiamando il Viper Mark VII in Prua" in presenter.command_label(RULES, mk7, hangar)
        assert label("destroy_civilian", area="aft") == "Distruggi una nave civile in Poppa"
        assert label("board_first", area="aft") == "Gli heavy raider in Poppa abbordano per primi"
        assert presenter.command_label(RULES, centurion, armory).endswith(
            "attaccando il centurione sullo spazio 3 del Percorso dell'abbordaggio")
        assert label("launch_first", area="aft") == "La basestar in Poppa lancia per prima"
        assert presenter.command_label(RULES, recall, hangar).startswith("Usa ")
        assert "richiamando il viper in" in presenter.command_label(RULES, recall, hangar)
        assert label("cancel_crisis") == "Visioni religiose: annulla questa carta Crisi"
        assert label("viper_done") == "Smetti di attivare viper"
        assert label("use_ability") == "Usa Rilevatore di cylon"


def test_the_status_line_leads_the_acting_seat_to_its_decision_below_the_board(cast) -> None:  # type: ignore[no-untyped-def]
    """A newcomer read "Waiting for you" above a tall board while the character choice waited at the bottom of
    the page: the status line links the seat the game waits on to its decision panel, when that panel holds the
    controls; the other seats' status has no link."""
    table = seeded_table("bsg", cast, seed=11)
    waited = {p for d in RULES.pending(RULES.load(table.state)) for p in d.seats}
    assert len(waited) == 1
    for seat, client in enumerate(logged_in_clients(cast)):
        html = table_page(client, table)
        status = html[html.index('id="frag-status"'):html.index('id="frag-seats"')]
        if seat in waited:
            assert 'href="#frag-decision"' in status
            assert 'id="frag-decision"' in html and 'name="kind"' in html.split('id="frag-decision"', 1)[1]
        else:
            assert 'href="#frag-decision"' not in status


@pytest.mark.rules("bsg:R602")
def test_the_ship_activation_limit_is_a_rulebook_detail_of_the_form_in_italian(alice):
    """RULINGS A3: folded away with the rulebook details, in the player's language, with its help; a table
    made with the other reading keeps it."""
    alice.language = "it"
    alice.save()
    client = logged_in_clients([alice])[0]
    body = client.get(reverse("table_create") + "?game=bsg").content.decode()
    details = body.split('class="options-more options-details"')[1].split("</details>")[0]
    assert 'name="opt_ship_activation_limit"' in details
    assert "Quante volte si può attivare ogni nave cylon" in details
    assert "Il regolamento consente a ogni nave cylon una sola attivazione" in details
    assert '<option value="per_turn" selected>Una volta nel turno di ogni giocatore' in details
    response = client.post(
        reverse("table_create"),
        {"game": "bsg", "shown_game": "bsg", "num_players": "4", "opt_ship_activation_limit": "per_activation"},
    )
    assert response.status_code == 302
    assert Table.objects.get().options["ship_activation_limit"] == "per_activation"


@pytest.mark.rules("bsg:R800", "bsg:R805", "bsg:R401")
def test_a_pegasus_table_with_a_cylon_leader_plays_through_the_pages(make_user):
    """A Pegasus table with a Cylon Leader, played by random forms: every page offers exactly the seat's
    commands and interrupts (the Pegasus damage choice among them), the Pegasus is on the board, and no page
    shows another seat's cards or the Leader's Agenda."""
    users = [make_user(f"crew{i}") for i in range(4)]
    table = seeded_table("bsg", users, seed=8, pegasus=True, cylon_leader=True)
    clients = logged_in_clients(users)
    rnd = random.Random(8)
    for _ in range(90):
        run_automatic_steps(table)
        state = state_of(table)
        seats = sorted(RULES.seats_to_act(state))
        if not seats or table.status != Table.Status.ACTIVE:
            break
        seat = seats[0]
        html = _check_page(clients[seat], table, seat)
        leader = next((p for p in state["players"] if p.get("leader")), None)
        if leader is not None and leader.get("agenda") and leader["seat"] != seat:
            assert leader["agenda"] not in html
        kind, args = rnd.choice(posted_controls(html))
        response = clients[seat].post(
            reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
        )
        assert response.status_code == 200, response.content.decode()[:300]
    state = state_of(table)
    assert state["phase"] == "turn" and "pegasus" in state
    html = _check_page(clients[0], table, 0)
    assert "Pegasus CIC" in html and "Airlock" in html
    leader = next(p for p in state["players"] if p.get("leader"))  # his Agenda on his own page (R805)
    players = html.split('id="bsg-players"')[1].split("</section>")[0]
    row = players.split(f'class="seat-{leader["seat"]}')[1].split("</li>")[0]
    assert "Cylon Leader" in row
    mine = _page(clients[leader["seat"]], table).split('id="bsg-hand"')[1]
    assert "Your Agenda" in mine and f'data-card="{leader["agenda"]}"' in mine
    assert name_of(leader["agenda"]) in mine


@pytest.mark.rules("bsg:R141", "bsg:R803", "bsg:R1001")
@pytest.mark.parametrize("character", ["sharon_agathon", "aaron_doral"])
def test_a_daybreak_table_with_athena_or_doral_as_the_leader_plays_through_the_pages(make_user, character):
    """Daybreak's Leaders through the generic choice: the first seat's page offers both, takes the one named,
    and then random forms play on with every page offering exactly the seat's commands (Athena's Resolute among
    them when she may use it) and showing no other seat's cards."""
    users = [make_user(f"crew{i}") for i in range(4)]
    table = seeded_table("bsg", users, seed=8, pegasus=True, daybreak=True, cylon_leader=True)
    clients = logged_in_clients(users)
    rnd = random.Random(8)
    chosen = False
    for _ in range(70):
        run_automatic_steps(table)
        state = state_of(table)
        seats = sorted(RULES.seats_to_act(state))
        if not seats or table.status != Table.Status.ACTIVE:
            break
        seat = seats[0]
        html = _check_page(clients[seat], table, seat)
        controls = posted_controls(html)
        wanted = [(k, a) for k, a in controls if k == "choose_character" and json.loads(a)["character"] == character]
        if not chosen:
            assert wanted and "Aaron Doral" in html and "Athena" in html
        kind, args = wanted[0] if wanted and not chosen else rnd.choice(controls)
        chosen = chosen or bool(wanted)
        response = clients[seat].post(
            reverse("table_command", args=[table.pk]), _form_fields(html, kind, args), headers=HX
        )
        assert response.status_code == 200, response.content.decode()[:300]
    state = state_of(table)
    leader = next(p for p in state["players"] if p.get("leader"))
    assert leader["character"] == character and state["phase"] == "turn"
    html = _check_page(clients[leader["seat"]], table, leader["seat"])
    assert CONTENT_NAMES[character] in unescape(html)


CONTENT_NAMES = {"sharon_agathon": 'Sharon "Athena" Agathon', "aaron_doral": "Aaron Doral"}


@pytest.mark.rules("bsg:R162", "bsg:R614")
def test_the_space_board_and_the_log_name_a_basestars_damage_tokens():
    """R162: the tokens lie face up on the basestar; the space board names them and the log says which one a
    hit drew (RULINGS G212)."""
    from django.template import engines
    from django.utils import translation

    from games.bsg.presenter import space_data
    from tests.bsg.engine.helpers import BASE_5, start_game

    presenter = presenter_for("bsg")
    state = start_game(5, BASE_5)
    area = next(a for a, w in state["space"].items() if w["basestar"])
    state["space"][area]["basestar"][0]["damage"] = ["bs_structural_damage", "bs_weapons_disabled"]
    view = RULES.view(state, None)
    with translation.override("en"):
        shown = next(a for a in space_data(view, {})["areas"] if a["id"] == area)
        assert shown["basestar_tokens"] == [["Structural Damage", "Weapons Disabled"]]
        html = engines["jinja2"].env.get_template("bsg/space.html").render(  # type: ignore[attr-defined]
            {**space_data(view, {}), "part_id": "bsg-space"})
        assert "Structural Damage" in html and "Weapons Disabled" in html
        assert presenter.event_text(RULES, "basestar_damaged", {"area": "fore", "token": "bs_critical_hit"}) == (
            "A basestar in Fore was damaged: Critical Hit.")
    with translation.override("it"):
        shown = next(a for a in space_data(view, {})["areas"] if a["id"] == area)
        assert shown["basestar_tokens"] == [["Danni Strutturali", "Armi Inagibili"]]
        assert presenter.event_text(RULES, "basestar_damaged", {"area": "fore", "token": "bs_hangar_disabled"}) == (
            "Una basestar in Prua è stata danneggiata: Hangar Inagibile.")
