"""Load benchmark of the web server: N online rooms played at once by scripted clients on loopback.

Starts ``amath serve`` in a subprocess (its own database unless ``--db`` names one), then
for each game creates a room, joins it, and opens one websocket and one keep-alive HTTP
connection per seat, as a browser would.  Each seat waits for its turn on its websocket,
thinks 0.3-0.7 s, and exchanges one or two tiles (a real turn: checked, stored, sent to
both screens).  It reports moves per second, the move round trip (POST to answer) at
p50/p95/p99, the time until the opponent's screen has the move, errors, and the server
process's CPU per move (from /proc).  Not a test: a measurement, to run by hand::

    .venv/bin/python benchmarks/bench_server.py --games 200 --seconds 60
    .venv/bin/python benchmarks/bench_server.py --games 200 --db postgresql://amath@127.0.0.1:5433/amath

Loopback only; every loop is bounded by ``--seconds`` and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from amath.apps.server.changes import apply_change

HOST = "127.0.0.1"


def percentile(xs: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``xs`` (0 for none)."""
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s)) - 1))]


class Http:
    """One keep-alive HTTP/1.1 connection, as little client work as can be (the clients share the machine)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.reopened = 0

    async def call(self, method: str, path: str, body: Any = None, token: str | None = None, screen: str | None = None) -> tuple[int, Any]:
        """One request; a kept-alive connection the server closed meanwhile is opened again once, as a browser does."""
        reused = self.writer is not None
        try:
            return await self._call(method, path, body, token, screen)
        except (OSError, asyncio.IncompleteReadError, IndexError):
            self.close()
            if not reused:
                raise
            self.reopened += 1
            return await self._call(method, path, body, token, screen)

    async def _call(self, method: str, path: str, body: Any, token: str | None, screen: str | None) -> tuple[int, Any]:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        if token:
            head += f"X-Seat-Token: {token}\r\n"
        if screen:
            head += f"X-Screen: {screen}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status = int((await self.reader.readline()).split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode("latin-1").partition(":")
            headers[key.strip().lower()] = value.strip()
        raw = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, json.loads(raw) if raw else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Stats:
    """What every seat measured."""

    round_trips: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)  # how late this process's own loop woke a 5 ms sleep (inflates every figure)
    to_screen: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    reopened: int = 0  # idle keep-alive connections the server closed, opened again
    cpu: float = 0.0  # the client processes' CPU over the measured time
    runq: float = 0.0  # and how long their main threads waited for a CPU

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


@dataclass
class Table:
    """One game: its id, and when each version's move was sent (for the time to the other screen)."""

    game_id: str
    sent: dict[int, float] = field(default_factory=dict)


class Seat:
    """A scripted player: its websocket keeps the newest view; it moves when that view says so."""

    def __init__(self, port: int, table: Table, token: str, stats: Stats, rng: random.Random) -> None:
        self.port, self.table, self.token, self.stats, self.rng = port, table, token, stats, rng
        self.http = Http(port)
        self.state: dict[str, Any] = {}
        self.screen: str | None = None  # how the server names this seat's socket (as the page sends it with a move)
        self.changed = asyncio.Event()

    def take(self, msg: dict[str, Any]) -> bool:
        """Apply a view or a change (as the page does); False when it was not news."""
        if msg.get("type") == "state":
            self.state = msg["state"]
            self.screen = msg.get("screen", self.screen)
            return True
        if msg.get("type") != "change" or msg["rev"] <= self.state.get("rev", -1):
            return False
        after = apply_change(self.state, msg)
        if after is None:
            self.stats.error("change for another revision")
            return False
        self.state = after
        return True

    async def listen(self, ws: Any, stop: float) -> None:
        async for text in ws:
            msg = json.loads(text)
            if self.take(msg):
                state = self.state
                sent = self.table.sent.get(state["version"])
                if sent is not None and msg.get("type") == "change" and state["me"]["side"] != state["history"][-1]["side"]:
                    self.stats.to_screen.append(time.perf_counter() - sent)
                self.changed.set()
            if time.perf_counter() > stop:
                return

    def my_turn(self) -> bool:
        s = self.state
        return bool(s) and s.get("to_move") is not None and s["to_move"] == s["me"]["side"]

    async def play(self, start: float, stop: float, think: tuple[float, float]) -> None:
        await asyncio.sleep(max(0.0, start - time.perf_counter()))
        while time.perf_counter() < stop:
            if not self.my_turn():
                self.changed.clear()
                try:
                    await asyncio.wait_for(self.changed.wait(), max(0.01, stop - time.perf_counter()))
                except TimeoutError:
                    return
                continue
            await asyncio.sleep(self.rng.uniform(*think))
            rack = self.state["rack"]
            body = {"type": "exchange", "tiles": self.rng.sample(rack, self.rng.choice((1, 2)))}
            version = self.state["version"] + 1
            sent = time.perf_counter()
            self.table.sent[version] = sent
            try:
                path = f"/api/games/{self.table.game_id}/move"
                status, view = await self.http.call("POST", path, body, self.token, self.screen)
            except (OSError, asyncio.IncompleteReadError) as exc:
                self.stats.error(type(exc).__name__)
                self.http.close()
                continue
            if status != 200:
                self.stats.error(f"HTTP {status}")
                await asyncio.sleep(0.2)
                continue
            if sent >= start:
                self.stats.round_trips.append(time.perf_counter() - sent)
            self.take(view)


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc)."""
    user, system = cpu_split(pid)
    return user + system


def cpu_split(pid: int) -> tuple[float, float]:
    """User and system CPU of a process so far, in seconds (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def sched(pid: int) -> dict[str, tuple[float, float]]:
    """Per thread group of a process (its main thread, the others): seconds on a CPU and seconds waiting for one (Linux schedstat)."""
    out = {"main": (0.0, 0.0), "other threads": (0.0, 0.0)}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            on, wait, _ = (int(x) / 1e9 for x in (task / "schedstat").read_text().split())
        except (OSError, ValueError):
            continue  # a thread that ended meanwhile
        key = "main" if task.name == str(pid) else "other threads"
        out[key] = (out[key][0] + on, out[key][1] + wait)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: str, profile: str | None = None, floor: bool = False, probe: str | None = None) -> subprocess.Popen[bytes]:
    """``amath serve`` with the limits lifted for one address that is really hundreds of players (set by environment)."""
    env = dict(os.environ)
    big = {"RATE": "100000", "BURST": "100000", "SOCKETS_PER_ADDRESS": "100000", "WAITING_PER_ADDRESS": "100000", "MAX_WAITING": "100000"}
    env.update({f"AMATH_{k}": v for k, v in big.items()})
    run = ["-m", "cProfile", "-o", profile, "-m", "amath.apps.cli"] if profile else ["-m", "amath.apps.cli"]
    if probe:  # the real server with its probes (server_probe.py): GC pauses, loop lag, time in the app and the database
        env["AMATH_PROBE"] = probe
        run = [str(Path(__file__).with_name("server_probe.py"))]
    cmd = [sys.executable, *run, "serve", "--port", str(port), "--db", db]
    if floor:  # the framework alone (server_floor.py): what a move costs before the app does anything
        cmd = [sys.executable, str(Path(__file__).with_name("server_floor.py")), "--port", str(port)]
    # its own session, as a service has (the kernel's autogroups share the CPU between sessions, not processes):
    # in the clients' session the server would get half of one session's share of the machine
    session = os.environ.get("BENCH_SAME_SESSION") is None
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=session)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"the server did not start: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start in 30 s")


