"""What the environments share: the rules of an episode, and the rewards.

>>> from euchre.engine.rules import Rules
>>> deal_reward(Rules(), 1, (0, 2)), deal_reward(Rules(), 0, (0, 2))
(2.0, -2.0)
"""

from __future__ import annotations

from typing import Any

from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.envs.encoders import openspiel_applies
from euchre.errors import RulesError

__all__ = ["deal_reward", "episode_rules", "resolve_rules", "win_reward"]


def resolve_rules(rules: Rules | str, options: dict[str, Any]) -> Rules:
    """The rules an environment plays: a preset's name or rules, with ``options``
    changed. Raises :class:`~euchre.errors.RulesError` naming what is wrong."""
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    if not isinstance(base, Rules):
        raise RulesError(f"rules: a preset's name or a Rules, not {rules!r}")
    try:
        return base.replace(**options) if options else base
    except TypeError as error:  # an option that does not exist
        raise RulesError(f"not an option of the rules: {error}") from None


def episode_rules(rules: Rules | str, options: dict[str, Any], episode: str, reward: str,
                  encoder: str) -> Rules:
    """The rules of one episode (one deal, or a whole game), after checking the
    environment's choices: ``ValueError`` or :class:`~euchre.errors.RulesError` with one
    sentence for a choice that is not one, or an encoder that cannot encode the game."""
    if episode not in ("deal", "game"):
        raise ValueError(f"episode: 'deal' or 'game', not {episode!r}")
    if reward not in ("points", "win"):
        raise ValueError(f"reward: 'points' or 'win', not {reward!r}")
    if reward == "win" and episode != "game":
        raise ValueError("reward='win' needs episode='game': a deal has no winner")
    played = resolve_rules(rules, options)
    if episode == "deal":
        played = played.replace(deals=1, target=0)
    if encoder == "openspiel":
        why = openspiel_applies(Game(played, seed=0).view(0))
        if why:
            raise RulesError(why)
    return played


def deal_reward(rules: Rules, seat: int, gains: tuple[int, ...]) -> float:
    """A seat's reward for a deal: its side's points less the mean of the other sides'
    (zero-sum; in four-handed Euchre, +n to the side that scored and -n to the other)."""
    own = gains[rules.seating.team_of[seat]]
    return float(own - (sum(gains) - own) / (len(gains) - 1))


def win_reward(rules: Rules, seat: int, winner: int | None, sides: int) -> float:
    """A seat's reward for a finished game: +1 for the winning side, -1/(sides - 1) for
    each other (zero-sum), 0 for all when nobody won."""
    if winner is None:
        return 0.0
    return 1.0 if rules.seating.team_of[seat] == winner else -1.0 / (sides - 1)
