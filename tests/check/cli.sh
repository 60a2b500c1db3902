#!/bin/sh
# The command-line contract (DESIGN.md): help, version, usage errors,
# bundled rulesets check clean, build writes and keeps outputs.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT

t() { # NAME EXPECTED-STATUS COMMAND...
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/stdout" 2>"$tmp/err"
	got=$?
	last=$got
	if [ "$got" -eq "$want" ]; then echo "PASS: $name"; else
		echo "FAIL: $name: exit $got, wanted $want: $(head -c 200 "$tmp/err")"; fi
}

t "help" 0 "$BIN" --help
grep -q check "$tmp/stdout" && echo "PASS: help lists commands" || echo "FAIL: help lists commands"
t "version" 0 "$BIN" --version
grep -q "^sandtable [0-9]" "$tmp/stdout" && echo "PASS: version format" || echo "FAIL: version format"
t "help command" 0 "$BIN" help check
t "command --help" 0 "$BIN" build --help
t "no arguments" 2 "$BIN"
t "unknown command" 2 "$BIN" frobnicate
t "unknown option" 2 "$BIN" check --frobnicate rulesets/morschauser-modern.md
[ "$(wc -l <"$tmp/err")" -eq 1 ] && echo "PASS: unknown option is one line" || echo "FAIL: unknown option is one line"
t "missing file" 1 "$BIN" check "$tmp/nope.md"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && echo "PASS: missing file is one line" || echo "FAIL: missing file is one line"
t "directory as ruleset" 1 "$BIN" check "$tmp"
t "check without ruleset" 2 "$BIN" check
for r in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	t "check $r" 0 "$BIN" check -q "$r"
	if [ "$last" -eq 0 ] && ! grep -q 'error' "$tmp/err"; then echo "PASS: $r has no errors"
	else echo "FAIL: $r has errors: $(head -c 200 "$tmp/err")"; fi
done

# build: writes the model summary; a ruleset with errors keeps old outputs.
cp rulesets/morschauser-modern.md "$tmp/mm.md"
t "build" 0 "$BIN" build -q -o "$tmp/build" "$tmp/mm.md"
if grep -q '^units (7)' "$tmp/build/mm/ruleset.txt" 2>/dev/null; then
	echo "PASS: build wrote ruleset.txt"; else echo "FAIL: build wrote ruleset.txt"; fi
cksum "$tmp/build/mm/"* >"$tmp/before"
printf '| Broken | nothing | x |\n' >>"$tmp/mm.md"
sed -i 's/^| Rifle | infantry |/| Rifle | infantery |/' "$tmp/mm.md"
t "build with errors fails" 1 "$BIN" build -q -o "$tmp/build" "$tmp/mm.md"
cksum "$tmp/build/mm/"* >"$tmp/after"
[ -s "$tmp/before" ] && cmp -s "$tmp/before" "$tmp/after" && echo "PASS: failed build keeps outputs" || echo "FAIL: failed build keeps outputs"
[ -d "$tmp/build/mm" ] && ! ls -A "$tmp/build/mm" | grep -q 'tmp\|^\.sandtable-' && echo "PASS: no temporary file left" ||
	echo "FAIL: temporary file left: $(ls -A "$tmp/build/mm" 2>&1 | tr '\n' ' ')"

# The examples in rulesets/FORMAT.md are valid rulesets: the print-only
# one (the first) and the complete one that the engine plays.
awk '/^````markdown/{n++;f=n==1;next} /^````$/{f=0} f' rulesets/FORMAT.md >"$tmp/own.md"
t "FORMAT.md print-only example checks clean" 0 "$BIN" check "$tmp/own.md"
[ -s "$tmp/err" ] && echo "FAIL: FORMAT.md print-only example has diagnostics: $(head -c 200 "$tmp/err")" ||
    echo "PASS: FORMAT.md print-only example has no diagnostics"
grep -q "print only (no engine): nothing played" "$tmp/stdout" &&
    echo "PASS: FORMAT.md print-only example is print only" ||
    echo "FAIL: FORMAT.md print-only example is print only: $(cat "$tmp/stdout")"
