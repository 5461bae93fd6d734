#!/usr/bin/env python3
"""Compares two runs of bench/run, A (before) and B (after), row by row.

    python3 bench/ab.py A/results.json[,A2/results.json…] B/results.json[,…] [--label-a X] [--label-b Y]

Prints a Markdown table: for every row of the server (not the ceilings) that
both sides measured, A's and B's requests per second, each with its share of
the nginx ceiling measured beside it, and B/A. With several runs on a side
(comma-separated), each row takes that side's best run: a run of 5 s on a
shared machine is slowed by others far more often than sped up. A row where B is more than
10 % slower than A (B/A < 0.90) is marked; the last line says how many.
"""
import argparse
import json


def rows_of(paths):
    out = {}
    for path in paths.split(","):
        rows = json.load(open(path))["rows"]
        ceiling = {(r["scale"], r["paired"], r["request"], r["conns"]): r["rps"]
                   for r in rows if r["backend"] == "nginx"}
        for r in rows:
            if r["backend"] in ("nginx", "axum"):
                continue
            key = (r["scale"], r["backend"], r["request"], r["conns"])
            if key not in out or r["rps"] > out[key][0]:
                out[key] = (r["rps"], ceiling.get(key))
    return out


def cell(rps, nginx):
    text = f"{rps:,.0f}"
    return f"{text} ({100 * rps / nginx:.0f} %)" if nginx else text


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--label-a", default="A")
    p.add_argument("--label-b", default="B")
    args = p.parse_args()
    a, b = rows_of(args.a), rows_of(args.b)
    print(f"| scale | backend | request | conns | {args.label_a} req/s (of nginx) "
          f"| {args.label_b} req/s (of nginx) | B/A |")
    print("|---|---|---|--:|--:|--:|--:|")
    slower = 0
    for key in sorted(set(a) & set(b), key=lambda k: (k[0], k[1], list(a).index(k))):
        (ra, na), (rb, nb) = a[key], b[key]
        ratio = rb / ra
        mark = " **< 0.90**" if ratio < 0.90 else ""
        slower += ratio < 0.90
        scale, backend, request, conns = key
        print(f"| {scale} | {backend} | `{request}` | {conns} | {cell(ra, na)} | {cell(rb, nb)} | {ratio:.2f}{mark} |")
    print()
    print(f"Rows more than 10 % slower in {args.label_b} than in {args.label_a}: {slower} of {len(set(a) & set(b))}.")


if __name__ == "__main__":
    main()
