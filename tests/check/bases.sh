#!/bin/sh
# bases.sh BIN: checks of `sandtable bases` — true scale measured in the
# rendered pixels (600 dpi), margins, labels inside their bases, counts,
# rulers, markers, calibration on every page, impossible sizes.
# Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
MOD=rulesets/morschauser-modern.md
ANC=rulesets/gauntlet-ancients.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# The test's own arithmetic in the C locale (the suite runs again under
# de_DE.UTF-8, where awk would print 2,5); the binary keeps the caller's.
awk() { LC_ALL=C command awk "$@"; }

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# px_row PDF PAGE X_MM Y_MM W_MM: one 600 dpi pixel row of the page, as
# grey values one per line.
px_row() {
	awk -v x="$3" -v y="$4" -v w="$5" 'BEGIN {
		k = 600 / 25.4
		printf "%d %d %d\n", x * k, y * k, w * k }' >"$T/geo"
	read -r px py pw <"$T/geo"
	pdftoppm -r 600 -gray -f "$2" -l "$2" -x "$px" -y "$py" -W "$pw" -H 1 \
	    -singlefile "$1" "$T/row" || return 1
	tail -c "$pw" "$T/row.pgm" | od -An -v -tu1 | tr -s ' ' '\n' |
	    grep -v '^$'
	echo "$px" >"$T/px0"
}

# edges: from a pixel row on stdin, the distance in mm between the
# darkness-weighted centres of the first and the last dark line.
edges() {
	awk 'BEGIN { k = 25.4 / 600; n = 0 }
	{ v = 255 - $1; i = NR - 1
	  if (v > 40) { if (!inrun) { inrun = 1; s = 0; sw = 0 }
	                s += v * i; sw += v }
	  else if (inrun) { inrun = 0; c[n++] = s / sw } }
	END { if (inrun) c[n++] = s / sw
	      if (n < 2) { print "none"; exit }
	      printf "%.3f\n", (c[n - 1] - c[0]) * k }'
}

# measure NAME PDF PAGE X Y W WANT: check a length within 0.1 mm.
measure() {
	got=$(px_row "$2" "$3" "$4" "$5" "$6" | edges)
	if [ "$got" = none ] || [ -z "$got" ]; then
		fail "$1" "no lines found"
		return
	fi
	if awk -v g="$got" -v w="$7" 'BEGIN { d = g - w; if (d < 0) d = -d;
	    exit !(d <= 0.1) }'; then
		pass "$1 ($got mm)"
	else
		fail "$1" "measured $got mm, want $7 mm"
	fi
}

# Both bundled rulesets build, with a dump of the layout.
for r in $MOD $ANC; do
	n=$(basename "$r" .md)
	if "$BIN" bases "$r" -o "$T/$n.pdf" -T >"$T/$n.txt" 2>"$T/$n.err" &&
	    pdfinfo "$T/$n.pdf" >/dev/null 2>&1; then
		pass "bases $n writes a PDF"
	else
		fail "bases $n writes a PDF" "$(head -3 "$T/$n.err")"
	fi
done

# A 30 mm base is 30 mm wide and deep; a 1-inch base 25.4 mm.
line=$(grep '^base' "$T/gauntlet-ancients.txt" | head -1)
set -- $line
measure "30 mm base across" "$T/gauntlet-ancients.pdf" "$2" \
    "$(echo "$3" | awk '{ print $1 - 1 }')" \
    "$(echo "$4" | awk '{ print $1 + 2 }')" 32 30
line=$(grep '^base' "$T/morschauser-modern.txt" | head -1)
set -- $line
measure "1 in base across" "$T/morschauser-modern.pdf" "$2" \
    "$(echo "$3" | awk '{ print $1 - 1 }')" \
    "$(echo "$4" | awk '{ print $1 + 2 }')" 27.4 25.4
