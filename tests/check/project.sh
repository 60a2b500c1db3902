#!/bin/sh
# project.sh BIN: the designer's project (issue 38). `init` writes a
# commented sandtable.yaml and a print-only ruleset, replacing nothing;
# `build` in that folder builds the project; the project's settings go
# where the same command-line options go (paper, only, a product's own
# options and template), the command line overrides them, and paths are
# from the project's folder. Each bad key or value is one error at its
# line and column. --only makes some products; `html` is a product of its
# own, the same bytes as `rulebook -o FILE.html`.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
SRC=$(pwd)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# page PDF: its first page's size in points, WxH.
page() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\).*/\1x\2/p'; }

# init: both files, a line that says what comes next.
"$BIN" init "$T/p" >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && [ -f "$T/p/sandtable.yaml" ] && [ -f "$T/p/my-game.md" ] &&
    grep -q "sandtable build" "$T/out" &&
    pass "init writes sandtable.yaml and my-game.md, and says what next" ||
    fail "init writes sandtable.yaml and my-game.md" "$(cat "$T/out" "$T/err")"
cp "$T/p/sandtable.yaml" "$T/y0"
echo "# mine" >>"$T/p/my-game.md"
cp "$T/p/my-game.md" "$T/m0"
"$BIN" init "$T/p" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && cmp -s "$T/y0" "$T/p/sandtable.yaml" && cmp -s "$T/m0" "$T/p/my-game.md" &&
    grep -q "is there already: nothing is replaced" "$T/err" &&
    pass "init again replaces nothing (exit 1)" ||
    fail "init again replaces nothing" "exit $rc: $(cat "$T/err")"
rm "$T/p/sandtable.yaml"
"$BIN" init "$T/p" >/dev/null 2>"$T/err"
[ ! -f "$T/p/sandtable.yaml" ] &&
    pass "init writes neither when one is there" ||
    fail "init writes neither when one is there" "$(ls "$T/p")"
cp "$T/y0" "$T/p/sandtable.yaml"

# The ruleset it starts with checks clean, and the project builds in its
# folder with no argument: every product, into the project's out/.
(cd "$T/p" && "$BIN" check -q my-game.md) >"$T/out" 2>&1 &&
    ! grep -q "warning\|error" "$T/out" &&
    pass "init's ruleset checks with no warning" ||
    fail "init's ruleset checks with no warning" "$(head -c 400 "$T/out")"
(cd "$T/p" && "$BIN" build -q) 2>"$T/err"
ls "$T/p/out/my-game" 2>/dev/null | tr '\n' ' ' >"$T/files"
for f in reference.pdf cards.pdf rulebook.pdf rulebook.html index.json; do
	grep -qw "$f" "$T/files" || { fail "build in the project's folder" "no $f: $(cat "$T/files" "$T/err")"; break; }
done && pass "build with no argument builds the project (every product)"

# Paths are from the project's folder: run from elsewhere with --project.
rm -rf "$T/p/out"
(cd "$T" && "$BIN" build -q --project p/sandtable.yaml --only reference) 2>"$T/err"
[ -f "$T/p/out/my-game/reference.pdf" ] && [ ! -d "$T/out.d" ] &&
    pass "--project from another folder: rulesets and output from the project's" ||
    fail "--project from another folder" "$(ls -R "$T/p/out" 2>&1 | head -5; cat "$T/err")"

# Settings: paper for all, a product's own paper and options, the
# command line over the project.
cp "$T/p/my-game.md" "$T/g.md"
cat >"$T/a.yaml" <<'EOF'
rulesets: [g.md]
output: o
paper: Letter
only: [reference, cards, rulebook, html]
rulebook:
  paper: A5
cards:
  single: true
EOF
"$BIN" build -q --project "$T/a.yaml" 2>"$T/err"
d=$T/o/g
[ "$(page "$d/reference.pdf")" = "792x612" ] &&
    pass "paper: Letter reaches the reference sheet" ||
    fail "paper: Letter reaches the reference sheet" "$(page "$d/reference.pdf") $(cat "$T/err")"
p=$(page "$d/rulebook.pdf")
[ "${p%%.*}" = "419" ] &&
    pass "rulebook: paper: A5 is the rulebook's own" ||
    fail "rulebook: paper: A5 is the rulebook's own" "$p"
"$BIN" cards -q "$T/g.md" --single -o "$T/single.pdf" 2>/dev/null
cmp -s "$d/cards.pdf" "$T/single.pdf" &&
    pass "cards: single: true is cards --single" ||
    fail "cards: single: true is cards --single" "$(page "$d/cards.pdf") $(page "$T/single.pdf")"
