#!/bin/sh
# layout_dump.sh BIN: --dump of reference, cards, rulebook, map, scenario
# and report (issue 31,
# item 4: a layout dump a product, so that tests pin layouts as text).
# One layout
# is pinned whole: the art cards of Modern, whose every box comes from
# the template's fields and the paper, not from font metrics
# (layouts/cards-morschauser-modern-art.txt; after an intended change,
# write it again: sandtable cards rulesets/morschauser-modern.md -p A4
# -t unit-cards-portrait-art -o x.pdf --dump >that file). Every run is
# on A4, whatever the locale's paper. Of the reference sheet, whose
# text boxes do depend on the fonts, the pages, title band and frames
# are pinned, the headings' order, and that every box lies inside its
# frame without overlapping the one above it.
BIN=${1:-./sandtable}
cd "$(dirname "$0")/../.." || exit 2
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

MOD=rulesets/morschauser-modern.md
ANC=rulesets/gauntlet-ancients.md
PIN=tests/check/layouts/cards-morschauser-modern-art.txt

# The pinned layout.
if "$BIN" cards "$MOD" -p A4 -t unit-cards-portrait-art -o "$T/art.pdf" --dump \
    >"$T/art.txt" 2>"$T/art.err"; then
	if cmp -s "$T/art.txt" "$PIN"; then
		pass "cards --dump: the art cards of Modern as pinned"
	else
		fail "cards --dump: the art cards of Modern as pinned" \
		    "$(diff "$PIN" "$T/art.txt" | head -8)"
	fi
else
	fail "cards --dump writes" "$(head -3 "$T/art.err")"
fi

# --dump changes what is printed, not the PDF.
"$BIN" cards "$MOD" -p A4 -t unit-cards-portrait-art -q -o "$T/plain.pdf" \
    >"$T/plain.out" 2>&1
if cmp -s "$T/plain.pdf" "$T/art.pdf" && [ ! -s "$T/plain.out" ]; then
	pass "cards: the same PDF with --dump as without"
else
	fail "cards: the same PDF with --dump as without" "$(head -3 "$T/plain.out")"
fi

# The reference sheet of Ancients.
if "$BIN" reference "$ANC" -p A4 -o "$T/ref.pdf" --dump >"$T/ref.txt" 2>"$T/ref.err"
then
	pass "reference --dump writes"
else
	fail "reference --dump writes" "$(head -3 "$T/ref.err")"
fi
want=$(printf '%s\n' \
    "page	1	0	0	297	210" \
    "band	1	9	9	279	13	Gauntlet Ancients: A Morale Game for Ancient Battles" \
    "frame	1	9	26	279	172" \
    "page	2	0	0	297	210" \
    "frame	2	9	9	279	189")
got=$(grep -E '^(page|band|frame)	' "$T/ref.txt")
[ "$got" = "$want" ] &&
    pass "reference --dump: two A4 sides, the title band, the frames" ||
    fail "reference --dump: two A4 sides, the title band, the frames" "$got"
want="Units|Weapons|Odds|Sequence of play|Terrain|Morale modifiers|Melee modifiers"
got=$(LC_ALL=C awk -F'\t' '$1 == "heading" {
	sub(/^[0-9]+ lines [0-9]+-[0-9]+ of [0-9]+ /, "", $7); print $7 }' \
    "$T/ref.txt" | grep -E "^($want)\$" | paste -sd'|' -)
[ "$got" = "$want" ] &&
    pass "reference --dump: the template's sections in order" ||
    fail "reference --dump: the template's sections in order" "$got"
# inside FILE: every box of text inside its page's frame; in a column,
# each below the one before (0.001 mm for rounding); at least 20.
inside() {
	LC_ALL=C awk -F'\t' '
$1 == "frame" { fx[$2] = $3; fy[$2] = $4; fw[$2] = $5; fh[$2] = $6; next }
$1 == "page" || $1 == "band" { next }
{
	p = $2; e = 0.001
	if ($3 < fx[p] - e || $3 + $5 > fx[p] + fw[p] + e ||
	    $4 < fy[p] - e || $4 + $6 > fy[p] + fh[p] + e)
		print "outside: " $0
	k = p " " $3
	if ((k in bottom) && $4 < bottom[k] - e)
		print "overlaps: " $0
	bottom[k] = $4 + $6
	n++
}
END { if (n < 20) print "only " n " boxes" }' "$1"
}
bad=$(inside "$T/ref.txt")
[ -z "$bad" ] && pass "reference --dump: every box in its frame, none overlapping" ||
    fail "reference --dump: every box in its frame, none overlapping" "$(echo "$bad" | head -3)"

