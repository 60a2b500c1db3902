#!/bin/sh
# selfplay_ir.sh BIN: instructions per self-play game for each bundled
# ruleset (issue 36), counted by valgrind --tool=callgrind rather than
# timed (the machine's speed drifts; the count does not): two runs of
# `play` on one thread, 16 and 32 greedy games (plus a quarter more
# against a random player each), the difference over the 20 games it
# adds, so reading the ruleset and starting up are not counted.
BIN=${1:-./sandtable}
command -v valgrind >/dev/null 2>&1 || {
	echo "self-play instructions: valgrind not installed"
	exit 0
}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
irefs() {
	valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$@" 2>&1 >/dev/null |
	    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for r in morschauser-modern gauntlet-ancients dice-skirmish cinder-vale; do
	a=$(irefs "$BIN" play -q -j 1 -n 16 "rulesets/$r.md")
	b=$(irefs "$BIN" play -q -j 1 -n 32 "rulesets/$r.md")
	LC_ALL=C awk -v r="$r" -v a="$a" -v b="$b" 'BEGIN {
		printf "self-play %s: %.2f M instructions a game\n", r,
		    (b - a) / 20 / 1e6 }'
done
