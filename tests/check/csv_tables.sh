#!/bin/sh
# csv_tables.sh BIN: tables kept in spreadsheets (issue 38). A Units table
# named by the front matter (units: units.csv) and a Weapons table by a
# paragraph that is only a link to its CSV are read as the Markdown
# tables would be (RFC 4180: quotes, commas and line breaks in a field,
# CRLF, a byte-order mark) and printed by the products; each bad file is
# one error at its file, line and column (a quote that never closes, a
# stray quote, no such file), with nothing after it; a build follows
# the CSV: an edit of it makes the products again.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# A byte-order mark and CRLF line ends, as a spreadsheet saves them.
printf '\357\273\277Unit,Class,Move,Weapons,Points,Notes\r\nSpearmen,infantry,6,Spear,10,"Close order, hold ""firm"""\r\nArchers,infantry,6,Bow,12,"Shoot,\r\nthen move"\r\n' >"$T/units.csv"
printf 'Weapon,Range,Hits on\nSpear,1,5+\nBow,18,4+\n' >"$T/weapons.csv"
cat >"$T/g.md" <<'EOF_MD'
---
title: Spreadsheet Skirmish
engine: none
measure: in
units: units.csv
---
# Spreadsheet Skirmish

## Units

The units of the game.

## Weapons

[Weapons](weapons.csv)

## Sequence of play

1. Move.
2. Shoot.
EOF_MD
out=$("$BIN" check "$T/g.md" 2>&1)
case "$out" in
*"2 units, 2 weapons"*) pass "check: 2 units and 2 weapons from the spreadsheets" ;;
*) fail "check: units and weapons from the spreadsheets" "$out" ;;
esac
"$BIN" rulebook -q "$T/g.md" -o "$T/b.pdf" 2>"$T/err"
t=$(pdftotext "$T/b.pdf" - 2>/dev/null | tr -s ' \n' '  ')
miss=""
for w in Spearmen Archers 'Close order, hold "firm"' 'Shoot, then move' Bow 4+; do
	case "$t" in *"$w"*) ;; *) miss="$miss '$w'" ;; esac
done
[ -z "$miss" ] && pass "rulebook: the spreadsheets' tables printed, quotes, commas and line breaks as written" ||
    fail "rulebook: the spreadsheets' tables" "missing:$miss $(cat "$T/err")"

