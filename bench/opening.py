#!/usr/bin/env python3
"""Times opening the demo school's next school year (documents.md §2) on SQLite.

Driven by bench/open-year (see bench/README.md). For each scale the dataset
(scale 1: data/demo-school.json; others: `schoolplan demo-dataset --scale N`)
is imported once into a template SQLite file, with a planner account and
token. Each repeat copies the template, starts the server on the copy (auth
on, rate limit off), creates the year after the last one (28/29: the demo
already holds 27/28, opened from 26/27) with the settings of the last year,
and times `POST /api/v1/schoolyear/ID/open` as the client sees it (one HTTP
request, wall clock), then a second run, which creates nothing. Writes
opening.json and opening.md to --out and prints the table.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared helpers: Api, Server, run_cli, free_port, log)


def next_year_body(api: b.Api) -> dict:
    """The body of a POST /schoolyear for the year after the last one, with its settings."""
    years = sorted(api.get("/api/v1/schoolyear"), key=lambda y: y["graduationYear"])
    last = years[-1]
    grad = last["graduationYear"] + 1
    code = f"{(grad - 1) % 100:02d}/{grad % 100:02d}"
    return {
        "code": code,
        "description": f"Schuljahr {grad - 1}/{grad % 100:02d}",
        "graduationYear": grad,
        "weeks": last["weeks"],
        "calculationMode": last["calculationMode"]["id"],
        "smallGroupSurcharge": last["smallGroupSurcharge"],
        "weeklyLessons": last["weeklyLessons"],
        "showIpbBalances": last["showIpbBalances"],
    }


def timed_post(api: b.Api, path: str) -> tuple[float, dict]:
    t0 = time.perf_counter()
    status, body, _ = api.raw("POST", path, {})
    ms = (time.perf_counter() - t0) * 1000
    if status != 200:
        raise RuntimeError(f"POST {path} -> {status}: {body[:300]!r}")
    return ms, json.loads(body)["result"]


def copy_db(src: Path, dst: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        f = Path(str(src) + suffix)
        if f.exists():
            shutil.copyfile(f, Path(str(dst) + suffix))


def bench_scale(tmp: Path, scale: int, repeats: int) -> dict:
    if scale == 1:
        dataset = b.ROOT / "data" / "demo-school.json"
    else:
        dataset = tmp / f"scale{scale}.json"
        b.run_cli("sqlite::memory:", "demo-dataset", "--scale", str(scale), str(dataset))
    template = tmp / f"template-{scale}.db"
    t0 = time.time()
    b.run_cli(f"sqlite://{template}", "migrate")
    b.run_cli(f"sqlite://{template}", "import", str(dataset))
    b.run_cli(f"sqlite://{template}", "account", "add", "bench", "--role", "planner")
    token = b.run_cli(f"sqlite://{template}", "token", "create", "bench", "--label", "bench")
    b.log(f"scale {scale}: imported in {time.time() - t0:.1f} s")
    first, second, counts = [], [], None
    for i in range(repeats):
        db = tmp / f"s{scale}-{i}.db"
        copy_db(template, db)
        port = b.free_port()
        server = b.Server(f"sqlite://{db}", port, tmp / f"s{scale}-{i}.log")
        try:
            api = b.Api(f"http://127.0.0.1:{port}", token)
            status, body, _ = api.raw("POST", "/api/v1/schoolyear", next_year_body(api))
            if status != 201:
                raise RuntimeError(f"POST /schoolyear -> {status}: {body[:300]!r}")
            year = json.loads(body)["result"]["id"]
            ms, report = timed_post(api, f"/api/v1/schoolyear/{year}/open")
            again_ms, again = timed_post(api, f"/api/v1/schoolyear/{year}/open")
            if any(again["counts"].values()):
                raise RuntimeError(f"the second opening created {again['counts']}")
            if counts is not None and report["counts"] != counts:
                raise RuntimeError(f"repeat {i} created {report['counts']}, the first {counts}")
            counts = report["counts"]
            first.append(ms)
            second.append(again_ms)
            b.log(f"scale {scale} run {i + 1}/{repeats}: open {ms:.0f} ms ({counts}), again {again_ms:.0f} ms")
        finally:
            server.stop()
            for suffix in ("", "-wal", "-shm"):
                Path(str(db) + suffix).unlink(missing_ok=True)
    return {
        "scale": scale,
        "backend": "sqlite",
        "repeats": repeats,
        "created": counts,
        "open_ms": {"median": statistics.median(first), "min": min(first), "max": max(first), "all": first},
        "again_ms": {"median": statistics.median(second), "min": min(second), "max": max(second), "all": second},
    }


def report(rows: list, binary: Path) -> str:
    lines = [
        "Opening the demo school's next school year (`POST /api/v1/schoolyear/ID/open`, SQLite, "
        f"binary `{binary.relative_to(b.ROOT) if binary.is_relative_to(b.ROOT) else binary}`):",
        "",
        "| scale | created (courses / employments / pool entries) | open: median (min–max) | second run (no-op): median | runs |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        c = r["created"]
        o, a = r["open_ms"], r["again_ms"]
        lines.append(
            f"| {r['scale']} | {c['courses']} / {c['employments']} / {c['poolEntries']} | "
            f"{o['median']:.0f} ms ({o['min']:.0f}–{o['max']:.0f}) | {a['median']:.0f} ms | {r['repeats']} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--scales", default="1", help="comma-separated demo scales (default 1)")
    p.add_argument("--repeats", type=int, default=5, help="fresh databases per scale (default 5)")
    p.add_argument("--binary", default=str(b.BIN), help="the schoolplan binary (default: the shipped build, profile `dist`)")
    p.add_argument("--out", default=str(b.HERE / "out"))
    p.add_argument("--keep-tmp", action="store_true")
    args = p.parse_args()
    b.BIN = Path(args.binary).resolve()
    if not b.BIN.exists():
        b.log(f"no binary at {b.BIN}")
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="schoolplan-open-"))
    try:
        rows = [bench_scale(tmp, int(s), args.repeats) for s in args.scales.split(",")]
    finally:
        if args.keep_tmp:
            b.log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    text = report(rows, b.BIN)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "opening.json").write_text(json.dumps({"machine": b.machine(), "rows": rows}, indent=1) + "\n")
    (out / "opening.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
