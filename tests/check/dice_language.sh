#!/bin/sh
# The dice family as a rules language for designers' mechanisms (issue
# 32), a mechanism at a time.
# - The game's own classes: a Class of the designer's word is a class its
#   rules name ("3, 1 against rider"), the odds follow it, the products
#   print it; the firepower family still refuses one at its cell; a
#   ruleset has at most 26 of its own.
# - Tests on several dice: the Combat table's test roll (2d6) is what a
#   quality test rolls, passing on a total of the unit's Quality or more.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
R=tests/rulesets/dice-classes.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

timeout 60 "$BIN" check -n 100 "$R" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && ! grep -q 'unknown class' "$tmp/err" &&
	pass "check plays classes of the game's own (trooper, rider)" ||
	fail "check plays classes of the game's own" "exit $rc: $(head -c 300 "$tmp/err")"

# Slingers (trooper) fight riders at 1, riders fight all at 5: d10+1
# beats d10+5 in 15 of the 100 pairs of faces; Slingers against
# Slingers at 3 each.
timeout 60 "$BIN" odds --json "$R" Slingers >"$tmp/j" 2>"$tmp/err"
if python3 - "$tmp/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[0]
m = {(x["attacker"], x["defender"]): x for x in d["melee"]}
a = m[("Slingers", "Lancers")]
b = m[("Slingers", "Slingers")]
ok = a["exact"]["attacker_wins"] == "3/20" and a["attacker_factor"] == 1 \
    and b["attacker_factor"] == 3 and b["exact"]["equal"] == "1/10"
sys.exit(0 if ok else 1)
PY
then pass "a Combat factor against the game's own class: 3/20"
else fail "a Combat factor against the game's own class" "$(head -c 400 "$tmp/j")"; fi

# half hits of the game's own class.
sed -e 's/| shooting | pipeline |/| shooting | accumulated |/' \
    -e 's/| contact  | 2cm      |/| contact  | 2cm      |\n| half hits | trooper |/' "$R" >"$tmp/half.md"
timeout 60 "$BIN" check -n 0 "$tmp/half.md" >/dev/null 2>"$tmp/err" ||
	grep -q 'half hits' "$tmp/err" &&
	fail "half hits: trooper is read" "$(grep half "$tmp/err" | head -2)" ||
	pass "half hits: trooper is read"
sed 's/| half hits | trooper |/| half hits | soldier |/' "$tmp/half.md" >"$tmp/half2.md"
timeout 60 "$BIN" check -n 0 "$tmp/half2.md" >/dev/null 2>"$tmp/err"
grep -q "half hits.*soldier" "$tmp/err" && pass "half hits: a class no unit has is an error" ||
	fail "half hits: a class no unit has is an error" "$(head -c 300 "$tmp/err")"

# The cards print the designer's word.
timeout 60 "$BIN" cards "$R" -o "$tmp/c.pdf" >/dev/null 2>"$tmp/err" &&
	pdftotext "$tmp/c.pdf" - | grep -qi 'trooper' &&
	pass "the cards print the class trooper" ||
	fail "the cards print the class trooper" "$(head -c 300 "$tmp/err")"

# The firepower family plays the six: trooper is an error at its cell.
sed -e 's/^engine: dice/engine: firepower/' -e 's/^dice: d10/dice: d6/' "$R" >"$tmp/fp.md"
timeout 60 "$BIN" check -n 0 "$tmp/fp.md" >/dev/null 2>"$tmp/err"
grep -q "fp.md:17:13: error: unit 'Slingers' has unknown class 'trooper' (the firepower family plays infantry, artillery, vehicle)" "$tmp/err" &&
	pass "firepower: a class of the game's own is an error at its cell" ||
	fail "firepower: a class of the game's own is an error at its cell" "$(grep class "$tmp/err" | head -2)"

# At most 26 classes of the game's own: the 27th is an error at it.
{ sed -n '1,/^## Units/p' "$R"
  printf '\n| Unit | Class | Move | Weapons | Combat | Toughness | Save | Wounds |\n'
  printf '|---|---|---|---|---|---|---|---|\n'
  for i in $(seq 1 27); do printf '| U%d | kind%d | 10 | Sling | 3 | 3 | 9+ | 2 |\n' "$i" "$i"; done
  sed -n '/^## Weapons/,$p' "$R" | sed '/^## Test games/,$d'; } >"$tmp/many.md"
timeout 60 "$BIN" check -n 0 "$tmp/many.md" >/dev/null 2>"$tmp/err"
grep -q "error: more than 26 classes of the game's own" "$tmp/err" &&
	pass "the 27th class of the game's own is an error" ||
	fail "the 27th class of the game's own is an error" "$(head -c 300 "$tmp/err")"

# Tests on 2d6: the nerve test's test games (a 6 fails Quality 8+, an 8
# passes) pass, and every rule of the test is exercised.
N=tests/rulesets/dice-nerve.md
timeout 60 "$BIN" check -n 50 "$N" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q '3 test games played, 0 failed' "$tmp/out" &&
	pass "a 2d6 test roll: its test games pass" ||
	fail "a 2d6 test roll: its test games pass" "exit $rc: $(grep -v note: "$tmp/err" | head -c 300)"