[ ! -f "$d/map.pdf" ] && [ -f "$d/rulebook.html" ] &&
    pass "only: the products listed, html one of them" ||
    fail "only: the products listed" "$(ls "$d" | tr '\n' ' ')"
"$BIN" build -q --project "$T/a.yaml" --paper A4 --only reference 2>"$T/err"
p=$(page "$d/reference.pdf")
[ "${p%%x*}" = "841.89" ] &&
    pass "--paper on the command line over the project's" ||
    fail "--paper on the command line over the project's" "$p $(cat "$T/err")"

# A product's option changed in the project makes that product again.
"$BIN" build -q --project "$T/a.yaml" --paper A4 2>/dev/null
sed 's/single: true/backs: true/' "$T/a.yaml" >"$T/a2.yaml" && mv "$T/a2.yaml" "$T/a.yaml"
"$BIN" build --project "$T/a.yaml" --paper A4 >"$T/out" 2>"$T/err"
grep -q "cards.pdf" "$T/out" && ! grep -q "reference.pdf" "$T/out" &&
    pass "a product's option changed in the project: that product made again" ||
    fail "a product's option changed: that product made again" "$(cat "$T/out")"

# The scenario's own options in a build: points, table and density, as
# the command takes them (the same scenario as the command's: its YAML
# the same but for the path to its ruleset, from where each is).
cp "$SRC/rulesets/dice-skirmish.md" "$T/ds.md"
cat >"$T/s.yaml" <<'EOF'
rulesets: [ds.md]
output: so
only: [scenario]
scenario:
  points: 60
  table: 4x3ft
  density: sparse
EOF
"$BIN" build -q --project "$T/s.yaml" 2>"$T/err"
"$BIN" scenario -q "$T/ds.md" --balanced --points 60 --table 4x3ft --density sparse -o "$T/sc.pdf" 2>/dev/null
pdftotext "$T/so/ds/scenario.pdf" - 2>/dev/null | grep -q "about 60 points a side" &&
    [ "$(diff "$T/so/ds/scenario.yaml" "$T/sc.yaml" | grep '^[<>]' | grep -vc '^[<>] ruleset:')" = 0 ] &&
    pass "scenario: points, table, density in a project: as scenario --balanced --points 60 … makes it" ||
    fail "scenario's options in a project" "$(cat "$T/err"; diff "$T/so/ds/scenario.yaml" "$T/sc.yaml" | head -5)"

# The map's own options in a build: the map the command makes with them.
cat >"$T/m.yaml" <<'EOF'
rulesets: [g.md]
output: mo
only: [map]
map:
  grid: hex
  cell: 5cm
  labels: none
EOF
"$BIN" build -q --project "$T/m.yaml" 2>"$T/err"
"$BIN" map -q "$T/g.md" --grid hex --cell 5cm --labels none --seed 1 -o "$T/m.pdf" 2>/dev/null
cmp -s "$T/mo/g/map.pdf" "$T/m.pdf" &&
    pass "map: grid, cell, labels in a project: the map the command makes with them" ||
    fail "map's options in a project" "$(cat "$T/err")"

# html is a product: the same bytes as rulebook -o FILE.html and build's.
"$BIN" html -q "$T/g.md" -o "$T/h.html" 2>/dev/null
"$BIN" rulebook -q "$T/g.md" -o "$T/r.html" 2>/dev/null
cmp -s "$T/h.html" "$T/r.html" && cmp -s "$T/h.html" "$d/rulebook.html" &&
    pass "html, rulebook -o FILE.html and build's rulebook.html are the same bytes" ||
    fail "html, rulebook -o FILE.html and build's rulebook.html" "$(ls -l "$T/h.html" "$T/r.html" "$d/rulebook.html")"

# --only: a name that is no product is a usage error that helps.
"$BIN" build -q --only cards,rulbook -o "$T/o2" "$T/g.md" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && grep -q "no product 'rulbook'; did you mean 'rulebook'" "$T/err" &&
    [ ! -d "$T/o2" ] &&
    pass "--only with a misspelt product: exit 2, did you mean, nothing built" ||
    fail "--only with a misspelt product" "exit $rc: $(cat "$T/err")"

