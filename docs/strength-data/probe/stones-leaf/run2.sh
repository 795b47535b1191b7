# run2.sh CELLS BUDGET TAG SEED...: depth.py, 10 games (5 deals) from each SEED, one after the other
set -e
c=$1; b=$2; t=$3; shift 3
for s in "$@"; do ../../../../.venv/bin/python depth.py $c $b 10 $s $t.s$s.json > $t.s$s.txt 2>&1; done
