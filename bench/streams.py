#!/usr/bin/env python3
"""Live streams under load: many browsers, one writer, and the caps holding.

Driven by bench/streams (see bench/README.md). Issue 40: the live streams of
the web interface (`GET /years/{id}/live`, docs/web.md §Working together) are
capped at 8 per session and `serve --live-streams` per server; beyond, 429
with `Retry-After` (docs/security.md §The web interface).

Starts the server binary with `serve --demo` on a fresh SQLite file, listening
on port 0, with `--live-streams CAP` (default 400, so that the cap is reached)
and its metrics on a port of their own (`schoolplan_live_streams`, the
server's own count of open streams). Creates --accounts reader accounts and
signs in --browsers + 1 times with one-time links the CLI prints
(`account signin-link`), one session per browser, each following the link to
`/` as a browser does (which gives the form token for signing out). Then, in
this order:

1. one session opens --tabs streams at once (tabs of one person): 8 get 200,
   the rest 429 (the session's cap);
2. every browser opens one stream at once: as many get 200 as the server's
   cap leaves, the rest 429 (the server's cap);
3. the writer (the demo administrator's token) changes a course of the year
   through the API (`PUT /api/v1/course/ID`) --rate times a second for
   --seconds; every open stream must receive each change as a `change`
   event, and the delay from sending the PUT to the event is measured on every
   stream;
4. the browsers close half of the open streams (they disconnect); the
   server must give their places back;
5. every session signs out: the server must end the streams left.

Reads the server's resident memory (VmRSS, and VmHWM, its peak) and its open
file descriptors (/proc/PID/fd) before the streams, with all open, after the
writes, after the disconnects and after the sign-outs. Prints the tables and
writes streams.json and streams.md to --out. Exits 1 when a cap did not hold
(more streams accepted than the caps allow, or fewer: a refusal below the
cap), a 429 came without `Retry-After`, any answer was a 5xx or another
status, a stream ended before it was closed, a change did not reach every
stream, or a stream (or its file descriptor) outlived its closing or sign-out.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import http.client
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared helpers: Api, free_port, wait_http, run_cli, log, machine)
from web import sign_in  # noqa: E402  (a session from a link the CLI prints)

# service::live::STREAMS_PER_SESSION
PER_SESSION = 8


def default_binary() -> Path:
    """The shipped build (profile `dist`), else a release or debug build in the same target directory."""
    for profile in ("dist", "release", "debug"):
        candidate = b.BIN.parent.parent / profile / "schoolplan"
        if candidate.exists():
            return candidate
    return b.BIN


def binary_kind(binary: Path) -> str:
    kind = binary.parent.name
    return f"{kind} build" if kind in ("dist", "release", "debug") else f"binary {binary.name} (as given)"


def refusal_sentences() -> dict[str, list[str]]:
    """The start of the sentence of a refused stream in every language, by cap (locales/*/web-live.ftl)."""
    keys = {"live-too-many-session": "session", "live-too-many-server": "server"}
    out: dict[str, list[str]] = {"session": [], "server": []}
    for ftl in sorted((b.ROOT / "locales").glob("*/web-live.ftl")):
        for line in ftl.read_text(encoding="utf-8").splitlines():
            key, _, text = line.partition(" = ")
            if key.strip() in keys:
                out[keys[key.strip()]].append(text.strip()[:40])
    return out


# ---------------------------------------------------------------- the server


class Server(b.Server):
    """`serve --demo` on a fresh SQLite file, on port 0, with the stream cap and metrics of its own
    (started here; stopped as bench.Server stops)."""

    def __init__(self, tmp: Path, cap: int):
        self.url = f"sqlite://{tmp / 'demo.db'}"
        self.metrics_port = b.free_port()
        self.log = open(tmp / "server.log", "ab")
        self.proc = subprocess.Popen(
            [str(b.BIN), "--database", self.url, "serve", "--demo", "--listen", "127.0.0.1:0",
             "--rate-limit", "off", "--live-streams", str(cap),
             "--metrics-listen", f"127.0.0.1:{self.metrics_port}"],
            stdout=subprocess.PIPE, stderr=self.log,
        )
        self.admin, self.port = "", 0
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.log.write(raw)
            line = raw.decode(errors="replace")
            if "(demo-admin):" in line:
                self.admin = next(w for w in line.split() if w.startswith("sp_"))
            listening = re.search(r"listens on http://127\.0\.0\.1:(\d+)", line)
            if listening:
                self.port = int(listening.group(1))
                break
        self.log.flush()
        if not self.admin or not self.port:
            raise RuntimeError(f"the server printed no demo token or address; see {tmp / 'server.log'}")
        threading.Thread(target=self._drain, daemon=True).start()
        b.wait_http(f"http://127.0.0.1:{self.port}/health", timeout=120)

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.log.write(raw)
            self.log.flush()

    def snapshot(self) -> dict:
        """Memory, file descriptors and threads from /proc; open streams and 5xx answers from /metrics."""
        out: dict = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = round(int(value.split()[0]) / 1024, 1)
            elif name == "Threads":
                out["threads"] = int(value)
        out["fds"] = len(list(Path(f"/proc/{self.proc.pid}/fd").iterdir()))
        ticks = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[11:13]
        out["cpu_s"] = round(sum(int(t) for t in ticks) / os.sysconf("SC_CLK_TCK"), 2)
        out["client_cpu_s"] = round(time.process_time(), 2)
        jiffies = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        out["machine_busy_s"] = round((sum(jiffies[:8]) - jiffies[3] - jiffies[4]) / os.sysconf("SC_CLK_TCK"), 2)
        out["at_s"] = round(time.perf_counter(), 2)
        with urllib.request.urlopen(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=30) as r:
            text = r.read().decode()
        out["streams"] = int(float(re.search(r"^schoolplan_live_streams (\S+)", text, re.M).group(1)))
        out["answers_5xx"] = int(sum(float(n) for n in re.findall(
            r'^schoolplan_http_requests_total\{.*status="5\d\d".*\} (\S+)$', text, re.M)))
        return out


# ---------------------------------------------------------------- sessions


def request(port: int, method: str, path: str, cookie: str, form: list[tuple[str, str]] | None = None
            ) -> tuple[int, str]:
    """One request on a connection of its own, closed after it: (status, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Cookie": cookie}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=body, headers=headers)
        res = conn.getresponse()
        return res.status, res.read().decode("utf-8", "replace")
    finally:
        conn.close()


def new_session(url: str, port: int, account: str) -> dict:
    """A browser signed in with a link: its cookie, and the form token of the page the link leads to."""
    cookie = sign_in(url, port, account)
    status, page = request(port, "GET", "/", cookie)
    token = re.search(r'name="_csrf" value="([^"]+)"', page)
    if status != 200 or not token:
        raise RuntimeError(f"GET / after signing in -> {status}")
    return {"account": account, "cookie": cookie, "csrf": token.group(1)}


def sign_out(port: int, session: dict) -> int:
    status, _ = request(port, "POST", "/signout", session["cookie"], [("_csrf", session["csrf"])])
    return status


# ---------------------------------------------------------------- streams


async def chunks(reader: asyncio.StreamReader):
    """The chunks of a chunked body until its last (empty) one."""
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionError("the connection closed inside the body")
        size = int(line.split(b";")[0], 16)
        data = await reader.readexactly(size + 2)
        if size == 0:
            return
        yield data[:-2]


class Stream:
    """One browser's `EventSource` on `/years/Y/live`: its answer, then its events as they arrive."""

    def __init__(self, who: str, session: dict):
        self.who, self.session = who, session
        self.status = 0
        self.retry_after: str | None = None
        self.cap: str | None = None  # which cap a 429 named: "session", "server" or None (neither sentence)
        self.changes: list[tuple[float, str]] = []  # (arrival, data) of each `change` event
        self.presence = 0  # `presence` and `alone` events
        self.ended: float | None = None
        self.end = ""  # how it ended: "server" (its last chunk), "lost" (the connection), "closed" (by us)
        self.task: asyncio.Task | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self, port: int, year: int, refusals: dict[str, list[str]]) -> None:
        try:
            await self.ask(port, year, refusals)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as e:
            self.status, self.end = 0, f"no answer: {e!r}"
            if self.writer:
                self.writer.close()

    async def ask(self, port: int, year: int, refusals: dict[str, list[str]]) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write((f"GET /years/{year}/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           f"Cookie: {self.session['cookie']}\r\nAccept: text/event-stream\r\n"
                           "Cache-Control: no-cache\r\n\r\n").encode())
        await self.writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        self.status = int(head[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:] if h)}
        if self.status == 200:
            self.task = asyncio.create_task(self.pump(reader))
            return
        self.retry_after = headers.get("retry-after")
        if "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"]))
        else:
            body = b"".join([c async for c in chunks(reader)])
        text = html.unescape(body.decode("utf-8", "replace"))
        self.cap = next((cap for cap, starts in refusals.items() if any(s in text for s in starts)), None)
        self.writer.close()

    async def pump(self, reader: asyncio.StreamReader) -> None:
        buf = b""
        try:
            async for chunk in chunks(reader):
                now = time.perf_counter()
                buf += chunk
                *events, buf = buf.split(b"\n\n")
                for event in events:
                    self.take(now, event.decode("utf-8", "replace"))
            self.end = "server"
        except (ConnectionError, asyncio.IncompleteReadError):
            self.end = "lost"
        except asyncio.CancelledError:
            self.end = "closed"
        self.ended = time.perf_counter()
        if self.writer:
            self.writer.close()  # not kept alive: the server's count of descriptors falls back

    def take(self, now: float, event: str) -> None:
        name, data = "message", []
        for line in event.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
        if name == "change":
            self.changes.append((now, "\n".join(data)))
        elif name in ("presence", "alone"):
            self.presence += 1

    async def close(self) -> None:
        """The browser closes the page: the connection goes, without a word to the server."""
        if self.task and not self.task.done():
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    @property
    def open_now(self) -> bool:
        return self.task is not None and not self.task.done()


