#!/bin/sh
# sheets.sh BIN: the reference sheet, the unit cards and the report
# without blemishes (issue 18) — read back with poppler-utils:
#   reference  condense: auto, the prose in full while it fits both sides (Modern's river
#              penalty, side 2 more than a few clarifications); both
#              sides two thirds full or more, the text grown to fill (up
#              to max-size) and a wide table shrunk alone; condensed,
#              a sentence with a number stays;
#   report     a finding's source line as text, not a Markdown row; no
#              table leaves a page of a row or two (Modern's coverage
#              shrinks onto its page);
#   cards      the odds heading on two lines at most; one melee column
#              where attacking and defending are equal (Modern); a mini
#              card keeps an odds table (Saltmarsh's under a caption, a
#              line an enemy), says what it left out, and
#              prints "Road", not "Road m…";
#   all        the ruleset's version on every product; nothing under 6 pt.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
unset LC_PAPER LANG
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
MOD=rulesets/morschauser-modern.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
# The text of a PDF (or of its page $2) on one line, spaces squeezed.
text() {
	if [ -n "$2" ]; then
		pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null
	else
		pdftotext "$1" - 2>/dev/null
	fi | tr -s ' \n\t\f' '    ' | tr -s ' '
}
# The same in content order: a cell wrapped on two lines reads as one.
raw() { pdftotext -raw "$1" - 2>/dev/null | tr -s ' \n\t\f' '    '; }
words() { pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null | wc -w; }
# Smallest word height (pt) on any page; DejaVu at 6 pt is 6.98 tall.
min_height() {
	pdftotext -bbox "$1" - 2>/dev/null |
	    grep -o 'yMin="[0-9.]*" xMax="[0-9.]*" yMax="[0-9.]*"' |
	    LC_ALL=C awk -F'"' '{ h = $6 - $2; if (m == "" || h < m) m = h } END { print m }'
}

# fill PDF PAGE [COLS]: how much of its columns' height (3 unless
# given) page PAGE's text fills, 0.00 to 1.00: the mean over the columns
# (equal parts of the page) of the height from the page's topmost word
# to the column's lowest, over the height down to the footer (the page's
# lowest line, left out).
fill() {
	pdftotext -f "$2" -l "$2" -bbox "$1" - 2>/dev/null |
	    sed -n -e 's/.*<page width="\([0-9.]*\)".*/P \1/p' \
	    -e 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)" xMax="[0-9.]*" yMax="\([0-9.]*\)".*/W \1 \2 \3/p' |
	    LC_ALL=C awk -v cols="${3:-3}" '
		$1 == "P" { pw = $2; next }
		{ n++; x[n] = $2; y0[n] = $3; y1[n] = $4
		  if (top == "" || $3 < top) top = $3
		  if (foot == "" || $3 > foot) foot = $3 }
		END {
			for (i = 1; i <= n; i++) {
				if (y0[i] > foot - 2) continue
				c = int(x[i] / (pw / cols))
				if (y1[i] > low[c]) low[c] = y1[i]
			}
			for (c = 0; c < cols; c++)
				if (low[c] > top) s += (low[c] - top) / (foot - 2 - top)
			printf "%.2f\n", s / cols
		}'
}
# The most common word height (pt): the body text's size times 1.163.
body_height() {
	pdftotext -bbox "$1" - 2>/dev/null |
	    grep -o 'yMin="[0-9.]*" xMax="[0-9.]*" yMax="[0-9.]*"' |
	    LC_ALL=C awk -F'"' '{ c[sprintf("%.2f", $6 - $2)]++ }
		END { for (h in c) if (c[h] > m) { m = c[h]; b = h }; print b }'
}

# ---- reference ----

"$BIN" reference "$MOD" -o "$T/ref.pdf" 2>"$T/ref.err" >/dev/null
# condense: auto (no longer the default, issue 35: the sheet holds each
# rule's first sentence; tests/check/reference.sh) prints the prose in
# full while it fits both sides.
sed 's/^condense:.*/condense: auto/' templates/reference.yaml >"$T/auto.yaml"
"$BIN" reference -q -t "$T/auto.yaml" "$MOD" -o "$T/auto.pdf" 2>/dev/null
t=$(text "$T/auto.pdf")
case "$t" in
*"It is also reduced by 1 for a unit standing in a river and attacking an enemy on the bank."*)
	pass "Modern reference, condense auto: the river penalty of 'Fighting a melee'" ;;
