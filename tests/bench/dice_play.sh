#!/bin/sh
# Self-play speed of the dice family (issue 17: at least 10,000 complete
# games a second on one core, no slower per game than the firepower
# family): Saltmarsh Reckoning's default battle (a free table) beside
# Morschauser Modern's, on its own 3" grid and on a free table like
# Saltmarsh's, with --jobs 1, as games per CPU-second (the machine may be
# shared: that slows the wall clock, not the CPU time).
BIN=${1:-./sandtable}
N=${DICE_BENCH_GAMES:-20000}
TOTAL=$((N + N / 4)) # play adds N/4 greedy-vs-random games
[ -x /usr/bin/time ] || { echo "dice: /usr/bin/time is missing"; exit 0; }
run() { # LABEL RULESET ARGS...
	label=$1 r=$2
	shift 2
	cpu=$(/usr/bin/time -f "%U %S" "$BIN" play "rulesets/$r.md" --games "$N" \
	    --jobs 1 "$@" 2>&1 >/dev/null | tail -1)
	echo "$cpu" | awk -v n="$TOTAL" -v r="$label" '{ s = $1 + $2; if (s > 0)
	    printf "dice: %s: %d self-play games per CPU-second, --jobs 1\n", r, n / s }'
}
run "dice-skirmish (free table)" dice-skirmish
run "morschauser-modern (its 3in grid)" morschauser-modern
run "morschauser-modern (free table)" morschauser-modern --grid none