# Depth: render a pixel column by rotating the question — a tall thin
# crop read as a column.
set -- $line
px=$(awk -v x="$3" 'BEGIN { printf "%d", (x + 2) * 600 / 25.4 }')
py=$(awk -v y="$4" 'BEGIN { printf "%d", (y - 1) * 600 / 25.4 }')
ph=$(awk 'BEGIN { printf "%d", 27.4 * 600 / 25.4 }')
pdftoppm -r 600 -gray -f "$2" -l "$2" -x "$px" -y "$py" -W 1 -H "$ph" \
    -singlefile "$T/morschauser-modern.pdf" "$T/col"
got=$(tail -c "$ph" "$T/col.pgm" | od -An -v -tu1 | tr -s ' ' '\n' |
    grep -v '^$' | edges)
if awk -v g="$got" 'BEGIN { d = g - 25.4; if (d < 0) d = -d;
    exit !(d <= 0.1) }'; then
	pass "1 in base deep ($got mm)"
else
	fail "1 in base deep" "measured $got mm"
fi

# A 15-inch ruler is 381 mm (on A3 it is one piece).
if "$BIN" bases $MOD --paper a3 -o "$T/a3.pdf" -T >"$T/a3.txt" 2>/dev/null;
then
	line=$(awk -F'\t' '$1 == "ruler" && $14 == 381 && $15 == "1/1"' \
	    "$T/a3.txt" | head -1)
	if [ -z "$line" ]; then
		fail "15 in ruler is 381 mm" "no whole 15\" ruler on A3"
	else
		set -- $line
		measure "15 in ruler is 381 mm" "$T/a3.pdf" "$2" \
		    "$(echo "$3" | awk '{ print $1 - 1 }')" \
		    "$(echo "$4 $6" | awk '{ print $1 + $2 - 0.4 }')" 383 381
	fi
else
	fail "15 in ruler is 381 mm" "A3 run failed"
fi

# Its ticks: every half inch from 0 to 15, so 31 lines 1 mm below the edge.
if [ -n "$line" ]; then
	set -- $line
	got=$(px_row "$T/a3.pdf" "$2" "$(echo "$3" | awk '{ print $1 - 1 }')" \
	    "$(echo "$4" | awk '{ print $1 + 1 }')" 383 |
	    awk '{ d = $1 < 215 } d && !p { n++ } { p = d } END { print n + 0 }')
	[ "$got" -eq 31 ] && pass "15 in ruler: 31 half-inch ticks" ||
	    fail "15 in ruler ticks" "$got lines"
fi

# On A4 the 15" ruler is split into pieces that add up to 381 mm.
got=$(awk -F'\t' '$1 == "ruler" && $14 == 381 { s += $5; n++ }
    END { printf "%d %.3f", n, s }' "$T/morschauser-modern.txt")
case $got in
"2 381.000") pass "15 in ruler split in two on A4" ;;
*) fail "15 in ruler split in two on A4" "pieces, total: $got" ;;
esac

# ...and measured in the pixels, the pieces are 8" and 7".
awk -F'\t' '$1 == "ruler" && $14 == 381' "$T/morschauser-modern.txt" |
while read -r k pg x y w h rest; do
	measure "15 in ruler piece of $w mm" "$T/morschauser-modern.pdf" "$pg" \
	    "$(echo "$x" | awk '{ print $1 - 1 }')" \
	    "$(echo "$y $h" | awk '{ print $1 + $2 - 0.4 }')" \
	    "$(echo "$w" | awk '{ print $1 + 2 }')" "$w"
done

# One ruler per distinct range and gauge.
got=$(awk -F'\t' '$1 == "ruler" && $15 ~ /^1\// { printf "%s ", $14 / 25.4 }' \
    "$T/morschauser-modern.txt")
[ "$got" = "2 4 6 9 12 15 18 24 36 " ] && pass "Modern rulers: $got" ||
    fail "Modern rulers" "got $got"
got=$(awk -F'\t' '$1 == "ruler" && $15 ~ /^1\// { printf "%s ", $14 }' \
    "$T/gauntlet-ancients.txt")
[ "$got" = "30 40 50 60 80 90 110 130 240 " ] &&
    pass "ancients rulers: $got" || fail "ancients rulers" "got $got"
