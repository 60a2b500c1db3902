#!/bin/sh
# Lasting markers in the dice family (issue 32, mechanism 8): the
# Markers table's Placed, Removed and Most, a keyword's "-1 per Pin",
# the test-game key and expectation markers:.
# - check plays the fixture's test games with the marker rules
#   exercised; a test game that passes with a pin fails without it;
# - the volley's odds: of a pinned shooter are with its pins;
# - bad values are errors at their line:col, naming the known ones;
# - a melee's odds that markers would change are refused, not given;
# - another family says it does not play the columns;
# - play is the same for a seed, greedy beats random, and the marker
#   rules are played.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
M=tests/rulesets/dice-markers.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# The test games pass, and the marker rules apply and are exercised.
timeout 120 "$BIN" check -v -n 50 "$M" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && ! grep -q 'error' "$tmp/err" &&
	pass "check $M: its test games pass" ||
	fail "check $M: its test games pass" "exit $rc: $(head -c 400 "$tmp/err")"
ok=1
for r in marker.placed marker.removed marker.modifier; do
	grep -E "^  $r +Markers|^  $r +Keywords" "$tmp/out" | grep -q 'does not apply' && ok=0
	grep -q "$r" "$tmp/err" && ok=0
done
[ $ok -eq 1 ] && pass "the marker rules apply and the test games exercise them" ||
	fail "the marker rules apply and the test games exercise them" "$(grep marker "$tmp/out" "$tmp/err" | head -5)"
for f in tests/rulesets/dice-keywords.md rulesets/dice-skirmish.md; do
	timeout 120 "$BIN" check -v -n 0 "$f" 2>/dev/null >"$tmp/o2"
	[ "$(grep -cE '^  marker\.[a-z]+ .*does not apply' "$tmp/o2")" -eq 3 ] &&
		pass "$f: the marker rules do not apply without markers" ||
		fail "$f: the marker rules do not apply without markers" "$(grep marker "$tmp/o2")"
done

# The pin is what fails the activation test: without it the test game
# that expects a refusal fails.
sed 's/  A: { side: blue, type: Riflemen, at: \[20, 10\], markers: { Pin: 1 } }/  A: { side: blue, type: Riflemen, at: [20, 10] }/' \
    "$M" >"$tmp/nopin.md"
timeout 60 "$BIN" check -n 0 "$tmp/nopin.md" >/dev/null 2>"$tmp/err"
[ $? -ne 0 ] && grep -q "a pin makes the activation test harder.*expected the step to be refused" "$tmp/err" &&
	pass "without its pin the unit passes its activation test (the test game fails)" ||
	fail "without its pin the unit passes its activation test" "$(head -c 400 "$tmp/err")"
# Pins on the target instead of the shooter: the volley hits on 4+.
sed 's/  A: { side: blue, type: Riflemen, at: \[20, 10\], markers: { Pin: 2 } }/  A: { side: blue, type: Riflemen, at: [20, 10] }/' \
    "$M" >"$tmp/nopin2.md"
timeout 60 "$BIN" check -n 0 "$tmp/nopin2.md" >/dev/null 2>"$tmp/err"
[ $? -ne 0 ] && grep -q "two pins make the Rifle hit.*expected B: wounds 1, but it has 2" "$tmp/err" &&
	pass "without its pins the shooter hits on 4+ (the test game fails)" ||
	fail "without its pins the shooter hits on 4+" "$(head -c 400 "$tmp/err")"
# One pin where the test game expects two: the odds: differ.
sed 's/  A: { side: blue, type: Riflemen, at: \[20, 10\], markers: { Pin: 2 } }/  A: { side: blue, type: Riflemen, at: [20, 10], markers: { Pin: 1 } }/; s/^dice: \[5, 5, 6, 1\]$/dice: [5, 4, 6, 1]/' \
    "$M" >"$tmp/onepin.md"
timeout 60 "$BIN" check -n 0 "$tmp/onepin.md" >/dev/null 2>"$tmp/err"
grep -q "expected p_wound_per_attack 5/36, but it is 5/18" "$tmp/err" &&
	pass "a volley's odds: are with the shooter's pins (one pin: 5/18)" ||
	fail "a volley's odds: are with the shooter's pins" "$(head -c 400 "$tmp/err")"
# The end of the other side's turn takes no pin: a test game expecting
# one gone fails.
awk '/^name: pins stay through/ { on = 1 } on && /B: \{ markers: \{ Pin: 2 \} \}$/ { sub(/Pin: 2/, "Pin: 1"); on = 0 } { print }' \
    "$M" >"$tmp/stay.md"
