"""Cards as data, the card row of three with immediate refill, and reshuffling the discard pile (S-F14)."""

import pytest

from tabletoolkit import InvalidInput, Rng
from tabletoolkit.seti.cards import CardSupply, colour_counts, load_cards

CARDS = load_cards()
ENTRY = '[[card]]\nid = "X1"\nname = "Test"\ncolour = "red"\nprice = 1\nincome = "energy"\ncorner = "move"\n'


def test_the_sample_deck_is_twenty_labelled_cards():
    assert len(CARDS) == 20
    assert colour_counts(CARDS) == {"red": 6, "yellow": 5, "blue": 5, "black": 4}
    assert all(card.name.startswith("Sample card") for card in CARDS)
    assert {card.kind for card in CARDS} == {"action", "conditional", "end-game"}
    assert all(card.sample and card.copies == 3 for card in CARDS)  # a game deals each three times


def test_one_card_model_serves_scan_income_corner_and_play():
    card = next(c for c in CARDS if c.id == "S01")
    assert (card.colour, card.income, card.corner, card.cost.credits, card.effect.vp) == ("red", "energy", "move", 2, 3)
    assert card.corner_reward.actions == ("move",)
    mission = next(c for c in CARDS if c.kind == "conditional")
    assert mission.condition.measure and mission.mission_reward


def test_further_fields_are_kept_for_other_phases():
    card = load_cards(ENTRY + 'extra = { mission = "Have a signal in 4 different sectors" }\n')[0]
    assert card.field("mission") == "Have a signal in 4 different sectors"
    assert card.field("missing", 0) == 0 and card.kind == "action"


def test_a_misspelt_field_is_refused_naming_the_file_and_the_key():
    with pytest.raises(InvalidInput) as bad:
        load_cards(ENTRY + "prcie = 3\n", "my_cards.toml")
    assert bad.value.field == "my_cards.toml: card[0].prcie" and "no such field" in bad.value.reason
    with pytest.raises(InvalidInput) as bad:
        load_cards("copies = 100000000\n" + ENTRY, "my_cards.toml")
    assert bad.value.field == "my_cards.toml: copies"
    with pytest.raises(InvalidInput) as bad:
        load_cards(ENTRY.replace('"red"', '"octarine"'))
    assert bad.value.field == "card[0].colour"


@pytest.mark.parametrize(
    "text, field",
    [
        (ENTRY.replace('price = 1', 'price = -1'), "card[0].price"),
        (ENTRY.replace('"energy"', '"gold"'), "card[0].income"),
        (ENTRY.replace('corner = "move"\n', ''), "card[0].corner"),
        (ENTRY + 'kind = "event"\n', "card[0].kind"),
        (ENTRY.replace('"move"', '"teleport"'), "card[0].corner"),
        (ENTRY + 'kind = "end-game"\n', "card[0].scoring"),
        (ENTRY + 'effect = { gold = 1 }\n', "card[0].effect.gold"),
        (ENTRY + ENTRY, "card[1].id"),
        ("nothing = 1\n", "card"),
        ("[[card]\n", "cards"),
    ],
)
def test_bad_card_files_name_the_entry_at_fault(text, field):
    with pytest.raises(InvalidInput) as bad:
        load_cards(text)
    assert bad.value.field == field


def test_set_up_deals_a_row_of_three_from_a_seeded_shuffle():
    order = tuple(f"S{n:02d}" for n in range(20, 0, -1))
    supply = CardSupply.shuffled(CARDS, Rng.forced([order]))
    assert supply.row == ("S20", "S19", "S18") and len(supply.deck) == 17
    assert CardSupply.shuffled(CARDS, Rng(4)) == CardSupply.shuffled(CARDS, Rng(4))


def test_a_card_taken_from_the_row_is_replaced_at_once_in_its_place():
    supply = CardSupply(CARDS, deck=("S04", "S05"), row=("S01", "S02", "S03"))
    supply, taken, refill = supply.take_from_row(1, Rng(0))
    assert (taken, refill) == ("S02", "S04")
    assert supply.row == ("S01", "S04", "S03") and supply.deck == ("S05",)


def test_an_empty_deck_reshuffles_the_discard_pile_and_runs_dry_only_when_both_are_empty():
    supply = CardSupply(CARDS, deck=(), row=("S01", "S02", "S03"), discard=("S07", "S08"))
    supply, taken, refill = supply.take_from_row(0, Rng.forced([("S08", "S07")]))
    assert (taken, refill) == ("S01", "S08") and supply.deck == ("S07",) and supply.discard == ()
    dry = CardSupply(CARDS, deck=(), row=("S01", "S02", "S03"))
    dry, taken, refill = dry.take_from_row(2, Rng(0))
    assert refill is None and dry.row == ("S01", "S02", None)
    with pytest.raises(InvalidInput):
        dry.take_from_row(2, Rng(0))


def test_unknown_ids_and_positions_are_invalid_input():
    with pytest.raises(InvalidInput):
        CardSupply(CARDS, deck=("Z9",))
    with pytest.raises(InvalidInput):
        CardSupply(CARDS, deck=(), row=("S01",)).take_from_row(3, Rng(0))


def test_inside_drawing_every_card_comes_from_the_source_uniform_over_what_is_left():
    from tabletoolkit.seti.cards import CardSupply, drawing

    cards = load_cards()
    ids = [card.id for card in cards[:3]]
    seen = []

    class Source:
        def draw(self, pool):
            seen.append(tuple(pool))
            return pool[-1]

    supply = CardSupply(tuple(cards), (ids[0], ids[1]), (), (ids[2],))
    with drawing(Source()):
        supply, first = supply.draw(Rng(0))
        supply, second = supply.draw(Rng(0))
        supply, third = supply.draw(Rng(0))  # the deck is empty: the discard pile is what is left
        supply, none = supply.draw(Rng(0))
    assert (first, second, third, none) == (ids[1], ids[0], ids[2], None)
    assert seen == [(ids[0], ids[1]), (ids[0],), (ids[2],)]
    assert supply.deck == () and supply.discard == ()


def test_the_game_deck_is_what_the_set_up_shuffles_65_cards():
    from collections import Counter

    from tabletoolkit.seti.cards import colour_counts, game_deck
    from tabletoolkit.seti.setup import new_game

    deck = game_deck()
    assert len(deck) == 65
    assert colour_counts(deck) == {"unknown": 4, "red": 19, "yellow": 15, "blue": 15, "black": 12}
    game = new_game(["green", "orange"], seed=3)
    dealt = list(game.deck) + list(game.card_row) + [c for s in game.end_of_round for c in s] \
        + [c for board in game.players for c in board.hand]
    assert Counter(dealt) == Counter(card.id for card in deck)


def test_no_copy_of_a_game_shares_a_mutable_table_cards_gold_tiles_and_the_solar_layout():
    from tabletoolkit.seti.setup import new_game

    game = new_game(["green", "orange"], seed=3)
    for mapping in (game.cards, game.gold_tiles[0].sides, game.solar.layout.planets, game.solar.layout.base,
                    game.solar.layout.discs[0].spaces):
        with pytest.raises(TypeError):
            mapping["X"] = None  # type: ignore[index]
    assert game.solar.layout is new_game(["green", "orange"], seed=4).solar.layout  # read once, safe to share