timeout 60 "$BIN" check -v -n 0 "$N" >"$tmp/out" 2>&1
for r in quality.test quality.below_half quality.passed quality.failed quality.failed_by; do
	# check -v: rule, section, times in test games, in self-play.
	n=$(awk -v r="$r" '$1 == r { print $(NF - 1) }' "$tmp/out")
	[ "${n:-0}" -ge 1 ] && pass "the 2d6 test games exercise $r" ||
		fail "the 2d6 test games exercise $r" "$(grep "$r" "$tmp/out" | head -1)"
done
# A Quality the test roll cannot make, and a test roll that is no dice
# expression: errors at their cells, naming the roll's range.
sed 's/| 6+      |$/| 13+     |/' "$N" >"$tmp/q.md"
timeout 60 "$BIN" check -n 0 "$tmp/q.md" >/dev/null 2>"$tmp/err"
grep -q "q.md:15:.*error: Quality '13+' of unit 'Guards' is not a total of the test roll 2d6: write 7+ (passes on 7 or more; the roll makes 2 to 12)" "$tmp/err" &&
	pass "Quality 13+ on 2d6 is an error at its cell" ||
	fail "Quality 13+ on 2d6 is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/| test roll    | 2d6        |/| test roll    | 2d        |/' "$N" >"$tmp/r.md"
timeout 60 "$BIN" check -n 0 "$tmp/r.md" >/dev/null 2>"$tmp/err"
grep -q "r.md:33:.*error: test roll '2d' is not a dice expression" "$tmp/err" &&
	pass "a test roll that is no dice expression is an error at its cell" ||
	fail "a test roll that is no dice expression is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"
# The exact chance to pass: 2d6 makes 6 or more in 26 of 36 ways, 8 or
# more in 15; odds prints it as a table, and its JSON as "tests".
timeout 60 "$BIN" odds --json "$N" >"$tmp/j" 2>"$tmp/err"
if python3 - "$tmp/j" <<'PY'
import json, sys
t = {x["unit"]: x for x in json.load(open(sys.argv[1]))[0]["tests"]}
ok = t["Guards"]["exact"]["p_pass"] == "13/18" and \
    t["Skirmishers"]["exact"]["p_pass"] == "5/12" and \
    t["Guards"]["roll"] == "2d6" and t["Guards"]["quality"] == 6
sys.exit(0 if ok else 1)
PY
then pass "odds --json: the chance to pass a 2d6 test, exact"
else fail "odds --json: the chance to pass a 2d6 test, exact" "$(head -c 300 "$tmp/err")"; fi
timeout 60 "$BIN" odds "$N" >"$tmp/t" 2>"$tmp/err"
grep -q 'Quality tests: the chance to pass' "$tmp/t" &&
	grep -qE '^ +Skirmishers +8 +2d6 +5/12 \(0\.417\)' "$tmp/t" &&
	pass "odds: the tests' table" || fail "odds: the tests' table" "$(tail -4 "$tmp/t")"

# Keywords: re-rolls, natural faces that wound without a roll or cannot
# be saved, a better save, a steadier test — exact, and played by the
# test games (every keyword rule exercised).
K=tests/rulesets/dice-keywords.md
timeout 60 "$BIN" check -n 50 "$K" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q '5 test games played, 0 failed' "$tmp/out" &&
	pass "keywords: the test games pass" ||
	fail "keywords: the test games pass" "exit $rc: $(grep -v note: "$tmp/err" | head -c 300)"
timeout 60 "$BIN" check -v -n 0 "$K" >"$tmp/out" 2>&1
for r in keyword.roll keyword.modifier keyword.reroll keyword.wounds keyword.no_save; do
	n=$(awk -v r="$r" '$1 == r { print $(NF - 1) }' "$tmp/out")
	[ "${n:-0}" -ge 1 ] && pass "the keyword test games exercise $r" ||
		fail "the keyword test games exercise $r" "$(grep "$r" "$tmp/out" | head -1)"
done
timeout 60 "$BIN" odds --json "$K" >"$tmp/j" 2>"$tmp/err"
if python3 - "$tmp/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[0]
s = {(x["weapon"], x["target"]): x["exact"]["p_wound_per_attack"] for x in d["shooting"]}
t = {x["unit"]: x["exact"]["p_pass"] for x in d["tests"]}
# Maul gun (3+, re-roll failures, on 6: wounds) at Scavengers (3+, 6+):
# 2/3 x 2/3 x 5/6 + 2/9 x 5/6; at Wardens (4+, save 3+ made 2+, never
# on 1): 2/3 x 1/2 x 1/6 + 2/9 x 1/6; Scrapper (4+, re-roll 1s) at
# Wardens (5+, on 5+: no save): 7/12 x 1/3; Veteran (+1, re-roll
# failures) on 4+: 2/3 + 1/3 x 2/3.
ok = s[("Maul gun", "Scavengers")] == "5/9" and \
    s[("Maul gun", "Wardens")] == "5/54" and \
    s[("Scrapper", "Wardens")] == "7/36" and \
    t["Wardens"] == "8/9" and t["Scavengers"] == "1/3"