timeout 60 "$BIN" check -n 0 "$tmp/stay.md" >/dev/null 2>"$tmp/err"
grep -q "pins stay through the other side's turn.*markers: Pin 1, but it has 2" "$tmp/err" &&
	pass "a pin stays through the other side's turn" ||
	fail "a pin stays through the other side's turn" "$(head -c 400 "$tmp/err")"

# Bad cells: errors at their line:col.
line_of() { grep -n "$1" "$2" | head -1 | cut -d: -f1; }
sed -e 's/| Pin    | red    | shot at             |/| Pin    | red    | shot at, pinned     |/' \
    -e 's/| Hurt   | grey   | wounded             | all at end of turn | 2    |/| Hurt   | grey   | wounded             | all at dusk        | 11   |/' \
    -e 's/| Shaken | yellow | failed test, beaten | all on passed test |/| Shaken | yellow | failed test, beaten | one on passed test, all on passed test |/' \
    -e 's/| Jittery | to hit | -1 per Pin  |/| Jittery | to hit | -1 per Pim  |/' "$M" >"$tmp/bad.md"
timeout 60 "$BIN" check -n 0 "$tmp/bad.md" >/dev/null 2>"$tmp/err"
rc=$?
lp=$(line_of '^| Pin ' "$tmp/bad.md"); lh=$(line_of '^| Hurt ' "$tmp/bad.md")
ls=$(line_of '^| Shaken ' "$tmp/bad.md"); lj=$(line_of '^| Jittery ' "$tmp/bad.md")
for want in \
    "bad.md:$lp:29: error: unknown event 'pinned' in the Placed of marker 'Pin' (known: shot at, wounded, failed test, beaten)" \
    "bad.md:$lh:42: error: unknown way 'all at dusk' in the Removed of marker 'Hurt' (known: one at end of turn, all at end of turn, one on passed test, all on passed test)" \
    "bad.md:$lh:63: error: Most '11' of marker 'Hurt' is not a whole number from 1 to 10" \
    "bad.md:$ls:62: error: 'all on passed test' given twice, or with its one or all, for marker 'Shaken'" \
    "bad.md:$lj:28: error: keyword 'Jittery' counts marker 'Pim', which the Markers table does not have (it has: Pin, Shaken, Hurt)"; do
	[ $rc -ne 0 ] && grep -qF "$want" "$tmp/err" &&
		pass "an error at its cell: ${want#*error: }" ||
		fail "an error at its cell: ${want#*error: }" "$(head -c 600 "$tmp/err")"
done
sed 's/| melee           | opposed   |/| melee           | accumulated |\n| melee roll      | d3        |/' "$M" >"$tmp/acc.md"
l=$(line_of '^| Shaken ' "$tmp/acc.md")
timeout 60 "$BIN" check -n 0 "$tmp/acc.md" >/dev/null 2>"$tmp/err"
grep -qF "acc.md:$l:20: error: marker 'Shaken' is placed when beaten, which only melee: opposed has" "$tmp/err" &&
	pass "beaten without melee: opposed is an error at its cell" ||
	fail "beaten without melee: opposed is an error at its cell" "$(head -c 400 "$tmp/err")"
# Test games: an unknown marker at its line:col, a count past Most.
sed 's/  B: { side: red, type: Gunners, at: \[20, 40\], markers: { Pin: 3 } }/  B: { side: red, type: Gunners, at: [20, 40], markers: { Pinn: 3 } }/' "$M" >"$tmp/tg1.md"
l=$(line_of 'markers: { Pinn: 3 }' "$tmp/tg1.md")
timeout 60 "$BIN" check -n 0 "$tmp/tg1.md" >/dev/null 2>"$tmp/err"
grep -qF "tg1.md:$l:59: error: test game 'a unit may carry no more than a marker's Most': unit 'B': unknown marker 'Pinn' (known: Pin, Shaken, Hurt)" "$tmp/err" &&
	pass "a test game's unknown marker is an error at its line:col" ||
	fail "a test game's unknown marker is an error at its line:col" "$(head -c 400 "$tmp/err")"
sed 's/^  B: { markers: { Pin: 3 } }$/  B: { markers: { Pinn: 3 } }/' "$M" >"$tmp/tg2.md"
l=$(line_of 'markers: { Pinn: 3 }' "$tmp/tg2.md")
timeout 60 "$BIN" check -n 0 "$tmp/tg2.md" >/dev/null 2>"$tmp/err"
grep -qF "tg2.md:$l:19: error: test game 'a unit may carry no more than a marker's Most': unknown expectation for B: unknown marker 'Pinn'" "$tmp/err" &&
	pass "an expectation's unknown marker is an error at its line:col" ||
	fail "an expectation's unknown marker is an error at its line:col" "$(head -c 400 "$tmp/err")"
