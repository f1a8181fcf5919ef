"""The players' Thai texts (account refusals, limits, rated games, the players' pages) use the glossary's words (../shared/THAI.md)."""

from __future__ import annotations

import re

from amath.apps.server import auth
from amath.apps.server.app import web_dir

AVOID = ("ตัวหมาก", "(?<!ตา)ราง", "ชั้นวาง", "การเดิน", "จั่ว", "แลกเบี้ย", "ท้าทาย", "คัดค้าน", "เบี้ยว่าง", "ช่องกลาง", "โทเคน", "โทเค็น", "อีควิตี้", "โหนด")
"""THAI.md's "avoid" column (the words that read as a translation, or as chess, card or engine talk), as patterns:
ราง (the rack) is avoided, ตาราง (a table, the leaderboard) is not."""

PLAYERS_KEYS = (
    "leaderboard", "log_in", "sign_up", "log_out", "user_name", "password", "display_name", "user_name_help", "password_help",
    "guest_note", "logged_in_as", "my_profile", "save", "saved", "change_password", "old_password", "new_password",
    "password_changed", "rated", "rated_help", "rated_tag", "casual_tag", "login_to_rate", "rating", "ratings", "provisional_help",
    "games_played", "outcome_win", "outcome_draw", "outcome_loss", "finished_games", "no_games", "no_ratings", "member_since",
    "col_date", "col_opponent", "col_result", "col_score", "col_game", "col_rank", "col_player", "col_games", "class_classic",
    "class_fast", "class_untimed", "open_game", "leaderboard_empty", "rating_range", "range_from", "range_to", "claim_win",
    "claim_win_help", "average_score", "rating_chart", "rating_chart_label",
)  # fmt: skip


def _server_thai() -> list[str]:
    """Every Thai text the server's players code sends (``th=`` of its refusals and the table of auth.py)."""
    texts = list(auth.TH.values())
    server = web_dir().parent / "server"
    for name in ("rooms.py", "protocol.py", "limits.py", "auth.py"):
        source = (server / name).read_text(encoding="utf-8")
        texts += re.findall(r'th=f?"([^"]*)"', source)
    return texts


def _page_thai() -> list[str]:
    text = (web_dir() / "i18n.js").read_text(encoding="utf-8")
    th = text.split("  th: {", 1)[1].split("\n  },", 1)[0]
    found = dict(re.findall(r'"?([\w-]+)"?:\s*"([^"]*)"', th))
    return [found[key] for key in PLAYERS_KEYS]


def test_the_players_thai_texts_avoid_the_glossarys_avoided_words() -> None:
    texts = _server_thai() + _page_thai()
    assert len(texts) > 60
    assert all(re.search(r"[\u0e00-\u0e7f]", t) for t in texts), [t for t in texts if not re.search(r"[\u0e00-\u0e7f]", t)]
    bad = [(t, w) for t in texts for w in AVOID if re.search(w, t)]
    assert bad == []


def test_the_avoided_words_are_found_when_present() -> None:
    # the check itself: a text with an avoided word is caught (so a pass above means something)
    assert [w for w in AVOID if re.search(w, "กรุณาจั่วเบี้ยจากถุง")] == ["จั่ว"]
    assert [w for w in AVOID if re.search(w, "เบี้ยบนราง ในตารางอันดับ")] == ["(?<!ตา)ราง"]
