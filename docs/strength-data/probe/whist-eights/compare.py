"""Seed-by-seed comparison of Whist arena reports (the arguments) with main's
whist-normal.s*.json: wins of each, and the seeds only one of them won (the discordant
pairs of a McNemar test)."""
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
base = {}
for f in glob.glob(os.path.join(HERE, "..", "..", "whist-normal.s*.json")):
    for r in json.load(open(f))["records"]:
        base[r["deal"]] = r["win"]
for f in sys.argv[1:]:
    new = {r["deal"]: r["win"] for r in json.load(open(f))["records"]}
    b = sum(base[s] for s in new)
    n = sum(new.values())
    better = sum(1 for s in new if new[s] > base[s])
    worse = sum(1 for s in new if new[s] < base[s])
    print(f"{f}: {len(new)} seeds, new {n:.0f} main {b:.0f}, only new won {better}, only main won {worse}")
