#!/usr/bin/env python3
"""The benchmark driver behind bench/run (see bench/README.md).

For each scale (1 = the demo school, 10 = ten times its teachers, classes and
courses) and each backend (SQLite, PostgreSQL) it imports the dataset into a
fresh database, starts the shipped server (profile `dist`) (auth on, rate limit off), drives
wrk at each concurrency against the reads, the course PUT and the
merge-then-split cycle, and reads the server's peak RSS per row. The ceiling
is nginx serving the identical response bytes as static files, measured in the
same run with the same wrk settings. Writes results.json and results.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import platform
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LUA = HERE / "lua"
BIN = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "dist" / "schoolplan"
# The second ceiling: a bare axum handler in the same process setup (bench/bare_axum.rs).
BARE = BIN.parent / "examples" / "bare_axum"
MARK_BEGIN = "<!-- bench:results:begin -->"
MARK_END = "<!-- bench:results:end -->"


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up within {timeout} s")


class Api:
    """Minimal client of the running server."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token

    def raw(self, method: str, path: str, body: object | None = None) -> tuple[int, bytes, str]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return r.status, r.read(), r.headers.get("Content-Type", "")
        except urllib.error.HTTPError as e:
            return e.code, e.read(), e.headers.get("Content-Type", "")

    def get(self, path: str) -> object:
        status, body, _ = self.raw("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path} -> {status}: {body[:300]!r}")
        return json.loads(body)["result"]


# ---------------------------------------------------------------- processes


class Server:
    """The shipped binary (profile `dist`) serving one database; reads its peak RSS (VmHWM)."""

    def __init__(self, url: str, port: int, logfile: Path):
        self.url, self.port = url, port
        self.log = open(logfile, "ab")
        env = dict(os.environ)
        self.proc = subprocess.Popen(
            [str(BIN), "--database", url, "serve", "--listen", f"127.0.0.1:{port}", "--rate-limit", "off"],
            stdout=self.log,
            stderr=self.log,
            env=env,
        )
        wait_http(f"http://127.0.0.1:{port}/health")

    def reset_peak(self) -> None:
        # Writing 5 to clear_refs resets VmHWM to the current RSS (Linux >= 4.0).
        try:
            Path(f"/proc/{self.proc.pid}/clear_refs").write_text("5")
        except OSError as e:
            log(f"cannot reset peak RSS ({e}); VmHWM stays monotone over the rows")

    def peak_rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


class Nginx:
    """nginx (non-daemon child, own config and port) serving saved responses."""

    def __init__(self, tmp: Path, docroot: Path, port: int):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        conf = tmp / "nginx.conf"
        for d in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (tmp / d).mkdir(exist_ok=True)
        user = "user root;" if os.geteuid() == 0 else ""
        conf.write_text(
            f"""{user}
worker_processes auto;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    server_tokens off;
    types {{ }}
    default_type application/json;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 100000000;
    keepalive_timeout 300s;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {docroot};
        open_file_cache max=1000 inactive=600s;
        location = /health {{ return 200 "ok"; }}
        location / {{ try_files $uri.json =404; }}
        # The large course lists: on loopback, copying through big buffers
        # beats sendfile (measured: ~2x the requests/s); take nginx's best.
        location /api/v1/course {{ sendfile off; output_buffers 2 1m; try_files $uri.json =404; }}
    }}
}}
"""
        )
        self.log = open(tmp / "nginx.out", "ab")
        self.proc = subprocess.Popen(
            ["nginx", "-p", str(tmp), "-c", str(conf), "-e", str(tmp / "nginx-error.log")],
            stdout=self.log,
            stderr=self.log,
        )
        try:
            wait_http(f"http://127.0.0.1:{port}/health", timeout=20)
        except RuntimeError:
            errors = (tmp / "nginx-error.log").read_text() if (tmp / "nginx-error.log").exists() else ""
            raise RuntimeError(f"nginx did not start: {errors[-2000:]}") from None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


