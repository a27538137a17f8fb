"""Every chance a derivation's steps state reads as its fraction and its percent."""

from tabletoolkit import run
from tabletoolkit.andromeda.events import event_peek
from tabletoolkit.andromeda.odds import reroll_odds


def test_the_reroll_derivation_states_each_chance_with_its_percent():
    texts = [step.text for step in run(reroll_odds(3))]
    assert "A die below aim 3 (faces 1..2) shows with probability q = 1/3 ≈ 33.33%; such a die is rerolled." in texts
    assert ("A face v ≥ 3 shows after k low rolls with probability q^k/6, so P(v) = Σ_k q^k/6 = 1/(6(1 − q)) = "
            "1/(7 − a).") in texts
    assert "With aim 3 each of 3..6 has probability 1/4 ≈ 25.00%: the die is uniform on 3..6." in texts


def test_the_event_peek_states_each_chance_with_its_percent():
    from tabletoolkit.andromeda.catalog import load_catalog

    deck = [card.name for card in load_catalog().events][:4]   # one card for each of four tracks
    steps = run(event_peek(deck, ["supremacy", "science", "industry", "commerce", "civilization"]))
    assert steps[1].text.startswith("P(at least one supremacy) = 1 − C(3, 2)/C(4, 2) = 1/2 ≈ 50.00%; ")
    assert steps[2].text == ("The better of the two goes on top: P(supremacy) = 1/2 ≈ 50.00% (without a peek 1/4 ≈ 25.00%), "
                             "P(science) = 1/3 ≈ 33.33% (without a peek 1/4 ≈ 25.00%), P(industry) = 1/6 ≈ 16.67% "
                             "(without a peek 1/4 ≈ 25.00%), P(commerce) = 0 (0%) (without a peek 1/4 ≈ 25.00%)")


def test_the_placement_derivation_states_each_chance_with_its_percent():
    from tabletoolkit.andromeda.board import Board, Pieces
    from tabletoolkit.andromeda.pirates import PirateCard, placement_chances

    pieces = Pieces.of(pirates={"N3": "SS", "T13": "S", "T24": "B", "N4": "C"})
    steps = run(placement_chances(Board.default(), pieces, PirateCard("Sample class C", "C", range=1), s_supply=4))
    texts = {step.title: step.text for step in steps}
    assert texts["Where the card sends it"].startswith("A fair die picks the start region, each number with chance "
                                                       "1/6 ≈ 16.67%: 1 → Nebula 1, ")
    assert texts["Exact chances"] == ("Where the pirate lands: Nebula 1: 5/24 ≈ 20.83%; Nebula 2: 5/24 ≈ 20.83%; "
                                      "Nebula 3: 1/6 ≈ 16.67%; Nebula 5: 5/24 ≈ 20.83%; Nebula 6: 5/24 ≈ 20.83%.")
