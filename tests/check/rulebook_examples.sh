#!/bin/sh
# rulebook_examples.sh BIN: the examples of play read (issue 35): labels
# clear of the steps' lines (rulebook_examples.py measures the pixels).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
python3 "$(dirname "$0")/rulebook_examples.py" "$BIN"

# Steps told as players tell them: who rolled each die, a family's own
# steps in words (not 'charge: A, B' or 'phase: Melee'), wounds where a
# band takes wounds.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
for r in gauntlet-ancients dice-skirmish; do
	SOURCE_DATE_EPOCH=1700000000 "$BIN" rulebook -q "rulesets/$r.md" \
	    -o "$T/$r.pdf" && pdftotext "$T/$r.pdf" - | tr '\n' ' ' |
	    tr -s ' ' >"$T/$r.txt"
done
grep -q 'A (Close Order Infantry) charges B (Close Order Infantry)\.' "$T/gauntlet-ancients.txt" &&
    grep -q 'The Melee step is played\. A rolls 6, 6, 1, 1, 1, 1; B rolls 6, 1, 1, 1, 1, 1\.' "$T/gauntlet-ancients.txt" &&
    ! grep -q 'charge: A\|phase: ' "$T/gauntlet-ancients.txt" &&
    pass "morale examples: charges and steps in words, each unit's dice" ||
    fail "morale examples: charges and steps in words, each unit's dice" \
    "$(grep -o '1\. A (Close Order Infantry) charges.\{0,200\}' "$T/gauntlet-ancients.txt" | head -1)"
grep -q 'with the Reed bow\. A rolls 4, 4; B rolls 1; A rolls 1\. → B has taken 2 wounds' "$T/dice-skirmish.txt" &&
    ! grep -q 'has [0-9]* hits' "$T/dice-skirmish.txt" &&
    pass "dice examples: wounds, and who rolled each die" ||
    fail "dice examples: wounds, and who rolled each die" \
    "$(grep -o 'with the Reed bow\..\{0,80\}' "$T/dice-skirmish.txt" | head -2)"
grep -q '2\. B (Close Order Infantry) tries to rally\. B rolls 5\.' "$T/gauntlet-ancients.txt" &&
    ! grep -q '[0-9]\. ? ' "$T/gauntlet-ancients.txt" &&
    pass "a step naming its unit by its label: the unit told" ||
    fail "a step naming its unit by its label: the unit told" \
    "$(grep -o '2\. .\{0,40\}tries to rally.\{0,20\}' "$T/gauntlet-ancients.txt")"