async def open_all(streams: list[Stream], port: int, year: int, refusals: dict[str, list[str]]) -> float:
    """Opens every stream at once; seconds until all were answered."""
    t0 = time.perf_counter()
    await asyncio.gather(*(s.open(port, year, refusals) for s in streams))
    return time.perf_counter() - t0


def outcome(streams: list[Stream]) -> dict:
    statuses: dict[str, int] = {}
    for s in streams:
        statuses[str(s.status)] = statuses.get(str(s.status), 0) + 1
    refused = [s for s in streams if s.status == 429]
    return {
        "asked": len(streams), "accepted": statuses.get("200", 0), "statuses": statuses,
        "refused_session_cap": sum(1 for s in refused if s.cap == "session"),
        "refused_server_cap": sum(1 for s in refused if s.cap == "server"),
        "refused_without_retry_after": sum(1 for s in refused if not s.retry_after),
        "retry_after": sorted({s.retry_after for s in refused if s.retry_after}),
    }


async def until(condition, timeout: float, step: float = 0.1) -> float | None:
    """Seconds until `condition()` held (checked every `step`), or None after `timeout`."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if await condition():
            return round(time.perf_counter() - t0, 2)
        await asyncio.sleep(step)
    return None


# ---------------------------------------------------------------- the writer


def courses_to_write(api: b.Api, year: int, count: int) -> list[dict]:
    """`count` courses of the year with a number of lessons, as the API gives them for a PUT."""
    chosen = [c for c in api.get(f"/api/v1/course?schoolYear={year}")
              if not c.get("cancelled") and isinstance(c.get("lessons1"), (int, float))][:count]
    return [api.get(f"/api/v1/course/{c['id']}") for c in chosen]


def write_steadily(api: b.Api, courses: list[dict], rate: float, seconds: float, writes: list[dict]) -> None:
    """Changes one course after the other (lessons1 between 2 and 3), `rate` times a second."""
    t0 = time.perf_counter()
    for i in range(int(rate * seconds)):
        pause = t0 + i / rate - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        course = courses[i % len(courses)]
        course["lessons1"] = 3 if course["lessons1"] == 2 else 2
        write = {"course": course["id"], "sent": time.perf_counter()}
        writes.append(write)
        status, body, _ = api.raw("PUT", f"/api/v1/course/{course['id']}", course)
        write["status"], write["ms"] = status, (time.perf_counter() - write["sent"]) * 1000
        if status != 200:
            b.log(f"PUT /api/v1/course/{course['id']} -> {status}: {body[:300]!r}")


def delays(stream: Stream, writes: list[dict], year: int) -> tuple[list[float], int]:
    """Each change event matched, in order, to the write of its course: (ms from the PUT, events not matched)."""
    out, unmatched, after = [], 0, 0
    for arrived, data in stream.changes:
        link = re.search(rf"/years/{year}/courses/(\d+)/edit", data)
        j = next((k for k in range(after, len(writes)) if link and writes[k]["course"] == int(link.group(1))), None)
        if j is None:
            unmatched += 1
            continue
        out.append((arrived - writes[j]["sent"]) * 1000)
        after = j + 1
    return out, unmatched


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return round(s[min(len(s) - 1, int(len(s) * p))], 1)


# ---------------------------------------------------------------- the run


async def drive(args, server: Server, api: b.Api, year: int, sessions: list[dict], tabs: dict,
                courses: list[dict]) -> dict:
    port = server.port
    refusals = refusal_sentences()
    snap: dict[str, dict] = {}

    async def snapshot(name: str) -> None:
        snap[name] = await asyncio.to_thread(server.snapshot)
        b.log(f"{name}: {snap[name]}")

    async def streams_counted(n: int):
        return (await asyncio.to_thread(server.snapshot))["streams"] == n

    await snapshot("before")
    tab_streams = [Stream("tabs", tabs) for _ in range(args.tabs)]
    tabs_s = await open_all(tab_streams, port, year, refusals)
    browser_streams = [Stream(f"browser{i}", s) for i, s in enumerate(sessions)]
    browsers_s = await open_all(browser_streams, port, year, refusals)
    caps = {"tabs": outcome(tab_streams), "browsers": outcome(browser_streams)}
    caps["tabs"]["answered_s"], caps["browsers"]["answered_s"] = round(tabs_s, 2), round(browsers_s, 2)
    b.log(f"caps: {caps}")
    live = [s for s in tab_streams + browser_streams if s.status == 200]
    await asyncio.sleep(1)
    await snapshot("open")

    writes: list[dict] = []
    await snapshot("writing")
    await asyncio.to_thread(write_steadily, api, courses, args.rate, args.seconds, writes)
    written = time.perf_counter()

    # The last changes: a poll (250 ms) and the way to every stream. A server that fell behind
    # gets as long as events keep coming, until none came for --settle seconds.
    seen, last_news = -1, time.perf_counter()
    while (arrived := sum(len(s.changes) for s in live)) < len(writes) * len(live):
        if arrived != seen:
            seen, last_news = arrived, time.perf_counter()
        elif time.perf_counter() - last_news > args.settle:
            break
        await asyncio.sleep(0.1)
    delivered = time.perf_counter()
    await snapshot("writes")
    ended_early = [s.who for s in live if not s.open_now]
    timed, unmatched = [], 0
    for s in live:
        d, u = delays(s, writes, year)
        timed += d
        unmatched += u
    writing = {
        "writes": len(writes), "rate": args.rate, "seconds": args.seconds,
        "write_statuses": {str(k): sum(1 for w in writes if w["status"] == k) for k in {w["status"] for w in writes}},
        "put_ms_p50": percentile([w["ms"] for w in writes], 0.5),
        "put_ms_p99": percentile([w["ms"] for w in writes], 0.99),
        "streams": len(live), "events_expected": len(writes) * len(live),
        "events_received": sum(len(s.changes) for s in live), "events_matched": len(timed),
        "events_unmatched": unmatched,
        "delay_ms_p50": percentile(timed, 0.5), "delay_ms_p99": percentile(timed, 0.99),
        "delay_ms_max": percentile(timed, 1.0),
        "writing_took_s": round(written - snap["writing"]["at_s"], 1),
        "delivered_after_s": round(delivered - snap["writing"]["at_s"], 1),
        "server_cpu_s": round(snap["writes"]["cpu_s"] - snap["writing"]["cpu_s"], 1),
        "client_cpu_s": round(snap["writes"]["client_cpu_s"] - snap["writing"]["client_cpu_s"], 1),
    }
    # What other processes took of the machine meanwhile (a build beside the run shows here).
    writing["others_cpu_s"] = round(snap["writes"]["machine_busy_s"] - snap["writing"]["machine_busy_s"]
                                    - writing["server_cpu_s"] - writing["client_cpu_s"], 1)
    b.log(f"writing: {writing}")

    # The browsers close half of the open streams: the server must give their places back.
    closing = live[: len(live) // 2]
    await asyncio.gather(*(s.close() for s in closing))
    left = len(live) - len(closing)
    disconnected_s = await until(lambda: streams_counted(left), args.settle, 0.5)
    await snapshot("disconnected")

    # Everybody signs out: the server must end the streams left.
    remaining = [s for s in live if s.open_now]
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        signouts = await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(pool, sign_out, port, s)
                                          for s in sessions + [tabs]))
    signed_out_s = time.perf_counter() - t0

    async def all_ended():
        return not any(s.open_now for s in remaining)

    await until(all_ended, args.settle)
    ended = [s.ended for s in remaining if s.ended is not None]
    ended_s = round(max(ended) - t0, 2) if ended and not any(s.open_now for s in remaining) else None
    still_open = [s for s in remaining if s.open_now]
    await until(lambda: streams_counted(0), args.settle, 0.5)
    await asyncio.sleep(2)  # the sign-outs' connections close
    await snapshot("signed_out")
    leftovers_gone_s = None
    if still_open:
        # Streams the sign-out did not end: the browsers close them, and the server must let them go.
        await asyncio.gather(*(s.close() for s in still_open))
        leftovers_gone_s = await until(lambda: streams_counted(0), args.settle, 0.5)
        await snapshot("leftovers_closed")
    return {
        "caps": caps, "snapshots": snap, "writing": writing, "ended_early": ended_early,
        "closed_by_browsers": len(closing), "places_back_after_s": disconnected_s,
        "signed_out": {"sessions": len(signouts), "statuses": {str(k): signouts.count(k) for k in set(signouts)},
                       "took_s": round(signed_out_s, 2), "streams": len(remaining),
                       "all_ended_after_s": ended_s, "still_open": len(still_open),
                       "still_open_sessions": sorted({s.who for s in still_open}),
                       "still_open_gone_after_closing_s": leftovers_gone_s,
                       "ended_by_server": sum(1 for s in remaining if s.end == "server")},
    }


def checks(r: dict, args) -> list[tuple[str, bool, str]]:
    tabs, browsers, snap = r["caps"]["tabs"], r["caps"]["browsers"], r["snapshots"]
    tabs_allowed = min(args.tabs, PER_SESSION, args.cap)
    browsers_allowed = min(args.browsers, args.cap - tabs_allowed)
    refused = tabs["statuses"].get("429", 0) + browsers["statuses"].get("429", 0)
    retry_after = sorted({*tabs["retry_after"], *browsers["retry_after"]})
    others = {k: v for o in (tabs, browsers) for k, v in o["statuses"].items() if k not in ("200", "429")}
    w, so = r["writing"], r["signed_out"]
    fds_grew = snap["signed_out"]["fds"] - snap["before"]["fds"]
    return [
        ("the session's cap: 8 streams accepted, the rest refused naming it",
         tabs["accepted"] == tabs_allowed and tabs["refused_session_cap"] == args.tabs - tabs_allowed,
         f"{tabs['accepted']} accepted, {tabs['refused_session_cap']} refused by the session's cap"),
        ("the server's cap: accepted up to --live-streams with the tabs' streams, the rest refused naming it",
         browsers["accepted"] == browsers_allowed
         and browsers["refused_server_cap"] == args.browsers - browsers_allowed,
         f"{browsers['accepted']} accepted, {browsers['refused_server_cap']} refused by the server's cap"),
        ("the server counts the streams it accepted, no more than its cap",
         snap["open"]["streams"] == tabs_allowed + browsers_allowed <= args.cap,
         f"{snap['open']['streams']}, cap {args.cap}"),
        ("every 429 has Retry-After", tabs["refused_without_retry_after"] + browsers["refused_without_retry_after"]
         == 0, f"{refused} refused, Retry-After: {', '.join(retry_after)}"),
        ("no other status, no 5xx (the client's and the server's count)",
         not others and snap["signed_out"]["answers_5xx"] == 0 and set(w["write_statuses"]) <= {"200"}
         and set(so["statuses"]) <= {"303"},
         f"streams {others or 'none'}, server 5xx {snap['signed_out']['answers_5xx']}, PUT {w['write_statuses']}, "
         f"sign-out {so['statuses']}"),
        ("no stream ended before it was closed", not r["ended_early"], f"{len(r['ended_early'])} ended early"),
        ("every change reached every open stream", w["events_matched"] == w["events_expected"],
         f"{w['events_matched']} of {w['events_expected']} ({w['events_unmatched']} not matched)"),
        ("the places of disconnected streams came back", r["places_back_after_s"] is not None,
         f"after {r['places_back_after_s']} s" if r["places_back_after_s"] is not None
         else f"not within {args.settle} s (server counts {snap['disconnected']['streams']})"),
        ("sign-out ended every stream of its session", so["still_open"] == 0,
         f"{so['streams'] - so['still_open']} of {so['streams']} ended within {so['all_ended_after_s']} s "
         "of the first sign-out"),
        ("no stream or file descriptor left after all closed",
         snap["signed_out"]["streams"] == 0 and fds_grew <= args.fd_slack,
         f"{snap['signed_out']['streams']} streams, fds {snap['before']['fds']} → {snap['signed_out']['fds']}"),
    ]


def report(r: dict, args, meta: dict) -> str:
    tabs, browsers, snap, w = r["caps"]["tabs"], r["caps"]["browsers"], r["snapshots"], r["writing"]

    def other(o: dict) -> int:
        return sum(v for k, v in o["statuses"].items() if k not in ("200", "429"))

    cols = [("before", "before"), ("open", "all open"), ("writes", f"after {args.seconds:g} s of writes"),
            ("disconnected", f"{r['closed_by_browsers']} disconnected"), ("signed_out", "all signed out")]
    lines = [
        f"Run: {meta['when']}, commit `{meta['commit']}`, {meta['binary']}, SQLite, demo school, "
        f"`--live-streams {args.cap}`.  ",
        f"Machine: {meta['machine']}.",
        "",
        "| streams asked | accepted (200) | refused (429): session's cap | refused (429): server's cap | other |",
        "|---|--:|--:|--:|--:|",
        f"| one session, {args.tabs} at once | {tabs['accepted']} | {tabs['refused_session_cap']} | "
        f"{tabs['refused_server_cap']} | {other(tabs)} |",
        f"| {args.browsers} browsers (a session each), one each, at once | {browsers['accepted']} | "
        f"{browsers['refused_session_cap']} | {browsers['refused_server_cap']} | {other(browsers)} |",
        "",
        "| server | " + " | ".join(label for _, label in cols) + " |",
        "|---|" + "--:|" * len(cols),
        "| live streams (its count) | " + " | ".join(str(snap[k]["streams"]) for k, _ in cols) + " |",
        "| resident memory (VmRSS), MiB | " + " | ".join(f"{snap[k]['VmRSS']:.0f}" for k, _ in cols) + " |",
        "| peak so far (VmHWM), MiB | " + " | ".join(f"{snap[k]['VmHWM']:.0f}" for k, _ in cols) + " |",
        "| open file descriptors | " + " | ".join(str(snap[k]["fds"]) for k, _ in cols) + " |",
        "| threads | " + " | ".join(str(snap[k]["threads"]) for k, _ in cols) + " |",
        "",
        f"Writer: {w['writes']} course PUTs in {args.seconds:g} s ({args.rate:g}/s), PUT p50 {w['put_ms_p50']} ms, "
        f"p99 {w['put_ms_p99']} ms. Change events: {w['events_matched']} of {w['events_expected']} "
        f"({w['streams']} streams × {w['writes']} writes); PUT sent → event on the stream: "
        f"p50 {w['delay_ms_p50']} ms, p99 {w['delay_ms_p99']} ms, max {w['delay_ms_max']} ms. "
        f"The writes took {w['writing_took_s']} s, the last event came {w['delivered_after_s']} s after the first "
        f"PUT; the server used {w['server_cpu_s']} s of CPU meanwhile "
        f"({w['server_cpu_s'] / max(w['delivered_after_s'], 0.1):.2f} cores), this script {w['client_cpu_s']} s, "
        f"other processes {w['others_cpu_s']} s.  ",
        f"Disconnected streams given back after {r['places_back_after_s']} s; sign-out "
        f"({r['signed_out']['sessions']} sessions in {r['signed_out']['took_s']} s) ended the "
        f"{r['signed_out']['streams']} streams left within {r['signed_out']['all_ended_after_s']} s "
        "of the first sign-out.",
        "",
    ]
    lines += [f"- {'ok' if ok else 'FAILED'}: {what} ({detail})" for what, ok, detail in r["checks"]]
    return "\n".join(lines) + "\n"


def raise_fd_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        new = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        if new < needed:
            b.log(f"open files limited to {new} (hard limit); {needed} wanted")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--browsers", type=int, default=500, help="browsers, one session and one stream each (500)")
    p.add_argument("--cap", type=int, default=400, help="the server's cap, `serve --live-streams` (400)")
    p.add_argument("--tabs", type=int, default=12, help="streams the one session opens (12)")
    p.add_argument("--accounts", type=int, default=10, help="reader accounts the browsers sign in as (10)")
    p.add_argument("--rate", type=float, default=5, help="course PUTs per second of the writer (5)")
    p.add_argument("--seconds", type=float, default=20, help="how long the writer writes (20)")
    p.add_argument("--courses", type=int, default=16, help="courses the writer changes in turn (16)")
    p.add_argument("--settle", type=float, default=20,
                   help="seconds to wait for streams to end, and for late events since the last one came (20)")
    p.add_argument("--fd-slack", type=int, default=16,
                   help="file descriptors the server may hold more after than before (pool connections; 16)")
    p.add_argument("--workers", type=int, default=4, help="threads signing in and out (4)")
    p.add_argument("--binary", type=Path, default=default_binary(),
                   help="the schoolplan binary (default: the dist build, else release, else debug)")
    p.add_argument("--out", type=Path, default=b.HERE / "out")
    p.add_argument("--keep-tmp", action="store_true")
    args = p.parse_args()
    b.BIN = args.binary.resolve()
    if not b.BIN.exists():
        b.log(f"no binary at {b.BIN}")
        return 1
    raise_fd_limit(2 * (args.browsers + args.tabs) + 512)
    tmp = Path(tempfile.mkdtemp(prefix="schoolplan-streams-"))
    server = None
    try:
        b.log(f"{b.BIN} ({binary_kind(b.BIN)}), --live-streams {args.cap}")
        server = Server(tmp, args.cap)
        api = b.Api(f"http://127.0.0.1:{server.port}", server.admin)
        year = next(y["id"] for y in api.get("/api/v1/schoolyear") if y["code"] == "26/27")
        courses = courses_to_write(api, year, args.courses)
        accounts = [f"watch{i}" for i in range(args.accounts)] + ["tabs"]
        for name in accounts:
            b.run_cli(server.url, "account", "add", name, "--role", "reader")
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            sessions = list(pool.map(lambda i: new_session(server.url, server.port, accounts[i % args.accounts]),
                                     range(args.browsers)))
        tabs = new_session(server.url, server.port, "tabs")
        b.log(f"{len(sessions) + 1} sessions signed in in {time.perf_counter() - t0:.1f} s")
        time.sleep(2)
        result = asyncio.run(drive(args, server, api, year, sessions, tabs, courses))
    finally:
        if server is not None:
            server.stop()
        if args.keep_tmp:
            b.log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    result["checks"] = checks(result, args)
    m = b.machine()
    meta = {"when": m["date"], "commit": m["commit"], "binary": binary_kind(b.BIN),
            "machine": f"{m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB RAM"}
    text = report(result, args, meta)
    settings = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items() if k != "binary"}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "streams.json").write_text(json.dumps({"meta": meta, "settings": settings, **result}, indent=1) + "\n")
    (args.out / "streams.md").write_text(text)
    print(text)
    return 0 if all(ok for _, ok, _ in result["checks"]) else 1


if __name__ == "__main__":
    sys.exit(main())
