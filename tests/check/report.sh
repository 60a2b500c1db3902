#!/bin/sh
# The validation report (sandtable report): the figures that `play --json`
# reports are in the PDF, the same inputs give the same bytes (any --jobs,
# any locale), the pages render, and bad usage is refused.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
MM=rulesets/morschauser-modern.md
GA=rulesets/gauntlet-ancients.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
t() { # NAME EXPECTED-STATUS COMMAND...
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/stdout" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass "$name"; else
		fail "$name" "exit $got, wanted $want: $(head -c 200 "$tmp/err")"; fi
}

t "report --help" 0 "$BIN" report --help
grep -q -- '--games' "$tmp/stdout" && pass "help names --games" ||
	fail "help names --games" "not in the help"
t "report without -o" 2 "$BIN" report "$MM"
t "report without ruleset" 2 "$BIN" report -o "$tmp/x.pdf"
t "report unknown option" 2 "$BIN" report --frobnicate "$MM" -o "$tmp/x.pdf"
t "report missing file" 1 "$BIN" report "$tmp/nope.md" -o "$tmp/x.pdf"
t "report bad --games" 2 "$BIN" report --games many "$MM" -o "$tmp/x.pdf"
[ ! -e "$tmp/x.pdf" ] && pass "usage errors write nothing" ||
	fail "usage errors write nothing" "x.pdf exists"

t "report $MM" 0 "$BIN" report -q "$MM" -o "$tmp/a.pdf"
pages=$(pdfinfo "$tmp/a.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "${pages:-0}" -ge 5 ] && pass "report has its pages ($pages)" ||
	fail "report has its pages" "${pages:-no} pages"
pdftotext -layout "$tmp/a.pdf" "$tmp/a.txt"
for h in "Validation report" "Findings" "Win rates" "Game length" \
    "Melee odds: open ground" "Units: survival" "Rule coverage" \
    "95% confidence interval" "chance the attacker destroys the defender" \
    "Self-play against the exact odds"; do
	grep -q "$h" "$tmp/a.txt" && pass "report shows '$h'" ||
		fail "report shows '$h'" "not in pdftotext output"
done

# The figures of `play --json` (same default games and seed) are in it.
"$BIN" play --json "$MM" >"$tmp/play.json" 2>/dev/null
num() { # KEY [CONTEXT-KEY]: the first number after "KEY": (inside CONTEXT)
	if [ -n "$2" ]; then
		sed -n "/\"$2\"/,/}/s/.*\"$1\": *\([0-9.]*\).*/\1/p" "$tmp/play.json" | head -1
	else
		sed -n "s/^    \"$1\": *\([0-9.]*\).*/\1/p" "$tmp/play.json" | head -1
	fi
}
games=$(num games)
blue=$(num blue wins)
red=$(num red wins)
first=$(num first_player_wins)
gw=$(num greedy_wins greedy_vs_random)
gg=$(num games greedy_vs_random)
mean=$(num mean turns)
for f in "($blue of $games;" "($red of $games;" "($first of $games;" \
    "($gw of $gg;" "mean $mean turns"; do
	case "$f" in *"( of"*|*"of ;"*|*"mean  turns"*)
		fail "play --json figure in the report" "could not read $f from JSON"
		continue ;;
	esac
	grep -qF "$f" "$tmp/a.txt" && pass "report has play --json's '$f'" ||
		fail "report has play --json's '$f'" "not in the PDF text"
done
# Rule coverage: every rule's self-play count, on the rule's own row.
sed -n '/"coverage"/,/}/s/^ *"\([a-z_.]*\)": *\([0-9][0-9]*\).*/\1 \2/p' \
    "$tmp/play.json" >"$tmp/cov"
n=0 bad=""
while read -r id count; do
	n=$((n + 1))
	grep -qE "^$id .* $count\$" "$tmp/a.txt" || bad="$bad $id=$count"
done <"$tmp/cov"
if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
	pass "coverage counts of $n rules match play --json"
else
	fail "coverage counts match play --json" "${bad:-no rules in JSON}"
fi