grep -q 'Melee range' "$T/morschauser-modern.txt" &&
    grep -q 'Stop distance' "$T/gauntlet-ancients.txt" &&
    pass "melee range and stop distance gauges" ||
    fail "gauges" "melee range or stop distance missing"

# Counts: both sides of the default battle (Modern: 13 a side).
got=$(grep -c '^base' "$T/morschauser-modern.txt")
[ "$got" -eq 26 ] && pass "Modern: 26 bases" || fail "Modern bases" "$got"
got=$(grep -c '^base' "$T/gauntlet-ancients.txt")
[ "$got" -eq 30 ] && pass "ancients: 30 bases" || fail "ancients bases" "$got"
"$BIN" bases $MOD --count 3 --no-rulers --no-markers -o "$T/c.pdf" -T \
    >"$T/c.txt" 2>/dev/null
got=$(grep -c '^base' "$T/c.txt")
[ "$got" -eq 21 ] && [ "$(grep -c '^ruler\|^marker' "$T/c.txt")" -eq 0 ] &&
    pass "--count 3: 21 bases, no rulers or markers" ||
    fail "--count" "$got bases"

# Markers the rules need.
pdftotext "$T/morschauser-modern.pdf" "$T/m.txt"
pdftotext "$T/gauntlet-ancients.pdf" "$T/g.txt"
grep -q 'In ford' "$T/m.txt" && pass "Modern: in-ford markers" ||
    fail "Modern markers" "no In ford"
grep -q 'Disordered' "$T/g.txt" && grep -q 'Routing' "$T/g.txt" &&
    grep -q '2 hits' "$T/g.txt" && pass "ancients: status and hit markers" ||
    fail "ancients markers" "missing"

# Every page: both calibration boxes, labelled, and the warning; the PDF
# asks for no scaling.
for n in morschauser-modern gauntlet-ancients; do
	pages=$(pdfinfo "$T/$n.pdf" | awk '/^Pages:/ { print $2 }')
	ok=1
	p=1
	while [ "$p" -le "$pages" ]; do
		pdftotext -f "$p" -l "$p" "$T/$n.pdf" "$T/p.txt"
		grep -q '100 mm ·' "$T/p.txt" &&
		    grep -q '4 in ·' "$T/p.txt" &&
		    grep -q 'Print at 100%' "$T/p.txt" || ok=0
		p=$((p + 1))
	done
	[ $ok -eq 1 ] && pass "$n: calibration on all $pages pages" ||
	    fail "$n calibration" "page $p lacks it"
	grep -a -q '/PrintScaling */None' "$T/$n.pdf" &&
	    pass "$n: PDF asks for print at 100%" ||
	    fail "$n print scaling" "no /PrintScaling /None"
done
# The calibration box itself measures 100 mm.
line=$(grep '^calibration' "$T/morschauser-modern.txt" | head -1)
set -- $line
measure "calibration box is 100 mm" "$T/morschauser-modern.pdf" "$2" \
    "$(echo "$3" | awk '{ print $1 - 1 }')" \
    "$(echo "$4" | awk '{ print $1 + 1.2 }')" 102 100

# The calibration boxes are a band at the page's foot (they took a
# quarter of every page as 100 x 50 mm and 4 x 2 in boxes): 100 mm and
# 4 in wide, at most 15 mm deep, their foot on the bottom margin.
for n in morschauser-modern gauntlet-ancients; do
	got=$(awk -F'\t' '$1 == "page" { H = $6; M = $7 }
	    $1 == "calibration" { k++
	      if ($6 > 15 || $4 + $6 < H - M - 0.01 ||
	          !($5 == 100 || ($5 > 101.59 && $5 < 101.61))) bad++ }
	    END { printf "%d %d", k, bad }' "$T/$n.txt")
	case $got in
	"0 "*|*" "[1-9]*) fail "$n: calibration band" "boxes, bad: $got" ;;
	*) pass "$n: calibration boxes 100 mm and 4 in wide, 15 mm deep at most, at the foot" ;;
	esac
