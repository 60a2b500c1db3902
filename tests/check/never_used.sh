#!/bin/sh
# never_used.sh BIN: a weapon that no game can use is a warning at its
# row, in every family that plays (issue 33: the Saltburn Lancers' Lance
# could never be used and check was silent). Each case gives a bundled
# ruleset a weapon its rules forbid, then shows that the same weapon
# where the rules allow it is not named.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# Firepower (on a free table): a 1" bayonet, within the 2" melee range, harming only the
# classes that melee, carried by a Rifle, which melees.
sed -e 's/^| Rifle | infantry | 9" | — | 4 | Rifle, Antitank Grenade | |$/| Rifle | infantry | 9" | — | 4 | Rifle, Antitank Grenade, Bayonet | |/' \
    -e 's/^| Rifle | 15" | 4, 6 | infantry, artillery | |/| Bayonet | 1" | 6 | infantry, artillery | | Never fired |\n&/' \
    -e '/^grid: square 3in$/d' rulesets/morschauser-modern.md >"$tmp/fp.md"
"$BIN" check -n 0 "$tmp/fp.md" >"$tmp/out" 2>"$tmp/err"
line=$(grep -n '^| Bayonet' "$tmp/fp.md" | cut -d: -f1)
grep -q "fp.md:$line:[0-9]*: warning: weapon 'Bayonet' (of Rifle) can never be used: its Range is within melee range" "$tmp/err" &&
    pass "firepower: a weapon within melee range against units that melee is never used" ||
    fail "firepower: a weapon within melee range is never used" "$(head -c 300 "$tmp/err")"
# The same bayonet that harms vehicles may be thrown at a tank.
sed 's/^| Bayonet | 1" | 6 | infantry, artillery |/| Bayonet | 1" | 6 | infantry, artillery, vehicle |/' "$tmp/fp.md" >"$tmp/fp2.md"
"$BIN" check -n 0 "$tmp/fp2.md" >"$tmp/out" 2>"$tmp/err"
! grep -q "can never be used" "$tmp/err" &&
    pass "firepower: one that harms vehicles, which never melee, is used" ||
    fail "firepower: one that harms vehicles is used" "$(grep 'never be used' "$tmp/err")"
# The bundled rulesets have none.
for r in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md \
    rulesets/dice-skirmish.md rulesets/cinder-vale.md; do
	"$BIN" check -n 0 "$r" >"$tmp/out" 2>"$tmp/err"
	! grep -q "can never be used" "$tmp/err" &&
	    pass "$r: every weapon can be used" ||
	    fail "$r: every weapon can be used" "$(grep 'never be used' "$tmp/err")"
done
# Dice: with shooting: none and an opposed melee no weapon is used, the
# long ones (nothing shoots) and the close ones (the melee is by Combat).
sed 's/^| shooting     | pipeline  |$/| shooting     | none      |/' \
    rulesets/dice-skirmish.md >"$tmp/di.md"
"$BIN" check -n 0 "$tmp/di.md" >"$tmp/out" 2>"$tmp/err"
line=$(grep -n '^| Lance' "$tmp/di.md" | cut -d: -f1)
grep -q "di.md:$line:[0-9]*: warning: weapon 'Lance' (of Saltburn Lancers) can never be used: its Range is within the contact distance" "$tmp/err" &&
    grep -q "weapon 'Reed bow' (of Reed Wardens) can never be used: the Combat table gives shooting: none" "$tmp/err" &&
    pass "dice: with shooting: none, no weapon of an opposed melee is used" ||
    fail "dice: with shooting: none, no weapon is used" "$(grep 'never be used' "$tmp/err" | head -3)"
# Under melee: pipeline the close ones strike in melee: only the long
# ones are named.
sed 's/^| melee        | opposed   |$/| melee        | pipeline  |/' "$tmp/di.md" >"$tmp/di2.md"
"$BIN" check -n 0 "$tmp/di2.md" >"$tmp/out" 2>"$tmp/err"
! grep -q "weapon 'Lance' .* can never be used" "$tmp/err" &&
    grep -q "weapon 'Reed bow' .* can never be used" "$tmp/err" &&
    pass "dice: under melee: pipeline a close weapon is used in melee" ||
    fail "dice: under melee: pipeline a close weapon is used" "$(grep 'never be used' "$tmp/err" | head -3)"
