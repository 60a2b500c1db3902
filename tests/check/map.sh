#!/bin/sh
# map.sh BIN: checks of `sandtable map` — measured, not assumed.
# Prints one "PASS: name" or "FAIL: name: why" line per check.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
MOD=rulesets/morschauser-modern.md
ANC=rulesets/gauntlet-ancients.md

# The tools read and print numbers in the C locale, whatever the suite's
# locale is (sandtable itself runs in it).
awk() { LC_ALL=C command awk "$@"; }
od() { LC_ALL=C command od "$@"; }

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# Centres (mm) of the dark runs of a PGM strip on stdin, one per line.
# $1: 0 for a row (x positions), the strip is one pixel high or wide
# either way; dpi 600.
runs() {
	tail -c +"$(($1 + 1))" | od -An -tu1 -v | awk '
	{ for (i = 1; i <= NF; i++) { v[n++] = $i } }
	END {
		for (i = 0; i <= n; i++) {
			d = (i < n && v[i] < 100)
			if (d && !in_run) { s = i; in_run = 1 }
			if (!d && in_run) {
				printf "%.3f\n", (s + i) / 2 / 600 * 25.4
				in_run = 0
			}
		}
	}'
}

# Header length of a binary PGM from pdftoppm: "P5\nW H\n255\n".
pgm_header() {
	head -c 40 | awk 'BEGIN { RS = "\n" } NR <= 3 { n += length($0) + 1 }
	    END { print n }'
}

# Expect a dark run within 0.25 mm of every position start + k*step
# (k = 0 … count-1), and the span first → last within 0.25 mm.
measure() {
	name=$1 file=$2 start=$3 step=$4 count=$5
	awk -v s="$start" -v st="$step" -v c="$count" '
	{ x[n++] = $1 }
	END {
		bad = ""
		for (k = 0; k < c; k++) {
			want = s + k * st; best = 1e9
			for (i = 0; i < n; i++) {
				d = x[i] - want; if (d < 0) d = -d
				if (d < best) { best = d; at[k] = x[i] }
			}
			if (best > 0.25) bad = bad sprintf(" line %d off by %.3f mm", k, best)
		}
		span = at[c - 1] - at[0]; want = (c - 1) * st
		d = span - want; if (d < 0) d = -d
		if (d > 0.25) bad = bad sprintf(" span %.3f mm, want %.3f", span, want)
		if (bad != "") { print bad; exit 1 }
		printf "span %.3f mm for %.3f\n", span, want
	}' "$file" >"$T/m.out" 2>&1
	if [ $? -eq 0 ]; then pass "$name ($(cat "$T/m.out"))"
	else fail "$name" "$(cat "$T/m.out")"; fi
}

# ---- a tile measured at 600 dpi ----
"$BIN" map -q --cell 1in --table 12x12in --no-labels --paper A4 \
    -o "$T/t.pdf" 2>"$T/err"
if [ ! -f "$T/t.pdf" ]; then
	fail "tile at 600 dpi" "no PDF: $(cat "$T/err")"
else
	# Tile 1, at Blue's left corner, is page 2: whole (196 x 274 mm),
	# its map 7 mm from the page's corner, its top 30.8 mm from Red's
	# edge (12 in less 274 mm), so its first whole row's line is 27 mm
	# down the page.
	# A row across the middle of a cell (y = 7 + 2.5 in):
	pdftoppm -r 600 -f 2 -l 2 -gray -x 0 -y 1665 -W 4961 -H 1 "$T/t.pdf" \
	    >"$T/row.pgm"
	h=$(pgm_header <"$T/row.pgm")
	runs "$h" <"$T/row.pgm" >"$T/row.txt"
	measure "tile at 600 dpi: 1in cells across (8 lines)" "$T/row.txt" \
	    7 25.4 8
	# A column down the middle of a cell (x = 7 + 2.5 in).
	pdftoppm -r 600 -f 2 -l 2 -gray -x 1665 -y 0 -W 1 -H 7016 "$T/t.pdf" \
	    >"$T/col.pgm"
	h=$(pgm_header <"$T/col.pgm")
	runs "$h" <"$T/col.pgm" >"$T/col.txt"
	measure "tile at 600 dpi: 1in cells down (11 lines)" "$T/col.txt" \
	    27 25.4 11
	w=$(pdfinfo "$T/t.pdf" | sed -n 's/^Page size: *\([0-9.]*\) x.*/\1/p')
	[ "$w" = "595.276" ] && pass "tile pages are A4 ($w pt)" ||
	    fail "tile pages are A4" "page width $w pt"
