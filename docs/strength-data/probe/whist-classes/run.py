"""python run.py 'F,A' 'R,A2' SEED NAME: Whist normal with TAIL_CARDS['normal']=(F,A) [and the 'hard' entry unchanged]."""
import sys
import game.ai.heuristics.hermits_whist as h
f, a = map(int, sys.argv[1].split(","))
h.TAIL_CARDS["normal"] = (f, a)
seed, name = sys.argv[2], sys.argv[3]
from game.__main__ import main
sys.exit(main(["arena", "hermits-whist", "--players", "1", "--games", "100", "--seed", seed, "--a", "normal", "--iterations", "400", "--time", "60", "--json", f"/tmp/wx/{name}.s{seed}.json"]))