sys.exit(0 if ok else 1)
PY
then pass "keywords: the exact chances of an attack and a test"
else fail "keywords: the exact chances of an attack and a test" "$(head -c 300 "$tmp/err")"; fi

# Bad keywords: each an error at its cell.
# kbad NAME SED-SCRIPT MESSAGE: the ruleset so changed gets MESSAGE.
kbad() {
	sed "$2" "$K" >"$tmp/k.md"
	timeout 60 "$BIN" check -n 0 "$tmp/k.md" >/dev/null 2>"$tmp/err"
	grep -q -- "$3" "$tmp/err" && pass "keywords: $1" ||
		fail "keywords: $1" "$(grep -v note: "$tmp/err" | head -c 300)"
}
kbad "an unknown keyword" 's/Precise, Lethal |/Precise, Lethel |/' \
    "k.md:26:74: error: unknown keyword 'Lethel' of weapon 'Maul gun' (known: Precise, Steady, Lethal, Rending(X), Shielded, Veteran, Cover, Sure)"
kbad "a keyword that takes X given none" 's/Steady, Rending(5) |/Steady, Rending |/' \
    "error: keyword 'Rending' takes a number: Rending(2)"
kbad "a number to one that takes none" 's/Precise, Lethal |/Precise(2), Lethal |/' \
    "error: keyword 'Precise' takes no number: write Precise"
kbad "a weapon's roll on a unit" 's/| Shielded, Veteran |/| Shielded, Lethal |/' \
    "error: keyword 'Lethal' acts on to hit rolls, which are a weapon's keywords, not those of unit 'Wardens'"
kbad "an effect it does not know" 's/| re-roll failures         |/| re-roll everything       |/' \
    "error: 're-roll everything' is not an effect of keyword 'Precise'"
kbad "a face the die has not" 's/Steady, Rending(5) |/Steady, Rending(7) |/' \
    "error: keyword 'Rending': 7 is not a face of the d6"
kbad "a keyword defined twice" 's/| Steady     | to hit   |/| Precise    | to hit   |/' \
    "error: keyword 'Precise' twice in the Keywords table (first on line"
kbad "wounds on a save" 's/| +1, never on 1           |/| on 6: wounds             |/' \
    "error: 'on 6: wounds' is not an effect of keyword 'Shielded'"
kbad "a condition it does not know" 's/| +1 in cover              |/| +1 in the rain           |/' \
    "error: '+1 in the rain' is not an effect of keyword 'Cover'"
kbad "every unit given a weapon's keyword" 's/| every unit   | Cover      |/| every unit   | Cover, Sure |/' \
    "error: keyword 'Sure' acts on to hit rolls, which are a weapon's keywords, not those of every unit"
# Without the wood the save is not made: the cover test game fails.
sed 's/  - { kind: wood, rect: \[0, 24, 20, 10\] }/  - { kind: wood, rect: [30, 40, 5, 5] }/' "$K" >"$tmp/k.md"
timeout 60 "$BIN" check -n 0 "$tmp/k.md" >/dev/null 2>"$tmp/err"
grep -q "expected S: wounds 2, but it has 1" "$tmp/err" &&
	pass "a save is better in cover only" || fail "a save is better in cover only" "$(grep error "$tmp/err" | head -2)"

# A melee-only game needs no Weapons table; quality test: beaten needs
# an opposed melee; a game where every Save is "-" has no save step.
M=tests/rulesets/dice-melee-only.md
timeout 60 "$BIN" check -n 50 "$M" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q '2 test games played, 0 failed' "$tmp/out" &&
	pass "a melee-only game plays without weapons" ||
	fail "a melee-only game plays without weapons" "exit $rc: $(grep -v note: "$tmp/err" | head -c 300)"
sed 's/| melee        | opposed    |/| melee        | accumulated |/' "$M" >"$tmp/m.md"
timeout 60 "$BIN" check -n 0 "$tmp/m.md" >/dev/null 2>"$tmp/err"
grep -q "m.md:25:17: error: quality test 'beaten' needs melee: opposed" "$tmp/err" &&
	pass "quality test: beaten without an opposed melee is an error at it" ||
	fail "quality test: beaten without an opposed melee is an error at it" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/| shooting     | none       |/| shooting     | pipeline   |/' "$M" >"$tmp/m2.md"
timeout 60 "$BIN" check -n 0 "$tmp/m2.md" >/dev/null 2>"$tmp/err"
grep -q "error: no weapons: a dice ruleset needs a '## Weapons' section" "$tmp/err" &&
	pass "a game that shoots still needs weapons" ||
	fail "a game that shoots still needs weapons" "$(grep -v note: "$tmp/err" | head -c 300)"
sed -E 's/\| (8\+|9\+) +\| ([23]) +\|$/| - | \2 |/' tests/rulesets/dice-classes.md >"$tmp/ns.md"
timeout 60 "$BIN" check -v -n 0 "$tmp/ns.md" >"$tmp/out" 2>&1
grep -qE '^ +shoot\.save .*does not apply' "$tmp/out" &&
	pass "no Save anywhere: the save step does not apply" ||
	fail "no Save anywhere: the save step does not apply" "$(grep 'shoot.save' "$tmp/out")"