# A limit rule counts in self-play each time it decides something (a
# unit's one move and shot spent, a target out of range or of a class the
# weapon cannot harm passed over), and the page and check -v say what a
# count is.
bad=""
for id in move.once fire.once fire.range fire.class move.allowance; do
	grep -qE "^$id [1-9][0-9]*\$" "$tmp/cov" || bad="$bad $id"
done
[ -z "$bad" ] && pass "limit rules count in self-play" ||
	fail "limit rules count in self-play" "0 or missing:$bad"
tr '\n' ' ' <"$tmp/a.txt" | tr -s ' ' |
    grep -q "Times each rule decided something in test games and self-play (a limit: each step refused, target passed over, move ended, one move or shot spent)" &&
	pass "coverage page says what a limit rule's count is" ||
	fail "coverage page says what a limit rule's count is" "sentence missing"
"$BIN" check -v -n 20 "$MM" >"$tmp/v.txt" 2>/dev/null
grep -q "times each rule decided something in play: a limit counts each time it refuses" "$tmp/v.txt" &&
	pass "check -v says what a rule's count is" ||
	fail "check -v says what a rule's count is" "no line under the table"
for r in "$GA:morale.only_defend" "rulesets/dice-skirmish.md:shoot.range" \
    "rulesets/dice-skirmish.md:shoot.sight"; do
	"$BIN" play --json -n 100 "${r%%:*}" 2>/dev/null | grep -qE "\"${r#*:}\": [1-9]" &&
		pass "${r#*:} counts in self-play of ${r%%:*}" ||
		fail "${r#*:} counts in self-play of ${r%%:*}" "0 or missing"
done

# Every number says its unit and every chance what it is the chance of;
# a tile of one note says "note", as one warning says "warning".
grep -qE '^ +test games passed +errors +warnings +notes$' "$tmp/a.txt" &&
	pass "summary tiles: 0 warnings, 2 notes" ||
	fail "summary tiles: 0 warnings, 2 notes" "$(grep 'test games passed' "$tmp/a.txt")"
tr '\n' ' ' <"$tmp/a.txt" | tr -s ' ' >"$tmp/a1.txt"
for s in "chance one shot destroys the target (a hit destroys it)" \
    "chance the attacker destroys the defender and survives, in one melee" \
    "chance of the outcome named on the left, each time it could happen" \
    "mean $mean turns, sd [0-9.]* turns, longest [0-9]* turns; [0-9]* reached the turn limit of 30 turns" \
    "balance (blue's share of decided games) [0-9.]* ([0-9.]*%)" \
    "game turns: mean / sd / max"; do
	grep -q "$s" "$tmp/a1.txt" && pass "report says '$s'" ||
		fail "report says '$s'" "not in the PDF text"
done
"$BIN" check -n 50 "$MM" 2>/dev/null | grep -qE "draws [0-9]+, [0-9]+ reached the turn limit, first player won [0-9]+; game turns mean" &&
	pass "check's summary says what its counts are" ||
	fail "check's summary says what its counts are" "$("$BIN" check -n 50 "$MM" 2>/dev/null | tail -1)"

# The test-game figures and every rule's two counts of `check --json`.
"$BIN" check --json "$MM" >"$tmp/check.json" 2>/dev/null
played=$(sed -n '/"test_games": {/,/}/s/.*"played": *\([0-9]*\).*/\1/p' "$tmp/check.json")
failed=$(sed -n '/"test_games": {/,/}/s/.*"failed": *\([0-9]*\).*/\1/p' "$tmp/check.json")
if [ -n "$played" ] && grep -q "$((played - failed))/$played" "$tmp/a.txt"; then
	pass "report has check --json's test games ($((played - failed))/$played)"
else
	fail "report has check --json's test games" "'${played:-?}' played not in the PDF"
fi
awk '/"id":/ { gsub(/[",]/, "", $2); id = $2 }
    /"test_games": [0-9]/ { gsub(/,/, "", $2); tg = $2 }
    /"self_play":/ { print id, tg, $2 }' "$tmp/check.json" >"$tmp/rules"
