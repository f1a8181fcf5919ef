"""The terminal front end of ``amath play``: rendering, strings in Thai and English, the game loop.

Modules: :mod:`.style` (colour/ASCII switches), :mod:`.render` (board, rack, scores),
:mod:`.report` (history, unseen, final summary), :mod:`.text` (all strings),
:mod:`.console` (input/output), :mod:`.savefile` (autosave), :mod:`.session` (the loop).
"""