# Keyword limits, each an error at its place: 32 keywords, 8 a unit or
# weapon, 4 effects a keyword; a long cell is read whole.
{ sed -n '1,/^| Sure       | to hit   |/p' "$K"
  for i in $(seq 1 30); do printf '| Extra%d | save | +1 |\n' "$i"; done
  sed -n '/^| Sure       | to hit   |/,$p' "$K" | sed 1d; } >"$tmp/many.md"
timeout 60 "$BIN" check -n 0 "$tmp/many.md" >/dev/null 2>"$tmp/err"
grep -q "error: more than 32 keywords" "$tmp/err" && pass "keywords: the 33rd is an error" ||
	fail "keywords: the 33rd is an error" "$(grep -v note: "$tmp/err" | head -c 300)"
kbad "nine keywords on a unit" 's/| Shielded, Veteran |/| Shielded, Veteran, Cover, Cover, Cover, Cover, Cover, Cover |/' \
    "error: unit 'Wardens' has more than 8 keywords"
kbad "five effects" 's/| re-roll failures         |/| +1, +1, +1, +1, re-roll failures |/' \
    "error: keyword 'Precise' has more than 4 effects"
# An effect past 300 characters (spaces before its condition) is read
# whole, not cut: the ruleset checks clean.
long=$(printf '%0300d' 0 | tr 0 ' ')
sed "s/| re-roll failures         |/| re-roll failures, +1${long}after moving |/" "$K" >"$tmp/k.md"
timeout 60 "$BIN" check -n 0 "$tmp/k.md" >/dev/null 2>"$tmp/err"
! grep -q 'error' "$tmp/err" && pass "keywords: a long effect is read whole" ||
	fail "keywords: a long effect is read whole" "$(grep error "$tmp/err" | head -c 300)"

# The reference sheet prints each unit's chance to pass its test.
timeout 60 "$BIN" reference -q "$N" -o "$tmp/n.pdf" 2>"$tmp/err"
pdftotext -layout "$tmp/n.pdf" - 2>/dev/null >"$tmp/n.txt"
grep -q 'Quality test: chance to pass' "$tmp/n.txt" &&
	grep -qE 'Guards +72%' "$tmp/n.txt" && grep -qE 'Skirmishers +42%' "$tmp/n.txt" &&
	pass "the reference sheet: each unit's chance to pass its 2d6 test" ||
	fail "the reference sheet: each unit's chance to pass its 2d6 test" "$(grep -A3 'chance to pass' "$tmp/n.txt" | head -5)"

# Asked for one pair, odds answers for it however large the rest: 256
# unit types on a d100 are past the budget whole (an error naming the
# weapon), and one pair of them takes well under a second.
sh tests/big-ruleset.sh dice 256 99 opposed 2>/dev/null | sed 's/^dice: d6$/dice: d100/' >"$tmp/big.md"
timeout 60 "$BIN" odds "$tmp/big.md" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "more than the 500 million the dice family allows" "$tmp/err" &&
	pass "odds of a ruleset past the budget: refused whole" ||
	fail "odds of a ruleset past the budget: refused whole" "exit $rc: $(head -c 200 "$tmp/err")"
s=$(LC_ALL=C; /usr/bin/time -f '%U %M' timeout 60 "$BIN" odds --json "$tmp/big.md" 'Reed Wardens' 'Reed Wardens' 2>"$tmp/time" >"$tmp/j"; echo $?)
t=$(tail -1 "$tmp/time")
if [ "$s" -eq 0 ] && python3 -c "
import json, sys
d = json.load(open('$tmp/j'))[0]
m = d['melee'][0]
sys.exit(0 if m['exact']['attacker_wins'] == '5/12' and len(d['melee']) == 1 else 1)" &&
    LC_ALL=C awk -v t="$t" 'BEGIN { split(t, a, " "); exit !(a[1] < 2 && a[2] < 256000) }'; then
	pass "odds of one pair of a ruleset past the budget: answered ($t: s of CPU, kB)"
else
	fail "odds of one pair of a ruleset past the budget: answered" "exit $s, $t: $(head -c 200 "$tmp/j")"
fi

# An opposed melee as its tables play it: Guards (3) against Skirmishers
# (2), d6 each, beaten by double destroys, beaten recoils and then tests
# (2d6, Quality 8+: fails 7/12 of the time, and routs): the defender is
# removed 59/144 (brute force over the 36 rolls and the test).
timeout 60 "$BIN" odds --json "$M" Guards Skirmishers >"$tmp/j" 2>"$tmp/err"
if python3 - "$tmp/j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))[0]["melee_result"][0]["exact"]
sys.exit(0 if (r["defender_removed"], r["attacker_removed"],
               r["defender_gives_ground"], r["attacker_gives_ground"]) ==
         ("59/144", "7/72", "25/144", "13/72") else 1)
