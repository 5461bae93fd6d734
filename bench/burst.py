#!/usr/bin/env python3
"""A burst of whole-school PDF jobs: quotas hold and memory falls back.

Driven by bench/burst (see bench/README.md). Issue 24 point 3: a reader once
started 250 whole-school PDF jobs; all were accepted, the SQLite file grew to
1.83 GB and the server's memory peaked at 852 MB and stayed there.

Starts the shipped binary (profile `dist`) with `serve --demo` on a fresh SQLite file (rate
limit off, default job settings: 2 workers, 4 unfinished jobs per account,
100 MiB of products per account, 1 GiB in all). Creates --accounts reader
accounts with a token each (CLI), then every account posts --attempts
`WorkloadDownload` jobs for the whole school of 26/27 at once (threads): the
ones beyond the quota must get 429 (tests/api/job_queue.rs checks its
`Retry-After`). Samples the server's
resident memory (VmRSS from /proc) every 100 ms from before the burst until
--settle seconds after the last job ended, and the SQLite file's size (with
its WAL). Nothing is fetched, so every product stays stored until the caps
expire it. Writes burst.json and burst.md to --out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared helpers: Api, free_port, wait_http, log, machine, run_cli)
from pdf import start  # noqa: E402  (the demo server on a fresh SQLite file)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def db_mb(tmp: Path) -> float:
    return sum(p.stat().st_size for p in tmp.glob("demo.db*")) / (1024 * 1024)


class Sampler(threading.Thread):
    """VmRSS every 100 ms: (seconds since start, MiB)."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.samples, self.stop_flag, self.t0 = pid, [], threading.Event(), time.perf_counter()

    def run(self) -> None:
        while not self.stop_flag.is_set():
            self.samples.append((time.perf_counter() - self.t0, rss_mb(self.pid)))
            time.sleep(0.1)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--accounts", type=int, default=5, help="reader accounts in the burst (default 5)")
    p.add_argument("--attempts", type=int, default=50, help="jobs each account tries to start (default 50)")
    p.add_argument("--settle", type=float, default=30, help="seconds to watch after the last job (default 30)")
    p.add_argument("--binary", default=str(b.BIN), help="the schoolplan binary (default: the shipped build, profile `dist`)")
    p.add_argument("--out", default=str(b.HERE / "out"))
    args = p.parse_args()
    b.BIN = Path(args.binary).resolve()
    if not b.BIN.exists():
        b.log(f"no binary at {b.BIN}")
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="schoolplan-burst-"))
    proc = None
    try:
        proc, admin, port = start(tmp)
        base = f"http://127.0.0.1:{port}"
        url = f"sqlite://{tmp / 'demo.db'}"
        year = next(y["id"] for y in b.Api(base, admin).get("/api/v1/schoolyear") if y["code"] == "26/27")
        apis = []
        for i in range(args.accounts):
            b.run_cli(url, "account", "add", f"burst{i}", "--role", "reader")
            apis.append(b.Api(base, b.run_cli(url, "token", "create", f"burst{i}", capture=True)))
        time.sleep(2)
        before = {"rss": rss_mb(proc.pid), "db": db_mb(tmp)}
        sampler = Sampler(proc.pid)
        sampler.start()
        outcomes: dict[int, int] = {}
        accepted: list[tuple[b.Api, int]] = []
        lock = threading.Lock()

        def burst(api: b.Api) -> None:
            for _ in range(args.attempts):
                status, body, _ = api.raw("POST", "/api/v1/job",
                                          {"name": "WorkloadDownload", "schoolYear": year, "teacher": -1})
                with lock:
                    outcomes[status] = outcomes.get(status, 0) + 1
                    if status == 201:
                        accepted.append((api, json.loads(body)["result"]["id"]))

        t0 = time.perf_counter()
        threads = [threading.Thread(target=burst, args=(a,)) for a in apis]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        posted = time.perf_counter() - t0
        for api, job in accepted:
            while api.get(f"/api/v1/job/{job}")["running"]:
                time.sleep(0.2)
        done = time.perf_counter() - t0
        peak_during = max(m for _, m in sampler.samples)
        time.sleep(args.settle)
        sampler.stop_flag.set()
        sampler.join()
        after = {"rss": rss_mb(proc.pid), "db": db_mb(tmp)}
        peak = max(m for _, m in sampler.samples)
    finally:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=20)
        shutil.rmtree(tmp, ignore_errors=True)
    result = {
        "machine": b.machine(), "accounts": args.accounts, "attempts": args.attempts, "settle_s": args.settle,
        "outcomes": outcomes, "posted_s": posted, "done_s": done, "rss_before_mb": before["rss"],
        "rss_peak_mb": peak, "rss_peak_during_mb": peak_during, "rss_after_mb": after["rss"],
        "db_before_mb": before["db"], "db_after_mb": after["db"], "samples": sampler.samples,
    }
    total = args.accounts * args.attempts
    lines = [
        f"A burst of whole-school PDF jobs (`WorkloadDownload`, 26/27 of the demo, SQLite, dist binary): "
        f"{args.accounts} reader accounts post {args.attempts} jobs each at once ({total} in all); nothing is "
        f"fetched.",
        "",
        "| accepted (201) | refused (429) | other | all jobs done after | RSS before | RSS peak | "
        f"RSS {args.settle:.0f} s after | database before → after |",
        "|---|---|---|---|---|---|---|---|",
        f"| {outcomes.get(201, 0)} | {outcomes.get(429, 0)} | "
        f"{sum(v for k, v in outcomes.items() if k not in (201, 429))} | {done:.1f} s | {before['rss']:.0f} MiB | "
        f"{peak:.0f} MiB | {after['rss']:.0f} MiB | {before['db']:.1f} → {after['db']:.1f} MiB |",
    ]
    text = "\n".join(lines) + "\n"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "burst.json").write_text(json.dumps(result, indent=1) + "\n")
    (out / "burst.md").write_text(text)
    print(text)
    return 0 if outcomes.get(429, 0) > 0 and not (set(outcomes) - {201, 429}) else 1


if __name__ == "__main__":
    sys.exit(main())
