#!/bin/sh
# names.sh BIN: a name sandtable does not know gets the one it seems
# meant for (issue 34: "did you mean" for commands, units and weapons, as
# headings already had): a letter off, two swapped, a plural, or the
# first word of a longer name; and nothing when nothing is near.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
has() { # NAME FILE TEXT
	grep -qF -- "$3" "$2" && pass "$1" ||
	    fail "$1" "no '$3' in $(head -c 300 "$2")"
}
DS=rulesets/dice-skirmish.md

"$BIN" chekc "$DS" >"$tmp/out" 2>"$tmp/err"
has "a command with two letters swapped" "$tmp/err" "unknown command 'chekc'; did you mean 'check'?"
"$BIN" help refrence >"$tmp/out" 2>"$tmp/err"
has "help for a misspelt command" "$tmp/err" "unknown command 'refrence'; did you mean 'reference'?"
"$BIN" xyzzy "$DS" >"$tmp/out" 2>"$tmp/err"
grep -q "did you mean" "$tmp/err" && fail "nothing near, no guess" "$(cat "$tmp/err")" ||
    pass "nothing near, no guess"
"$BIN" odds "$DS" "Reed Warden" >"$tmp/out" 2>"$tmp/err"
has "odds: a unit's name without its plural" "$tmp/err" "no unit 'Reed Warden'; did you mean 'Reed Wardens'?"

# In a ruleset: a unit's weapon, a battle's force and a test game's unit.
sed -e 's/^\(| Tide Scouts *| [a-z]* *| 18 *| \)Sling /\1Slings/' \
    -e 's/^    Heron Crossbows: 1$/    Heron Crossbow: 1/' \
    -e '0,/type: Reed Wardens/s//type: Reed Warden/' "$DS" >"$tmp/typo.md"
"$BIN" check -n 0 "$tmp/typo.md" >"$tmp/out" 2>"$tmp/err"
has "a unit's weapon misspelt" "$tmp/err" "has weapon 'Slings', which the Weapons table does not list; did you mean 'Sling'?"
has "a battle's force misspelt" "$tmp/err" "battle force names unknown unit 'Heron Crossbow'; did you mean 'Heron Crossbows'?"
has "a test game's unit type misspelt" "$tmp/err" "has unknown type 'Reed Warden'; did you mean 'Reed Wardens'?"

# The first word of a longer name: "Heavy" for the Heavy crossbow.
sed 's/^| Heron Crossbows   | infantry  | 10   | Heavy crossbow /| Heron Crossbows   | infantry  | 10   | Heavy bow      /' "$DS" >"$tmp/first.md"
"$BIN" check -n 0 "$tmp/first.md" >"$tmp/out" 2>"$tmp/err"
has "the first word of a longer name" "$tmp/err" "has weapon 'Heavy bow', which the Weapons table does not list; did you mean 'Heavy crossbow'?"

# The input read from standard input is "stdin" in build's line as in
# every other command's.
"$BIN" build -o "$tmp/b" - <tests/check/none.md >"$tmp/out" 2>"$tmp/err"
grep -q "^stdin: $tmp/b/stdin/: " "$tmp/out" &&
    pass "build - names its input stdin" ||
    fail "build - names its input stdin" "$(cat "$tmp/out")"
# Not built: its closing line says stdin too (it said '-: not built').
printf '%s\n' --- 'title: x' '	engine: none' --- |
    "$BIN" build -o "$tmp/b" - >"$tmp/out" 2>"$tmp/err"
has "build - not built: names its input stdin" "$tmp/err" \
    "sandtable: stdin: not built (errors above); previous outputs kept"
# A test game that fails: the same.
sed 's/^dice: \[4\]$/dice: [1]/' rulesets/FORMAT.md |
    awk '/^## Front matter/ { exit } { print }' |
    awk 'f && /^````$/ { exit } f { print } /^````markdown$/ && ++n == 2 { f = 1 }' |
    "$BIN" build -o "$tmp/b" - >"$tmp/out" 2>"$tmp/err"
has "build - a test game fails: names its input stdin" "$tmp/err" \
    "sandtable: stdin: not built (errors above); previous outputs kept"

