#!/bin/sh
# settings.sh BIN: the numbers a family plays with, as front-matter
# settings (issue 16): a ruleset in centimetres plays its own melee range,
# check -v lists every setting with its value, a setting of another
# family is an unknown key, and the bases sheet's gauge follows the
# setting.
BIN=${1:-./sandtable}
HR=tests/rulesets/hedgerows.md
GA=rulesets/gauntlet-ancients.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# 1. melee_range: 3cm plays with 3 cm: its test game (a unit 2.5 cm away
#    melees, one 3.5 cm away is refused) passes.
"$BIN" check -n 0 "$HR" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "1 test game played, 0 failed" "$tmp/out"; then
	pass "settings: melee_range 3cm plays with 3 cm"
else
	fail "settings: melee_range 3cm plays with 3 cm" "rc=$rc $(grep error "$tmp/err" | head -2)"
fi

# 2. Without the setting the same test game fails: 3.5 cm is within the
#    default 2", so the refused step is played.
grep -v '^melee_range:' "$HR" >"$tmp/default.md"
"$BIN" check -n 0 "$tmp/default.md" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "expected the step to be refused" "$tmp/err"; then
	pass "settings: without melee_range the default 2\" applies"
else
	fail "settings: without melee_range the default 2\" applies" "rc=$rc"
fi

# 2b. The sight settings play: with wood_depth 4in Modern's rifle sees
#     the machine gun 3.5" inside the wood that its test game says is
#     hidden; with hill_rise 5in the crest no longer hides the far slope.
sed 's/^grid: square 3in$/&\nwood_depth: 4in/' rulesets/morschauser-modern.md >"$tmp/wd.md"
"$BIN" check -n 0 "$tmp/wd.md" >"$tmp/out" 2>"$tmp/err"
grep -q "a line of sight runs up to 2 inches through a wood, no further', step 1: expected the step to be refused" "$tmp/err" &&
    ! grep -q "a hill's crest hides" "$tmp/err" &&
    pass "settings: wood_depth plays" ||
    fail "settings: wood_depth plays" "$(grep error "$tmp/err" | head -3)"
sed 's/^grid: square 3in$/&\nhill_rise: 5in/' rulesets/morschauser-modern.md >"$tmp/hr.md"
"$BIN" check -n 0 "$tmp/hr.md" >"$tmp/out" 2>"$tmp/err"
grep -q "a hill's crest hides one lower slope from the other, and a unit near the top sees over', step 1: expected the step to be refused" "$tmp/err" &&
    ! grep -q "through a wood" "$tmp/err" &&
    pass "settings: hill_rise plays" ||
    fail "settings: hill_rise plays" "$(grep error "$tmp/err" | head -3)"

# 3. check -v lists each setting, its value with its unit and whether it
#    is the default.
"$BIN" check -v -n 0 "$HR" >"$tmp/out" 2>/dev/null
if grep -q '^settings (5)$' "$tmp/out" &&
    grep -q '^  wood_depth: 5 cm (default): a line of sight may run' "$tmp/out" &&
    grep -q '^  hill_rise: 3 cm (default): ' "$tmp/out" &&
    grep -q '^  melee_range: 3 cm (default 5 cm): ' "$tmp/out" &&
    grep -q '^  uphill_penalty: 1 point of melee power (default): ' "$tmp/out" &&
    grep -q '^  ford_turns: 2 turns (default): ' "$tmp/out"; then
	pass "settings: check -v lists the firepower settings"
else
	fail "settings: check -v lists the firepower settings" "$(grep -A3 '^settings' "$tmp/out")"
fi
"$BIN" check -v -n 0 "$GA" >"$tmp/out" 2>/dev/null
for k in 'halt_distance: 30 mm' 'free_move_bonus: 50%' 'free_move_clear: 2 moves' \
    'unsupported_distance: 60 mm' 'saving_throw: 4-6 on a d6' \
    'hits_per_morale: 3 hits'; do
	if ! grep -q "^  $k (default): " "$tmp/out"; then
		fail "settings: check -v lists the morale settings" "no '$k'"
		k=bad
		break
	fi
done
[ "$k" != bad ] && pass "settings: check -v lists the morale settings"
"$BIN" check -v -n 0 rulesets/dice-skirmish.md >"$tmp/out" 2>/dev/null
grep -q '^  turn_limit: 10 game turns (default): ' "$tmp/out" &&
	pass "settings: check -v gives the dice turn limit in game turns" ||
	fail "settings: check -v gives the dice turn limit in game turns" "$(grep turn_limit "$tmp/out")"

