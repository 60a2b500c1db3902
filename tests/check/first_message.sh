#!/bin/sh
# first_message.sh BIN: the first message is the cause (issue 34, the
# reader's side). A front matter that cannot be read is said in plain
# words at the mistake and nothing follows from the settings it lost;
# a die's faces, a missing Points cell, a language, a base and a table
# are each said once, at their line, with what to write instead.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
cd "$(dirname "$0")" || exit 2
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
CV=../../rulesets/cinder-vale.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# only NAME FILE.md TEXT: check FILE.md fails and says TEXT, and only it
only() {
	"$BIN" check "$2" >/dev/null 2>"$tmp/err" && echo "exit 0" >>"$tmp/err"
	[ "$(cat "$tmp/err")" = "$3" ] && pass "$1" ||
		fail "$1" "$(head -c 600 "$tmp/err")"
}
# first NAME FILE.md TEXT: check FILE.md says TEXT first
first() {
	"$BIN" check "$2" >/dev/null 2>"$tmp/err"
	[ "$(head -n 1 "$tmp/err")" = "$3" ] && pass "$1" ||
		fail "$1" "$(head -c 600 "$tmp/err")"
}
# has NAME FILE TEXT: FILE holds the fixed string TEXT
has() {
	grep -qF -- "$3" "$2" && pass "$1" || fail "$1" "no '$3' in: $(head -c 600 "$2")"
}
hasnt() {
	grep -qF -- "$3" "$2" && fail "$1" "'$3' in: $(head -c 600 "$2")" || pass "$1"
}

# ---- 1, 2: a front matter that cannot be read ----
# A tab in the indentation, a colon in a value, no closing '---': the
# one message is the cause, in plain words, at the mistake; the body
# (whose Hits on name faces of the d10 the front matter gives) is read
# once it is fixed.
sed '14s/^  /	/' "$CV" >"$tmp/tab.md"
only "a tab in the front matter's indentation" "$tmp/tab.md" \
    "sandtable: $tmp/tab.md:14:1: error: a tab is not allowed in YAML indentation: use spaces"
sed '3s/^/  	/' "$CV" >"$tmp/tab2.md"
only "a tab after spaces: at the tab" "$tmp/tab2.md" \
    "sandtable: $tmp/tab2.md:3:3: error: a tab is not allowed in YAML indentation: use spaces"
sed 's/^title: .*/title: Saltmarsh: the war/' "$CV" >"$tmp/colon.md"
only "a colon in a value" "$tmp/colon.md" \
    "sandtable: $tmp/colon.md:2:17: error: a colon in a value: put the value in quotes, as title: \"Saltmarsh: the war\""
sed '22d' "$CV" >"$tmp/open.md"
only "no closing '---': said above the first heading" "$tmp/open.md" \
    "sandtable: $tmp/open.md:23:1: error: front matter is not closed: put a line '---' above this heading (the front matter began on line 1)"
# A front matter that is not a mapping loses every setting too.
printf -- '---\njust words\n---\n\n## Units\n' >"$tmp/words.md"
only "a front matter not a mapping: its error only" "$tmp/words.md" \
    "sandtable: $tmp/words.md:2:1: error: front matter must be a YAML mapping (key: value)"
# The same words in a test game's YAML; libyaml's own for the rest.
awk 'NR == 222 { sub(/^  /, "\t") } { print }' "$CV" >"$tmp/tgtab.md"
first "a tab in a test game" "$tmp/tgtab.md" \
    "sandtable: $tmp/tgtab.md:222:1: error: a tab is not allowed in YAML indentation: use spaces"
sed '219s/^name: .*/name: initiative: the higher die/' "$CV" >"$tmp/tgcolon.md"
first "a colon in a test game's value" "$tmp/tgcolon.md" \
    "sandtable: $tmp/tgcolon.md:219:17: error: a colon in a value: put the value in quotes, as name: \"initiative: the higher die\""
sed '3s/^author: .*/author: [sandtable/' "$CV" >"$tmp/flow.md"
"$BIN" check "$tmp/flow.md" >/dev/null 2>"$tmp/err"
has "libyaml's words for the rest" "$tmp/err" "error: YAML: "

# ---- 3: faces above the d6, with no dice: ----
# One error at the first face, naming the smallest die with them all;
# not one a face.
sed 's/| 5, 6    |/| 7, 8, 9, 10 |/; s/| 6       |/| 7, 8    |/; s/| 4, 5, 6 |/| 8+ |/' \
    none.md >"$tmp/d10.md"
