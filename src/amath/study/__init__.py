"""Learning from games: post-game analysis and bingo drills (built on the move generator)."""
