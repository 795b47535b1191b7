"""Seed by seed: plan28's whist-robust reports against main's plan26 records (whist-eights)
on the same seeds: wins, the paired difference with its 95% interval, the discordant seeds
and the exact McNemar p.  Run from anywhere: python3 compare.py; another pair of runs in
docs/strength-data: python3 compare.py 'whist-tail.s*.json' 'whist-robust.s*.json'"""
import glob
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..")


def wins(pattern: str) -> dict[int, float]:
    out = {}
    for f in sorted(glob.glob(os.path.join(DATA, pattern))):
        out.update({r["deal"]: r["win"] for r in json.load(open(f))["records"]})
    return out


def wilson(x: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = x / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


NEW, BASE = sys.argv[1:3] if len(sys.argv) > 2 else ("whist-robust.s*.json", "whist-eights.s*.json")
base = wins(BASE)
new = wins(NEW)
for f in sorted(glob.glob(os.path.join(DATA, NEW))):
    d = {r["deal"]: r["win"] for r in json.load(open(f))["records"]}
    print(os.path.basename(f), "new", sum(d.values()), "main", sum(base[s] for s in d))
n = len(new)
a = sum(new.values())
b = sum(base[s] for s in new)
only_new = sum(1 for s in new if new[s] > base[s])
only_main = sum(1 for s in new if new[s] < base[s])
diffs = [new[s] - base[s] for s in new]
m = sum(diffs) / n
h = 1.96 * math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1)) / math.sqrt(n)
k, N = min(only_new, only_main), only_new + only_main
p = min(1.0, 2 * sum(math.comb(N, i) for i in range(k + 1)) / 2 ** N) if N else 1.0
lo, hi = wilson(a, n)
print(f"{n} seeds: new {a:.0f} ({100 * a / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]), main {b:.0f} "
      f"({100 * b / n:.1f}%), paired {100 * m:+.1f} [{100 * (m - h):+.1f}, {100 * (m + h):+.1f}], "
      f"only new {only_new}, only main {only_main}, McNemar p={p:.2g}")