sed 's/  B: { side: red, type: Gunners, at: \[20, 40\], markers: { Pin: 3 } }/  B: { side: red, type: Gunners, at: [20, 40], markers: { Pin: 4 } }/' "$M" >"$tmp/tg3.md"
timeout 60 "$BIN" check -n 0 "$tmp/tg3.md" >/dev/null 2>"$tmp/err"
grep -qF "unit 'B': markers: Pin is a whole number from 0 to 3 (its Most)" "$tmp/err" &&
	pass "a test game's count past Most is an error" ||
	fail "a test game's count past Most is an error" "$(head -c 400 "$tmp/err")"

# A melee's odds that a marker would change are refused.
python3 - "$M" "$tmp/mel.md" <<'PY'
import sys
s = open(sys.argv[1]).read()
s = s.replace("""  B: { side: red, type: Gunners, at: [20, 14] }""",
    """  B: { side: red, type: Gunners, at: [20, 14], markers: { Pin: 1 } }""")
s = s.replace("  odds: { attacker_wins: 7/12 }",
    "  odds: { attacker_wins: 7/12, defender_gives_ground: 7/12 }")
open(sys.argv[2], "w").write(s)
PY
timeout 60 "$BIN" check -n 0 "$tmp/mel.md" >/dev/null 2>"$tmp/err"
n=$(grep -c 'error' "$tmp/err")
[ "$n" -eq 1 ] && grep -q "no odds 'defender_gives_ground' for this melee: markers its units carry" "$tmp/err" &&
	pass "a melee outcome's odds: with a pinned unit are refused (its roll's are given)" ||
	fail "a melee outcome's odds: with a pinned unit are refused" "$(head -c 400 "$tmp/err")"

# Another family, and print only, say they do not play the columns.
{ cat rulesets/morschauser-modern.md
  printf '\n## Markers\n\n| Marker | Colour | Removed |\n|---|---|---|\n| Pin | red | all on passed test |\n'; } >"$tmp/fp.md"
timeout 60 "$BIN" check -n 0 "$tmp/fp.md" >/dev/null 2>"$tmp/err"
grep -q "fp.md:[0-9]*:20: note: the Markers table's column Removed is played by the dice family only: the firepower family prints the markers and does not play them" "$tmp/err" &&
	pass "the firepower family notes the columns it does not play" ||
	fail "the firepower family notes the columns it does not play" "$(grep -i marker "$tmp/err" | head -3)"
printf -- '---\ntitle: X\nengine: none\n---\n\n## Units\n\n| Unit | Class | Move |\n|---|---|---|\n| A | infantry | 10 |\n\n## Markers\n\n| Marker | Colour | Placed | Most |\n|---|---|---|---|\n| Pin | red | shot at | 3 |\n' >"$tmp/none.md"
timeout 60 "$BIN" check "$tmp/none.md" >/dev/null 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "none.md:14:20: note: the Markers table's columns Placed, Most are played by the dice family only: a print-only ruleset prints the markers" "$tmp/err" &&
	pass "print only notes the columns and checks clean" ||
	fail "print only notes the columns and checks clean" "$(head -c 400 "$tmp/err")"

# Self-play: the same games for a seed, greedy beats random, the marker
# rules played.
timeout 120 "$BIN" play --json -n 200 -s 5 "$M" 2>/dev/null | grep -v games_per_second >"$tmp/p1"
timeout 120 "$BIN" play --json -n 200 -s 5 -j 1 "$M" 2>/dev/null | grep -v games_per_second >"$tmp/p2"
[ -s "$tmp/p1" ] && cmp -s "$tmp/p1" "$tmp/p2" &&
	pass "play $M is the same for a seed" ||
	fail "play $M is the same for a seed" "$(diff "$tmp/p1" "$tmp/p2" | head -5)"
python3 - "$tmp/p1" >"$tmp/why" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[0]
c = d["coverage"]
need = ["marker.placed", "marker.removed", "marker.modifier"]
print({r: c.get(r) for r in need})
sys.exit(0 if all(c.get(r, 0) > 0 for r in need) else 1)
PY
[ $? -eq 0 ] && pass "self-play places, removes and reads markers $(cat "$tmp/why")" ||
	fail "self-play places, removes and reads markers" "$(cat "$tmp/why")"
timeout 120 "$BIN" play "$M" -n 400 -q >"$tmp/q" 2>&1
grep -q "greedy beat random in" "$tmp/q" &&
	python3 -c "
import re, sys
m = re.search(r'greedy beat random in (\d+) of (\d+)', open('$tmp/q').read())
sys.exit(0 if m and int(m.group(1)) > 0.6 * int(m.group(2)) else 1)" &&
	pass "greedy beats random ($(grep -o 'greedy beat random in [0-9]* of [0-9]*' "$tmp/q"))" ||
	fail "greedy beats random" "$(cat "$tmp/q")"
