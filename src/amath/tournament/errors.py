"""The tournament's one error family: a code and params on every error, texts in English (the message) and Thai (:data:`TH`).

:mod:`amath.apps.error_text` merges :data:`TH` into its table, so ``describe(err, "th")``
reads a tournament error in Thai as it does every other library error.
"""

from __future__ import annotations

from collections.abc import Mapping

from amath.core.errors import AmathError


class TournamentError(AmathError):
    """A tournament action the state or the input does not allow (unknown player, bad score, ...)."""

    default_code = "tournament"


#: Thai for every code this package raises, filled with the error's params (words per THAI.md; the
#: tournament words: รอบ, โต๊ะ, บาย, การจับคู่, แต้มต่าง, ถอนตัว, รายงานตัว, ปรับแพ้, รุ่น; docs/tournaments.md).
TH: Mapping[str, str] = {
    # players and rounds (model)
    "no_player": "ไม่มีผู้เล่นหมายเลข {player}",
    "no_player_named": "ไม่มีผู้เล่นชื่อ {name!r}",
    "player_ambiguous": "{name!r} ตรงกับผู้เล่นหลายคน: {players} ให้ระบุหมายเลขแทน",
    "player_no_name": "ผู้เล่นทุกคนต้องมีชื่อ",
    "already_withdrawn": "{name} ถอนตัวไปแล้ว",
    "not_withdrawn": "{name} ยังไม่ได้ถอนตัว",
    "no_round": "รอบที่ {round} ยังไม่ได้จับคู่",
    "no_table": "รอบที่ {round} ไม่มีโต๊ะ {table} (มีโต๊ะ 1..{count})",
    "setting_low": "{setting} ต้องมีค่าอย่างน้อย {least} ไม่ใช่ {value}",
    "bye_points": "คะแนนของบายต้องเป็น 0, 1 หรือ 2 (แพ้ เสมอ ชนะ) ไม่ใช่ {value}",
    "tournament_no_name": "การแข่งขันต้องมีชื่อ",
    "unknown_method": "ไม่รู้จักวิธีจับคู่ {method!r} (วิธีที่มี: {methods})",
    "unknown_mode": "ไม่รู้จักรูปแบบการแข่งขัน {mode!r} (รูปแบบที่มี: {modes})",
    # pairing
    "round_range": "รอบที่ {round} ไม่อยู่ในการแข่งขันนี้ (รอบ 1..{rounds})",
    "round_published": "รอบที่ {round} ประกาศแล้ว จึงเปลี่ยนการจับคู่ไม่ได้",
    "earlier_round_open": "ต้องจับคู่และประกาศรอบที่ {earlier} ก่อนจับคู่รอบที่ {round}",
    "results_missing": "รอบที่ {round} ยังมีเกมที่ไม่ได้ใส่ผล จึงจับคู่ตามอันดับไม่ได้",
    "round_robin_size": "แบบพบกันหมดรับผู้เล่นได้ไม่เกิน {most} คน ไม่ใช่ {count} คน",
    "not_seated": "{name} ไม่ได้อยู่ในการจับคู่ของรอบที่ {round}",
    "self_pairing": "{name} แข่งกับตัวเองไม่ได้",
    "seated_twice": "{name} มีชื่อสองครั้งในรอบที่ {round}",
    "withdrawn_seated": "{name} ถอนตัวแล้ว แต่ยังมีชื่อในการจับคู่ของรอบที่ {round}",
    "players_missing": "ผู้เล่นเหล่านี้ยังไม่ได้จับคู่ในรอบที่ {round}: {names}",
    "byes_many": "รอบที่ {round} ให้บาย {count} คนในรุ่นเดียวกัน (ได้ไม่เกินหนึ่งคน)",
    # results
    "score_not_number": "คะแนนของ{seat}ต้องเป็นจำนวนเต็ม ไม่ใช่ {score!r}",
    "score_negative": "คะแนนของ{seat} ({score}) ติดลบไม่ได้",
    "score_too_high": "คะแนนของ{seat} ({score}) เกิน {most} ซึ่งมากกว่าที่เกมหนึ่งจะได้ (พิมพ์ผิดหรือเปล่า)",
    "score_both_zero": "0-0 ไม่ใช่ผลของเกม ถ้าไม่ได้แข่งให้บันทึกเป็นปรับแพ้",
    "round_not_published": "รอบที่ {round} ยังไม่ได้ประกาศ ให้ประกาศก่อนใส่ผล",
    "bye_no_result": "โต๊ะ {table} ของรอบที่ {round} เป็นบาย จึงไม่มีเกมให้ใส่ผล",
    "bad_forfeit": "ปรับแพ้ได้เฉพาะ {choices} ไม่ใช่ {value!r}",
    # the command line (amath tournament)
    "cli_not_number": "{what} ต้องเป็นจำนวนเต็ม ไม่ใช่ {text!r}",
    # the tournament file
    "file_format": 'ไม่ใช่ไฟล์การแข่งขัน (ต้องมี "format": "{expected}")',
    "file_version": "ไม่รองรับไฟล์การแข่งขันรุ่น {version!r} (amath รุ่นนี้อ่านรุ่น {expected})",
    "file_field": "ไฟล์การแข่งขัน: {field}: {detail}",
    "file_missing": "ไม่พบไฟล์ {path}",
    "file_unreadable_at": "อ่านไฟล์ {path} ไม่ได้: {detail}",
    "file_not_json": "ไฟล์ {path} ไม่ใช่ JSON ที่ถูกต้อง: {detail}",
}

#: Words that fill a param of a fixed list, in Thai (``seat``: the player who starts, or the other).
WORDS_TH: Mapping[str, Mapping[str, str]] = {
    "seat": {"first": "ผู้เล่นที่เริ่มก่อน", "second": "ผู้เล่นที่เริ่มทีหลัง"},
}
