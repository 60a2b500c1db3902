#!/bin/sh
# The dice family plays (issue 17): check plays the third ruleset's test
# games clean (at least 20, none failed) and its self-play; play --json
# gives sane numbers; build writes every product; a bad scripted step is
# refused, not a crash.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
R=rulesets/dice-skirmish.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# t NAME STATUS ARGS...: runs the binary (120 s at most), checks the exit.
t() {
	name=$1 want=$2
	shift 2
	timeout 120 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass "$name"; else
		fail "$name" "exit $got, wanted $want: $(head -c 200 "$tmp/err")"; fi
}

# check: the test games all pass, no error, no warning: the rules of
# mechanisms this ruleset does not use (phased turns, accumulated hits,
# melee by pipeline) do not apply to it, and every rule that does is
# exercised by a test game.
t "check $R" 0 check "$R"
line=$(grep 'test games played' "$tmp/out")
n=$(echo "$line" | sed -n 's/.*: \([0-9][0-9]*\) test games played, \([0-9][0-9]*\) failed.*/\1 \2/p')
set -- $n
if [ "${1:-0}" -ge 20 ] && [ "${2:-1}" -eq 0 ]; then
	pass "check plays $1 test games, 0 failed"
else
	fail "check plays at least 20 test games, 0 failed" "$line"
fi
cov=$(echo "$line" | sed -n 's/.*; \([0-9][0-9]*\) of \([0-9][0-9]*\) rules exercised.*/\1 \2/p')
set -- $cov
[ -n "$1" ] && [ "$1" = "$2" ] && pass "test games exercise every rule that applies ($1)" ||
    fail "test games exercise every rule that applies" "$line"
grep -q ': error:' "$tmp/err" && fail "check has no errors" "$(grep ': error:' "$tmp/err" | head -3)" ||
    pass "check has no errors"
grep ': warning:' "$tmp/err" >"$tmp/w"
[ -s "$tmp/w" ] && fail "check runs clean: no warning" "$(head -c 300 "$tmp/w")" ||
    pass "check runs clean: no warning"
grep -q '1000 self-play games' "$tmp/out" && pass "check plays self-play" ||
    fail "check plays self-play" "$(cat "$tmp/out")"
# -v lists the rules of mechanisms it does not use as not applying.
t "check -v" 0 check "$R" -v --games 20
grep -q 'melee.accumulated .*does not apply' "$tmp/out" &&
    pass "check -v: melee.accumulated does not apply" ||
    fail "check -v: melee.accumulated does not apply" "$(grep melee.accum "$tmp/out")"

# The mechanisms Saltmarsh Reckoning does not use (phased turns,
# accumulated hits, melee by pipeline) have fixtures of their own; with
# it, every rule id of the family is exercised by a test game.
for f in dice-tally dice-close dice-mods; do
	t "check $f" 0 check "tests/rulesets/$f.md"
	grep -q 'test games played, 0 failed' "$tmp/out" &&
	    pass "$f: its test games pass" || fail "$f: its test games pass" "$(cat "$tmp/out")"
	grep -q ': error:' "$tmp/err" && fail "$f: no errors" "$(grep ': error:' "$tmp/err" | head -3)" ||
	    pass "$f: no errors"
done
# uncovered ID: whether check -v's coverage warning names rule ID.
uncovered() { grep -Eq "exercised by no test game: (.*, )?$1(,|\$| )" "$tmp/err"; }
# exercised ID: check -v's table of rules (id, section, test games,
# self-play games) gives rule ID one test game or more.
exercised() {
	awk -v id="$1" '$1 == id { seen = 1; n = $(NF - 1) }
	    END { exit !(seen && n >= 1) }' "$tmp/out"
}
t "check -v names every rule no test game applies" 0 check -v -n 0 tests/rulesets/dice-mods.md
uncovered move.contact_stop && ! exercised move.contact_stop &&
    pass "uncovered finds a rule the fixture leaves out" ||
    fail "uncovered finds a rule the fixture leaves out" "$(grep exercised "$tmp/err")"
t "tally covers phased turns and accumulated hits" 0 check -v tests/rulesets/dice-tally.md
for id in game.phased_turns shoot.accumulated melee.accumulated; do
	exercised "$id" && ! uncovered "$id" && pass "dice-tally exercises $id" ||
	    fail "dice-tally exercises $id" "$(grep -E "^  $id |exercised by no" "$tmp/out" "$tmp/err")"
