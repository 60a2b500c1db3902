#!/bin/sh
# agree.sh BIN: the products of one build agree with each other (issue
# 34): the bases sheet cuts a base for every unit any product fields,
# the scenario's points add up against its target, and a designer's own
# Points column is printed as written, never replaced by the engine's
# values. Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
awk() { LC_ALL=C command awk "$@"; }

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# fielded YAML: "COUNT NAME" lines, both sides of a scenario file added.
fielded() {
	awk '/^(blue|red):/ { side = 1; next }
	/^[a-z]/ { side = 0; inf = 0 }
	side && /^  forces:/ { inf = 1; next }
	side && inf && /^    [^ ]/ {
		line = $0; sub(/^ +/, "", line)
		n = line; sub(/.*: */, "", n)
		name = line; sub(/: *[0-9]+ *$/, "", name)
		c[name] += n }
	side && inf && /^  [^ ]/ { inf = 0 }
	END { for (k in c) print c[k], k }' "$1"
}

# Every bundled ruleset: as many bases of each type as its scenario
# fields (a base's label is the unit's name on a line of its own).
for r in rulesets/dice-skirmish.md rulesets/gauntlet-ancients.md \
    rulesets/morschauser-modern.md rulesets/cinder-vale.md; do
	n=$(basename "$r" .md)
	if ! "$BIN" build --games 200 "$r" -o "$T/out" >/dev/null 2>"$T/err"
	then
		fail "$n: build" "$(head -3 "$T/err")"
		continue
	fi
	# Every bundled ruleset builds with no warning about itself.
	if grep -q ': warning:' "$T/err"; then
		fail "$n: builds with no warning" "$(grep ': warning:' "$T/err")"
	else
		pass "$n: builds with no warning"
	fi
	d="$T/out/$n"
	pdftotext -raw "$d/bases.pdf" "$T/bases.txt"
	short=$(fielded "$d/scenario.yaml" | while read -r c name; do
		have=$(grep -cxF "$name" "$T/bases.txt")
		[ "$have" -ge "$c" ] || echo "$name: $have bases for $c"
	done)
	if [ -z "$short" ] && [ -n "$(fielded "$d/scenario.yaml")" ]; then
		pass "$n: bases for every unit the scenario fields"
	else
		fail "$n: bases for every unit the scenario fields" "$short"
	fi
	title=$(sed -n 's/^title: *//p' "$d/scenario.yaml" | head -1 |
	    tr -d '"')
	if pdftotext "$d/bases.pdf" - | tr '\n' ' ' |
	    grep -qF "for the default battle and the scenario $title"; then
		pass "$n: the bases sheet says what it is for"
	else
		fail "$n: the bases sheet says what it is for" "'$title'"
	fi
	# A side over the target says so and why; none reads 'N of M'
	# with N over M.
	pdftotext -layout "$d/scenario.pdf" "$T/sc.txt"
	over=$(grep -oE '[0-9]+ of [0-9]+ points' "$T/sc.txt" |
	    awk '$1 > $3')
	if [ -z "$over" ]; then
		pass "$n: no side's points read as more than its target"
	else
		fail "$n: no side's points read as more than its target" "$over"
	fi
	if grep -qE 'units, [0-9]+ points, [0-9]+ over the [0-9]+, for balance' \
	    "$T/sc.txt"; then
		grep -q 'about [0-9]* points a side' "$T/sc.txt" &&
		    pass "$n: a side over the target: the subtitle says about" ||
		    fail "$n: a side over the target: the subtitle says about" \
		    "$(grep -m1 'points a side' "$T/sc.txt")"
	fi
done

# A dice ruleset with a Points column of its own: the scenario buys its
# forces with the designer's points and prints them as written.
awk 'BEGIN { FS = OFS = "|" }
/^\| Unit +\| Class/ { $11 = $11 "| Points " ; print; next }
/^\|-+\|/ && !done { $11 = $11 "|--------"; done = 1; print; next }
/^\| (Reed Wardens|Tide Scouts|Saltburn Lancers|Heron Crossbows|Mirewright Engine|Shellback Guard|Gull Riders) / {
	p["Reed Wardens"] = 30; p["Tide Scouts"] = 20
	p["Saltburn Lancers"] = 45; p["Heron Crossbows"] = 35
	p["Mirewright Engine"] = 90; p["Shellback Guard"] = 40
	p["Gull Riders"] = 25
	name = $2; gsub(/^ +| +$/, "", name)
	$11 = $11 "| " p[name] " "; print; next }
{ print }' rulesets/dice-skirmish.md >"$T/pts.md"
if ! grep -q '| 90 |' "$T/pts.md"; then
	fail "points column: the test's ruleset" "no Points column made"
