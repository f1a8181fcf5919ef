// Thai and English strings for every label; t(key, params) and applyI18n(root).
const STRINGS = {
  en: {
    title: "A-Math", tagline: "The crossword game of equations",
    lang_switch: "ไทย", lobby: "Lobby", your_name: "Your name", default_name: "Player",
    vs_bot: "Play the bot", bot_level: "Bot level", start: "Start",
    level_random: "Beginner", level_greedy: "Greedy", level_equity: "Club player", "level_equity-handset": "Club player (hand-set leaves)",
    level_sim: "Expert (simulation)", level_champion: "Champion",
    no_bots: "No bot is installed on this server yet.",
    hotseat: "Hot seat", hotseat_help: "Everyone plays on this screen, passing it round.",
    players: "Players", player_n: "Player {n}", names: "Names",
    online: "Online room", online_help: "Create a room and send the link to your friends.",
    two: "2 players", three: "3 players", four: "4 players", teams: "2 v 2 teams",
    create_room: "Create room", challenge_mode: "Challenge mode", clock: "Clock",
    clock_none: "No clock", clock_total: "22 minutes each", clock_move: "3 minutes a move",
    join_watch: "Join or watch", join_code: "Room link or code", join: "Join", watch: "Watch",
    open_rooms: "Open rooms", games_live: "Games in play", none_yet: "None right now.",
    seats_taken: "{a} of {b} seats taken",
    // game page
    board: "Board", rack: "Your tiles", play: "Play", play_score: "Play ({n})", recall: "Recall", shuffle: "Shuffle",
    exchange: "Exchange", exchange_confirm: "Exchange {n}", cancel: "Cancel", pass: "Pass", pass_confirm: "Really pass?",
    challenge: "Challenge", history: "Moves", scores: "Scores", bag: "Bag", bag_n: "{n} tiles in the bag",
    unseen: "Unseen tiles", legend: "Legend",
    prem_T: "Triple equation", prem_D: "Double equation", prem_3: "Triple piece", prem_2: "Double piece", prem_star: "Centre (triple piece)",
    lab_T: "3E", lab_D: "2E", lab_3: "3P", lab_2: "2P",
    your_turn: "Your turn", waiting_for: "Waiting for {name}", to_move: "{name} to move",
    place_tiles: "Drag tiles to the board, or click a tile and then a square.",
    legal: "Legal: {n} points", illegal: "Not legal: {reason}", checking: "Checking…",
    not_your_turn: "Not your turn yet — {n} points if it were",
    choose_face: "Choose the face", blank_face: "Play the blank as", choice_face: "Play this tile as",
    exchange_pick: "Pick the tiles to put back in the bag.", exchange_needs: "The bag needs at least {n} tiles to exchange.",
    exchange_most: "The bag holds {n} tiles, so exchange at most {n}.",
    you: "you", bot: "bot", bot_name: "Bot ({level})", team: "Team {n}", spectating: "Watching: racks are hidden.",
    waiting_room: "Waiting for players", share_link: "Send this link to your friends:", copy: "Copy", copied: "Copied",
    room_expired: "This room has expired", room_expired_why: "Nobody filled its seats in time, so it was closed.",
    room_expired_new: "Open a new room in the lobby",
    join_room: "Join this room", join_as: "Join as", seat_free: "free seat", add_bot: "Seat a bot",
    game_over: "Game over", reason_playout: "{name} played out", reason_passes: "Everyone passed three times in a row",
    reason_time: "{name} lost on time", winner: "Winner: {name}", draw: "A draw",
    summary_score: "Score", summary_adjust: "Racks", summary_penalty: "Time", summary_final: "Final", summary_left: "Tiles left",
    close: "Close", new_game: "New game", reconnecting: "Connection lost — reconnecting…",
    handover: "Pass the device to {name}", show_tiles: "Show my tiles",
    kind_pass: "pass", kind_exchange: "exchange {n}", kind_timeout: "out of time", kind_skipped: "turn lost",
    "kind_challenge-won": "challenged: withdrawn", "kind_challenge-lost": "challenge failed", bingo: "bingo",
    time_left: "time left", error: "Error: {msg}", no_game: "This game does not exist.",
    can_challenge_hint: "You may challenge the last play.",
    // variants (Smath and its options)
    game_variant: "Game", variant_amath: "A-Math", variant_smath: "Smath",
    opt_beginners: "Beginners", opt_primary: "Primary", opt_coop: "Co-op",
    opt_beginners_help: "no ×, ÷ or brackets", opt_primary_help: "open racks, at most 7 tiles a turn, equations anywhere",
    opt_coop_help: "one shared score for the table", variant_help: "Smath: racks of 10; = and brackets are free, as many as you need.",
    free_tiles: "Free:", free_tile: "Free tile. Use as many as you need; it does not come from your rack",
    shared_score: "Shared score", open_rack: "Open rack", reason_passes_once: "Every player passed in turn",
    // records
    download_record: "Download record", open_record: "Open a record",
    open_record_help: "Upload a game record (.amr) and step through it move by move.", choose_record: "Record file",
    replay_title: "Game record", first: "First", prev: "Previous", next: "Next", last: "Last",
    turn_n: "Turn {a} of {b}", start_position: "Start", rack_of: "{name}'s rack:", rack_hidden: "hidden",
    board_svg: "Board picture (SVG)", record_error: "This record cannot be replayed. {msg}", reading: "Reading…",
    // play helpers, seats, accessibility
    zoom: "Zoom", hint: "Hint", hint_title: "The engine's best plays (click one to put it on the board):",
    hint_thinking: "Thinking…", hint_none: "The engine finds no placement; exchange or pass.", hint_place: "Put this play on the board",
    hint_inexact: "The search stopped at its budget, so a better play than these may exist.",
    resign: "Resign", resign_confirm: "Really resign?", reason_resign: "{name} resigned", winner_tag: "winner",
    analyse: "Analyse the game", open_replay: "Open in the record viewer", rematch: "Rematch", watch_rematch: "Watch the rematch",
    rematch_offered: "A rematch is ready; the Rematch button takes you to it.", leave_room: "Leave the room",
    handover_seat: "Hand my seat over", handover_help: "Send this link to the person who takes your seat. It works once; after that this screen only watches.",
    claim_seat: "Take over a seat", claim_help: "A player handed you their seat in this game.", claim_go: "Take the seat",
    spectators_n: "{n} watching", show_on_board: "Show this move on the board",
    say_blank: "blank", say_blank_as: "blank as {face}", say_tentative: "not played yet", say_rack_tile: "tile {tile}, {n} points",
    // analysis (record viewer)
    analysis: "Analysis", analyse_start: "Analyse", best_board: "The best play on the board of that turn",
    analysing: "Analysing… {a} of {b} turns", analysis_help: "The engine looks at every turn, its best plays and what each move gave away.",
    analysis_none: "No analysis for this turn (the rack is not in the record, or nobody chose a move).",
    analysis_step: "Step to a turn (or click the chart) to see what the engine thinks of it.",
    best_drawn: "Best play · {move}", best_found: "the best play", best_plays: "The engine's best plays (click one to draw it)",
    chart_caption: "Score margin for {name} after each turn (click a turn)", chart_label: "Score margin for {name}, turn by turn",
    chart_win: "dashed · {name}'s chance to win (the engine's estimate from the margin and the tiles left)", win_chance: "{p}% to win", equity_n: "equity {n}", lost: "{p} points and {e} equity lost",
    moves_found: "{n} placements found", points_lost: "points lost to the best play", rank_of: "rank {r} of {n}",
    rank_more: "rank {r} ({n} placements score more)", rank_over: "rank over {n} (counting stopped at its budget)", moves_many: "placements too many to list", rank_unknown: "rank unknown (the search stopped at its budget)",
    sum_turns: "Turns", sum_best: "Best found", sum_points: "Points lost", sum_equity: "Equity lost",
    practice_mode: "Practice", practice_help: "After each of your moves the page shows the play the engine would have made.",
    review_thinking: "The engine is looking at your move…", review_title: "Your move · {move}", review_found: "The engine agrees · the best play.",
    review_lost: "The engine's best plays would have made {p} more points ({e} equity).",
    "kind_end-rack": "tiles left", "kind_time-penalty": "time penalty", "kind_lost-on-time": "lost on time", kind_resign: "resigned",
    // accounts, ratings, profiles (players.html)
    leaderboard: "Leaderboard", log_in: "Log in", sign_up: "Sign up", log_out: "Log out", user_name: "User name", password: "Password",
    display_name: "Display name", user_name_help: "3 to 20 letters (a-z), digits, _ or -: you log in with it, and it is your profile's address.",
    password_help: "At least 8 characters.", guest_note: "You can also play as a guest without an account; an account keeps your games and gives you a rating.",
    logged_in_as: "Logged in as {name}", my_profile: "My profile", save: "Save", saved: "Saved.", change_password: "Change password",
    old_password: "Current password", new_password: "New password", password_changed: "Password changed; your other devices are logged out.",
    rated: "Rated", rated_help: "Both players need an account; the result changes both ratings.", rated_tag: "rated", casual_tag: "casual",
    login_to_rate: "Log in to play rated games.", rating: "Rating", ratings: "Ratings",
    provisional_help: "A ? after a rating: still provisional (too few games to be sure).",
    games_played: "Games", outcome_win: "Won", outcome_draw: "Drawn", outcome_loss: "Lost", finished_games: "Finished games",
    no_games: "No finished games yet.", no_ratings: "No rated games yet.", member_since: "Playing since {date}",
    col_date: "Date", col_opponent: "Opponent", col_result: "Result", col_score: "Score", col_game: "Game", col_rank: "#", col_player: "Player", col_games: "Games",
    class_classic: "22 minutes (classic)", class_fast: "Faster clocks", class_untimed: "Untimed", open_game: "Open",
    leaderboard_empty: "Nobody has a rating here yet.",
    average_score: "Average score", rating_chart: "Over time", rating_chart_label: "Rating over its games, from {from} to {to}",
    rating_range: "Opponent's rating", range_from: "from", range_to: "to",
    claim_win: "Claim the win", claim_win_help: "If the other player left (no screen open, no move for two minutes), the rated game is yours.",
  },
  th: {
    title: "เอแม็ท", tagline: "เกมต่อสมการคณิตศาสตร์",
    lang_switch: "English", lobby: "หน้าหลัก", your_name: "ชื่อของคุณ", default_name: "ผู้เล่น",
    vs_bot: "เล่นกับบอท", bot_level: "ระดับบอท", start: "เริ่มเล่น",
    level_random: "มือใหม่", level_greedy: "เน้นแต้ม", level_equity: "นักเล่นสโมสร", "level_equity-handset": "นักเล่นสโมสร (ค่าเบี้ยตั้งมือ)",
    level_sim: "เซียน (จำลองเกม)", level_champion: "แชมป์",
    no_bots: "เซิร์ฟเวอร์นี้ยังไม่มีบอท",
    hotseat: "เล่นจอเดียว", hotseat_help: "ทุกคนเล่นบนจอนี้ ผลัดกันส่งต่อ",
    players: "ผู้เล่น", player_n: "ผู้เล่น {n}", names: "ชื่อ",
    online: "ห้องออนไลน์", online_help: "สร้างห้องแล้วส่งลิงก์ให้เพื่อน",
    two: "2 คน", three: "3 คน", four: "4 คน", teams: "ทีม 2 ต่อ 2",
    create_room: "สร้างห้อง", challenge_mode: "โหมดทักท้วง", clock: "นาฬิกา",
    clock_none: "ไม่จับเวลา", clock_total: "คนละ 22 นาที", clock_move: "ตาละ 3 นาที",
    join_watch: "เข้าร่วมหรือชม", join_code: "ลิงก์หรือรหัสห้อง", join: "เข้าร่วม", watch: "ชม",
    open_rooms: "ห้องที่รอผู้เล่น", games_live: "เกมที่กำลังเล่น", none_yet: "ยังไม่มีตอนนี้",
    seats_taken: "มีผู้เล่น {a} จาก {b} ที่",
    board: "กระดาน", rack: "เบี้ยบนแป้น", play: "ลงเบี้ย", play_score: "ลงเบี้ย ({n})", recall: "เก็บคืน", shuffle: "สลับ",
    exchange: "เปลี่ยนเบี้ย", exchange_confirm: "เปลี่ยน {n} ตัว", cancel: "ยกเลิก", pass: "ผ่าน", pass_confirm: "ผ่านจริงไหม?",
    challenge: "ทักท้วง", history: "ประวัติการเล่น", scores: "คะแนน", bag: "ถุง", bag_n: "เหลือในถุง {n} ตัว",
    unseen: "เบี้ยที่ยังไม่เห็น", legend: "คำอธิบายช่อง",
    prem_T: "ทั้งสมการ ×3", prem_D: "ทั้งสมการ ×2", prem_3: "เฉพาะเบี้ย ×3", prem_2: "เฉพาะเบี้ย ×2", prem_star: "ช่องดาว กลางกระดาน (เฉพาะเบี้ย ×3)",
    lab_T: "ส×3", lab_D: "ส×2", lab_3: "บ×3", lab_2: "บ×2",
    your_turn: "ตาของคุณ", waiting_for: "รอ {name}", to_move: "ตาของ {name}",
    place_tiles: "ลากเบี้ยลงกระดาน หรือคลิกเบี้ยแล้วคลิกช่อง",
    legal: "ถูกต้อง: {n} คะแนน", illegal: "ไม่ถูกต้อง: {reason}", checking: "กำลังตรวจ…",
    not_your_turn: "ยังไม่ถึงตาคุณ — จะได้ {n} คะแนน",
    choose_face: "เลือกหน้าเบี้ย", blank_face: "ใช้ตัว BLANK เป็น", choice_face: "ใช้เบี้ยนี้เป็น",
    exchange_pick: "เลือกเบี้ยที่จะใส่คืนถุง", exchange_needs: "ต้องมีเบี้ยในถุงอย่างน้อย {n} ตัวจึงเปลี่ยนได้",
    exchange_most: "ในถุงมี {n} ตัว เปลี่ยนได้ไม่เกิน {n} ตัว",
    you: "คุณ", bot: "บอท", bot_name: "บอท ({level})", team: "ทีม {n}", spectating: "กำลังชม: ไม่เห็นเบี้ยของผู้เล่น",
    waiting_room: "รอผู้เล่น", share_link: "ส่งลิงก์นี้ให้เพื่อน:", copy: "คัดลอก", copied: "คัดลอกแล้ว",
    room_expired: "ห้องนี้หมดเวลาแล้ว", room_expired_why: "ไม่มีผู้เล่นเข้ามาครบทันเวลา ห้องจึงถูกปิด",
    room_expired_new: "เปิดห้องใหม่ที่หน้าหลัก",
    join_room: "เข้าร่วมห้องนี้", join_as: "เข้าร่วมในชื่อ", seat_free: "ที่ว่าง", add_bot: "ให้บอทนั่ง",
    game_over: "จบเกม", reason_playout: "{name} ลงเบี้ยหมด", reason_passes: "ทุกคนผ่านติดกันครบสามครั้ง",
    reason_time: "{name} แพ้เพราะหมดเวลา", winner: "ผู้ชนะ: {name}", draw: "เสมอ",
    summary_score: "คะแนน", summary_adjust: "เบี้ยเหลือ", summary_penalty: "เวลา", summary_final: "รวม", summary_left: "เบี้ยที่เหลือ",
    close: "ปิด", new_game: "เกมใหม่", reconnecting: "การเชื่อมต่อหลุด — กำลังเชื่อมต่อใหม่…",
    handover: "ส่งเครื่องให้ {name}", show_tiles: "แสดงเบี้ยของฉัน",
    kind_pass: "ผ่าน", kind_exchange: "เปลี่ยน {n} ตัว", kind_timeout: "หมดเวลา", kind_skipped: "เสียตา",
    "kind_challenge-won": "ถูกทักท้วง: เก็บเบี้ยคืน", "kind_challenge-lost": "ทักท้วงไม่สำเร็จ", bingo: "บิงโก",
    time_left: "เวลาที่เหลือ", error: "ผิดพลาด: {msg}", no_game: "ไม่มีเกมนี้",
    can_challenge_hint: "คุณทักท้วงการลงเบี้ยครั้งล่าสุดได้",
    game_variant: "เกม", variant_amath: "เอแม็ท", variant_smath: "สแม็ท",
    opt_beginners: "มือใหม่", opt_primary: "ประถม", opt_coop: "ร่วมมือ",
    opt_beginners_help: "ไม่มี × ÷ และวงเล็บ", opt_primary_help: "เปิดเบี้ยให้ทุกคนเห็น ลงได้ตาละไม่เกิน 7 ตัว วางสมการที่ใดก็ได้",
    opt_coop_help: "ทั้งโต๊ะใช้คะแนนร่วมกัน", variant_help: "สแม็ท: ถือเบี้ย 10 ตัว เครื่องหมาย = และวงเล็บใช้ได้ฟรีไม่จำกัด",
    free_tiles: "เบี้ยฟรี:", free_tile: "เบี้ยฟรี ใช้ได้ไม่จำกัด ไม่ต้องมีบนแป้น",
    shared_score: "คะแนนร่วม", open_rack: "เบี้ยที่เปิดให้เห็น", reason_passes_once: "ผู้เล่นทุกคนผ่านต่อกันครบรอบ",
    download_record: "ดาวน์โหลดบันทึกเกม", open_record: "เปิดบันทึกเกม",
    open_record_help: "อัปโหลดบันทึกเกม (.amr) แล้วดูย้อนทีละตา", choose_record: "ไฟล์บันทึกเกม",
    replay_title: "บันทึกเกม", first: "แรกสุด", prev: "ก่อนหน้า", next: "ถัดไป", last: "ท้ายสุด",
    turn_n: "ตาที่ {a} จาก {b}", start_position: "เริ่มเกม", rack_of: "เบี้ยของ {name}:", rack_hidden: "ไม่เปิดเผย",
    board_svg: "ภาพกระดาน (SVG)", record_error: "เล่นบันทึกนี้ซ้ำไม่ได้ {msg}", reading: "กำลังอ่าน…",
    zoom: "ขยาย", hint: "ตัวช่วย", hint_title: "การลงที่ดีที่สุดที่เครื่องหาได้ (คลิกเพื่อวางบนกระดาน):",
    hint_thinking: "กำลังคิด…", hint_none: "เครื่องหาที่ลงไม่ได้ ให้เปลี่ยนเบี้ยหรือผ่าน", hint_place: "วางการลงนี้บนกระดาน",
    hint_inexact: "เครื่องหยุดค้นหาเมื่อครบเวลาที่ให้คิด อาจมีการลงที่ดีกว่านี้",
    resign: "ยอมแพ้", resign_confirm: "ยอมแพ้จริงไหม?", reason_resign: "{name} ยอมแพ้", winner_tag: "ผู้ชนะ",
    analyse: "วิเคราะห์เกม", open_replay: "เปิดในหน้าดูบันทึกเกม", rematch: "เล่นอีกครั้ง", watch_rematch: "ชมเกมใหม่",
    rematch_offered: "เกมใหม่พร้อมแล้ว กดปุ่มเล่นอีกครั้งเพื่อไปที่เกมนั้น", leave_room: "ออกจากห้อง",
    handover_seat: "มอบที่นั่งให้คนอื่น", handover_help: "ส่งลิงก์นี้ให้คนที่จะเล่นแทน ใช้ได้ครั้งเดียว หลังจากนั้นจอนี้จะเป็นผู้ชมเท่านั้น",
    claim_seat: "รับที่นั่งต่อ", claim_help: "มีผู้เล่นมอบที่นั่งในเกมนี้ให้คุณ", claim_go: "รับที่นั่ง",
    spectators_n: "ผู้ชม {n} คน", show_on_board: "แสดงการลงนี้บนกระดาน",
    say_blank: "ตัว BLANK", say_blank_as: "ตัว BLANK เป็น {face}", say_tentative: "ยังไม่ได้ลง", say_rack_tile: "เบี้ย {tile} {n} คะแนน",
    analysis: "วิเคราะห์", analyse_start: "วิเคราะห์", best_board: "การลงที่ดีที่สุดบนกระดานของตานั้น",
    analysing: "กำลังวิเคราะห์… {a} จาก {b} ตา", analysis_help: "เครื่องจะดูทุกตา หาการลงที่ดีที่สุด และบอกว่าแต่ละตาเสียไปเท่าไร",
    analysis_none: "ตานี้ไม่มีการวิเคราะห์ (บันทึกไม่มีเบี้ยบนแป้น หรือไม่มีใครเลือกการลง)",
    analysis_step: "เลื่อนไปที่ตาใดตาหนึ่ง (หรือคลิกกราฟ) เพื่อดูความเห็นของเครื่อง",
    best_drawn: "การลงที่ดีที่สุด · {move}", best_found: "ลงได้ดีที่สุดแล้ว", best_plays: "การลงที่ดีที่สุดที่เครื่องหาได้ (คลิกเพื่อดูบนกระดาน)",
    chart_caption: "คะแนนนำของ {name} หลังแต่ละตา (คลิกที่ตา)", chart_label: "คะแนนนำของ {name} ทีละตา",
    chart_win: "เส้นประ · โอกาสชนะของ {name} (เครื่องประเมินจากคะแนนนำและเบี้ยที่เหลือ)", win_chance: "โอกาสชนะ {p}%", equity_n: "คะแนนรวมค่าเบี้ยที่เก็บไว้ {n}", lost: "เสีย {p} คะแนน และคะแนนรวมค่าเบี้ยที่เก็บไว้ {e}",
    moves_found: "พบการลง {n} แบบ", points_lost: "คะแนนที่เสียไปเทียบกับการลงที่ดีที่สุด", rank_of: "อันดับ {r} จาก {n}",
    rank_more: "อันดับ {r} (มี {n} แบบที่ได้คะแนนมากกว่า)", rank_over: "อันดับเกิน {n} (นับถึงขีดจำกัดแล้วหยุด)", moves_many: "การลงมีมากเกินจะแสดงทั้งหมด", rank_unknown: "ไม่ทราบอันดับ (ค้นถึงขีดจำกัดแล้วหยุด)",
    sum_turns: "จำนวนตา", sum_best: "ลงดีที่สุด", sum_points: "คะแนนที่เสีย", sum_equity: "ที่เสียเมื่อนับค่าเบี้ยที่เก็บไว้",
    practice_mode: "ฝึกซ้อม", practice_help: "หลังการลงแต่ละตา หน้าเว็บจะแสดงการลงที่เครื่องเลือก",
    review_thinking: "เครื่องกำลังดูการลงของคุณ…", review_title: "การลงของคุณ · {move}", review_found: "เครื่องเห็นด้วย · เป็นการลงที่ดีที่สุด",
    review_lost: "การลงที่ดีที่สุดของเครื่องได้มากกว่า {p} คะแนน (คะแนนรวมค่าเบี้ยที่เก็บไว้ {e})",
    "kind_end-rack": "เบี้ยเหลือตอนจบ", "kind_time-penalty": "ปรับเวลา", "kind_lost-on-time": "แพ้เพราะหมดเวลา", kind_resign: "ยอมแพ้",
    leaderboard: "ตารางอันดับ", log_in: "เข้าสู่ระบบ", sign_up: "สมัครสมาชิก", log_out: "ออกจากระบบ", user_name: "ชื่อผู้ใช้", password: "รหัสผ่าน",
    display_name: "ชื่อที่แสดง", user_name_help: "ยาว 3 ถึง 20 ตัว ใช้ตัวอักษรอังกฤษ ตัวเลข _ หรือ - ใช้เข้าสู่ระบบ และเป็นที่อยู่หน้าโปรไฟล์ของคุณ",
    password_help: "อย่างน้อย 8 ตัวอักษร", guest_note: "เล่นโดยไม่มีบัญชีก็ได้ บัญชีจะเก็บเกมที่คุณเล่นไว้ และให้เรตติ้งกับคุณ",
    logged_in_as: "เข้าสู่ระบบในชื่อ {name}", my_profile: "โปรไฟล์ของฉัน", save: "บันทึก", saved: "บันทึกแล้ว", change_password: "เปลี่ยนรหัสผ่าน",
    old_password: "รหัสผ่านปัจจุบัน", new_password: "รหัสผ่านใหม่", password_changed: "เปลี่ยนรหัสผ่านแล้ว อุปกรณ์อื่นของคุณออกจากระบบแล้ว",
    rated: "จัดอันดับ", rated_help: "ผู้เล่นทั้งสองต้องมีบัญชี ผลของเกมจะเปลี่ยนเรตติ้งของทั้งคู่", rated_tag: "จัดอันดับ", casual_tag: "เล่นทั่วไป",
    login_to_rate: "เข้าสู่ระบบเพื่อเล่นเกมจัดอันดับ", rating: "เรตติ้ง", ratings: "เรตติ้ง",
    provisional_help: "เครื่องหมาย ? หลังเรตติ้ง: ยังเป็นเรตติ้งชั่วคราว (เล่นยังไม่พอจะแน่ใจ)",
    games_played: "เกม", outcome_win: "ชนะ", outcome_draw: "เสมอ", outcome_loss: "แพ้", finished_games: "เกมที่เล่นจบแล้ว",
    no_games: "ยังไม่มีเกมที่เล่นจบ", no_ratings: "ยังไม่มีเกมจัดอันดับ", member_since: "เริ่มเล่นเมื่อ {date}",
    col_date: "วันที่", col_opponent: "คู่แข่ง", col_result: "ผล", col_score: "คะแนน", col_game: "เกม", col_rank: "อันดับ", col_player: "ผู้เล่น", col_games: "จำนวนเกม",
    class_classic: "22 นาที (คลาสสิก)", class_fast: "เวลาสั้นกว่า", class_untimed: "ไม่จับเวลา", open_game: "เปิดดู",
    leaderboard_empty: "ยังไม่มีผู้เล่นที่มีเรตติ้งในตารางนี้",
    average_score: "คะแนนเฉลี่ย", rating_chart: "ตามเวลา", rating_chart_label: "เรตติ้งตามเกมที่เล่น จาก {from} ถึง {to}",
    rating_range: "เรตติ้งของคู่แข่ง", range_from: "ตั้งแต่", range_to: "ถึง",
    claim_win: "ขอชนะ", claim_win_help: "ถ้าคู่แข่งออกไปแล้ว (ไม่ได้เปิดจอ และไม่ลงเบี้ยนานสองนาที) คุณชนะเกมจัดอันดับนี้",
  },
};

