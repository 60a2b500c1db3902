#!/bin/sh
# Self-play speed of the default battle of Gauntlet Ancients (the morale
# family; 15 units a side on a 900x600mm table): complete games per
# second, wall clock, with --jobs 1 and --jobs 2; and games per
# CPU-second for --jobs 1 (the machine may be shared, which slows the
# wall clock but not the CPU time).
BIN=${1:-./sandtable}
RS=rulesets/gauntlet-ancients.md
N=${MORALE_BENCH_GAMES:-4000}
TOTAL=$((N + N / 4)) # play adds N/4 greedy-vs-random games
for j in 1 2; do
	best=0
	for run in 1 2 3; do
		g=$("$BIN" play "$RS" --games "$N" --jobs $j --json 2>/dev/null |
		    sed -n 's/.*"games_per_second": *\([0-9]*\).*/\1/p')
		[ -n "$g" ] && [ "$g" -gt "$best" ] && best=$g
	done
	echo "morale: $best self-play games/s with --jobs $j (best of 3, $TOTAL games, wall clock)"
done
if [ -x /usr/bin/time ]; then
	cpu=$(/usr/bin/time -f "%U %S" "$BIN" play "$RS" --games "$N" --jobs 1 2>&1 >/dev/null | tail -1)
	echo "$cpu" | awk -v n="$TOTAL" '{ s = $1 + $2; if (s > 0) printf "morale: %d self-play games per CPU-second with --jobs 1\n", n / s }'
fi
