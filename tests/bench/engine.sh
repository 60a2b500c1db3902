#!/bin/sh
# Self-play speed of the default battle of Morschauser Modern (13 units a
# side, 3-inch grid): complete games per second on the wall clock with
# --jobs 1 and --jobs 2 (best of 3), and games per CPU-second for each
# (the machine may be shared: that slows the wall clock, not the CPU time;
# equal CPU rates for 1 and 2 jobs mean the work scales linearly given
# free cores).
BIN=${1:-./sandtable}
RS=rulesets/morschauser-modern.md
N=${ENGINE_BENCH_GAMES:-20000}
TOTAL=$((N + N / 4)) # play adds N/4 greedy-vs-random games
for j in 1 2; do
	best=0
	for run in 1 2 3; do
		g=$("$BIN" play "$RS" --games "$N" --jobs $j --json 2>/dev/null |
		    sed -n 's/.*"games_per_second": *\([0-9]*\).*/\1/p')
		[ -n "$g" ] && [ "$g" -gt "$best" ] && best=$g
	done
	echo "engine: $best self-play games/s with --jobs $j (best of 3, $TOTAL games, wall clock)"
done
if [ -x /usr/bin/time ]; then
	for j in 1 2; do
		cpu=$(/usr/bin/time -f "%U %S" "$BIN" play "$RS" --games "$N" --jobs $j 2>&1 >/dev/null | tail -1)
		echo "$cpu" | awk -v n="$TOTAL" -v j=$j '{ s = $1 + $2; if (s > 0) printf "engine: %d self-play games per CPU-second with --jobs %d\n", n / s, j }'
	done
fi