done
# The modifiers and half hits: each rule exercised, and a test game
# that fails when a modifier is not applied (the same fixture with every
# modifier 0).
t "mods covers modifiers and half hits" 0 check -v tests/rulesets/dice-mods.md
for id in shoot.modifier shoot.half_hits melee.modifier; do
	exercised "$id" && ! uncovered "$id" && pass "dice-mods exercises $id" ||
	    fail "dice-mods exercises $id" "$(grep -E "^  $id |exercised by no" "$tmp/out" "$tmp/err")"
done
sed 's/| [-+]1    |$/| 0     |/' tests/rulesets/dice-mods.md >"$tmp/zero.md"
t "mods without modifiers fails its test games" 1 check "$tmp/zero.md"
n=$(grep -c "error: test game" "$tmp/err")
[ "$n" -eq 4 ] && pass "every modifier's test game fails without it" ||
    fail "every modifier's test game fails without it" "$n failed: $(head -c 300 "$tmp/err")"
sed -e 's/| target_in_cover | -1    |/| target_in_cover | 0     |/' \
    -e 's/| charging | +1    |/| charging | 0     |/' \
    -e 's/| uphill   | +1    |/| uphill   | 0     |/' "$R" >"$tmp/zero.md"
t "Saltmarsh without modifiers fails its test games" 1 check "$tmp/zero.md" --games 10
n=$(grep -c "error: test game" "$tmp/err")
[ "$n" -eq 3 ] && pass "Saltmarsh: each modifier's test game fails without it" ||
    fail "Saltmarsh: each modifier's test game fails without it" "$n failed"
t "close covers melee by pipeline" 0 check -v tests/rulesets/dice-close.md
exercised melee.pipeline && ! uncovered melee.pipeline &&
    pass "dice-close exercises melee.pipeline" ||
    fail "dice-close exercises melee.pipeline" "$(grep -E '^  melee.pipeline |exercised by no' "$tmp/out" "$tmp/err")"

