#!/bin/sh
# none.sh BIN: print-only rulesets (engine: none, or no engine line): check
# reads and validates them and plays nothing, play and odds refuse, and
# build writes every product. The fixture is tests/check/none.md, a
# designer's own game.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
cd "$(dirname "$0")" || exit 2
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
t() { # NAME EXPECTED-STATUS COMMAND...
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass "$name"; else
		fail "$name" "exit $got, wanted $want: $(head -c 200 "$tmp/err")"; fi
}

cp none.md "$tmp/game.md"
sed '/^engine: none$/d' none.md >"$tmp/noengine.md"

# check: reads everything, plays nothing, says so; clean is exit 0.
t "check print-only" 0 "$BIN" check "$tmp/game.md"
grep -q "game.md: print only (no engine): nothing played" "$tmp/out" &&
    pass "check says nothing is played" ||
    fail "check says nothing is played" "$(cat "$tmp/out")"
grep -q "test games played\|self-play" "$tmp/out" &&
    fail "check plays nothing" "$(cat "$tmp/out")" ||
    pass "check plays nothing"
[ -s "$tmp/err" ] && fail "check print-only is quiet" "$(cat "$tmp/err")" ||
    pass "check print-only is quiet"

# check -v: the default battle of turns and no deploy: ends at its
# turns (it read "8 turns," with nothing after the comma).
t "check -v print-only" 0 "$BIN" check -v "$tmp/game.md"
grep -qx 'default battle: 8 turns' "$tmp/out" &&
    pass "check -v: the default battle's line ends at its turns" ||
    fail "check -v: the default battle's line ends at its turns" \
    "$(grep 'default battle' "$tmp/out")"

# No engine line: print only, with a note at the front matter.
t "check without engine" 0 "$BIN" check "$tmp/noengine.md"
grep -q "noengine.md:2:1: note: no engine in the front matter: print only" \
    "$tmp/err" && pass "no engine is a note at the front matter" ||
    fail "no engine is a note at the front matter" "$(cat "$tmp/err")"

# check --json: the static findings of what was read.
"$BIN" check --json "$tmp/noengine.md" >"$tmp/c.json" 2>/dev/null
if jq -e '.[0] | .engine == "none" and .played == false and .units == 3 and
    .weapons == 3 and (.findings | length) == 1 and
    .findings[0].severity == "note" and .findings[0].line == 2 and
    .findings[0].col == 1' "$tmp/c.json" >/dev/null 2>&1; then
	pass "check --json gives the static findings"
else
	fail "check --json gives the static findings" "$(head -c 300 "$tmp/c.json")"
fi
# A warning of the reader is a finding too.
sed 's/^| Mortar      | 100   | 6       |       |$/&\n| Flamer | 10 | 6 | |/' \
    none.md >"$tmp/warn.md"
"$BIN" check --json "$tmp/warn.md" >"$tmp/w.json" 2>/dev/null
jq -e '[.[0].findings[] | select(.severity == "warning" and
    (.message | test("Flamer")))] | length == 1' "$tmp/w.json" >/dev/null 2>&1 &&
    pass "check --json: a reader warning is a finding" ||
    fail "check --json: a reader warning is a finding" "$(head -c 300 "$tmp/w.json")"

# play and odds: nothing to play, exit 1, at the engine line.
for c in play odds; do
	t "$c refuses a print-only ruleset" 1 "$BIN" $c "$tmp/game.md"
	grep -q "game.md:5:9: error: .*has no engine: nothing to play" "$tmp/err" &&
	    pass "$c says there is nothing to play" ||
	    fail "$c says there is nothing to play" "$(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "$c prints nothing" "$(head -c 200 "$tmp/out")" ||
	    pass "$c prints nothing"
done
t "play refuses a ruleset without engine" 1 "$BIN" play --json "$tmp/noengine.md"
grep -q "noengine.md:2:1: error: .*nothing to play" "$tmp/err" &&
    pass "play without engine: error at the front matter" ||
    fail "play without engine: error at the front matter" "$(cat "$tmp/err")"

