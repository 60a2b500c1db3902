#!/bin/sh
# deck.sh BIN: one deck style (issue 35): every card of a deck has one
# body size (the default layout and a layout of fields, each bundled
# ruleset); a print-only ruleset's own classes get symbols and colours,
# a template sets their colours; card backs as a template designs them;
# cards --unit NAME makes one card, with "did you mean".
# (The class colours' distances are tests/unit/test_card_colours.c's.)
# Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
awk() { LC_ALL=C command awk "$@"; }
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# modes PDF: each page's commonest word height (pdftotext -bbox, tenths
# of a point), one a line: a card's body text outnumbers its name,
# class, stat boxes and footer.
modes() {
	pdftotext -bbox "$1" - 2>/dev/null | awk '
		/<page / { p++ }
		/<word / {
			match($0, /yMin="[0-9.]+"/)
			a = substr($0, RSTART + 6, RLENGTH - 7)
			match($0, /yMax="[0-9.]+"/)
			b = substr($0, RSTART + 6, RLENGTH - 7)
			n[p " " sprintf("%.1f", b - a)]++ }
		END {
			for (k in n) {
				split(k, x, " ")
				if (n[k] > m[x[1]]) { m[x[1]] = n[k]; h[x[1]] = x[2] }
			}
			for (q = 1; q <= p; q++) print h[q] }'
}

# --- one body size a deck ---
for t in unit-cards unit-cards-portrait-art; do
	ok=1 why=""
	for r in rulesets/*.md; do
		[ "$(basename "$r")" = FORMAT.md ] && continue
		n=$(basename "$r" .md)
		"$BIN" cards -q --single -t $t "$r" -o "$T/$n.pdf" 2>/dev/null ||
			{ ok=0; why="$why $n: exit"; continue; }
		s=$(modes "$T/$n.pdf" | sort -u | tr '\n' ' ')
		case "$s" in
		*" "?*) ok=0; why="$why $n: heights $s" ;;
		esac
	done
	[ $ok = 1 ] && pass "$t: one body size on every card of a deck" ||
		fail "$t: one body size on every card of a deck" "$why"
done
# ... and --dump says it on each body.
ok=1 why=""
for r in rulesets/*.md; do
	[ "$(basename "$r")" = FORMAT.md ] && continue
	s=$("$BIN" cards -q "$r" -o "$T/d.pdf" --dump 2>/dev/null |
		awk '$1 == "body" { print $7 }' | sort -u | tr '\n' ' ')
	case "$s" in
	?*pt" ") ;;
	*) ok=0; why="$why $(basename "$r"): '$s'" ;;
	esac
done
[ $ok = 1 ] && pass "cards --dump: one body size a deck" ||
	fail "cards --dump: one body size a deck" "$why"

# --- the game's own classes: colours of their own, a template's ---
cat >"$T/own.md" <<'MD'
---
title: Hearth and Hall
---
# Hearth and Hall

## Units

| Unit | Class | Move | Notes |
|---|---|---|---|
| Huscarls | Hearth guard | 4 | Close order. |
| Churls | Levy | 5 | Many. |
| Wrights | Engineers of war | 3 | Slow. |
| Riders | cavalry | 8 | Fast. |
| Bondi | levy | 5 | As churls. |
MD
# frame PDF PAGE: the colour of the card's frame (left edge, halfway).
frame() {
	pdftoppm -r 72 -f "$2" -l "$2" -x 3 -y 125 -W 1 -H 1 "$1" |
		tail -c 3 | od -An -tx1 | tr -d ' \n'
}
"$BIN" cards -q --single "$T/own.md" -o "$T/own.pdf" 2>"$T/own.err"
c=""
for p in 1 2 3 4 5; do c="$c $(frame "$T/own.pdf" $p)"; done
n=$(echo $c | tr ' ' '\n' | sort -u | wc -l)
set -- $c
[ "$n" = 4 ] && [ "$2" = "$5" ] &&
	pass "own classes: a colour each, the same for the same class ($c)" ||
	fail "own classes: a colour each, the same for the same class" "$c"
sed 's/^class-colours:.*/class-colours:\n  levy: "#123456"\n  Hearth Guard: "#654321"/' \
	templates/unit-cards.yaml >"$T/own.yaml"
"$BIN" cards --single -t "$T/own.yaml" "$T/own.md" -o "$T/t.pdf" \
	>/dev/null 2>&1 2>"$T/t.err"
c="$(frame "$T/t.pdf" 1) $(frame "$T/t.pdf" 2) $(frame "$T/t.pdf" 5)"
[ "$c" = "654321 123456 123456" ] && ! grep -q "yaml.*warning" "$T/t.err" &&
	pass "class-colours: sets the colour of an own class by name" ||
	fail "class-colours: sets the colour of an own class by name" \
	    "$c; $(head -2 "$T/t.err")"

