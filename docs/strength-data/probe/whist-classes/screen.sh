#!/bin/bash
# screen.sh NAME F,A SEED... : from /work/wt-tail, two at a time
name=$1; tc=$2; shift 2
cd /work/wt-tail
run() { .venv/bin/python docs/strength-data/probe/whist-classes/run.py $tc $1 $name > /tmp/wx/$name.s$1.txt 2>&1; }
while [ $# -gt 0 ]; do
  run $1 & p1=$!; if [ $# -gt 1 ]; then run $2 & p2=$!; wait $p2; fi; wait $p1; shift; shift
done