done
# Pages fill: fewer sheets than with the big boxes (3 each), and the
# last page at least 40% full (it was 80% empty): the pieces' areas with
# their gaps over the area above the calibration band.
fill() {
	awk -F'\t' '$1 == "page" { n = $2; W = $5; H = $6; M = $7 }
	    $1 == "calibration" { ch = $6 }
	    $1 != "page" && $1 != "calibration" { a[$2] += ($5 + 2) * ($6 + 2) }
	    END { printf "%d %.2f", n, a[n] / ((W - 2 * M) * (H - 2 * M - ch - 3)) }' "$1"
}
for c in "morschauser-modern 2" "gauntlet-ancients 2"; do
	set -- $c
	got=$(fill "$T/$1.txt")
	if awk -v g="$got" -v m="$2" 'BEGIN { split(g, v, " ")
	    exit !(v[1] <= m && v[2] >= 0.4) }'; then
		pass "$1: $(echo "$got" | cut -d' ' -f1) pages, the last $(echo "$got" | cut -d' ' -f2) full"
	else
		fail "$1: pages fill" "pages, last page fill: $got (want at most $2 pages, 0.4 full)"
	fi
done
"$BIN" bases rulesets/dice-skirmish.md -o "$T/dk.pdf" -T >"$T/dk.txt" 2>/dev/null
got=$(fill "$T/dk.txt")
awk -v g="$got" 'BEGIN { split(g, v, " "); exit !(v[1] <= 2 && v[2] >= 0.4) }' &&
    pass "dice-skirmish: $got (pages, last page fill)" ||
    fail "dice-skirmish: pages fill" "$got"
# Nothing under 6 pt (a word's box is 1.164 em high in DejaVu).
for f in "$T/morschauser-modern.pdf" "$T/gauntlet-ancients.pdf" "$T/dk.pdf"; do
	got=$(pdftotext -bbox "$f" - 2>/dev/null | awk -F'"' '/<word / {
	    if ($8 - $4 < 6 * 1.164 - 0.05) n++ } END { print n + 0 }')
	[ -s "$f" ] && [ "$got" -eq 0 ] && pass "$(basename "$f"): no text under 6 pt" ||
	    fail "$(basename "$f"): text under 6 pt" "$got words"
done

# Nothing outside the printable margin: by the layout, then by pixels.
for n in morschauser-modern gauntlet-ancients; do
	bad=$(awk -F'\t' '$1 == "page" { W[$2] = $5; H[$2] = $6; M = $7; next }
	    { p = $2; if ($3 < M - 1e-6 || $4 < M - 1e-6 ||
	      $3 + $5 > W[p] - M + 1e-6 || $4 + $6 > H[p] - M + 1e-6) n++ }
	    END { print n + 0 }' "$T/$n.txt")
	grep -q '^base' "$T/$n.txt" && [ "$bad" -eq 0 ] && pass "$n: layout inside the margins" ||
	    fail "$n margins" "$bad pieces outside"
	pdftoppm -r 50 -gray "$T/$n.pdf" "$T/lo"
	bad=0
	ls "$T"/lo*.pgm >/dev/null 2>&1 || bad="no pages"
	for f in "$T"/lo*.pgm; do
		# Header: P5, width height, 255.
		set -- $(head -c 20 "$f" | tr '\n' ' ')
		w=$2 h=$3
		m=18 # px at 50 dpi: 9.1 mm, inside the 10 mm margin
		dark=$(tail -c $((w * h)) "$f" | od -An -v -tu1 |
		    tr -s ' ' '\n' | grep -v '^$' |
		    awk -v w="$w" -v h="$h" -v m="$m" '{ i = NR - 1; x = i % w
		      y = int(i / w); if ((x < m || y < m || x >= w - m ||
		      y >= h - m) && $1 < 250) n++ } END { print n + 0 }')
		[ "$dark" -eq 0 ] || bad=$((bad + 1))
	done
	[ "$bad" = 0 ] && pass "$n: margins blank in the pixels" ||
	    fail "$n margin pixels" "$bad pages with ink in the margin"
	rm -f "$T"/lo*.pgm
done

# Labels never overflow: every label box inside its piece (round bases:
# inside the circle), even when they had to shrink.
labels_inside() {
	awk -F'\t' '$1 == "base" || $1 == "ruler" || $1 == "marker" {
	    if ($9 == 0) next
	    if ($11 == "round" || $11 == "oval") {
	      a = $5 / 2; b = $6 / 2; cx = $3 + a; cy = $4 + b
	      split($7 " " $7 + $9, xs, " "); split($8 " " $8 + $10, ys, " ")
	      for (i = 1; i <= 2; i++) for (j = 1; j <= 2; j++) {
	        dx = (xs[i] - cx) / a; dy = (ys[j] - cy) / b
	        if (dx * dx + dy * dy > 1 + 1e-6) n++ }
	    } else if ($7 < $3 - 1e-6 || $8 < $4 - 1e-6 ||
	      $7 + $9 > $3 + $5 + 1e-6 || $8 + $10 > $4 + $6 + 1e-6) n++ }
	    END { print n + 0 }' "$1"
}
for f in morschauser-modern gauntlet-ancients; do
	got=$(labels_inside "$T/$f.txt")
	grep -q '^base' "$T/$f.txt" && [ "$got" -eq 0 ] && pass "$f: labels inside their pieces" ||
	    fail "$f labels" "$got overflow"