*)	fail "Modern reference, condense auto: the river penalty of 'Fighting a melee'" \
	    "$(echo "$t" | grep -o 'Melee power is reduced.\{0,160\}')" ;;
esac
# A sentence without a number is there only when nothing is condensed.
case "$t" in
*"These penalties apply only to the attacking unit."*)
	pass "Modern reference, condense auto: the prose in full (it fits both sides)" ;;
*)	fail "Modern reference, condense auto: the prose in full (it fits both sides)" \
	    "condensed" ;;
esac
w1=$(words "$T/ref.pdf" 1) w2=$(words "$T/ref.pdf" 2)
[ "$w2" -ge $((w1 / 3)) ] &&
    pass "Modern reference: side 2 is no blank page ($w2 words, side 1 $w1)" ||
    fail "Modern reference: side 2 is no blank page" "$w2 words, side 1 $w1"
# Both sides filled before anything is condensed or left empty: side 2
# two thirds full at least (it held 1.6 of its 3 columns), on A4 and
# Letter, for every bundled ruleset — the text grows to fill (a sheet
# of short forms may leave room when its body is at max-size, 10 pt:
# 11.63 pt tall), and no word is under the least size, 6.5 pt (DejaVu:
# 7.56 pt tall).
for rs in "$MOD" rulesets/dice-skirmish.md rulesets/gauntlet-ancients.md; do
	name=$(basename "$rs" .md)
	for paper in A4 Letter; do
		"$BIN" reference -q -p "$paper" "$rs" -o "$T/f.pdf" 2>"$T/f.err"
		f1=$(fill "$T/f.pdf" 1) f2=$(fill "$T/f.pdf" 2)
		mh=$(min_height "$T/f.pdf") bh=$(body_height "$T/f.pdf")
		LC_ALL=C awk -v a="$f1" -v b="$f2" -v h="$mh" -v bh="$bh" \
		    'BEGIN { exit !((bh >= 11.6 || (a >= 0.67 && b >= 0.67)) && h >= 7.5) }' &&
		    [ "$(pages "$T/f.pdf")" -eq 2 ] && ! grep -q warning "$T/f.err" &&
		    pass "$name reference on $paper: both sides filled ($f1, $f2; text from $mh pt tall)" ||
		    fail "$name reference on $paper: both sides filled" \
		    "side 1 $f1, side 2 $f2 full, smallest word $mh pt tall; $(head -1 "$T/f.err")"
	done