PY
then pass "an opposed melee's result, the quality test taken: 59/144 removed"
else fail "an opposed melee's result, the quality test taken" "$(head -c 300 "$tmp/j")"; fi

# Accumulated damage on a test: -1 per wound lost. In the nerve game a
# Skirmisher that has lost 2 Wounds needs 10 on 2d6, not 8: the test
# game where 6 and 2 held now fails; in the open the chance is as before.
{ sed -n '1,/^## Wound table/p' "$N" | sed '$d'
  printf '## Keywords\n\n| Keyword | Roll | Effect |\n|---|---|---|\n| Shaken | test | -1 per wound lost |\n\n'
  sed -n '/^## Wound table/,$p' "$N"; } |
    sed 's/| test roll    | 2d6        |/| test roll    | 2d6        |\n| every unit   | Shaken     |/' >"$tmp/sh.md"
timeout 60 "$BIN" check -n 0 "$tmp/sh.md" >/dev/null 2>"$tmp/err"
grep -q "test game 'nerve holds on 2d6 at 6 and 2': expected rule quality.passed to apply, but it did not" "$tmp/err" &&
	pass "-1 per wound lost: a wounded unit's test is harder" ||
	fail "-1 per wound lost: a wounded unit's test is harder" "$(grep -v note: "$tmp/err" | head -c 300)"
timeout 60 "$BIN" odds --json "$tmp/sh.md" >"$tmp/j" 2>/dev/null
python3 -c "
import json, sys
t = {x['unit']: x['exact']['p_pass'] for x in json.load(open('$tmp/j'))[0]['tests']}
sys.exit(0 if t['Guards'] == '13/18' else 1)" &&
	pass "-1 per wound lost: in the open, the test's chance is unchanged" ||
	fail "-1 per wound lost: in the open, the test's chance is unchanged" "$(head -c 200 "$tmp/j")"

# A test failed by a margin: failed by 3 or more on 2d6 is a total of 5
# or less needing 8 (10 ways in 36), 3 or less needing 6 (3 in 36).
timeout 60 "$BIN" odds --json "$N" >"$tmp/j" 2>/dev/null
python3 -c "
import json, sys
t = {x['unit']: x['exact'] for x in json.load(open('$tmp/j'))[0]['tests']}
sys.exit(0 if t['Skirmishers']['p_failed_by'] == '5/18' and
         t['Guards']['p_failed_by'] == '1/12' else 1)" &&
	pass "a test failed by 3 or more: 5/18 and 1/12, exact" ||
	fail "a test failed by 3 or more" "$(head -c 300 "$tmp/j")"
sed 's/| failed by 3 or more | rout           |/| failed by 0 or more | rout           |/' "$N" >"$tmp/fb.md"
timeout 60 "$BIN" check -n 0 "$tmp/fb.md" >/dev/null 2>"$tmp/err"
grep -q "error: unknown result 'failed by 0 or more' in the Quality test table (known: passed, failed, failed by N or more, N from 1 to 100)" "$tmp/err" &&
	pass "failed by 0 or more is an error at its cell" ||
	fail "failed by 0 or more is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"

# Units of models: a squad's Attacks are each model's, the damage past a
# model's Wounds is lost (or carries over), the limits are errors at
# their cells, and the exact figures follow the models.
M=tests/rulesets/dice-models.md
for f in "$M" tests/rulesets/dice-models-melee.md; do
	timeout 60 "$BIN" check -n 200 "$f" >"$tmp/out" 2>"$tmp/err"
	grep -q 'test games\{0,1\} played, 0 failed' "$tmp/out" && ! grep -q ': error:' "$tmp/err" &&
		pass "$(basename "$f"): its test games of models pass" ||
		fail "$(basename "$f"): its test games of models pass" "$(grep -v note: "$tmp/err" | head -c 300)"
done
timeout 60 "$BIN" check -v -n 0 "$M" >"$tmp/out" 2>/dev/null
grep -Eq '^  shoot.models +Units +2 ' "$tmp/out" && grep -Eq '^  shoot.excess_lost +Combat +2 ' "$tmp/out" &&
	pass "shoot.models and shoot.excess_lost are exercised by test games" ||
	fail "shoot.models and shoot.excess_lost are exercised" "$(grep -E 'shoot.(models|excess)' "$tmp/out")"
timeout 60 "$BIN" odds --json "$M" >"$tmp/j" 2>/dev/null
python3 -c "
import json, sys
s = {(x['shooter'], x['target']): x['exact'] for x in json.load(open('$tmp/j'))[0]['shooting']}
ok = s[('Riflemen', 'Brutes')]['expected_damage'] == '5/12' and \
     s[('Cannon', 'Brutes')]['expected_damage'] == '2/3' and \
     s[('Riflemen', 'Riflemen')]['p_removed'] == '1/7776'
sys.exit(0 if ok else 1)" &&
	pass "five riflemen make five attacks in the exact odds: 5/12, 1/7776" ||
	fail "five riflemen in the exact odds" "$(head -c 300 "$tmp/j")"