# Bad files: one error each, at its place, and nothing after it.
for c in 'never:Unit,Class,Move\nA,infantry,"6\nB,infantry,4\n:2:12:quote never closes' \
    'stray:Unit,Class,Move\nA,infantry,6"x\n:2:13:a quote inside a field' \
    'noclass:Unit,Move\nA,6\n:0:0:the Units table needs the columns'; do
	name=${c%%:*}
	rest=${c#*:}
	body=${rest%%:*}
	rest=${rest#*:}
	line=${rest%%:*}
	rest=${rest#*:}
	col=${rest%%:*}
	want=${rest#*:}
	printf "$body" >"$T/$name.csv"
	sed "s/units: units.csv/units: $name.csv/" "$T/g.md" >"$T/$name.md"
	"$BIN" check -q "$T/$name.md" >/dev/null 2>"$T/err"
	rc=$?
	n=$(grep -c 'error' "$T/err")
	if [ "$line" = 0 ]; then
		# A column missing: the table's own error, at the header.
		grep -q "$name.csv:1:1: error: .*$want" "$T/err" && [ $rc -eq 1 ] &&
		    pass "$name.csv: the table's error at the spreadsheet's header" ||
		    fail "$name.csv: the table's error" "exit $rc: $(cat "$T/err")"
	elif [ $rc -eq 1 ] && [ "$n" -eq 1 ] &&
	    grep -q "$name.csv:$line:$col: error: .*$want" "$T/err"; then
		pass "$name.csv: one error, at line $line column $col ($want)"
	else
		fail "$name.csv: one error at $line:$col" "exit $rc, $n errors: $(cat "$T/err")"
	fi
done
sed 's/units: units.csv/units: nothere.csv/' "$T/g.md" >"$T/gone.md"
"$BIN" check -q "$T/gone.md" >/dev/null 2>"$T/err"
[ "$(grep -c error "$T/err")" -eq 1 ] &&
    grep -q 'gone.md:5:8: error: .*nothere.csv' "$T/err" &&
    pass "a missing spreadsheet: one error at the front matter's value" ||
    fail "a missing spreadsheet" "$(cat "$T/err")"
sed 's/units: units.csv/units: units.txt/' "$T/g.md" >"$T/txt.md"
"$BIN" check -q "$T/txt.md" >/dev/null 2>"$T/err"
grep -q 'txt.md:5:8: error: units: must name a .csv file' "$T/err" &&
    pass "units: a file that is not .csv: refused at the value" ||
    fail "units: not .csv" "$(cat "$T/err")"
# Both a table and units: — which is meant is not guessed.
awk '{ print } /^The units of the game/ { print ""; print "| Unit | Class | Move |"; print "|---|---|---|"; print "| X | infantry | 6 |" }' "$T/g.md" >"$T/both.md"
"$BIN" check -q "$T/both.md" >/dev/null 2>"$T/err"
grep -q 'both.md:13:1: error: the Units section has a table and the front matter' "$T/err" &&
    pass "a table and a spreadsheet for one section: an error at the table" ||
    fail "a table and a spreadsheet" "$(cat "$T/err")"
# The build follows the spreadsheet.
"$BIN" build -q -o "$T/out" "$T/g.md" >/dev/null 2>&1
sleep 1
sed 's/Spearmen/Pikemen/' "$T/units.csv" >"$T/u2" && cat "$T/u2" >"$T/units.csv"
"$BIN" build -o "$T/out" "$T/g.md" >"$T/o" 2>&1
if grep -q 'up to date' "$T/o"; then
	fail "build: an edit of the spreadsheet makes the products again" "$(cat "$T/o")"
elif pdftotext "$T/out/g/cards.pdf" - 2>/dev/null | grep -q Pikemen; then
	pass "build: an edit of the spreadsheet makes the products again"
else
	fail "build: the edited spreadsheet in the cards" "no Pikemen"
fi

# An OpenDocument spreadsheet's named sheet: read, its million empty
# rows and 16,384 empty columns ignored; a missing sheet, a file that is
# no spreadsheet, and a zip bomb refused at once with a message.
D=$(dirname "$0")
python3 "$D/mkods.py" "$T/stats.ods"
python3 "$D/mkods.py" "$T/bomb.ods" 40000000
sed 's/units: units.csv/units: stats.ods#Units/' "$T/g.md" >"$T/ods.md"
out=$("$BIN" check "$T/ods.md" 2>&1)
case "$out" in
*"2 units, 2 weapons"*) pass "stats.ods#Units: the sheet's 2 units read" ;;
*) fail "stats.ods#Units" "$out" ;;
esac
"$BIN" cards -q "$T/ods.md" -o "$T/ods.pdf" 2>/dev/null
pdftotext "$T/ods.pdf" - 2>/dev/null | grep -q 'Archers & slingers' &&
    pass "stats.ods#Units: the cards print the sheet's names" ||
    fail "stats.ods#Units: cards" "no 'Archers & slingers'"
for c in "stats.ods#Nope:has no sheet named 'Nope'" "bomb.ods#Units:content.xml would take 40" "units.csv.ods:not an OpenDocument spreadsheet"; do
	spec=${c%%:*}
	want=${c#*:}
	cp "$T/units.csv" "$T/units.csv.ods"
	sed "s/units: units.csv/units: $spec/" "$T/g.md" >"$T/bad.md"
	s=$(date +%s%N)
	"$BIN" check -q "$T/bad.md" >/dev/null 2>"$T/err"
	rc=$?
	ms=$(( ($(date +%s%N) - s) / 1000000 ))
	[ $rc -eq 1 ] && [ "$(grep -c error "$T/err")" -eq 1 ] && grep -q "$want" "$T/err" &&
	    pass "$spec: one error, in $ms ms ($want)" ||
	    fail "$spec: one error" "exit $rc: $(cat "$T/err")"
done
