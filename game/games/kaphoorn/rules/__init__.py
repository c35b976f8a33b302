"""Kap Hoorn (Thorsten Gimmler, Kosmos 1999): a clipper race built from wind cards.

Rulings K1-K11 are in ``../shared/rules/kap-hoorn.md`` (all of them retold in
``docs/rules/kap-hoorn.md``); the rulebook leaves these open too, and the engine decides them so
(each cited where the code applies it):

- **K12** "Stay" is always offered, also to a ship that has no legal move: not moving is then no
  less voluntary, and a player is never left without an action.
- **K13** "Move again" (5 sail points) is one more move by the card on the field reached, along
  one of its arrows; it is offered only if such a move exists (never paid for nothing), and the
  second move cannot be "ignore" or "stay". A station or the finish reached by the first move
  counts at once.
- **K14** The free card of step 4 is drawn when the move is done (when "move again" is declined:
  by the first "buy" or "end turn"); bought cards come after it, so the hand limit of 6 counts
  the free card first. A player with 6 cards draws nothing.
- **K15** A game could run forever (a ship boxed in, the deck used up). After ``rounds`` rounds
  (option, default 80; 0 = no limit) it ends: more wind roses, then fewer king steps over sea
  to the finish line, rank first; those equal on both share the win. ``Outcome.details``
  says what put the winners ahead of the next ship: ``decided_by`` "roses", "to_finish" or
  "shared" (all equal on both).
- **K16** A card played this turn counts as "a card already on the board" for the next one, so
  a chain of cards can be laid in one turn. Cards may be laid on the finish line.
- **K17** Any sea field with a card can end a move, including a free start field (K3); the
  finish line and the stations also need a card.
- **K18** A saved game keeps the draw pile's cards but not their order, and no seed (issue 27):
  on resume the pile is shuffled afresh from a new seed, which also decides later reshuffles.
  Nobody knew the order, so it is the same game. The hands stay in the save; resuming needs them.
"""

from game.games.kaphoorn.rules.rules import RULES, KapHoornRules
from game.games.kaphoorn.rules.state import KapState

__all__ = ["RULES", "KapHoornRules", "KapState"]
