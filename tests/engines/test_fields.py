"""The one field checker (engines.state.check_fields) that every game's rules use."""

import pytest

from engines import GAMES, IllegalAction, new_game
from engines.state import check_fields, is_whole


def test_check_fields_wants_exactly_the_fields():
    check_fields({"type": "build", "piece": "T", "end": "L"}, ("type", "piece", "end"))
    for action in ({"type": "build", "piece": "T"}, {"type": "build", "piece": "T", "end": "L", "x": 1},
                   {"type": "build", "piece": "T", "side": "L"}):
        with pytest.raises(IllegalAction) as refused:
            check_fields(action, ("type", "piece", "end"))
        assert refused.value.code == "malformed"
        assert refused.value.message == "a build action has the fields type, piece, end"
    with pytest.raises(IllegalAction, match="a draw names one pile"):
        check_fields({"type": "draw"}, ("type", "pile"), "a draw names one pile")


def test_is_whole_refuses_bools_and_floats():
    assert [is_whole(v) for v in (0, -3, 10**30, True, False, 1.0, "1", None)] == [True] * 3 + [False] * 5


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_refuses_an_extra_or_missing_field_as_malformed(game_id):
    info = GAMES[game_id]
    players, options = info.test_configs[0]
    state = new_game(game_id, players, 3, **options)
    while not any(state.legal_actions(p) for p in state.active_players()):
        state.apply(None, state.host_actions()[0])  # a countdown before the first move
    seat = next(p for p in state.active_players() if state.legal_actions(p))
    legal = state.legal_actions(seat)[0]
    before = state.digest()
    field = next(name for name in legal if name != "type")
    for action in ({**legal, "extra": 1}, {k: v for k, v in legal.items() if k != field}):
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, action)
        assert refused.value.code == "malformed", (action, refused.value)
    assert state.digest() == before
