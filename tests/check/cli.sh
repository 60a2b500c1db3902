#!/bin/sh
# The command-line contract (DESIGN.md): help, version, usage errors,
# bundled rulesets check clean, build writes and keeps outputs.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t() { # NAME EXPECTED-STATUS COMMAND...
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/stdout" 2>"$tmp/err"
	got=$?
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
t "missing file" 2 "$BIN" check "$tmp/nope.md"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && echo "PASS: missing file is one line" || echo "FAIL: missing file is one line"
t "directory as ruleset" 2 "$BIN" check "$tmp"
t "check without ruleset" 2 "$BIN" check
for r in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	t "check $r" 0 "$BIN" check -q "$r"
	if grep -q 'error' "$tmp/err"; then echo "FAIL: $r has errors"; else echo "PASS: $r has no errors"; fi
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
cmp -s "$tmp/before" "$tmp/after" && echo "PASS: failed build keeps outputs" || echo "FAIL: failed build keeps outputs"
ls "$tmp/build/mm" | grep -q tmp && echo "FAIL: temporary file left" || echo "PASS: no temporary file left"

# The complete example in rulesets/FORMAT.md is a valid ruleset.
awk '/^````markdown/{f=1;next} /^````$/{f=0} f' rulesets/FORMAT.md >"$tmp/example.md"
t "FORMAT.md example checks clean" 0 "$BIN" check -q "$tmp/example.md"
# (its one test game cannot exercise every rule of the engine: those
# coverage warnings are expected)
grep -v 'exercised by no test game' "$tmp/err" >"$tmp/err2"
[ -s "$tmp/err2" ] && echo "FAIL: FORMAT.md example has diagnostics: $(head -c 200 "$tmp/err2")" || echo "PASS: FORMAT.md example has no diagnostics"

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

# --watch rebuilds when the ruleset changes.
mkdir -p "$tmp/w"
cp rulesets/morschauser-modern.md "$tmp/w/mm.md"
(cd "$tmp/w" && timeout 4 "$BIN" build -q --watch -o out mm.md >/dev/null 2>&1) &
sleep 1.5
first=$(cksum <"$tmp/w/out/mm/ruleset.txt" 2>/dev/null)
sed -i 's/^| Rifle | infantry | 9"/| Rifle | infantry | 12"/' "$tmp/w/mm.md"
sleep 1.5
grep -q 'Rifle: infantry, move 12"' "$tmp/w/out/mm/ruleset.txt" 2>/dev/null &&
	echo "PASS: --watch rebuilds on change" || echo "FAIL: --watch rebuilds on change ($first)"
wait
