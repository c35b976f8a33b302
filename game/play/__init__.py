"""What every game's table shares: the game plugins and their registry, the play table."""
