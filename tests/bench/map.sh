#!/bin/sh
# Map speed and size: a 6x4 ft table at 3-inch squares tiled on A4, and a
# 200 x 200-cell hex map as one page (vector only), each made 5 times.
BIN=${1:-./sandtable}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
bench() {
	name=$1 out=$2; shift 2
	start=$(date +%s.%N)
	i=0
	while [ $i -lt 5 ]; do
		"$BIN" map -q "$@" -o "$T/$out" || return
		i=$((i + 1))
	done
	end=$(date +%s.%N)
	size=$(wc -c <"$T/$out")
	pages=$(pdfinfo "$T/$out" 2>/dev/null | sed -n 's/^Pages: *//p')
	awk -v s="$start" -v e="$end" -v n="$name" -v b="$size" -v p="$pages" \
	    'BEGIN { printf "map: %s: %.0f ms, %d pages, PDF %.0f KB\n", n,
	    (e - s) * 1000 / 5, p, b / 1024 }'
}
bench "6x4 ft at 3in squares tiled on A4 (seed 1 terrain)" a.pdf \
    rulesets/morschauser-modern.md --paper A4 --seed 1
bench "200x200 hex map, one page, labels on" h.pdf --grid hex --cell 20mm \
    --table 3470x4010mm --paper none --labels on
