"""Exact odds of the bag and of belt runs (odds.bag): draws without replacement, plans, the best plan."""

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import run
from tabletoolkit.merchants import (bag_odds, best_plan, end_run, explore, explore_odds, pickup, plan_odds, situation,
                                    swap, take)
from tabletoolkit.merchants.odds import make_situation, plain_expected
from tabletoolkit.prob import Distribution

pytestmark = pytest.mark.phase("odds.bag")

VALUES = {"ice": 1, "gold": 5}


def test_one_explore_draws_each_kind_in_proportion_and_the_chances_sum_to_one():
    one = explore_odds({"ice": 3, "gold": 1})
    assert one[(("ice", 1),)] == Fraction(3, 4) and one[(("gold", 1),)] == Fraction(1, 4)
    assert sum(p for _, p in one.items()) == 1


def test_two_explores_draw_without_replacement():
    two = explore_odds({"ice": 3, "gold": 1}, 2)
    assert two[(("ice", 2),)] == Fraction(1, 2) and two[(("ice", 1), ("gold", 1))] == Fraction(1, 2)
    assert sum(p for _, p in two.items()) == 1


def test_a_plan_of_two_explores_pays_2_or_6_with_even_chances():
    sit = make_situation(energy=4, capacity=2, values=VALUES, bag={"ice": 3, "gold": 1})
    odds = plan_odds(sit, [explore(), explore()])
    assert odds.distribution == Distribution({2: 1, 6: 1})
    assert odds.expected == 4 and odds.skipped == 0


def test_the_best_plan_picks_up_the_known_gold_then_explores():
    sit = make_situation(energy=4, capacity=2, values=VALUES, bag={"ice": 3, "gold": 1}, known=("gold",))
    best = best_plan(sit)
    assert best.expected == 7
    assert best.distribution == Distribution({6: 3, 10: 1})
    assert str(best.first_action()) in ("pick up from known space", "explore")
    assert best.expected == plan_odds(sit, [pickup("known"), explore()]).expected


def test_the_best_plan_swaps_an_unreachable_destination():
    sit = make_situation(energy=3, capacity=1, values=VALUES, bag={}, known=("ice",),
                         destinations={"near": (1, 4), "far": (5, 9)}, deck={"near": 1, "far": 1})
    best = best_plan(sit)
    assert best.expected == 5 and best.distribution == Distribution({5: 1})
    lines = best.describe()
    assert lines[0] == "take the top destination card:"
    assert any("if far (1/2 ≈ 50.00%)" in line for line in lines) and any("swap destination" in line for line in lines)
    assert plan_odds(sit, [pickup("known"), end_run()]).distribution == Distribution({1: 1, 5: 1})


def test_a_step_that_cannot_be_done_is_skipped_and_its_chance_reported():
    sit = make_situation(energy=6, capacity=1, values=VALUES, bag={"ice": 3, "gold": 1})
    odds = plan_odds(sit, [explore(), pickup("known")])
    assert odds.skipped == 1 and odds.distribution == Distribution({1: 3, 5: 1})
    full = plan_odds(sit, [explore(), explore()])
    assert full.skipped == 0 and full.expected == Fraction(2)


def test_taking_from_an_opponent_in_a_plan():
    sit = make_situation(energy=3, capacity=2, values=VALUES, bag={}, opponents={"Bea": ("gold", "ice", "ice")})
    assert plan_odds(sit, [take("Bea")]).distribution == Distribution({6: 1})
    assert best_plan(sit).expected == 6


PLAN_STEPS = st.sampled_from([explore(), pickup("known"), pickup("local"), take("Bea"), swap(), end_run()])


@settings(max_examples=40, deadline=None)
@given(st.lists(PLAN_STEPS, max_size=5))
def test_no_plan_beats_the_best_plan_and_every_distribution_sums_to_one(plan):
    sit = make_situation(energy=6, capacity=3, values={"ice": 1, "iron": 2, "gold": 5}, bag={"ice": 2, "iron": 2, "gold": 1},
                         known=("iron",), local=("ice",), opponents={"Bea": ("gold",)},
                         destinations={"a": (1, 2), "b": (3, 6)}, deck={"a": 1, "b": 1}, flat=1)
    odds = plan_odds(sit, plan)
    assert sum(p for _, p in odds.distribution.items()) == 1
    assert odds.expected <= best_plan(sit).expected


