#!/usr/bin/env python3
"""Times the PDF jobs (documents.md §4) on the demo school, SQLite.

Driven by bench/pdf (see bench/README.md). Starts the shipped binary (profile `dist`) with
`serve --demo` on a fresh SQLite file (rate limit off), reads the demo admin
token it prints, and per repeat runs `WorkloadDownload` for the whole school
(every employment of 26/27 in one PDF; target: under 5 s on the 2-core
machine) and the three course PDFs: POST /api/v1/job, poll GET /api/v1/job/ID
every 20 ms until it no longer runs, then GET /api/v1/file/ID. Prints per job
the first run (cold: typst memoizes layout between compilations, so a repeat
of the same document is faster), the median (min–max) of all runs, the file
size and, when `pdfinfo` is installed, the page count. Writes pdf.json and
pdf.md to --out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared helpers: Api, free_port, wait_http, log, machine)

JOBS = [
    ("WorkloadDownload", {"teacher": -1}),
    ("TeacherCourseDownload", {}),
    ("SubjectCourseDownload", {}),
    ("OpenWorkloadDownload", {}),
]


def start(tmp: Path) -> tuple[subprocess.Popen, str, int]:
    """The demo server on a fresh SQLite file: (process, admin token, port)."""
    port = b.free_port()
    out = open(tmp / "server.log", "wb")
    proc = subprocess.Popen(
        [str(b.BIN), "--database", f"sqlite://{tmp / 'demo.db'}", "serve", "--demo",
         "--listen", f"127.0.0.1:{port}", "--rate-limit", "off"],
        stdout=out, stderr=out,
    )
    b.wait_http(f"http://127.0.0.1:{port}/health", timeout=120)
    for _ in range(100):
        for line in (tmp / "server.log").read_text(errors="replace").splitlines():
            if "(demo-admin):" in line:
                token = next(w for w in line.split() if w.startswith("sp_"))
                return proc, token, port
        time.sleep(0.1)
    raise RuntimeError("the server printed no demo admin token")


def run_job(api: b.Api, name: str, params: dict) -> tuple[float, int, bytes]:
    """Runs job `name`; (ms from POST to done, file id, file bytes)."""
    t0 = time.perf_counter()
    status, body, _ = api.raw("POST", "/api/v1/job", {"name": name, **params})
    if status != 201:
        raise RuntimeError(f"POST /job {name} -> {status}: {body[:300]!r}")
    job = json.loads(body)["result"]
    while job["running"]:
        time.sleep(0.02)
        job = api.get(f"/api/v1/job/{job['id']}")
    ms = (time.perf_counter() - t0) * 1000
    if job["error"]:
        raise RuntimeError(f"{name} failed: {job['error']}")
    status, data, _ = api.raw("GET", f"/api/v1/file/{job['product']}")
    if status != 200:
        raise RuntimeError(f"GET /file -> {status}")
    return ms, job["product"], data


def pages(pdf: bytes, tmp: Path) -> int | None:
    if not shutil.which("pdfinfo"):
        return None
    path = tmp / "doc.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    return next((int(l.split()[-1]) for l in info.splitlines() if l.startswith("Pages:")), None)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--repeats", type=int, default=3, help="runs of each job (default 3)")
    p.add_argument("--binary", default=str(b.BIN), help="the schoolplan binary (default: the shipped build, profile `dist`)")
    p.add_argument("--out", default=str(b.HERE / "out"))
    args = p.parse_args()
    b.BIN = Path(args.binary).resolve()
    if not b.BIN.exists():
        b.log(f"no binary at {b.BIN}")
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="schoolplan-pdf-"))
    proc = None
    rows = []
    try:
        proc, token, port = start(tmp)
        api = b.Api(f"http://127.0.0.1:{port}", token)
        year = next(y["id"] for y in api.get("/api/v1/schoolyear") if y["code"] == "26/27")
        employments = len(api.get(f"/api/v1/employment?schoolYear={year}"))
        b.log(f"demo school: {employments} employments in 26/27")
        for name, params in JOBS:
            times, size, count = [], 0, None
            for i in range(args.repeats):
                ms, _, data = run_job(api, name, {"schoolYear": year, **params})
                times.append(ms)
                size, count = len(data), pages(data, tmp)
                b.log(f"{name} run {i + 1}/{args.repeats}: {ms:.0f} ms, {size / 1024:.0f} KiB, {count} pages")
            rows.append({"job": name, "ms": {"first": times[0], "median": statistics.median(times), "min": min(times),
                                             "max": max(times), "all": times},
                         "bytes": size, "pages": count})
    finally:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=20)
        shutil.rmtree(tmp, ignore_errors=True)
    lines = [
        f"PDF jobs on the demo school (SQLite, {employments} employments in 26/27; POST /job to done):",
        "",
        "| job | first run | median (min–max) | size | pages | runs |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        m = r["ms"]
        lines.append(f"| {r['job']} | {m['first']:.0f} ms | {m['median']:.0f} ms ({m['min']:.0f}–{m['max']:.0f}) | "
                     f"{r['bytes'] / 1024:.0f} KiB | {r['pages'] or '–'} | {args.repeats} |")
    text = "\n".join(lines) + "\n"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "pdf.json").write_text(json.dumps({"machine": b.machine(), "rows": rows}, indent=1) + "\n")
    (out / "pdf.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
