"""The Thai of the ``amath`` command's own texts, keyed by their English.

The key is the English text exactly as the code writes it (a ``str.format`` template when
it has values); :func:`amath.apps.cli.lang.say` looks it up.  A text missing here is shown in
English: ``tests/test_cli_lang.py`` walks every help text so none is forgotten.  Library
errors are not here: they are translated by code in :mod:`amath.apps.error_text`.
"""

from __future__ import annotations

from collections.abc import Mapping

#: argparse's own words, the top-level parser and the subcommands (their module's ``HELP``).
_FRAME: Mapping[str, str] = {
    "positional arguments": "อาร์กิวเมนต์ตามตำแหน่ง",
    "options": "ตัวเลือก",
    "show this help message and exit": "แสดงข้อความช่วยเหลือนี้แล้วจบ",
    "A-Math (เอแม็ท): the crossword game of equations": "เอแม็ท (A-Math): เกมต่อสมการแบบครอสเวิร์ด",
    "show the version and the move generator in use, then exit": "แสดงรุ่นของโปรแกรมและตัวค้นหาการลงที่ใช้อยู่ แล้วจบ",
    "judge whether tiles form a true equation (exit 0 true, 1 false, 2 bad input)": (
        "ตรวจว่าเบี้ยชุดนี้เป็นสมการที่ถูกต้องหรือไม่ (รหัสออก 0 ถูก, 1 ผิด, 2 ข้อมูลเข้าไม่ถูกต้อง)"
    ),
    "play a game in the terminal: 2-4 players on one screen (hot seat), teams, bots": (
        "เล่นเกมในเทอร์มินัล: ผู้เล่น 2-4 คนบนจอเดียว (ผลัดกันนั่ง) เล่นเป็นทีม หรือเล่นกับบอท"
    ),
    "list every legal placement for a position's rack, best score first (position JSON as in docs/rules.md, or a position string)": (
        "แสดงการลงที่ถูกกติกาทั้งหมดของแป้นในตำแหน่งกระดาน เรียงคะแนนสูงสุดก่อน (JSON ตำแหน่งกระดานตาม docs/rules.md หรือสตริงตำแหน่ง)"
    ),
    "let bots play each other (games saved as JSON, summary of wins, scores, margin, bingos, speed)": (
        "ให้บอทแข่งกันเอง (บันทึกแต่ละเกมเป็น JSON สรุปการชนะ คะแนน ส่วนต่าง บิงโก และความเร็ว)"
    ),
    "start the web server: play in the browser against the bot or with friends": ("เปิดเว็บเซิร์ฟเวอร์: เล่นในเบราว์เซอร์กับบอทหรือกับเพื่อน"),
    "re-play a game record under the rules; report the first turn that disagrees (exit 1) or that all agree": (
        "เล่นบันทึกเกมซ้ำตามกติกา บอกตาแรกที่ไม่ตรงกัน (รหัสออก 1) หรือบอกว่าตรงกันทุกตา"
    ),
    "write a saved game (or re-write a record) as a text game record": ("เขียนไฟล์เกมที่บันทึกไว้ (หรือบันทึกเกมเดิม) เป็นบันทึกเกมแบบข้อความ"),
    "print the position after N turns of a game (or convert a position) as a position string or JSON": (
        "แสดงตำแหน่งกระดานหลังจาก N ตาของเกม (หรือแปลงตำแหน่งกระดาน) เป็นสตริงตำแหน่งหรือ JSON"
    ),
    "draw the board of a game (after N turns) or a position as SVG, or PNG where a converter is installed": (
        "วาดกระดานของเกม (หลังจาก N ตา) หรือของตำแหน่งกระดานเป็น SVG หรือ PNG ถ้ามีโปรแกรมแปลงติดตั้งไว้"
    ),
    "analyse a game: the best plays each turn, the rank of the move played, points and equity lost": (
        "วิเคราะห์เกม: การลงที่ดีที่สุดของแต่ละตา อันดับของตาที่เล่นจริง คะแนนที่เสียไป (ทั้งคะแนนตรงและเมื่อนับค่าเบี้ยที่เก็บไว้)"
    ),
    "list every equation that uses a whole rack (bingo), or practise on random racks with --drill": (
        "แสดงทุกสมการที่ใช้เบี้ยครบทั้งแป้น (บิงโก) หรือฝึกกับแป้นสุ่มด้วย --drill"
    ),
    "run the engine protocol on standard input/output, for GUIs and other programs (docs/engine-protocol.md)": (
        "คุยด้วยโพรโทคอลของเอนจินทางอินพุต/เอาต์พุตมาตรฐาน สำหรับโปรแกรมหน้าจอและโปรแกรมอื่น (docs/engine-protocol.md)"
    ),
    "the engine's best plays for a position (equity, win probability, expected line; exact when the bag is empty)": (
        "การลงที่ดีที่สุดของตำแหน่งกระดานตามเอนจิน (คะแนนรวมค่าเบี้ยที่เก็บไว้ โอกาสชนะ แนวที่คาด แม่นยำเมื่อถุงว่าง)"
    ),
}