class BareAxum:
    """bench/bare_axum.rs serving the nginx ceiling's files: axum without our stack."""

    def __init__(self, tmp: Path, docroot: Path, port: int):
        self.base = f"http://127.0.0.1:{port}"
        self.log = open(tmp / "bare-axum.out", "ab")
        self.proc = subprocess.Popen([str(BARE), f"127.0.0.1:{port}", str(docroot)], stdout=self.log,
                                     stderr=self.log)
        wait_http(f"{self.base}/health", timeout=20)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def wrk(url: str, script: str, conns: int, threads: int, duration: int, token: str, data_dir: Path,
        pair_offset: int = 0) -> dict:
    cmd = [
        "wrk",
        f"-t{threads}",
        f"-c{conns}",
        f"-d{duration}s",
        "--timeout",
        "30s",
        "-s",
        str(LUA / script),
        "-H",
        f"Authorization: Bearer {token}",
        url,
    ]
    env = dict(os.environ, BENCH_DATA_DIR=str(data_dir), BENCH_PAIR_OFFSET=str(pair_offset))
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(LUA))
    for line in out.stdout.splitlines():
        if line.startswith("BENCHNOTE "):
            log("  wrk: " + line[len("BENCHNOTE ") :].replace("\n", " ")[:400])
    for line in out.stdout.splitlines():
        if line.startswith("BENCHJSON "):
            r = json.loads(line[len("BENCHJSON ") :])
            r["rps"] = r["requests"] / (r["duration_us"] / 1e6)
            r["errors"] = r["connect"] + r["read"] + r["write"] + r["status"] + r["timeout"]
            return r
    raise RuntimeError(f"wrk failed: {out.stdout}\n{out.stderr}")


# ---------------------------------------------------------------- databases