# The cards of Ancients (the default template): a card a unit type, its
# band and body inside it, its text inside the body.
"$BIN" cards "$ANC" -p A4 -o "$T/cards.pdf" --dump >"$T/cards.txt" 2>"$T/cards.err"
n=$(grep -c '^card	' "$T/cards.txt")
[ "$n" -eq 13 ] && pass "cards --dump: 13 cards for 13 unit types" ||
    fail "cards --dump: 13 cards for 13 unit types" "$n: $(head -3 "$T/cards.err")"
bad=$(LC_ALL=C awk -F'\t' '
function out(what) { print what ": " $0 }
$1 == "card" { cx = $3; cy = $4; cw = $5; ch = $6; next }
$1 == "band" || $1 == "body" {
	if ($3 < cx || $3 + $5 > cx + cw + 0.001 || $4 < cy ||
	    $4 + $6 > cy + ch + 0.001)
		out("outside its card")
	if ($1 == "body") { bx = $3; by = $4; bw = $5; bh = $6 }
	next
}
$1 == "heading" || $1 == "text" || $1 == "table" || $1 == "custom" {
	if ($3 < bx || $3 + $5 > bx + bw + 0.001 || $4 < by ||
	    $4 + $6 > by + bh + 0.001)
		out("outside its body")
}' "$T/cards.txt")
[ -z "$bad" ] && pass "cards --dump: bands, bodies and text inside their cards" ||
    fail "cards --dump: bands, bodies and text inside their cards" "$(echo "$bad" | head -3)"

# The rulebook of Saltmarsh: its body's text inside the frames, from the
# title's heading on the first page after the contents; the same PDF.
"$BIN" rulebook rulesets/dice-skirmish.md -p A4 -o "$T/book.pdf" --dump \
    >"$T/book.txt" 2>"$T/book.err"
bad=$(inside "$T/book.txt")
[ -z "$bad" ] && pass "rulebook --dump: every box in its frame, none overlapping" ||
    fail "rulebook --dump: every box in its frame, none overlapping" "$(echo "$bad" | head -3) $(head -3 "$T/book.err")"
first=$(grep -v -E '^(page|frame)	' "$T/book.txt" | head -1 | cut -f1,2,7)
[ "$first" = "heading	3	0 lines 0-1 of 1 Saltmarsh Reckoning" ] &&
    pass "rulebook --dump: the body begins on page 3 with the title" ||
    fail "rulebook --dump: the body begins on page 3 with the title" "$first"
"$BIN" rulebook rulesets/dice-skirmish.md -p A4 -q -o "$T/book2.pdf"
cmp -s "$T/book.pdf" "$T/book2.pdf" &&
    pass "rulebook: the same PDF with --dump as without" ||
    fail "rulebook: the same PDF with --dump as without" "they differ"

# The map of Modern on A4: the assembly plan, then a page a tile. The
# tiles are the table's geometry alone (no fonts): 7 across and 7 down,
# each 283 x 187 mm at the margins of its landscape page, the next one
# 275 mm on (8 mm overlap), the last of a row or column what is left of
# the table; numbered and placed from Blue's left corner (the row along
# Red's edge is the one left short); the plan fits its page; the PDF is
# the same.
"$BIN" map "$MOD" -p A4 -o "$T/map.pdf" --dump >"$T/map.txt" 2>"$T/map.err"
n=$(grep -c '^tile	' "$T/map.txt")
pages=$(pdfinfo "$T/map.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
[ "$n" -eq 49 ] && [ "$pages" = 50 ] &&
    pass "map --dump: 49 tiles after the plan, a page each" ||
    fail "map --dump: 49 tiles after the plan, a page each" "$n tiles, $pages pages: $(head -3 "$T/map.err")"
want="$(printf '%s\n' "tile	2	7	7	283	187	1 at 0 0" \
    "tile	3	7	7	283	187	2 at 275 0" "tile	50	7	7	178.8	145.2	49 at 1650 1074")"
got=$(grep -E '	(1|2|49) at ' "$T/map.txt")
[ "$got" = "$want" ] && pass "map --dump: the tiles where the tiling puts them" ||
    fail "map --dump: the tiles where the tiling puts them" "$got"
bad=$(LC_ALL=C awk -F'\t' '$1 == "page" { w[$2] = $5; h[$2] = $6; next }
    $3 < 0 || $4 < 0 || $3 + $5 > w[$2] + 0.001 || $4 + $6 > h[$2] + 0.001 { print }' "$T/map.txt")
[ -z "$bad" ] && grep -q '^plan	1	' "$T/map.txt" &&
    pass "map --dump: the plan and every tile inside its page" ||
    fail "map --dump: the plan and every tile inside its page" "$(echo "$bad" | head -3)"
"$BIN" map "$MOD" -p A4 -q -o "$T/map2.pdf"
cmp -s "$T/map.pdf" "$T/map2.pdf" && pass "map: the same PDF with --dump as without" ||
    fail "map: the same PDF with --dump as without" "they differ"
got=$("$BIN" map "$MOD" -p none -o "$T/one.pdf" --dump 2>&1 | cut -f1-6)
[ "$got" = "$(printf 'page\t1\t0\t0\t1848.8\t1253.2\nmap\t1\t10\t10\t1828.8\t1219.2')" ] &&
    pass "map -p none --dump: the whole table on one page" ||
    fail "map -p none --dump: the whole table on one page" "$got"

# The scenario of Ancients: the map inside page 1, then the orders of
# battle: both forces and every section inside the page, none over the
# one above it in its column; the same PDF.
"$BIN" scenario "$ANC" -n 20 -p A4 -o "$T/sc.pdf" --dump >"$T/sc.txt" 2>"$T/sc.err"
bad=$(LC_ALL=C awk -F'\t' '
$1 == "page" { w[$2] = $5; h[$2] = $6; next }
{ e = 0.001
  if ($3 < 0 || $4 < 0 || $3 + $5 > w[$2] + e || $4 + $6 > h[$2] + e)
	print "outside: " $0
  k = $2 " " $3
  if ((k in bottom) && $4 < bottom[k] - e) print "overlaps: " $0
  bottom[k] = $4 + $6; n[$1]++ }
END { if (n["map"] != 1 || n["force"] < 2 || n["section"] < 4)
	print "map " n["map"] ", forces " n["force"] ", sections " n["section"] }' "$T/sc.txt")
[ -z "$bad" ] && [ "$(grep -c '^page	' "$T/sc.txt")" -ge 2 ] &&
    pass "scenario --dump: the map, the forces and the sections inside their pages" ||
    fail "scenario --dump: the map, the forces and the sections inside their pages" "$(echo "$bad" | head -3) $(head -3 "$T/sc.err")"
"$BIN" scenario "$ANC" -n 20 -p A4 -q -o "$T/sc2.pdf"
cmp -s "$T/sc.pdf" "$T/sc2.pdf" && pass "scenario: the same PDF with --dump as without" ||
    fail "scenario: the same PDF with --dump as without" "they differ"

# The sample report (made-up figures, no games): its summary tiles,
# headings, texts, tables and charts inside each page's frame, none over
# the one above it; the findings' table on page 1; the same PDF.
"$BIN" report --sample -p A4 -o "$T/rep.pdf" --dump >"$T/rep.txt" 2>"$T/rep.err"
bad=$(inside "$T/rep.txt")
[ -z "$bad" ] && [ "$(grep -c '^tile	1	' "$T/rep.txt")" -eq 4 ] &&
    grep -q '^heading	1	.*	Findings$' "$T/rep.txt" &&
    [ "$(grep -c '^chart	' "$T/rep.txt")" -ge 3 ] &&
    pass "report --dump: four tiles, then every box in its frame, none overlapping" ||
    fail "report --dump: four tiles, then every box in its frame, none overlapping" "$(echo "$bad" | head -3) $(head -3 "$T/rep.err")"
"$BIN" report --sample -p A4 -q -o "$T/rep2.pdf"
cmp -s "$T/rep.pdf" "$T/rep2.pdf" && pass "report: the same PDF with --dump as without" ||
    fail "report: the same PDF with --dump as without" "they differ"

# The lines are the output: -o - would mix them with the PDF.
"$BIN" reference "$ANC" -o - --dump >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q -- '--dump prints to standard output' "$T/err" &&
    pass "reference --dump -o -: a usage error" ||
    fail "reference --dump -o -: a usage error" "$(cat "$T/err")"
