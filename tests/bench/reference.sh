#!/bin/sh
# reference.sh BIN: the reference sheet against the least a program can
# do (issue 36): tests/bench/minimal_ref.c, Cairo and Pango setting the
# same words (the sheet's own, from pdftotext) at the same body size on
# landscape A4 in three columns, one layout per paragraph. Counted in
# instructions (valgrind --tool=callgrind; the machine's speed drifts,
# the count does not), for each bundled ruleset; the target is 2x; and
# the Pango items each shaped (its calls of pango_shape_item). Then
# wall time against pandoc + weasyprint where both are installed, in one
# paired run (the target: 30x faster).
BIN=${1:-./sandtable}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CC=${CC:-cc}
if ! $CC -O2 -o "$T/minimal_ref" tests/bench/minimal_ref.c \
    $(pkg-config --cflags --libs pangocairo cairo-pdf) 2>"$T/cc.err"; then
	echo "reference: minimal program not built: $(head -1 "$T/cc.err")"
	exit 0
fi
irefs() {
	valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$@" 2>&1 >/dev/null |
	    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
# The Pango items the last run shaped: its calls of pango_shape_item, from
# callgrind's call counts (names are given once, then by number).
shapes() {
	awk '/^c?fn=\(/ {
		id = $0; sub(/^c?fn=\(/, "", id); sub(/\).*/, "", id)
		name = $0; sub(/^c?fn=\([0-9]+\) ?/, "", name)
		if (name != "") names[id] = name
		cfn = $0 ~ /^cfn=/ && names[id] == "pango_shape_item"
		next
	}
	/^calls=/ { if (cfn) { split($0, a, /[= ]/); n += a[2] } cfn = 0 }
	END { print n + 0 }' "$T/cg"
}
for r in morschauser-modern gauntlet-ancients dice-skirmish cinder-vale; do
	"$BIN" reference -q "rulesets/$r.md" -o "$T/ref.pdf" >/dev/null 2>&1 || {
		echo "reference $r: not written"
		continue
	}
	# The words, a paragraph a line; the body size the sheet chose is
	# its most common word height over DejaVu's 1.163.
	pdftotext "$T/ref.pdf" - 2>/dev/null |
	    awk 'BEGIN { RS = "" } { gsub(/\n/, " "); print }' >"$T/words"
	pt=$(pdftotext -bbox "$T/ref.pdf" - 2>/dev/null |
	    grep -o 'yMin="[0-9.]*" xMax="[0-9.]*" yMax="[0-9.]*"' |
	    LC_ALL=C awk -F'"' '{ c[sprintf("%.2f", $6 - $2)]++ }
		END { for (h in c) if (c[h] > m) { m = c[h]; b = h }
		    printf "%.1f", b / 1.163 }')
	words=$(wc -w <"$T/words")
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "reference $r: valgrind not installed, no instruction count"
		continue
	fi
	a=$(irefs "$BIN" reference -q "rulesets/$r.md" -o "$T/ref.pdf")
	sa=$(shapes)
	b=$(irefs "$T/minimal_ref" "$T/words" "$T/min.pdf" "$pt")
	sb=$(shapes)
	LC_ALL=C awk -v r="$r" -v a="$a" -v b="$b" -v w="$words" -v pt="$pt" \
	    -v sa="$sa" -v sb="$sb" 'BEGIN {
		printf "reference %s: %d words at %s pt: %.0f M instructions, " \
		    "the minimal Cairo+Pango program %.0f M: %.2fx (target 2x); " \
		    "Pango items shaped %d and %d\n",
		    r, w, pt, a / 1e6, b / 1e6, a / b, sa, sb }'
done
if command -v pandoc >/dev/null 2>&1 && command -v weasyprint >/dev/null 2>&1; then
	r=morschauser-modern
	s=$(date +%s%N)
	"$BIN" reference -q "rulesets/$r.md" -o "$T/ref.pdf" >/dev/null 2>&1
	a=$(( $(date +%s%N) - s ))
	s=$(date +%s%N)
	pandoc "rulesets/$r.md" -o "$T/pandoc.pdf" --pdf-engine=weasyprint >/dev/null 2>&1
	b=$(( $(date +%s%N) - s ))
	LC_ALL=C awk -v a="$a" -v b="$b" 'BEGIN {
		printf "reference against pandoc + weasyprint: %.0f ms and " \
		    "%.0f ms: %.0fx faster (target 30x)\n", a / 1e6, b / 1e6, b / a }'
else
	echo "reference against pandoc + weasyprint: not installed, not compared"
fi
