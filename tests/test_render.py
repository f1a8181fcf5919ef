"""The SVG board: well-formed XML showing every tile, premiums, blanks, choices and the last move."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from amath.apps.server.views import last_squares
from amath.formats.load import game_at
from amath.formats.record import parse_record
from amath.formats.replay import read_record, replay
from amath.game import Game
from amath.render import png
from amath.render.svg import COLOURS, board_svg

G = "{http://www.w3.org/2000/svg}g"
DATA = Path(__file__).parent / "data"


def _svg_of_turn(turn: int) -> tuple[ET.Element, Game]:
    game = game_at(read_record((DATA / "greedy-seed3.amr").read_text()), turn)
    last = game.last_placement()
    lit = [t.square for t in last.tiles] if last else []
    svg = board_svg(
        game.board, game.rules, highlight=lit, rack=game.racks[game.to_move], names=game.names, scores=game.scores, to_move=game.to_move
    )
    return ET.fromstring(svg), game


def test_svg_is_xml_and_shows_every_tile() -> None:
    root, game = _svg_of_turn(5)
    board_tiles = {g.get("data-square"): g for g in root.iter(G) if g.get("data-square", "rack")[:4] != "rack"}
    expected = {sq.name: t for sq, t in game.board.items()}
    assert set(board_tiles) == set(expected)
    for name, tile in expected.items():
        g = board_tiles[name]
        assert g.get("data-tile") == tile.tile and g.get("data-face") == tile.face
    blanks = [g for g in board_tiles.values() if g.get("class", "").startswith("blank")]
    choices = [g for g in board_tiles.values() if g.get("class", "").startswith("choice")]
    assert blanks and choices and len(blanks) + len(choices) == sum(1 for t in expected.values() if t.tile in ("?", "+-", "*/"))
    last = [g.get("data-square", "") for g in board_tiles.values() if "last" in g.get("class", "")]
    assert sorted(last) == sorted(["N1", "N2", "N3", "N4", "N11", "N12", "N13", "N14"])  # turn 5: N1 10 + 0 */:* [3] ...
    rack = [g for g in root.iter(G) if (g.get("data-square") or "").startswith("rack")]
    assert len(rack) == 8
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Ann" in texts and "Ben" in texts and "×3" in texts and "★" not in texts  # the star is covered


def test_empty_board_shows_premium_colours_and_star() -> None:
    root, _ = _svg_of_turn(0)
    fills = [r.get("fill") for r in root.iter("{http://www.w3.org/2000/svg}rect")]
    for premium, count in (("T", 8), ("D", 12), ("2", 24)):
        assert fills.count(COLOURS[premium]) == count, premium
    assert fills.count(COLOURS["3"]) == 17  # 16 triple-piece squares and the centre
    assert "★" in "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert not [g for g in root.iter(G) if "last" in (g.get("class") or "")]


def test_png_needs_a_converter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(png, "available", lambda: None)
    with pytest.raises(png.ConverterMissing, match="cairosvg"):
        png.svg_to_png("<svg xmlns='http://www.w3.org/2000/svg'/>", tmp_path / "x.png")


def test_png_is_written(tmp_path: Path) -> None:
    root, _ = _svg_of_turn(3)
    out = tmp_path / "b.png"
    png.svg_to_png(ET.tostring(root, encoding="unicode"), out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_last_placement_skips_exchanges_and_withdrawn_plays() -> None:
    game = game_at(read_record((DATA / "greedy-playout-seed12.amr").read_text()), 20)
    assert game.history[-1].kind == "exchange"
    last = game.last_placement()
    assert last is not None and last == next(t.move for t in reversed(game.history) if t.kind == "place")
    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text()
    example = replay(parse_record(doc.split("```\n", 2)[1]), upto=15).game
    assert example.history[-1].kind == "challenge-won"
    withdrawn = example.history[-2].move
    last = example.last_placement()
    assert last is not None and last != withdrawn
    # The web page highlights the same tiles as the replay viewer and the SVG.
    assert last_squares(example) == [p.square.name for p in last.tiles]