fi

# ---- tile count follows from table, paper and overlap ----
# Tile map area: paper minus 7 mm at the sides and top and 16 mm at the
# foot; tiles step by area - overlap; the orientation with fewer tiles.
expect_tiles() {
	awk -v tw="$1" -v th="$2" -v pw="$3" -v ph="$4" -v ov="$5" '
	function n(t, a) { return t <= a + 1e-9 ? 1 : 1 + int((t - a) / (a - ov) - 1e-9 + 0.999999999) }
	BEGIN {
		p = n(tw, pw - 14) * n(th, ph - 23)
		l = n(tw, ph - 14) * n(th, pw - 23)
		print (l < p ? l : p) + 1
	}'
}
tiles_case() {
	name=$1; shift
	tw=$1 th=$2 pw=$3 ph=$4 ov=$5 paper=$6 table=$7
	"$BIN" map -q --table "$table" --paper "$paper" --overlap "${ov}mm" \
	    --no-labels -o "$T/n.pdf" 2>"$T/err"
	got=$(pdfinfo "$T/n.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
	want=$(expect_tiles "$tw" "$th" "$pw" "$ph" "$ov")
	[ "$got" = "$want" ] && pass "$name: $got pages (plan + tiles)" ||
	    fail "$name" "got '$got' pages, want $want $(cat "$T/err")"
}
tiles_case "6x4ft on A4" 1828.8 1219.2 210 297 10 A4 6x4ft
tiles_case "6x4ft on Letter" 1828.8 1219.2 215.9 279.4 10 Letter 6x4ft
tiles_case "6x4ft on A3, 20 mm overlap" 1828.8 1219.2 297 420 20 A3 6x4ft
tiles_case "3x3ft on A4, no overlap" 914.4 914.4 210 297 0 A4 3x3ft

# The overlap is on the page: tile 1's dashed line (where tile 2's edge
# lies) is overlap mm inside its map's right edge: 7 + 196 - 8 mm (the
# default overlap, 8 mm, holds a whole crosshair).
"$BIN" map -q --cell 1in --table 12x12in --no-labels --dots --paper A4 \
    -o "$T/o.pdf" 2>/dev/null
pdftoppm -r 600 -f 2 -l 2 -gray -x 0 -y 4800 -W 4961 -H 1 "$T/o.pdf" \
    >"$T/o.pgm" 2>/dev/null
h=$(pgm_header <"$T/o.pgm")
runs "$h" <"$T/o.pgm" | awk '$1 > 194.5 && $1 < 195.5 { f = 1 }
    END { exit !f }' && pass "overlap: tile edge line 8 mm inside the map" ||
    fail "overlap line" "no dark line at 195 mm on tile 1"

# ---- the fewest sheets (issue 18) ----
# The Modern 6 x 4 ft table took 56 A4 sheets, the last tile column a
# 27 mm strip: with narrow margins, the tile's name and bar in the foot
# band and the 8 mm overlap, 49 tiles and the plan on A4, 50 on Letter.
for pl in "A4 50" "Letter 51"; do
	set -- $pl
	"$BIN" map -q $MOD --paper "$1" -o "$T/few.pdf" 2>"$T/err"
	got=$(pdfinfo "$T/few.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
	[ -n "$got" ] && [ "$got" -le "$2" ] &&
	    pass "Modern map on $1: $got sheets (at most $2)" ||
	    fail "Modern map on $1" "got '$got' sheets, want at most $2"
done
# No tile is a sliver: the last column and row show at least a third of
# a tile's map (tile 49 of the A4 map, at Red's right corner, the last
# page).
"$BIN" map -q $MOD --paper A4 -o "$T/few.pdf" 2>/dev/null
n=$(pdfinfo "$T/few.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
pdftotext -f "$n" -l "$n" "$T/few.pdf" - 2>/dev/null | grep -q "Tile 49 " &&
    pass "A4 tiles: 7 x 7, the last is 49" ||
    fail "A4 tiles" "last page is not tile 49"

# ---- tiles numbered as the cells count (issue 35) ----
# Tile 1 is the sheet at Blue's left corner and holds cell A1; the tiles
# run along Blue's edge, then row by row towards Red, the last holding
# X16 (Red's right corner). Each tile's foot names the cells it holds,
# as the plan does under its number.
pdftotext -bbox -f 1 -l 1 "$T/few.pdf" - 2>/dev/null | awk -F'"' '
    /<word / { t = $0; sub(/.*">/, "", t); sub(/<.*/, "", t)
	if (t ~ /^[A-Z]+[0-9]+–[A-Z]+[0-9]+$/)
		print ($2 + $6) / 2, ($4 + $8) / 2, t }' \
    >"$T/ranges"
first=$(awk 'NR == 1 || $1 < x - 1 || ($1 < x + 1 && $2 > y) {
    x = $1; y = $2; t = $3 } END { print t }' "$T/ranges")
last=$(awk 'NR == 1 || $1 > x + 1 || ($1 > x - 1 && $2 < y) {
    x = $1; y = $2; t = $3 } END { print t }' "$T/ranges")
p2=$(pdftotext -f 2 -l 2 "$T/few.pdf" - 2>/dev/null | grep '^Tile ')
pn=$(pdftotext -f "$n" -l "$n" "$T/few.pdf" - 2>/dev/null | grep '^Tile ')
case "$first $last|$p2|$pn" in
"A1–"*" "*"–X16|Tile 1 · cells A1–"*" · 1 of 49"*"|Tile 49 · cells "*"–X16 · 49 of 49"*)
	pass "tiles from Blue's left corner: plan $first … $last, page 2 '$p2'" ;;
*)	fail "tiles from Blue's left corner" \
	    "plan lower left '$first', upper right '$last'; page 2 '$p2'; last '$pn'" ;;
esac
# Every range on the plan is the one on its tile's own page, and tile k
# is page k + 1.
pdftotext "$T/few.pdf" - 2>/dev/null | awk '/^Tile [0-9]+ · cells / {
    k++; if ($2 != k) bad = bad " page " k + 1 " is tile " $2
    print $5 } END { if (bad) print "BAD" bad }' >"$T/feet"
miss=$(awk '{ print $3 }' "$T/ranges" | while read -r r; do
	grep -qx "$r" "$T/feet" || printf ' %s' "$r"; done)
[ "$(wc -l <"$T/ranges")" -ge 40 ] && [ -z "$miss" ] &&
    ! grep -q BAD "$T/feet" &&
    pass "the plan's $(wc -l <"$T/ranges") cell ranges are the tiles' own" ||
    fail "plan ranges" "not on a tile:$miss $(grep BAD "$T/feet")"
"$BIN" map -q $ANC -g hex -o "$T/hx.pdf" 2>"$T/err"
got=$(pdftotext -f 2 -l 2 "$T/hx.pdf" - 2>/dev/null | grep '^Tile ')
case "$got" in
"Tile 1 · cells 0101–"*) pass "hex tile 1 holds 0101: $got" ;;
*) fail "hex tile 1 holds 0101" "'$got' $(cat "$T/err")" ;;
esac
# Without a grid, x and y from Blue's left corner: tile 1 starts at y 0.
"$BIN" map -q $ANC -s 1 --all-tiles -o "$T/gl.pdf" 2>"$T/err"
got=$(pdftotext -f 2 -l 2 "$T/gl.pdf" - 2>/dev/null | grep '^Tile ')
case "$got" in
"Tile 1 · x 0–"*" mm, y 0–"*" mm · 1 of 15"*) pass "gridless tile 1: $got" ;;
*) fail "gridless tile 1 at Blue's left corner" "'$got' $(cat "$T/err")" ;;
esac