# Bad projects: one error each, at the key's or the value's place.
bad() {
	name=$1 want=$2
	rm -rf "$T/ob"
	printf -- "$3" >"$T/bad.yaml"
	"$BIN" build -q --project "$T/bad.yaml" -o "$T/ob" 2>"$T/err" >/dev/null
	rc=$?
	if [ $rc -ne 0 ] && grep -qF "$want" "$T/err" && [ "$(wc -l <"$T/err")" -eq 1 ] &&
	    [ ! -d "$T/ob" ]; then
		pass "$name"
	else
		fail "$name" "exit $rc: $(cat "$T/err")"
	fi
}
cd "$T" || exit 2
bad "an unknown key, with the nearest name" "bad.yaml:2:1: error: 'papr' is not a project setting; did you mean 'paper'?" 'rulesets: g.md\npapr: A4\n'
bad "a bad value, in the option's words, at the value" "bad.yaml:2:8: build: --paper A9: not a paper size" 'rulesets: g.md\npaper: A9\n'
bad "a ruleset that is not there" "bad.yaml:1:18: error: no ruleset 'nope.md'" 'rulesets: [g.md, nope.md]\n'
bad "a product's unknown option" "bad.yaml:3:3: error: the cards product has no option 'blead'; did you mean 'bleed'?" 'rulesets: g.md\ncards:\n  blead: 3mm\n'
bad "a product's bad value" "bad.yaml:3:10: cards: --bleed '3xx'" 'rulesets: g.md\ncards:\n  bleed: 3xx\n'
bad "a scenario's table that is no size" "bad.yaml:3:10: scenario: --table 4xft: not a length" 'rulesets: g.md\nscenario:\n  table: 4xft\n'
bad "a command's option a build does not take" "bad.yaml:3:3: error: 'sample' is the report command's option, not taken in a build" 'rulesets: g.md\nreport:\n  sample: true\n'
bad "a map's grid that is none" "bad.yaml:3:9: map: --grid hexx: not a grid" 'rulesets: g.md\nmap:\n  grid: hexx\n'
bad "a map's cell of 0" "bad.yaml:3:9: map: --cell 0: the cell size must be greater than zero" 'rulesets: g.md\nmap:\n  cell: 0\n'
bad "a build-wide option under a product" "bad.yaml:3:3: error: the scenario product's 'games' is set for the whole build" 'rulesets: g.md\nscenario:\n  games: 20\n'
bad "a flag that is neither true nor false" "bad.yaml:2:7: error: 'pdfx' is true or false, not 'maybe'" 'rulesets: g.md\npdfx: maybe\n'
bad "a run's option" "bad.yaml:2:1: error: 'watch' is given to a run" 'rulesets: g.md\nwatch: true\n'
bad "a tab in the indentation" "bad.yaml:2:1: error: a tab is not allowed in YAML indentation" 'rulesets: g.md\n\tpaper: A4\n'
bad "not a mapping" "bad.yaml:1:1: error: a project file is a mapping of settings" '- g.md\n'
bad "'products' for 'only'" "the products to make are 'only:'" 'rulesets: g.md\nproducts: [cards]\n'
bad "a pattern that matches nothing" "bad.yaml:1:11: error: 'rules/*.md' matches no file" 'rulesets: rules/*.md\n'
head -c 70000 /dev/zero | tr '\0' '#' >"$T/big.yaml"
"$BIN" build -q --project "$T/big.yaml" -o "$T/ob" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q "big.yaml: file is too large" "$T/err" &&
    pass "a project over 64 KB is refused" ||
    fail "a project over 64 KB is refused" "exit $rc: $(cat "$T/err")"
mkdir -p "$T/many"
i=0
while [ $i -lt 65 ]; do cp "$T/g.md" "$T/many/g$i.md"; i=$((i + 1)); done
printf 'rulesets: many/*.md\n' >"$T/bad.yaml"
rm -rf "$T/ob"
"$BIN" build -q --project "$T/bad.yaml" -o "$T/ob" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q "more than 64 rulesets" "$T/err" && [ ! -d "$T/ob" ] &&
    pass "more than 64 rulesets in a project are refused" ||
    fail "more than 64 rulesets are refused" "exit $rc: $(cat "$T/err")"
"$BIN" build -q --project "$T/none.yaml" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q "project .*none.yaml" "$T/err" &&
    pass "--project naming no file: said, exit 1" ||
    fail "--project naming no file" "exit $rc: $(cat "$T/err")"
bad "a control character, at its line and column" "bad.yaml:2:9: error: YAML: control characters are not allowed" 'rulesets: g.md\npaper: A\0014\n'
bad "an empty project" "bad.yaml:1:1: error: no rulesets" ''
bad "a project without rulesets" "bad.yaml:1:1: error: no rulesets" 'paper: A4\n'
