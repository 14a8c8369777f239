"""The move pipeline's service: one transaction, row lock, decision check, idempotency, side effects."""

from __future__ import annotations

import uuid

import pytest

from games import services
from games.engine import registry
from games.engine.core import IllegalCommand
from games.engine.core.replay import replay
from games.models import Command, Deck, Event, Seat, StateVersion, Table
from tests.support.tables import hand_of, run_automatic_steps, started_table, state_of, submit

pytestmark = pytest.mark.django_db


def test_a_command_is_applied_and_logged(alice, bob):
    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    result = submit(table, alice, "bid", card=card)
    table.refresh_from_db()
    assert result.version == table.version == 2
    assert Command.objects.get(table=table, seq=2).args == {"card": card}
    assert state_of(table)["bids"][0] == card
    assert StateVersion.objects.filter(table=table).count() == 2


def test_a_move_writes_the_seats_decisions_and_nothing_else_of_theirs(alice, bob):
    """The seat rows are upserted (one statement): their decisions change, when they joined does not,
    neither in the database nor on the seats the answer is rendered from."""
    table = started_table(alice, bob)
    joined = dict(Seat.objects.filter(table=table).values_list("position", "joined_at"))
    result = submit(table, alice, "bid", card=hand_of(table, 0)[0])
    rows = {s.position: s for s in Seat.objects.filter(table=table)}
    assert {p: s.joined_at for p, s in rows.items()} == joined
    assert {s.position: s.joined_at for s in result.seats} == joined
    assert rows[0].decision_since == rows[0].seen_version == result.version  # alice moved: her decision is new


def test_the_same_idempotency_key_applies_once(alice, bob):
    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    key = uuid.uuid4()
    first = submit(table, alice, "bid", key=key, version=1, card=card)
    again = submit(table, alice, "bid", key=key, version=1, card=card)
    assert not first.replayed and again.replayed
    assert Command.objects.filter(table=table).count() == 1


def test_a_stranger_is_refused(alice, bob, charlie):
    table = started_table(alice, bob)
    with pytest.raises(IllegalCommand) as exc:
        submit(table, charlie, "bid", card="c1")
    assert exc.value.code == "not_seated"


def test_acting_out_of_turn_is_refused_with_the_rule(alice, bob):
    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    submit(table, alice, "bid", card=card)
    with pytest.raises(IllegalCommand) as exc:
        submit(table, alice, "bid", card=hand_of(table, 0)[0])
    assert (exc.value.code, exc.value.rule) == ("not_your_turn", "toy:R2")


def test_another_seats_simultaneous_choice_does_not_make_mine_stale(alice, bob):
    table = started_table(alice, bob)
    page_version = table.version  # both pages were rendered at version 1
    submit(table, alice, "bid", version=page_version, card=hand_of(table, 0)[0])
    result = submit(table, bob, "bid", version=page_version, card=hand_of(table, 1)[0])
    assert result.version == 3


def test_a_page_older_than_my_decision_is_stale(alice, bob):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    table.refresh_from_db()
    winner = state_of(table)["active"]
    user = alice if winner == 0 else bob
    with pytest.raises(services.StaleDecision):
        submit(table, user, "advance", version=2, by=1)


def test_a_failing_apply_writes_nothing(alice, bob):
    table = started_table(alice, bob)
    with pytest.raises(IllegalCommand):
        submit(table, alice, "bid", card="not-a-card")
    table.refresh_from_db()
    assert table.version == 1
    assert not Command.objects.filter(table=table).exists()
    assert Event.objects.filter(table=table, seq__gt=1).count() == 0


def test_automatic_step_for_an_old_version_does_nothing(alice, bob):
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    table.refresh_from_db()
    assert table.auto_step_since is not None
    assert services.automatic_step_apply(table_id=table.pk, expected_version=table.version - 1) is None
    assert services.automatic_step_apply(table_id=table.pk, expected_version=table.version) is not None
    # The same task delivered twice: the second finds the table moved on.
    assert services.automatic_step_apply(table_id=table.pk, expected_version=table.version) is None
    assert Command.objects.filter(table=table, seat=-1).count() == 1


def _to_turn(table, alice, bob):
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    submit(table, bob, "bid", card=hand_of(table, 1)[0])
    run_automatic_steps(table)
    active = state_of(table)["active"]
    return (alice, bob)[active], active


def test_undo_restores_the_state_before_my_last_step(alice, bob):
    table = started_table(alice, bob)
    user, seat = _to_turn(table, alice, bob)
    before = state_of(table)
    submit(table, user, "advance", by=2)
    table.refresh_from_db()
    services.command_undo(table_id=table.pk, user=user, expected_version=table.version, idempotency_key=uuid.uuid4())
    after = state_of(table)
    assert after == before
    assert Command.objects.get(table=table, kind="advance").undone
    assert Seat.objects.get(table=table, position=seat).waiting_since is not None


def test_undo_stops_at_a_random_or_hidden_reveal(alice, bob):
    table = started_table(alice, bob)
    user, _seat = _to_turn(table, alice, bob)
    table.refresh_from_db()
    with pytest.raises(IllegalCommand) as exc:
        services.command_undo(table_id=table.pk, user=user, expected_version=table.version, idempotency_key=uuid.uuid4())
    assert exc.value.code == "nothing_to_undo"


def test_another_player_cannot_undo_my_step(alice, bob):
    table = started_table(alice, bob)
    user, _seat = _to_turn(table, alice, bob)
    other = bob if user == alice else alice
    submit(table, user, "advance", by=1)
    table.refresh_from_db()
    with pytest.raises(IllegalCommand):
        services.command_undo(table_id=table.pk, user=other, expected_version=table.version, idempotency_key=uuid.uuid4())


