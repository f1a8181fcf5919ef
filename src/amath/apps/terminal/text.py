"""Every user-facing string of the terminal game, in English and Thai: a translation is one place.

Strings are ``str.format`` templates; :class:`Text` picks the language and fills them in.
Library errors are translated by their code (:mod:`amath.apps.error_text`): :meth:`Text.error`.
"""

from __future__ import annotations

from collections.abc import Mapping

from amath.apps.error_text import describe
from amath.core.errors import AmathError, RulesError
from amath.core.rules.base import Ruleset
from amath.players.registry import LEVEL_NAMES

LANGUAGES: tuple[str, ...] = ("en", "th")

EN: Mapping[str, str] = {
    "title": "A-Math",
    "legend": "Legend",
    "legend_T": "triple equation",
    "legend_D": "double equation",
    "legend_3": "triple piece",
    "legend_2": "double piece",
    "legend_star": "centre (triple piece)",
    "legend_tile": "tile, small number = points",
    "legend_choice": "the {tile} tile played as {face}",
    "scores": "Scores",
    "bag": "Bag: {n} tiles",
    "to_move": "{name} to move",
    "time_left": "{left} left",
    "time_over": "{over} over time",
    "move_limit": "Time per move: {limit}",
    "your_rack": "Rack of {name}",
    "type_as": "type as",
    "handover": "{name}, take the screen and press Enter (others look away).",
    "prompt": "{name}> ",
    "help_hint": "Type 'help' for commands.",
    "help": (
        "Commands:\n"
        "  8H 1 2 + 3 = 1 5   place tiles: 8H = across from H8, H8 = down from H8\n"
        "                     blank ?:7 (or ?7), choice tiles +-:- and */:/,\n"
        "                     a tile already on the board [7] (or .)\n"
        "  pass               pass the turn\n"
        "  exchange 1 2 ?     return tiles to the bag and draw as many (the bag must hold\n"
        "                     at least 5, and at least as many as you return)\n"
        "  challenge          challenge the last placement (challenge mode)\n"
        "  hint               the best plays for your rack\n"
        "  undo               take back the last turn\n"
        "  unseen             tiles you have not seen (bag and other racks)\n"
        "  history            the turns so far\n"
        "  shuffle            shuffle the order your rack is shown in\n"
        "  board              show the board again\n"
        "  save FILE          save the game\n"
        "  quit               stop (offers to save)\n"
        "  help               this list"
    ),
    "help_smath": (
        "Commands (Smath):\n"
        "  8H 2 ( 3 + 1 ) = 8  place tiles: 8H = across from H8, H8 = down from H8;\n"
        "                     the first equation starts or ends on H8\n"
        "                     = ( ) are free: type as many as you need, they are not on the rack\n"
        "                     every number is one tile: 1 2 is two numbers, never 12\n"
        "                     blank ?:7 (or ?7), a tile already on the board [7] (or .)\n"
        "  pass               pass the turn\n"
        "  exchange 1 2 ?     return any number of tiles while the bag holds as many; it costs the turn\n"
        "  challenge          challenge the last placement (challenge mode)\n"
        "  hint               the best plays for your rack (Smath: the exact search, within a node budget)\n"
        "  undo               take back the last turn\n"
        "  unseen             tiles you have not seen (bag and other racks)\n"
        "  history            the turns so far\n"
        "  shuffle            shuffle the order your rack is shown in\n"
        "  board              show the board again\n"
        "  save FILE          save the game\n"
        "  quit               stop (offers to save)\n"
        "  help               this list"
    ),
    "not_accepted": "Not accepted: {reason}",
    "unknown_command": "{text!r} is not a move or a command.",
    "played": "{name} played {move} for {score} points.",
    "bingo": "Bingo! +{bonus}",
    "exchanged": "{name} exchanged {n} tiles.",
    "exchanged_own": "{name} exchanged {tiles}; drew {drawn}.",
    "passed": "{name} passed.",
    "timeout": "{name} ran out of time for the move: the turn is lost.",
    "skipped": "{name} loses this turn (failed challenge).",
    "challenge_won": "{by} challenged: the play of {name} is false and is taken back ({score} points).",
    "challenge_lost": "{by} challenged: the play of {name} stands; {by} loses the next turn.",
    "ask_challenge_one": "{name}, challenge the play {move}? [y/N] ",
    "ask_challenge_many": "Does anyone challenge {move}? Enter a player number ({choices}) or press Enter for no: ",
    "not_a_choice": "{text!r} is not one of the choices.",
    "bot_thinking": "{name} (bot) is thinking...",
    "bot_tag": "[bot]",
    "bot_tag_level": "[bot: {level}]",
    "bot_failed": "The bot {name} could not move ({reason}); it passes.",
    "undo_confirm": "Take back {name}'s turn {move}? [y/N] ",
    "undo_ask_owner": "{owner}, {asker} asks to take back your turn {move}. Agree? [y/N] ",
    "hint_wait": "Looking for the best plays...",
    "hint_head": "Best plays (score plus the value of the tiles kept):",
    "hint_line": "  {move}  {score} points (equity {equity})",
    "hint_none": "No placement is possible with this rack: exchange or pass.",
    "hint_none_stopped": "The search stopped at its node budget before it found a placement for this rack:",
    "hint_stopped": "(The search stopped at its node budget: a better play than these may exist.)",
    "undone": "Taken back: {name} {move}.",
    "nothing_to_undo": "Nothing to take back.",
    "saved": "Saved to {path}.",
    "save_failed": "Could not save to {path}: {reason}",
    "save_usage": "Say where: save FILE",
    "quit_save": "Save before quitting? [y/N] ",
    "quit_save_where": "File name to save to: ",
    "quit_autosaved": "The game is saved in {path}; continue it with: amath play --resume {path}",
    "bye": "Goodbye.",
    "unseen": "Unseen tiles ({n}):",
    "history_empty": "No turns yet.",
    "history_hidden": "exchange ({n} tiles)",
    "shuffled": "Shuffled.",
    "game_over": "Game over",
    "reason_playout": "{name} played out the rack.",
    "reason_passes": "Every player passed three times in a row.",
    "reason_time": "{name} lost on time.",
    "summary_row": "{name:<16} {score:>5} {adjust:>+6} {penalty:>+6} = {final:>5}",
    "summary_head": "{name:<16} {score:>5} {adjust:>6} {penalty:>6}   {final:>5}",
    "col_player": "Player",
    "col_score": "score",
    "col_racks": "racks",
    "kind_timeout": "timeout",
    "kind_skipped": "skipped",
    "kind_challenge-won": "challenge-won",
    "kind_challenge-lost": "challenge-lost",
    "col_clock": "clock",
    "col_final": "final",
    "winner": "Winner: {name}",
    "draw": "Draw between {names}",
    "error": "error: {reason}",
    "resume_failed": "Cannot resume {path}: {reason}",
    "yes": "y",
}

