#!/bin/sh
# card_layout.sh BIN: a card template's fields: (rulesets/FORMAT.md,
# "Card layouts"): a field goes in its box (the name at the bottom is at
# the bottom), a field not listed is not printed, the default template
# draws the cards it always drew, bad boxes are errors at their line,
# text too long for its box is a warning naming the card and the field,
# and the example layout (unit-cards-portrait-art) prints every bundled
# ruleset without a warning.
# Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
MOD=rulesets/morschauser-modern.md
PIC=tests/rulesets/pictures.md
ART=unit-cards-portrait-art
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
awk() { LC_ALL=C command awk "$@"; }
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# top WORD PDF: the top of WORD's first occurrence on page 1 as a
# fraction of the page's height (pdftotext -bbox), or nothing.
top() {
	pdftotext -f 1 -l 1 -bbox "$2" - 2>/dev/null | awk -v w="$1" '
		/<page / { match($0, /height="[0-9.]+"/)
			h = substr($0, RSTART + 8, RLENGTH - 9) }
		/<word / && $0 ~ ">" w "</word>" {
			match($0, /yMin="[0-9.]+"/)
			y = substr($0, RSTART + 6, RLENGTH - 7)
			printf "%.3f\n", y / h; exit }'
}

# --- the default layout: the cards as they were ---
cp templates/unit-cards.yaml "$T/empty.yaml"
printf 'fields:\n' >>"$T/empty.yaml"
ok=1 why=""
for r in rulesets/*.md; do
	[ "$(basename "$r")" = FORMAT.md ] && continue
	n=$(basename "$r" .md)
	"$BIN" cards -q "$r" -o "$T/$n-d.pdf" 2>>"$T/d.err" &&
		"$BIN" cards -q "$r" -t "$T/empty.yaml" -o "$T/$n-e.pdf" \
		    2>>"$T/d.err" || { ok=0; why="$why $n: exit"; continue; }
	cmp -s "$T/$n-d.pdf" "$T/$n-e.pdf" || { ok=0; why="$why $n: differ"; }
done
[ $ok = 1 ] && pass "the default template and an empty fields: give the same bytes" ||
	fail "the default template and an empty fields: give the same bytes" "$why"
# ... and the default card has its name in the band at the top.
"$BIN" cards -q "$MOD" --single -o "$T/d1.pdf" 2>/dev/null
y=$(top Rifle "$T/d1.pdf")
[ -n "$y" ] && awk -v y="$y" 'BEGIN { exit !(y < 0.1) }' &&
	pass "default layout: the name in the band at the top ($y)" ||
	fail "default layout: the name in the band at the top" "y=$y"

# --- a layout that moves the name to the bottom, without weapons ---
cat >"$T/bottom.yaml" <<'EOF'
card: poker
frame: 1mm
fields:
  stats:   { x: 3mm, y: 3mm, width: 57.5mm, height: 20mm }
  symbol:  { x: 20%, y: 30%, width: 60%, height: 25% }
  name:    { x: 0, y: 90%, width: 100%, height: 8%, fill: class,
             align: centre, valign: middle }
EOF
if "$BIN" cards "$MOD" --single -t "$T/bottom.yaml" -o "$T/b.pdf" \
    >/dev/null 2>"$T/b.err"; then
	y=$(top Rifle "$T/b.pdf")
	[ -n "$y" ] && awk -v y="$y" 'BEGIN { exit !(y > 0.88) }' &&
		pass "a name placed at y: 90% prints at the bottom ($y)" ||
		fail "a name placed at y: 90% prints at the bottom" "y=$y"
	pdftotext "$T/b.pdf" "$T/b.txt"
	if grep -q 'Move' "$T/b.txt" && ! grep -Eq 'Weapon|Grenade|Range|Odds|infantry' "$T/b.txt"; then
		pass "fields not listed (weapons, odds, class) are not printed"
	else
		fail "fields not listed are not printed" "$(grep -E 'Move|Weapon|Grenade|Range|Odds|infantry' "$T/b.txt" | head -3 | tr '\n' ' ')"
	fi
	grep -q ': warning: ' "$T/b.err" &&
		fail "a layout that fits prints without warnings" "$(head -2 "$T/b.err")" ||
		pass "a layout that fits prints without warnings"
else
	fail "a layout of fields prints" "$(head -3 "$T/b.err")"
fi
# The same layout with the weapons listed prints them (the check above
# is not blind).
cp "$T/bottom.yaml" "$T/weap.yaml"
printf '  weapons: { x: 3mm, y: 58%%, width: 57.5mm, height: 30%% }\n' >>"$T/weap.yaml"
"$BIN" cards -q "$MOD" --single -t "$T/weap.yaml" -o "$T/w.pdf" 2>/dev/null
pdftotext "$T/w.pdf" - 2>/dev/null | grep -q 'Antitank Grenade' &&
	pass "a weapons field prints the weapons" ||
	fail "a weapons field prints the weapons" "no 'Antitank Grenade'"

# --- bad boxes: errors (and warnings) at their line:col ---
cat >"$T/bad.yaml" <<'EOF'
card: poker
fields:
  name:    { x: 0, y: 0, width: 70mm, height: 10mm }
  class:   { x: 2mm, y: 12mm, width: 0, height: 4mm }
  stats:   { x: 2mm, y: -1mm, width: 20mm, height: 4mm }
  weapons: { x: 2mm, y: 30mm, width: 20mm }
  notes:   { x: 2mm, y: 85mm, width: 20mm, height: 10% }
  credits: { x: 50%, y: 50mm, width: 60%, height: 10mm }
EOF
"$BIN" cards "$MOD" -t "$T/bad.yaml" -o "$T/bad.pdf" >/dev/null 2>"$T/bad.err"
rc=$?
want="3:33: error: .*'name' runs past the card's right edge
4:38: error: .*'class': width must be more than 0
5:25: error: .*'y'.*negative
6:12: error: .*'weapons' has no height
7:52: error: .*'notes' runs past the card's bottom edge
8:38: error: .*'credits' runs past the card's right edge"
miss=$(echo "$want" | while read -r re; do
	grep -q "bad.yaml:$re" "$T/bad.err" || echo "$re;"
done)
[ $rc -eq 1 ] && [ -z "$miss" ] && [ ! -e "$T/bad.pdf" ] &&
	pass "boxes outside the card, of no size or without one: errors at line:col, exit 1" ||
	fail "bad boxes: errors at line:col, exit 1" "rc=$rc missing: $miss $(head -c 400 "$T/bad.err")"

cat >"$T/warn.yaml" <<'EOF'
card: poker
fields:
  name:     { x: 0, y: 0, width: 100%, height: 10mm }
  portrait: { x: 0, y: 12mm, width: 10mm, height: 10mm }
  class:    { x: 2mm, y: 8mm, width: 20mm, height: 4mm, shape: round }
  stats:    { x: 2mm, y: 14mm, width: 59mm, height: 20mm }
EOF
"$BIN" cards "$MOD" -t "$T/warn.yaml" -o "$T/warn.pdf" >/dev/null 2>"$T/warn.err"
rc=$?
want="4:3: warning: .*unknown field 'portrait'
5:57: warning: .*unknown field setting 'shape'
5:3: warning: .*'class' overlaps field 'name' (line 3)"
miss=$(echo "$want" | while read -r re; do
	grep -q "warn.yaml:$re" "$T/warn.err" || echo "$re;"
done)
[ $rc -eq 0 ] && [ -z "$miss" ] &&
	pass "an unknown field or setting, overlapping boxes: warnings at line:col" ||
	fail "unknown field, overlaps: warnings at line:col" "rc=$rc missing: $miss $(head -c 400 "$T/warn.err")"

cat >"$T/notmap.yaml" <<'EOF'
fields: [ name, class ]
EOF
"$BIN" cards "$MOD" -t "$T/notmap.yaml" -o "$T/nm.pdf" >/dev/null 2>"$T/nm.err"
rc=$?
[ $rc -eq 1 ] && grep -q "notmap.yaml:1:9: error: template: 'fields' must be a map" "$T/nm.err" &&
	pass "fields: that is not a map: an error at its line:col" ||
	fail "fields: not a map" "rc=$rc $(head -2 "$T/nm.err")"

# --- too much for a box: shrunk, then cut with a warning ---
cat >"$T/tiny.yaml" <<'EOF'
card: poker
fields:
  name:    { x: 3mm, y: 3mm, width: 14mm, height: 3mm }
  weapons: { x: 3mm, y: 10mm, width: 57mm, height: 4mm }
EOF
"$BIN" cards "$MOD" -t "$T/tiny.yaml" -o "$T/tiny.pdf" >/dev/null 2>"$T/tiny.err"
rc=$?
[ $rc -eq 0 ] &&
	grep -q "morschauser-modern.md:49:2: warning: card 'Antitank Rocket': field 'name' (.*tiny.yaml:3): does not fit its box even at 6.5 pt" "$T/tiny.err" &&
	grep -q "warning: card 'Rifle': field 'weapons' (.*tiny.yaml:4): does not fit even at 6.5 pt" "$T/tiny.err" &&
	! grep -q "card 'Rifle': field 'name'" "$T/tiny.err" &&
	pass "text too long for its box: a warning naming the card and the field" ||
	fail "text too long for its box: a warning naming the card and the field" "rc=$rc $(head -c 400 "$T/tiny.err")"

# --- the example layout: every bundled ruleset without a warning ---
ok=1 why=""
for r in rulesets/*.md; do
	[ "$(basename "$r")" = FORMAT.md ] && continue
	n=$(basename "$r" .md)
	if ! "$BIN" cards "$r" -t "$ART" -o "$T/$n-art.pdf" >/dev/null 2>"$T/$n-art.err"; then
		ok=0 why="$why $n: exit;"
	elif [ -s "$T/$n-art.err" ]; then
		ok=0 why="$why $n: $(head -1 "$T/$n-art.err");"
	fi
	pdftotext "$T/$n-art.pdf" - 2>/dev/null | grep -q 'Odds' || { ok=0; why="$why $n: no odds;"; }
done
[ $ok = 1 ] && pass "$ART prints every bundled ruleset, odds included, without a warning" ||
	fail "$ART prints every bundled ruleset without a warning" "$why"
"$BIN" cards -q "$PIC" -t "$ART" -o "$T/pa.pdf" 2>/dev/null &&
	"$BIN" cards -q "$PIC" -t "$ART" -o "$T/pa2.pdf" 2>/dev/null
n=$(pdfimages -list "$T/pa.pdf" 2>/dev/null | tail -n +3 | wc -l)
[ "$n" -ge 2 ] && cmp -s "$T/pa.pdf" "$T/pa2.pdf" &&
	pass "$ART: the units' pictures in the picture box, the same bytes twice" ||
	fail "$ART: pictures, same bytes twice" "$n images"
# Percentages follow the card: the name's band below the picture on a
# mini card too.
"$BIN" cards -q "$MOD" -t "$ART" --card mini --single -o "$T/mini.pdf" 2>/dev/null
y=$(top Rifle "$T/mini.pdf")
[ -n "$y" ] && awk -v y="$y" 'BEGIN { exit !(y > 0.2 && y < 0.3) }' &&
	pass "$ART on a mini card: boxes in percentages follow the card ($y)" ||
	fail "$ART on a mini card: boxes follow the card" "y=$y"