def test_deck_rows_equal_the_engine_state_after_every_command(alice, bob):
    table = started_table(alice, bob)
    rules = registry.get("toy")

    def check() -> None:
        table.refresh_from_db()
        zones = {z.name: z for z in rules.zones(rules.load(table.state))}
        rows = {d.name: d for d in Deck.objects.filter(table=table)}
        assert set(rows) == set(zones)
        for name, zone in zones.items():
            assert rows[name].cards == list(zone.cards)
            assert rows[name].size == len(zone.cards)
            assert rows[name].owner == zone.owner

    check()
    for _ in range(3):
        submit(table, alice, "bid", card=hand_of(table, 0)[0])
        check()
        submit(table, bob, "bid", card=hand_of(table, 1)[0])
        check()
        run_automatic_steps(table)
        check()
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        user, _ = (alice, 0) if state_of(table)["active"] == 0 else (bob, 1)
        submit(table, user, "advance", by=1)
        check()
        submit(table, user, "end_turn")
        check()


def test_the_recorded_game_replays_to_the_identical_state(alice, bob):
    table = started_table(alice, bob)
    user, _ = _to_turn(table, alice, bob)
    submit(table, user, "advance", by=1)
    table.refresh_from_db()
    services.command_undo(table_id=table.pk, user=user, expected_version=table.version, idempotency_key=uuid.uuid4())
    submit(table, user, "advance", by=2)
    submit(table, user, "end_turn")
    table.refresh_from_db()
    from games.replaying import engine_commands

    state, rng, _events = replay(
        registry.get("toy"),
        seed=table.seed,
        num_players=table.num_players,
        options=table.options,
        commands=engine_commands(table),
    )
    assert registry.get("toy").dump(state) == table.state
    assert rng.dump() == table.rng_state


def test_a_refused_option_combination_is_reported(alice):
    with pytest.raises(IllegalCommand) as exc:
        services.table_create(user=alice, game="toy", num_players=3, options={"duel": True})
    assert exc.value.code == "duel_needs_two"


def test_racing_for_the_last_seat_only_one_wins(alice, bob, charlie):
    table = services.table_create(user=alice, game="toy", num_players=2, options={})
    services.seat_take(table_id=table.pk, user=bob)
    with pytest.raises(IllegalCommand) as exc:
        services.seat_take(table_id=table.pk, user=charlie)
    assert exc.value.code == "table_full"
    assert table.seats.count() == 2


def test_a_private_table_is_joined_only_with_its_invite(alice, bob):
    table = services.table_create(user=alice, game="toy", num_players=2, options={}, is_private=True)
    with pytest.raises(IllegalCommand) as exc:
        services.seat_take(table_id=table.pk, user=bob, invite_token="guess")
    assert exc.value.code == "private_table"
    services.seat_take(table_id=table.pk, user=bob, invite_token=table.invite_token)
    assert table.seats.count() == 2


def test_a_payload_of_the_wrong_shape_is_refused_not_a_crash(alice, bob, monkeypatch):
    from tests.support.toygame import TOY

    original = TOY.apply

    def fragile_apply(state, command, rng):  # an engine that trusts the shape of its args
        if command.kind == "bid":
            command.args["card"].lower()
        return original(state, command, rng)

    monkeypatch.setattr(TOY, "apply", fragile_apply)
    table = started_table(alice, bob)
    with pytest.raises(IllegalCommand) as exc:
        submit(table, alice, "bid", card=7)
    assert exc.value.code == "malformed_command"
    table.refresh_from_db()
    assert table.version == 1


def test_an_engine_crash_on_a_legal_command_is_not_hidden(alice, bob, monkeypatch):
    from tests.support.toygame import TOY

    def broken_apply(state, command, rng):
        raise KeyError("engine bug")

    table = started_table(alice, bob)
    monkeypatch.setattr(TOY, "apply", broken_apply)
    with pytest.raises(KeyError):
        submit(table, alice, "bid", card=hand_of(table, 0)[0])


def test_an_argument_no_legal_command_of_its_kind_takes_is_refused_and_never_logged(alice, bob):
    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    with pytest.raises(IllegalCommand) as exc:
        submit(table, alice, "bid", card=card, note="stored for ever")
    assert (exc.value.code, exc.value.params) == ("unknown_argument", {"kind": "bid", "argument": "note"})
    assert not Command.objects.filter(table=table).exists()
    submit(table, alice, "bid", card=card)
    assert Command.objects.get(table=table).args == {"card": card}


def test_a_command_the_engine_applies_without_listing_it_is_not_logged(alice, bob, monkeypatch):
    """An engine whose legal_commands misses a command it accepts (a bug): the arguments were checked
    against nothing, so the command is refused rather than logged."""
    from tests.support.toygame import TOY

    table = started_table(alice, bob)
    card = hand_of(table, 0)[0]
    listed = TOY.legal_commands
    monkeypatch.setattr(TOY, "legal_commands", lambda state, seat: [c for c in listed(state, seat) if c.kind != "bid"])
    with pytest.raises(IllegalCommand) as exc:
        submit(table, alice, "bid", card=card, note="x")
    assert exc.value.code == "malformed_command"
    assert not Command.objects.filter(table=table).exists()


def test_a_resign_key_replayed_by_an_account_with_no_seat_is_refused(alice, bob, charlie):
    table = started_table(alice, bob)
    key = uuid.uuid4()
    services.table_resign(table_id=table.pk, user=alice, idempotency_key=key)
    assert services.table_resign(table_id=table.pk, user=alice, idempotency_key=key).replayed  # her retry
    with pytest.raises(services.NotSeated):
        services.table_resign(table_id=table.pk, user=charlie, idempotency_key=key)
