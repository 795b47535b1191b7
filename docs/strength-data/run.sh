#!/usr/bin/env bash
# Runs the chunks listed in the file given as $1 (one per line: NAME ARENA-ARGS...),
# each under the shared lock, skipping chunks whose JSON already exists.
# Every chunk's report goes to NAME.txt beside its NAME.json.
cd "$(dirname "$0")/../.."
D=docs/strength-data
while read -r name args; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  [[ -f "$D/$name.json" ]] && continue
  if [[ -f "$D/STOP" ]]; then echo "STOP found before $name"; break; fi
  echo "$(date +%T) start $name: $args"
  flock /tmp/hermitage-heavy.lock bash -c "start=\$(date +%s); .venv/bin/python -m game arena $args --json $D/$name.json.part > $D/$name.txt 2>&1 && mv $D/$name.json.part $D/$name.json; echo \"  locked \$(( \$(date +%s) - start )) s\" >> $D/$name.txt"
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt)"
done < "$1"
