#!/usr/bin/env python3
"""Times the web interface (docs/web.md) against its targets (issues 26, 27).

Driven by bench/web (see bench/README.md). For each scale (1 = the demo
school, 10 = `schoolplan demo-dataset --scale 10`) it imports the dataset into
a fresh SQLite file, starts the shipped server (profile `dist`) (rate limit off), signs in
with one-time links as the CLI prints them, and measures, as the time from
sending a request to its last byte on the same machine (keep-alive, so
the server's time plus a loopback round trip):

- the 26/27 planning grid page rendered right after a write (a course PUT
  through the API, so nothing of the page can be cached);
- a cell save: the course editor's form posted as htmx posts it
  (`POST /years/Y/courses/ID` with `HX-Request`), answered with the cell;
- the Jahresüberblick (every employment) right after a write;
- one teacher's Pensenblatt right after a write;
- that teacher's own sheet ("Mein Pensum", `/me/Y`, docs/teachers.md) right
  after a write, signed in as their `teacher` account once the year is
  released, and their overview of years with the balance chart (`/me`);
- live changes: N browsers (server-sent event streams of `/years/Y/live`,
  signed in as another account than the writer) and, per round, one course
  PUT; the time from sending the PUT to each stream's `change` event;
- with --chromium, the grid in headless Chromium over WebDriver
  (chromedriver): navigation start to `domInteractive` and to the load event.

Prints a Markdown table (median, p95 or p99, max) and writes web.json and
web.md to --out.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared helpers: Api, free_port, wait_http, run_cli, log, machine)


class Browser:
    """One signed-in session over one keep-alive connection."""

    def __init__(self, port: int, cookie: str):
        self.port, self.cookie = port, cookie
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(self, method: str, path: str, form: list[tuple[str, str]] | None = None,
                headers: dict | None = None) -> tuple[float, int, str]:
        """(ms to the last byte, status, body)."""
        h = {"Cookie": self.cookie, **(headers or {})}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            h["Content-Type"] = "application/x-www-form-urlencoded"
        t0 = time.perf_counter()
        self.conn.request(method, path, body=body, headers=h)
        res = self.conn.getresponse()
        data = res.read()
        ms = (time.perf_counter() - t0) * 1000
        return ms, res.status, data.decode("utf-8", "replace")


def sign_in(url: str, port: int, account: str) -> str:
    """The session cookie of `account` after using a link the CLI prints."""
    link = b.run_cli(url, "account", "signin-link", account, capture=True)
    token = re.search(r"token=([A-Za-z0-9_\-]+)", link).group(1)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", f"/signin?token={token}")
    res = conn.getresponse()
    res.read()
    assert res.status == 303, res.status
    cookie = next(v for k, v in res.getheaders() if k.lower() == "set-cookie" and v.startswith("sp_session="))
    return cookie.split(";")[0]


def stats(times: list[float], tail: float = 0.95) -> dict:
    s = sorted(times)
    return {"n": len(s), "median": round(statistics.median(s), 1),
            "tail": round(s[min(len(s) - 1, int(len(s) * tail))], 1), "max": round(s[-1], 1)}


def hidden_fields(html: str, form_action: str) -> list[tuple[str, str]]:
    """The fields of the form posting to `form_action` as a browser sends them (inputs and textareas)."""
    start = html.index(f'action="{form_action}"')
    end = html.index("</form>", start)
    form = html[start:end]
    fields = []
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]*)"', tag)
        if not name or ' type="checkbox"' in tag and " checked" not in tag or ' type="submit"' in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        fields.append((name.group(1), value.group(1) if value else ""))
    for name, text in re.findall(r'<textarea[^>]*name="([^"]*)"[^>]*>([^<]*)</textarea>', form):
        fields.append((name, text))
    return [(k, v.replace("&amp;", "&").replace("&quot;", '"')) for k, v in fields]


def put_course(api: b.Api, course: dict, lessons: float) -> None:
    body = dict(course)
    body["lessons1"] = lessons
    status, data, _ = api.raw("PUT", f"/api/v1/course/{course['id']}", body)
    assert status == 200, (status, data[:300])


def after_write(api: b.Api, course: dict, page: Browser, path: str, repeats: int) -> dict:
    times = []
    for i in range(repeats):
        put_course(api, course, 2 + (i % 2))
        ms, status, _ = page.request("GET", path)
        assert status == 200, (path, status)
        times.append(ms)
    return stats(times)


def cell_saves(page: Browser, year: int, course: dict, repeats: int) -> dict:
    cid = course["id"]
    klass = course["schoolClasses"][0]["id"]
    action = f"/years/{year}/courses/{cid}"
    # htmx names the cell it swaps (HX-Target), and the server answers with that cell.
    hx = {"HX-Request": "true", "HX-Target": f"cell-{course['subject']['id']}-{klass}"}
    times = []
    for i in range(repeats):
        _, status, html = page.request("GET", f"{action}/edit?class={klass}", headers=hx)
        assert status == 200, status
        form = [(k, v) for k, v in hidden_fields(html, action) if k != "lessons1"]
        form.append(("lessons1", str(3 + (i % 2))))
        ms, status, body = page.request("POST", action, form, headers=hx)
        assert status == 200, (status, body[:500])
        times.append(ms)
    return stats(times)


def live(url: str, port: int, api: b.Api, year: int, course: dict, browsers: int, rounds: int) -> dict:
    """Per round, the ms from a PUT to each of `browsers` streams' `change` event."""
    b.run_cli(url, "account", "add", "watch", "--role", "reader")
    cookies = [sign_in(url, port, "watch") for _ in range(browsers)]
    lock = threading.Lock()
    arrivals: dict[int, list[float]] = {}
    ready = threading.Barrier(browsers + 1)
    stop = threading.Event()

    def watch(cookie: str) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", f"/years/{year}/live", headers={"Cookie": cookie, "Accept": "text/event-stream"})
        res = conn.getresponse()
        assert res.status == 200, res.status
        first = True
        while not stop.is_set():
            line = res.fp.readline()
            if not line:
                return
            if line.startswith(b"event: ") and first:
                first = False
                ready.wait()
            if line.startswith(b"event: change"):
                now = time.perf_counter()
                with lock:
                    arrivals.setdefault(current[0], []).append(now)

    current = [0]
    threads = [threading.Thread(target=watch, args=(c,), daemon=True) for c in cookies]
    for t in threads:
        t.start()
    ready.wait(timeout=60)
    time.sleep(0.5)
    latencies = []
    for r in range(1, rounds + 1):
        current[0] = r
        t0 = time.perf_counter()
        put_course(api, course, 2 + (r % 2))
        deadline = time.time() + 5
        while time.time() < deadline:
            with lock:
                if len(arrivals.get(r, [])) >= browsers:
                    break
            time.sleep(0.005)
        with lock:
            got = arrivals.get(r, [])
            latencies += [(t - t0) * 1000 for t in got]
            missing = browsers - len(got)
        if missing:
            b.log(f"live round {r}: {missing} of {browsers} streams got no change within 5 s")
            latencies += [5000.0] * missing
        time.sleep(0.6)
    stop.set()
    return stats(latencies, 0.99)


