"""The standing facts (my_score, best_other_score, margin, i_lead, leader, leaders): the same in
every game where players score against each other, read from the scores the player can see,
so that a plan can guard an order that ends the game (`if i_lead and margin >= 3: ...`)."""

from __future__ import annotations

import pytest

from lifegames import registry
from lifegames.a_chaotic_life import GAME as ACL
from lifegames.engine.core.contract import SCORE_FACTS, score_facts
from lifegames.engine.core.dice import Dice
from lifegames.engine.files.data import fact_docs

from .a_chaotic_life.helpers import ANA, BEN, CLEO, arrange, check_as, new_state, play, stand

STANDING = list(SCORE_FACTS)
SCORED = ["a_chaotic_life", "a_simple_life", "lifestyle", "the_sims"]


def test_s01_the_standing_of_a_player_among_scores():
    scores = {"Ana": 7, "Ben": 4, "Cleo": 5}
    assert score_facts(scores, "Ana") == {
        "my_score": 7, "best_other_score": 5, "margin": 2, "i_lead": True, "leader": "Ana",
        "leaders": ["Ana"]}
    assert score_facts(scores, "Ben") == {
        "my_score": 4, "best_other_score": 7, "margin": -3, "i_lead": False, "leader": "Ana",
        "leaders": ["Ana"]}


def test_s02_a_tie_at_the_top_is_nobodys_lead():
    facts = score_facts({"Ana": 6, "Ben": 6, "Cleo": 1}, "Ana")
    assert (facts["margin"], facts["i_lead"], facts["leader"]) == (0, False, "")
    assert facts["leaders"] == ["Ana", "Ben"]


def test_s03_alone_a_player_leads_by_their_whole_score():
    assert score_facts({"Ana": 3}, "Ana") == {
        "my_score": 3, "best_other_score": 0, "margin": 3, "i_lead": True, "leader": "Ana",
        "leaders": ["Ana"]}


@pytest.mark.parametrize("game_id", SCORED)
def test_s04_every_scored_game_has_them_documented_and_from_its_own_scores(game_id):
    game = registry.get(game_id)
    players = ["Ana", "Ben"] if game_id == "a_simple_life" else list(game.default_players)
    state = game.setup(players, game.parse_options([], None), Dice(7, 0))
    state["tick"] = 0
    assert set(STANDING) <= set(fact_docs(game_id))
    scores = game.result(state).scores
    for player in players:
        facts = game.facts(state, player)
        assert {k: facts[k] for k in STANDING} == score_facts(scores, player)


def test_s05_the_cooperative_game_has_none():
    """Simple Kingdoms' kingdoms win or lose together with one team score: nobody leads."""
    game = registry.get("simple_kingdoms")
    assert game.cooperative
    assert not set(STANDING) & set(fact_docs("simple_kingdoms"))


def _senior(**changes):
    """Ana to play in the CP's last stage, Ana 9 Happiness against Ben's 6 and Cleo's 4."""
    spec = {"stage": "senior", "hands": {ANA: ["Death!", "Neighbor"], BEN: ["Dog"]},
            "pouches": {BEN: ["Piggy Bank"]},
            "counters": {ANA: {"happiness": 9}, BEN: {"happiness": 6},
                         CLEO: {"sadness": 4}},
            "goals": {ANA: "happiness", BEN: "happiness", CLEO: "sadness"}, "player": ANA}
    spec.update(changes)
    return arrange(new_state(), **spec)


def test_s06_scores_follow_the_counters_each_player_sees():
    state = _senior()
    ana, ben = ACL.facts(state, ANA), ACL.facts(state, BEN)
    assert (ana["my_score"], ana["best_other_score"], ana["margin"]) == (9, 6, 3)
    assert ana["i_lead"] and ana["leader"] == ANA
    assert (ben["my_score"], ben["best_other_score"], ben["margin"]) == (6, 9, -3)
    assert not ben["i_lead"]


def test_s07_a_card_hidden_from_the_player_never_moves_them():
    """Another player's pouch and hand are face down: change them and Ana's facts stay."""
    before = ACL.facts(_senior(), ANA)
    after = ACL.facts(_senior(hands={ANA: ["Death!", "Neighbor"], BEN: ["Medicine"]},
                              pouches={BEN: ["Tissues"]}), ANA)
    assert {k: after[k] for k in STANDING} == {k: before[k] for k in STANDING}


GUARDED = 'play("Neighbor", happiness)\nif i_lead: play("Death!")\nif can end_turn: end_turn\n'


def test_s08_a_guarded_ending_runs_while_the_player_leads():
    outcome = play(_senior(), GUARDED)
    assert not outcome.problems
    assert outcome.state["over"] and outcome.state["end"] == "death"


def test_s09_a_guarded_ending_is_skipped_once_a_hidden_item_took_the_lead():
    """Ben's face-down Piggy Bank takes the Neighbor's counters: at the `if`, Ana no longer
    leads, so Death! is not played and the game goes on."""
    state = _senior(counters={ANA: {"happiness": 8}, BEN: {"happiness": 7},
                              CLEO: {"sadness": 4}})
    stand(state, BEN, f'react("Piggy Bank", "any", "{ANA}")')
    assert check_as(state, ANA, GUARDED).problems == []
    outcome = play(state, GUARDED)
    assert not outcome.problems
    assert not outcome.state["over"], "Death! was played behind"
    assert "Death!" in outcome.state["hands"][ANA]
    assert not ACL.facts(outcome.state, ANA)["i_lead"]
