"""Nanuuk! (Günter Cornett, Bambus Spieleverlag 1998): hunters on a cracking ice floe.

Rulings N1-N29 are in ``../shared/rules/nanuuk.md`` (all of them retold in
``docs/rules/nanuuk.md``); the rulebook leaves these open too, and the engine decides them so
(each cited where the code applies it):

- **N30** Placement in the full game with two hunters each follows N10: A one, B two, A one.
- **N31** When no hunter still playing can make any step, nothing can change any more: the game
  ends and is scored as usual (the same in the hunt and in the homecoming).
- **N32** A whale buys the complete set husky + sledge + kayak if at least one of them is
  missing from what the hunter carries; he then carries all three.
- **N33** Variant 2: a crack "blocks" when a hunter who still had a way to an igloo (over
  uncracked edges, ignoring hunters, bears and kayaks) has none after it; a hunter already cut
  off does not make every crack blocking.
- **N34** Fields in play: the 3-player games of introduction leave out the three-dot fields;
  the 2-player full game with one hunter each and the 3-player full game the ~~ fields (N2,
  revised 2026-12-01); both "Two Inuit ... a polar bear" games use the 24-field region only
  (N3); every other game uses the whole floe.
- **N35** Left neighbour = the next seat in turn order, right neighbour = the previous one.
- **N36** A bear that must move twice (N16 b) but has no second step ends its move after one.
- **N37** The extra steps husky and sledge give may be forgone ("done"); the equipment is spent.
- **N38** In "Two Inuit fear a polar bear", a player whose own Inuk is blocked after he moved a
  bear simply does not move it this turn; he loses only if it cannot move at the start of a turn.
- **N39** In "Two Inuit fear a polar bear" the bear moves one step (N18); option (b) makes it two
  steps, with one crack at their end, or (a) a crack after each; (c) lets it stay instead.
- **N40** *Withdrawn (2026-12-01).* It made the stuck player's left neighbour the winner of the
  Neighbourhood variant; N14 (revised) now reads as the rulebook does: the player *whose* left
  (option ``winner=right``: right) neighbour is the first who cannot move wins.
"""

from game.games.nanuuk.rules.rules import RULES, NanuukRules
from game.games.nanuuk.rules.state import NanuukState

__all__ = ["RULES", "NanuukRules", "NanuukState"]