awk '/^````markdown/{n++;f=n==2;next} /^````$/{f=0} f' rulesets/FORMAT.md >"$tmp/example.md"
t "FORMAT.md example checks clean" 0 "$BIN" check -q "$tmp/example.md"
# (its one test game cannot exercise every rule of the engine: those
# coverage warnings are expected)
grep -v 'exercised by no test game' "$tmp/err" >"$tmp/err2"
[ -s "$tmp/err2" ] && echo "FAIL: FORMAT.md example has diagnostics: $(head -c 200 "$tmp/err2")" || echo "PASS: FORMAT.md example has no diagnostics"

# The dice family's example (the third) reads clean: no error and no
# warning but those of a ruleset with no test games (coverage, sections,
# its short battle's turn limit). The third ruleset, rulesets/dice-skirmish.md,
# is tested in dice_family.sh.
awk '/^````markdown/{n++;f=n==3;next} /^````$/{f=0} f' rulesets/FORMAT.md >"$tmp/dice.md"
t "dice example checks clean" 0 "$BIN" check "$tmp/dice.md"
grep -v -e 'no test games' -e 'which this ruleset does not have' \
    -e 'did not end before the turn limit' "$tmp/err" >"$tmp/err2"
[ -s "$tmp/err2" ] && echo "FAIL: dice example has diagnostics: $(head -c 200 "$tmp/err2")" ||
    echo "PASS: dice example has no diagnostics but the expected ones"
grep -q "1000 self-play games" "$tmp/stdout" &&
    echo "PASS: dice example plays self-play" ||
    echo "FAIL: dice example plays self-play: $(cat "$tmp/stdout")"

# build without a ruleset builds the bundled ones
t "build bundled" 0 "$BIN" build -q -o "$tmp/bundled"
[ -f "$tmp/bundled/morschauser-modern/ruleset.txt" ] && [ -f "$tmp/bundled/gauntlet-ancients/ruleset.txt" ] &&
	echo "PASS: build without rulesets builds the bundled ones" || echo "FAIL: build without rulesets builds the bundled ones"

# index.json lists what was made; --jobs 2 and serial builds are identical.
t "build serial" 0 "$BIN" build -q -o "$tmp/serial" rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md
t "build --jobs 2" 0 "$BIN" build -q -j 2 -o "$tmp/parallel" rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md
diff -r "$tmp/serial" "$tmp/parallel" >/dev/null && echo "PASS: parallel and serial builds are identical" ||
	echo "FAIL: parallel and serial builds are identical"
grep -q '"file": "ruleset.txt"' "$tmp/serial/gauntlet-ancients/index.json" 2>/dev/null &&
	echo "PASS: index.json lists the products" || echo "FAIL: index.json lists the products"
t "bad --jobs" 2 "$BIN" build -j 0 rulesets/morschauser-modern.md

# --watch rebuilds when the ruleset changes (polled: builds take a while
# on a loaded machine).
mkdir -p "$tmp/w"
cp rulesets/morschauser-modern.md "$tmp/w/mm.md"
(cd "$tmp/w" && exec timeout 30 "$BIN" build -q --watch -o out mm.md >/dev/null 2>&1) &
wpid=$!
n=0
while [ ! -f "$tmp/w/out/mm/index.json" ] && [ $n -lt 100 ]; do sleep 0.2; n=$((n + 1)); done
sleep 0.3
sed -i 's/^title: .*/title: Watched Rules/' "$tmp/w/mm.md"
n=0
until grep -q '^title: Watched Rules' "$tmp/w/out/mm/ruleset.txt" 2>/dev/null || [ $n -ge 100 ]; do
	sleep 0.2
	n=$((n + 1))
done
grep -q '^title: Watched Rules' "$tmp/w/out/mm/ruleset.txt" 2>/dev/null &&
	echo "PASS: --watch rebuilds on change" || echo "FAIL: --watch rebuilds on change"
kill $wpid 2>/dev/null
wait

# Watching two rulesets, a save rebuilds the one saved, not the other,
# and its line says how long each product took (issue 36).
mkdir -p "$tmp/w2"
cp rulesets/morschauser-modern.md "$tmp/w2/mm.md"
cp tests/check/none.md "$tmp/w2/nn.md"
(cd "$tmp/w2" && exec timeout 60 "$BIN" build --watch -n 50 -o out mm.md nn.md \
    >"$tmp/w2/log" 2>"$tmp/w2/err") &
