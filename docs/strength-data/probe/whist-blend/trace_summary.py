"""Summarise the decisions traced with trace.patch (HERMITAGE_WHIST_TRACE=FILE.jsonl): how
often the clairvoyant worth, the honest play-outs or neither decided, and what overruling
the play-outs' best move cost by their own estimate (points of winning chance).

    python3 trace_summary.py /tmp/wx/trace.s*.jsonl
"""
import collections
import json
import statistics
import sys

rows = [json.loads(line) for f in sys.argv[1:] for line in open(f)]
kinds: collections.Counter = collections.Counter()
for r in rows:
    kinds["worth decides" if r["tied"] == 1 else "play-outs decide" if r["best"] == 1 else "both tie"] += 1
cost = [(r["honest_top"] - r["honest_of_move"]) / 20 / 10 for r in rows
        if r["tied"] == 1 and r["move"] != r["honest_top_move"]]
print(len(rows), "decisions:", dict(kinds))
print(f"worth overrules the play-outs' best in {len(cost)}: cost mean {statistics.mean(cost):.1f}, "
      f"median {statistics.median(cost):.1f}, max {max(cost):.1f} points of winning chance")
