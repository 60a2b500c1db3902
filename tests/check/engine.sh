#!/bin/sh
# engine.sh BIN: the rules engine through the CLI — test games (passing
# and deliberately broken), self-play determinism across --jobs, JSON
# shapes of check/play/odds, and the morale family's "not played yet".
BIN=${1:-./sandtable}
RS=rulesets/morschauser-modern.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# 1. The bundled ruleset plays all its test games cleanly.
"$BIN" check -n 0 "$RS" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "test games played, 0 failed" "$tmp/out" &&
    ! grep -q "exercised by no test game" "$tmp/err"; then
	pass "bundled test games pass and cover every rule"
else
	fail "bundled test games pass and cover every rule" "rc=$rc $(head -3 "$tmp/err")"
fi

# 2. A broken test game (wrong expectation) makes check exit 1, naming
#    the file, the line of the expectation and the test game.
cp "$RS" "$tmp/broken.md"
n=$(wc -l <"$tmp/broken.md")
cat >>"$tmp/broken.md" <<'TG'

```test-game
name: a deliberately wrong expectation
board: { size: 24x24in, grid: none }
units:
  A: { side: blue, type: Rifle, at: [5, 5] }
  B: { side: red, type: Machine Gun, at: [7, 5] }
dice: [3, 5]
do:
  - melee: [A, B]
expect:
  B: alive
```
TG
line=$((n + 12))
"$BIN" check -n 0 "$tmp/broken.md" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "broken.md:$line:[0-9]*: error: test game 'a deliberately wrong expectation': expected B alive, but it is destroyed" "$tmp/err"; then
	pass "broken test game: exit 1 with the place named"
else
	fail "broken test game: exit 1 with the place named" "rc=$rc line=$line $(grep error "$tmp/err" | head -2)"
fi

# 3. Running out of dice is a failure that says so, at the step.
cp "$RS" "$tmp/dice.md"
n=$(wc -l <"$tmp/dice.md")
cat >>"$tmp/dice.md" <<'TG'

```test-game
name: too few dice
board: { size: 24x24in, grid: none }
units:
  A: { side: blue, type: Rifle, at: [5, 5] }
  B: { side: red, type: Machine Gun, at: [7, 5] }
dice: [6]
do:
  - melee: [A, B]
```
TG
line=$((n + 10))
"$BIN" check -n 0 "$tmp/dice.md" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "dice.md:$line:[0-9]*: error: test game 'too few dice', step 1: ran out of dice" "$tmp/err"; then
	pass "running out of dice fails at the step"
else
	fail "running out of dice fails at the step" "rc=$rc $(grep error "$tmp/err" | head -2)"
fi

# 4. A refused step that was expected to be played fails with the reason.
cp "$RS" "$tmp/refused.md"
cat >>"$tmp/refused.md" <<'TG'

```test-game
name: an illegal shot
board: { size: 24x24in, grid: none }
units:
  A: { side: blue, type: Rifle, at: [5, 5] }
  T: { side: red, type: Tank, at: [5, 15] }
do:
  - fire: { unit: A, target: T, weapon: Rifle }
```
TG
"$BIN" check -n 0 "$tmp/refused.md" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 1 ] && grep -q "step 1: Rifle cannot destroy T (vehicle)" "$tmp/err"; then
	pass "an illegal step is an error with its reason"
else
	fail "an illegal step is an error with its reason" "$(grep error "$tmp/err" | head -2)"
fi

# 5. Self-play: same seed, same numbers for --jobs 1 and 2.
"$BIN" play "$RS" --games 400 --seed 7 --json 2>/dev/null | grep -v games_per_second >"$tmp/j1"
"$BIN" play "$RS" --games 400 --seed 7 --jobs 2 --json 2>/dev/null | grep -v games_per_second >"$tmp/j2"
if [ -s "$tmp/j1" ] && cmp -s "$tmp/j1" "$tmp/j2"; then
	pass "play: identical statistics for --jobs 1 and 2"
else
	fail "play: identical statistics for --jobs 1 and 2" "$(diff "$tmp/j1" "$tmp/j2" | head -4)"
fi