def chromium(port: int, link_cookie: str, url_db: str, year: int, repeats: int) -> dict | None:
    """Grid load in headless Chromium: navigation start → domInteractive, → load event (ms)."""
    driver = shutil.which("chromedriver")
    browser = shutil.which("chromium")
    if not driver or not browser:
        b.log("chromium or chromedriver missing: no browser timing")
        return None
    dport = b.free_port()
    proc = subprocess.Popen([driver, f"--port={dport}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        b.wait_http(f"http://127.0.0.1:{dport}/status", timeout=30)
        wd = http.client.HTTPConnection("127.0.0.1", dport, timeout=120)

        def call(method: str, path: str, body: dict | None = None) -> dict:
            wd.request(method, path, body=None if body is None else json.dumps(body),
                       headers={"Content-Type": "application/json"})
            return json.loads(wd.getresponse().read() or b"{}")

        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": browser, "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                                        "--disable-dev-shm-usage", "--window-size=1600,1000"]}}}}
        sid = call("POST", "/session", caps)["value"]["sessionId"]
        link = b.run_cli(url_db, "account", "signin-link", "bench", capture=True)
        token = re.search(r"token=([A-Za-z0-9_\-]+)", link).group(1)
        call("POST", f"/session/{sid}/url", {"url": f"http://127.0.0.1:{port}/signin?token={token}"})
        interactive, loaded = [], []
        script = ("const n = performance.getEntriesByType('navigation')[0];"
                  "return [n.domInteractive, n.loadEventEnd, document.querySelectorAll('td').length];")
        for _ in range(repeats + 1):
            call("POST", f"/session/{sid}/url", {"url": f"http://127.0.0.1:{port}/years/{year}/grid"})
            for _ in range(100):
                di, le, cells = call("POST", f"/session/{sid}/execute/sync", {"script": script, "args": []})["value"]
                if le > 0:
                    break
                time.sleep(0.05)
            assert cells > 100, cells
            interactive.append(di)
            loaded.append(le)
        call("DELETE", f"/session/{sid}")
        # The first load fills the browser's cache of the immutable assets.
        return {"interactive": stats(interactive[1:]), "load": stats(loaded[1:])}
    finally:
        proc.terminate()
        proc.wait()


