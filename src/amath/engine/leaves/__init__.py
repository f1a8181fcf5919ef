"""The leave model: what the tiles a play keeps are worth (hand-set and fitted tables), and its shape for the generators."""