#: Option help texts, subcommand by subcommand.
_OPTIONS: Mapping[str, str] = {
    # check
    "faces, e.g. 7 - 7 = 6 '*' 0, or \"1 2 + 3 = 1 5\"": "หน้าเบี้ย เช่น 7 - 7 = 6 '*' 0 หรือ \"1 2 + 3 = 1 5\"",
    "a-math (default) or smath": "a-math (ค่าเริ่มต้น) หรือ smath",
    # play
    "2-4 names separated by commas; 'bot:LEVEL' makes a seat a bot (LEVEL: {levels})": (
        "ชื่อผู้เล่น 2-4 ชื่อคั่นด้วยจุลภาค ชื่อ 'bot:LEVEL' ให้ที่นั่งนั้นเป็นบอท (LEVEL เลือกจาก: {levels})"
    ),
    'two teams of two sharing a rack and a score, e.g. "Ann+Cat,Ben+Dan"': 'สองทีม ทีมละสองคน ใช้แป้นและคะแนนร่วมกัน เช่น "Ann+Cat,Ben+Dan"',
    "make seat SEAT (number from 1, or name) a bot": "ให้ที่นั่ง SEAT (เลขตั้งแต่ 1 หรือชื่อ) เป็นบอท",
    "seed for the bag, so a game can be replayed": "ค่า seed ของถุงเบี้ย เพื่อเล่นเกมเดิมซ้ำได้",
    "ruleset (default a-math)": "กติกา (ค่าเริ่มต้น a-math)",
    "challenge mode: any placement is accepted, opponents may challenge": "โหมดทักท้วง: รับทุกการลง ฝ่ายตรงข้ามทักท้วงได้",
    "total time per player (default 22)": "เวลารวมของผู้เล่นแต่ละคน เป็นนาที (ค่าเริ่มต้น 22)",
    "time per move; a slower move loses the turn": "เวลาต่อตา เป็นนาที ถ้าช้ากว่านั้นจะเสียตา",
    "with --clock: running out of time loses the game": "ใช้กับ --clock: หมดเวลาแล้วแพ้",
    "with --clock: points lost per started minute over (10)": "ใช้กับ --clock: คะแนนที่เสียต่อทุกนาทีที่เกินเวลา (10)",
    "save the game to FILE after every turn": "บันทึกเกมลง FILE หลังทุกตา",
    "continue a saved game (keeps saving to it unless --save says otherwise)": "เล่นเกมที่บันทึกไว้ต่อ (บันทึกลงไฟล์เดิมต่อไป เว้นแต่ระบุ --save)",
    "language: en or th (default: $AMATH_LANG, else the locale, else en)": (
        "ภาษา: en หรือ th (ค่าเริ่มต้น: ตาม $AMATH_LANG ถ้าไม่มีก็ตามโลแคล ถ้าไม่มีอีกก็ en)"
    ),
    "no ANSI colours": "ไม่ใช้สี ANSI",
    "ANSI colours even when not a terminal": "ใช้สี ANSI แม้ไม่ได้แสดงบนเทอร์มินัล",
    "plain ASCII symbols only": "ใช้เฉพาะสัญลักษณ์ ASCII",
    # moves
    "a position JSON or position string file, or - to read standard input": (
        "ไฟล์ JSON ตำแหน่งกระดานหรือไฟล์สตริงตำแหน่ง หรือ - เพื่ออ่านจากอินพุตมาตรฐาน"
    ),
    "one JSON object per line: move, score, tiles": "บรรทัดละหนึ่งออบเจ็กต์ JSON: การลง คะแนน เบี้ย",
    "exactly the N best moves (ties in the list's fixed order)": "การลงที่ดีที่สุด N แบบพอดี (คะแนนเท่ากันเรียงตามลำดับที่แน่นอนของรายการ)",
    # selfplay
    "number of games (default 10)": "จำนวนเกม (ค่าเริ่มต้น 10)",
    "comma-separated bots, 2 to 4 of: {bots}": "บอท 2 ถึง 4 ตัวคั่นด้วยจุลภาค เลือกจาก: {bots}",
    "a-math (default), smath or smath+OPTIONS (docs/smath.md)": "a-math (ค่าเริ่มต้น), smath หรือ smath+OPTIONS (docs/smath.md)",
    "run seed: the same seed plays the same games (default 1)": "ค่า seed ของการเล่น: seed เดิมได้เกมเดิม (ค่าเริ่มต้น 1)",
    "worker processes (default 1); with --ray local, Ray's CPUs": "จำนวนโพรเซสที่ทำงาน (ค่าเริ่มต้น 1) ถ้าใช้ --ray local คือจำนวน CPU ของ Ray",
    "play on Ray (pip install 'amath[ray]'): auto joins this machine's cluster, an address joins that one, local starts one": (
        "เล่นบน Ray (pip install 'amath[ray]'): auto เข้าร่วมคลัสเตอร์ของเครื่องนี้ ที่อยู่เข้าร่วมคลัสเตอร์นั้น local เริ่มคลัสเตอร์ใหม่"
    ),
    "write each game to DIR/game-NNNN.json": "เขียนแต่ละเกมลง DIR/game-NNNN.json",
    "no progress line": "ไม่แสดงความคืบหน้า",
    # serve
    "limits": "ขีดจำกัด",
    "each also read from its environment variable; an option wins": "แต่ละค่าอ่านจากตัวแปรสภาพแวดล้อมของมันได้ด้วย ถ้าระบุตัวเลือกจะใช้ตัวเลือก",
    "address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)": "ที่อยู่ที่รอรับการเชื่อมต่อ (ค่าเริ่มต้น 127.0.0.1, 0.0.0.0 ให้ทุกคนเข้าได้)",
    "port (default 8000)": "พอร์ต (ค่าเริ่มต้น 8000)",
    "SQLAlchemy database URL (default ${env} or sqlite:///amath.sqlite3)": "URL ฐานข้อมูลของ SQLAlchemy (ค่าเริ่มต้น ${env} หรือ sqlite:///amath.sqlite3)",
    "{what} (default {default:g}; ${env})": "{what} (ค่าเริ่มต้น {default:g}, ${env})",
    # serve: the limits of amath.apps.server.config.TUNABLE
    "requests a second from one address without a seat token (lobby, create, join)": (
        "จำนวนคำขอต่อวินาทีจากที่อยู่หนึ่งที่ไม่มีรหัสที่นั่ง (ล็อบบี้ สร้างห้อง เข้าห้อง)"
    ),
    "requests one address may send at once before --rate applies": "จำนวนคำขอที่ที่อยู่หนึ่งส่งพร้อมกันได้ก่อน --rate จะมีผล",
    "requests a second per seat token (moves, previews, views of one player)": (
        "จำนวนคำขอต่อวินาทีต่อรหัสที่นั่ง (การลง การดูตัวอย่าง การดูเกมของผู้เล่นหนึ่งคน)"
    ),
    "requests one seat token may send at once before --seat-rate applies": "จำนวนคำขอที่รหัสที่นั่งหนึ่งส่งพร้อมกันได้ก่อน --seat-rate จะมีผล",
    "open websockets from one address": "จำนวนเว็บซ็อกเก็ตที่เปิดจากที่อยู่หนึ่ง",
    "open websockets watching one game (players and spectators)": "จำนวนเว็บซ็อกเก็ตที่เปิดดูเกมหนึ่ง (ผู้เล่นและผู้ชม)",
    "seconds a request body may take to arrive before the answer is 408": "จำนวนวินาทีที่รอเนื้อหาของคำขอได้ก่อนตอบ 408",
    "seconds a client may take to send a request's headers before its connection is closed": ("จำนวนวินาทีที่รอส่วนหัวของคำขอได้ก่อนปิดการเชื่อมต่อ"),
    "serve a database the server cannot write: games to watch and replay, every change refused"
    " (without it such a database is refused at start)": (
        "เปิดฐานข้อมูลที่เซิร์ฟเวอร์เขียนไม่ได้: ชมและดูเกมย้อนหลังได้ แต่ทุกการเปลี่ยนแปลงถูกปฏิเสธ (ถ้าไม่ใส่ ฐานข้อมูลแบบนี้จะถูกปฏิเสธตั้งแต่เริ่ม)"
    ),
    "seconds a waiting room stays open for players to join": "จำนวนวินาทีที่ห้องรอเปิดไว้ให้ผู้เล่นเข้าร่วม",
    "waiting rooms one address may have open at once": "จำนวนห้องรอที่ที่อยู่หนึ่งเปิดไว้พร้อมกันได้",
    "waiting rooms open at once on the whole server": "จำนวนห้องรอที่เปิดพร้อมกันได้ทั้งเซิร์ฟเวอร์",
    "worker threads for database work, and as many writers of the moves (connections)": (
        "จำนวนเธรดที่ทำงานกับฐานข้อมูล และจำนวนผู้บันทึกการลงเบี้ยในฐานข้อมูลเท่ากัน (การเชื่อมต่อ)"
    ),
    # replay, record, position, render
    "a text game record (see docs/record-format.md); - reads standard input": (
        "บันทึกเกมแบบข้อความ (ดู docs/record-format.md) - อ่านจากอินพุตมาตรฐาน"
    ),
    "print every turn as it is checked": "แสดงทุกตาขณะตรวจ",
    "a saved game JSON or a text record; - reads standard input": "ไฟล์เกม JSON ที่บันทึกไว้หรือบันทึกเกมแบบข้อความ - อ่านจากอินพุตมาตรฐาน",
    "the record file (default: standard output)": "ไฟล์บันทึกเกมที่จะเขียน (ค่าเริ่มต้น: เอาต์พุตมาตรฐาน)",
    "the #date header, e.g. 2025-03-01": "หัวบันทึก #date เช่น 2025-03-01",
    "the #event header": "หัวบันทึก #event",
    "hide what side N (from 1) could not see: other racks, exchanged tiles, the seed": (
        "ซ่อนสิ่งที่ฝ่าย N (นับจาก 1) มองไม่เห็น: แป้นของฝ่ายอื่น เบี้ยที่เปลี่ยน และค่า seed"
    ),
    "a game record, a saved game, a position JSON or a position string file; - reads stdin": (
        "บันทึกเกม ไฟล์เกมที่บันทึกไว้ JSON ตำแหน่งกระดาน หรือไฟล์สตริงตำแหน่ง - อ่านจากอินพุตมาตรฐาน"
    ),
    "after this many turns (0 = the start; default: the end)": "หลังจากจำนวนตานี้ (0 = ตอนเริ่ม ค่าเริ่มต้น: ตอนจบ)",
    "print the position JSON of docs/rules.md": "แสดง JSON ตำแหน่งกระดานตาม docs/rules.md",
    "print the one-line position string (the default)": "แสดงสตริงตำแหน่งบรรทัดเดียว (ค่าเริ่มต้น)",
    "a game record, a saved game, a position JSON or a position string file": "บันทึกเกม ไฟล์เกมที่บันทึกไว้ JSON ตำแหน่งกระดาน หรือไฟล์สตริงตำแหน่ง",
    "board.svg or board.png (default: SVG on standard output)": "board.svg หรือ board.png (ค่าเริ่มต้น: SVG ทางเอาต์พุตมาตรฐาน)",
    "square size in pixels (default 40)": "ขนาดช่องเป็นพิกเซล (ค่าเริ่มต้น 40)",
    "leave out the rack of the side to move": "ไม่วาดแป้นของฝ่ายที่ถึงตา",
    "PNG zoom factor (default 1)": "อัตราขยายของ PNG (ค่าเริ่มต้น 1)",
    # analyze
    "a game record or a saved game; - reads standard input": "บันทึกเกมหรือไฟล์เกมที่บันทึกไว้ - อ่านจากอินพุตมาตรฐาน",
    "best plays to list per turn (default 3)": "จำนวนการลงที่ดีที่สุดที่แสดงต่อตา (ค่าเริ่มต้น 3)",
    "analyse only side N (from 1); repeatable": "วิเคราะห์เฉพาะฝ่าย N (นับจาก 1) ระบุซ้ำได้",
    "print one JSON document instead of the table": "แสดงเป็นเอกสาร JSON หนึ่งชุดแทนตาราง",
    "no progress line on standard error": "ไม่แสดงความคืบหน้าทางเอาต์พุตข้อผิดพลาดมาตรฐาน",
    "worker processes (default 1)": "จำนวนโพรเซสที่ทำงาน (ค่าเริ่มต้น 1)",
    "analyse only turn N (from 1); repeatable": "วิเคราะห์เฉพาะตาที่ N (นับจาก 1) ระบุซ้ำได้",
    "write the board before each analysed turn to DIR/turn-NNN.svg": "เขียนกระดานก่อนแต่ละตาที่วิเคราะห์ลง DIR/turn-NNN.svg",
    "who judges each turn (default static: score + leave)": "ใครเป็นผู้ตัดสินแต่ละตา (ค่าเริ่มต้น static: คะแนนรวมค่าของเบี้ยที่เหลือ)",
    "the engine's budget, as for amath best (default: the level's own)": "เวลาที่ให้เอนจินคิด เหมือนใน amath best (ค่าเริ่มต้น: ตามระดับของเอนจิน)",
    # bingo
    'the rack\'s tiles, e.g. 1 2 + 3 = 1 5 ? or "1 2 + 3 = 1 5 ?"': 'เบี้ยบนแป้น เช่น 1 2 + 3 = 1 5 ? หรือ "1 2 + 3 = 1 5 ?"',
    "random practice racks, each with its answers": "แป้นสุ่มสำหรับฝึก พร้อมเฉลยของแต่ละแป้น",
    "racks in a drill (default 3)": "จำนวนแป้นในการฝึก (ค่าเริ่มต้น 3)",
    "drill seed, for the same racks again": "ค่า seed ของการฝึก เพื่อได้แป้นชุดเดิมอีกครั้ง",
    "drill racks may hold a blank (slower)": "แป้นฝึกอาจมีตัว BLANK (ช้ากว่า)",
    "drill: wait for Enter before showing the answers": "การฝึก: รอให้กด Enter ก่อนแสดงเฉลย",
    "answers to print per rack (default 50)": "จำนวนคำตอบที่แสดงต่อแป้น (ค่าเริ่มต้น 50)",
    "one JSON object per rack": "แป้นละหนึ่งออบเจ็กต์ JSON",
    # best
    "a position string, or a file: position JSON/string, game record or saved game; - reads stdin": (
        "สตริงตำแหน่ง หรือไฟล์: JSON/สตริงตำแหน่ง บันทึกเกม หรือไฟล์เกมที่บันทึกไว้ - อ่านจากอินพุตมาตรฐาน"
    ),
    "work allowed: N simulation iterations, or KEY=N,... with keys {keys}": "งานที่ให้ทำได้: จำนวนรอบจำลอง N หรือ KEY=N,... โดยคีย์คือ {keys}",
    "plays to show (default 5)": "จำนวนการลงที่แสดง (ค่าเริ่มต้น 5)",
    "think for about S seconds at the strongest analysis level (the answer then depends on the machine's speed)": (
        "ให้เวลาคิดประมาณ S วินาทีด้วยระดับวิเคราะห์ที่เก่งที่สุด (คำตอบจึงขึ้นกับความเร็วของเครื่อง)"
    ),
    "seed of the simulation (same seed, same answer)": "ค่า seed ของการจำลอง (seed เดิม ได้คำตอบเดิม)",
    "threads for the simulation (the answer does not change)": "จำนวนเธรดของการจำลอง (คำตอบไม่เปลี่ยน)",
    "one JSON object a line, best first": "บรรทัดละหนึ่งออบเจ็กต์ JSON เรียงดีที่สุดก่อน",
}