# 4. A setting of another family is an unknown key, at its line.
sed 's/^melee_range: 3cm$/halt_distance: 3cm/' "$HR" >"$tmp/other.md"
"$BIN" check -n 0 "$tmp/other.md" >/dev/null 2>"$tmp/err"
if grep -q "other.md:7:1: warning: unknown front matter key 'halt_distance' (ignored)" "$tmp/err"; then
	pass "settings: another family's setting is an unknown key"
else
	fail "settings: another family's setting is an unknown key" "$(head -2 "$tmp/err")"
fi

# 5. The bases sheet's gauges follow the settings: 3 cm melee range in
#    the Hedgerows, a 45 mm stop distance in the ancients.
if "$BIN" bases "$HR" -o "$tmp/b.pdf" >/dev/null 2>&1 &&
    pdftotext -layout "$tmp/b.pdf" - | grep -q '3 cm Melee range'; then
	pass "settings: the melee range gauge is the setting's"
else
	fail "settings: the melee range gauge is the setting's" "no '3 cm Melee range'"
fi
sed 's/^engine: morale$/engine: morale\nhalt_distance: 45mm/' "$GA" >"$tmp/ga.md"
if "$BIN" bases "$tmp/ga.md" -o "$tmp/g.pdf" >/dev/null 2>&1 &&
    pdftotext -layout "$tmp/g.pdf" - | grep -q '45 mm Stop distance'; then
	pass "settings: the stop distance gauge is the setting's"
else
	fail "settings: the stop distance gauge is the setting's" "no '45 mm Stop distance'"
fi

# 5b. A default is the ruleset's own round number in its measure, not
#     the sources' length converted (issue 34): the firepower family's
#     2in melee range is 5 cm in centimetres (not 5.08 cm, a 50.8 mm
#     ruler), the morale family's 30mm stop distance 1" in inches.
sed '/^melee_range: 3cm$/d' "$HR" >"$tmp/nomr.md"
"$BIN" check -v -n 0 "$tmp/nomr.md" >"$tmp/out" 2>/dev/null
"$BIN" bases "$tmp/nomr.md" -o "$tmp/nomr.pdf" >/dev/null 2>&1
pdftotext -layout "$tmp/nomr.pdf" "$tmp/nomr.txt" 2>/dev/null
grep -q '^  melee_range: 5 cm (default): ' "$tmp/out" &&
    grep -q '^  wood_depth: 5 cm (default): ' "$tmp/out" &&
    grep -q '5 cm Melee range' "$tmp/nomr.txt" &&
    ! grep -q '50.8' "$tmp/nomr.txt" &&
    pass "settings: a cm ruleset's default melee range is 5 cm" ||
    fail "settings: a cm ruleset's default melee range is 5 cm" "$(grep melee_range "$tmp/out"; grep -o '[0-9.]* [a-z]* Melee range' "$tmp/nomr.txt")"
sed 's/^measure: mm$/measure: in/' "$GA" >"$tmp/gain.md"
"$BIN" check -v -n 0 "$tmp/gain.md" >"$tmp/out" 2>/dev/null
"$BIN" bases "$tmp/gain.md" -o "$tmp/gain.pdf" >/dev/null 2>&1
grep -q '^  halt_distance: 1" (default): ' "$tmp/out" &&
    grep -q '^  unsupported_distance: 2.5" (default): ' "$tmp/out" &&
    pdftotext -layout "$tmp/gain.pdf" - 2>/dev/null | grep -q '1″ Stop distance' &&
    pass "settings: an inch ruleset's default stop distance is 1\"" ||
    fail "settings: an inch ruleset's default stop distance is 1\"" "$(grep '_distance' "$tmp/out" | tr '\n' ' ')"

# 6. uphill_penalty: 0 makes the uphill melee odds those of open ground.
sed 's/^melee_range: 3cm$/uphill_penalty: 0/' "$HR" >"$tmp/flat.md"
"$BIN" odds "$tmp/flat.md" --json 2>/dev/null >"$tmp/o.json"
if python3 - "$tmp/o.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[0]
m = d["melee"]
def key(e): return (e["attacker"], e["defender"])
op = {key(e): e["attacker_wins"] for e in m if e["situation"] == "open"}
up = [e for e in m if e["situation"] == "uphill"]
sys.exit(0 if up and all(op[key(e)] == e["attacker_wins"] for e in up) else 1)
PY
then
	pass "settings: uphill_penalty 0 plays uphill as open ground"