done
# Letter's columns are narrower: Modern's odds table does not fit even
# at the least size, and its words break where English hyphenates them
# ("Anti-tank", "How-itzer"), never between any two letters ("Machin" /
# "e Gun"). pdftotext joins a hyphenated word; a word cut without a
# hyphen stays cut.
"$BIN" reference -q -p Letter "$MOD" -o "$T/l.pdf" 2>/dev/null
cut=$(pdftotext -raw "$T/l.pdf" - | tr ' ' '\n' | LC_ALL=C awk '
BEGIN { n = split("Machine Antitank Howitzer Armored Rocket Scout", w, " ") }
{ for (i = 1; i <= n; i++)
	if (length($0) >= 3 && length($0) < length(w[i]) &&
	    index(w[i], $0) == 1) { print $0; exit } }')
hy=$(pdftotext -f 1 -l 1 "$T/l.pdf" - | grep -c '^itzer\|^chine')
[ -z "$cut" ] && [ "$hy" -gt 0 ] &&
    pass "Modern reference on Letter: odds headers hyphenated, no word cut" ||
    fail "Modern reference on Letter: odds headers hyphenated, no word cut" \
    "cut: '$cut', hyphenated line ends: $hy"
# Modern's odds table (eight units a row) is too wide for its column at
# the body size: it takes a size of its own, the prose keeps 7 pt or
# more (the whole sheet was at 6.5 pt for it, side 2 half empty).
bh=$(body_height "$T/ref.pdf")
LC_ALL=C awk -v h="$bh" 'BEGIN { exit !(h >= 7 * 1.163 - 0.005) }' &&
    pass "Modern reference: the prose not shrunk for a wide table ($bh pt tall)" ||
    fail "Modern reference: the prose not shrunk for a wide table" "$bh pt tall"
# A small dice game (tests/rulesets/dice-keywords.md): its prose fits
# one side at 8.5 pt with room over, so it grows (Saltmarsh Reckoning's
# sheet, since its Quality tests table, is full at 8.5 pt).
"$BIN" reference -q tests/rulesets/dice-keywords.md -o "$T/d.pdf" 2>/dev/null
bh=$(body_height "$T/d.pdf")
LC_ALL=C awk -v h="$bh" 'BEGIN { exit !(h > 8.5 * 1.163 + 0.1 && h <= 10 * 1.163 + 0.1) }' &&
    pass "dice reference: the text grows to fill, up to max-size ($bh pt tall)" ||
    fail "dice reference: the text grows to fill, up to max-size" "$bh pt tall"
# Condensed on request, it fills both sides all the same.
sed 's/^condense:.*/condense: true/' templates/reference.yaml >"$T/cond.yaml"
"$BIN" reference -q -t "$T/cond.yaml" "$MOD" -o "$T/cond.pdf" 2>/dev/null
f2=$(fill "$T/cond.pdf" 2)
LC_ALL=C awk -v b="$f2" 'BEGIN { exit !(b >= 0.67) }' &&
    pass "condensed Modern reference: side 2 filled ($f2)" ||
    fail "condensed Modern reference: side 2 filled" "$f2 full"
# max-size: 8.5 (the size): nothing grows.
sed 's/^max-size:.*/max-size: 8.5/' templates/reference.yaml >"$T/nogrow.yaml"
"$BIN" reference -q -t "$T/nogrow.yaml" rulesets/dice-skirmish.md -o "$T/n.pdf" 2>/dev/null
bh=$(body_height "$T/n.pdf")
LC_ALL=C awk -v h="$bh" 'BEGIN { exit !(h <= 8.5 * 1.163 + 0.1) }' &&
    pass "reference: max-size holds the text ($bh pt tall)" ||
    fail "reference: max-size holds the text" "$bh pt tall"
# Condensed on request: first sentences, and every one with a number.
t=$(text "$T/cond.pdf")
case "$t" in
*"These penalties apply only"*)
	fail "condensed reference keeps sentences with numbers" "not condensed" ;;
*"Melee power is reduced by 1 for a unit attacking uphill. It is also reduced by 1 for a unit standing in a river"*)
	pass "condensed reference keeps sentences with numbers" ;;
*)	fail "condensed reference keeps sentences with numbers" \
	    "$(echo "$t" | grep -o 'Melee power is reduced.\{0,160\}')" ;;
esac

for rs in rulesets/gauntlet-ancients.md rulesets/dice-skirmish.md; do
	name=$(basename "$rs" .md)
	"$BIN" reference "$rs" -o "$T/r.pdf" 2>"$T/r.err" >/dev/null
	rc=$?
	[ $rc -eq 0 ] && [ -s "$T/r.pdf" ] && ! grep -q warning "$T/r.err" &&
	    pass "$name reference: no warning" ||
	    fail "$name reference: no warning" "exit $rc: $(head -2 "$T/r.err")"
	w1=$(words "$T/r.pdf" 1) w2=$(words "$T/r.pdf" 2)
	[ "$(pages "$T/r.pdf")" -eq 2 ] && [ "$w2" -ge $((w1 / 3)) ] &&
	    pass "$name reference: both sides used ($w1, $w2 words)" ||
	    fail "$name reference: both sides used" "$(pages "$T/r.pdf") sides, $w1 and $w2 words"
	# "Odds" on its own at the foot of a column: its heading keeps
	# with the table's title and the table (a word of the same column
	# within 30 pt under it).
	pdftotext -f 1 -l 1 -bbox "$T/r.pdf" - 2>/dev/null |
	    sed -n 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)".*>\([^<]*\)<\/word>.*/\1 \2 \3/p' |
	    LC_ALL=C awk '
		{ x[NR] = $1; y[NR] = $2; w[NR] = $3 }
		$3 == "Odds" { ox = $1; oy = $2; seen = 1 }
		END {
			if (!seen) exit 1
			for (i = 1; i <= NR; i++)
				if (x[i] - ox < 3 && ox - x[i] < 3 && y[i] > oy &&
				    (b == "" || y[i] < b))
					b = y[i]
			exit !(b != "" && b - oy < 30)
		}' &&
	    pass "$name reference: 'Odds' heading not left alone" ||
	    fail "$name reference: 'Odds' heading not left alone" "at the foot of its column"