# Carries over: the gun's third point of damage passes to the next brute.
sed 's/| excess damage | lost     |/| excess damage | carries over |/' "$M" >"$tmp/co.md"
timeout 60 "$BIN" check -n 0 "$tmp/co.md" >/dev/null 2>"$tmp/err"
grep -q "test game 'a gun's damage past the wounded brute is lost': expected B: wounds 6, but it has 5" "$tmp/err" &&
	pass "excess damage: carries over passes the rest to the next model" ||
	fail "excess damage: carries over" "$(grep -v note: "$tmp/err" | head -c 400)"
sed 's/| excess damage | lost     |/| excess damage | spills   |/' "$M" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
grep -Eq ":[0-9]+:[0-9]+: error: unknown excess damage 'spills'.*lost or carries over" "$tmp/err" &&
	pass "an unknown excess damage is an error at its cell" ||
	fail "an unknown excess damage is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/^| Riflemen | trooper | 12   | Rifle   | 5      |/| Riflemen | trooper | 12   | Rifle   | 51     |/' "$M" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
grep -q ":19:40: error: Models '51' of unit 'Riflemen' is not a whole number from 1 to 50" "$tmp/err" &&
	pass "51 models is an error at its cell" ||
	fail "51 models is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/^| Brutes   | brute   | 10   | Cleaver | 3      | 3      |/| Brutes   | brute   | 10   | Cleaver | 40     | 3      |/' "$M" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
grep -q ":20:40: error: unit 'Brutes': 40 models of 3 Wounds are 120 Wounds, more than the 99 a unit may have" "$tmp/err" &&
	pass "40 models of 3 Wounds is an error at its cell" ||
	fail "40 models of 3 Wounds is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"
# A melee whose fractions alone would grow past the budget (eighty dice
# a strike) is not fought out, says so in a note, and takes no time.
sed 's/^| Rifle   | 40    | 1       |/| Rifle   | 2     | 80d6    |/' tests/rulesets/dice-models-melee.md >"$tmp/heavy.md"
timeout 20 "$BIN" check -n 20 "$tmp/heavy.md" >/dev/null 2>"$tmp/err"
grep -q "note: the exact odds of the melee of Riflemen and Riflemen (and [0-9]* more pairs) are of its first round only: fought to its end, its fractions would grow too large" "$tmp/err" &&
	pass "a melee too heavy to fight out is named in a note" ||
	fail "a melee too heavy to fight out is named in a note" "$(grep -v 'note: the dice' "$tmp/err" | head -c 400)"
timeout 20 "$BIN" odds --json "$tmp/heavy.md" Riflemen Brutes >"$tmp/j" 2>/dev/null
python3 -c "
import json, sys
m = [x for x in json.load(open('$tmp/j'))[0]['melee'] if x['attacker'] == 'Riflemen' and x['defender'] == 'Brutes']
sys.exit(0 if m and m[0]['fought_out'] is False else 1)" &&
	pass "the heavy pair has its first round only (fought_out false)" ||
	fail "the heavy pair has its first round only" "$(head -c 300 "$tmp/j")"

# Who strikes in a melee by the pipeline: by initiative (the higher
# first, equal ones at once with the models they began with), at once,
# the attacker only; an error with another melee or a bad Initiative.
S=tests/rulesets/dice-strikes.md
timeout 60 "$BIN" check -n 200 "$S" >"$tmp/out" 2>"$tmp/err"
grep -q 'test games played, 0 failed' "$tmp/out" && ! grep -q ': error:' "$tmp/err" &&
	pass "strikes: by initiative and at once, by scripted melees" ||
	fail "strikes: by initiative and at once" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/| strikes       | by initiative |/| strikes       | attacker only |/' "$S" >"$tmp/only.md"
timeout 60 "$BIN" odds --json "$tmp/only.md" Riflemen Brutes >"$tmp/j" 2>/dev/null
python3 -c "
import json, sys
m = {(x['attacker'], x['defender']): x for x in json.load(open('$tmp/j'))[0]['melee']}
x = m[('Riflemen', 'Brutes')]
sys.exit(0 if x['exact']['attacker_loses'][0] == '1' and x['fought_out'] else 1)" &&
	pass "strikes: attacker only: the defender never strikes back in the first round" ||
	fail "strikes: attacker only" "$(head -c 300 "$tmp/j")"
sed 's/| excess damage | lost     |/| excess damage | lost     |\n| strikes       | at once  |/' "$M" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
grep -Eq ":[0-9]+:[0-9]+: error: strikes says who strikes first in a melee by the pipeline; this game's melee is opposed" "$tmp/err" &&
	pass "strikes with an opposed melee is an error at its cell" ||
	fail "strikes with an opposed melee is an error" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/^| Brutes   | brute   | 10   | Cleaver         | 3      | 3      | 2          |/| Brutes   | brute   | 10   | Cleaver         | 3      | 3      | fast       |/' "$S" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
grep -Eq ":20:[0-9]+: error: Initiative 'fast' of unit 'Brutes' is not a whole number from 0 to 20" "$tmp/err" &&
	pass "a bad Initiative is an error at its cell" ||
	fail "a bad Initiative is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"