def bench_scale(args, tmp: Path, scale: int) -> dict:
    if scale == 1:
        dataset = b.ROOT / "data" / "demo-school.json"
    else:
        dataset = tmp / f"scale{scale}.json"
        b.run_cli("sqlite::memory:", "demo-dataset", "--scale", str(scale), str(dataset))
    url = f"sqlite://{tmp / f's{scale}.db'}"
    b.run_cli(url, "migrate")
    b.run_cli(url, "import", str(dataset))
    b.run_cli(url, "account", "add", "bench", "--role", "planner")
    token = b.run_cli(url, "token", "create", "bench", "--label", "bench", capture=True).strip()
    port = b.free_port()
    server = b.Server(url, port, tmp / f"s{scale}.log")
    try:
        api = b.Api(f"http://127.0.0.1:{port}", token)
        years = api.get("/api/v1/schoolyear")
        year = next(y["id"] for y in years if y["code"] == "26/27")
        courses = api.get(f"/api/v1/course?schoolYear={year}")
        course = next(c for c in courses if c["schoolClasses"] and c["teachers1"] and not c["cancelled"])
        course = api.get(f"/api/v1/course/{course['id']}")
        teacher = course["teachers1"][0]["id"]
        code = course["teachers1"][0]["code"]
        b.run_cli(url, "account", "add", "bench-teacher", "--role", "teacher", "--teacher", code)
        status, body, _ = api.raw("POST", f"/api/v1/schoolyear/{year}/release", {"division": None})
        if status != 200:
            raise RuntimeError(f"release -> {status}: {body[:300]!r}")
        own = Browser(port, sign_in(url, port, "bench-teacher"))
        page = Browser(port, sign_in(url, port, "bench"))
        for path in (f"/years/{year}/grid", f"/years/{year}/overview", f"/years/{year}/workload/{teacher}"):
            page.request("GET", path)  # warm-up
        out = {"scale": scale, "courses": len(courses)}
        out["grid_after_write"] = after_write(api, course, page, f"/years/{year}/grid", args.repeats)
        _, _, grid = page.request("GET", f"/years/{year}/grid")
        out["grid_bytes"] = len(grid.encode())
        out["cell_save"] = cell_saves(page, year, course, args.repeats)
        out["overview_after_write"] = after_write(api, course, page, f"/years/{year}/overview", args.repeats)
        out["workload_after_write"] = after_write(api, course, page, f"/years/{year}/workload/{teacher}",
                                                  args.repeats)
        own.request("GET", f"/me/{year}")  # warm-up
        out["own_sheet_after_write"] = after_write(api, course, own, f"/me/{year}", args.repeats)
        out["own_years_after_write"] = after_write(api, course, own, "/me", args.repeats)
        if scale == 1:
            out["live"] = live(url, port, api, year, course, args.browsers, args.rounds)
            if args.chromium:
                out["chromium"] = chromium(port, "", url, year, args.chromium_repeats)
        return out
    finally:
        server.stop()


