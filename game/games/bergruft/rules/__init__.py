"""Der Berg ruft (Thomas Säckl, 1995): the rules engine.

The rule text is ``shared/rules/seeds/003_5b3e0e52b2ee7f4d.txt`` with the English digest and the
binding rulings B1-B8 and B19 in ``shared/rules/der-berg-ruft.md`` (all retold in
``docs/rules/der-berg-ruft.md``). Rulings made here, where the text leaves things open:

- **B9** The start player (the first caller) is drawn from the game seed with
  ``seeded_rng(seed, "start")``, so a replay has the same start player.
- **B10** *Withdrawn (2026-12-01), replaced by the binding B19.* It kept every Heidi below the
  summit, so a caller whose Peter reached it while his Heidi caught up ended the game instead of
  restarting. Now Heidi stops on the summit like Peter (B5) and catching up restarts the pair
  there too; the game ends only if a Peter stands on the summit once the turn is resolved.
- **B11** The summit rule's forced "allow another guess" only arises after the FIRST guess, so a
  guess is always left to allow. After a wrong second guess the caller may always lift the
  screen, even into the summit, whatever his Heidi's position. "At most three steps below the
  summit" means the caller's Heidi stands on step 14 or higher before she climbs. The rule
  applies only when lifting would take the caller's Peter onto the summit
  (Peter + difference >= 17). Hints are truthful, so the range they leave always holds the number
  and the guesser always has a legal guess.
- **B12** "Cap at 3 and punish" or "waive" is offered (phase ``punish``, the screen already
  lifted) only after a wrong third guess off by more than 3; after a wrong third guess off by at
  most 3 the screen is lifted and the turn resolved at once. "Cap at 3" means the caller's Peter
  climbs exactly 3 steps (stopping on the summit, B5); reaching the summit after a third guess
  needs no Heidi condition. The guesser's punishment is carried out even when the capped climb
  takes the caller's Peter to the summit and ends the game; it counts in the scoring.
- **B13** Punishment: the guesser's Peter goes down 1 and his Heidi down 3, neither below its
  start field (B5). If his Heidi then stands on her start field, his Peter goes back to his start
  field too. (In play a Heidi on her start always has her Peter on his, so "reaches" and "stands
  on" coincide.)
- **B14** Guessed: the caller's pair restarts; the guesser's Peter climbs the bonus (3/2/1 after
  1/2/3 guesses, stopping on the summit) and his Heidi climbs exactly the steps her Peter climbed,
  i.e. at the summit "as many steps as Peter needed". The Heidi-catches-Peter restart is checked
  for the guesser too, but cannot trigger.
- **B15** Ranking: smallest avalanche; ties by fewest free steps ("closest pair"); then furthest up
  (Peter's step, then Heidi's). With our mountain (every step holds stones) a zero avalanche means
  zero free steps, so "furthest up" only decides between pairs at zero, as the rulebook says.
  Still equal: first place is shared. ``Outcome.reason_code`` names the criterion that separated the
  winner from the runner-up: "avalanche", "closest_pair", "furthest_up" or "shared".
- **B16** The turn limit (B8) counts resolved turns (``state.turn``); the game ends when the turn
  that reaches the limit is resolved, even in mid-round. A Peter on the summit ends it at once.
- **B17** A turn involves two players, so ``current_player`` is the caller in phases ``set``,
  ``decide`` and ``punish`` and the guesser in phase ``guess``. The next turn's caller is this
  turn's guesser (B2).
- **B18** Views: ``view(seat)`` hides the number (``None``, ``is_hidden``) from everyone but the
  caller while the screen is down; it is public in phase ``punish`` and in ``last_result``. A view
  cannot resolve a guess (``apply`` raises IllegalAction); in a view that hides the number the
  caller's decisions are listed without their hidden details. Bots determinize with
  ``with_number``. No view carries the seed (``seed`` is -1): nothing in it lets another seat
  work out the number, and bots draw their choices from streams of their own.
- **B20** A save holds no hidden number (issue 27): saved while the flags stand behind the
  screen (phases ``guess`` and ``decide``), the turn is stored as it was before they were set,
  and on resume the caller sets them again (``BergState.stored``). A save holds no seed either.
"""

from game.games.bergruft.rules.actions import (
    AllowGuess,
    BergAction,
    Guess,
    Hint,
    LiftScreen,
    Punish,
    SetFlags,
    Waive,
)
from game.games.bergruft.rules.mountain import (
    HEIDI_START,
    PETER_START,
    SUMMIT,
    TWO_ROCK_STEP,
    Mountain,
    MountainStep,
    load_mountain,
)
from game.games.bergruft.rules.rules import RULES, BergRuftRules
from game.games.bergruft.rules.state import BergState, Phase
from game.games.bergruft.rules.turn import TurnResult

__all__ = [
    "HEIDI_START",
    "PETER_START",
    "RULES",
    "SUMMIT",
    "TWO_ROCK_STEP",
    "AllowGuess",
    "BergAction",
    "BergRuftRules",
    "BergState",
    "Guess",
    "Hint",
    "LiftScreen",
    "Mountain",
    "MountainStep",
    "Phase",
    "Punish",
    "SetFlags",
    "TurnResult",
    "Waive",
    "load_mountain",
]