# 6. play --json has the documented keys and counts add up.
"$BIN" play "$RS" --games 200 --json >"$tmp/p.json" 2>/dev/null
if jq -e '.[0] | .ruleset == "morschauser-modern" and .engine == "firepower" and
    .games == 200 and .seed == 1 and (.wins.blue + .wins.red + .draws) == 200 and
    (.timeouts | type) == "number" and (.first_player_wins | type) == "number" and
    .turns.mean > 0 and (.turns.sd | type) == "number" and .turns.max >= 1 and
    .games_per_second > 0' "$tmp/p.json" >/dev/null 2>&1; then
	pass "play --json shape"
else
	fail "play --json shape" "$(head -c 300 "$tmp/p.json")"
fi

# 7. A different seed gives different games.
"$BIN" play "$RS" --games 400 --seed 8 --json 2>/dev/null | grep -v games_per_second >"$tmp/j3"
if [ -s "$tmp/j1" ] && [ -s "$tmp/j3" ] && ! cmp -s "$tmp/j1" "$tmp/j3"; then
	pass "play: another seed, other games"
else
	fail "play: another seed, other games" "identical output"
fi

# 8. Numbers do not change in a decimal-comma locale.
LC_ALL=de_DE.UTF-8 "$BIN" play "$RS" --games 400 --seed 7 --json 2>/dev/null | grep -v games_per_second >"$tmp/j4"
if [ -s "$tmp/j1" ] && cmp -s "$tmp/j1" "$tmp/j4"; then
	pass "play --json is the same in a decimal-comma locale"
else
	fail "play --json is the same in a decimal-comma locale" "$(diff "$tmp/j1" "$tmp/j4" | head -3)"
fi

# 9. odds --json: exact rationals.
"$BIN" odds --json "$RS" >"$tmp/o.json" 2>/dev/null
if jq -e '.[0] | (.melee[] | select(.attacker == "Rifle" and .defender == "Machine Gun" and .situation == "open") | .exact.attacker_wins == "4/7" and .resolves == true) and
    (.melee[] | select(.attacker == "Field Gun" and .defender == "Rifle" and .situation == "uphill") | .exact.defender_wins == "1") and
    (.fire[] | select(.shooter == "Machine Gun" and .target == "Rifle") | .exact == "1/2") and
    (.fire[] | select(.shooter == "Rifle" and .weapon == "Rifle" and .target == "Tank") | .p_hit == 0)' "$tmp/o.json" >/dev/null 2>&1; then
	pass "odds --json exact values"
else
	fail "odds --json exact values" "$(head -c 200 "$tmp/o.json")"
fi

# 10. check --json: test games, coverage and self-play in one object.
"$BIN" check --json -n 100 "$RS" >"$tmp/c.json" 2>/dev/null
if jq -e '.[0] | .test_games.failed == 0 and .test_games.played >= 20 and .games == 100 and
    ([.rules[] | select(.test_games == 0)] | length) == 0 and
    (.rules[] | select(.id == "melee.draw_reroll") | .self_play > 0)' "$tmp/c.json" >/dev/null 2>&1; then
	pass "check --json report"
else
	fail "check --json report" "$(head -c 300 "$tmp/c.json")"
fi

# 11. The morale family plays too: its test games, and self-play.
"$BIN" check -n 10 rulesets/gauntlet-ancients.md >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "test games played, 0 failed" "$tmp/out" &&
    ! grep -q "not played" "$tmp/out" "$tmp/err"; then
	pass "morale ruleset: its test games are played and pass"
else
	fail "morale ruleset: its test games are played and pass" "rc=$rc $(head -3 "$tmp/out" "$tmp/err")"
fi

# 12. A free table instead of the grid plays too.
if "$BIN" play "$RS" --games 50 --grid none --json 2>/dev/null | jq -e '.[0].games == 50' >/dev/null 2>&1; then
	pass "play --grid none"
else
	fail "play --grid none" "no result"
fi

# 13. Bad usage exits 2.
"$BIN" play "$RS" --games x >/dev/null 2>&1; a=$?
"$BIN" check --jobs 0 "$RS" >/dev/null 2>&1; b=$?
"$BIN" odds "$RS" --bogus >/dev/null 2>&1; c=$?
if [ $a -eq 2 ] && [ $b -eq 2 ] && [ $c -eq 2 ]; then
	pass "usage errors exit 2"
else
	fail "usage errors exit 2" "$a $b $c"
fi