# build: every product of the table, each file what it says it is.
t "build print-only" 0 "$BIN" build -q -o "$tmp/build" "$tmp/game.md"
D="$tmp/build/game"
for f in $("$BIN" --products | cut -f2); do
	if [ ! -s "$D/$f" ]; then fail "build writes $f" "missing"; continue; fi
	case $f in
	*.pdf) head -c 5 "$D/$f" | grep -q '%PDF-' && pass "build writes $f" ||
	    fail "build writes $f" "not a PDF" ;;
	*.yaml) head -1 "$D/$f" | grep -q '^# A sandtable scenario' &&
	    pass "build writes $f" || fail "build writes $f" "not a scenario" ;;
	*) pass "build writes $f" ;;
	esac
done
jq -e '.engine == "none" and ([.products[].product] | index("scenario") and
    index("report"))' "$D/index.json" >/dev/null 2>&1 &&
    pass "index.json lists scenario and report" ||
    fail "index.json lists scenario and report" "$(head -c 300 "$D/index.json")"
for f in reference cards; do
	pdftotext -layout "$D/$f.pdf" - 2>/dev/null | tr -s ' \n' '  ' >"$tmp/$f.txt"
	if grep -q Riflemen "$tmp/$f.txt" && grep -q Mortar "$tmp/$f.txt" &&
	    grep -q "Scout car" "$tmp/$f.txt"; then pass "$f shows every unit"
	else fail "$f shows every unit" "$(head -c 200 "$tmp/$f.txt")"; fi
	# No odds panel: nothing plays the ruleset.
	if [ ! -s "$tmp/$f.txt" ]; then fail "$f has no odds" "no $f"
	elif grep -qi "odds\|chance" "$tmp/$f.txt"; then fail "$f has no odds" \
	    "$(grep -io '.\{30\}odds.\{30\}' "$tmp/$f.txt" | head -1)"
	else pass "$f has no odds"; fi
done
pdftotext "$D/scenario.pdf" - 2>/dev/null | tr -s ' \n' '  ' >"$tmp/sc.txt"
grep -q "NOT balanced by play" "$tmp/sc.txt" && grep -q Riflemen "$tmp/sc.txt" &&
    pass "scenario page says it is not balanced by play" ||
    fail "scenario page says it is not balanced by play" "$(head -c 300 "$tmp/sc.txt")"
if [ ! -s "$tmp/sc.txt" ]; then fail "scenario page claims no games or points" "no scenario page"
elif grep -q "points\|games between\|test games used" "$tmp/sc.txt"; then
    fail "scenario page claims no games or points" \
    "$(grep -o '.\{30\}\(points\|games between\|test games used\).\{20\}' "$tmp/sc.txt" | head -1)"
else pass "scenario page claims no games or points"; fi
grep -q "^# NOT balanced by play" "$D/scenario.yaml" &&
    pass "scenario.yaml says it is not balanced by play" ||
    fail "scenario.yaml says it is not balanced by play" "$(head -30 "$D/scenario.yaml")"
# The default battle's forces (Riflemen 4, Mortar 1) on both sides.
[ "$(grep -c '^    Riflemen: 4$' "$D/scenario.yaml")" -eq 2 ] &&
    [ "$(grep -c '^    Mortar: 1$' "$D/scenario.yaml")" -eq 2 ] &&
    pass "scenario fields the default battle's forces" ||
    fail "scenario fields the default battle's forces" "$(grep -A4 forces: "$D/scenario.yaml")"
pdftotext "$D/report.pdf" - 2>/dev/null | tr -s ' \n' '  ' >"$tmp/rep.txt"
grep -q "print only" "$tmp/rep.txt" && grep -q "What was read" "$tmp/rep.txt" &&
    ! grep -q "self-play games" "$tmp/rep.txt" &&
    pass "report: what was read, nothing played" ||
    fail "report: what was read, nothing played" "$(head -c 300 "$tmp/rep.txt")"