def test_a_situation_from_a_game_counts_refineries_cards_and_set_up_tokens():
    state = seated(small_table(), "Ada", ships=(sample_ship("mule", pilots=("ace",), gear=("fuel_cell",)),),
                 refineries=("ice_refinery",), setup_tokens=("gold",))
    sit = situation(state, "Ada", "mule-1")
    assert sit.energy == 3 + 1 and sit.rules.capacity == 4 and sit.rules.flat == 3
    assert sit.rules.value("ice") == 2 and sit.start.local == ("gold",)
    assert sit.bag == {"ice": 3, "gold": 1}


def test_the_bag_odds_phase_explains_draws_plan_and_best_plan():
    sit = make_situation(energy=4, capacity=2, values=VALUES, bag={"ice": 3, "gold": 1}, known=("gold",))
    steps = run(bag_odds(sit, [explore(), explore()]))
    assert [s.title for s in steps] == ["What exploring draws", "Without replacement", "Your plan", "The best plan", "Compare"]
    assert "ice 3/4" in steps[0].text and "gold 1/4" in steps[0].text and steps[0].data["total"] == 1
    assert steps[1].data["at_least_one"] == Fraction(1, 2)
    assert steps[-1].text == "The best plan expects 3 more credits."
    assert steps.result.plan.expected == 4 and steps.result.best.expected == 7


def test_a_plan_naming_no_opponent_is_invalid_input():
    from tabletoolkit import InvalidInput

    sit = make_situation(energy=3, capacity=2, values=VALUES, bag={}, opponents={"Bea": ("gold",)})
    with pytest.raises(InvalidInput) as caught:
        plan_odds(sit, [take("Bae")])
    assert caught.value.field == "plan[0].source"