# A silent trap: a force of 0 fields nothing; say so at its count.
sed 's/^    Heron Crossbows: 1$/    Heron Crossbows: 0/' rulesets/dice-skirmish.md >"$tmp/f0.md"
"$BIN" check -n 0 "$tmp/f0.md" >"$tmp/out" 2>"$tmp/err"
line=$(grep -n '^    Heron Crossbows: 0$' "$tmp/f0.md" | cut -d: -f1)
has "a force of 0 is a warning at its count" "$tmp/err" "f0.md:$line:22: warning: battle force 'Heron Crossbows' fields no unit (a count of 0)"

# A test-game step that names no unit of the game says so, with the
# units it has, not the step's template.
sed 's/^  - fire: { unit: A, target: B }$/  - fire: { unit: A, target: C }/' rulesets/dice-skirmish.md >"$tmp/step.md"
"$BIN" check -n 0 "$tmp/step.md" >"$tmp/out" 2>"$tmp/err"
has "a step naming a missing unit names it" "$tmp/err" "no unit 'C' in this test game (its units: A, B)"

# A duplicate says where the first one is.
sed 's/^| Tide Scouts /| Reed Wardens /' rulesets/dice-skirmish.md >"$tmp/dup.md"
"$BIN" check -n 0 "$tmp/dup.md" >"$tmp/out" 2>"$tmp/err"
first=$(grep -n '^| Reed Wardens ' "$tmp/dup.md" | head -1 | cut -d: -f1)
has "a duplicate unit names the first one's line" "$tmp/err" "duplicate unit 'Reed Wardens' (first on line $first)"

# Classes and keywords: a class a family does not play, a Destroys class,
# a dice Combat's class, a class of the game's own that only one unit has
# beside a near one, and a keyword of the Keywords table.
MM=rulesets/morschauser-modern.md
sed -e 's/^| Rifle | infantry |/| Rifle | infantri |/' \
    -e 's/^| Howitzer | 24" | 4, 6 | all |/| Howitzer | 24" | 4, 6 | artilery |/' \
    "$MM" >"$tmp/cls.md"
"$BIN" check -n 0 "$tmp/cls.md" >"$tmp/out" 2>"$tmp/err"
has "a class the family does not play" "$tmp/err" "has unknown class 'infantri' (the firepower family plays infantry, artillery, vehicle); did you mean 'infantry'?"
has "a Destroys class" "$tmp/err" "unknown class 'artilery' (known: all, infantry, artillery, vehicle, cavalry, elephant, chariot); did you mean 'artillery'?"
grep -q "weapon 'Howitzer' destroys nothing" "$tmp/err" &&
    fail "no follow-on 'destroys nothing' after the Destroys cell's error" "$(cat "$tmp/err")" ||
    pass "no follow-on 'destroys nothing' after the Destroys cell's error"
sed -e 's/^| Reed Wardens      | infantry  |/| Reed Wardens      | infantr   |/' \
    -e 's/| 5, 3 against cavalry     |/| 5, 3 against cavlry      |/' \
    "$DS" >"$tmp/dcls.md"
"$BIN" check -n 0 "$tmp/dcls.md" >"$tmp/out" 2>"$tmp/err"
has "a class of the game's own one letter off another" "$tmp/err" "dcls.md:37:22: warning: unit 'Reed Wardens' is the only one of class 'infantr'; did you mean 'infantry'?"
has "a dice Combat against a misspelt class, at the word" "$tmp/err" ":91: error: Combat '5, 3 against cavlry' of unit 'Saltburn Lancers' is against 'cavlry', which is no class of the game (a class, foot or mounted); did you mean 'cavalry'?"
"$BIN" check -n 0 "$DS" >"$tmp/out" 2>"$tmp/err"
grep -q "only one of class" "$tmp/err" &&
    fail "a lone class with nothing near is no warning" "$(cat "$tmp/err")" ||
    pass "a lone class with nothing near is no warning"
sed 's/| Savage   | Close work/| Savge    | Close work/' rulesets/cinder-vale.md \
    >"$tmp/kw.md"
"$BIN" check -n 0 "$tmp/kw.md" >"$tmp/out" 2>"$tmp/err"
has "a keyword misspelt" "$tmp/err" "unknown keyword 'Savge' of weapon 'Fangs' (known: Searing, Savage, Steady, Cover, Shaken); did you mean 'Savage'?"

