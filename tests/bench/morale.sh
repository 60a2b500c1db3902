#!/bin/sh
# Self-play speed of the default battle of Gauntlet Ancients (the morale
# family; 15 units a side on a 900x600mm table): complete games per
# second, wall clock, with --jobs 1 and --jobs 2 (best of 3); and games
# per CPU-second for each (the machine may be shared, which slows the
# wall clock but not the CPU time; equal CPU rates for 1 and 2 jobs mean
# the work scales with free cores). The target is 10000 games per
# CPU-second on one core.
BIN=${1:-./sandtable}
RS=rulesets/gauntlet-ancients.md
N=${MORALE_BENCH_GAMES:-8000}
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
	for j in 1 2; do
		best=""
		for run in 1 2 3; do
			cpu=$(/usr/bin/time -f "%U %S" "$BIN" play "$RS" --games "$N" --jobs $j 2>&1 >/dev/null | tail -1)
			s=$(echo "$cpu" | LC_ALL=C awk '{ printf "%.2f", $1 + $2 }')
			[ -z "$best" ] || [ "$(echo "$s $best" | LC_ALL=C awk '{ print ($1 < $2) }')" = 1 ] && best=$s
		done
		echo "$best" | LC_ALL=C awk -v n="$TOTAL" -v j=$j '{ if ($1 > 0) printf "morale: %d self-play games per CPU-second with --jobs %d (best of 3; target 10000 on one core)\n", n / $1, j }'
	done
fi