TH: Mapping[str, str] = {
    "title": "เอแม็ท",
    "legend": "คำอธิบาย",
    "legend_T": "ทั้งสมการ x3",
    "legend_D": "ทั้งสมการ x2",
    "legend_3": "เฉพาะเบี้ย x3",
    "legend_2": "เฉพาะเบี้ย x2",
    "legend_star": "ช่องดาว กลางกระดาน (เฉพาะเบี้ย x3)",
    "legend_tile": "เบี้ย เลขตัวเล็ก = คะแนน",
    "legend_choice": "เบี้ย {tile} ที่ใช้เป็น {face}",
    "scores": "คะแนน",
    "bag": "ในถุง: {n} ตัว",
    "to_move": "ตาของ {name}",
    "time_left": "เหลือเวลา {left}",
    "time_over": "เกินเวลา {over}",
    "move_limit": "เวลาต่อตา: {limit}",
    "your_rack": "เบี้ยบนแป้นของ {name}",
    "type_as": "พิมพ์เป็น",
    "handover": "{name} รับหน้าจอแล้วกด Enter (ผู้เล่นอื่นโปรดหันไปทางอื่น)",
    "prompt": "{name}> ",
    "help_hint": "พิมพ์ 'help' เพื่อดูคำสั่ง",
    "help": (
        "คำสั่ง:\n"
        "  8H 1 2 + 3 = 1 5   ลงเบี้ย: 8H = แนวนอนจาก H8, H8 = แนวตั้งจาก H8\n"
        "                     ตัว BLANK ?:7 (หรือ ?7), เบี้ยเลือก +-:- และ */:/,\n"
        "                     เบี้ยที่อยู่บนกระดานแล้ว [7] (หรือ .)\n"
        "  pass               ผ่าน\n"
        "  exchange 1 2 ?     ขอเปลี่ยนเบี้ย (ในถุงต้องมีอย่างน้อย 5 ตัว และไม่น้อยกว่าที่เปลี่ยน)\n"
        "  challenge          ทักท้วงการลงเบี้ยครั้งล่าสุด (โหมดทักท้วง)\n"
        "  hint               การลงที่ดีที่สุดสำหรับเบี้ยบนแป้นของคุณ\n"
        "  undo               ย้อนตาที่แล้ว\n"
        "  unseen             เบี้ยที่ยังไม่เห็น (ในถุงและในมือคนอื่น)\n"
        "  history            ประวัติการเล่น\n"
        "  shuffle            สลับลำดับเบี้ยที่แสดง\n"
        "  board              แสดงกระดานอีกครั้ง\n"
        "  save FILE          บันทึกเกม\n"
        "  quit               เลิกเล่น (ถามก่อนว่าจะบันทึกไหม)\n"
        "  help               รายการนี้"
    ),
    "help_smath": (
        "คำสั่ง (สแม็ท):\n"
        "  8H 2 ( 3 + 1 ) = 8  ลงเบี้ย: 8H = แนวนอนจาก H8, H8 = แนวตั้งจาก H8\n"
        "                     สมการแรกต้องเริ่มหรือจบที่ H8\n"
        "                     = ( ) ใช้ได้ฟรี พิมพ์ได้ตามต้องการ ไม่ต้องมีบนแป้น\n"
        "                     ตัวเลขหนึ่งตัวคือเบี้ยหนึ่งตัว: 1 2 คือสองจำนวน ไม่ใช่ 12\n"
        "                     ตัว BLANK ?:7 (หรือ ?7), เบี้ยที่อยู่บนกระดานแล้ว [7] (หรือ .)\n"
        "  pass               ผ่าน\n"
        "  exchange 1 2 ?     ขอเปลี่ยนเบี้ยกี่ตัวก็ได้ถ้าในถุงมีพอ เสียตานั้น\n"
        "  challenge          ทักท้วงการลงเบี้ยครั้งล่าสุด (โหมดทักท้วง)\n"
        "  hint               การลงที่ดีที่สุดสำหรับเบี้ยบนแป้นของคุณ (สแม็ท: ค้นหาแบบแม่นยำ ภายในขีดจำกัดที่ให้คิด)\n"
        "  undo               ย้อนตาที่แล้ว\n"
        "  unseen             เบี้ยที่ยังไม่เห็น (ในถุงและในมือคนอื่น)\n"
        "  history            ประวัติการเล่น\n"
        "  shuffle            สลับลำดับเบี้ยที่แสดง\n"
        "  board              แสดงกระดานอีกครั้ง\n"
        "  save FILE          บันทึกเกม\n"
        "  quit               เลิกเล่น (ถามก่อนว่าจะบันทึกไหม)\n"
        "  help               รายการนี้"
    ),
    "not_accepted": "ทำแบบนี้ไม่ได้: {reason}",
    "unknown_command": "{text!r} ไม่ใช่การลงเบี้ยหรือคำสั่ง",
    "played": "{name} ลงเบี้ย {move} ได้ {score} คะแนน",
    "bingo": "บิงโก! +{bonus}",
    "exchanged": "{name} เปลี่ยนเบี้ย {n} ตัว",
    "exchanged_own": "{name} เปลี่ยน {tiles} ได้ {drawn}",
    "passed": "{name} ผ่าน",
    "timeout": "{name} หมดเวลาของตานี้ เสียตา",
    "skipped": "{name} เสียตานี้ (ทักท้วงผิด)",
    "challenge_won": "{by} ทักท้วง: สมการของ {name} ไม่ถูกต้อง เบี้ยกลับขึ้นแป้น ({score} คะแนน)",
    "challenge_lost": "{by} ทักท้วง: สมการของ {name} ถูกต้อง {by} เสียตาถัดไป",
    "ask_challenge_one": "{name} จะทักท้วง {move} ไหม? [y/N] ",
    "ask_challenge_many": "มีใครทักท้วง {move} ไหม? ใส่หมายเลขผู้เล่น ({choices}) หรือกด Enter ถ้าไม่ทักท้วง: ",
    "not_a_choice": "{text!r} ไม่ใช่ตัวเลือก",
    "bot_thinking": "{name} (บอท) กำลังคิด...",
    "bot_tag": "[บอท]",
    "bot_tag_level": "[บอท: {level}]",
    "bot_failed": "บอท {name} ลงเบี้ยไม่ได้ ({reason}) จึงผ่าน",
    "undo_confirm": "ย้อนตาของ {name} {move} ไหม? [y/N] ",
    "undo_ask_owner": "{owner} {asker} ขอย้อนตา {move} ของคุณ ยอมไหม? [y/N] ",
    "hint_wait": "กำลังค้นหาการลงที่ดีที่สุด...",
    "hint_head": "การลงที่ดีที่สุด (คะแนนรวมค่าของเบี้ยที่เหลือ):",
    "hint_line": "  {move}  {score} คะแนน (รวมค่าเบี้ยที่เก็บไว้ {equity})",
    "hint_none": "เบี้ยชุดนี้ลงไม่ได้เลย ให้เปลี่ยนเบี้ยหรือผ่าน",
    "hint_none_stopped": "เครื่องหยุดค้นหาเมื่อครบขีดจำกัดที่ให้คิด ก่อนจะพบการลงสำหรับเบี้ยชุดนี้:",
    "hint_stopped": "(เครื่องหยุดค้นหาเมื่อครบขีดจำกัดที่ให้คิด อาจมีการลงที่ดีกว่านี้)",
    "undone": "ย้อนแล้ว: {name} {move}",
    "nothing_to_undo": "ไม่มีอะไรให้ย้อน",
    "saved": "บันทึกที่ {path} แล้ว",
    "save_failed": "บันทึกที่ {path} ไม่ได้: {reason}",
    "save_usage": "ระบุไฟล์: save FILE",
    "quit_save": "บันทึกก่อนเลิกไหม? [y/N] ",
    "quit_save_where": "ชื่อไฟล์ที่จะบันทึก: ",
    "quit_autosaved": "เกมบันทึกอยู่ใน {path} เล่นต่อด้วย: amath play --resume {path}",
    "bye": "ลาก่อน",
    "unseen": "เบี้ยที่ยังไม่เห็น ({n} ตัว):",
    "history_empty": "ยังไม่มีการเล่น",
    "history_hidden": "เปลี่ยนเบี้ย ({n} ตัว)",
    "shuffled": "สลับแล้ว",
    "game_over": "จบเกม",
    "reason_playout": "{name} ลงเบี้ยหมดแป้น",
    "reason_passes": "ผู้เล่นทุกคนผ่านติดกันครบสามครั้ง",
    "reason_time": "{name} แพ้เพราะหมดเวลา",
    "summary_row": "{name:<16} {score:>5} {adjust:>+6} {penalty:>+6} = {final:>5}",
    "summary_head": "{name:<16} {score:>5} {adjust:>6} {penalty:>6}   {final:>5}",
    "col_player": "ผู้เล่น",
    "col_score": "คะแนน",
    "col_racks": "เบี้ยเหลือ",
    "kind_timeout": "หมดเวลา",
    "kind_skipped": "เสียตา",
    "kind_challenge-won": "ถูกทักท้วง: เก็บเบี้ยคืน",
    "kind_challenge-lost": "ทักท้วงไม่สำเร็จ",
    "col_clock": "เวลา",
    "col_final": "รวม",
    "winner": "ผู้ชนะ: {name}",
    "draw": "เสมอกัน: {names}",
    "error": "ผิดพลาด: {reason}",
    "resume_failed": "เล่นต่อจาก {path} ไม่ได้: {reason}",
    "yes": "y",
}