only "faces above the d6 without dice: one error, the die named" "$tmp/d10.md" \
    "sandtable: $tmp/d10.md:33:24: error: die face '7' is above the d6 rolled without dice: in the front matter: give dice: d10 (the smallest die with faces up to 10)"
sed 's/| 5, 6    |/| 5, 6, 7 |/; s/| 4, 5, 6 |/| 9+ |/' none.md >"$tmp/d8.md"
only "'9+' without dice: dice: d10" "$tmp/d8.md" \
    "sandtable: $tmp/d8.md:33:30: error: die face '7' is above the d6 rolled without dice: in the front matter: give dice: d10 (the smallest die with faces up to 9)"
sed 's/^engine: none/engine: none\ndice: d7/' "$tmp/d10.md" >"$tmp/d7.md"
only "an unknown die: its error only" "$tmp/d7.md" \
    "sandtable: $tmp/d7.md:6:7: error: unknown die 'd7' (known: d4, d6, d8, d10, d12, d20, d100)"

# ---- 4: a unit without Points when the others have them ----
cat >"$tmp/priced.md" <<'MD'
---
title: Priced
engine: none
dice: d10
measure: cm
table: 120x80cm
---

## Units

| Unit | Class | Move | Points | Weapons |
|------|-------|------|--------|---------|
| Pikemen | foot | 10 | 30 | |
| Musketeers | shot | 10 | | Musket |
| Cuirassiers | horse | 20 | - | |

## Weapons

| Weapon | Range | Hits on |
|--------|-------|---------|
| Musket | 30 | 7+ |

## Sequence of play

1. **Move** — move every unit.
MD
"$BIN" check "$tmp/priced.md" >/dev/null 2>"$tmp/err"
[ "$(grep -c 'has no Points' "$tmp/err")" = 1 ] &&
	has "a unit without Points: a warning at its cell" "$tmp/err" \
	    "sandtable: $tmp/priced.md:14:27: warning: unit 'Musketeers' has no Points, which the other units have: forces picked to a points total leave it out (write - if it is not for sale)" ||
	fail "a unit without Points: one warning" "$(cat "$tmp/err")"

# ---- 5: lang: a code of ISO 639-1 ----
lang() {
	sed "s/^engine: dice/engine: dice\nlang: $1/" "$CV" >"$tmp/lang.md"
	"$BIN" check "$tmp/lang.md" >/dev/null 2>"$tmp/err" && echo "exit 0" >>"$tmp/err"
}
lang english
has "lang: english: did you mean 'en'" "$tmp/err" \
    "sandtable: $tmp/lang.md:7:7: error: lang 'english': not a language of ISO 639-1 (a code of two letters: en, de, fr …; then a region if need be: en-GB); did you mean 'en'?"
lang xx-GB
has "lang: xx-GB: an error at its line" "$tmp/err" \
    "sandtable: $tmp/lang.md:7:7: error: lang 'xx-GB': not a language of ISO 639-1 (a code of two letters: en, de, fr …; then a region if need be: en-GB)"
lang enn
has "lang: enn: did you mean 'en'" "$tmp/err" "did you mean 'en'?"
for l in nl es-419 de_CH zh-Hant-TW; do
	lang "$l"
	hasnt "lang: $l is read" "$tmp/err" "lang '"
done

# ---- 6: base: 30mm round in the front matter, as bases --base takes it ----
sed 's/^base: 3cm$/base: 30mm round/' ../../rulesets/dice-skirmish.md >"$tmp/round.md"
"$BIN" check "$tmp/round.md" >/dev/null 2>"$tmp/err" || echo "exit $?" >>"$tmp/err"
hasnt "base: 30mm round: check takes it" "$tmp/err" "error"
"$BIN" bases -q -T -o "$tmp/round.pdf" "$tmp/round.md" >"$tmp/round.txt" 2>"$tmp/err"
[ "$(awk -F '\t' '$1 == "base" && $11 == "round"' "$tmp/round.txt" | wc -l)" -gt 0 ] &&
	[ "$(awk -F '\t' '$1 == "base" && $11 != "round"' "$tmp/round.txt" | wc -l)" -eq 0 ] &&
	pass "base: 30mm round: the bases sheet cuts round bases" ||
	fail "base: 30mm round: round bases" "$(head -c 300 "$tmp/round.txt") $(head -c 300 "$tmp/err")"
sed 's/^base: 3cm$/base: 30x20mm round/' ../../rulesets/dice-skirmish.md >"$tmp/round2.md"
first "base: a round base of two diameters: the option's words" "$tmp/round2.md" \
    "sandtable: $tmp/round2.md:8:7: error: base: a round base has one diameter (use WxD oval)"

