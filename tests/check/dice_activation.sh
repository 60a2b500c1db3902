#!/bin/sh
# Activation in the dice family (issue 32, mechanism 4): the Combat
# settings turn: units (the sides activate a unit each in turn) and turn:
# order dice (a bag of order dice), activation test: quality and failed
# activation: unit stays or turn ends.
# - check plays the fixtures (units, order dice, alternate with tests)' test games with every rule of activation
#   exercised; a test game that expects the wrong outcome fails;
# - a bad value is an error at its cell naming the known ones;
# - play of the fixtures is the same for a seed, and greedy beats random;
# - a game of turn: alternate without an activation test plays as before
#   (the bundled rulesets' outputs are compared in outputs.sh and json.sh).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
U=tests/rulesets/dice-activation.md
O=tests/rulesets/dice-order-dice.md
A=tests/rulesets/dice-activation-alternate.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# Every rule of activation applies and a test game applies it.
for R in "$U" "$O" "$A"; do
	timeout 120 "$BIN" check -v -n 50 "$R" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && ! grep -q 'error' "$tmp/err" &&
		pass "check $R: its test games pass" ||
		fail "check $R: its test games pass" "exit $rc: $(head -c 400 "$tmp/err")"
	timeout 120 "$BIN" check --json -n 0 "$R" >"$tmp/j" 2>/dev/null
	python3 - "$tmp/j" "$R" >"$tmp/why" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d = d[0] if isinstance(d, list) else d
want = {"activation.test", "activation.failed"}
want |= {"game.unit_activation", "activation.turn_ends"} if "activation.md" in sys.argv[2] \
    else {"activation.turn_ends"} if "alternate" in sys.argv[2] else {"game.order_dice"}
rules = {}
def walk(x):
    if isinstance(x, dict):
        if "id" in x and "applies" in x:
            rules[x["id"]] = x
        for v in x.values():
            walk(v)
    elif isinstance(x, list):
        for v in x:
            walk(v)
walk(d)
bad = [r for r in sorted(want) if r not in rules or not rules[r]["applies"]
       or not (rules[r].get("test_games") or rules[r].get("tested") or rules[r].get("exercised"))]
print(bad, {r: rules.get(r) for r in bad})
sys.exit(1 if bad else 0)
PY
	[ $? -eq 0 ] && pass "check $R: the rules of activation apply and are exercised" ||
		fail "check $R: the rules of activation apply and are exercised" "$(head -c 600 "$tmp/why")"
done

# A test game that expects the wrong outcome fails: the failed test's
# unit moving as if it had passed, and a die of the wrong side.
sed 's/^dice: \[2\]$/dice: [3]/' "$U" >"$tmp/u1.md"
timeout 60 "$BIN" check -n 0 "$tmp/u1.md" >/dev/null 2>"$tmp/err"
[ $? -ne 0 ] && grep -q "fails its activation test does nothing.*expected the step to be refused\|fails its activation test does nothing.*refused" "$tmp/err" &&
	pass "a passed test where the test game expects a failure fails it" ||
	fail "a passed test where the test game expects a failure fails it" "$(head -c 400 "$tmp/err")"
sed 's/^dice: \[2, 5\]$/dice: [1, 5]/' "$O" >"$tmp/o1.md"
timeout 60 "$BIN" check -n 0 "$tmp/o1.md" >/dev/null 2>"$tmp/err"
[ $? -ne 0 ] && grep -q "die drawn from the bag" "$tmp/err" &&
	pass "a blue die drawn where the test game expects red fails it" ||
	fail "a blue die drawn where the test game expects red fails it" "$(head -c 400 "$tmp/err")"

# Bad values: errors at their cells, naming the known values.
for v in "turn|units|unit|alternate, phased, units or order dice" \
    "activation test|quality|morale|none or quality" \
    "failed activation|turn ends|side ends|unit stays or turn ends"; do
	k=${v%%|*}; rest=${v#*|}; good=${rest%%|*}; rest=${rest#*|}; bad=${rest%%|*}; known=${rest#*|}
	awk -v k="$k" -v g="$good" -v b="$bad" '
	    index($0, "| " k " ") == 1 && !done { sub(g, b); done = 1 } { print }' "$U" >"$tmp/bad.md"
	line=$(grep -n "^| $k " "$tmp/bad.md" | head -1 | cut -d: -f1)
	cell=$(grep "^| $k " "$tmp/bad.md" | head -1)
	pre=${cell%%"$bad"*}
	col=${#pre} # the cell begins after its bar
	timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
	grep -q "bad.md:$line:$col: error: unknown $k '$bad' (known: $known)" "$tmp/err" &&
		pass "$k: $bad is an error at $line:$col naming the known values" ||
		fail "$k: $bad is an error at $line:$col" "$(head -c 300 "$tmp/err")"
done
sed 's/^| failed activation | unit stays  |/| failed activation | turn ends   |/' "$O" >"$tmp/te.md"
line=$(grep -n "^| failed activation" "$tmp/te.md" | cut -d: -f1)
timeout 60 "$BIN" check -n 0 "$tmp/te.md" >/dev/null 2>"$tmp/err"
grep -q "te.md:$line:22: error: failed activation 'turn ends' needs turn: alternate or units" "$tmp/err" &&
	pass "failed activation: turn ends under order dice is an error at its cell" ||
	fail "failed activation: turn ends under order dice is an error at its cell" "$(head -c 300 "$tmp/err")"

# Self-play: the same games for a seed; greedy beats random.
sed 's/^| turn              | order dice  |/| turn | phased |/' "$O" >"$tmp/phased.md"
for R in "$U" "$O" "$A" "$tmp/phased.md"; do
	timeout 120 "$BIN" play --json -n 200 -s 5 "$R" 2>/dev/null | grep -v games_per_second >"$tmp/p1"
	timeout 120 "$BIN" play --json -n 200 -s 5 -j 1 "$R" 2>/dev/null | grep -v games_per_second >"$tmp/p2"
	[ -s "$tmp/p1" ] && cmp -s "$tmp/p1" "$tmp/p2" &&
		pass "play $R is the same for a seed" ||
		fail "play $R is the same for a seed" "$(diff "$tmp/p1" "$tmp/p2" | head -5)"
	python3 - "$tmp/p1" "$R" >"$tmp/why" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[0]
c = d["coverage"]
g = d["greedy_vs_random"]
r = sys.argv[2]
need = ["activation.test", "activation.failed"] + (
    ["game.unit_activation", "activation.turn_ends"] if "activation.md" in r
    else ["game.alternate_turns", "activation.turn_ends"] if "alternate" in r
    else ["game.phased_turns"] if "phased" in r else ["game.order_dice"])
# The turns a game does not play are not counted; phased is not held to
# greedy beating random (it is not a ruleset of its own).
other = [k for k in ("game.alternate_turns", "game.phased_turns",
    "game.unit_activation", "game.order_dice") if k not in need]
ok = (g["win_rate"] > 0.6 or "phased" in r) \
    and all(c.get(k, 0) > 0 for k in need) \
    and all(c.get(k, 0) == 0 for k in other)
print(g, {r: c.get(r) for r in need}, c.get("game.alternate_turns"))
sys.exit(0 if ok else 1)
PY
	[ $? -eq 0 ] && pass "play $R: activations played, greedy against random ($(cat "$tmp/why" | head -c 80))" ||
		fail "play $R: activations played, greedy beats random" "$(head -c 400 "$tmp/why")"
done
