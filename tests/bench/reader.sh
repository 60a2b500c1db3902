#!/bin/sh
# Reader speed: check every bundled ruleset 100 times (no self-play).
BIN=${1:-./sandtable}
start=$(date +%s.%N)
i=0
while [ $i -lt 100 ]; do
	"$BIN" check -q -n 0 rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md >/dev/null 2>&1
	i=$((i + 1))
done
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "reader: %.2f ms per check of both bundled rulesets\n", (e - s) * 10 }'
