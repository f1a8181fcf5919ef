"""Errors and the judge's verdicts in the user's language, translated by code, never by text.

Every :class:`~amath.core.errors.AmathError` and every false :class:`~amath.core.equation.Verdict`
has a ``code`` and ``params``.  English is the message the library wrote; Thai is
:data:`TH`, one template per code filled with the params.  A param that is itself an
error is translated too, so a wrapped error reads in one language from end to end.

>>> from amath.core.errors import IllegalMoveError
>>> describe(IllegalMoveError("the line is broken at H9", code="line_broken", square="H9"), "th")
'เบี้ยที่ลงต้องต่อกัน แต่ขาดที่ช่อง H9'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from amath.core.equation import Verdict
from amath.core.errors import AmathError
from amath.tournament.errors import TH as TOURNAMENT_TH
from amath.tournament.errors import WORDS_TH as TOURNAMENT_WORDS_TH

LANGUAGES: tuple[str, ...] = ("en", "th")

#: The judge's codes (:func:`amath.core.equation.judge`): what is wrong with a line of faces.
VERDICT_TH: Mapping[str, str] = {
    "too_short": "สมการต้องมีเบี้ยอย่างน้อยสองตัว",
    "no_equals": "สมการต้องมีเครื่องหมาย =",
    "empty_side": "มีข้างหนึ่งของสมการว่าง ({which})",
    "sides_differ": "ค่าแต่ละข้างไม่เท่ากัน: {values}",
    "number_join": "ต่อเลขโดดเหล่านี้เป็นจำนวนเดียวกันไม่ได้: {numbers}",
    "too_many_digits": "ตัวเลข {number} มี {digits} หลัก (ได้ไม่เกิน {most} หลัก)",
    "leading_zero": "ตัวเลข {number} ขึ้นต้นด้วยศูนย์ไม่ได้",
    "bad_face": "{face!r} ไม่ใช่หน้าเบี้ย",
    "not_in_game": "เกมนี้ไม่มี {face}",
    "brackets_not_allowed": "เกมนี้ไม่มีวงเล็บ",
    "unbalanced_brackets": "วงเล็บไม่ครบคู่ (มี {bracket} เกินมา)",
    "empty_brackets": "ใช้วงเล็บว่าง () ไม่ได้",
    "division_by_zero": "หารด้วยศูนย์ไม่ได้",
    "operator_after_operator": "วางเครื่องหมายติดกันไม่ได้: {pair}",
    "unary_plus": "ข้างหนึ่งของสมการขึ้นต้นด้วย + ไม่ได้",
    "minus_zero": "ใช้ −0 ไม่ได้",
    "starts_with_operator": "ข้างหนึ่งของสมการขึ้นต้นด้วย {face} ไม่ได้",
    "ends_with_operator": "ข้างหนึ่งของสมการลงท้ายด้วย {face} ไม่ได้",
    "syntax": "{face} อยู่ในตำแหน่งนี้ไม่ได้",
}

#: Params whose values are words from a fixed list, with their Thai.
_WORDS_TH: Mapping[str, Mapping[str, str]] = {
    "which": {"first": "ก่อน = ตัวแรก", "last": "หลัง = ตัวสุดท้าย", "middle": "ระหว่าง = สองตัว"},
    **TOURNAMENT_WORDS_TH,
}

#: Every other error code, Thai.  English is the message at the raise site.
ERROR_TH: Mapping[str, str] = {
    # placements (amath.core.placement) and the game (amath.game)
    "no_tiles": "ต้องลงเบี้ยอย่างน้อยหนึ่งตัว",
    "no_rack_tile": "ต้องลงเบี้ยจากแป้นอย่างน้อยหนึ่งตัว (เบี้ยฟรีอย่างเดียวไม่นับเป็นการลง)",
    "too_many_tiles": "ลงได้ไม่เกินตาละ {most} ตัว",
    "off_board": "ช่อง {square} อยู่นอกกระดาน",
    "square_covered": "ช่อง {square} มีเบี้ยอยู่แล้ว",
    "square_empty": "ช่อง {square} ว่างอยู่",
    "two_tiles_on_square": "วางเบี้ยสองตัวบนช่อง {square} ไม่ได้",
    "bad_face_for_tile": "เบี้ย {tile!r} ใช้เป็น {face!r} ไม่ได้",
    "not_in_line": "เบี้ยที่ลงต้องอยู่ในแนวนอนหรือแนวตั้งเดียวกัน",
    "line_broken": "เบี้ยที่ลงต้องต่อกัน แต่ขาดที่ช่อง {square}",
    "first_cover_centre": "การลงครั้งแรกต้องทับช่องดาว {square}",
    "first_end_on_centre": "สมการแรกต้องเริ่มหรือจบที่ช่องดาว {square}",
    "must_touch": "ต้องลงติดกับเบี้ยที่อยู่บนกระดาน",
    "no_line": "ต้องลงเบี้ยต่อกันอย่างน้อยสองตัว",
    "not_on_rack": "บนแป้น {rack} ไม่มี {tiles}",
    "rack_unavailable": "ไม่มี {tiles} เหลือนอกกระดานพอจะจัดแป้น {rack}",
    "rack_too_big": "แป้นมี {count} ตัว แต่จับเบี้ยได้เพียง {most} ตัว",
    "game_over": "เกมจบแล้ว",
    "not_your_turn": "ยังไม่ถึงตาคุณ",
    "tiles_not_on_rack": "เบี้ยเหล่านี้ไม่ได้อยู่บนแป้นของคุณ",
    "exchange_bag_low": "เปลี่ยนเบี้ยได้เมื่อในถุงมีอย่างน้อย {least} ตัว ตอนนี้มี {bag} ตัว",
    "exchange_count": "เปลี่ยนได้ 1 ถึง {most} ตัว ไม่ใช่ {count} ตัว",
    "exchange_more_than_bag": "เปลี่ยนได้ไม่เกินจำนวนเบี้ยในถุง ({bag} ตัว) ไม่ใช่ {count} ตัว",
    "bad_elapsed": "เวลาที่ใช้ต้องเป็นจำนวนวินาทีที่ไม่ติดลบ ไม่ใช่ {seconds}",
    "nothing_to_undo": "ไม่มีอะไรให้ย้อน",
    "not_challenge_mode": "ทักท้วงได้เฉพาะในโหมดทักท้วง",
    "nothing_to_challenge": "ตอนนี้ไม่มีการลงเบี้ยให้ทักท้วง",
    "no_such_side": "ไม่มีผู้เล่นลำดับ {side}",
    "challenge_own": "ทักท้วงการลงเบี้ยของตัวเองไม่ได้",
    "starter_too_late": "กำหนดผู้เริ่มได้ก่อนตาแรกเท่านั้น",
    "player_count": "{variant} เล่นได้ {least} ถึง {most} ฝ่าย ไม่ใช่ {count}",
    "team_shape": "เล่นเป็นทีมต้องมี 2 ทีม ทีมละ 2 คนพอดี ไม่ใช่ {shape}",
    "empty_name": "ผู้เล่นทุกคนต้องมีชื่อ",
    "unknown_variant": "ไม่รู้จักกติกา {name!r} (เลือกจาก {choices})",
    "unknown_language": "ไม่รู้จักภาษา {lang!r} (เลือกจาก {choices})",
    "unknown_bot": "ไม่รู้จักบอท {name!r} (เลือกจาก {choices})",
    "clock_kind": "นาฬิกาแบบ {kind!r} ไม่มี (none, total, move)",
    "clock_seconds": "เวลาต้องเป็นจำนวนวินาทีที่มากกว่าศูนย์ ไม่ใช่ {seconds}",
    # notation (amath.core.notation), tiles and squares
    "quoted": "{text!r}: {detail}",
    "bad_coordinate": "{text!r} ไม่ใช่พิกัด (8H = แนวนอนจาก H8, H8 = แนวตั้งจาก H8)",
    "not_a_tile_of": "{tile!r} ไม่ใช่เบี้ยของ {variant}",
    "face_needed": "{text!r}: ต้องบอกว่าเบี้ย {tile!r} ใช้เป็นอะไร เช่น {example}",
    "face_not_allowed": "{text!r}: เบี้ย {tile!r} ใช้เป็น {face!r} ไม่ได้ (ใช้เป็น {faces} ได้)",
    "placement_form": "{text!r}: การลงเบี้ยเขียนเป็นพิกัดตามด้วยเบี้ย เช่น '8H 1 + 2 = 3'",
    "runs_off_board": "{text!r}: เบี้ยเลยขอบกระดานหลัง {word!r}",
    "marked_square_empty": "{text!r}: {word!r} หมายถึงเบี้ยบนกระดาน แต่ช่อง {square} ว่าง",
    "marked_face_differs": "{text!r}: ช่อง {square} มี {face} ไม่ใช่ {written}",
    "square_holds": "{text!r}: ช่อง {square} มี {face} อยู่แล้ว ให้เขียนเป็น [{face}]",
    "no_new_tile": "{text!r}: ไม่ได้วางเบี้ยใหม่เลย",
    "empty_move": "คุณยังไม่ได้พิมพ์การลงเบี้ย",
    "exchange_form": "{text!r}: ระบุเบี้ยที่จะเปลี่ยน เช่น 'exchange 1 ? ='",
    "not_a_face": "{text!r} ไม่ใช่หน้าเบี้ย (0..20, + - * / = หรือวงเล็บ)",
    "not_a_tile": "{text!r} ไม่ใช่เบี้ยในชุดนี้ (เบี้ย: {tiles})",
    "tile_set_points": "ชุดเบี้ยไม่มีคะแนนของ {tiles}",
    "not_a_square": "{text!r} ไม่ใช่ช่อง (ตัวอักษรหลักตามด้วยเลขแถว เช่น H8)",
    "layout_not_square": "ผังกระดานต้องเป็นสี่เหลี่ยมจัตุรัส",
    "layout_premium": "ผังกระดานมีอักษรช่องพิเศษที่ไม่รู้จัก {chars}",
    "layout_centre": "ผังกระดานต้องมีช่องดาว '*' หนึ่งช่องพอดี",
    "layout_differs": "ผังกระดานไม่ตรงกัน",
    # the move generator and study tools
    "generator_face": "ตัวค้นหาการลงแบบเร็วยังไม่รองรับหน้าเบี้ย {face!r}",
    "generator_variant": "ตัวค้นหาการลงแบบเร็วยังไม่รองรับ {variant}",
    "generator_first_play": "ตัวค้นหาการลงแบบเร็วยังไม่รองรับกติกาการลงครั้งแรก {rule}",
    "native_refused": "ตัวค้นหาการลงแบบคอมไพล์ไม่รับตำแหน่งนี้: {detail}",
    "leaves_for_other_rack": "ตารางค่าเบี้ยที่เหลือเป็นของแป้น {table} ไม่ใช่ {rack}",
    "bad_move_count": "จำนวนการลงที่ขอต้องเป็น 0 ขึ้นไป ไม่ใช่ {count}",
    "search_stopped": "เครื่องหยุดค้นหาหลังจากตรวจ {nodes} ตำแหน่ง พบ {count} การลง รายการยังไม่ครบ",
    "search_tables": (
        "เครื่องหยุดค้นหาหลังจากตรวจ {nodes} ตำแหน่ง: ตารางของการค้นหาถึง {entries} รายการ ซึ่งเป็นหน่วยความจำมากที่สุดที่การค้นหาหนึ่งใช้ได้"
        " พบ {count} การลง รายการยังไม่ครบ (ขอเฉพาะ N การลงที่ดีที่สุด)"
    ),
    "bingo_variant": (
        "รายการบิงโกและการฝึกใช้กับ {variant} ไม่ได้ เพราะรายการการลงทั้งหมดของแป้นเต็มยาวเกินไป"
        " (`amath moves --limit N` ให้ N การลงที่ดีที่สุดพอดี; docs/smath.md)"
    ),
    "no_drill_rack": "สร้างแป้นสำหรับฝึกไม่ได้",
    "no_converter": "ไม่มีโปรแกรมแปลง SVG เป็น PNG (ติดตั้ง rsvg-convert หรือ cairosvg)",
    "converter_failed": "rsvg-convert ทำงานไม่สำเร็จ: {detail}",
    # files, records, saved games, positions (amath.formats)
    "file_not_found": "ไม่พบไฟล์",
    "file_unreadable": "อ่านไฟล์ไม่ได้: {detail}",
    "not_text": "ไม่ใช่ไฟล์ข้อความ UTF-8 (ไบต์ {byte} ที่ตำแหน่ง {offset} ไม่ใช่ UTF-8 อาจเป็นไฟล์ไบนารี)",
    "position_or_file": (
        "ไม่มีไฟล์ชื่อ {arg!r} และไม่ใช่สตริงตำแหน่งด้วย: ต้องเป็นไฟล์ (JSON หรือสตริงตำแหน่ง บันทึกเกม หรือไฟล์เกมที่บันทึกไว้)"
        " หรือสตริงตำแหน่ง 'BOARD RACK SCORES TO_MOVE' แบบที่ amath position แสดง"
    ),
    "bad_json": "ไม่ใช่ JSON ที่ถูกต้อง: {detail}",
    "not_a_game": "นี่เป็นตำแหน่งบนกระดาน ไม่ใช่เกม (เกมคือบันทึกเกมหรือไฟล์เกมที่บันทึกไว้)",
    "json_not_record": "นี่เป็น JSON ไม่ใช่บันทึกเกมแบบข้อความ (แปลงไฟล์เกมด้วย 'amath record GAME.json')",
    "turn_out_of_range": "ไม่มีตาที่ {turn}: เกมนี้มี {count} ตา (0 คือตอนเริ่ม)",
    "record_name": "ชื่อผู้เล่น {name!r} มี '|' หรือขึ้นบรรทัดใหม่ ซึ่งบันทึกเกมเก็บไม่ได้",
    "record_line": "ต้องเป็นหัวบันทึก ('#key value') หรือบรรทัดของตา ('>SIDE: RACK | MOVE | SCORE | TOTAL') ไม่ใช่ {text!r}",
    "record_side_numbers": "บรรทัด '#side' ต้องเรียงเลขฝ่าย 1, 2, ... แต่พบ {found}",
    "record_starter_side": "'#starter' ระบุฝ่าย {side} แต่มีเพียง {count} ฝ่าย",
    "record_turn_after_end": "มีบรรทัดของตาหลังบรรทัดจบเกม",
    "record_version": "ไม่รองรับบันทึกเกมรุ่น {version!r} (รองรับรุ่น {expected})",
    "record_side_line": "ต้องเป็น '#side N NAME' (ทีม: '#side N NAME | NAME') ไม่ใช่ {text!r}",
    "record_side_twice": "ฝ่าย {side} ถูกตั้งชื่อสองครั้ง",
    "record_challenge": "'#challenge' ต้องเป็น 'on' หรือ 'off' ไม่ใช่ {text!r}",
    "record_seed": "'#seed' ต้องเป็นจำนวนเต็ม ไม่ใช่ {text!r}",
    "record_starter": "'#starter' ต้องเป็นหมายเลขฝ่ายตั้งแต่ 1 ไม่ใช่ {text!r}",
    "record_header": "{text!r} ไม่ใช่หัวบันทึก ('#key value')",
    "record_clock": "ต้องเป็น '#clock none', '#clock total SECONDS PENALTY [loss]' หรือ '#clock move SECONDS' ไม่ใช่ {text!r}",
    "record_turn_form": "บรรทัดของตาเขียนเป็น '>SIDE: RACK | MOVE | SCORE | TOTAL' (คั่นด้วย '|')",
    "record_number": "ช่อง {field} ต้องเป็นจำนวนเต็ม (เช่น +27 หรือ 40) ไม่ใช่ {text!r}",
    "record_field": "ไม่รู้จักช่อง {text!r} (ใช้ time=SECONDS)",
    "record_time": "เวลาต้องเป็นจำนวนวินาทีที่ไม่ติดลบ ไม่ใช่ {text!r}",
    "record_empty_move": "ช่องการลงว่าง",
    "record_exchange": "การเปลี่ยนเบี้ยต้องระบุเบี้ย ('exchange 1 ? =') หรือจำนวน ('exchange (3)')",
    "record_challenge_by": "ต้องเป็น '{kind} by SIDE' ไม่ใช่ {text!r}",
    "record_penalty": "ต้องเป็น 'time-penalty MINUTES' ไม่ใช่ {text!r}",
    "record_nothing_after": "หลัง {kind!r} ต้องไม่มีอะไรต่อ ไม่ใช่ {text!r}",
    "record_no_side": "{text!r} ไม่ใช่ฝ่ายในเกมนี้ (1..{count} หรือชื่อจากบรรทัด '#side')",
    "record_header_game": "หัวบันทึกสร้างเกมไม่ได้: {detail}",
    "replay_no_skip": "บันทึกบอกว่าเสียตานี้ แต่ก่อนหน้านั้นไม่มีการทักท้วงที่ผิด",
    "replay_to_move": "บันทึกให้เป็นตาของฝ่าย {side} แต่ตามกติกาเป็นตาของฝ่าย {rules}",
    "replay_rack_size": "แป้นที่บันทึกของฝ่าย {side} มี {count} ตัว ตามกติกามี {rules} ตัว",
    "replay_kind": "บันทึกเป็น {recorded} แต่ตามกติกาเป็น {rules}",
    "replay_side": "บันทึกเป็นของฝ่าย {recorded} แต่ตามกติกาเป็นฝ่าย {rules}",
    "replay_score": "บันทึกคะแนน {recorded} แต่ตามกติกาได้ {rules}",
    "replay_total": "บันทึกคะแนนรวม {recorded} แต่ตามกติกาได้ {rules}",
    "replay_unreadable": "อ่าน {text!r} ไม่ได้: {detail}",
    "replay_own_rack_size": "แป้นที่บันทึกมี {count} ตัว ตามกติกามี {rules} ตัว",
    "replay_move_too_big": "การลงใช้เบี้ย {count} ตัว แต่แป้นมี {rules} ตัว",
    "replay_rack_impossible": "จัดแป้นตามบันทึกไม่ได้: {detail}",
    "replay_other_rack_impossible": "จัดแป้นของฝ่าย {side} ตามบันทึกไม่ได้: {detail}",
    "replay_final_rack": "จับเบี้ยให้แป้นตอนจบเป็น {rack} จากถุงไม่ได้",
    "replay_not_allowed": "ลง {text!r} ไม่ได้: {detail}",
    "replay_not_over": "บันทึกจบเกมแล้ว แต่ตามกติกาเกมยังไม่จบ",
    "replay_end_twice": "มีบรรทัด {kind} ของฝ่าย {side} สองครั้ง",
    "replay_resign_twice": "มีบรรทัด resign สองครั้ง: ยอมแพ้ได้ฝ่ายเดียว ครั้งเดียว",
    "replay_resign_over": "ฝ่าย {side} ยอมแพ้ แต่ตามกติกาเกมจบไปแล้ว",
    "replay_not_lost_on_time": "บันทึกบอกว่าฝ่าย {side} แพ้เพราะหมดเวลา แต่ตามกติกาไม่ใช่",
    "replay_end_score": "บันทึก {kind} {recorded} ให้ฝ่าย {side} แต่ตามกติกาได้ {rules}",
    "replay_end_missing": "บันทึกไม่มีบรรทัด {kind} ของฝ่าย {side} ตามกติกาได้ {rules}",
    "replay_lost_on_time_missing": "บันทึกไม่มีบรรทัด lost-on-time แต่ตามกติกาฝ่าย {side} แพ้เพราะหมดเวลา",
    "save_format": 'ไม่ใช่ไฟล์เกมที่บันทึกไว้ (ต้องมี "format": "{expected}")',
    "save_version": "ไม่รองรับไฟล์เกมรุ่น {version} (รองรับรุ่น {expected})",
    "save_seed": "ไฟล์เกม: 'seed' ต้องเป็นจำนวนเต็ม",
    "save_header": "หัวไฟล์เกมไม่ถูกต้อง: {detail}",
    "save_to_move": "ไม่ใช่ตาของผู้เล่น {player} (เป็นตาของผู้เล่น {to_move})",
    "save_turn": "เล่นตาที่ {turn} ในไฟล์เกมซ้ำไม่ได้: {detail}",
    "pos_missing": "ตำแหน่งกระดาน: ไม่มี {key!r}",
    "pos_type": "ตำแหน่งกระดาน: {key!r} ต้องเป็น {kind} ไม่ใช่ {value}",
    "pos_object": "ตำแหน่งกระดาน: ต้องเป็นออบเจ็กต์ JSON",
    "pos_text": "ไม่ใช่ตำแหน่งกระดาน: ต้องเป็น JSON ตำแหน่งกระดาน (ออบเจ็กต์) หรือสตริงตำแหน่งบรรทัดเดียว แต่มี {lines} บรรทัด",
    "pos_unknown_fields": "ตำแหน่งกระดาน: ไม่รู้จักช่อง {fields} (ช่องที่มี: {known})",
    "pos_part": "ตำแหน่งกระดาน: {part}: {detail}",
    "pos_entry": "ตำแหน่งกระดาน: {part} ต้องเป็นออบเจ็กต์ที่มี 'square' และ 'tile' เป็นข้อความ",
    "pos_entry_fields": "ตำแหน่งกระดาน: {part} มีช่องที่ไม่รู้จัก {fields}",
    "pos_two_tiles": "ตำแหน่งกระดาน: {part}: มีเบี้ยสองตัวบนช่อง {square}",
    "pos_face_needed": "ตำแหน่งกระดาน: {part}: เบี้ย {tile!r} บนช่อง {square} ต้องมี 'face'",
    "pos_face_bad": "ตำแหน่งกระดาน: {part}: เบี้ย {tile!r} ใช้เป็น {face!r} ไม่ได้",
    "pos_face_fixed": "ตำแหน่งกระดาน: {part}: เบี้ย {tile!r} เป็น {tile!r} เสมอ ไม่ใช่ {face!r}",
    "pos_rack_entry": "ตำแหน่งกระดาน: {part} ต้องเป็นชื่อเบี้ย",
    "pos_rack_size": "ตำแหน่งกระดาน: แป้นมีได้ไม่เกิน {most} ตัว ไม่ใช่ {count}",
    "pos_too_many_tiles": "ตำแหน่งกระดาน: เบี้ยเกินจำนวนในชุด: {tiles}",
    "pos_scores": "ตำแหน่งกระดาน: 'scores' ต้องเป็นจำนวนเต็ม {least} ถึง {most} ตัว",
    "pos_to_move": "ตำแหน่งกระดาน: 'to_move' ต้องเป็น 0..{most} ไม่ใช่ {value}",
    # the kernel's position (amath.core.position)
    "pos_lengths": "ตำแหน่งกระดาน: มีแป้น {racks} แป้น แต่มีคะแนน {scores} ค่าและขนาดแป้นที่ซ่อน {hidden} ค่า",
    "pos_scoreless": "ตำแหน่งกระดาน: จำนวนตาที่ไม่ได้คะแนนติดกันต้องไม่ติดลบ ไม่ใช่ {value}",
    "pos_rack_hidden": "ตำแหน่งกระดาน: แป้นของฝ่าย {side} ต้องรู้เบี้ยหรือซ่อนไว้อย่างใดอย่างหนึ่ง",
    "pos_hidden_too_many": "ตำแหน่งกระดาน: แป้นที่ซ่อนมีเบี้ยมากกว่าเบี้ยที่ยังไม่เห็น",
    "pos_hidden_size": "ตำแหน่งกระดาน: แป้นของฝ่าย {side} ซ่อนเบี้ย {hidden} ตัว ไม่ใช่ {count} ตัว",
    "pos_bag_hidden": "ตำแหน่งกระดาน: ตั้งถุงไม่ได้ขณะที่ยังมีแป้นซ่อนอยู่",
    "rack_hidden": "ยังไม่รู้เบี้ยบนแป้นของฝ่าย {side}: ต้องกำหนดหรือสุ่มแป้นก่อนถึงตาฝ่ายนี้",
    "not_in_bag": "ในถุงไม่มี {tiles}",
    "draw_count": "ตานี้จับเบี้ย {count} ตัว ไม่ใช่ {drawn} ตัว",
    "not_a_turn": "{move} ไม่ใช่การลงเบี้ย การเปลี่ยนเบี้ย หรือการผ่าน",
    "bad_move_code": "{number} ไม่ใช่รหัสของการลง",
    "fen_fields": "สตริงตำแหน่ง: ต้องเป็น 'BOARD RACK SCORES TO_MOVE [VARIANT]' แต่มี {count} ส่วน",
    "fen_part": "สตริงตำแหน่ง: {part}: {detail}",
    "fen_rows": "สตริงตำแหน่ง: กระดานมี {count} แถวคั่นด้วย '|' ต้องมี {size}",
    "fen_run": "สตริงตำแหน่ง: แถว {row}: {text!r} ไม่ใช่จำนวนช่องว่างแบบ _3",
    "fen_row_long": "สตริงตำแหน่ง: แถว {row} ยาวเกิน {size} ช่อง",
    "fen_row_short": "สตริงตำแหน่ง: แถว {row} มี {count} ช่อง ต้องมี {size}",
    "fen_rack": "สตริงตำแหน่ง: แป้นต้องอยู่ในวงเล็บเหลี่ยม เช่น [1,2,?] ไม่ใช่ {text!r}",
    "fen_scores": "สตริงตำแหน่ง: คะแนนต้องเป็นจำนวนเต็มคั่นด้วยจุลภาค ไม่ใช่ {text!r}",
    "fen_to_move": "สตริงตำแหน่ง: ฝ่ายที่ถึงตาต้องเป็นเลข 1 ถึง {most} ไม่ใช่ {text!r}",
    # the command line
    "bad_budget": "--budget: {key} ไม่ถูกต้อง (ดู amath best --help)",
    "option_range": "{option} ต้องอยู่ระหว่าง {least} ถึง {most}",
    "boards_static_only": "--boards วาดกระดานได้เฉพาะกับ --engine static",
    "option_extension": "{option}: ไม่รู้จักนามสกุลไฟล์ {extension!r} (ใช้ {choices})",
    "turn_needs_game": "--turn ใช้กับเกม ไม่ใช่ตำแหน่งกระดาน",
    "rack_or_drill": "ให้แป้นหรือ --drill อย่างใดอย่างหนึ่ง ไม่ใช่ทั้งสองอย่าง",
    "no_rack": "ไม่ได้ให้แป้น (เช่น amath bingo 1 2 + 3 = 1 5 '?') หรือใช้ --drill",
    "bingo_rack_size": "บิงโกใช้แป้นเต็ม {size} ตัว แต่ให้มา {count} ตัว",
    # the web server's settings and database
    "setting_not_number": "{setting} ต้องเป็นตัวเลข ไม่ใช่ {value!r}",
    "setting_not_whole": "{setting} ต้องเป็นจำนวนเต็ม ไม่ใช่ {value!r}",
    "setting_not_positive": "{setting} ต้องมากกว่า 0 ไม่ใช่ {value!r}",
    "db_not_url": "{url!r} ไม่ใช่ URL ของฐานข้อมูล (เช่น sqlite:///amath.sqlite3 หรือ postgresql://user@host/db)",
    "db_postgres_driver": "PostgreSQL ต้องมีไดรเวอร์ซึ่งยังไม่ได้ติดตั้ง: {install}",
    "db_module_missing": "ฐานข้อมูล {url} ต้องใช้โมดูล Python {module!r}: ติดตั้งด้วย pip",
    "db_url_unusable": "ใช้ URL ฐานข้อมูล {url} ไม่ได้: {reason}",
    "db_unreachable": "เปิดฐานข้อมูล {url} ไม่ได้: {reason}",
    "db_read_only": "เขียนฐานข้อมูล {url} ไม่ได้ ({reason}): ให้สิทธิ์เขียนแก่เซิร์ฟเวอร์ หรือเริ่มด้วย --read-only เพื่อเปิดเกมในฐานข้อมูลให้ชมและดูย้อนหลังเท่านั้น",
    "db_schema_unknown": "ฐานข้อมูล {url} มีโครงสร้างรุ่น {version} ซึ่ง amath รุ่นนี้ไม่รู้จัก (รุ่นล่าสุดที่รู้จักคือ {head}): ให้ติดตั้ง amath รุ่นใหม่กว่า",
    # the engine protocol (amath.apps.protocol)
    "unknown_command": "ไม่รู้จักคำสั่ง {word!r} (คำสั่งที่มี: {commands})",
    "missing_argument": "คำสั่ง {command} ต้องมี {what}",
    "bad_number": "{name} ต้องเป็นจำนวนเต็มตั้งแต่ {low} ถึง {high} ไม่ใช่ {value!r}",
    "unknown_option": "ไม่รู้จักตัวเลือก {name!r} (ตัวเลือกที่มี: {options})",
    "bad_choice": "{name} ต้องเป็นหนึ่งใน {choices} ไม่ใช่ {value!r}",
    "setoption_form": "เขียนว่า: setoption name ชื่อ value ค่า",
    "position_form": "เขียนว่า: position string กระดาน แป้น คะแนน ผู้เล่น [กติกา], position json {{...}} หรือ position start [แป้น]",
    "wrong_ruleset": "ตำแหน่งนี้เป็นกติกา {found} แต่เครื่องตั้งกติกา {ruleset} ไว้ ส่ง 'ruleset {found}' ก่อน",
    "no_position": "ยังไม่มีตำแหน่ง ส่ง 'position ...' ก่อน",
    "busy": "กำลังค้นหาอยู่ ส่ง 'stop' ก่อน",
    "go_word": "go รับ iterations N, nodes N, simwork N, time MS (หรือ movetime MS) และ infinite ไม่ใช่ {word!r}",
    "rack_unknown": "ยังไม่รู้เบี้ยบนแป้นของฝ่าย {side} ส่ง 'rack เบี้ย'",
    "challenge_needs_game": "การทักท้วงต้องมีเกมและประวัติการเล่น ตำแหน่งกระดานไม่มีสิ่งเหล่านี้",
    # self-play workers (amath.players.parallel)
    "jobs_too_few": "จำนวนงานต้องมีอย่างน้อย 1 ไม่ใช่ {jobs}",
    "ray_missing": "ยังไม่ได้ติดตั้ง Ray: pip install 'amath[ray]'",
    "ray_unreachable": "ติดต่อคลัสเตอร์ Ray ที่ {address!r} ไม่ได้: {detail}",
    # puzzles (amath.study.puzzles, amath puzzles)
    "puzzle_entry": "ข้อมูลโจทย์ไม่ถูกต้อง: {detail}",
    "puzzle_turn": "คำตอบของโจทย์ต้องเป็นการลงเบี้ย การขอเปลี่ยนเบี้ย หรือการผ่าน",
    "puzzles_out": "การสร้างโจทย์ต้องมีไฟล์ผลลัพธ์: -o ไฟล์",
    "puzzles_players": "--players: โจทย์มาจากเกมของผู้เล่นสองคน",
    "puzzles_verify_file": "verify ตรวจไฟล์โจทย์ได้ครั้งละหนึ่งไฟล์",
}

#: Every code a translation knows (the judge's and the errors').
TH: Mapping[str, str] = {**VERDICT_TH, **ERROR_TH, **TOURNAMENT_TH}  # the tournament's codes live with it


def _render(value: object, lang: str) -> object:
    if isinstance(value, AmathError):
        return describe(value, lang)
    if isinstance(value, BaseException):
        return str(value)
    return value


def _fill(template: str, params: Mapping[str, object], lang: str) -> str:
    values = {k: _render(v, lang) for k, v in params.items()}
    for key, words in _WORDS_TH.items():
        if isinstance(values.get(key), str):
            values[key] = words.get(str(values[key]), values[key])
    return template.format(**values)


def _where(where: Mapping[str, object]) -> str:
    """The Thai words for an error's context: a record's turn and line, a false equation."""
    parts = []
    if "turn" in where:
        parts.append(f"ตาที่ {where['turn']}")
    if "line" in where:
        parts.append(f"(บรรทัด {where['line']})" if "turn" in where else f"บรรทัด {where['line']}")
    head = " ".join(parts) + ": " if parts else ""
    if "equation" in where:
        head += f"{where['equation']} ที่ {where.get('square', '')} ไม่เป็นสมการที่ถูกต้อง: "
    return head


def describe(err: AmathError, lang: str = "en") -> str:
    """The error for people: its English message, or its code's template in ``lang``.

    A code without a translation falls back to the English message (a test keeps the
    tables complete).
    """
    if lang == "en":
        return str(err)
    template = TH.get(err.code)
    if template is None:
        return str(err)
    try:
        return _where(err.where) + _fill(template, err.params, lang)
    except (KeyError, IndexError, ValueError):  # a param the template wants is missing: English is still right
        return str(err)


def describe_verdict(verdict: Verdict, lang: str = "en") -> str:
    """Why a line is false (empty when it is true), in ``lang``."""
    if verdict.ok or lang == "en":
        return verdict.reason
    template = VERDICT_TH.get(verdict.code)
    return verdict.reason if template is None else _fill(template, verdict.params, lang)


def error_json(err: AmathError) -> dict[str, Any]:
    """What an interface needs to show ``err`` in any language: code, params and the texts."""
    return {
        "code": err.code,
        "params": {k: _json_value(v) for k, v in err.params.items()},
        "where": {k: _json_value(v) for k, v in err.where.items()},
        "message": str(err),
        "messages": {lang: describe(err, lang) for lang in LANGUAGES},
    }


def _json_value(value: object) -> object:
    if isinstance(value, AmathError):
        return {"code": value.code, "params": {k: _json_value(v) for k, v in value.params.items()}}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)