done

# ---- report ----

"$BIN" report -q "$MOD" -o "$T/rep.pdf" 2>/dev/null
pdftotext -layout "$T/rep.pdf" "$T/rep.txt"
if [ ! -s "$T/rep.txt" ]; then
	fail "Modern report: no Markdown table row" "no report"
elif grep -n '^ *|\|▸ *|\|| *|' "$T/rep.txt" >"$T/bars"; then
	fail "Modern report: no Markdown table row" "$(head -2 "$T/bars")"
else
	pass "Modern report: no Markdown table row"
fi
grep -q '▸ Antitank Grenade · 4" · 4, 6 · all · Thrown by Rifle units' "$T/rep.txt" &&
    pass "Modern report: the finding's source row as text" ||
    fail "Modern report: the finding's source row as text" "$(grep '▸' "$T/rep.txt" | head -2)"
# Modern's coverage table ran four rows onto a page of their own; it
# shrinks onto its page (at 6.5 pt at least, below).
n=$(pages "$T/rep.pdf")
pdftotext -layout -f "$n" -l "$n" "$T/rep.pdf" - | grep -q 'Rule coverage' &&
    pass "Modern report: the coverage table on one page" ||
    fail "Modern report: the coverage table on one page" "page $n: $(pdftotext -layout -f "$n" -l "$n" "$T/rep.pdf" - | sed -n 4,6p)"
# No report leaves a row or two alone on its last page (coverage rows are
# "group.rule" ids).
for rs in rulesets/*.md; do
	[ "$rs" = rulesets/FORMAT.md ] && continue
	name=$(basename "$rs" .md)
	for p in A4 Letter; do
		"$BIN" report -q -p $p "$rs" -o "$T/r.pdf" 2>/dev/null
		n=$(pages "$T/r.pdf")
		k=$(pdftotext -layout -f "$n" -l "$n" "$T/r.pdf" - |
		    grep -c '^ *[a-z_]*\.[a-z_]*  ')
		[ "$k" -ge 3 ] && pass "$name report ($p): $k rows on the last page" ||
		    fail "$name report ($p): at least 3 rows on the last page" "$k"
		# ...and its last page is a third full at least: Modern's
		# coverage on Letter, begun on a page of its own, left six
		# rows (a tenth of a page) on one more; it begins under the
		# chart before it when that saves the page.
		f=$(fill "$T/r.pdf" "$n" 1)
		LC_ALL=C awk -v f="$f" 'BEGIN { exit !(f >= 0.33) }' &&
		    pass "$name report ($p): the last page $f full" ||
		    fail "$name report ($p): the last page a third full" "$f, page $n"
	done
done

# ---- cards ----

"$BIN" cards "$MOD" -o "$T/cards.pdf" 2>"$T/cards.err" >/dev/null
rc=$?
[ $rc -eq 0 ] && [ -s "$T/cards.pdf" ] && ! grep -q warning "$T/cards.err" &&
    pass "Modern cards: no warning" || fail "Modern cards: no warning" "exit $rc: $(head -2 "$T/cards.err")"
r=$(raw "$T/cards.pdf")
n=$(echo "$r" | grep -o 'Odds against shot kills wins a melee' | wc -l)
[ "$n" -eq 7 ] && pass "Modern cards: one melee column, attacking and defending equal" ||
    fail "Modern cards: one melee column, attacking and defending equal" "$n of 7; $(echo "$r" | grep -o 'Odds against.\{0,40\}' | head -1)"
# The panel's heading: "Odds" and "against" on at most two lines, and no
# more words under them.
for f in "$T/cards.pdf" "$T/mini.pdf"; do
	[ "$f" = "$T/mini.pdf" ] && "$BIN" cards --card mini "$MOD" -o "$f" 2>"$T/mini.err" >/dev/null
	pdftotext -bbox "$f" - 2>/dev/null | grep -A2 '>Odds<' |
	    sed -n 's/.*yMin="\([0-9.]*\)".*yMax="\([0-9.]*\)">\([^<]*\)<.*/\1 \2 \3/p' |
	    LC_ALL=C awk '
		$3 == "Odds" { y = $1; h = $2 - $1; st = 1; next }
		st == 1 { if ($3 != "against" || $1 - y > 1.3 * h) bad++; st = 2; next }
		st == 2 { if ($3 == "each" || $3 == "enemy") bad++; st = 0 }
		END { exit bad > 0 }' &&
	    pass "$(basename "$f"): 'Odds against' on two lines at most" ||
	    fail "$(basename "$f"): 'Odds against' on two lines at most" "see $f"
