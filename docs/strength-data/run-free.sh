#!/usr/bin/env bash
# Like run.sh, for runs whose play is deterministic (their times are not reported): no
# lock, so two copies can work through one plan at once; each chunk is claimed by
# creating NAME.claim atomically.  $1 = the plan, $2 = the checkout to run (default:
# this one); the reports are written beside this script.
D="$(cd "$(dirname "$0")" && pwd)"
PLAN="$(realpath "$1")"
cd "${2:-$D/../..}"
set -o noclobber
while read -r name args; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  [[ -f "$D/$name.json" ]] && continue
  if [[ -f "$D/STOP" ]]; then echo "STOP found before $name"; break; fi
  { : > "$D/$name.claim"; } 2>/dev/null || continue
  echo "$(date +%T) start $name: $args"
  start=$(date +%s)
  .venv/bin/python -m game arena $args --json "$D/$name.json.part" > "$D/$name.txt" 2>&1 && mv "$D/$name.json.part" "$D/$name.json"
  echo "  ran $(( $(date +%s) - start )) s" >> "$D/$name.txt"
  rm -f "$D/$name.claim"
  echo "$(date +%T) end $name: $(tail -1 "$D/$name.txt")"
done < "$PLAN"
