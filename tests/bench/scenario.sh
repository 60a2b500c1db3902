#!/bin/sh
# Scenario generator: wall time of a balanced scenario (unit values, then
# candidates of 1,000 test games each until Blue's score is within
# 45-55%, PDF and YAML written), for each bundled ruleset; target under
# 2 s for the Modern rules on a 2-core machine.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	start=$(date +%s.%N)
	"$BIN" scenario "$r" --balanced --games 1000 --seed 1 -o "$tmp/s.pdf" >"$tmp/out" 2>/dev/null
	rc=$?
	end=$(date +%s.%N)
	n=$(sed -n 's/.*after \([0-9]*\) candidate.*/\1/p' "$tmp/out")
	awk -v s="$start" -v e="$end" -v r="$(basename "$r" .md)" -v n="${n:-?}" -v rc=$rc \
		'BEGIN { printf "scenario: %s balanced in %.2f s (%s candidates of 1,000 games)%s\n", r, e - s, n, rc ? " FAILED" : "" }'
done