#: Errors, progress lines and summaries that the subcommands print.
_MESSAGES: Mapping[str, str] = {
    "error: {message}": "ข้อผิดพลาด: {message}",
    "{env}={value!r} is not one of {choices}; using English": "{env}={value!r} ไม่ใช่ {choices} จึงใช้ภาษาอังกฤษ",
    "interrupted": "ถูกขัดจังหวะ",
    # what the operating system says about a file (OSError.strerror)
    "No such file or directory": "ไม่มีไฟล์หรือไดเรกทอรีนี้",
    "Permission denied": "ไม่มีสิทธิ์เข้าถึง",
    "Is a directory": "เป็นไดเรกทอรี ไม่ใช่ไฟล์",
    "Not a directory": "ไม่ใช่ไดเรกทอรี",
    "File exists": "มีไฟล์นี้อยู่แล้ว",
    # check
    "no tiles given (example: amath check 7 - 7 = 6 '*' 0)": "ไม่ได้ให้เบี้ย (ตัวอย่าง: amath check 7 - 7 = 6 '*' 0)",
    "{word!r} is not a tile face of {variant} (faces: {faces})": "{word!r} ไม่ใช่หน้าเบี้ยของ {variant} (หน้าเบี้ยที่มี: {faces})",
    # moves
    "--limit must be 0 or more": "--limit ต้องเป็น 0 ขึ้นไป",
    "cannot write {path}: {reason}": "เขียน {path} ไม่ได้: {reason}",
    "... {found} placements so far": "... พบแล้ว {found} การลง",
    "{n} moves in {seconds:.3f} s": "{n} การลง ใน {seconds:.3f} วินาที",
    "ask for the best ones instead, e.g. --limit 20": "ขอเฉพาะการลงที่ดีที่สุดแทน เช่น --limit 20",
    "ask for fewer: a smaller --limit": "ขอให้น้อยลง: ใช้ --limit ที่เล็กกว่านี้",
    "the {n} best moves in {seconds:.3f} s, showing {n}": "แสดง {n} การลงที่ดีที่สุด ใน {seconds:.3f} วินาที",
    # best
    "  # equity    win  move  (line)": "  # คะแนนรวมค่าเบี้ย โอกาสชนะ  ตา  (แนวที่คาด)",
    "exact spread {spread:+d}": "ผลต่างแน่นอน {spread:+d}",
    "equity: what the play is worth in points, as the engine values it:": "คะแนนรวมค่าเบี้ย: การลงนี้มีค่ากี่คะแนนตามที่เครื่องประเมิน",
    "  its score plus the worth of the tiles kept": "  คะแนนที่ได้ บวกค่าของเบี้ยที่เก็บไว้บนแป้น",
    "  the mean result of simulated games after it (points for you minus the opponent's, and the tiles kept)": (
        "  ผลเฉลี่ยของเกมที่จำลองเล่นต่อจากการลงนี้ (คะแนนของคุณลบคะแนนของฝ่ายตรงข้าม รวมค่าเบี้ยที่เก็บไว้)"
    ),
    "  the points you gain over the opponent from this turn to the end of the game": ("  คะแนนที่คุณจะได้มากกว่าฝ่ายตรงข้ามนับจากตานี้จนจบเกม"),
    "win: the chance to win the game after the play": "โอกาสชนะ: โอกาสที่จะชนะเกมหลังการลงนี้",
    "exact spread: the final score difference (you minus the opponent) with best play by both sides, solved": (
        "ผลต่างแน่นอน: ผลต่างคะแนนตอนจบเกม (คะแนนของคุณลบคะแนนของฝ่ายตรงข้าม) เมื่อทั้งสองฝ่ายเล่นดีที่สุด คำนวณได้แน่นอน"
    ),
    # analyze
    "turns analysed": "ตาที่วิเคราะห์แล้ว",
    "placements too many to list": "การลงมีมากเกินจะแสดงทั้งหมด",
    "rank {rank} ({moves} placements score more)": "อันดับ {rank} (มี {moves} การลงที่ได้คะแนนมากกว่า)",
    "rank ? (the search stopped at its budget)": "อันดับ ? (ค้นถึงขีดจำกัดแล้วหยุด)",
    "rank > {moves} (counting stopped at its budget)": "อันดับ > {moves} (นับถึงขีดจำกัดแล้วหยุด)",
    "rank {rank} of {moves}": "อันดับ {rank} จาก {moves}",
    "{moves} placements": "{moves} การลง",
    "turn {turn:<3} {name}  rack {rack}": "ตาที่ {turn:<3} {name}  แป้น {rack}",
    "  played  {move:<48} {score:>4}  {rank}, equity rank {equity_rank}": (
        "  เล่นจริง  {move:<48} {score:>4}  {rank}, อันดับเมื่อนับค่าเบี้ยที่เก็บไว้ {equity_rank}"
    ),
    "best": "ดีสุด",
    "  {label}  {move:<48} {score:>4}  equity {equity:.1f}": "  {label}  {move:<48} {score:>4}  รวมค่าเบี้ยที่เก็บไว้ {equity:.1f}",
    "  best    (no placement)": "  ดีสุด     (ไม่มีการลง)",
    "  (the search reached its node budget: the best found by then)": "  (ค้นครบขีดจำกัดที่ให้คิดแล้ว: ดีที่สุดเท่าที่พบ)",
    "  missed  bingo {move} ({score})": "  พลาด    บิงโก {move} ({score})",
    "  lost    {points} points, {equity:.1f} equity": "  เสีย     {points} คะแนน, เมื่อนับค่าเบี้ยที่เก็บไว้ {equity:.1f}",
    "player": "ผู้เล่น",
    "turns": "จำนวนตา",
    "points lost": "คะแนนที่เสีย",
    "equity lost": "ที่เสียเมื่อนับค่าเบี้ยที่เก็บไว้",
    "mean rank": "อันดับเฉลี่ย",
    "median rank": "อันดับมัธยฐาน",
    "missed bingos": "บิงโกที่พลาด",
    # bingo
    "rack {k}: {rack}": "แป้นที่ {k}: {rack}",
    "rack {k}:": "แป้นที่ {k}:",
    "  find a bingo, then press Enter for the answers ": "  หาบิงโกให้ได้ แล้วกด Enter เพื่อดูเฉลย ",
    "  rack {rack}: {n} bingo": "  แป้น {rack}: บิงโก {n} แบบ",
    "  rack {rack}: {n} bingos": "  แป้น {rack}: บิงโก {n} แบบ",
    "best opening {move} ({score})": "การเปิดที่ดีที่สุด {move} ({score})",
    "  ... and {n} more (--limit)": "  ... และอีก {n} แบบ (--limit)",
    # replay
    "turn {k:3d} ok  {line}": "ตาที่ {k:3d} ถูก  {line}",
    "{agreed} of {turns} turns agree before it": "ก่อนหน้านั้นตรงกัน {agreed} จาก {turns} ตา",
    "{game}: all {turns} turns agree and so does the end of the game": "{game}: ตรงกันทั้ง {turns} ตา และตอนจบเกมก็ตรงกัน",
    "{game}: all {turns} turns agree": "{game}: ตรงกันทั้ง {turns} ตา",
    # selfplay
    "games": "เกม",
    "--players takes 2 to 4 of {bots} (got {players!r})": "--players รับบอท 2 ถึง 4 ตัวจาก {bots} (ได้ {players!r})",
    "--games and --jobs must be at least 1": "--games และ --jobs ต้องมีอย่างน้อย 1",
    "  wall time {wall:.1f} s on {workers}: {rate:.3f} games per second": "  ใช้เวลาจริง {wall:.1f} วินาที บน {workers}: {rate:.3f} เกมต่อวินาที",
    "games: {games}": "จำนวนเกม: {games}",
    "  {name:<16} wins {wins:6.1f} ({share:5.1f}%)  mean score {score:7.1f}  bingos {bingos}": (
        "  {name:<16} ชนะ {wins:6.1f} ({share:5.1f}%)  คะแนนเฉลี่ย {score:7.1f}  บิงโก {bingos}"
    ),
    "  margin {first} - {second}: {mean:+.1f} ± {half:.1f} (95% CI)": (
        "  ส่วนต่าง {first} - {second}: {mean:+.1f} ± {half:.1f} (ช่วงความเชื่อมั่น 95%)"
    ),
    "  win rate {first}: {rate:.1f}% ± {spread:.1f} (95% CI, normal approximation)": (
        "  อัตราชนะของ {first}: {rate:.1f}% ± {spread:.1f} (ช่วงความเชื่อมั่น 95% ประมาณด้วยการแจกแจงปกติ)"
    ),
    "  turns per second {speed:.1f} (one core), {per_game:.2f} s per game": "  {speed:.1f} ตาต่อวินาที (หนึ่งคอร์), {per_game:.2f} วินาทีต่อเกม",
    "{jobs} process(es)": "{jobs} โพรเซส",
    "Ray ({where})": "คลัสเตอร์ Ray ({where})",
    # serve
    "amath: open {url} in a browser (database: {database})": "amath: เปิด {url} ในเบราว์เซอร์ (ฐานข้อมูล: {database})",
}