# A test owed for a model lost: a squad that loses one tests at the end
# of the turn; a model wounded but standing does not make it test.
timeout 60 "$BIN" check -n 100 tests/rulesets/dice-nerve-models.md >"$tmp/out" 2>"$tmp/err"
grep -q 'test games played, 0 failed' "$tmp/out" && ! grep -q ': error:' "$tmp/err" &&
	pass "quality test: lost a model, by scripted volleys" ||
	fail "quality test: lost a model" "$(grep -v note: "$tmp/err" | head -c 300)"

# The reference sheet's quality tests give the chance of the "failed by
# N or more" row beside the chance to pass: "routs" when it removes the
# unit, else "fails by N or more".
timeout 60 "$BIN" reference -q "$N" -o "$tmp/ref.pdf" 2>/dev/null
pdftotext -layout "$tmp/ref.pdf" - 2>/dev/null >"$tmp/ref.txt"
grep -Eq 'passes +routs' "$tmp/ref.txt" && grep -Eq 'Skirmishers +42% +28%' "$tmp/ref.txt" &&
	pass "the sheet's quality tests give the chance to rout" ||
	fail "the sheet's quality tests give the chance to rout" "$(grep -o 'Quality test.\{0,200\}' "$tmp/ref.txt")"
sed 's/| failed by 3 or more | rout           |/| failed by 3 or more | fall back 20cm |/' "$N" >"$tmp/fb.md"
timeout 60 "$BIN" reference -q "$tmp/fb.md" -o "$tmp/ref.pdf" 2>/dev/null
pdftotext -layout "$tmp/ref.pdf" - 2>/dev/null >"$tmp/ref.txt"
grep -Eq 'passes +fails by 3 or more' "$tmp/ref.txt" &&
	pass "a failed-by row that does not remove is named by its margin" ||
	fail "a failed-by row that does not remove is named by its margin" "$(grep -o 'Quality test.\{0,200\}' "$tmp/ref.txt")"
# quality test: wounded — any Wounds lost make the unit test: the
# veteran who stands tests too (its test roll runs past the scripted
# dice), and the squad's test is owed for the wound, not the model.
sed 's/| quality test | lost a model |/| quality test | wounded      |/' tests/rulesets/dice-nerve-models.md >"$tmp/nw.md"
timeout 60 "$BIN" check -n 0 "$tmp/nw.md" >/dev/null 2>"$tmp/err"
grep -q "test game 'a veteran wounded but not fallen does not test', step 2: ran out of dice" "$tmp/err" &&
	pass "quality test: wounded makes a wounded unit test" ||
	fail "quality test: wounded makes a wounded unit test" "$(grep -v note: "$tmp/err" | head -c 300)"
# Triggers (issue 32, mechanism 6): a natural face that scores extra hits
# (each rolling to wound) or is mortal wounds (no save, no Damage roll).
T=tests/rulesets/dice-triggers.md
timeout 60 "$BIN" check -v -n 100 "$T" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && ! grep -q 'test game.*failed\|error' "$tmp/err" &&
	pass "triggers: the test games pass" ||
	fail "triggers: the test games pass" "exit $rc: $(grep -v note: "$tmp/err" | head -c 300)"
for r in keyword.extra_hits keyword.mortal_wounds; do
	n=$(awk -v r="$r" '$1 == r { print $4 }' "$tmp/out")
	[ "${n:-0}" -ge 1 ] && pass "the trigger test games exercise $r" ||
		fail "the trigger test games exercise $r" "$(grep "$r" "$tmp/out" | head -1)"
done
# They apply only where a keyword has them: not in the keywords fixture.
timeout 60 "$BIN" check -v -n 0 "$K" >"$tmp/out" 2>/dev/null
grep -q "keyword.extra_hits .*does not apply" "$tmp/out" &&
	grep -q "keyword.mortal_wounds .*does not apply" "$tmp/out" &&
	pass "triggers: their rules do not apply without them" ||
	fail "triggers: their rules do not apply without them" "$(grep 'keyword\.' "$tmp/out" | head -c 300)"
# The exact odds (FORMAT.md's worked example, and the volleys worked out
# by hand attack by attack): an extra hit on a six and two mortal wounds
# on a six to wound at Wounds 3 without a save; a mortal wound on a six
# to hit, Damage 2 on Wardens of 2 Wounds a model, excess lost.
timeout 60 "$BIN" odds --json "$T" >"$tmp/j" 2>"$tmp/err"
python3 -c "
import json, sys
s = {(x['weapon'], x['target']): x['exact'] for x in json.load(open('$tmp/j'))[0]['shooting']}
r = s[('Ripper', 'Reavers')]
h = s[('Hexgun', 'Wardens')]
ok = r['p_wound_per_attack'] == '7/24' and r['damage'] == ['17/24', '1/6', '11/108', '5/216'] and \
     r['expected_damage'] == '95/216' and h['p_wound_per_attack'] == '1/4' and \
     h['damage'] == ['729/4096', '243/1024', '81/256', '255/2048', '435/4096', '1/48', '103/6144']
sys.exit(0 if ok else 1)" &&
	pass "triggers: the exact volleys (7/24, 95/216; 103/6144 with excess lost)" ||
	fail "triggers: the exact volleys" "$(head -c 400 "$tmp/j")"
