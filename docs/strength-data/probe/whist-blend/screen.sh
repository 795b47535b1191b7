#!/bin/bash
# screen.sh NAME "ENV=.. ENV2=.." SEED1 SEED2 ...   (two at a time, 100 games each)
name=$1; envs=$2; shift 2
cd /work/wt-whist
run() { env $envs .venv/bin/python -m game arena hermits-whist --players 1 --games 100 --seed $1 --a normal --json /tmp/wx/$name.s$1.json > /tmp/wx/$name.s$1.txt 2>&1; }
while [ $# -gt 0 ]; do
  run $1 & p1=$!; if [ $# -gt 1 ]; then run $2 & p2=$!; wait $p2; fi; wait $p1; shift; shift
done
# then: python3 cmp.py "$name.s*.json" with the JSON moved here (it ran from /tmp/wx, the patch applied in /work/wt-whist)