# The report's findings are the reader's: a weapon nobody carries.
t "report with a reader warning" 0 "$BIN" report -q -o "$tmp/warn.pdf" "$tmp/warn.md"
pdftotext "$tmp/warn.pdf" - 2>/dev/null | grep -q "weapon 'Flamer' is carried by no unit" &&
    pass "report lists the reader's findings" ||
    fail "report lists the reader's findings" "$(pdftotext "$tmp/warn.pdf" - | head -20)"

# Without forces in the battle: one unit of each type a side.
sed '/^battle:$/,/^    Mortar: 1$/d' none.md >"$tmp/noforces.md"
t "scenario without forces" 0 "$BIN" scenario -q -o "$tmp/nf.pdf" "$tmp/noforces.md"
for u in Riflemen Mortar "Scout car"; do
	[ "$(grep -c "^    \"*$u\"*: 1$" "$tmp/nf.yaml")" -eq 2 ] || {
		fail "scenario without forces: one of each type" "$u: $(grep -A5 forces: "$tmp/nf.yaml")"; break; }
done && pass "scenario without forces: one of each type"
# A scenario file of a print-only ruleset reads back (--from) and the same
# file comes out, but for the ruleset: the one given, named from the new
# file's directory; playing it is refused.
cp "$D/scenario.yaml" "$tmp/edit.yaml"
t "scenario --from a print-only scenario" 0 "$BIN" scenario -q --from "$tmp/edit.yaml" -o "$tmp/again.pdf" "$tmp/game.md"
grep -v '^ruleset:' "$D/scenario.yaml" >"$tmp/want.yaml"
grep -v '^ruleset:' "$tmp/again.yaml" >"$tmp/got.yaml"
cmp -s "$tmp/want.yaml" "$tmp/got.yaml" &&
    grep -q '^ruleset: game\.md   # relative to this file$' "$tmp/again.yaml" &&
    pass "scenario --from reads back the same" ||
    fail "scenario --from reads back the same" "$(diff "$D/scenario.yaml" "$tmp/again.yaml" | head -5)"
t "play --scenario refuses" 1 "$BIN" play --scenario "$tmp/edit.yaml" "$tmp/game.md"
grep -q "nothing to play" "$tmp/err" && pass "play --scenario says nothing to play" ||
    fail "play --scenario says nothing to play" "$(cat "$tmp/err")"
t "scenario --balanced refuses" 2 "$BIN" scenario --balanced -o "$tmp/x.pdf" "$tmp/game.md"
t "scenario --points refuses" 2 "$BIN" scenario --points 100 -o "$tmp/x.pdf" "$tmp/game.md"
# Forces past a scenario's side: an error at the battle's forces.
sed 's/^    Riflemen: 4$/    Riflemen: 40/' none.md >"$tmp/many.md"
t "scenario: forces over 32 a side" 1 "$BIN" scenario -o "$tmp/x.pdf" "$tmp/many.md"
grep -q "many.md:12:5: error: the battle's forces field 41 units; a scenario takes at most 32 a side" "$tmp/err" &&
    pass "forces over 32: error at the forces" ||
    fail "forces over 32: error at the forces" "$(cat "$tmp/err")"
[ -e "$tmp/x.pdf" ] && fail "forces over 32: nothing written" "x.pdf exists" ||
    pass "forces over 32: nothing written"

# The print-only example that opens README.md builds every product.
awk '/^````markdown/{n++;f=n==1;next} /^````$/{f=0} f' ../../README.md >"$tmp/readme.md"
t "README print-only example checks clean" 0 "$BIN" check "$tmp/readme.md"
t "README print-only example builds" 0 "$BIN" build -q -o "$tmp/rb" "$tmp/readme.md"
n=0
for f in $("$BIN" --products | cut -f2); do [ -s "$tmp/rb/readme/$f" ] && n=$((n + 1)); done
[ "$n" -eq "$("$BIN" --products | cut -f2 | wc -w)" ] &&
    pass "README print-only example: every product" ||
    fail "README print-only example: every product" "$(ls "$tmp/rb/readme")"

