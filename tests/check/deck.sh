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