done
# Mini: each card keeps its odds table, the warning names what is left
# out, and the stat boxes take their short names.
n=$(raw "$T/mini.pdf" | grep -o 'Odds against' | wc -l)
[ "$n" -eq 7 ] && pass "Modern mini cards: an odds table on each card" ||
    fail "Modern mini cards: an odds table on each card" "$n of 7"
if grep -q 'warning' "$T/mini.err"; then
	grep 'warning' "$T/mini.err" | grep -v 'does not fit even at [0-9.]* pt on a mini card; left out: the odds against [A-Z]' >"$T/vague"
	[ ! -s "$T/vague" ] && pass "Modern mini cards: each warning names the odds left out" ||
	    fail "Modern mini cards: each warning names the odds left out" "$(head -1 "$T/vague")"
else
	pass "Modern mini cards: each warning names the odds left out (none)"
fi
t=$(text "$T/mini.pdf")
case "$t" in
*"Road m"*) fail "Modern mini cards: 'Road', not 'Road m…'" "$(echo "$t" | grep -o 'Road m.\{0,3\}' | head -1)" ;;
*Road*) pass "Modern mini cards: 'Road', not 'Road m…'" ;;
*) fail "Modern mini cards: 'Road', not 'Road m…'" "no Road" ;;
esac

# No stat box's name cut short on a mini card ("Toughn…"): the short
# name, or either in the condensed font, fits. The text of a cut name
# still reads whole (Pango maps the ellipsis to what it hides), but a cut
# one fills its box from the left edge where a whole one is centred over
# its value.
"$BIN" cards -q --card mini rulesets/dice-skirmish.md -o "$T/m.pdf" 2>/dev/null
pdftotext -bbox "$T/m.pdf" - 2>/dev/null |
    sed -n 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)" xMax="\([0-9.]*\)" yMax="\([0-9.]*\)">\([^<]*\)<\/word>.*/\1 \2 \3 \4 \5/p' |
    LC_ALL=C awk '
	{ n++; x0[n] = $1; y0[n] = $2; x1[n] = $3; y1[n] = $4; w[n] = $5 }
	END {
		for (i = 1; i <= n; i++) {
			if (w[i] != "Toughness")
				continue
			c = (x0[i] + x1[i]) / 2
			best = ""
			for (j = 1; j <= n; j++) {
				if (y0[j] <= y1[i] - 1 || y0[j] > y1[i] + 15)
					continue
				d = (x0[j] + x1[j]) / 2 - c
				if (d < 0)
					d = -d
				if (d < 8 && (best == "" || d < best))
					best = d
			}
			k++
			if (best == "" || best > 0.6)
				bad++
		}
		exit !(k == 7 && bad == 0)
	}' && pass "dice-skirmish mini cards: 'Toughness' whole, centred over its value" ||
    fail "dice-skirmish mini cards: 'Toughness' whole, centred over its value" "cut short (or not on 7 cards)"

# Saltmarsh's mini cards keep odds rows: under headings of their own
# (three lines) with names broken in two, not one enemy fitted on any
# card; under a caption, one line an enemy, as many as fit. What is
# shown and what the warnings name left out make every enemy on every
# card (7 x 7), and 4 cards or more show one at least.
"$BIN" cards --card mini rulesets/dice-skirmish.md -o "$T/dm.pdf" 2>"$T/dm.err" >/dev/null
pdftotext -raw "$T/dm.pdf" - 2>/dev/null | LC_ALL=C awk '
	/^[a-z]+$/ { card = prev }	# under its name, the class
	{ prev = $0 }
	/^[A-Z][A-Za-z ]* ([0-9]+%|\xe2\x80\x94) ([0-9]+%|\xe2\x80\x94)$/ { shown++; c[card] = 1 }
	END { for (k in c) cards++; print shown + 0, cards + 0 }' >"$T/dm.n"
