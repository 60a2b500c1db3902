#!/bin/sh
# Odds are exact at any size (issue 31): an opposed melee roll of 20d6 a
# side gives attacker_wins = 1609465957266537374760221649059 /
# 3341873634710933516959711494144 (odds --json agrees), a fraction no
# 64-bit integers hold. A test game that expects it exactly passes; one
# that expects a neighbour fails and prints the odds whole. Before, the
# family rounded the chance to the nearest 2^-40 (529531253409 /
# 1099511627776) and test games read no fraction of over 15 digits.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
ok() { echo "PASS: $1"; }
no() { echo "FAIL: $1"; }
Q=1609465957266537374760221649059/3341873634710933516959711494144

# NAME ODDS: Saltmarsh Reckoning with a melee roll of 20d6 and one test
# game: the Reed Wardens' twenty 6s against twenty 1s, expecting ODDS.
ruleset() {
	awk '/^## Test games/ { exit } { print }' rulesets/dice-skirmish.md |
	    sed 's/^| melee roll   | d6        |$/| melee roll   | 20d6      |/'
	six=$(printf '6, %.0s' $(seq 20))
	one=$(printf '1, %.0s' $(seq 19))
	cat <<EOT
## Test games

\`\`\`test-game
name: twenty dice a side give odds no 64-bit fraction holds
units:
  A: { side: blue, type: Reed Wardens, at: [50, 40] }
  B: { side: red, type: Reed Wardens, at: [50, 45] }
dice: [${six}${one}1]
do:
  - melee: [A, B]
expect:
  B: destroyed
  odds: { attacker_wins: $1 }
\`\`\`
EOT
}

ruleset "$Q" >"$tmp/exact.md"
grep -q '| melee roll   | 20d6 ' "$tmp/exact.md" || no "the fixture has a melee roll of 20d6"
"$BIN" odds --json "$tmp/exact.md" >"$tmp/odds.json" 2>"$tmp/err"
grep -q "\"$Q\"" "$tmp/odds.json" && ok "odds --json gives attacker_wins exactly" ||
	no "odds --json gives attacker_wins exactly: $(head -c 300 "$tmp/err")"
"$BIN" check "$tmp/exact.md" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && ! grep -q 'error:' "$tmp/err" &&
	ok "a test game's odds of 31 digits compare exactly" ||
	no "a test game's odds of 31 digits compare exactly: $(grep error: "$tmp/err" | head -c 400)"

# One less in the numerator: a different chance, told apart and printed
# whole (a rounding to 2^-40 or to a double would take them for one).
ruleset "1609465957266537374760221649058/3341873634710933516959711494144" >"$tmp/near.md"
"$BIN" check "$tmp/near.md" >"$tmp/out" 2>"$tmp/err"
[ $? -ne 0 ] && grep -q "but it is $Q" "$tmp/err" &&
	ok "a neighbouring fraction fails, the odds printed exactly" ||
	no "a neighbouring fraction fails, the odds printed exactly: $(grep error: "$tmp/err" | head -c 400)"