n=0 bad=""
while read -r id tg sp; do
	n=$((n + 1))
	grep -qE "^$id .* $tg +$sp\$" "$tmp/a.txt" || bad="$bad $id=$tg/$sp"
done <"$tmp/rules"
if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
	pass "test-game and self-play counts of $n rules match check --json"
else
	fail "rule counts match check --json" "${bad:-no rules in JSON}"
fi

# Same inputs, seed and SOURCE_DATE_EPOCH: the same bytes, for any
# --jobs and in a decimal-comma locale.
"$BIN" report -q "$MM" -o "$tmp/b.pdf" 2>/dev/null
cmp -s "$tmp/a.pdf" "$tmp/b.pdf" && pass "report is reproducible" ||
	fail "report is reproducible" "two runs differ"
"$BIN" report -q --jobs 2 "$MM" -o "$tmp/c.pdf" 2>/dev/null
cmp -s "$tmp/a.pdf" "$tmp/c.pdf" && pass "report is the same with --jobs 2" ||
	fail "report is the same with --jobs 2" "files differ"
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-*8$'; then
	LC_ALL=de_DE.UTF-8 "$BIN" report -q "$MM" -o "$tmp/d.pdf" 2>/dev/null
	cmp -s "$tmp/a.pdf" "$tmp/d.pdf" && pass "report is the same under de_DE" ||
		fail "report is the same under de_DE" "files differ"
fi
"$BIN" report -q --seed 2 "$MM" -o "$tmp/e.pdf" 2>/dev/null
[ -s "$tmp/a.pdf" ] && [ -s "$tmp/e.pdf" ] && ! cmp -s "$tmp/a.pdf" "$tmp/e.pdf" &&
	pass "another seed changes the report" ||
	fail "another seed changes the report" "same bytes (or none)"

# A failed run (bad paper) leaves the previous file as it was.
cp "$tmp/a.pdf" "$tmp/keep.pdf"
t "report with a bad paper fails" 2 "$BIN" report -q --paper B99 "$MM" \
    -o "$tmp/keep.pdf"
cmp -s "$tmp/a.pdf" "$tmp/keep.pdf" && pass "failed report keeps the old file" ||
	fail "failed report keeps the old file" "file changed"

# Every page renders, and no page is blank.
if pdftoppm -gray -r 20 "$tmp/a.pdf" "$tmp/pg" 2>"$tmp/err"; then
	blank=""
	for f in "$tmp"/pg*.pgm; do
		# Count dark bytes of the image (after the 4-line header).
		dark=$(tail -c +16 "$f" | od -An -v -tu1 | tr -s ' ' '\n' |
		    awk '$1 != "" && $1 < 128 { n++ } END { print n + 0 }')
		[ "$dark" -gt 50 ] || blank="$blank $(basename "$f")"
	done
	[ -z "$blank" ] && pass "every page renders with ink" ||
		fail "every page renders with ink" "blank:$blank"
else
	fail "every page renders" "$(head -c 200 "$tmp/err")"
fi

# check --report writes the same report from the check's own run.
t "check --report" 0 "$BIN" check -q "$MM" --report "$tmp/k.pdf"
cmp -s "$tmp/a.pdf" "$tmp/k.pdf" && pass "check --report is the report" ||
	fail "check --report is the report" "files differ"
t "check --report with two rulesets" 2 "$BIN" check "$MM" "$GA" --report "$tmp/k2.pdf"

# A test game that fails: the report is still written, counts it, and
# names the failure with its line and the source line's text.
awk '!done && /^  B: destroyed$/ { print "  B: alive"; done = 1; next } { print }' \
    "$MM" >"$tmp/broken.md"
bad=$(grep -n '^  B: alive$' "$tmp/broken.md" | head -1 | cut -d: -f1)
t "report on a failing test game" 0 "$BIN" report -q --games 20 "$tmp/broken.md" -o "$tmp/broken.pdf"
pdftotext -layout "$tmp/broken.pdf" "$tmp/broken.txt"
grep -q "$((played - 1))/$played" "$tmp/broken.txt" &&
	pass "report counts the failed test game" ||
	fail "report counts the failed test game" "no $((played - 1))/$played"