# Bad triggers: each an error at its cell.
tbad() {
	sed "$2" "$T" >"$tmp/t.md"
	timeout 60 "$BIN" check -n 0 "$tmp/t.md" >/dev/null 2>"$tmp/err"
	grep -q -- "$3" "$tmp/err" && pass "triggers: $1" ||
		fail "triggers: $1" "$(grep -v note: "$tmp/err" | head -c 300)"
}
tbad "extra hits on a to wound roll" 's/| Devastating  | to wound | on 6: 2 mortal wounds           |/| Devastating  | to wound | on 6: 2 extra hits              |/' \
    "t.md:[0-9]*:[0-9]*: error: 'on 6: 2 extra hits' is not an effect of keyword 'Devastating'"
tbad "seven extra hits" 's/on 6: X extra hits /on 6: 7 extra hits /' \
    "error: 'on 6: 7 extra hits' is not an effect of keyword 'Sustained'.*K from 1 to 6 or X"
tbad "mortal wounds on a save" 's/| Hexed        | to hit   | on 6: 1 mortal wound            |/| Hexed        | save     | on 6: 1 mortal wound            |/' \
    "error: 'on 6: 1 mortal wound' is not an effect of keyword 'Hexed'"
tbad "an X of extra hits past 6" 's/Sustained(1), Devastating |/Sustained(9), Devastating |/' \
    "t.md:[0-9]*:[0-9]*: error: keyword 'Sustained': 9 extra hits or mortal wounds: give 1 to 6"
# A heavy volley is refused at its cell, and takes no time.
sed 's/^| Hexgun | 40    | 2       |/| Hexgun | 40    | 40d6    |/' "$T" |
	sed 's/| Wardens | warden  | 10   | Hexgun, Glaive | 3 | 2  |/| Wardens | warden  | 10   | Hexgun, Glaive | 33 | 3  |/' >"$tmp/heavy.md"
timeout 20 "$BIN" odds "$tmp/heavy.md" >/dev/null 2>"$tmp/err"
grep -q "heavy.md:[0-9]*:[0-9]*: error: weapon 'Hexgun'" "$tmp/err" &&
	pass "triggers: a volley past the budget is an error at its Attacks" ||
	fail "triggers: a volley past the budget is an error at its Attacks" "$(grep -v note: "$tmp/err" | head -c 300)"

# pursued: the winner follows the beaten unit back into contact, or holds
# when the way is blocked; an error on a row that beats no one.
P=tests/rulesets/dice-pursuit.md
timeout 60 "$BIN" check -n 100 "$P" >"$tmp/out" 2>"$tmp/err"
grep -q 'test games played, 0 failed' "$tmp/out" && ! grep -q ': error:' "$tmp/err" &&
	pass "pursued: the winner follows, or holds, by scripted melees" ||
	fail "pursued: the winner follows, or holds" "$(grep -v note: "$tmp/err" | head -c 300)"
sed 's/| equal            | nothing       |/| equal            | pursued       |/' "$P" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
grep -Eq ":[0-9]+:[0-9]+: error: .*pursued.*equal" "$tmp/err" &&
	pass "pursued on the equal row is an error at its cell" ||
	fail "pursued on the equal row is an error at its cell" "$(grep -v note: "$tmp/err" | head -c 300)"
# Units of models striking with many dice in a pipeline melee are fought
# out when their weighed work allows (the grimdark pair of 5 x 3 Wounds
# against 5 x 2), and asked for one pair, its odds are that pair's alone.
sed 's/^| Rifle   | 40    | 1       |/| Rifle   | 2     | 6       |/' tests/rulesets/dice-models-melee.md |
    sed 's/^| Riflemen | trooper | 12   | Rifle   | 5      | 1      |/| Riflemen | trooper | 12   | Rifle   | 5      | 2      |/' >"$tmp/mm.md"
timeout 20 "$BIN" odds --json "$tmp/mm.md" >"$tmp/j" 2>/dev/null
python3 -c "
import json, sys
m = [x for x in json.load(open('$tmp/j'))[0]['melee'] if x['attacker'] in ('Riflemen', 'Brutes') and x['defender'] in ('Riflemen', 'Brutes')]
sys.exit(0 if len(m) == 4 and all(x['fought_out'] for x in m) else 1)" &&
	pass "melees of units of models with several dice a strike are fought out" ||
	fail "melees of units of models are fought out" "$(head -c 300 "$tmp/j")"

# Facing: a unit faces the way it last moved; an attack from its flank or
# rear reads a keyword's "from the flank" / "from the rear" and the Melee
# modifiers flank and rear.
timeout 60 "$BIN" check -n 100 tests/rulesets/dice-facing.md >"$tmp/out" 2>"$tmp/err"
grep -q 'test games played, 0 failed' "$tmp/out" && ! grep -q ': error:' "$tmp/err" &&
	pass "facing: flank and rear by scripted volleys and a melee" ||
	fail "facing: flank and rear" "$(grep -v note: "$tmp/err" | head -c 300)"
