#!/bin/sh
# Runaway inputs of the dice family (issue 30): each case the probe found
# at the stated limits, with its time (wall and CPU), its peak memory and
# its exit status now. Target: under 5 s and 256 MB on one core, or
# refused (exit 1) with a placed error naming the limit. Before: 100d6
# attacks of 20d100kh10 at Wounds 99, check 27 s and odds 26 s; a melee
# roll of 20d100kh10, 6 to 8 s a product (115 s for check here); 256 unit
# types, 15 to 21 s for check and odds, over 60 s at Wounds 99, 111 s for
# build.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SK=rulesets/dice-skirmish.md

# dice-skirmish.md with the Reed bow's Attacks and Damage and the Reed
# Wardens' Wounds changed (the probe's dbig.md: 100d6, 20d100kh10, 99).
reed() { # ATTACKS DAMAGE WOUNDS
	awk -v at="$1" -v dm="$2" -v wo="$3" -F'|' 'BEGIN { OFS = "|" }
	/^## / { sect = $0 }
	sect == "## Units" && $2 ~ /^ Reed Wardens / { $10 = " " wo " " }
	sect == "## Weapons" && $2 ~ /^ Reed bow / { $4 = " " at " "; $8 = " " dm " " }
	{ print }' "$SK"
}
reed 100d6 20d100kh10 99 >"$T/dbig.md"
sed 's/^| melee roll   | d6  *|/| melee roll   | 20d100kh10 |/' "$SK" >"$T/melee.md"
if [ -f tests/big-ruleset.sh ]; then
	sh tests/big-ruleset.sh dice 256 >"$T/d256.md"
	sh tests/big-ruleset.sh dice 256 99 >"$T/d256w.md"
	sh tests/big-ruleset.sh dice 256 99 pipeline >"$T/d256wp.md"
	sh tests/big-ruleset.sh dice 256 99 accumulated >"$T/d256wa.md"
	# Over the budget of steps: every added weapon 10d100 attacks of
	# d100 damage at Wounds 99.
	awk -F'|' 'BEGIN { OFS = "|" } /^## / { sect = $0 }
	sect == "## Weapons" && NF >= 9 && $2 !~ /^ Weapon|^-/ {
		$4 = " 10d100 "; $8 = " d100 " }
	{ print }' "$T/d256w.md" >"$T/over.md"
fi
reed 10000+10000+10000+10000+10000 1 99 >"$T/digits.md"

# run LABEL COMMAND... (lib.sh): prints wall s, CPU s, peak MB and the
# exit status.
. "$(dirname "$0")/lib.sh"

run "check, 100d6 of 20d100kh10 at Wounds 99" "$BIN" check -q "$T/dbig.md"
run "odds --json, 100d6 of 20d100kh10 at Wounds 99" "$BIN" odds --json "$T/dbig.md"
run "cards, 100d6 of 20d100kh10 at Wounds 99" "$BIN" cards -q "$T/dbig.md" -o "$T/o.pdf"
run "report, 100d6 of 20d100kh10 at Wounds 99" "$BIN" report -q "$T/dbig.md" -o "$T/o.pdf"
run "check, melee roll 20d100kh10" "$BIN" check -q "$T/melee.md"
run "odds --json, melee roll 20d100kh10" "$BIN" odds --json "$T/melee.md"
run "check, 50,000 attacks (fraction digits)" "$BIN" check -q "$T/digits.md"
if [ -f "$T/d256.md" ]; then
	run "check, 256 dice types" "$BIN" check -q "$T/d256.md"
	run "odds --json, 256 dice types (300 MB)" "$BIN" odds --json "$T/d256.md"
	run "build, 256 dice types" "$BIN" build -q "$T/d256.md" -o "$T/out"
	run "check, 256 dice types, Wounds 99" "$BIN" check -q "$T/d256w.md"
	run "odds, 256 types, Wounds 99 (over 512 MB)" "$BIN" odds "$T/d256w.md"
	run "odds --json, one unit of 256, Wounds 99" "$BIN" odds --json "$T/d256w.md" "Reed Wardens"
	run "cards, 256 dice types, Wounds 99" "$BIN" cards -q "$T/d256w.md" -o "$T/o.pdf"
	run "reference, 256 dice types, Wounds 99" "$BIN" reference -q "$T/d256w.md" -o "$T/o.pdf"
	run "report, 256 dice types, Wounds 99" "$BIN" report -q "$T/d256w.md" -o "$T/o.pdf"
	run "play, 256 dice types, Wounds 99" "$BIN" play --json --seed 1 "$T/d256w.md"
	run "build, 256 dice types, Wounds 99" "$BIN" build -q "$T/d256w.md" -o "$T/out"
	run "reference, 256 types, Wounds 99, pipeline" "$BIN" reference -q "$T/d256wp.md" -o "$T/o.pdf"
	run "build, 256 types, Wounds 99, pipeline" "$BIN" build -q "$T/d256wp.md" -o "$T/out"
	run "build, 256 types, Wounds 99, accumulated" "$BIN" build -q "$T/d256wa.md" -o "$T/out"
	run "check, 249 weapons of 10d100 of d100 (budget)" "$BIN" check -q "$T/over.md"
fi