elif ! "$BIN" scenario -q --games 200 "$T/pts.md" -o "$T/pts.pdf" \
    2>"$T/err"; then
	fail "points column: scenario" "$(head -3 "$T/err")"
else
	pdftotext -layout "$T/pts.pdf" "$T/pts.txt"
	# Every "N × P" of the orders of battle is the designer's price.
	bad=$(grep -oE '[0-9]+ ?× ?[0-9]+' "$T/pts.txt" |
	    sed 's/.*× *//' | grep -vxE '30|20|45|35|90|40|25')
	if [ -z "$bad" ] && grep -q '× *[0-9]' "$T/pts.txt"; then
		pass "points column: the orders of battle print the designer's points"
	else
		fail "points column: the orders of battle print the designer's points" \
		    "$(echo $bad)"
	fi
	tr '\n' ' ' <"$T/pts.txt" | tr -s ' ' |
	    grep -q "Unit points are the ruleset's own, from the Points column" &&
	    pass "points column: the briefing says whose points" ||
	    fail "points column: the briefing says whose points" \
	    "no note"
	grep -q 'Points column' "$T/pts.txt" &&
	    ! grep -q 'self-play games\.' "$T/pts.txt" &&
	    pass "points column: no engine values claimed" ||
	    fail "points column: no engine values claimed" \
	    "$(grep 'self-play' "$T/pts.txt")"
fi

# The note on columns printed but not played leaves the Points column
# out: the scenario buys with it (it said 'printed on the cards and the
# reference sheet, not played').
"$BIN" check -n 0 "$T/pts.md" >/dev/null 2>"$T/err"
grep -q "column Points is the game's own\|Points are the game's own" "$T/err" &&
    fail "points column: not noted as printed only" "$(grep -m1 Points "$T/err")" ||
    pass "points column: not noted as printed only"

# One spelling: a Hits on cell prints as the designer wrote it on every
# product ('6+' on a d10 was '6, 7, 8, 9, 10' on the sheet and the cards,
# '6,7,8,9,10' in the scenario and '6+' in the rulebook).
sed -e 's/^engine: none/engine: none\ndice: d10/' -e 's/| 5, 6    |/| 6+      |/' \
    tests/check/none.md >"$T/spell.md"
if ! "$BIN" build -q "$T/spell.md" -o "$T/sp" 2>"$T/err"; then
	fail "one spelling: build" "$(head -3 "$T/err")"
else
	for p in reference cards scenario rulebook; do
		pdftotext -layout "$T/sp/spell/$p.pdf" "$T/$p.txt"
		if grep -q 'Rifle .*6+' "$T/$p.txt" &&
		    ! grep -qE '6, ?7, ?8, ?9, ?10' "$T/$p.txt"; then
			pass "one spelling: $p prints Hits on 6+ as written"
		else
			fail "one spelling: $p prints Hits on 6+ as written" \
			    "$(grep -m2 'Rifle ' "$T/$p.txt")"
		fi
	done
fi
# ruleset.txt (check -v) says it as written too, then the faces it was
# read as, as it says a length (it printed 'hits on 6,7,8,9,10').
for f in "$T/sp/spell/ruleset.txt"; do
	if grep -q 'Rifle: .*hits on 6+ (6,7,8,9,10)' "$f" 2>/dev/null; then
		pass "one spelling: ruleset.txt says Hits on 6+ as written"
	else
		fail "one spelling: ruleset.txt says Hits on 6+ as written" \
		    "$(grep -m1 'Rifle: ' "$f" 2>&1)"
	fi
done

# Print-only invents nothing: a scenario's turn limit is the ruleset's
# battle when it gives one, else marked as the scenario's suggestion,
# and its victory conditions say they are the scenario's.
sed '/^battle:/,/Mortar: 1/d' tests/check/none.md >"$T/nob.md"
if "$BIN" scenario -q --seed 2 "$T/nob.md" -o "$T/nob.pdf" 2>"$T/err" &&
    "$BIN" scenario -q --seed 2 tests/check/none.md -o "$T/withb.pdf" \
    2>>"$T/err"; then
	pdftotext "$T/nob.pdf" - | tr '\n' ' ' | tr -s ' ' >"$T/nob.txt"
	pdftotext "$T/withb.pdf" - | tr '\n' ' ' | tr -s ' ' >"$T/withb.txt"
	grep -q '[0-9] turns (suggested)' "$T/nob.txt" &&
	    grep -q 'Victory conditions Suggested by this scenario, turn limit included' \
	    "$T/nob.txt" &&
	    pass "print-only: no battle of its own: the turn limit and victory conditions are marked as the scenario's" ||
	    fail "print-only: no battle of its own: the turn limit and victory conditions are marked as the scenario's" \
	    "$(grep -o '.\{40\}turns.\{40\}' "$T/nob.txt" | head -2)"
	grep -q '· 8 turns ·' "$T/withb.txt" &&
	    grep -q '^turns: 8$' "$T/withb.yaml" &&
	    grep -q 'the turn limit is the ruleset' "$T/withb.txt" &&
	    pass "print-only: the ruleset's battle of 8 turns is the scenario's limit" ||
	    fail "print-only: the ruleset's battle of 8 turns is the scenario's limit" \
	    "$(grep '^turns' "$T/withb.yaml")"
