#!/bin/sh
# morale.sh BIN: the morale family through the CLI — Gauntlet Ancients'
# test games, a broken one, an unknown step in the sequence of play,
# self-play determinism across --jobs, and the odds tables.
BIN=${1:-./sandtable}
RS=rulesets/gauntlet-ancients.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# 1. Every test game passes and together they exercise every rule.
"$BIN" check -n 0 "$RS" >"$tmp/out" 2>"$tmp/err"
rc=$?
n=$(sed -n 's/.*: \([0-9]*\) test games played, 0 failed.*/\1/p' "$tmp/out")
cov=$(sed -n 's/.* \([0-9]*\) of \([0-9]*\) rules exercised by test games.*/\1 \2/p' "$tmp/out")
if [ $rc -eq 0 ] && [ -n "$n" ] && [ "$n" -ge 20 ] &&
    [ -n "$cov" ] && [ "${cov% *}" = "${cov#* }" ] && [ "${cov#* }" -ge 55 ]; then
	pass "morale: $n test games pass and cover every rule"
else
	fail "morale: test games pass and cover every rule" "rc=$rc $(cat "$tmp/out" "$tmp/err" | head -3)"
fi

# 2. A wrong expectation fails with the place of the expectation.
cp "$RS" "$tmp/broken.md"
n=$(wc -l <"$tmp/broken.md")
cat >>"$tmp/broken.md" <<'TG'

```test-game
name: a deliberately wrong expectation
units:
  A: { side: blue, type: Close Order Infantry, at: [200, 100] }
  B: { side: red, type: Close Order Infantry, at: [200, 160] }
dice: [6, 6, 6, 2]
do:
  - fire: { unit: A, target: B }
expect:
  B: { hits: 2 }
```
TG
line=$((n + 11))
"$BIN" check -n 0 "$tmp/broken.md" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "broken.md:$line:[0-9]*: error: .*a deliberately wrong expectation.*hits 2, but it is 3" "$tmp/err"; then
	pass "morale: a broken test game exits 1 naming the place"
else
	fail "morale: a broken test game exits 1 naming the place" "rc=$rc line=$line $(grep error "$tmp/err" | head -2)"
fi

# 3. A sequence of play with a step the engine does not know is an error.
sed 's/^3\. \*\*Rally\*\*/3. **Parley**/' "$RS" >"$tmp/seq.md"
line=$(grep -n '^3\. \*\*Parley\*\*' "$tmp/seq.md" | cut -d: -f1)
"$BIN" check -n 0 "$tmp/seq.md" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "seq.md:$line:[0-9]*: error: .*step 'Parley'" "$tmp/err"; then
	pass "morale: an unknown step in the sequence is an error"
else
	fail "morale: an unknown step in the sequence is an error" "rc=$rc $(head -2 "$tmp/err")"
fi

# 4. Self-play: same seed, same numbers, whatever the jobs.
"$BIN" play "$RS" --games 300 --seed 5 --jobs 1 --json 2>/dev/null |
    grep -v games_per_second >"$tmp/j1"
"$BIN" play "$RS" --games 300 --seed 5 --jobs 2 --json 2>/dev/null |
    grep -v games_per_second >"$tmp/j2"
if [ -s "$tmp/j1" ] && cmp -s "$tmp/j1" "$tmp/j2" &&
    grep -q '"engine": "morale"' "$tmp/j1"; then
	pass "morale: self-play is the same for --jobs 1 and 2"
else
	fail "morale: self-play is the same for --jobs 1 and 2" "$(diff "$tmp/j1" "$tmp/j2" | head -4)"
fi

# 5. Odds: exact distributions and melee rounds in the JSON.
"$BIN" odds --json "$RS" >"$tmp/odds" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q '"melee_dice"' "$tmp/odds" &&
    grep -q '"morale_tests"' "$tmp/odds" && grep -q '"671/1296"' "$tmp/odds" &&
    grep -q '"625/1296"' "$tmp/odds" && grep -q '"73/81"' "$tmp/odds" &&
    grep -q '"215917/839808"' "$tmp/odds"; then
	pass "morale: odds JSON has exact hit distributions and melee odds"
else
	fail "morale: odds JSON has exact hit distributions and melee odds" "rc=$rc"
fi

# 6. Odds filtered by unit, and in text.
"$BIN" odds "$RS" "Armoured Cavalry" "Levy Infantry" >"$tmp/t" 2>&1
if grep -q "Armoured Cavalry *Levy Infantry *front *0.9012" "$tmp/t" &&
    ! grep -q "^  Elephants" "$tmp/t"; then
	pass "morale: odds filtered by attacker and defender"
else
	fail "morale: odds filtered by attacker and defender" "$(grep Levy "$tmp/t" | head -2)"
fi