# --- symbols: the game's own classes' letters; keywords whole words ---
cat >"$T/brass.md" <<'MD'
---
title: Brass and Thunder
---
# Brass and Thunder

## Units

| Unit | Class | Move | Notes |
|---|---|---|---|
| Heavy Gunner | Trooper | 4 | Carries the big gun. |
| Clockwork Walker | War machine | 3 | Slow. |
| Field Guns | Trooper | 2 | Booms. |
| Tinkers | Tinker | 5 | Fix things. |
MD
# ink PDF PAGE X Y W H: the dark pixels of a box (points at 72 dpi).
ink() {
	pdftoppm -r 72 -gray -f "$2" -l "$2" -x "$3" -y "$4" -W "$5" -H "$6" "$1" |
		tail -c $(($5 * $6)) | od -An -v -tu1 |
		awk '{ for (i = 1; i <= NF; i++) if ($i < 110) n++ } END { print n + 0 }'
}
# The symbol's frame at the band's right (poker, band 10mm, safe 3mm):
# 50 to 60.5 mm across, 1.5 to 8.5 mm down; inside it, its left third
# and its middle. A card a page, in the Units table's order.
"$BIN" cards -q --single "$T/brass.md" -o "$T/s.pdf" 2>/dev/null
p=0
for u in "Heavy Gunner" "Clockwork Walker" "Field Guns" Tinkers; do
	p=$((p + 1))
	echo "$u: $(ink "$T/s.pdf" $p 147 10 6 9) $(ink "$T/s.pdf" $p 155 12 4 4)"
done >"$T/sym"
# An own class with no keyword: letters fill the frame, its left too.
awk -F': ' '/^(Heavy Gunner|Clockwork Walker|Tinkers):/ {
	split($2, v, " "); if (v[1] < 4) bad = bad " " $1 } END { exit bad != "" }' \
	"$T/sym" &&
	pass "own classes: their letters in the symbol's frame" ||
	fail "own classes: their letters in the symbol's frame" "$(tr '\n' ';' <"$T/sym")"
# Heavy Gunner is no gun ("gun" is a word: Guns, not Gunners); Field
# Guns is: the artillery dot in the middle, nothing at the left.
set -- $(awk -F': ' '/^Field Guns:/ { print $2 }' "$T/sym")
[ "${1:-9}" = 0 ] && [ "${2:-0}" -gt 4 ] &&
	awk -F': ' '/^Heavy Gunner:/ { split($2, v, " "); exit v[1] < 4 }' "$T/sym" &&
	pass "symbols: 'Guns' is artillery, 'Heavy Gunner' not" ||
	fail "symbols: 'Guns' is artillery, 'Heavy Gunner' not" "$(tr '\n' ';' <"$T/sym")"
# The letters differ between classes: War machine WM (page 2) and Tinker TI
# (page 4) are not the same picture.
a=$(pdftoppm -r 72 -gray -f 2 -l 2 -x 147 -y 10 -W 22 -H 9 "$T/s.pdf" | md5sum)
b=$(pdftoppm -r 72 -gray -f 4 -l 4 -x 147 -y 10 -W 22 -H 9 "$T/s.pdf" | md5sum)
[ "$a" != "$b" ] &&
	pass "own classes: two classes, two symbols" ||
	fail "own classes: two classes, two symbols" "the same pixels"

