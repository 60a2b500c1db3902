#!/bin/sh
# Map speed and size: a 6x4 ft table at 3-inch squares tiled on A4, and a
# 200 x 200-cell hex map as one page (vector only), each made 5 times;
# prints wall-clock and CPU time per map (CPU: the shell's `times`, so a
# busy machine shows in the first figure only), pages and PDF size.
BIN=${1:-./sandtable}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# Children's user + system seconds so far, from `times`' second line
# (run in this shell: a subshell would see no children).
cpu() {
	sed -n 2p "$T/times" | awk '{ n = 0
	    for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60 + a[2] }
	    print n }'
}
bench() {
	name=$1 out=$2; shift 2
	times >"$T/times"
	c0=$(cpu)
	start=$(date +%s.%N)
	i=0
	while [ $i -lt 5 ]; do
		"$BIN" map -q "$@" -o "$T/$out" || return
		i=$((i + 1))
	done
	end=$(date +%s.%N)
	times >"$T/times"
	c1=$(cpu)
	size=$(wc -c <"$T/$out")
	pages=$(pdfinfo "$T/$out" 2>/dev/null | sed -n 's/^Pages: *//p')
	awk -v s="$start" -v e="$end" -v c0="$c0" -v c1="$c1" -v n="$name" \
	    -v b="$size" -v p="$pages" 'BEGIN { printf "map: %s: %.0f ms " \
	    "(CPU %.0f ms), %d pages, PDF %.0f KB\n", n, (e - s) * 1000 / 5,
	    (c1 - c0) * 1000 / 5, p, b / 1024 }'
}
bench "6x4 ft at 3in squares tiled on A4, seed 1 terrain" a.pdf \
    rulesets/morschauser-modern.md --paper A4 --seed 1
bench "200x200 hex map, one page, labels on" h.pdf --grid hex --cell 20mm \
    --table 3470x4010mm --paper none --labels on