#: ``amath tournament`` (help texts and messages; the tournament words as docs/tournaments.md lists them).
_TOURNAMENT: Mapping[str, str] = {
    "run a tournament from a file: players, pairings (Swiss, round robin, ...), results, standings": (
        "จัดการแข่งขันจากไฟล์: ผู้เล่น การจับคู่ (ระบบสวิส แบบพบกันหมด ...) ผลการแข่งขัน ตารางคะแนน"
    ),
    "create a tournament file": "สร้างไฟล์การแข่งขัน",
    "enter (or correct) the scores of a table: the starting player's first": "ใส่ (หรือแก้) คะแนนของโต๊ะหนึ่ง: คะแนนของผู้เล่นที่เริ่มก่อนมาก่อน",
    "exchange two players' seats in a round not yet published": "สลับที่นั่งของผู้เล่นสองคนในรอบที่ยังไม่ได้ประกาศ",
    "mark players present before round 1 (once anyone is, round 1 pairs only those)": (
        "บันทึกว่าผู้เล่นมารายงานตัวก่อนรอบที่ 1 (เมื่อมีคนรายงานตัวแล้ว รอบที่ 1 จะจับคู่เฉพาะคนที่รายงานตัว)"
    ),
    "pair a round (default: the next) and show it; it stays a draft until published": (
        "จับคู่รอบหนึ่ง (ปกติคือรอบถัดไป) แล้วแสดง การจับคู่ยังเป็นร่างจนกว่าจะประกาศ"
    ),
    "publish a round's pairings so its results can be entered": "ประกาศการจับคู่ของรอบ เพื่อให้ใส่ผลได้",
    "record a forfeit at a table: first, second or both did not play": "บันทึกการปรับแพ้ที่โต๊ะหนึ่ง: first, second หรือ both คือผู้ที่ไม่ได้แข่ง",
    "register players: 'Name, School' arguments or a list file, one a line": "ลงทะเบียนผู้เล่น: พิมพ์ 'ชื่อ, โรงเรียน' หรือให้ไฟล์รายชื่อ บรรทัดละคน",
    "seat two players at a table of a round not yet published (their old opponents are paired together)": (
        "ให้ผู้เล่นสองคนนั่งโต๊ะหนึ่งในรอบที่ยังไม่ได้ประกาศ (คู่เดิมของทั้งสองจะถูกจับคู่กันแทน)"
    ),
    "show a round's pairings by table, or by name": "แสดงการจับคู่ของรอบ เรียงตามโต๊ะหรือตามชื่อ",
    "show every round's results": "แสดงผลการแข่งขันทุกรอบ",
    "show the log of changes: who did what and when": "แสดงบันทึกการเปลี่ยนแปลง: ใครทำอะไรเมื่อไร",
    "show the standings (points, spread, tie-breaks)": "แสดงตารางคะแนน (คะแนน แต้มต่าง เกณฑ์ตัดสินเมื่อเท่ากัน)",
    "take players out of the rounds still to pair": "ให้ผู้เล่นถอนตัวจากรอบที่ยังไม่ได้จับคู่",
    "a player by number or name": "ผู้เล่น ระบุด้วยหมายเลขหรือชื่อ",
    "a text file of players, one 'Name, School' a line": "ไฟล์ข้อความรายชื่อผู้เล่น บรรทัดละ 'ชื่อ, โรงเรียน'",
    "after this round (default: every result so far)": "หลังรอบนี้ (ปกติคือทุกผลที่มีถึงตอนนี้)",
    "another player by number or name": "ผู้เล่นอีกคน ระบุด้วยหมายเลขหรือชื่อ",
    "bring them back (from the next round)": "ให้กลับมาแข่ง (ตั้งแต่รอบถัดไป)",
    "list players alphabetically with their table": "เรียงรายชื่อผู้เล่นตามตัวอักษรพร้อมโต๊ะของแต่ละคน",
    "mark them not present": "บันทึกว่ายังไม่ได้รายงานตัว",
    "minutes on each player's clock (default 22)": "เวลาบนนาฬิกาของผู้เล่นแต่ละคนเป็นนาที (ปกติ 22)",
    "number of rounds (default 7)": "จำนวนรอบ (ปกติ 7)",
    "on_site (results typed) or online (default on_site)": "on_site (แข่งที่สนาม พิมพ์ผลเอง) หรือ online (แข่งในแอป) (ปกติ on_site)",
    "only this division": "เฉพาะรุ่นนี้",
    "overwrite an existing file": "เขียนทับไฟล์ที่มีอยู่",
    "pair a leader who can no longer be caught against the lowest-ranked players": "จับคู่ผู้นำที่ไม่มีใครตามทันแล้วกับผู้เล่นอันดับท้าย",
    "pairing method of every round (default swiss)": "วิธีจับคู่ของทุกรอบ (ปกติ swiss ระบบสวิส)",
    "players as 'Name, School' (the school or club is optional)": "ผู้เล่นในรูป 'ชื่อ, โรงเรียน' (จะใส่โรงเรียนหรือชมรมหรือไม่ก็ได้)",
    "players by number or name": "ผู้เล่น ระบุด้วยหมายเลขหรือชื่อ",
    "points for a bye: 2 a win, 1 a draw, 0 a loss (default 2)": "คะแนนของบาย: 2 เท่าชนะ 1 เท่าเสมอ 0 เท่าแพ้ (ปกติ 2)",
    "points lost for each started minute over (default 10)": "คะแนนที่ถูกหักต่อทุกนาทีที่เกินเวลา นับเศษเป็นหนึ่งนาที (ปกติ 10)",
    "round number (default: the last paired)": "หมายเลขรอบ (ปกติคือรอบล่าสุดที่จับคู่แล้ว)",
    "round number": "หมายเลขรอบ",
    "score of the other player": "คะแนนของผู้เล่นอีกคน",
    "score of the player who started": "คะแนนของผู้เล่นที่เริ่มก่อน",
    "spread cap per game, or 'none' (default 350)": "แต้มต่างสูงสุดที่นับต่อเกม หรือ 'none' ถ้าไม่จำกัด (ปกติ 350)",
    "spread for a bye and a forfeit win (default 100)": "แต้มต่างที่ได้จากบายและจากการชนะเพราะคู่แข่งถูกปรับแพ้ (ปกติ 100)",
    "table number": "หมายเลขโต๊ะ",
    "the division they play in": "รุ่นที่ลงแข่ง",
    "the method of each round, comma-separated, e.g. random,swiss,swiss,king_of_the_hill": (
        "วิธีจับคู่ของแต่ละรอบ คั่นด้วยจุลภาค เช่น random,swiss,swiss,king_of_the_hill"
    ),
    "the other player, or 'bye'": "ผู้เล่นอีกคน หรือ 'bye' เพื่อให้ได้บาย",
    "the pairing method (default: the tournament's for that round)": "วิธีจับคู่ (ปกติคือวิธีที่ตั้งไว้สำหรับรอบนั้น)",
    "the player who starts, by number or name": "ผู้เล่นที่เริ่มก่อน ระบุด้วยหมายเลขหรือชื่อ",
    "the round to pair (default: the next)": "รอบที่จะจับคู่ (ปกติคือรอบถัดไป)",
    "the ruleset played (default a-math)": "กติกาที่ใช้แข่ง (ปกติ a-math)",
    "the seed of every draw (same seed, same pairings)": "ค่าตั้งต้นของการสุ่มทั้งหมด (ค่าเดิมได้การจับคู่เดิม)",
    "the tournament file (JSON)": "ไฟล์การแข่งขัน (JSON)",
    "the tournament's name": "ชื่อการแข่งขัน",
    "who did not play": "ผู้ที่ไม่ได้แข่ง",
    "who makes the change, for the log (default: your login name)": "ผู้ที่ทำการเปลี่ยนแปลง สำหรับบันทึก (ปกติคือชื่อผู้ใช้ของเครื่อง)",
    "write CSV instead of a table": "เขียนเป็น CSV แทนตาราง",
    "(cannot be caught)": "(ไม่มีใครตามทันแล้ว)",
    "(corrected)": "(แก้ผลแล้ว)",
    "(withdrawn)": "(ถอนตัว)",
    "BYE": "บาย",
    "bye": "บาย",
    "Division {division}": "รุ่น {division}",
    "High": "สูงสุด",
    "Name": "ชื่อ",
    "Opp. pts": "คะแนนคู่แข่ง",
    "Points": "คะแนน",
    "Rank": "อันดับ",
    "Spread": "แต้มต่าง",
    "Total": "รวม",
    "W-D-L": "ชนะ-เสมอ-แพ้",
    "Table": "โต๊ะ",
    "Starts": "เริ่มก่อน",
    "Second": "เริ่มทีหลัง",
    "starts": "เริ่มก่อน",
    "second": "เริ่มทีหลัง",
    "first": "ผู้เริ่มก่อน",
    "both": "ทั้งสองคน",
    "Round {round} ({method}), {state}": "รอบที่ {round} ({method}) {state}",
    "added {id}: {name}": "เพิ่มผู้เล่น {id}: {name}",
    "by name": "เรียงตามชื่อ",
    "created {file}: {name}, {rounds} rounds": "สร้าง {file} แล้ว: {name} {rounds} รอบ",
    "draft: not published": "ร่าง: ยังไม่ได้ประกาศ",
    "published": "ประกาศแล้ว",
    "forfeit: {who}": "ปรับแพ้: {who}",
    "round {round} published": "ประกาศรอบที่ {round} แล้ว",
    "round {round} table {table}: forfeit: {who}": "รอบที่ {round} โต๊ะ {table}: ปรับแพ้: {who}",
    "round {round} table {table}: {first} {s1} - {s2} {second}": "รอบที่ {round} โต๊ะ {table}: {first} {s1} - {s2} {second}",
    "table {table}: a rematch ({names})": "โต๊ะ {table}: เคยพบกันแล้ว ({names})",
    "table {table}: same school ({names})": "โต๊ะ {table}: โรงเรียนเดียวกัน ({names})",
    "table {table}, {seat} vs {other}": "โต๊ะ {table} {seat} พบ {other}",
    "the first score": "คะแนนแรก",
    "the second score": "คะแนนที่สอง",
    "{file} exists already (--force overwrites it)": "มี {file} อยู่แล้ว (--force เพื่อเขียนทับ)",
    "{name} has withdrawn": "{name} ถอนตัวแล้ว",
    "{name} is back from the next round": "{name} กลับมาแข่งตั้งแต่รอบถัดไป",
    "{name}: not present": "{name}: ยังไม่ได้รายงานตัว",
    "{name}: present": "{name}: รายงานตัวแล้ว",
    'no players given (example: amath tournament add FILE "Name, School")': (
        'ไม่ได้ให้รายชื่อผู้เล่น (ตัวอย่าง: amath tournament add FILE "ชื่อ, โรงเรียน")'
    ),
}

