"""The static front end: every label in both languages, files shipped in the package, no external resources."""

from __future__ import annotations

import json
import re
from pathlib import Path

from amath.apps.server.app import web_dir
from amath.players.registry import LEVEL_NAMES

WEB = web_dir()


def _table(lang: str) -> set[str]:
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    body = text.split(f"  {lang}: {{", 1)[1].split("\n  },", 1)[0]
    # Strings are consumed whole, so a `word:` inside a text is never read as a key.
    keys: set[str] = set()
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"(\s*:)?|([A-Za-z_]\w*)\s*:', body):
        if m.group(3) or m.group(2):
            keys.add(m.group(3) or json.loads(f'"{m.group(1)}"'))
    return keys


def test_thai_and_english_have_the_same_labels() -> None:
    en, th = _table("en"), _table("th")
    assert len(en) > 100
    assert en == th, (en - th, th - en)


def test_every_label_used_is_translated() -> None:
    labels = _table("en")
    used: set[str] = set()
    for path in WEB.glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-placeholder|-title|-label)?="([^"]+)"', path.read_text(encoding="utf-8")))
    for path in WEB.glob("*.js"):
        used |= set(re.findall(r'\bt\("([\w-]+)"', path.read_text(encoding="utf-8")))
    dynamic = {f"level_{x}" for x in LEVEL_NAMES} | {f"lab_{p}" for p in "TD32"} | {"kind_pass", "kind_timeout"}
    assert used - labels == set()
    assert dynamic <= labels


def test_thai_labels_are_thai() -> None:
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    th = text.split("  th: {", 1)[1].split("\n  },", 1)[0]
    values = re.findall(r':\s*"([^"]*)"', th)
    thai = [v for v in values if re.search(r"[\u0e00-\u0e7f]", v)]
    assert len(thai) >= len(values) - 12  # a few are symbols only (3E, ×3 ...)


def test_no_external_resources_and_font_shipped() -> None:
    for path in list(WEB.glob("*.html")) + list(WEB.glob("*.css")) + list(WEB.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']?https?://""", text), path
        assert "url(http" not in text, path
    fonts = {p.name for p in (WEB / "fonts").iterdir()}
    assert {"sarabun-thai-400-normal.woff2", "sarabun-latin-400-normal.woff2", "OFL.txt"} <= fonts
    assert "SIL OPEN FONT LICENSE" in (WEB / "fonts" / "OFL.txt").read_text(encoding="utf-8")


def test_package_data_lists_the_web_files() -> None:
    pyproject = (Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    for pattern in ("web/*.html", "web/*.css", "web/*.js", "web/fonts/*"):
        assert pattern in pyproject