wpid=$!
n=0
while { [ ! -f "$tmp/w2/out/mm/index.json" ] || [ ! -f "$tmp/w2/out/nn/index.json" ]; } &&
    [ $n -lt 200 ]; do sleep 0.2; n=$((n + 1)); done
sleep 0.3
sed -i 's/^title: .*/title: Watched Hedgerows/' "$tmp/w2/nn.md"
n=0
until [ "$(grep -c '^nn.md: .* s in all' "$tmp/w2/log")" -ge 2 ] || [ $n -ge 150 ]; do
	sleep 0.2
	n=$((n + 1))
done
sleep 0.5
kill $wpid 2>/dev/null
wait
[ "$(grep -c '^nn.md: ' "$tmp/w2/log")" -eq 2 ] &&
    [ "$(grep -c '^mm.md: ' "$tmp/w2/log")" -eq 1 ] &&
    grep -q 'build: nn.md changed, rebuilding' "$tmp/w2/err" &&
    grep -q '^nn.md: out/nn/: ruleset.txt, .*reference.pdf [0-9.]* s, .*cards.pdf [0-9.]* s,.*; [0-9.]* s in all' "$tmp/w2/log" &&
	echo "PASS: --watch rebuilds the ruleset saved, and says each product's time" ||
	echo "FAIL: --watch rebuilds the ruleset saved, and says each product's time: $(cat "$tmp/w2/log" "$tmp/w2/err" | head -c 600)"

# build plays the test games first: a failing one builds nothing.
cp rulesets/morschauser-modern.md "$tmp/tg.md"
t "build with passing test games" 0 "$BIN" build -q -o "$tmp/tgout" "$tmp/tg.md"
cksum "$tmp/tgout/tg/"* >"$tmp/tgbefore"
cat >>"$tmp/tg.md" <<'EOT'

```test-game
name: a wrong expectation
units:
  A: { side: blue, type: Rifle, at: [0, 0] }
  B: { side: red, type: Rifle, at: [12, 0] }
dice: [1]
do:
  - fire: { unit: A, weapon: Rifle, target: B }
expect:
  B: destroyed
```
EOT
t "build with a failing test game fails" 1 "$BIN" build -q -o "$tmp/tgout" "$tmp/tg.md"
grep -q "tg.md:[0-9]*:[0-9]*: error: test game 'a wrong expectation'" "$tmp/err" &&
	echo "PASS: build names the failing test game" || echo "FAIL: build names the failing test game: $(head -c 300 "$tmp/err")"
cksum "$tmp/tgout/tg/"* >"$tmp/tgafter"
[ -s "$tmp/tgbefore" ] && cmp -s "$tmp/tgbefore" "$tmp/tgafter" && echo "PASS: failing test game keeps previous outputs" ||
	echo "FAIL: failing test game keeps previous outputs"

# A binary in a source tree finds the tree's templates from any directory.
(cd "$tmp" && "$BIN" reference -q "$OLDPWD/rulesets/morschauser-modern.md" -o "$tmp/anywhere.pdf") >/dev/null 2>&1 &&
	[ -s "$tmp/anywhere.pdf" ] && echo "PASS: templates found from another directory" ||
	echo "FAIL: templates found from another directory"

# Progress bars: drawn on a terminal, never into a pipe or a file.
"$BIN" play -n 300 rulesets/morschauser-modern.md 2>"$tmp/bar" | grep -q '300 self-play games' &&
    ! grep -q "$(printf '\r')" "$tmp/bar" && echo "PASS: no progress bar into a pipe" || echo "FAIL: no progress bar into a pipe"
if command -v script >/dev/null 2>&1; then
	script -qc "'$BIN' play -n 3000 '$(pwd)/rulesets/morschauser-modern.md' >/dev/null" /dev/null </dev/null 2>&1 |
		tr '\r' '\n' | grep -aq 'self-play *\[.*\] [0-9]*/3750' &&
		echo "PASS: progress bar on a terminal" || echo "FAIL: progress bar on a terminal"
fi