# ---- 7: a table too small: a warning at table:, and check refuses what
# build cannot make, at the line ----
sed 's/^table: .*/table: 4x4/; s/^measure: cm/measure: in/' none.md >"$tmp/t4.md"
only "table: 4x4 in inches: check says so at the line" "$tmp/t4.md" \
    "sandtable: $tmp/t4.md:8:8: warning: table 4\" x 4\" is smaller than the Move of 'Scout car' (30\"): it crosses the table in one move (a bare number is in the measure:)
sandtable: $tmp/t4.md:8:8: error: the table is too small to deploy 5 units in a zone"
mkdir -p "$tmp/b4"
"$BIN" build -q -o "$tmp/b4" "$tmp/t4.md" >/dev/null 2>"$tmp/err"
has "table: 4x4: build says its line" "$tmp/err" \
    "sandtable: $tmp/t4.md:8:8: error: the table is too small to deploy 5 units in a zone"
sed 's/^table: .*/table: 4x4/; /^  deploy:/d' ../../rulesets/morschauser-modern.md |
    awk '/^## Test games/ { exit } { print }' >"$tmp/m4.md"
"$BIN" check "$tmp/m4.md" >/dev/null 2>"$tmp/err" && echo "exit 0" >>"$tmp/err"
has "a played ruleset: its zones do not fit: an error at table:" "$tmp/err" \
    "sandtable: $tmp/m4.md:9:8: error: the table is too small for two 3\" deep deployment zones with 3\" between them: it must be at least 9\" deep and 3\" wide"
hasnt "a played ruleset: check refuses it" "$tmp/err" "exit 0"
sed 's/^table: .*/table: 4x4/' ../../rulesets/gauntlet-ancients.md >"$tmp/g4.md"
only "an impossible table: its error only (not the deployment's)" "$tmp/g4.md" \
    "sandtable: $tmp/g4.md:9:8: error: table size '4x4' is impossible (10 cm to 100 m a side)"

# ---- a table row a cell short or long: said at the row, first ----
DS=../../rulesets/dice-skirmish.md
sed 's/^| Tide Scouts       | infantry  | 18   | Sling                    | 5+      |/| Tide Scouts       | infantry  | 18   | Sling                    |/' \
    "$DS" >"$tmp/short.md"
first "a row a cell short: the row first" "$tmp/short.md" \
    "sandtable: $tmp/short.md:38:1: warning: a table row of 9 cells under a header of 10: a cell left out moves the ones after it to the left"
sed 's/^| Tide Scouts       | infantry  | 18   | Sling                    | 5+      |/| Tide Scouts       | infantry  | 18   | Sling                    | 5+      | 5+ |/' \
    "$DS" >"$tmp/long.md"
first "a row a cell long: the row first" "$tmp/long.md" \
    "sandtable: $tmp/long.md:38:1: warning: a table row of 11 cells under a header of 10: the cells past the header's are not read"

# ---- a terrain kind in a designer's word ----
sed 's/^| Reed bed    | wood  |/| Reed bed    | forest |/' "$DS" >"$tmp/forest.md"
first "a forest is a wood" "$tmp/forest.md" \
    "sandtable: $tmp/forest.md:100:16: error: unknown terrain kind 'forest' (known: open, hill, wood, river, ford, road, town, fortification); a forest is terrain of kind 'wood'"