// The library's errors come with their text in each language (the server translates them by
// code, amath/apps/error_text.py); only the server's own refusals below are matched by text.
const SERVER_REASONS_TH = [
  [/^it is not your turn.*/, "ยังไม่ถึงตาคุณ"],
  [/^the game is over/, "เกมจบแล้ว"],
  [/^hints are only for games against the bot/, "ตัวช่วยใช้ได้เฉพาะเกมที่เล่นกับบอท ไม่ใช้ในเกมที่มีผู้เล่นคนอื่น"],
  [/^only your own moves can be reviewed/, "ดูย้อนหลังได้เฉพาะการลงของคุณเอง"],
  [/^a rematch is offered once the game is over/, "เล่นอีกครั้งได้เมื่อเกมจบแล้ว"],
  [/^the game has started: resign instead of leaving/, "เกมเริ่มแล้ว ให้ยอมแพ้แทนการออกจากห้อง"],
  [/^only a seat in an online room can be handed over/, "มอบที่นั่งได้เฉพาะในห้องออนไลน์"],
  [/^this hand-over code is not valid/, "รหัสมอบที่นั่งนี้ใช้ไม่ได้ (แต่ละรหัสใช้ได้ครั้งเดียว)"],
  [/^a game is analysed once it is over/, "วิเคราะห์ได้เมื่อเกมจบแล้ว"],
  [/^the server is busy analysing other games/, "เซิร์ฟเวอร์กำลังวิเคราะห์เกมอื่นอยู่ ลองใหม่ในอีกสักครู่"],
  [/^this token holds no seat in this game/, "รหัสที่นั่งนี้ไม่ใช่ที่นั่งในเกมนี้"],
];

let lang = localStorage.getItem("amath.lang") || ((navigator.language || "").startsWith("th") ? "th" : "en");

export function getLang() { return lang; }

export function setLang(value) {
  lang = value === "th" ? "th" : "en";
  localStorage.setItem("amath.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

// An error for people: `messages` (from the server, by code) in this language, else the English text.
export function reason(text, messages = null) {
  if (messages && messages[lang]) return messages[lang];
  if (lang !== "th" || !text) return text;
  for (const [re, th] of SERVER_REASONS_TH) if (re.test(text)) return text.replace(re, th);
  return text;
}

export function applyI18n(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

export const ALL_KEYS = { en: Object.keys(STRINGS.en), th: Object.keys(STRINGS.th) };
