"""Opens /docs in headless Chromium (a real browser running Swagger UI's
JavaScript) and checks that every operation of the OpenAPI document is listed.

usage: python3 .ci/docs-check.py http://127.0.0.1:PORT/docs
"""

import json
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request

docs_url = sys.argv[1]
document_url = docs_url.rsplit("/docs", 1)[0] + "/api/v1/openapi.json"
with urllib.request.urlopen(document_url) as resp:
    document = json.load(resp)
expected = {
    (method.upper(), path) for path, item in document["paths"].items() for method in item
}

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if not chromium:
    sys.exit("chromium is not installed (Debian package `chromium`)")

with tempfile.TemporaryDirectory() as profile:
    dom = subprocess.run(
        [
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", f"--user-data-dir={profile}",
            "--virtual-time-budget=20000", "--dump-dom", docs_url,
        ],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout

# Swagger UI renders one `.opblock` per operation, with its method and path.
listed = set()
for block in re.finditer(r'class="opblock opblock-(\w+)[^"]*".*?data-path="([^"]+)"', dom, re.S):
    listed.add((block.group(1).upper(), block.group(2).replace("&amp;", "&")))
missing = sorted(expected - listed)
print(f"/docs in Chromium lists {len(listed)} of {len(expected)} operations")
if missing:
    sys.exit(f"operations not shown in /docs: {missing}")