# --- cards --unit NAME ---
"$BIN" cards -q --unit "heavy gunner" "$T/brass.md" -o "$T/one.pdf" 2>"$T/e"
n=$(pdfinfo "$T/one.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
w=$(pdfinfo "$T/one.pdf" 2>/dev/null | awk '/^Page size:/ { print int($3 + .5) }')
pdftotext "$T/one.pdf" - 2>/dev/null | grep -q "Heavy Gunner" &&
	[ "$n" = 1 ] && [ "$w" = 180 ] &&
	pass "cards --unit: one card, one page of its size" ||
	fail "cards --unit: one card, one page of its size" "pages $n width $w"
"$BIN" cards -q --unit "Heavy Gunner" "$T/brass.md" -o "$T/a.png" 2>/dev/null
"$BIN" cards -q --unit Tinkers --unit "Field Guns" --backs "$T/brass.md" \
	-o "$T/two.png" 2>/dev/null
[ "$(ls "$T"/two-*.png 2>/dev/null | wc -l)" = 4 ] &&
	[ "$(head -c 4 "$T/two-1.png" | tail -c 3)" = PNG ] &&
	[ -s "$T/a.png" ] && [ "$(head -c 4 "$T/a.png" | tail -c 3)" = PNG ] &&
	pass "cards --unit -o x.png: a PNG a card (and its back)" ||
	fail "cards --unit -o x.png: a PNG a card (and its back)" "$(ls "$T")"
"$BIN" cards -q --unit "Heavy Gunr" "$T/brass.md" -o "$T/x.pdf" 2>"$T/e"
rc=$?
[ $rc = 1 ] && grep -q "error: --unit 'Heavy Gunr': .*did you mean 'Heavy Gunner'?" "$T/e" &&
	[ ! -e "$T/x.pdf" ] &&
	pass "cards --unit: an unknown name, did you mean" ||
	fail "cards --unit: an unknown name, did you mean" "rc $rc: $(cat "$T/e")"

# --- card backs a template designs ---
cp tests/pictures/musket.png "$T/art.png"
{
	sed '/^back:/,$d' templates/unit-cards.yaml
	printf 'back:\n  colour: "#20304a"\n  ink: "#f0d890"\n'
	printf '  title: "Thunder Deck"\n  pattern: none\n'
} >"$T/back.yaml"
"$BIN" cards -q --backs --unit Tinkers -t "$T/back.yaml" "$T/brass.md" \
	-o "$T/bk.pdf" 2>"$T/e"
t=$(pdftotext -f 2 -l 2 "$T/bk.pdf" - 2>/dev/null | tr '\n' ' ')
px=$(pdftoppm -r 72 -f 2 -l 2 -x 5 -y 60 -W 1 -H 1 "$T/bk.pdf" |
	tail -c 3 | od -An -tx1 | tr -d ' \n')
case "$t" in
*"Thunder Deck"*Tinker*) ok=1 ;;
*) ok=0 ;;
esac
[ $ok = 1 ] && [ "$px" = 20304a ] &&
	pass "back: its title and colour on the back" ||
	fail "back: its title and colour on the back" "'$t' $px $(cat "$T/e")"
# A pattern and a picture change the back; the front stays.
sed -e 's/pattern: none/pattern: stripes/' "$T/back.yaml" >"$T/b2.yaml"
printf '  picture: art.png\n' >>"$T/b2.yaml"
"$BIN" cards -q --backs --unit Tinkers -t "$T/b2.yaml" "$T/brass.md" \
	-o "$T/bk2.pdf" 2>"$T/e2"
b1=$(pdftoppm -r 36 -f 2 -l 2 -gray "$T/bk.pdf" | md5sum)
b2=$(pdftoppm -r 36 -f 2 -l 2 -gray "$T/bk2.pdf" | md5sum)
f1=$(pdftoppm -r 36 -f 1 -l 1 -gray "$T/bk.pdf" | md5sum)
f2=$(pdftoppm -r 36 -f 1 -l 1 -gray "$T/bk2.pdf" | md5sum)
[ -s "$T/bk2.pdf" ] && [ "$b1" != "$b2" ] && [ "$f1" = "$f2" ] &&
	pass "back: a pattern and a picture" ||
	fail "back: a pattern and a picture" "$(cat "$T/e2")"
# Bad values: an error at each, its line and column.
n=$(grep -n '^  pattern:' "$T/back.yaml" | cut -d: -f1)
sed -e 's/pattern: none/pattern: waves/' -e 's/"#20304a"/"#zz"/' \
	"$T/back.yaml" >"$T/b3.yaml"
printf '  picture: nothere.png\n' >>"$T/b3.yaml"
"$BIN" cards -q --backs -t "$T/b3.yaml" "$T/brass.md" -o "$T/b3.pdf" 2>"$T/e3"
rc=$?
[ $rc = 1 ] && [ ! -e "$T/b3.pdf" ] &&
	grep -q "b3.yaml:$n:12: error: template: 'pattern' must be none, stripes, dots, grid or checks" "$T/e3" &&
	grep -q "b3.yaml:$((n - 3)):11: error: template: 'colour' must be a colour" "$T/e3" &&
	grep -q "b3.yaml:$((n + 1)):12: error: template: back: picture 'nothere.png' " "$T/e3" &&
	pass "back: a bad value is an error at its line and column" ||
	fail "back: a bad value is an error at its line and column" "rc $rc: $(cat "$T/e3")"
# Without back: the backs are as they were: the class colour.
"$BIN" cards -q --backs --unit Tinkers "$T/brass.md" -o "$T/b4.pdf" 2>/dev/null
px=$(pdftoppm -r 72 -f 2 -l 2 -x 5 -y 60 -W 1 -H 1 "$T/b4.pdf" |
	tail -c 3 | od -An -tx1 | tr -d ' \n')
f=$(pdftoppm -r 72 -f 1 -l 1 -x 3 -y 125 -W 1 -H 1 "$T/b4.pdf" |
	tail -c 3 | od -An -tx1 | tr -d ' \n')
[ -n "$px" ] && [ "$px" = "$f" ] &&
	pass "backs without back: the class colour" ||
	fail "backs without back: the class colour" "back $px front $f"