# ---- a dice family's own section under a misspelt heading ----
# The family's sections (Combat, Wound table, Melee outcomes, Quality
# test) as the reader's: a level-2 heading over a table, a letter or two
# off the title, is said at that heading first, before what the family
# then lacks; a misspelt Wound table (optional) was lost in silence.
for h in 'Combat:Combatt:57' 'Wound table:Wound tabel:68' \
    'Melee outcomes:Melee outcome:81' 'Quality test:Qualty test:89'; do
	sec=${h%%:*}; rest=${h#*:}; bad=${rest%%:*}; line=${rest#*:}
	sed "s/^## $sec\$/## $bad/" "$DS" |
	    awk '/^## Test games/ { exit } { print }' >"$tmp/h.md"
	"$BIN" check --games 10 "$tmp/h.md" >/dev/null 2>"$tmp/err"
	[ "$(head -n 1 "$tmp/err")" = "sandtable: $tmp/h.md:$line:1: warning: '## $bad' is read as prose, not as the $sec section; did you mean '## $sec'?" ] &&
	    pass "a misspelt '## $sec': said at its heading first" ||
	    fail "a misspelt '## $sec': said at its heading first" \
	    "$(head -c 600 "$tmp/err")"
done

# A family's section at level 3 ('### Wound table' under Combat, spelt
# right) is prose too, and said so at its heading (it was read as prose
# in silence, and the game played with no Wound table).
sed 's/^## Wound table$/### Wound table/' "$DS" |
    awk '/^## Test games/ { exit } { print }' >"$tmp/h3.md"
"$BIN" check --games 10 "$tmp/h3.md" >/dev/null 2>"$tmp/err"
[ "$(head -n 1 "$tmp/err")" = "sandtable: $tmp/h3.md:68:1: warning: '### Wound table' is read as prose, not as the Wound table section; did you mean '## Wound table'?" ] &&
    pass "'### Wound table': said at its heading first" ||
    fail "'### Wound table': said at its heading first" \
    "$(head -c 600 "$tmp/err")"

# Under a section the reader reads (Cinder Vale's Wound table follows its
# Markers table), the first message is the second table's, and it names
# the subheading as the cause (it said only 'second table in the Markers
# section (ignored)').
sed 's/^## Wound table$/### Wound table/' "$CV" >"$tmp/h3m.md"
"$BIN" check --games 10 "$tmp/h3m.md" >/dev/null 2>"$tmp/err"
head -n 1 "$tmp/err" | grep -q "warning: second table in the Markers section (ignored): '### Wound table' over it is a heading inside the section; a section of its own is a level-2 heading ('## Wound table')" &&
    pass "'### Wound table' under Markers: the first message names it" ||
    fail "'### Wound table' under Markers: the first message names it" \
    "$(head -c 600 "$tmp/err")"

# ---- a dice game's rolls on a bigger die than the d6 it did not name ----
# Cinder Vale without its dice: d10: one error, first, naming the die
# its faces need (each cell said 'is not a roll: write 4+ (... on a d6)').
sed '/^dice: d10$/d' "$CV" >"$tmp/nod10.md"
"$BIN" check "$tmp/nod10.md" >/dev/null 2>"$tmp/err"
[ "$(head -n 1 "$tmp/err")" = "sandtable: $tmp/nod10.md:89:18: error: die face '7+' is above the d6 rolled without dice: in the front matter: give dice: d10 (the smallest die with faces up to 10)" ] &&
    [ "$(grep -c 'is not a roll\|die face' "$tmp/err")" = 1 ] &&
    pass "a dice game without dice: one error names the die its faces need" ||
    fail "a dice game without dice: one error names the die its faces need" \
    "$(head -c 600 "$tmp/err")"
sed -e '/^dice: d6$/d' \
    -e 's/^| Heavy crossbow | 60    | 1       | 4+ /| Heavy crossbow | 60    | 1       | 8+ /' \
    "$DS" >"$tmp/d8.md"
first "a To hit of 8+ and no dice: give dice: d8" "$tmp/d8.md" \
    "sandtable: $tmp/d8.md:52:37: error: die face '8+' is above the d6 rolled without dice: in the front matter: give dice: d8 (the smallest die with faces up to 8)"

# ---- base: 40 in a ruleset in cm: 40 cm, meant as mm ----
# A bare number is in the measure: a base as wide as the longest Move
# or wider is a warning at base:, first (the first message was a test
# game's 'A is in contact', far from the cause).
sed 's/^base: 4cm$/base: 40/' "$CV" >"$tmp/b40.md"
first "base: 40 in cm: said at base: first" "$tmp/b40.md" \
    "sandtable: $tmp/b40.md:8:7: warning: base 40 cm is as wide as the longest Move or wider ('Ash Hounds': 20 cm): a bare number is in the measure: (cm); for millimetres write 40mm"
sed 's/^base: 4cm$/base: 4/' "$CV" >"$tmp/b4.md"
"$BIN" check -n 10 "$tmp/b4.md" >/dev/null 2>"$tmp/err"
hasnt "base: 4 in cm: no warning" "$tmp/err" "as wide as the longest Move"

# ---- a required column misspelt: said at its heading, with the name ----
sed 's/^| Unit              | Class     | Move |/| Unit              | Class     | Moves |/' \
    "$DS" >"$tmp/moves.md"
first "a Units table's 'Moves': at the column, did you mean 'Move'" \
    "$tmp/moves.md" \
    "sandtable: $tmp/moves.md:35:34: error: the Units table needs the columns Unit, Class and Move (missing: Move); did you mean 'Move' for the column 'Moves'?"
sed 's/^| Weapon         | Range |/| Weapon         | Rnage |/' "$DS" >"$tmp/rnage.md"
only "a Weapons table's 'Rnage': at the column, its one error" \
    "$tmp/rnage.md" \
    "sandtable: $tmp/rnage.md:47:19: error: the Weapons table needs the columns Weapon and Range; did you mean 'Range' for the column 'Rnage'?"