# bases: today's generic ones, no family's gauges or markers.
pdftotext "$D/bases.pdf" - 2>/dev/null | tr -s ' \n' '  ' >"$tmp/bases.txt"
grep -q "Riflemen" "$tmp/bases.txt" && grep -q "Fire: Mortar" "$tmp/bases.txt" &&
    pass "bases: bases and rulers of the units" ||
    fail "bases: bases and rulers of the units" "$(head -c 200 "$tmp/bases.txt")"
if [ ! -s "$tmp/bases.txt" ]; then fail "bases: no family gauges or markers" "no bases sheet"
elif grep -qi "melee\|ford\|disordered\|routing\|stop distance" "$tmp/bases.txt"; then
    fail "bases: no family gauges or markers" \
    "$(grep -io '.\{20\}\(melee\|ford\|disordered\|routing\|stop distance\).\{20\}' "$tmp/bases.txt" | head -1)"
else pass "bases: no family gauges or markers"; fi

# check --report writes the report of a print-only ruleset too.
t "check --report print-only" 0 "$BIN" check -q --report "$tmp/cr.pdf" "$tmp/game.md"
pdftotext "$tmp/cr.pdf" - 2>/dev/null | grep -q "What was read" &&
    pass "check --report: what was read" ||
    fail "check --report: what was read" "$(ls -la "$tmp/cr.pdf" 2>&1)"

# Forces to points from the game's own Points column: no engine prices
# the units, the ruleset does; still not balanced by play.
cat >"$tmp/priced.md" <<'EOT'
---
title: Priced
engine: none
dice: d10
measure: cm
table: 120x80cm
---

## Units

| Unit | Class | Move | Quality | Armour | Points | Weapons |
|------|-------|------|---------|--------|--------|---------|
| Pikemen | foot | 10 | 6+ | 5+ | 30 | |
| Musketeers | shot | 10 | 7+ | | 25 pts | Musket |
| Cuirassiers | horse | 20 | 5+ | 4+ | 45 | |

## Weapons

| Weapon | Range | Hits on |
|--------|-------|---------|
| Musket | 30 | 7+ |
EOT
t "priced scenario" 0 "$BIN" scenario --seed 3 -o "$tmp/pr.pdf" "$tmp/priced.md"
grep -q "Blue [0-9]* pts, Red [0-9]* pts (the Points column)" "$tmp/out" &&
    pass "priced scenario buys to points" ||
    fail "priced scenario buys to points" "$(head -c 200 "$tmp/out")"
b=$(sed -n 's/^  points: \([0-9]*\)$/\1/p' "$tmp/pr.yaml" | head -1)
[ -n "$b" ] && [ "$b" -gt 0 ] && grep -q "NOT balanced by play" "$tmp/pr.yaml" &&
    pass "priced scenario YAML has points and says unbalanced" ||
    fail "priced scenario YAML has points and says unbalanced" "points '$b'"
pdftotext "$tmp/pr.pdf" "$tmp/pr.txt"
grep -q "Points column" "$tmp/pr.txt" && grep -q "Quality" "$tmp/pr.txt" &&
    grep -q "NOT balanced by play" "$tmp/pr.txt" &&
    pass "priced scenario page shows own stats and points" ||
    fail "priced scenario page shows own stats and points" "$(head -c 300 "$tmp/pr.txt")"