done
"$BIN" bases $ANC --base "20mm" -o "$T/s.pdf" -T >"$T/s.txt" 2>"$T/s.err"
got=$(labels_inside "$T/s.txt")
[ "$got" -eq 0 ] && grep -q 'warning: label of' "$T/s.err" &&
    pass "20 mm bases: labels shortened, with a warning" ||
    fail "small labels" "$got overflow; $(head -1 "$T/s.err")"
# ...but never set under 6 pt.
got=$(pdftotext -bbox "$T/s.pdf" - 2>/dev/null | awk -F'"' '/<word / {
    if ($8 - $4 < 6 * 1.164 - 0.05) n++ } END { print n + 0 }')
[ -s "$T/s.pdf" ] && [ "$got" -eq 0 ] && pass "20 mm bases: no label under 6 pt" ||
    fail "20 mm bases: labels under 6 pt" "$got words"
"$BIN" bases $ANC --base "25mm round" --guides -o "$T/r.pdf" -T \
    >"$T/r.txt" 2>/dev/null
got=$(labels_inside "$T/r.txt")
grep -q 'round' "$T/r.txt" && [ "$got" -eq 0 ] &&
    pass "round bases: labels inside the circle" ||
    fail "round labels" "$got overflow"
line=$(grep '^base' "$T/r.txt" | head -1)
set -- $line
measure "25 mm round base across" "$T/r.pdf" "$2" \
    "$(echo "$3" | awk '{ print $1 - 1 }')" \
    "$(echo "$4 $6" | awk '{ print $1 + $2 / 2 }')" 27 25

# Other sizes and trays.
"$BIN" bases $MOD --base 40x20mm --tray 3 --no-rulers --no-markers \
    -o "$T/t.pdf" -T >"$T/t.txt" 2>/dev/null
got=$(awk -F'\t' '$1 == "tray" { print $5 "x" $6; exit }' "$T/t.txt")
[ "$got" = "124x24" ] && pass "trays of 3 40x20 mm bases: 124x24 mm" ||
    fail "trays" "got '$got'"
line=$(grep '^base' "$T/t.txt" | head -1)
set -- $line
measure "40x20 mm base across" "$T/t.pdf" "$2" \
    "$(echo "$3" | awk '{ print $1 - 1 }')" \
    "$(echo "$4" | awk '{ print $1 + 2 }')" 42 40