else
	fail "settings: uphill_penalty 0 plays uphill as open ground" "odds differ"
fi

# 7. saving_throw: the exact odds of a disorganised volley follow it: a
#    save on 1-6 leaves no hit, a save on 6 lets 5 hits in 6 stand.
sed 's/^engine: morale$/engine: morale\nsaving_throw: 1-6/' "$GA" >"$tmp/all.md"
sed 's/^engine: morale$/engine: morale\nsaving_throw: 6/' "$GA" >"$tmp/six.md"
"$BIN" odds "$tmp/all.md" --json >"$tmp/all.json" 2>/dev/null
"$BIN" odds "$tmp/six.md" --json >"$tmp/six.json" 2>/dev/null
if python3 - "$tmp/all.json" "$tmp/six.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))[0]["fire"]
s = json.load(open(sys.argv[2]))[0]["fire"]
ok = all(e["p_hit"] == 0 for e in a if e["disorganised"])
# Two dice hitting on a 6 with a save on 6: 1 - (31/36)^2.
two = [e for e in s if e["disorganised"] and e["dice"] == 2 and
    e["die_modifier"] == 0]
ok = ok and two and all(e["exact"]["p_hit"] == "335/1296" for e in two)
sys.exit(0 if ok else 1)
PY
then
	pass "settings: saving_throw sets the disorganised volley's odds"
else
	fail "settings: saving_throw sets the disorganised volley's odds" "odds differ"
fi

# 8. ford_turns: with 3, a unit that walked into a ford spends its next
#    turn there and leaves on the one after (the bundled two-turn test
#    game then fails, and only it); with 1 a ford does not stop a move.
RS=rulesets/morschauser-modern.md
ford_game() { # NAME MOVES EXPECT
	printf '\n```test-game\nname: %s\nboard: { size: 24x24in, grid: none }\n' "$1"
	printf 'terrain:\n  - { kind: river, from: [0, 12], to: [24, 12], width: 3 }\n'
	printf '  - { kind: ford, at: [12, 12], radius: 1.5 }\nunits:\n'
	printf '  A: { side: blue, type: Rifle, at: [12, 8] }\n'
	printf '  R: { side: red, type: Rifle, at: [22, 22] }\ndo:\n'
	i=0
	while [ $i -lt "$2" ]; do
		[ $i -gt 0 ] && printf '  - end turn\n  - end turn\n'
		printf '  - move: { unit: A, to: [12, 16] }\n'
		i=$((i + 1))
	done
	printf 'expect:\n  A: { at: %s }\n```\n' "$3"
}
{ sed 's/^engine: firepower$/engine: firepower\nford_turns: 3/' "$RS"
  ford_game "three turns, in" 1 "[12, 10.5]"
  ford_game "three turns, waits" 2 "[12, 10.5]"
  ford_game "three turns, out" 3 "[12, 16]"; } >"$tmp/f3.md"
"$BIN" check -q -n 0 "$tmp/f3.md" >/dev/null 2>"$tmp/err"
if [ "$(grep -c error "$tmp/err")" = 1 ] &&
    grep -q "error: test game 'a river is crossed only at a ford, and the crossing takes two turns'" "$tmp/err"; then
	pass "settings: ford_turns 3 keeps a unit a turn longer in a ford"
else
	fail "settings: ford_turns 3 keeps a unit a turn longer in a ford" "$(grep error "$tmp/err" | head -3)"
fi
{ sed 's/^engine: firepower$/engine: firepower\nford_turns: 1/' "$RS"
  ford_game "one turn" 1 "[12, 16]"; } >"$tmp/f1.md"
"$BIN" check -q -n 0 "$tmp/f1.md" >/dev/null 2>"$tmp/err"
# (The bundled two-turn game is then the one error: the ford stops nobody.)
if [ "$(grep -c error "$tmp/err")" = 1 ] &&
    grep -q "error: test game 'a river is crossed only at a ford, and the crossing takes two turns': expected rule river.ford_stop to apply" "$tmp/err"; then
	pass "settings: ford_turns 1 crosses a ford in one move"
else
	fail "settings: ford_turns 1 crosses a ford in one move" "$(grep "one turn" "$tmp/err" | head -1)"
