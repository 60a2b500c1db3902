#!/bin/sh
# The validation report's time: the whole `sandtable report` (check
# pipeline, 1000 self-play games, charts, PDF), the same without
# self-play (--games 0), per bundled ruleset, and the drawing alone (the
# sample data: charts and PDF, nothing played); each the mean of 5 runs.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ms() { # COMMAND...: mean wall time of 5 runs, in ms
	start=$(date +%s.%N)
	for i in 1 2 3 4 5; do "$@" >/dev/null 2>&1; done
	end=$(date +%s.%N)
	awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", (e - s) * 200 }'
}
for r in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	n=$(basename "$r" .md)
	full=$(ms "$BIN" report -q "$r" -o "$tmp/r.pdf")
	draw=$(ms "$BIN" report -q --games 0 "$r" -o "$tmp/r.pdf")
	echo "report: $n: $full ms for sandtable report (1000 self-play games); $draw ms with --games 0 (test games, odds, drawing)"
done
echo "report: drawing alone (report --sample, 4 pages): $(ms "$BIN" report --sample -o "$tmp/s.pdf") ms"