t "priced scenario --points" 0 "$BIN" scenario --points 100 -o "$tmp/p2.pdf" "$tmp/priced.md"
b=$(sed -n 's/^  points: \([0-9]*\)$/\1/p' "$tmp/p2.yaml" | head -1)
[ -n "$b" ] && [ "$b" -le 100 ] && [ "$b" -ge 55 ] &&
    pass "priced scenario --points spends up to the total" ||
    fail "priced scenario --points spends up to the total" "points '$b'"

# A game without weapons or points: the orders of battle have no empty
# Weapons and Points columns (their room goes to the stats), while a
# game with both keeps them.
cat >"$tmp/bare.md" <<'EOT'
---
title: Bare Hoplites
engine: none
measure: inch
base: 1.5in
table: 48x36in
---

## Units

| Unit | Class | Move | Courage |
|---|---|---|---|
| Hoplites | hoplite | 4 | 5 |
| Horse | horse | 10 | 3 |

## Terrain

| Terrain | Kind | Effect |
|---|---|---|
| Olive grove | wood | Halves movement. |
EOT
t "bare scenario" 0 "$BIN" scenario --seed 3 -o "$tmp/bare.pdf" "$tmp/bare.md"
pdftotext -f 2 -l 2 "$tmp/bare.pdf" "$tmp/bare.txt"
grep -q "Courage 5" "$tmp/bare.txt" && ! grep -q "Weapons" "$tmp/bare.txt" &&
    ! grep -q "^Points$" "$tmp/bare.txt" &&
    pass "no weapons, no points: no empty columns" ||
    fail "no weapons, no points: no empty columns" "$(head -c 300 "$tmp/bare.txt")"
pdftotext -f 2 -l 2 "$tmp/pr.pdf" "$tmp/pr2.txt"
grep -q "Weapons" "$tmp/pr2.txt" && grep -q "^Points$" "$tmp/pr2.txt" &&
    pass "weapons and points keep their columns" ||
    fail "weapons and points keep their columns" "$(head -c 300 "$tmp/pr2.txt")"
t "bare reference" 0 "$BIN" reference -o "$tmp/bref.pdf" "$tmp/bare.md"
pdftotext "$tmp/bref.pdf" "$tmp/bref.txt"
grep -q "Courage" "$tmp/bref.txt" && ! grep -q "Weapons" "$tmp/bref.txt" &&
    pass "bare reference has no empty Weapons column" ||
    fail "bare reference has no empty Weapons column" "$(head -c 300 "$tmp/bref.txt")"

# Print only is a family, none, in the table of src/engine/game.c:
# nothing asks whether a ruleset is print only but its family (issue 31,
# items 1 and 3: the reader included), and no one looks a family up by
# the engine name but eng_family_of(), which finds none for no engine.
row=$(grep -c '^	F(none) *\\$' ../../src/engine/game.c)
[ "$row" = 1 ] && pass "none is a row of the family table" ||
    fail "none is a row of the family table" "$row rows F(none) in src/engine/game.c"
bad=$(cd ../.. && grep -rln --include='*.[ch]' -e 'rs_print_only(' \
    -e 'eng_family_find(rs->engine)' -e 'eng_family_find(.*->rs->engine)' \
    src | tr '\n' ' ')
[ -z "$bad" ] && pass "no print-only check outside the family" ||
    fail "no print-only check outside the family" "$bad"
# The rulebook's title page claims no checking for a game no engine plays
# (issue 34: print-only invents nothing).
"$BIN" rulebook "$tmp/game.md" -q -o "$tmp/rb1.pdf" &&
    pdftotext -f 1 -l 1 "$tmp/rb1.pdf" - | grep -q "^Typeset by sandtable from the ruleset's Markdown\.$" &&
    ! pdftotext -f 1 -l 1 "$tmp/rb1.pdf" - | grep -q "checked by the engine" &&
    pass "a print-only rulebook does not claim its rules are checked" ||
    fail "a print-only rulebook does not claim its rules are checked" "$(pdftotext -f 1 -l 1 "$tmp/rb1.pdf" - | grep Typeset)"