PILE = st.lists(st.sampled_from(["ice", "iron", "gold"]), max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(energy=st.integers(0, 6), capacity=st.integers(1, 3), known=PILE, local=PILE, opponent=PILE,
       bag=st.fixed_dictionaries({"ice": st.integers(0, 2), "iron": st.integers(0, 2), "gold": st.integers(0, 1)}),
       deck=st.fixed_dictionaries({"a": st.integers(0, 2), "b": st.integers(0, 1)}),
       discard=st.fixed_dictionaries({"a": st.integers(0, 1), "b": st.integers(0, 1)}), flat=st.integers(0, 2))
def test_the_fast_search_equals_the_plain_expectimax(energy, capacity, known, local, opponent, bag, deck, discard, flat):
    """Canonical positions (values not kinds, piles cut and sorted, identical piles kept apart) change nothing."""
    sit = make_situation(energy=energy, capacity=capacity, values={"ice": 1, "iron": 2, "gold": 5}, bag=bag,
                         known=known, local=local, opponents={"Bea": opponent, "Cy": opponent}, flat=flat,
                         destinations={"a": (1, 2), "b": (3, 6)}, deck=deck, discard=discard)
    best = best_plan(sit)
    assert best.expected == plain_expected(sit) == best.distribution.mean()


def test_two_identical_piles_are_two_pickups():
    sit = make_situation(energy=2, capacity=2, values=VALUES, bag={}, known=("gold",), local=("gold",))
    assert best_plan(sit).expected == 10 == plain_expected(sit)


def test_an_empty_destination_deck_is_reshuffled_from_the_discards_as_in_the_game():
    """Swapping away the near card with an empty deck reshuffles the discards (far, and near itself) into a new deck."""
    sit = make_situation(energy=5, capacity=1, values=VALUES, bag={}, known=("ice",), destination="near",
                         destinations={"near": (1, 1), "far": (3, 9)}, deck={}, discard={"far": 1})
    assert plan_odds(sit, [pickup("known"), swap(), end_run()]).distribution == Distribution({1 + 1: 1, 1 + 9: 1})
    # far (1/2): end there for 3 of the 3 energy left, 1 + 9; near again (1/2): the deck is now just far, which
    # 2 energy after another swap cannot reach, so end at near: 1 + 1
    assert best_plan(sit).expected == plain_expected(sit) == Fraction((1 + 9) + (1 + 1), 2)


def test_a_free_swap_has_no_best_plan():
    from tabletoolkit import InvalidInput

    sit = make_situation(energy=3, capacity=1, values=VALUES, bag={}, destination="near",
                         destinations={"near": (1, 1)}, costs=(1, 3, 2, 0))
    with pytest.raises(InvalidInput) as caught:
        best_plan(sit)
    assert caught.value.field == "costs"


def test_a_situation_from_a_game_knows_the_destination_discards():
    state = replace(seated(small_table(), "Ada", ships=(sample_ship("mule"),)), destination_discard=("hygiea", "ceres", "hygiea"))
    assert situation(state, "Ada", "mule-1").start.discard == (("ceres", 1), ("hygiea", 2))



def test_the_best_plan_names_destination_cards_and_shows_each_chance_as_fraction_and_percent():
    state = seated(small_table(), "Ada", ships=(sample_ship("mule"),))        # no destination yet: one is drawn
    lines = best_plan(situation(state, "Ada", "mule-1")).describe(depth=2)
    assert lines[0] == "take the top destination card:"
    assert [line for line in lines if line.startswith("  if ")] == [
        "  if Ceres Station (1/3 ≈ 33.33%), expected 4:",
        "  if Pallas Port (1/3 ≈ 33.33%), expected 2:",
        "  if Vesta Yards (1/3 ≈ 33.33%), expected 2:",
    ]

# --- exploring into local space and loading fewer tokens than fit ------------------------------------
def test_exploring_twice_into_local_space_then_picking_up_pays_8_for_certain():
    """Room for one token, a bag of an ice (1) and a gold (8): loading the first draw pays 9/2 on average;
    seeing both draws in local space first and then picking up the gold pays 8 for certain."""
    sit = make_situation(energy=2 + 2 + 1, capacity=1, values={"ice": 1, "gold": 8}, bag={"ice": 1, "gold": 1})
    by_hand = plan_odds(sit, [explore("local"), explore("local"), pickup("local")])
    assert by_hand.distribution == Distribution({8: 1}) and by_hand.skipped == 0
    assert plan_odds(sit, [explore()]).expected == Fraction(9, 2)
    best = best_plan(sit)
    assert best.expected == by_hand.expected == 8 == plain_expected(sit)
    assert best.distribution == Distribution({8: 1})
    assert best.first_action() == explore()
    assert best.describe() == [
        "explore:",
        "  if gold (1/2 ≈ 50.00%), expected 8: put it on the ship",
        "    stop here: payout 8",
        "  if ice (1/2 ≈ 50.00%), expected 8: put it in local space",
        "    explore (gold): put it on the ship",
        "    stop here: payout 8",
    ]


def test_a_draw_kept_in_local_space_is_loaded_when_the_next_draw_is_worse():
    """Room for one, a bag of an ice (1), an iron (4) and a gold (8), energy for two explores and a pickup.
    Loading the first draw pays 13/3; putting a poor draw aside and loading the next pays 37/6; keeping it
    in local space pays the better of two draws, 20/3: an iron then an ice, and the iron is picked up."""
    sit = make_situation(energy=5, capacity=1, values={"ice": 1, "iron": 4, "gold": 8}, bag={"ice": 1, "iron": 1, "gold": 1})
    assert plan_odds(sit, [explore()]).expected == Fraction(13, 3)
    by_hand = plan_odds(sit, [explore("local"), explore("local"), pickup("local")])
    assert by_hand.expected == Fraction(20, 3) and by_hand.distribution == Distribution({4: 1, 8: 2})
    best = best_plan(sit)
    assert best.expected == by_hand.expected == plain_expected(sit) > Fraction(37, 6)
    lines = best.describe()
    assert lines[lines.index("  if iron (1/3 ≈ 33.33%), expected 6: put it in local space"):] == [
        "  if iron (1/3 ≈ 33.33%), expected 6: put it in local space",
        "    explore:",
        "      if gold (1/2 ≈ 50.00%), expected 8: put it on the ship",
        "        stop here: payout 8",
        "      if ice (1/2 ≈ 50.00%), expected 4: put it in local space",
        "        pick up from local space (iron)",
        "        stop here: payout 4",
    ]


def test_a_pickup_may_load_fewer_tokens_than_fit():
    """Room for two, a gold and an ice in known space and in local space: a gold from each (10) beats the
    gold and the ice of one pile (6)."""
    sit = make_situation(energy=2, capacity=2, values=VALUES, bag={}, known=("gold", "ice"), local=("gold", "ice"))
    by_hand = plan_odds(sit, [pickup("known", ("gold",)), pickup("local", ("gold",))])
    assert by_hand.distribution == Distribution({10: 1})
    assert plan_odds(sit, [pickup("known"), pickup("local")]).expected == 6
    best = best_plan(sit)
    assert best.expected == 10 == plain_expected(sit)
    assert best.first_action() == pickup("known", ("gold",))
    assert best.describe() == ["pick up from known space [gold]", "pick up from local space (gold)", "stop here: payout 10"]


def test_a_poor_draw_goes_into_local_space_to_keep_the_room_for_a_take():
    """One slot, 5 energy: explore (2), and unless it is the xenite, leave the draw in local space and take
    Bea's gold (3)."""
    sit = make_situation(energy=5, capacity=1, values={"ice": 1, "gold": 5, "xenite": 8}, bag={"ice": 2, "xenite": 1},
                         opponents={"Bea": ("gold",)})
    best = best_plan(sit)
    assert best.expected == Fraction(2 * 5 + 8, 3) == plain_expected(sit)
    assert best.distribution == Distribution({5: 2, 8: 1})
    lines = best.describe()
    assert "  if ice (2/3 ≈ 66.67%), expected 5: put it in local space" in lines
    assert "  if xenite (1/3 ≈ 33.33%), expected 8: put it on the ship" in lines
    assert "    take from Bea's local space (gold)" in lines


# An exhaustive search written apart from the module: every decision of a run over the raw state (kinds,
# not values; every sub-multiset a pickup may load; an explore's token placed after it is drawn). Without
# ``to_local`` a drawn token goes on the ship (into local space only when the hold is full); without
# ``fewer`` a pickup loads as many tokens as fit (any of them).
def _brute_force(sit, to_local: bool = True, fewer: bool = True) -> Fraction:
    from functools import lru_cache
    from itertools import combinations

    rules, start = sit.rules, sit.start
    value_of = dict(rules.values)
    cards = {name: (cost, bonus) for name, cost, bonus in rules.destinations}
    pick, take_cost, explore_cost, swap_cost = rules.costs

    def spread(pairs):
        return tuple(sorted(k for k, n in pairs for _ in range(n)))

    def less(tokens, taken):
        left = list(tokens)
        for t in taken:
            left.remove(t)
        return tuple(left)

    def subsets(tokens, room):
        most = min(room, len(tokens))
        return {c for k in (range(1, most + 1) if fewer else (most,) if most else ()) for c in combinations(tokens, k)}

    def payout(count, worth, destination, ended):
        if not count:
            return 0
        return worth + rules.flat + (cards[destination][1] if ended else 0)

    def draw(deck, discard):
        """(card, chance, deck, discard) for the next destination card: an empty deck takes the discards."""
        if not deck:
            deck, discard = discard, ()
        return [(c, Fraction(deck.count(c), len(deck)), less(deck, (c,)), discard) for c in sorted(set(deck))]

    @lru_cache(maxsize=None)
    def best(energy, count, worth, known, local, opponents, bag, destination, deck, discard, ended, drawn):
        room = rules.capacity - count
        if drawn is not None:
            options = [] if room > 0 and not to_local else [
                best(energy, count, worth, known, tuple(sorted(local + (drawn,))), opponents, bag, destination, deck,
                     discard, ended, None)]
            if room > 0:
                options.append(best(energy, count + 1, worth + value_of[drawn], known, local, opponents, bag,
                                    destination, deck, discard, ended, None))
            return max(options)
        if ended:
            return Fraction(payout(count, worth, destination, True))
        if destination is None and (deck or discard):
            return sum(p * best(energy, count, worth, known, local, opponents, bag, c, d, left, False, None)
                       for c, p, d, left in draw(deck, discard))
        options = [Fraction(payout(count, worth, destination, False))]
        if energy >= pick:
            for chosen in subsets(known, room):
                options.append(best(energy - pick, count + len(chosen), worth + sum(value_of[t] for t in chosen),
                                    less(known, chosen), local, opponents, bag, destination, deck, discard, False, None))
            for chosen in subsets(local, room):
                options.append(best(energy - pick, count + len(chosen), worth + sum(value_of[t] for t in chosen),
                                    known, less(local, chosen), opponents, bag, destination, deck, discard, False, None))
        if energy >= take_cost:
            for index, (name, tokens) in enumerate(opponents):
                for chosen in subsets(tokens, room):
                    others = opponents[:index] + ((name, less(tokens, chosen)),) + opponents[index + 1:]
                    options.append(best(energy - take_cost, count + len(chosen), worth + sum(value_of[t] for t in chosen),
                                        known, local, others, bag, destination, deck, discard, False, None))
        if bag and energy >= explore_cost:
            options.append(sum(Fraction(bag.count(t), len(bag)) * best(
                energy - explore_cost, count, worth, known, local, opponents, less(bag, (t,)), destination, deck,
                discard, False, t) for t in sorted(set(bag))))
        if destination is not None and (deck or discard) and energy >= swap_cost:
            options.append(sum(p * best(energy - swap_cost, count, worth, known, local, opponents, bag, c, d, left,
                                        False, None)
                               for c, p, d, left in draw(deck, tuple(sorted(discard + (destination,))))))
        if destination is not None and energy >= cards[destination][0]:
            options.append(best(0, count, worth, known, local, opponents, bag, destination, deck, discard, True, None))
        return max(options)

    return best(start.energy, start.held, start.worth, start.known, start.local,
                tuple((name, tokens) for name, tokens in start.opponents), spread(start.bag), start.destination,
                spread(start.deck), spread(start.discard), start.ended, None)


def _random_situation(rng, kind="any"):
    """A small run: energy 0-7, 1-4 cargo slots, a bag of up to 6 tokens of 2 or 3 kinds, piles of up to 3
    tokens, maybe an opponent, maybe destinations. A run about the bag (``kind="draws"``): 1-2 slots, energy
    4-7, 3 kinds, cheap explores and pickups, a full bag, piles of at most 1 token; a run about the piles
    (``"piles"``): 2-3 slots, room for 2 or more, 2-3 tokens in each space."""
    kinds = rng.sample(["ice", "iron", "gold"], 3 if kind == "draws" else rng.choice((2, 3)))
    values = {token: rng.randint(0, 8) for token in kinds}

    def tokens(most):
        most = 1 if kind == "draws" else most
        return tuple(rng.choice(kinds) for _ in range(rng.randint(2 if kind == "piles" else 0, most)))

    capacity = rng.choice({"any": (1, 2, 3, 4), "draws": (1, 2), "piles": (2, 3)}[kind])
    bag = dict(Counter(rng.choice(kinds) for _ in range(rng.randint(4 if kind == "draws" else 0, 6))))
    opponents = {"Bea": tokens(3)} if rng.random() < 0.5 else {}
    destinations = deck = discard = destination = None
    if rng.random() < 0.5:
        destinations = {"a": (rng.randint(1, 3), rng.randint(0, 5)), "b": (rng.randint(1, 3), rng.randint(0, 5))}
        deck = {"a": rng.randint(0, 2), "b": rng.randint(0, 1)}
        discard = {"a": rng.randint(0, 1), "b": rng.randint(0, 1)}
        destination = rng.choice((None, "a", "b"))
    costs = (1, rng.randint(1, 3), 1, rng.randint(1, 2)) if kind == "draws" else (
        rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 2), rng.randint(1, 2))
    held = rng.randint(0, min(2, capacity - (2 if kind == "piles" else 1)))
    return make_situation(energy=rng.randint(4 if kind == "draws" else 0, 7), capacity=capacity, values=values, bag=bag,
                          hold=tuple(rng.choice(kinds) for _ in range(held)), known=tokens(3), local=tokens(3),
                          opponents=opponents, destination=destination, destinations=destinations, deck=deck,
                          discard=discard, flat=rng.randint(0, 2), costs=costs)


