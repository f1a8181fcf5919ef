"""Everything that searches: the endgame solver (more to come: the generator selector, simulation)."""