read shown cards <"$T/dm.n"
left=$(sed -n 's/.*left out: the odds against \([^;(]*\)[;(].*/\1/p' "$T/dm.err" |
    sed 's/ and /, /; s/ *$//' | tr ',' '\n' | grep -c '[A-Za-z]')
[ "$cards" -ge 4 ] && [ $((shown + left)) -eq 49 ] &&
    raw "$T/dm.pdf" | grep -q 'Odds against: attack wounds' &&
    pass "dice-skirmish mini cards: odds rows on $cards cards ($shown shown, $left named left out)" ||
    fail "dice-skirmish mini cards: odds rows kept" \
    "rows on $cards cards, $shown shown, $left named left out (of 49)"

# ---- every product: the version, nothing under 6 pt ----

for rs in rulesets/*.md; do
	[ "$rs" = rulesets/FORMAT.md ] && continue
	name=$(basename "$rs" .md)
	v=$(sed -n '2,/^---$/s/^version: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' "$rs")
	[ -n "$v" ] || { fail "$name: has a version" "none in its front matter"; continue; }
	"$BIN" reference -q "$rs" -o "$T/p-ref.pdf" 2>/dev/null
	"$BIN" cards -q "$rs" -o "$T/p-cards.pdf" 2>/dev/null
	"$BIN" cards -q --card mini "$rs" -o "$T/p-mini.pdf" 2>/dev/null
	"$BIN" cards -q --single "$rs" -o "$T/p-single.pdf" 2>/dev/null
	"$BIN" report -q "$rs" -o "$T/p-report.pdf" 2>/dev/null
	for p in ref cards mini single report; do
		f="$T/p-$p.pdf"
		text "$f" | grep -q "v$v\([^.0-9]\|$\)" &&
		    pass "$name $p: prints version $v" ||
		    fail "$name $p: prints version $v" "not in its text"
		h=$(min_height "$f")
		LC_ALL=C awk "BEGIN { exit !(${h:-0} >= 6.95) }" &&
		    pass "$name $p: nothing under 6 pt" ||
		    fail "$name $p: nothing under 6 pt" "smallest word ${h} pt tall"
	done
	n=$(pages "$T/p-single.pdf")
	c=$(text "$T/p-single.pdf" | grep -o "v$v" | wc -l)
	[ "$c" -ge "$n" ] && pass "$name single: version on each of $n cards" ||
	    fail "$name single: version on each of $n cards" "$c"
done

# ---- every product on A4 and Letter: no word off its page ----
# A word past the sheet's edge is cut: the dice report's heat-map legend
# ran off the right edge ("(accum"), and map tiles printed the "2" of a
# border ruler's "200 mm" at their edge and cell labels off the sheet.
off_page() { # PDF: the words past an edge of their page, the first few
	pdftotext -bbox "$1" - 2>/dev/null | LC_ALL=C awk -F'"' '
		/<page / { w = $2; h = $4; p++ }
		/<word / && ($2 < -0.5 || $4 < -0.5 || $6 > w + 0.5 || $8 > h + 0.5) {
			if (++n <= 3) { sub(/^>/, "", $9); sub(/<.*/, "", $9)
				printf "page %d \"%s\"; ", p, $9 } }
		END { if (n) printf "%d in all\n", n }'
}
for rs in rulesets/*.md; do
	[ "$rs" = rulesets/FORMAT.md ] && continue
	name=$(basename "$rs" .md)
	for paper in A4 Letter; do
		bad=""
		for prod in reference cards map bases report rulebook; do
			"$BIN" $prod -q -p $paper "$rs" -o "$T/o.pdf" 2>/dev/null ||
			    { bad="$bad $prod: not made;"; continue; }
			o=$(off_page "$T/o.pdf")
			[ -z "$o" ] || bad="$bad $prod: $o"
		done
		"$BIN" scenario -q -n 20 -p $paper "$rs" -o "$T/o.pdf" 2>/dev/null &&
		    o=$(off_page "$T/o.pdf") && [ -z "$o" ] || bad="$bad scenario: $o"
		[ -z "$bad" ] && pass "$name on $paper: no word off its page" ||
		    fail "$name on $paper: no word off its page" "$bad"
	done
done
exit 0
