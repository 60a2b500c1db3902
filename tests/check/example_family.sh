#!/bin/sh
# example_family.sh BIN: a rule family is one file and one row (issue 31,
# Proof). In a copy of the source tree, the coin-flip duel of
# tests/family/coin.c is added as src/engine/coin.c and its row F(coin)
# to ENG_FAMILIES in src/engine/game.c; git diff --stat of that addition
# must show those two files and nothing else, game.c one line added. The
# copy then builds, and check, play, odds and build work on
# tests/family/coin.md. BIN is not used: the test builds its own. It
# skips (exit 0) only when there is no C compiler.
cd "$(dirname "$0")/../.." || exit 2
. tests/plugin.sh
plug_in family tests/family/coin.c src/engine/coin.c src/engine/game.c F \
    families coin "the coin family" || exit 0
R=$tmp/coin.md
cp "$root/tests/family/coin.md" "$R"

# t NAME ARGS...: runs the test binary, which must exit 0.
t() {
	name=$1
	shift
	timeout 120 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq 0 ]; then pass "$name"; else
		fail "$name" "exit $got: $(head -c 300 "$tmp/err")"; fi
}

# check: engine coin, every test game passes and every rule is applied
# by one; no error, no warning.
t "check coin.md" check "$R"
grep -q "coin.md: coin, 2 units" "$tmp/out" &&
    pass "check reads engine: coin" ||
    fail "check reads engine: coin" "$(head -3 "$tmp/out")"
grep -q "4 test games played, 0 failed; 10 of 10 rules exercised" "$tmp/out" &&
    pass "check: 4 test games pass, 10 of 10 rules exercised" ||
    fail "check: 4 test games pass, 10 of 10 rules exercised" "$(cat "$tmp/out")"
grep -q "self-play games" "$tmp/out" && pass "check plays self-play" ||
    fail "check plays self-play" "$(cat "$tmp/out")"
grep -q ': \(error\|warning\):' "$tmp/err" &&
    fail "check is clean" "$(grep ': \(error\|warning\):' "$tmp/err" | head -3)" ||
    pass "check is clean"

# play --json: games played, and both sides won some.
t "play --json" play --json --games 200 "$R"
games=$(sed -n 's/^ *"games": \([0-9][0-9]*\),$/\1/p' "$tmp/out" | head -1)
grep -q '"engine": "coin"' "$tmp/out" && [ "${games:-0}" -eq 200 ] &&
    pass "play --json: 200 games of engine coin" ||
    fail "play --json: 200 games of engine coin" "$(head -c 300 "$tmp/out")"
blue=$(sed -n '/"wins"/,/}/s/^ *"blue": \([0-9][0-9]*\),*$/\1/p' "$tmp/out")
red=$(sed -n '/"wins"/,/}/s/^ *"red": \([0-9][0-9]*\),*$/\1/p' "$tmp/out")
[ "${blue:-0}" -gt 0 ] && [ "${red:-0}" -gt 0 ] &&
    pass "play: both sides win some ($blue, $red)" ||
    fail "play: both sides win some" "blue ${blue:-?}, red ${red:-?}"

# odds: the flip, heads in two, exactly.
t "odds" odds "$R"
grep -q "Duellist.*Rider.*1/2" "$tmp/out" && pass "odds: Duellist v Rider 1/2" ||
    fail "odds: Duellist v Rider 1/2" "$(head -c 400 "$tmp/out")"
t "odds --json" odds --json "$R"
n=$(grep -c '"attacker_wins": "1/2"' "$tmp/out")
[ "$n" -eq 4 ] && pass "odds --json: 4 matchups at exactly 1/2" ||
    fail "odds --json: 4 matchups at exactly 1/2" "$n: $(head -c 400 "$tmp/out")"
# A melee that is not power against power has no powers in its odds.
grep -q '_power' "$tmp/out" &&
    fail "odds --json: no powers for a family without them" "$(grep -m1 _power "$tmp/out")" ||
    pass "odds --json: no powers for a family without them"

# build: every product, none empty.
t "build" build -q -o "$tmp/out.d" "$R"
missing=
for f in ruleset.txt reference.pdf cards.pdf map.pdf scenario.pdf \
    scenario.yaml bases.pdf report.pdf rulebook.pdf index.json; do
	[ -s "$tmp/out.d/coin/$f" ] || missing="$missing $f"
done
[ -z "$missing" ] && pass "build writes every product" ||
    fail "build writes every product" "missing or empty:$missing"

# The odds reach the printed products: the reference sheet's melee
# matrix and the cards' panels give the flip as 50%.
if command -v pdftotext >/dev/null 2>&1; then
	for f in reference cards; do
		pdftotext -layout "$tmp/out.d/coin/$f.pdf" "$tmp/$f.txt" 2>/dev/null ||
		    : >"$tmp/$f.txt"
		grep -q 'Rider  *50%' "$tmp/$f.txt" &&
		    pass "$f.pdf gives the flip as 50%" ||
		    fail "$f.pdf gives the flip as 50%" "$(head -c 300 "$tmp/$f.txt")"
	done
fi

echo "example family: $(($(date +%s) - t0)) s"
