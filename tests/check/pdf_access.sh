#!/bin/sh
# pdf_access.sh BIN: what a viewer and a screen reader are told (issue
# 37): every PDF of a build says its language (/Lang, the ruleset's
# lang:, English without one) and asks the viewer to show its title,
# not its file name (/DisplayDocTitle); a German ruleset's say de.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
command -v qpdf >/dev/null 2>&1 || { fail "qpdf" "not installed (make deps)"; exit 0; }
# root_keys PDF: the catalog as qpdf shows it.
root_keys() { qpdf --show-object="$(qpdf --show-object=trailer "$1" | sed -n 's|.*/Root \([0-9]*\) 0 R.*|\1|p')" "$1"; }

for c in "rulesets/dice-skirmish.md:dice-skirmish:en" "tests/rulesets/de.md:de:de"; do
	IFS=: read -r r name lang <<EOF_CASE
$c
EOF_CASE
	"$BIN" build -q -o "$T/out" "$r" >/dev/null 2>"$T/err"
	n=0 bad=""
	for f in "$T/out/$name"/*.pdf; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		k=$(root_keys "$f")
		case "$k" in
		*"/Lang ($lang)"*"/DisplayDocTitle true"*) ;;
		*) bad="$bad $(basename "$f"): $k;" ;;
		esac
	done
	[ $n -ge 7 ] && [ -z "$bad" ] &&
	    pass "$name: all $n PDFs say /Lang ($lang) and show their title" ||
	    fail "$name: /Lang ($lang) and /DisplayDocTitle in every PDF" "$n PDFs;$bad $(head -2 "$T/err")"
done

# Tagged: the map's structure in reading order, one Document over it;
# each figure says what it shows (the plan; each tile its cells).
"$BIN" map -q rulesets/dice-skirmish.md -s 1 -o "$T/map.pdf" 2>/dev/null
pdfinfo "$T/map.pdf" 2>/dev/null | grep -q '^Tagged: *yes' &&
    pass "map: tagged" || fail "map: tagged" "$(pdfinfo "$T/map.pdf" 2>&1 | grep -i tag)"
s=$(pdfinfo -struct-text "$T/map.pdf" 2>&1)
case "$s" in
Document*"  H1 (block)"*"Saltmarsh Reckoning"*"  Figure"*) pass "map: a Document, its title an H1, then the plan as a figure" ;;
*) fail "map: the structure" "$(echo "$s" | head -5)" ;;
esac
echo "$s" | grep -q 'Syntax Warning' &&
    fail "map: poppler reads the structure without a warning" "$(echo "$s" | grep -m2 'Syntax Warning')" ||
    pass "map: poppler reads the structure without a warning"
qpdf --qdf --object-streams=disable "$T/map.pdf" "$T/mapq.pdf" 2>/dev/null
alts=$(grep -ac '/Alt' "$T/mapq.pdf")
tiles=$(pdfinfo "$T/map.pdf" | sed -n 's/^Pages: *//p')
# A figure a tile (pages less the plan), the plan and its bars.
[ "$alts" -eq $((tiles - 1 + 2)) ] &&
    grep -aq '/Alt (The assembly plan: the table in 25 tiles, 10 printed' "$T/mapq.pdf" &&
    pass "map: $alts figures with alternative text (the plan, its bars, each tile)" ||
    fail "map: alternative text" "$alts /Alt for $tiles pages"