#: ``amath puzzles``.
_PUZZLES: Mapping[str, str] = {
    "make puzzles from self-play and saved games (one clearly best play, checked by the engine), or check a puzzle file": (
        "สร้างโจทย์จากเกมที่บอทเล่นกันเองและเกมที่บันทึกไว้ (ตำแหน่งที่มีการลงดีที่สุดชัดเจนเพียงแบบเดียว ตรวจด้วยโปรแกรม) หรือตรวจไฟล์โจทย์"
    ),
    "generate: add puzzles to a file; verify: check every puzzle of a file": "generate: เพิ่มโจทย์ลงไฟล์; verify: ตรวจโจทย์ทุกข้อในไฟล์",
    "generate: saved games or records to scan first; verify: the puzzle file": ("generate: ไฟล์เกมที่บันทึกไว้ที่จะค้นหาโจทย์ก่อน; verify: ไฟล์โจทย์"),
    "puzzles the output file should hold (default 2000)": "จำนวนโจทย์ที่ไฟล์ผลลัพธ์ควรมี (ค่าเริ่มต้น 2000)",
    "self-play seed: the same seed scans the same games (default 1)": "ซีดของเกมที่บอทเล่นกันเอง: ซีดเดิมได้เกมเดิม (ค่าเริ่มต้น 1)",
    "the JSON-lines file to add to (kept and resumed)": "ไฟล์ JSON-lines ที่จะเพิ่มโจทย์ลงไป (โจทย์เดิมยังอยู่ และทำต่อจากที่ค้างไว้)",
    "the two bots of the self-play games (default equity,equity)": "บอทสองตัวที่เล่นกันเอง (ค่าเริ่มต้น equity,equity)",
    "also scan the finished games of a server's database (its AMATH_DB URL)": (
        "ค้นหาโจทย์จากเกมที่จบแล้วในฐานข้อมูลของเซิร์ฟเวอร์ด้วย (URL เดียวกับ AMATH_DB)"
    ),
    "puzzles": "โจทย์",
    "games {games}": "เกม {games}",
    "{written} new puzzles ({kinds}) from {games} games in {seconds:.0f} s; {file} holds {total}": (
        "โจทย์ใหม่ {written} ข้อ ({kinds}) จาก {games} เกม ใน {seconds:.0f} วินาที; {file} มีทั้งหมด {total} ข้อ"
    ),
    "puzzle {id} fails its check: {reason}": "โจทย์ {id} ตรวจไม่ผ่าน: {reason}",
    "{good} of {total} puzzles checked": "ตรวจผ่าน {good} จาก {total} ข้อ",
}

TH: Mapping[str, str] = {**_FRAME, **_OPTIONS, **_MESSAGES, **_TOURNAMENT, **_PUZZLES}