else
	fail "print-only: scenario" "$(head -3 "$T/err")"
fi

# Generated names: a place of the ruleset's terrain is called by the
# ruleset's name for it (none.md's road is the Lane), never the generic
# word; a French build names its scenario and objectives in French.
names=$(for s in 1 2 3 4 5 6 7 8; do
	"$BIN" scenario -q --seed $s "$T/nob.md" -o "$T/n$s.pdf" 2>/dev/null
	sed -n 's/^scenario: //p; s/^- name: //p' "$T/n$s.yaml"
done)
if echo "$names" | grep -q 'The Lane' &&
    ! echo "$names" | grep -qi 'milestone\|The wood'; then
	pass "generated names: the ruleset's own terrain names"
else
	fail "generated names: the ruleset's own terrain names" "$(echo $names)"
fi
fr=$(for s in 1 2 3 4 5 6 7 8; do
	"$BIN" scenario -q --lang fr --seed $s "$T/nob.md" -o "$T/f$s.pdf" \
	    2>/dev/null
	sed -n 's/^scenario: //p; s/^- name: //p' "$T/f$s.yaml"
done)
if [ -n "$fr" ] && ! echo "$fr" |
    grep -qE 'Battle|Clash|Holding|Action at|Fight|Affair|The |farm|west|east' &&
    echo "$fr" | grep -qE '^(La|Le) (ferme|cairn)|^Lane'; then
	pass "generated names: French in a French build"
else
	fail "generated names: French in a French build" "$(echo $fr)"
fi
# The stats column is as wide as its heading in the build's language.
pdftotext -f 2 -l 2 "$T/f1.pdf" - 2>/dev/null | grep -q 'Caractéristiques' &&
    pass "scenario: the stats column's French heading whole" ||
    fail "scenario: the stats column's French heading whole" \
    "$(pdftotext -f 2 -l 2 "$T/f1.pdf" - | grep -m2 'Caract')"
# French punctuation between the items of the scenario's lists: a space
# (no-break: pdftotext prints it plain) before ';' (the objectives read
# 'vaut 1); Le cairn', a unit's weapons 'Rifle 40 cm sur 5+; Ladder').
sed 's/^| Riflemen | infantry  | 15   | Rifle   /| Riflemen | infantry  | 15   | Rifle, Mortar /' \
    tests/check/none.md >"$T/two.md"
if "$BIN" scenario -q --lang fr --seed 1 "$T/two.md" -o "$T/fr2.pdf" \
    2>"$T/err"; then
	pdftotext "$T/fr2.pdf" - | tr '\n' ' ' >"$T/fr2.txt"
	grep -q "sur 5, 6 ; Mortar" "$T/fr2.txt" &&
	    ! grep -q '[^ ];' "$T/fr2.txt" &&
	    pass "scenario: French lists take a no-break space before ';'" ||
	    fail "scenario: French lists take a no-break space before ';'" \
	    "$(grep -o '.\{20\}[^ ];.\{10\}' "$T/fr2.txt" | head -3)"
else
	fail "scenario: French lists: scenario" "$(head -3 "$T/err")"
fi
# Points add up on a print-only scenario of the default battle (no total
# to buy to) whose units all have points: each side says what its units
# come to, as the orders of battle's '4 × 10' lines add up.
awk 'BEGIN { FS = OFS = "|" }
/^\| Unit +\|/ { $5 = $5 "| Points "; print; next }
/^\|-+\|/ && !done { $5 = $5 "|--------"; done = 1; print; next }
/^\| Riflemen/ { $5 = $5 "| 10 "; print; next }
/^\| Mortar/ { $5 = $5 "| 35 "; print; next }
/^\| Scout car/ { $5 = $5 "| 50 "; print; next }
{ print }' tests/check/none.md >"$T/pp.md"
if "$BIN" scenario -q "$T/pp.md" -o "$T/pp.pdf" 2>"$T/err"; then
	pdftotext -layout "$T/pp.pdf" "$T/pp.txt"
	[ "$(grep -c '^\(Blue\|Red\) — 5 units, 75 points$' "$T/pp.txt")" = 2 ] &&
	    pass "print-only default battle: each side's points added up" ||
	    fail "print-only default battle: each side's points added up" \
	    "$(grep -E '^(Blue|Red) —' "$T/pp.txt")"
else
	fail "print-only points: scenario" "$(head -3 "$T/err")"
fi