def run_cli(url: str, *args: str, capture: bool = False) -> str:
    out = subprocess.run([str(BIN), "--database", url, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"schoolplan {' '.join(args)} failed: {out.stderr}")
    return out.stdout.strip()


def psql(pg: str, sql: str) -> None:
    subprocess.run(["psql", f"{pg}/postgres", "-v", "ON_ERROR_STOP=1", "-qc", sql], check=True, capture_output=True)


# ---------------------------------------------------------------- one server run


def lua_str(s: str) -> str:
    return "[==[" + s + "]==]"


def prepare_ids(api: Api) -> dict:
    years = api.get("/api/v1/schoolyear")
    open_years = [y for y in years if not y.get("archived") and not y.get("finalised")]
    if not open_years:
        raise RuntimeError("no open school year in the dataset")
    # The running year: the earliest open one (the demo also holds the opened 27/28 after 26/27).
    year = min(open_years, key=lambda y: y.get("graduationYear", 0))
    teachers = api.get("/api/v1/teacher")
    courses = api.get(f"/api/v1/course?schoolYear={year['id']}")
    return {"year": year["id"], "teacher": teachers[len(teachers) // 2]["id"], "courses": courses}


def ref_id(x: object) -> object:
    return x["id"] if isinstance(x, dict) else x


def write_bench_data(api: Api, courses: list, data_dir: Path, max_pairs: int) -> dict:
    """Chooses the PUT courses and merge pairs and writes bench_data.lua for the wrk scripts."""
    groups: dict[tuple, list] = {}
    for c in courses:
        if c.get("crossClass") or len(c.get("schoolClasses") or []) != 1:
            continue
        key = (ref_id(c["subject"]), ref_id(c["grade"]), ref_id(c["curriculum"]))
        groups.setdefault(key, []).append(c["id"])
    pairs, used = [], set()
    for ids in groups.values():
        for i in range(0, len(ids) - 1, 2):
            if len(pairs) < max_pairs:
                pairs.append((ids[i], ids[i + 1]))
                used.update((ids[i], ids[i + 1]))
    put_ids = [c["id"] for c in courses if c["id"] not in used][:64]
    puts = []
    for cid in put_ids:
        c = api.get(f"/api/v1/course/{cid}")
        body = {
            "cancelled": c.get("cancelled", False),
            "comments": c.get("comments"),
            "lessons1": c.get("lessons1"),
            "lessons2": c.get("lessons2"),
            "teachers1": [ref_id(t) for t in c.get("teachers1") or []],
            "teachers2": [ref_id(t) for t in c.get("teachers2") or []],
            "smallGroup1": c.get("smallGroup1", False), "smallGroup2": c.get("smallGroup2", False),
        }
        l1 = float(body["lessons1"] or 0)
        other = dict(body, lessons1=l1 + 1 if l1 < 98 else l1 - 1)
        puts.append((cid, json.dumps(body), json.dumps(other)))
    # Check one PUT and one merge/split cycle before measuring.
    status, text, _ = api.raw("PUT", f"/api/v1/course/{puts[0][0]}", json.loads(puts[0][1]))
    if status != 200:
        raise RuntimeError(f"PUT body rejected: {status} {text[:400]!r}")
    lines = ["PUT_COURSES = {"]
    lines += [f"  {{id = {cid}, a = {lua_str(a)}, b = {lua_str(b)}}}," for cid, a, b in puts]
    lines += ["}", "MERGE_PAIRS = {"]
    lines += [f"  {{{a}, {b}}}," for a, b in pairs]
    lines += ["}"]
    (data_dir / "bench_data.lua").write_text("\n".join(lines) + "\n")
    return {"pairs": len(pairs), "puts": len(puts)}


def drop_change_triggers(db: Path) -> None:
    """Drops the triggers that keep SQLite's change counter (migration
    0015_change_counter.sql): only to measure what they cost a write. A
    server on such a database no longer sees other processes' commits."""
    with sqlite3.connect(db) as conn:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_noted_%'")]
        for name in names:
            conn.execute(f'DROP TRIGGER "{name}"')
    log(f"dropped {len(names)} change-counter triggers of {db.name}")


def bench_server(args, tmp: Path, scale: int, backend: str, dataset: Path, rows: list, responses: dict) -> dict:
    tag = f"s{scale}-{backend}"
    if backend == "sqlite":
        url = f"sqlite://{tmp / (tag + '.db')}"
        cleanup = lambda: None  # noqa: E731 (files live in tmp)
    else:
        db = f"schoolplan_bench_{os.getpid()}_{scale}"
        psql(args.postgres, f"DROP DATABASE IF EXISTS {db}")
        psql(args.postgres, f"CREATE DATABASE {db}")
        url = f"{args.postgres}/{db}"
        cleanup = lambda: psql(args.postgres, f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")  # noqa: E731
    info: dict = {"scale": scale, "backend": backend}
    try:
        t0 = time.time()
        # Only `migrate` (and `serve`) create a database; the import time includes it, as before.
        run_cli(url, "migrate")
        run_cli(url, "import", str(dataset))
        info["import_s"] = round(time.time() - t0, 1)
        if args.without_change_triggers and backend == "sqlite":
            drop_change_triggers(tmp / (tag + ".db"))
        run_cli(url, "account", "add", "bench", "--role", "planner")
        token = run_cli(url, "token", "create", "bench", "--label", "bench")
        port = free_port()
        server = Server(url, port, tmp / f"{tag}.log")
        try:
            base = f"http://127.0.0.1:{port}"
            api = Api(base, token)
            ids = prepare_ids(api)
            data_dir = tmp / tag
            data_dir.mkdir()
            picked = write_bench_data(api, ids["courses"], data_dir, sum(args.concurrency))
            info.update(year=ids["year"], teacher=ids["teacher"], courses=len(ids["courses"]), **picked)
            log(f"{tag}: imported in {info['import_s']} s; open year {ids['year']}, {len(ids['courses'])} courses, "
                f"{picked['pairs']} merge pairs")
            reads = read_targets(ids)
            bodies = {}
            for name, path in reads:
                status, body, ctype = api.raw("GET", path)
                assert status == 200 and ctype == "application/json", (path, status, ctype)
                bodies[name] = body
                responses.setdefault((scale, name), []).append((backend, path, body))
            workload_path = f"/api/v1/workload?schoolYear={ids['year']}"
            if args.skip_load:
                info["after_write_ms"] = after_write(api, reads[-1][1], data_dir)
                info["workload_after_write_ms"] = after_write(api, workload_path, data_dir)
                return info
            nginx = start_ceiling(tmp / f"ngx-{tag}", reads, bodies)
            bare = BareAxum(tmp / f"ngx-{tag}", tmp / f"ngx-{tag}" / "www", free_port())
            try:
                for name, path in reads:
                    with urllib.request.urlopen(bare.base + path) as r:
                        assert r.read() == bodies[name], path
                    # Warm up (first requests fill caches, open connections).
                    for b in (base, nginx.base, bare.base):
                        wrk(b + path, "get.lua", 16, 2, 1, token, data_dir)
                    for c in args.concurrency:
                        # The server's row, then each ceiling's with the same settings right after.
                        server.reset_peak()
                        r = wrk(base + path, "get.lua", c, min(c, 2), args.duration, token, data_dir)
                        rows.append(row(scale, backend, name, c, r, server.peak_rss_mb(), len(bodies[name])))
                        log_row(rows[-1])
                        for ceiling, at in (("nginx", nginx.base), ("axum", bare.base)):
                            r = wrk(at + path, "get.lua", c, min(c, 2), args.duration, token, data_dir)
                            rows.append(row(scale, ceiling, name, c, r, None, len(bodies[name]), paired=backend))
                            log_row(rows[-1])
            finally:
                nginx.stop()
                bare.stop()
            info["after_write_ms"] = after_write(api, reads[-1][1], data_dir)
            info["workload_after_write_ms"] = after_write(api, workload_path, data_dir)
            for c in args.concurrency:
                server.reset_peak()
                r = wrk(base + "/api/v1/course/0", "put.lua", c, min(c, 2), args.duration, token, data_dir)
                rows.append(row(scale, backend, "PUT /api/v1/course/ID", c, r, server.peak_rss_mb(), None))
                log_row(rows[-1])
            offset = 0
            for c in args.concurrency:
                server.reset_peak()
                threads = min(c, picked["pairs"] - offset)
                r = wrk(base + "/api/v1/course", "mergesplit.lua", threads, threads, args.duration, token, data_dir,
                        offset)
                offset += threads
                rows.append(row(scale, backend, "merge+split", threads, r, server.peak_rss_mb(), None))
                log_row(rows[-1])
            info["peak_rss_mb"] = round(server.peak_rss_mb(), 1)
        finally:
            server.stop()
    finally:
        cleanup()
    return info


def after_write(api: Api, path: str, data_dir: Path) -> float:
    """Median time of the first read of `path` after a write (the cache is empty then), ms."""
    text = (data_dir / "bench_data.lua").read_text()
    first = text.split("{id = ", 1)[1]
    cid = int(first.split(",", 1)[0])
    body = first.split("a = [==[", 1)[1].split("]==]", 1)[0]
    times = []
    for i in range(5):
        status, _, _ = api.raw("PUT", f"/api/v1/course/{cid}", json.loads(body))
        assert status == 200, status
        t0 = time.perf_counter()
        status, _, _ = api.raw("GET", path)
        times.append((time.perf_counter() - t0) * 1000)
        assert status == 200, status
    return round(sorted(times)[len(times) // 2], 1)


def read_targets(ids: dict) -> list[tuple[str, str]]:
    y = ids["year"]
    return [
        ("GET /api/v1/teacher", "/api/v1/teacher"),
        ("GET /api/v1/teacher/ID", f"/api/v1/teacher/{ids['teacher']}"),
        ("GET /api/v1/schoolclass?schoolYear=ID", f"/api/v1/schoolclass?schoolYear={y}"),
        ("GET /api/v1/course?schoolYear=ID", f"/api/v1/course?schoolYear={y}"),
    ]


def start_ceiling(tmp: Path, reads: list, bodies: dict) -> "Nginx":
    """Starts nginx serving `bodies` (the server's answers) at the same paths."""
    tmp.mkdir()
    docroot = tmp / "www"
    for name, path in reads:
        file = docroot / (path.split("?")[0].lstrip("/") + ".json")
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(bodies[name])
    for p in [tmp.parent, tmp, *tmp.rglob("*")]:
        p.chmod(0o755 if p.is_dir() else 0o644)
    nginx = Nginx(tmp, docroot, free_port())
    for name, path in reads:
        with urllib.request.urlopen(nginx.base + path) as r:
            assert r.read() == bodies[name] and r.headers["Content-Type"] == "application/json", path
    return nginx


def compare_backends(responses: dict) -> None:
    """Notes reads whose bytes differ between the backends."""
    for (scale, name), got in responses.items():
        digests = {b: hashlib.sha256(x).hexdigest()[:12] for b, _, x in got}
        if len(set(digests.values())) > 1:
            log(f"note: scale {scale} {name} differs between backends {digests}")


def row(scale, backend, name, c, r, rss, size, paired=None) -> dict:
    return {
        "scale": scale,
        "backend": backend,
        "paired": paired,
        "request": name,
        "conns": c,
        "rps": round(r["rps"], 1),
        "p50_ms": r["p50_us"] / 1000,
        "p99_ms": r["p99_us"] / 1000,
        "mean_ms": r["mean_us"] / 1000,
        "requests": r["requests"],
        "errors": r["errors"],
        "status_errors": r["status"],
        "peak_rss_mb": None if rss is None else round(rss, 1),
        "body_bytes": size,
        "bytes_per_response": round(r["bytes"] / max(r["requests"], 1)),
    }


def log_row(r: dict) -> None:
    rss = "" if r["peak_rss_mb"] is None else f" rss {r['peak_rss_mb']:.0f} MB"
    err = f" ERRORS {r['errors']}" if r["errors"] else ""
    log(f"  s{r['scale']} {r['backend']:8} {r['request']:38} c{r['conns']:<3} {r['rps']:>9.0f}/s "
        f"p50 {r['p50_ms']:.2f} p99 {r['p99_ms']:.2f} ms{rss}{err}")


# ---------------------------------------------------------------- report


def machine() -> dict:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30

    def version(cmd: list[str]) -> str:
        try:
            out = subprocess.run(cmd, capture_output=True, text=True)
            return (out.stdout + out.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"

    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit.stdout.strip() + (" (with uncommitted changes)" if dirty else ""),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": round(mem_gb, 1),
        "kernel": platform.release(),
        "wrk": version(["wrk", "-v"]),
        "nginx": version(["nginx", "-v"]),
        "postgres": version(["psql", "--version"]),
    }


def fmt_num(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def report(args, rows: list, infos: list, meta: dict, elapsed: float) -> str:
    ceilings = ("nginx", "axum")
    ceiling = {(r["scale"], r["paired"], r["request"], r["conns"]): r["rps"] for r in rows if r["backend"] == "nginx"}
    bare = {(r["scale"], r["paired"], r["request"], r["conns"]): r["rps"] for r in rows if r["backend"] == "axum"}
    for r in rows:
        if r["backend"] not in ceilings:
            key = (r["scale"], r["backend"], r["request"], r["conns"])
            c, a = ceiling.get(key), bare.get(key)
            r["ceiling_rps"], r["bare_rps"] = c, a
            r["ratio"] = None if c is None else r["rps"] / c
            r["bare_ratio"] = None if a is None else r["rps"] / a
    out = []
    out.append(f"Run: {meta['date']}, commit `{meta['commit']}`, {args.duration} s per row, "
               f"whole run {elapsed / 60:.1f} min.  ")
    out.append(f"Machine: {meta['cpu']}, {meta['cores']} cores, {meta['memory_gb']} GB RAM, Linux {meta['kernel']}; "
               f"{meta['wrk']}; {meta['nginx']}; {meta['postgres']}. "
               f"Load average (1, 5, 15 min) before the run {meta['load_before']}, after {meta['load_after']}.")
    out.append("")
    for info in infos:
        out.append(f"- scale {info['scale']} {info['backend']}: import {info['import_s']} s, open year "
                   f"{info['courses']} courses, {info['pairs']} merge pairs, {info['puts']} PUT courses; "
                   f"first course list after a write (not cached, one client): {info.get('after_write_ms', '?')} ms; "
                   f"first `GET /workload?schoolYear` (every employment of the year) after a write: "
                   f"{info.get('workload_after_write_ms', '?')} ms")
    out.append("")
    out.append("| scale | backend | request | conns | req/s | p50 ms | p99 ms | peak RSS MB | nginx req/s | ratio "
               "| axum req/s | ratio | errors |")
    out.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    order = {"sqlite": 0, "postgres": 1, "nginx": 2, "axum": 3}
    pct = lambda x: "—" if x is None else f"{100 * x:.0f} %"  # noqa: E731
    num = lambda x: "—" if x is None else fmt_num(x)  # noqa: E731
    for r in sorted(rows, key=lambda r: (r["scale"], order[r["backend"]])):
        if r["backend"] in ceilings:
            continue
        rss = "—" if r["peak_rss_mb"] is None else f"{r['peak_rss_mb']:.0f}"
        out.append(f"| {r['scale']} | {r['backend']} | `{r['request']}` | {r['conns']} | {fmt_num(r['rps'])} | "
                   f"{r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {rss} | {num(r.get('ceiling_rps'))} | "
                   f"{pct(r.get('ratio'))} | {num(r.get('bare_rps'))} | {pct(r.get('bare_ratio'))} | "
                   f"{r['errors'] or ''} |")
    out.append("")
    out.append("Ceilings (identical response bytes; each row measured right after the server's row with the same "
               "wrk settings): nginx serving them as static files, and a bare axum handler in the same process "
               "setup as the server (bench/bare_axum.rs):")
    out.append("")
    out.append("| scale | ceiling | next to | request | conns | req/s | p50 ms | p99 ms | body bytes |")
    out.append("|---|---|---|---|--:|--:|--:|--:|--:|")
    for r in rows:
        if r["backend"] in ceilings:
            out.append(f"| {r['scale']} | {r['backend']} | {r['paired']} | `{r['request']}` | {r['conns']} | "
                       f"{fmt_num(r['rps'])} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['body_bytes']:,} |")
    out.append("")
    # Growth from scale 1 to 10: time per course in the big list.
    course = "GET /api/v1/course?schoolYear=ID"
    courses = {(i["scale"], i["backend"]): i["courses"] for i in infos}
    growth = []
    out.append("Time per course in `GET /api/v1/course?schoolYear=ID`: 1 / (req/s) / courses in the list, for the "
               "server and for nginx serving the same bytes; and the first list after a write (not cached: queries "
               "and serialization), divided by the courses:")
    out.append("")
    out.append("| backend | conns | scale 1 µs/course | scale 10 µs/course | growth | nginx growth |")
    out.append("|---|--:|--:|--:|--:|--:|")
    for backend in ("sqlite", "postgres"):
        for c in args.concurrency:
            per, ngx = {}, {}
            for r in rows:
                if r["request"] == course and r["conns"] == c:
                    if r["backend"] == backend:
                        per[r["scale"]] = 1e6 / r["rps"] / courses[(r["scale"], backend)]
                    elif r["backend"] == "nginx" and r["paired"] == backend:
                        ngx[r["scale"]] = 1e6 / r["rps"] / courses[(r["scale"], backend)]
            if 1 in per and 10 in per:
                g = per[10] / per[1]
                growth.append((backend, c, g))
                n = f"{ngx[10] / ngx[1]:.2f}×" if 1 in ngx and 10 in ngx else "—"
                out.append(f"| {backend} | {c} | {per[1]:.2f} | {per[10]:.2f} | {g:.2f}× | {n} |")
        cold = {i["scale"]: i["after_write_ms"] * 1000 / i["courses"] for i in infos
                if i["backend"] == backend and i.get("after_write_ms")}
        if 1 in cold and 10 in cold:
            g = cold[10] / cold[1]
            growth.append((backend, "after a write", g))
            out.append(f"| {backend} | first after a write | {cold[1]:.2f} | {cold[10]:.2f} | {g:.2f}× | — |")
    out.append("")
    # Targets.
    out.append("Targets (scale 1, SQLite, 16 connections; scale 10 as stated):")
    out.append("")

    def find(scale, backend, name, c):
        return next((r for r in rows if (r["scale"], r["backend"], r["request"], r["conns"]) == (scale, backend, name, c)), None)

    checks = []
    r = find(1, "sqlite", course, 16)
    if r and r.get("ratio") is not None:
        checks.append((f"`{course}` ≥ 30 % of nginx", f"{100 * r['ratio']:.0f} %", r["ratio"] >= 0.30))
    r = find(1, "sqlite", "GET /api/v1/teacher/ID", 16)
    if r and r.get("ratio") is not None:
        checks.append(("single-object GET ≥ 50 % of nginx", f"{100 * r['ratio']:.0f} %", r["ratio"] >= 0.50))
    reads = [x for x in rows if x["scale"] == 1 and x["backend"] == "sqlite" and x["conns"] == 16
             and x["request"].startswith("GET ")]
    if reads:
        worst = max(reads, key=lambda x: x["p99_ms"])
        checks.append(("every read's p99 ≤ 20 ms", f"worst {worst['p99_ms']:.2f} ms (`{worst['request']}`)",
                       worst["p99_ms"] <= 20))
    r = find(1, "sqlite", "PUT /api/v1/course/ID", 16)
    if r:
        checks.append(("`PUT /api/v1/course/ID` ≥ 1,000 req/s", f"{r['rps']:,.0f} req/s", r["rps"] >= 1000))
    for backend, c, g in growth:
        if backend == "sqlite":
            how = f"{c} conns" if isinstance(c, int) else c
            checks.append((f"scale 10: time per course ≤ 1.5× scale 1 (SQLite, {how})", f"{g:.2f}×", g <= 1.5))
    big = [x for x in rows if x["scale"] == 10 and x["peak_rss_mb"] is not None]
    for backend in ("sqlite", "postgres"):
        b = [x for x in big if x["backend"] == backend]
        if b:
            peak = max(x["peak_rss_mb"] for x in b)
            checks.append((f"scale 10: server RSS ≤ 200 MB ({backend}, all rows)", f"{peak:.0f} MB", peak <= 200))
    # Issue 43: small cached reads near both ceilings, and the first reads after a write.
    small = ("GET /api/v1/teacher", "GET /api/v1/teacher/ID", "GET /api/v1/schoolclass?schoolYear=ID")
    for backend in ("sqlite", "postgres"):
        for c in (1, 16):
            got = [x for x in (find(1, backend, n, c) for n in small) if x and x.get("ratio") is not None]
            if got:
                low = min(got, key=lambda x: x["ratio"])
                checks.append((f"small cached reads ≥ 80 % of nginx ({backend}, {c} conns)",
                               f"lowest {100 * low['ratio']:.0f} % (`{low['request']}`)", low["ratio"] >= 0.80))
            got = [x for x in (find(1, backend, n, c) for n in small) if x and x.get("bare_ratio") is not None]
            if got:
                low = min(got, key=lambda x: x["bare_ratio"])
                checks.append((f"small cached reads ≥ 90 % of bare axum ({backend}, {c} conns)",
                               f"lowest {100 * low['bare_ratio']:.0f} % (`{low['request']}`)",
                               low["bare_ratio"] >= 0.90))
    for info in infos:
        if info["scale"] == 1 and info.get("after_write_ms") is not None:
            ms = info["after_write_ms"]
            checks.append((f"first course list after a write ≤ 5 ms ({info['backend']})", f"{ms} ms", ms <= 5))
        if info["scale"] == 1 and info.get("workload_after_write_ms") is not None:
            ms = info["workload_after_write_ms"]
            checks.append((f"first whole-year workload after a write ≤ 10 ms ({info['backend']})", f"{ms} ms",
                           ms <= 10))
    errors = sum(x["errors"] for x in rows)
    checks.append(("no errors (non-2xx, socket errors, timeouts)", str(errors), errors == 0))
    out.append("| target | measured | |")
    out.append("|---|---|---|")
    for what, got, ok in checks:
        out.append(f"| {what} | {got} | {'met' if ok else '**missed**'} |")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- main


def update_benchmarks(text: str) -> None:
    """Puts `text` between the result markers of BENCHMARKS.md."""
    bm = ROOT / "BENCHMARKS.md"
    doc = bm.read_text() if bm.exists() else f"# Benchmarks\n\n{MARK_BEGIN}\n{MARK_END}\n"
    head, _, rest = doc.partition(MARK_BEGIN)
    _, _, tail = rest.partition(MARK_END)
    bm.write_text(f"{head}{MARK_BEGIN}\n{text}{MARK_END}{tail}")
    log(f"updated {bm}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--duration", type=int, default=int(os.environ.get("BENCH_DURATION", 5)), help="seconds per row")
    p.add_argument("--scales", default="1,10")
    p.add_argument("--backends", default="sqlite,postgres")
    p.add_argument("--concurrency", default="1,16,64")
    p.add_argument("--postgres", default=os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432"))
    p.add_argument("--out", default=str(HERE / "out"))
    p.add_argument("--update-benchmarks", action="store_true", help="write the table into BENCHMARKS.md")
    p.add_argument("--keep-tmp", action="store_true")
    p.add_argument("--without-change-triggers", action="store_true",
                   help="SQLite: drop the change counter's triggers after the import, to measure their cost")
    p.add_argument("--skip-load", action="store_true",
                   help="measure only imports and the first reads after a write (no wrk rows, no nginx)")
    p.add_argument("--report-only", metavar="RESULTS_JSON", help="rewrite the report from a results.json, measure nothing")
    args = p.parse_args()
    args.scales = [int(x) for x in args.scales.split(",")]
    args.backends = args.backends.split(",")
    args.concurrency = [int(x) for x in args.concurrency.split(",")]
    if args.report_only:
        saved = json.loads(Path(args.report_only).read_text())
        args.duration = saved["meta"].get("duration", args.duration)
        text = report(args, saved["rows"], saved["runs"], saved["meta"], saved["meta"].get("elapsed_s", 0))
        print(text)
        if args.update_benchmarks:
            update_benchmarks(text)
        return 0
    # SIGTERM unwinds like Ctrl-C, so servers, nginx and databases are cleaned up.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.time()
    tmp = Path(tempfile.mkdtemp(prefix="schoolplan-bench-"))
    rows: list = []
    infos: list = []
    failed = None
    load_before = os.getloadavg()
    try:
        for scale in args.scales:
            if scale == 1:
                dataset = ROOT / "data" / "demo-school.json"
            else:
                dataset = tmp / f"scale{scale}.json"
                run_cli("sqlite::memory:", "demo-dataset", "--scale", str(scale), str(dataset))
            responses: dict = {}
            for backend in args.backends:
                infos.append(bench_server(args, tmp, scale, backend, dataset, rows, responses))
            compare_backends(responses)
    except Exception as e:  # keep what was measured so far
        failed = e
        log(f"FAILED: {e!r}")
    finally:
        if args.keep_tmp:
            log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    elapsed = time.time() - started
    meta = machine()
    meta["load_before"] = " ".join(f"{x:.2f}" for x in load_before)
    meta["load_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    meta["duration"] = args.duration
    meta["elapsed_s"] = elapsed
    text = report(args, rows, infos, meta, elapsed)
    if failed is not None:
        text = f"**The run failed**: {failed!r}\n\n" + text
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps({"meta": meta, "runs": infos, "rows": rows}, indent=1) + "\n")
    (out / "results.md").write_text(text)
    print(text)
    if args.update_benchmarks and failed is None:
        update_benchmarks(text)
    log(f"done in {elapsed / 60:.1f} min; {out / 'results.md'}")
    return 1 if failed is not None else 0


if __name__ == "__main__":
    sys.exit(main())
