"""The rival refills the card row only after all its card-row signals of an action (S-F26:
对手标记完卡牌行上的信号后，用牌顶的新牌补充替换掉丢弃的牌)."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import Rng, run
from tabletoolkit.seti.solo import setup_solo
from tabletoolkit.seti.solo.data import ActionCard, RivalAction
from tabletoolkit.seti.solo.turn import play_card


@pytest.mark.phase("seti.solo")
def test_the_rival_refills_the_row_after_all_its_card_row_signals():
    game = run(setup_solo(4, 7)).result
    game = replace(game, rival=replace(game.rival, techs=("TT3",)))
    card = ActionCard("T.1", "basic", "left", (RivalAction("telescope", signals=("row",)),), sample=True)
    before = game.table
    steps = run(play_card(game, card, Rng(0))).steps
    signals = [step for step in steps if step.title.startswith("Rival signals in")]
    assert len(signals) == 2
    first = signals[0].state.table
    assert None in first.card_row and first.deck == before.deck  # nothing refilled between the two signals
    after = steps[-1].state.table
    assert None not in after.card_row and after.deck == before.deck[2:]
    assert [card for card in after.card_row if card not in before.card_row] == list(before.deck[:2])


@pytest.mark.phase("seti.solo")
def test_a_card_drawn_for_you_after_the_deck_runs_out_is_reshuffled_with_the_games_rng():
    from tabletoolkit.seti.game import drawing_with
    from tabletoolkit.seti.solo import YOU
    from tabletoolkit.seti.solo.state import reward_colour

    game = run(setup_solo(1, 3)).result
    pile = game.table.deck[:4]
    game = replace(game, table=replace(game.table, deck=(), discard=pile))
    order = tuple(reversed(pile))
    with drawing_with(Rng.forced([order])):
        after, _ = reward_colour(game, YOU, [("random_card", 1)])
    assert after.you.hand[-1] == order[0]
    assert after.table.deck == order[1:]