def test_the_best_plan_equals_an_exhaustive_search_over_every_decision_on_300_random_situations():
    import random

    rng = random.Random(20240514)
    paid_local = paid_fewer = 0
    for index in range(300):
        sit = _random_situation(rng, ("any", "draws", "piles")[index % 3])
        exhaustive = _brute_force(sit)
        best = best_plan(sit)
        assert best.expected == exhaustive == best.distribution.mean() == plain_expected(sit), sit
        paid_local += exhaustive > _brute_force(sit, to_local=False)
        paid_fewer += exhaustive > _brute_force(sit, fewer=False)
    # the sample holds runs where a draw put in local space pays, and runs where loading fewer tokens pays
    assert paid_local >= 20 and paid_fewer >= 5, (paid_local, paid_fewer)


def _random_plan(rng, sit):
    steps = [explore(), explore("local"), pickup("known"), pickup("local"), swap(), end_run()]
    steps += [take(name) for name, _ in sit.start.opponents]
    for source, tokens in (("known", sit.start.known), ("local", sit.start.local)):
        if tokens:
            steps.append(pickup(source, tuple(rng.sample(tokens, rng.randint(1, len(tokens))))))
    return [rng.choice(steps) for _ in range(rng.randint(0, 5))]


def test_no_random_fixed_plan_beats_the_best_plan():
    import random

    rng = random.Random(7)
    for _ in range(150):
        sit = _random_situation(rng)
        best = best_plan(sit)
        for _ in range(3):
            plan = _random_plan(rng, sit)
            odds = plan_odds(sit, plan)
            assert sum(p for _, p in odds.distribution.items()) == 1
            assert odds.expected <= best.expected, (sit, plan)
