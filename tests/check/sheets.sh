#!/bin/sh
# sheets.sh BIN: the reference sheet, the unit cards and the report
# without blemishes (issue 18) — read back with poppler-utils:
#   reference  the prose in full while it fits both sides (Modern's river
#              penalty, side 2 more than a few clarifications); condensed,
#              a sentence with a number stays;
#   report     a finding's source line as text, not a Markdown row; no
#              table leaves a page of a row or two (Modern's coverage
#              shrinks onto its page);
#   cards      the odds heading on two lines at most; one melee column
#              where attacking and defending are equal (Modern); a mini
#              card keeps an odds table, says what it left out, and
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

# ---- reference ----

"$BIN" reference "$MOD" -o "$T/ref.pdf" 2>"$T/ref.err" >/dev/null
t=$(text "$T/ref.pdf")
case "$t" in
*"It is also reduced by 1 for a unit standing in a river and attacking an enemy on the bank."*)
	pass "Modern reference: the river penalty of 'Fighting a melee'" ;;
*)	fail "Modern reference: the river penalty of 'Fighting a melee'" \
	    "$(echo "$t" | grep -o 'Melee power is reduced.\{0,160\}')" ;;
esac
# A sentence without a number is there only when nothing is condensed.
case "$t" in
*"These penalties apply only to the attacking unit."*)
	pass "Modern reference: the prose in full (it fits both sides)" ;;
*)	fail "Modern reference: the prose in full (it fits both sides)" \
	    "condensed" ;;
esac
w1=$(words "$T/ref.pdf" 1) w2=$(words "$T/ref.pdf" 2)
[ "$w2" -ge $((w1 / 3)) ] &&
    pass "Modern reference: side 2 is no blank page ($w2 words, side 1 $w1)" ||
    fail "Modern reference: side 2 is no blank page" "$w2 words, side 1 $w1"
# Condensed on request: first sentences, and every one with a number.
sed 's/^condense:.*/condense: true/' templates/reference.yaml >"$T/cond.yaml"
"$BIN" reference -q -t "$T/cond.yaml" "$MOD" -o "$T/cond.pdf" 2>/dev/null
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
exit 0