# The melee by accumulated hits and by the pipeline has exact odds to its
# end: odds --json lists each pair with its mechanism and mean rounds.
for f in dice-tally:accumulated dice-close:pipeline; do
	r=${f%%:*} m=${f#*:}
	t "odds --json $r" 0 odds --json "tests/rulesets/$r.md"
	grep -q "\"mechanism\": \"$m\"" "$tmp/out" &&
	    grep -q '"expected_rounds": "[0-9]*/[0-9]*"' "$tmp/out" &&
	    pass "$r: melee by $m fought to its end in odds --json" ||
	    fail "$r: melee by $m fought to its end in odds --json" "$(head -c 300 "$tmp/out")"
done

# Cards of a melee of hits: a pair over the limit of the melee to its
# end (Wounds 30 against 30) has no melee entry, and a card row listed
# for its shot says so (it crashed, as dice-tally's cards did before the
# family had these odds).
t "cards dice-tally" 0 cards -o "$tmp/tally-cards.pdf" tests/rulesets/dice-tally.md
sed -e 's/| 5+   | 2      |/| 5+   | 30     |/' -e 's/| shooting | none     |/| shooting | pipeline |/' \
    -e '/^## Test games/,$d' tests/rulesets/dice-close.md >"$tmp/close30.md"
t "cards of a pair over the limit" 0 cards -o "$tmp/close30.pdf" "$tmp/close30.md"
t "odds --json of a pair over the limit" 0 odds --json "$tmp/close30.md"
grep -q '"fought_out": false' "$tmp/out" && ! grep -q '"expected_rounds"' "$tmp/out" &&
    pass "a pair over the limit has its first round only" ||
    fail "a pair over the limit has its first round only" "$(head -c 300 "$tmp/out")"

# play --json: the numbers add up.
t "play --json" 0 play "$R" --games 300 --seed 5 --json
j() { sed -n "s/^ *\"$1\": \([0-9.]*\),*$/\1/p" "$tmp/out" | head -1; }
games=$(j games) draws=$(j draws) mean=$(j mean) max=$(j max)
blue=$(sed -n '/"wins"/,/}/s/.*"blue": \([0-9]*\).*/\1/p' "$tmp/out")
red=$(sed -n '/"wins"/,/}/s/.*"red": \([0-9]*\).*/\1/p' "$tmp/out")
[ "$games" = 300 ] && pass "play: 300 games" || fail "play: 300 games" "games '$games'"
[ -n "$blue" ] && [ -n "$red" ] && [ -n "$draws" ] &&
    [ $((blue + red + draws)) -eq 300 ] && pass "play: wins and draws add up" ||
    fail "play: wins and draws add up" "blue '$blue' red '$red' draws '$draws'"
awk -v m="$mean" -v x="$max" 'BEGIN { exit !(m >= 1 && m <= 21 && x >= 1 && x <= 21) }' &&
    pass "play: turns mean $mean, max $max within the 20-turn battle" ||
    fail "play: turns within the battle" "mean '$mean' max '$max'"
grep -q '"shoot.hit": [1-9]' "$tmp/out" && grep -q '"melee.opposed": [1-9]' "$tmp/out" &&
    pass "play: self-play shoots and fights" ||
    fail "play: self-play shoots and fights" "$(grep -e shoot.hit -e melee.opposed "$tmp/out")"
# The same seed plays the same games.
grep -v -e games_per_second -e '"seconds"' "$tmp/out" >"$tmp/a"
t "play again" 0 play "$R" --games 300 --seed 5 --json
grep -v -e games_per_second -e '"seconds"' "$tmp/out" >"$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" && pass "play: the same seed plays the same games" ||
    fail "play: the same seed plays the same games" "$(diff "$tmp/a" "$tmp/b" | head -5)"

# build: every product, with self-play.
t "build $R" 0 build -q -o "$tmp/build" "$R"
for f in ruleset.txt reference.pdf cards.pdf map.pdf bases.pdf scenario.pdf \
    scenario.yaml report.pdf index.json; do
	[ -s "$tmp/build/dice-skirmish/$f" ] && pass "build made $f" ||
	    fail "build made $f" "missing or empty"
done

# A scripted step the rules forbid is refused with the reason; an
# unknown unit key is an error at its place.
sed '/^## Test games/,$d' "$R" >"$tmp/bad.md"
cat >>"$tmp/bad.md" <<'TG'
## Test games

```test-game
name: wrong expectations fail
units:
  A: { side: blue, type: Reed Wardens, at: [20, 10] }
  B: { side: red, type: Reed Wardens, at: [20, 40] }
dice: [4, 4, 1, 3]
do:
  - fire: { unit: A, target: B, weapon: Reed bow }
expect:
  B: { wounds: 3 }
```

```test-game
name: an unknown unit key
units:
  A: { side: blue, type: Reed Wardens, at: [20, 10], armour: 2 }
  B: { side: red, type: Reed Wardens, at: [20, 40] }
```
TG
t "check fails a wrong test game" 1 check "$tmp/bad.md"
grep -q "wounds 3, but it has 2" "$tmp/err" && pass "a wrong wounds expectation says why" ||
    fail "a wrong wounds expectation says why" "$(grep error "$tmp/err" | head -3)"
grep -q "unknown key 'armour'" "$tmp/err" && pass "an unknown unit key is an error" ||
    fail "an unknown unit key is an error" "$(grep error "$tmp/err" | head -3)"

# A card's melee column is worded by the mechanism: one roll of an
# opposed melee, a melee fought to its end by accumulated hits.
"$BIN" cards tests/rulesets/dice-tally.md -o "$tmp/tc.pdf" >/dev/null 2>&1
pdftotext "$tmp/tc.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q "wins the melee" &&
    pass "accumulated melee: the card says wins the melee" ||
    fail "accumulated melee: the card says wins the melee" "$(pdftotext "$tmp/tc.pdf" - | head -20)"
"$BIN" cards "$R" -o "$tmp/dc.pdf" >/dev/null 2>&1
pdftotext "$tmp/dc.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q "wins the melee" &&
    fail "opposed melee: the card says melee roll wins" "it says wins the melee" ||
    pass "opposed melee: the card says melee roll wins"

# check -v's settings say what is played where a table gives it instead:
# Saltmarsh's Combat table contact of 2 cm, not the setting's default:
# the sources' 1in as the ruleset's own round number, 3 cm (not 2.54 cm).
"$BIN" check -v -n 0 "$R" >"$tmp/out" 2>/dev/null
grep -A1 '^  contact: 3 cm (default)' "$tmp/out" | grep -q "^    played: 2 cm, the Combat table's contact" &&
	pass "check -v: the contact played is the Combat table's 2 cm" ||
	fail "check -v: the contact played" "$(grep -A2 '^settings' "$tmp/out")"