def report(results: list[dict], meta: dict, args) -> str:
    lines = [f"Run: {meta['when']}, commit `{meta['commit']}`, {meta['binary']}, SQLite, "
             f"{args.repeats} repeats per row.  ",
             f"Machine: {meta['machine']}.", "",
             "| scale | what | n | median ms | p95 / p99 ms | max ms | target |", "|--:|---|--:|--:|--:|--:|---|"]
    targets = {
        "grid_after_write": ("grid page after a write", {1: "≤ 15 ms", 10: "≤ 150 ms"}),
        "cell_save": ("cell save (htmx)", {1: "≤ 10 ms", 10: "—"}),
        "overview_after_write": ("Jahresüberblick after a write", {1: "≤ 30 ms", 10: "≤ 300 ms"}),
        "workload_after_write": ("one teacher's Pensenblatt after a write", {1: "≤ 10 ms", 10: "—"}),
        "own_sheet_after_write": ("a teacher's own sheet (Mein Pensum) after a write", {1: "≤ 10 ms", 10: "—"}),
        "own_years_after_write": ("a teacher's years and balance chart after a write", {1: "≤ 10 ms", 10: "—"}),
    }
    for r in results:
        for key, (label, target) in targets.items():
            s = r[key]
            lines.append(f"| {r['scale']} | {label} | {s['n']} | {s['median']} | {s['tail']} | {s['max']} | "
                         f"{target.get(r['scale'], '—')} |")
        if "live" in r:
            s = r["live"]
            lines.append(f"| {r['scale']} | {args.browsers} browsers receive a change (p99) | {s['n']} | "
                         f"{s['median']} | {s['tail']} | {s['max']} | ≤ 1000 ms at p99 |")
        if r.get("chromium"):
            for k, label in (("interactive", "Chromium: grid to domInteractive"),
                             ("load", "Chromium: grid to load event")):
                s = r["chromium"][k]
                lines.append(f"| {r['scale']} | {label} | {s['n']} | {s['median']} | {s['tail']} | {s['max']} | "
                             f"≤ 500 ms |")
    return "\n".join(lines) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scales", default="1,10")
    p.add_argument("--repeats", type=int, default=20)
    p.add_argument("--browsers", type=int, default=50)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--chromium", action="store_true")
    p.add_argument("--chromium-repeats", type=int, default=5)
    p.add_argument("--binary", type=Path)
    p.add_argument("--out", type=Path, default=b.HERE / "out")
    args = p.parse_args()
    if args.binary:
        b.BIN = args.binary.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="schoolplan-web-") as t:
        for scale in [int(x) for x in args.scales.split(",")]:
            b.log(f"scale {scale}")
            results.append(bench_scale(args, Path(t), scale))
            b.log(json.dumps(results[-1]))
    m = b.machine()
    meta = {"when": m["date"], "commit": m["commit"],
            "binary": f"binary {args.binary.name} (as given)" if args.binary else "dist binary",
            "machine": f"{m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB RAM"}
    text = report(results, meta, args)
    (args.out / "web.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2))
    (args.out / "web.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
