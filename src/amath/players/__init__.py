"""Players that choose a turn for a game: the bots (random, greedy, equity, ...)."""