async def open_table(port: int, stats: Stats, rng: random.Random, gate: asyncio.Semaphore) -> tuple[Table, list[Seat], list[Any]]:
    async with gate:
        http = Http(port)
        status, created = await http.call("POST", "/api/games", {"mode": "room", "players": 2, "name": "A"})
        assert status == 201, created
        status, joined = await http.call("POST", f"/api/games/{created['id']}/join", {"name": "B"})
        assert status == 200, joined
        http.close()
        table = Table(created["id"])
        seats = [Seat(port, table, tok, stats, rng) for tok in (created["token"], joined["token"])]
        sockets = [await connect(f"ws://{HOST}:{port}/api/games/{table.game_id}/ws?token={s.token}", max_size=2**22) for s in seats]
        return table, seats, sockets


async def client_lag(stats: Stats, start: float, stop: float) -> None:
    """How late the clients' own event loop wakes: a move's round trip includes this wait, which is not the server's."""
    while (now := time.perf_counter()) < stop:
        await asyncio.sleep(0.005)
        if now >= start:
            stats.lag.append(time.perf_counter() - now - 0.005)


async def play_share(args: argparse.Namespace, port: int, games: int, seed: int, sync: Sync) -> Stats:
    """One client process's share of the games: open them, wait for the common start, play until the stop."""
    stats, rng = Stats(), random.Random(seed)
    gate = asyncio.Semaphore(16)
    tables = await asyncio.gather(*(open_table(port, stats, rng, gate) for _ in range(games)))
    sync.ready.wait()  # every process has its tables open: the parent sets the start
    sync.go.wait()
    start = sync.start.value
    stop = start + args.seconds
    tasks = []
    for _table, seats, sockets in tables:
        for seat, ws in zip(seats, sockets):
            tasks.append(asyncio.create_task(seat.listen(ws, stop + 1)))
            tasks.append(asyncio.create_task(seat.play(time.perf_counter(), stop, (args.think_min, args.think_max))))
    tasks.append(asyncio.create_task(client_lag(stats, start, stop)))
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    cpu0, sched0 = time.process_time(), sched(os.getpid())["main"]
    await asyncio.sleep(max(0.0, stop - time.perf_counter()))
    stats.cpu = time.process_time() - cpu0
    stats.runq = sched(os.getpid())["main"][1] - sched0[1]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for _table, seats, sockets in tables:
        for seat, ws in zip(seats, sockets):
            seat.http.close()
            await ws.close()
    stats.reopened = sum(seat.http.reopened for _t, seats, _s in tables for seat in seats)
    return stats


