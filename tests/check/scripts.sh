#!/bin/sh
# Names in other scripts (issue 21): a ruleset whose units and weapons
# are named in Greek, Arabic and Hebrew (right to left), Chinese and
# Japanese prints each name whole on every product that names units:
# pdftotext gives it back in its logical order (shaped and set right to
# left, but one word after the other as written), and a font that has its
# glyphs is embedded (a missing glyph is a box, which pdftotext does not
# give back as the letter).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
R=tests/rulesets/scripts.md

"$BIN" check -q "$R" >"$T/out" 2>"$T/err" &&
    pass "the five-script ruleset checks" ||
    fail "the five-script ruleset checks" "$(head -3 "$T/err")"
for p in cards reference bases report rulebook scenario; do
	if [ "$p" = scenario ]; then
		"$BIN" scenario -q "$R" -n 20 -o "$T/$p.pdf" 2>"$T/err"
	else
		"$BIN" "$p" -q "$R" -o "$T/$p.pdf" 2>"$T/err"
	fi || { fail "$p: names in five scripts" "exit $?: $(head -2 "$T/err")"; continue; }
	pdftotext "$T/$p.pdf" "$T/$p.txt"
	missing=""
	for n in 'Ὁπλῖται' 'فرسان الصحراء' 'רובאי הגליל' '弓兵隊' '足軽'; do
		grep -qF "$n" "$T/$p.txt" || missing="$missing '$n'"
	done
	[ -z "$missing" ] && pass "$p: every unit's name in its script, in its order" ||
	    fail "$p: every unit's name in its script, in its order" "missing$missing"
done
# The weapons' names where a product prints weapons.
for p in cards reference; do
	missing=""
	for n in 'Δόρυ' 'قوس' 'קשת' '弩' '鉄砲'; do
		grep -qF "$n" "$T/$p.txt" || missing="$missing '$n'"
	done
	[ -z "$missing" ] && pass "$p: every weapon's name in its script" ||
	    fail "$p: every weapon's name in its script" "missing$missing"
done
# The CJK glyphs come from a font that has them (make deps installs one).
pdffonts "$T/cards.pdf" | grep -qi 'wenquanyi\|noto.*cjk\|droid.*fallback' &&
    pass "cards: a CJK font embedded for the Chinese and Japanese names" ||
    fail "cards: a CJK font embedded for the Chinese and Japanese names" \
    "$(pdffonts "$T/cards.pdf" | tail -n +3 | awk '{print $1}' | tr '\n' ' ')"
# A right-to-left name starts its cell at the left, as every other line
# of a left-to-right page does: in the reference sheet the Arabic unit's
# name (its last letter, hamza, is its leftmost) starts where the Greek
# one's does in the Units table and, wrapped to two lines, as the row
# label of the melee table (it was set flush right there).
left=$(pdftotext -bbox "$T/reference.pdf" - | LC_ALL=C awk '
/>Ὁπλῖται</ { sub(/.*xMin="/, ""); sub(/".*/, ""); g[ng++] = $0 + 0 }
/>ء</ { sub(/.*xMin="/, ""); sub(/".*/, ""); a[na++] = $0 + 0 }
END {
	for (i = 0; i < na; i++)
		for (j = 0; j < ng; j++)
			if (a[i] - g[j] < 0.5 && g[j] - a[i] < 0.5) { n++; break }
	print n + 0
}')
[ "$left" -ge 2 ] &&
    pass "reference: a right-to-left name starts at the left of its cell" ||
    fail "reference: a right-to-left name starts at the left of its cell" \
    "$left of its lines start where the Greek name's do, wanted 2"