"$BIN" bases $MOD --base "60x35mm oval" --base-dummy 2>/dev/null
[ $? -eq 2 ] && pass "unknown option: exit 2" || fail "unknown option" "exit"
"$BIN" bases $MOD 2>/dev/null
[ $? -eq 2 ] && pass "no -o: exit 2" || fail "no -o" "exit not 2"

# Impossible sizes: clear errors, exit 1, no file.
for spec in 0mm 300mm "0x20mm" "40x20mm round" "60mm oval"; do
	rm -f "$T/x.pdf"
	"$BIN" bases $MOD --base "$spec" -o "$T/x.pdf" 2>"$T/x.err"
	rc=$?
	if [ $rc -eq 1 ] && [ ! -e "$T/x.pdf" ] &&
	    grep -q "error: --base '$spec'\|larger than the paper" "$T/x.err"
	then
		pass "--base $spec: $(head -1 "$T/x.err" | cut -c1-70)…"
	else
		fail "--base $spec" "exit $rc: $(head -1 "$T/x.err")"
	fi
done

# A base from the ruleset that no paper page holds: the error names the
# unit's line.
cat >"$T/big.md" <<'EOF2'
---
title: Big
engine: morale
measure: mm
base: 30mm
---

## Units

| Unit | Class | Move | Morale | Fire dice | Melee dice | Weapons | Base |
|---|---|---|---|---|---|---|---|
| Giant | infantry | 40 | 6 | — | 6 | | 250x200mm |
EOF2
"$BIN" bases "$T/big.md" -o "$T/big.pdf" 2>"$T/big.err"
rc=$?
[ $rc -eq 1 ] && [ ! -e "$T/big.pdf" ] &&
    grep -q 'big.md:12:[0-9]*: error: the base (250 x 200 mm) is larger than the paper' \
    "$T/big.err" && pass "ruleset base too big: error at the unit's line" ||
    fail "ruleset base too big" "exit $rc: $(grep error "$T/big.err")"

# One measure (issue 34): a ruleset in centimetres gets its labels, ruler
# lengths, tick numbers and base sizes in cm, not mm; a weapon keeps its
# name and range on one line; an inch ruleset keeps inches.
"$BIN" bases rulesets/dice-skirmish.md -o "$T/ds.pdf" 2>/dev/null
pdftotext -layout "$T/ds.pdf" "$T/ds.txt" 2>/dev/null
miss=
for s in 'Move 12 cm' 'Reed bow 40 cm,' 'Hooked spear 2 cm' 'Sling 30 cm' \
    'Heavy crossbow 60 cm' '24 cm Move: Saltburn Lancers' \
    '40 cm (part 1 of 2) Fire: Reed bow (Reed Wardens)' \
    'bases 3 × 3 cm'; do
	grep -qF "$s" "$T/ds.txt" || miss="$miss '$s'"
done
[ -z "$miss" ] && ! grep -qE '[0-9] mm (Move|Fire|\(part)|(Move|bow|spear|Sling) [0-9]+ mm' "$T/ds.txt" &&
    pass "cm ruleset: bases and rulers in cm" ||
    fail "cm ruleset: bases and rulers in cm" "missing$miss; $(grep -oE '[A-Za-z]+ [0-9]+ mm' "$T/ds.txt" | sort -u | head -3 | tr '\n' ' ')"
# The 24 cm ruler is numbered 0 to 24, not 0 to 240.
grep -qE '^ *0 +1 +2 +3 .* 23 +24 *$' "$T/ds.txt" &&
    ! grep -qE ' 230 +240 *$' "$T/ds.txt" &&
    pass "cm ruleset: rulers numbered in cm" ||
    fail "cm ruleset: rulers numbered in cm" "$(grep -E '^ *0 ' "$T/ds.txt" | head -1 | tr -s ' ')"