@dataclass
class Sync:
    """How the client processes start together: all ready, then the parent's start time.

    ``time.perf_counter`` is CLOCK_MONOTONIC on Linux: one clock for every process.
    """

    ready: Any
    go: Any
    start: Any


def client_process(args: argparse.Namespace, port: int, games: int, seed: int, sync: Sync, out: Any) -> None:
    """A client process (a fork): its games on its own event loop (uvloop when installed, as the server uses), its Stats back."""
    try:
        import uvloop

        runner: Any = uvloop.run
    except ImportError:
        runner = asyncio.run
    out.put(runner(play_share(args, port, games, seed, sync)))


def run(args: argparse.Namespace, port: int) -> tuple[Stats, float, int]:
    """The games split over ``--clients`` processes; the server's CPU and threads measured over the same window."""
    ctx = multiprocessing.get_context("fork")
    n = max(1, min(args.clients, args.games))
    sync = Sync(ctx.Barrier(n + 1), ctx.Barrier(n + 1), ctx.Value("d", 0.0))
    out = ctx.Queue()
    shares = [args.games // n + (k < args.games % n) for k in range(n)]
    procs = [ctx.Process(target=client_process, args=(args, port, g, args.seed + k, sync, out)) for k, g in enumerate(shares)]
    for proc in procs:
        proc.start()
    sync.ready.wait(120)
    sync.start.value = start = time.perf_counter() + args.warmup
    sync.go.wait(10)
    time.sleep(max(0.0, start - time.perf_counter()))
    (user0, sys0), sched0 = cpu_split(args.server_pid), sched(args.server_pid)
    time.sleep(max(0.0, start + args.seconds - time.perf_counter()))
    (user1, sys1), sched1 = cpu_split(args.server_pid), sched(args.server_pid)
    args.sched = {f"server {k}": tuple(b - a for a, b in zip(sched0[k], v)) for k, v in sched1.items()}
    args.server_system = sys1 - sys0
    cpu = user1 - user0 + args.server_system
    parts = [out.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(30)
    stats = Stats()
    for part in parts:
        stats.round_trips += part.round_trips
        stats.to_screen += part.to_screen
        stats.lag += part.lag
        stats.reopened += part.reopened
        stats.cpu += part.cpu
        stats.runq += part.runq
        for what, count in part.errors.items():
            stats.errors[what] = stats.errors.get(what, 0) + count
    args.sched["clients"] = (stats.cpu, stats.runq)
    return stats, cpu, len(stats.round_trips)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent two-player rooms (default 200)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time (default 60)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before measuring (default 5)")
    parser.add_argument("--think-min", type=float, default=0.3)
    parser.add_argument("--think-max", type=float, default=0.7)
    parser.add_argument("--db", default=None, help="database URL for the server (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clients", type=int, default=2, help="client processes the games are split over (default 2)")
    parser.add_argument("--profile", default=None, help="run the server under cProfile, writing its profile here")
    parser.add_argument("--probe", default=None, help="run the server under server_probe.py, writing its JSON summary here")
    parser.add_argument("--floor", action="store_true", help="run the skeleton server_floor.py instead: the framework's cost alone")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        proc = start_server(port, db, args.profile, args.floor, args.probe)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the server (not in our session) on the way out
        args.server_pid = proc.pid
        try:
            stats, cpu, moves = run(args, port)
            clients = stats.cpu
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    rt = [x * 1000 for x in stats.round_trips]
    screen = [x * 1000 for x in stats.to_screen]
    backend = db.split(":", 1)[0].split("+", 1)[0]

    def spread(xs: list[float]) -> str:
        return f"p50 {percentile(xs, 50):.1f}  p95 {percentile(xs, 95):.1f}  p99 {percentile(xs, 99):.1f}  max {max(xs):.1f}"

    print(f"server load benchmark: {args.games} games, {args.seconds:g} s measured, think {args.think_min}-{args.think_max} s, {backend}")
    print(f"machine: {platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    errors = f"errors: {sum(stats.errors.values())} {stats.errors or ''}"
    print(f"moves: {moves} ({moves / args.seconds:.1f}/s), {errors}, idle connections reopened: {stats.reopened}")
    if rt:
        print(f"move round trip ms: {spread(rt)}")
    if screen:
        print(f"to the other screen ms: {spread(screen)}")
    if stats.lag:
        print(f"clients' own loop lag ms (part of every figure above): {spread([x * 1000 for x in stats.lag])}")
    if moves:
        share = 100 * cpu / args.seconds
        system = f"{1000 * args.server_system / moves:.2f} of it in the kernel"
        print(f"server CPU: {cpu:.1f} s in {args.seconds:g} s ({share:.0f}% of a core), {1000 * cpu / moves:.2f} ms per move ({system})")
        mine = f"{clients:.1f} s ({100 * clients / args.seconds:.0f}% of a core), {1000 * clients / moves:.2f} ms per move"
        print(f"clients' CPU ({args.clients} processes, sharing the machine): {mine}")
        runq = ", ".join(f"{k} {on:.1f} s on a CPU, {wait:.1f} s waiting for one" for k, (on, wait) in args.sched.items())
        print(f"threads in {args.seconds:g} s: {runq}")


if __name__ == "__main__":
    main()