# An engine misspelt: one error, with the family meant, and not the
# family's settings as unknown keys after it.
sed 's/^engine: dice/engine: dcie/' "$DS" >"$tmp/eng.md"
"$BIN" check -n 0 "$tmp/eng.md" >"$tmp/out" 2>"$tmp/err"
has "an engine misspelt" "$tmp/err" "eng.md:6:9: error: unknown engine 'dcie' (known: none, firepower, morale, dice); did you mean 'dice'?"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && pass "an engine misspelt: its error alone" ||
    fail "an engine misspelt: its error alone" "$(cat "$tmp/err")"
# A required column misspelt: its error first, at the column, with the
# name it seems meant for; no note on the columns of
# the table that could not be read.
sed 's/^| Unit              | Class     | Move |/| Unit              | Klass     | Move |/' "$DS" >"$tmp/col.md"
"$BIN" check -n 0 "$tmp/col.md" >"$tmp/out" 2>"$tmp/err"
head -1 "$tmp/err" | grep -qF "col.md:35:22: error: the Units table needs the columns Unit, Class and Move (missing: Class); did you mean 'Class' for the column 'Klass'?" &&
    ! grep -q "note: the Units table's column Klass" "$tmp/err" &&
    pass "a required column misspelt: the error first, no note" ||
    fail "a required column misspelt: the error first, no note" "$(cat "$tmp/err")"

# A test game's key misspelt: an error at it, not its expectations
# skipped in silence.
awk '/^expect:/ && !done { print "expcet:"; done = 1; next } { print }' "$DS" >"$tmp/tgk.md"
"$BIN" check -n 0 "$tmp/tgk.md" >"$tmp/out" 2>"$tmp/err"
line=$(grep -n '^expcet:' "$tmp/tgk.md" | cut -d: -f1)
has "a test game's key misspelt" "$tmp/err" "tgk.md:$line:1: error: test game 'the initiative roll gives the first turn to the higher die': unknown key 'expcet' (a test game has name, board, terrain, units, first, turns, break, dice, seed, players, do, expect, example, section); did you mean 'expect'?"

# A long option a letter or two off one of the command's: did you mean,
# as for a command's name; nothing when none is near.
"$BIN" build --outptu "$tmp/o" "$DS" >"$tmp/out" 2>"$tmp/err"
has "an option misspelt: did you mean" "$tmp/err" \
    "build: unknown option '--outptu'; did you mean '--output'?"
"$BIN" bases --bases 30mm "$DS" >"$tmp/out" 2>"$tmp/err"
has "an option in the plural: did you mean" "$tmp/err" \
    "bases: unknown option '--bases'; did you mean '--base'?"
"$BIN" build --zzz "$DS" >"$tmp/out" 2>"$tmp/err"
has "an option near none: no hint" "$tmp/err" \
    "build: unknown option '--zzz' (try"

# A Combat setting, its word and a keyword's Roll misspelt: did you mean
# (they named the known ones only); a keyword whose Roll is an error
# says nothing more where a weapon names it (it was 'unknown keyword').
CV=rulesets/cinder-vale.md
sed 's/^| shooting        | pipeline   |/| shooting        | pipline    |/' "$CV" >"$tmp/s1.md"
"$BIN" check -n 0 "$tmp/s1.md" >"$tmp/out" 2>"$tmp/err"
has "a Combat setting's word: did you mean" "$tmp/err" \
    "unknown shooting 'pipline' (known: pipeline, accumulated or none); did you mean 'pipeline'?"
sed 's/^| activation test | quality    |/| activaton test  | quality    |/' "$CV" >"$tmp/s2.md"
"$BIN" check -n 0 "$tmp/s2.md" >"$tmp/out" 2>"$tmp/err"
has "a Combat setting: did you mean" "$tmp/err" \
    "or strikes); did you mean 'activation test'?"
sed 's/^| Searing | to hit | on 10: no save   |/| Searing | to hti | on 10: no save   |/' "$CV" >"$tmp/k1.md"
"$BIN" check -n 0 "$tmp/k1.md" >"$tmp/out" 2>"$tmp/err"
has "a keyword's Roll: did you mean" "$tmp/err" \
    "unknown roll 'to hti' of keyword 'Searing' (known: to hit, to wound, save, test); did you mean 'to hit'?"
[ "$(grep -c ': error:' "$tmp/err")" = 1 ] &&
    pass "a keyword's bad Roll: its one error" ||
    fail "a keyword's bad Roll: its one error" "$(cat "$tmp/err")"