# ---- every word on the page; the plan's "4 in" too (issue 35) ----
# pdftotext leaves out words off the page: the bars' "4 in" is looked
# for as well as every word's box checked against the page's.
off_page() {
	pdftotext -bbox "$1" - 2>/dev/null | awk -F'"' '
	/<page / { p++; w = $2; h = $4; four = 0 }
	/<word / { t = $0; sub(/.*">/, "", t); sub(/<.*/, "", t)
		if ($2 < 0 || $4 < 0 || $6 > w + 0.01 || $8 > h + 0.01) {
			n++; if (n <= 3) printf "page %d: \"%s\" at %.1f,%.1f-%.1f,%.1f of %.1f x %.1f; ",
			    p, t, $2, $4, $6, $8, w, h }
		if (p == 1 && t == "4") { four = $4 }
		else if (p == 1 && t == "in" && four != 0 && $4 == four) seen = 1
		else four = 0 }
	END { if (!seen) printf "no \"4 in\" on the plan; "
		if (n) printf "%d words off the page", n }'
}
for r in rulesets/cinder-vale.md rulesets/dice-skirmish.md $ANC $MOD; do
	for p in A4 Letter A5; do
		"$BIN" map -q "$r" -s 1 -p $p -o "$T/pg.pdf" 2>"$T/err"
		got=$(off_page "$T/pg.pdf")
		[ -s "$T/pg.pdf" ] && [ -z "$got" ] &&
		    pass "map of $(basename "$r" .md) on $p: every word on its page, \"4 in\" too" ||
		    fail "map of $(basename "$r" .md) on $p: words on the page" "$got $(cat "$T/err")"
		rm -f "$T/pg.pdf"
	done
done
# In German on A5 upright, with every tile: the longest feet on the
# narrowest sheet.
"$BIN" map -q tests/rulesets/de.md -s 1 -p A5 --all-tiles -o "$T/pg.pdf" 2>"$T/err"
got=$(off_page "$T/pg.pdf")
[ -s "$T/pg.pdf" ] && [ -z "$got" ] &&
    pass "German map on A5: every word on its page" ||
    fail "German map on A5: words on the page" "$got $(cat "$T/err")"

# ---- tiles of plain table not printed (issue 35) ----
# A table without a grid prints only the tiles with terrain on them (the
# build's seed 1); --all-tiles prints all, as before; the line that says
# what was written counts both. A grid keeps every tile unless
# --skip-empty.
for c in "cinder-vale:10:25" "dice-skirmish:10:25" "gauntlet-ancients:5:15"; do
	IFS=: read -r r want all <<EOF_CASE
$c
EOF_CASE
	out=$("$BIN" map rulesets/$r.md -s 1 -p A4 -o "$T/sk.pdf" 2>&1)
	got=$(pdfinfo "$T/sk.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
	"$BIN" map -q rulesets/$r.md -s 1 -p A4 --all-tiles -o "$T/al.pdf" 2>/dev/null
	full=$(pdfinfo "$T/al.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
	skipped=$((all - want))
	if [ "$got" = "$((want + 1))" ] && [ "$full" = "$((all + 1))" ] &&
	    echo "$out" | grep -q "; $got sheets: the plan and $want of $all tiles ($skipped of plain table not printed"
	then pass "$r: $got sheets, not $full ($skipped plain tiles left out)"
	else fail "$r: plain tiles left out" "$got sheets (want $((want + 1))), --all-tiles $full (want $((all + 1))): $out"; fi
	pdftotext -f 1 -l 1 "$T/sk.pdf" - 2>/dev/null | tr '\n' ' ' |
	    grep -q "not printed: plain table.*The $skipped hatched tiles are plain table" &&
	    pass "$r: the plan marks the $skipped plain tiles" ||
	    fail "$r: the plan marks the plain tiles" "no 'not printed: plain table' or step 4"
done
out=$("$BIN" map $MOD -s 1 -p A4 -o "$T/g.pdf" 2>&1)
"$BIN" map -q $MOD -s 1 -p A4 --skip-empty -o "$T/ge.pdf" 2>/dev/null
a=$(pdfinfo "$T/g.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
b=$(pdfinfo "$T/ge.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "$a" = 50 ] && [ -n "$b" ] && [ "$b" -lt 50 ] && [ "$b" -gt 1 ] &&
    echo "$out" | grep -q '; 50 sheets: the plan and 49 tiles$' &&
    pass "a grid keeps its 49 tiles; --skip-empty prints $((b - 1))" ||
    fail "grid and --skip-empty" "$a and $b sheets: $out"
"$BIN" map $MOD --skip-empty --all-tiles -o "$T/both.pdf" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q -- '--skip-empty and --all-tiles' "$T/err" &&
    [ ! -f "$T/both.pdf" ] && pass "--skip-empty with --all-tiles: refused" ||
    fail "--skip-empty with --all-tiles" "exit $rc: $(cat "$T/err")"
# No tile with terrain on it is left out: every point of the terrain (as
# --write-terrain writes it, y up from Blue's edge) lies on a printed
# tile (as --dump places it on the table, from Blue's left corner).
for c in "cinder-vale:10" "gauntlet-ancients:1" "dice-skirmish:10"; do
	r=${c%%:*} k=${c#*:}
	for seed in 1 2 3; do
		"$BIN" map -q rulesets/$r.md -s $seed -p A4 --dump \
		    --write-terrain "$T/tr.yaml" -o "$T/tr.pdf" >"$T/tr.dump" 2>"$T/err"
		grep -o '\[-*[0-9.]*, -*[0-9.]*\]' "$T/tr.yaml" | tr -d '[],' |
		    awk -v k="$k" -v r="$r/$seed" 'NR == FNR {
			if ($1 == "tile") { n++; tw[n] = $5; th[n] = $6
				split($0, f, "\t"); split(f[7], a, " ")
				tx[n] = a[3]; ty[n] = a[4] }
			next }
		{ x = $1 * k; y = $2 * k; pts++; on = 0
		  for (i = 1; i <= n; i++)
			if (x >= tx[i] - 0.5 && x <= tx[i] + tw[i] + 0.5 &&
			    y >= ty[i] - 0.5 && y <= ty[i] + th[i] + 0.5) on = 1
		  if (!on) { off++; if (off <= 2) printf "%s: %.1f %.1f on no printed tile; ", r, x, y } }
		END { if (!pts || !n) print r ": no terrain or no tiles"
			else if (off) print off " points" }' "$T/tr.dump" - >>"$T/lost"
	done
done
[ ! -s "$T/lost" ] &&
    pass "no terrain on a tile left out (3 rulesets x 3 seeds)" ||
    fail "no terrain on a tile left out" "$(head -c 400 "$T/lost")"

# ---- nothing printed under 6 pt ----
# pdftotext -bbox gives each word's box; a horizontal word's box is its
# font's ascent plus descent, 1.164 em in DejaVu: 6 pt is 6.98 pt high.
small_words() {
	pdftotext -bbox "$1" - 2>/dev/null | awk -F'"' '
	/<page / { p++ }
	/<word / { h = $8 - $4; t = $0; sub(/.*">/, "", t); sub(/<.*/, "", t)
		if (h < 6 * 1.164 - 0.05) { n++; if (n <= 3)
			printf "page %d: \"%s\" at %.1f pt; ", p, t, h / 1.164 } }
	END { if (n) printf "%d words", n }'
}
for c in "modern:$MOD:" "ancients hex:$ANC:-g hex" \
    "ancients:$ANC:" "dice:rulesets/dice-skirmish.md:" \
    "Letter modern:$MOD:--paper Letter" "small cells:$MOD:--cell 10mm"; do
	name=${c%%:*} rest=${c#*:} r=${rest%%:*} opt=${rest#*:}
	"$BIN" map -q "$r" $opt -o "$T/six.pdf" 2>"$T/err"
	got=$(small_words "$T/six.pdf")
	[ -s "$T/six.pdf" ] && [ -z "$got" ] &&
	    pass "map ($name): no text under 6 pt" ||
	    fail "map ($name): no text under 6 pt" "$got $(cat "$T/err")"
	rm -f "$T/six.pdf"
done

# ---- hex labels clear of lines and crosshairs ----
# Inside each cell label's box there is nothing darker than the label's
# own grey (0x6a): no grid line (0x50), dashed overlap line (0x20) or
# crosshair (black) crosses it. The Ancients' hex map, 5 x 3 tiles
# counted from Blue's left corner: the top row's first two, 11 and 12
# (12 has a column of labels where 13 begins), and 6 under 11.
"$BIN" map -q $ANC -g hex -o "$T/hex.pdf" 2>"$T/err"
bad=0 seen=0
for pg in 12 13 7; do
	pdftotext -bbox -f $pg -l $pg "$T/hex.pdf" - 2>/dev/null |
	    awk -F'"' '/<word / && /">[0-9][0-9][0-9][0-9]</ {
		printf "%d %d %d %d\n", ($2 + 0.6) * 300 / 72,
		    ($4 + 0.6) * 300 / 72, ($6 - $2 - 1.2) * 300 / 72,
		    ($8 - $4 - 1.2) * 300 / 72 }' >"$T/boxes"
	while read -r x y w h; do
		seen=$((seen + 1))
		pdftoppm -r 300 -gray -f $pg -l $pg -x "$x" -y "$y" -W "$w" \
		    -H "$h" "$T/hex.pdf" >"$T/lb.pgm" 2>/dev/null
		hd=$(pgm_header <"$T/lb.pgm")
		tail -c +"$((hd + 1))" "$T/lb.pgm" | od -An -tu1 -v |
		    awk '{ for (i = 1; i <= NF; i++) if ($i < 95) d++ }
		    END { exit d > 0 }' || bad=$((bad + 1))
	done <"$T/boxes"
done
[ "$seen" -gt 20 ] && [ "$bad" -eq 0 ] &&
    pass "hex tiles: $seen cell labels, no line or crosshair across one" ||
    fail "hex labels clear" "$bad of $seen label boxes crossed"

# ---- one big page ----
"$BIN" map -q $MOD --paper none -o "$T/big.pdf" 2>"$T/err"
sz=$(pdfinfo "$T/big.pdf" 2>/dev/null | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\).*/\1 \2/p')
echo "$sz" | awk '{ w = $1 / 72 * 25.4; h = $2 / 72 * 25.4
    exit !(w > 1848.7 && w < 1848.9 && h > 1253.1 && h < 1253.3) }' &&
    pass "--paper none: one page of the table plus margins ($sz pt)" ||
    fail "--paper none" "page size '$sz' $(cat "$T/err")"

# ---- PNG for virtual tabletops ----
png_size() { # width height of a PNG from its IHDR
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4,
	    $5*16777216+$6*65536+$7*256+$8 }'
}
for ppc in 70 100 140; do
	"$BIN" map -q $MOD --px-per-cell $ppc -o "$T/v$ppc.png" 2>"$T/err"
	got=$(png_size "$T/v$ppc.png" 2>/dev/null)
	want="$((24 * ppc)) $((16 * ppc))"
	[ "$got" = "$want" ] && pass "PNG at $ppc px per cell is $got px" ||
	    fail "PNG at $ppc px per cell" "got '$got', want '$want'"
done
"$BIN" map -q $MOD --grid hex --cell 2in --px-per-cell 100 -o "$T/h.png" \
    2>"$T/err" && pass "hex PNG written ($(png_size "$T/h.png"))" ||
    fail "hex PNG" "$(cat "$T/err")"
"$BIN" map -q $MOD --no-lines -o "$T/nl.png" 2>/dev/null
if [ ! -s "$T/v100.png" ] || [ ! -s "$T/nl.png" ] || cmp -s "$T/v100.png" "$T/nl.png"; then
	fail "PNG without grid lines" "same as with lines (or none)"
else
	pass "PNG without grid lines differs from with lines"
fi
"$BIN" map -q $MOD --grid hex-pointy -s 3 -o "$T/m.svg" 2>"$T/err" &&
    grep -q '<svg' "$T/m.svg" && grep -q 'width="[0-9.]*mm"' "$T/m.svg" &&
    pass "SVG in millimetres" || fail "SVG" "$(cat "$T/err")"

# Presets: portable is 8 x 8 squares or 9 x 8 hexes (flat hexes of size
# s across the flats: 14 s / sqrt 3 wide, 8.5 s high).
"$BIN" map -q --table portable --cell 2in -o "$T/p.png" 2>/dev/null
got=$(png_size "$T/p.png" 2>/dev/null)
[ "$got" = "800 800" ] && pass "portable squares: 8 x 8 cells ($got px)" ||
    fail "portable squares" "got '$got'"
"$BIN" map -q --table portable --grid hex --cell 2in -o "$T/p.png" 2>/dev/null
got=$(png_size "$T/p.png" 2>/dev/null)
[ "$got" = "808 850" ] && pass "portable hexes: 9 x 8 cells ($got px)" ||
    fail "portable hexes" "got '$got', want '808 850'"
out=$("$BIN" map --grid hex --cell 2in --hex-size corners --table 4x4ft \
    -o "$T/c.png" 2>&1)
echo "$out" | grep -q '43.99 mm cells across the flats' &&
    pass "--hex-size corners: 2in corner to corner is 43.99 mm across" ||
    fail "--hex-size corners" "$out"

# ---- reproducible ----
"$BIN" map -q $MOD -s 7 -o "$T/a.pdf" && "$BIN" map -q $MOD -s 7 -o "$T/b.pdf"
cmp -s "$T/a.pdf" "$T/b.pdf" && pass "same seed, same PDF bytes" ||
    fail "same seed, same PDF bytes" "PDFs differ"
"$BIN" map -q $MOD -s 8 -o "$T/c.pdf"
[ -s "$T/a.pdf" ] && [ -s "$T/c.pdf" ] && ! cmp -s "$T/a.pdf" "$T/c.pdf" &&
    pass "another seed, another map" || fail "another seed, another map" "same PDF as seed 7 (or none)"
LC_ALL=de_DE.UTF-8 "$BIN" map -q $MOD -s 7 -o "$T/d.pdf" 2>/dev/null
cmp -s "$T/a.pdf" "$T/d.pdf" && pass "same PDF bytes in a decimal-comma locale" ||
    fail "PDF in de_DE" "bytes differ"
"$BIN" map -q $MOD -s 7 -o "$T/a.png" && "$BIN" map -q $MOD -s 7 -o "$T/b.png"
cmp -s "$T/a.png" "$T/b.png" && pass "same seed, same PNG bytes" ||
    fail "same seed, same PNG bytes" "PNGs differ"
"$BIN" map -q $MOD -s 7 -o "$T/a.svg" && "$BIN" map -q $MOD -s 7 -o "$T/b.svg"
cmp -s "$T/a.svg" "$T/b.svg" && pass "same seed, same SVG bytes" ||
    fail "same seed, same SVG bytes" "SVGs differ"
"$BIN" map -q $MOD -s 7 --write-terrain "$T/t1.yaml" -o "$T/x.png"
LC_ALL=de_DE.UTF-8 "$BIN" map -q $MOD -s 7 --write-terrain "$T/t2.yaml" \
    -o "$T/y.png" 2>/dev/null
[ -s "$T/t1.yaml" ] && cmp -s "$T/t1.yaml" "$T/t2.yaml" && ! grep -q '[0-9],[0-9]' "$T/t1.yaml" &&
    pass "terrain YAML the same in a decimal-comma locale" ||
    fail "terrain YAML in de_DE" "differs or has a decimal comma"

# ---- a scenario file's terrain ----
"$BIN" map -q $MOD --scenario "$T/t1.yaml" -o "$T/s.png" 2>"$T/err" &&
    cmp -s "$T/s.png" "$T/a.png" &&
    pass "terrain written and read back draws the same PNG" ||
    fail "scenario round trip" "$(cat "$T/err")"
printf 'terrain:\n  - kind: hill\n    contours: [[[0, 0], [10, 0]]]\n' \
    >"$T/bad.yaml"
"$BIN" map -q $MOD --scenario "$T/bad.yaml" -o "$T/bad.pdf" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q 'bad.yaml:3:[0-9]*: error:' "$T/err" &&
    [ ! -f "$T/bad.pdf" ] && pass "bad scenario: error with line and column" ||
    fail "bad scenario" "exit $rc: $(cat "$T/err")"

# ---- bad sizes: a clear error, exit 1, nothing written ----
bad_size() {
	name=$1 want=$2 out=$3; shift 3
	rm -f "$T/$out"
	"$BIN" map -q "$@" -o "$T/$out" 2>"$T/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q "$want" "$T/err" && [ ! -f "$T/$out" ]
	then pass "bad size: $name"
	else fail "bad size: $name" "exit $rc: $(cat "$T/err")"; fi
}
bad_size "zero cell" "greater than zero" bad.pdf $MOD --cell 0
bad_size "negative cell" "cell size" bad.pdf $MOD --cell -3in
bad_size "cell larger than the table" "larger than the table" bad.pdf \
    $MOD --cell 100in
bad_size "zero table" "greater than zero" bad.pdf --table 0x48in
bad_size "a million cells" "too many cells" bad.pdf --table 1000x1000in \
    --cell 1in
bad_size "huge PNG" "pixels" bad.png --table 400x400in --cell 1in \
    --px-per-cell 100
bad_size "overlap too large" "overlap" bad.pdf $MOD --overlap 200mm
bad_size "unknown label conversion" "conversion" bad.pdf $MOD --labels '%q'

# ---- usage ----
"$BIN" map $MOD >/dev/null 2>&1
[ $? -eq 2 ] && pass "no -o: usage error (exit 2)" || fail "no -o" "exit not 2"
"$BIN" map --bogus -o x.pdf >/dev/null 2>&1
[ $? -eq 2 ] && pass "unknown option: exit 2" || fail "unknown option" "exit not 2"

# ---- build writes map.pdf for both bundled rulesets ----
"$BIN" build -q $MOD $ANC -o "$T/out" 2>"$T/err"
for n in morschauser-modern gauntlet-ancients; do
	f="$T/out/$n/map.pdf"
	if pdfinfo "$f" >/dev/null 2>&1; then
		pass "build: $n/map.pdf ($(pdfinfo "$f" | sed -n 's/^Pages: *//p') pages)"
	else
		fail "build: $n/map.pdf" "$(cat "$T/err")"
	fi
done
pdftotext -f 1 -l 1 "$T/out/morschauser-modern/map.pdf" - 2>/dev/null |
    grep -q '3" cells' && pass "build: Modern map on 3-inch squares" ||
    fail "build: Modern map on 3-inch squares" "plan page does not say so"
pdftotext -f 2 -l 2 "$T/out/morschauser-modern/map.pdf" - 2>/dev/null |
    grep -q 'of [0-9]' && pdftotext -f 2 -l 2 \
    "$T/out/morschauser-modern/map.pdf" - | grep -q '100 mm' &&
    pass "tiles carry 'N of M' and the calibration bar" ||
    fail "tile labels" "no 'of N' or '100 mm' on tile 1"
f="$T/out/morschauser-modern/map.pdf"
grep -a -q '/PrintScaling */None' "$f" &&
    pass "the PDF asks to be printed at 100% (PrintScaling None)" ||
    fail "print at 100%" "no /PrintScaling /None"
n=$(pdfimages -list "$f" 2>/dev/null | tail -n +3 | wc -l)
[ -s "$f" ] && [ "$n" -eq 0 ] && pass "map PDF is vector only (no images)" ||
    fail "vector only" "$n images in the PDF"