# The Cinder Vale: 4 cm bases, a 2 cm contact gauge.
"$BIN" bases rulesets/cinder-vale.md -o "$T/cv.pdf" 2>/dev/null
pdftotext -layout "$T/cv.pdf" "$T/cv.txt" 2>/dev/null
grep -qF 'bases 4 × 4 cm' "$T/cv.txt" && grep -qF 'Longbow 50 cm' "$T/cv.txt" &&
    grep -qE '^ *2 cm Contact' "$T/cv.txt" && grep -qF 'Slag fist 2 cm' "$T/cv.txt" &&
    pass "cm ruleset: Cinder Vale in cm" ||
    fail "cm ruleset: Cinder Vale in cm" "$(grep -oE 'bases [^,]*|Longbow [0-9]+ [a-z]+' "$T/cv.txt" | head -2 | tr '\n' ' ')"
# Modern, in inches: a two-word weapon is not split from its range.
pdftotext -layout "$T/morschauser-modern.pdf" "$T/ml.txt" 2>/dev/null
grep -qF 'Antitank Grenade 4″' "$T/ml.txt" && grep -qF 'Move 9″ · Melee 4' "$T/ml.txt" &&
    grep -qF '2″ Melee range' "$T/ml.txt" &&
    pass "inch ruleset: labels in inches, a weapon on one line" ||
    fail "inch ruleset: labels in inches, a weapon on one line" "$(grep -oE '[A-Za-z]+ [0-9]+″' "$T/ml.txt" | sort -u | tr '\n' ' ')"

# A ruleset in centimetres that gives no base or table gets metric
# defaults: 2.5 cm bases on a 180 × 120 cm table (not 1 × 1 in bases,
# a 182.88 cm × 121.92 cm table).
sed '/^table: 120x90cm$/d; /^base: 3cm$/d' rulesets/dice-skirmish.md >"$T/nt.md"
"$BIN" bases "$T/nt.md" -o "$T/nt.pdf" 2>/dev/null
"$BIN" map -q "$T/nt.md" -o "$T/ntm.pdf" 2>/dev/null
pdftotext "$T/nt.pdf" - 2>/dev/null | grep -qF 'bases 2.5 × 2.5 cm' &&
    pdftotext "$T/ntm.pdf" - 2>/dev/null | grep -qF '180 cm × 120 cm' &&
    pass "cm ruleset: default base and table in cm" ||
    fail "cm ruleset: default base and table in cm" "$(pdftotext "$T/nt.pdf" - 2>/dev/null | grep -oE -m1 'bases [^,]*'); $(pdftotext "$T/ntm.pdf" - 2>/dev/null | grep -oE -m1 '[0-9.]+ cm × [0-9.]+ cm')"

# Same inputs, same bytes; a decimal-comma locale changes nothing.
"$BIN" bases $ANC -o "$T/d1.pdf" 2>/dev/null
LC_ALL=de_DE.UTF-8 "$BIN" bases $ANC -o "$T/d2.pdf" 2>/dev/null
cmp -s "$T/d1.pdf" "$T/d2.pdf" && cmp -s "$T/d1.pdf" "$T/gauntlet-ancients.pdf" &&
    pass "byte-identical output, any locale" ||
    fail "reproducible" "outputs differ"

# build writes out/NAME/bases.pdf.
"$BIN" build $MOD -o "$T/out" -q 2>/dev/null
[ -s "$T/out/morschauser-modern/bases.pdf" ] &&
    pass "build writes bases.pdf" || fail "build" "no bases.pdf"
# A ruler too short for its users on one line is as deep as their list
# needs (the 2 cm contact gauge listed nobody, with a warning).
"$BIN" bases rulesets/dice-skirmish.md -o "$T/dsu.pdf" 2>"$T/dsu.err" >/dev/null
pdftotext "$T/dsu.pdf" - | tr '\n' ' ' | tr -s ' ' >"$T/dsu.txt"
! grep -q 'left off' "$T/dsu.err" &&
    grep -qF '2 cm Contact · Fire: Hooked spear (Reed Wardens, Shellback Guard), Lance (Saltburn Lancers)' "$T/dsu.txt" &&
    pass "a short ruler lists its users" ||
    fail "a short ruler lists its users" "$(cat "$T/dsu.err"; grep -o '2 cm Contact.\{60\}' "$T/dsu.txt")"