TABLES: Mapping[str, Mapping[str, str]] = {"en": EN, "th": TH}


class Text:
    """The strings of one language: ``text("played", name="Ann", ...)``."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in TABLES:
            raise RulesError(
                f"unknown language {lang!r} (choose from {', '.join(LANGUAGES)})",
                code="unknown_language",
                lang=lang,
                choices=", ".join(LANGUAGES),
            )
        self.lang = lang
        self._table = TABLES[lang]

    def __call__(self, key: str, **values: object) -> str:
        """The string ``key`` filled with ``values`` (falls back to English if missing)."""
        template = self._table.get(key) or EN[key]
        return template.format(**values)

    def for_rules(self, key: str, rules: Ruleset, **values: object) -> str:
        """The string ``key`` as the ruleset's family has it (``help_smath``), else plain ``key``."""
        family = f"{key}_{rules.name.split('+')[0]}"
        return self(family if family in EN else key, **values)

    def bot_level(self, level: str) -> str:
        """A bot level's name for people in this language (``amath.players.registry.LEVEL_NAMES``), else its id."""
        names = LEVEL_NAMES.get(level.strip().lower())
        return level if names is None else names[1 if self.lang == "th" else 0]

    def error(self, exc: BaseException) -> str:
        """An error for the player: a library error in this language (by its code), else its text."""
        return describe(exc, self.lang) if isinstance(exc, AmathError) else str(exc)

    def is_yes(self, answer: str) -> bool:
        """True for a yes answer: ``y``/``yes`` in any language, or Thai ``ใช่``."""
        return answer.strip().lower() in ("y", "yes", "ใช่", "ช", self._table["yes"])