grep -qE "^error +$bad:[0-9]+ +test game" "$tmp/broken.txt" &&
	pass "report names the failure at line $bad" ||
	fail "report names the failure at line $bad" "not found"
grep -q "B: alive" "$tmp/broken.txt" && pass "report quotes the source line" ||
	fail "report quotes the source line" "'B: alive' not in the PDF"

# Many unit types: maps and charts go on over pages, nothing is lost.
awk '{ print }
/^\| Rifle \| infantry/ { for (k = 2; k <= 45; k++) { l = $0; sub(/\| Rifle \|/, "| Rifle " k " |", l); print l } }
/^    Armored Scout Car: 1/ { for (k = 2; k <= 20; k++) print "    Rifle " k ": 1" }' \
    "$MM" >"$tmp/big.md"
t "report with 51 unit types" 0 "$BIN" report -q --games 50 "$tmp/big.md" -o "$tmp/big.pdf"
pdftotext "$tmp/big.pdf" "$tmp/big.txt"
grep -q "Rifle 45" "$tmp/big.txt" && grep -q "Rule coverage" "$tmp/big.txt" &&
	pass "big report keeps every unit and section" ||
	fail "big report keeps every unit and section" "Rifle 45 or coverage missing"
big=$(pdfinfo "$tmp/big.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "${big:-0}" -gt "${pages:-0}" ] && pass "big report takes more pages ($big)" ||
	fail "big report takes more pages" "${big:-no} pages"

# The morale family: its hit distributions are in the report too.
t "report $GA" 0 "$BIN" report -q "$GA" -o "$tmp/g.pdf"
pdftotext "$tmp/g.pdf" "$tmp/g.txt"
for h in "Fire: hits from one volley" "Melee: hits in one round" \
    "Melee odds" "Rule coverage"; do
	grep -q "$h" "$tmp/g.txt" && pass "morale report shows '$h'" ||
		fail "morale report shows '$h'" "not in pdftotext output"
done
# Self-play against the exact odds: the page says how the points are
# tested (Holm's correction for the number of them), every point whose
# exact chance is outside its plain 95% whiskers is marked (*) and named
# with its Holm p and why it is no finding, and a bundled ruleset whose
# engine plays its odds has no such finding.
pdftotext -layout "$tmp/g.pdf" "$tmp/g.txt"
grep -qE '^ +test games passed +errors +warnings +note$' "$tmp/g.txt" &&
	pass "summary tiles: a tile of one note says note" ||
	fail "summary tiles: a tile of one note says note" "$(grep 'test games passed' "$tmp/g.txt")"
tr '\n' ' ' <"$tmp/g.txt" | tr -s ' ' |
    grep -q "tested against its exact chance (two-sided exact binomial test) with Holm's correction for [0-9]* comparisons: a point is a finding when its Holm-adjusted p is below 0.001" &&
	pass "agreement page says how its points are tested" ||
	fail "agreement page says how its points are tested" "no Holm sentence"
awk 'match($0, /\(([0-9]+) of ([0-9]+)\); exact [0-9.\/%]+/) {
	s = substr($0, RSTART, RLENGTH); gsub(/[();]/, "", s)
	split(s, f, " "); k = f[1]; n = f[3]; e = f[5]
	if (e ~ /%$/) { sub(/%/, "", e); e /= 100 }
	else if (e ~ /\//) { split(e, q, "/"); e = q[1] / q[2] }
	p = k / n; z = 1.959963984540054; den = 1 + z * z / n
	mid = (p + z * z / (2 * n)) / den
	half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
	if ((e < mid - half - 1e-4 || e > mid + half + 1e-4) && $0 !~ / \*$/)
		print
	out += (e < mid - half - 1e-4 || e > mid + half + 1e-4)
	rows++ }
    END { print "rows " rows + 0 " outside " out + 0 >"/dev/stderr" }' \
    "$tmp/g.txt" >"$tmp/bare" 2>"$tmp/rows"
grep -q "outside [1-9]" "$tmp/rows" && [ ! -s "$tmp/bare" ] &&
	pass "each point outside its whiskers is marked ($(cat "$tmp/rows"))" ||
	fail "each point outside its whiskers is marked" "$(cat "$tmp/rows" "$tmp/bare")"
tr '\n' ' ' <"$tmp/g.txt" | tr -s ' ' |
    grep -q "1 point (\*) lies outside its plain 95% whiskers and is not a finding: Melee round, 6 v 3 dice: charger wins (Holm p 0.627)\. About one in twenty of the 15 points falls outside by chance" &&
	pass "agreement page says why a point outside is no finding" ||
	fail "agreement page says why a point outside is no finding" "sentence missing"
for r in "$MM" "$GA"; do
	"$BIN" check "$r" >/dev/null 2>"$tmp/err"
	grep -q "disagrees with the exact odds" "$tmp/err" &&
		fail "$r: self-play agrees with the exact odds" "$(grep disagrees "$tmp/err")" ||
		pass "$r: self-play agrees with the exact odds"
done
# Game length counts the turns played: a battle of a 2-turn limit that no
# game can end before it (one rifle a side, a 1-inch move and range on a
# wide table) lasts 2 turns, not 3, in play --json and in the report.
cat >"$tmp/two.md" <<'MD'
---
title: Two turns
engine: firepower
measure: in
battle:
  turns: 2
  forces:
    Rifle: 1
---

## Units

| Unit | Class | Move | Melee | Weapons |
|------|-------|------|-------|---------|
| Rifle | infantry | 1 | 4 | Rifle |

## Weapons

| Weapon | Range | Hits on | Destroys |
|---|---|---|---|
| Rifle | 1 | 4, 6 | infantry, artillery |

## Sequence of play

1. **Initiative** - roll a die.
2. **Turn** - move, fire and melee.
MD
"$BIN" play --json -n 20 "$tmp/two.md" >"$tmp/two.json" 2>/dev/null
tr -d ' \n' <"$tmp/two.json" | grep -q '"timeouts":20,.*"turns":{"mean":2.0,"sd":0.0,"max":2}' &&
	pass "a 2-turn battle that reaches its limit plays 2 turns (play --json)" ||
	fail "a 2-turn battle plays 2 turns (play --json)" "$(tr -d ' \n' <"$tmp/two.json" | head -c 300)"
# Every family: a bundled battle cut to 2 turns lasts at most 2.
for r in rulesets/cinder-vale.md rulesets/dice-skirmish.md "$GA" "$MM"; do
	sed '0,/^  turns: [0-9]*$/s//  turns: 2/' "$r" >"$tmp/cut.md"
	"$BIN" play --json -n 20 "$tmp/cut.md" 2>/dev/null | tr -d ' \n' >"$tmp/cut.json"
	grep -q '"timeouts":[1-9][0-9]*,.*"turns":{[^}]*"max":2}' "$tmp/cut.json" &&
		pass "$r cut to 2 turns: its longest game is 2 turns" ||
		fail "$r cut to 2 turns: its longest game is 2 turns" "$(head -c 300 "$tmp/cut.json")"
done
"$BIN" report -q -n 20 "$tmp/two.md" -o "$tmp/two.pdf" 2>/dev/null
pdftotext -layout "$tmp/two.pdf" "$tmp/two.txt"
tr '\n' ' ' <"$tmp/two.txt" | tr -s ' ' |
	grep -q "20 games: mean 2 turns, sd 0 turns, longest 2 turns; 20 reached the turn limit of 2 turns\." &&
	sed -n '/^Game length/,/game turns until/p' "$tmp/two.txt" |
	grep -qE '^ +1 +2$' &&
	pass "the report's game length of a 2-turn battle ends at 2" ||
	fail "the report's game length of a 2-turn battle ends at 2" "$(sed -n '/^Game length/,/turn limit/p' "$tmp/two.txt" | grep -v '^ *$')"
t "report --sample" 0 "$BIN" report --sample -o "$tmp/s.pdf"
pdftotext "$tmp/s.pdf" - | grep -q "melee.uphill" &&
	pass "sample report has its coverage table" ||
	fail "sample report has its coverage table" "melee.uphill missing"