fi

# 9. unsupported_distance: friends 10 mm away support a unit at the
#    default 60 mm, and do not at 5 mm.
sup_game() { # NAME EXPECT
	printf '\n```test-game\nname: %s\nunits:\n' "$1"
	printf '  A: { side: blue, type: Close Order Infantry, at: [200, 100] }\n'
	printf '  B: { side: red, type: Close Order Infantry, at: [200, 160] }\n'
	printf '  F: { side: blue, type: Close Order Infantry, at: [250, 100] }\n'
	printf '  G: { side: red, type: Close Order Infantry, at: [250, 160] }\n'
	printf 'dice: [3, 2, 6, 6, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1]\ndo:\n'
	printf '  - charge: [A, B]\n  - phase: Pre-melee morale\n'
	printf '  - phase: Melee\nexpect:\n  %s: [mod.unsupported]\n```\n' "$2"
}
{ cat "$GA"; sup_game "friends support" "not rules"; } >"$tmp/s1.md"
{ sed 's/^engine: morale$/engine: morale\nunsupported_distance: 5mm/' "$GA"
  sup_game "friends too far" "rules"; } >"$tmp/s2.md"
"$BIN" check -q -n 0 "$tmp/s1.md" >/dev/null 2>"$tmp/e1"
r1=$?
"$BIN" check -q -n 0 "$tmp/s2.md" >/dev/null 2>"$tmp/e2"
r2=$?
if [ $r1 -eq 0 ] && [ $r2 -eq 0 ] && ! grep -q error "$tmp/e1" "$tmp/e2"; then
	pass "settings: unsupported_distance decides who is supported"
else
	fail "settings: unsupported_distance decides who is supported" "$(grep error "$tmp/e1" "$tmp/e2" | head -2)"
fi

# 10. free_move_clear: an enemy 300 mm off is far at the default two
#     moves (80 mm) and near at ten (400 mm): no half again then.
free_game() { # NAME REFUSED
	printf '\n```test-game\nname: %s\nunits:\n' "$1"
	printf '  A: { side: blue, type: Close Order Infantry, at: [100, 100] }\n'
	printf '  R: { side: red, type: Close Order Infantry, at: [100, 400] }\n'
	printf 'do:\n  - move: { unit: A, to: [100, 160] }\n%s' "$2"
	printf '```\n'
}
{ cat "$GA"; free_game "far enough" ""; } >"$tmp/c1.md"
{ sed 's/^engine: morale$/engine: morale\nfree_move_clear: 10/' "$GA"
  free_game "too near" "    refused: at most 40
"; } >"$tmp/c2.md"
"$BIN" check -q -n 0 "$tmp/c1.md" >/dev/null 2>"$tmp/e1"
r1=$?
"$BIN" check -q -n 0 "$tmp/c2.md" >/dev/null 2>"$tmp/e2"
# (At ten moves the bundled games of half again fail: only they may.)
if [ $r1 -eq 0 ] && ! grep -q error "$tmp/e1" &&
    ! grep -q "error: test game 'too near'" "$tmp/e2" &&
    ! grep "error" "$tmp/e2" | grep -vq "error: test game '"; then
	pass "settings: free_move_clear decides when a move gains half again"
else
	fail "settings: free_move_clear decides when a move gains half again" "$(grep error "$tmp/e1" "$tmp/e2" | head -2)"
fi

# 11. halt_distance and free_move_bonus play: the bundled test game of the
#     30 mm halt and of half again fails, and says where, when they change.
sed 's/^engine: morale$/engine: morale\nhalt_distance: 45mm/' "$GA" >"$tmp/h.md"
sed 's/^engine: morale$/engine: morale\nfree_move_bonus: 0%/' "$GA" >"$tmp/b.md"
"$BIN" check -q -n 0 "$tmp/h.md" >/dev/null 2>"$tmp/e1"
"$BIN" check -q -n 0 "$tmp/b.md" >/dev/null 2>"$tmp/e2"
if grep -q "expected C at \[400, 130\], but it is at \[400, 115\]" "$tmp/e1" &&
    grep -q "A may move at most 40, not 60" "$tmp/e2"; then
	pass "settings: halt_distance and free_move_bonus play"
else
	fail "settings: halt_distance and free_move_bonus play" "$(grep error "$tmp/e1" "$tmp/e2" | head -2)"
fi
