#!/bin/sh
# Cinder Vale (rulesets/cinder-vale.md), the bundled ruleset written in the
# dice family's rules language as a designer would (issue 32): a d10
# game of its own classes, units of several models, alternating unit
# activations with an activation test, keywords with re-rolls and a
# trigger, damage past a model's Wounds lost. Its test games pass and
# cover every rule it applies; its exact odds follow its mechanisms; the
# greedy player beats the random one; every product builds, and the
# rulebook's examples print their captions as written.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
R=rulesets/cinder-vale.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

timeout 120 "$BIN" check -v -n 400 "$R" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && ! grep -q ': \(error\|warning\):' "$tmp/err" &&
	pass "check: no errors and no warnings" ||
	fail "check: no errors and no warnings" "exit $rc: $(grep -v 'note:' "$tmp/err" | head -c 400)"
grep -Eq 'test games played, 0 failed; ([0-9]+) of \1 rules exercised by test games' "$tmp/out" &&
	pass "its test games pass and cover every rule it applies" ||
	fail "its test games cover every rule" "$(grep 'test games played' "$tmp/out")"
for r in game.unit_activation activation.test activation.failed shoot.models marker.placed marker.removed marker.modifier \
    shoot.excess_lost keyword.reroll keyword.no_save keyword.modifier \
    melee.pipeline quality.failed_by; do
	grep -Eq "^  $r +[A-Za-z ]+ +[1-9][0-9]* +[0-9]+" "$tmp/out" &&
		pass "rule $r is exercised" ||
		fail "rule $r is exercised" "$(grep -E "^  $r " "$tmp/out")"
done

# Greedy against random over the seeds' games.
timeout 120 "$BIN" play -q -n 400 "$R" >"$tmp/out" 2>&1
share=$(sed -n 's/.*greedy beat random in [0-9]* of [0-9]* games (\([0-9.]*\)).*/\1/p' "$tmp/out")
awk -v s="${share:-0}" 'BEGIN { exit !(s > 0.6) }' &&
	pass "greedy beats random ($share)" ||
	fail "greedy beats random" "$(cat "$tmp/out")"

# Exact odds: a Lantern carbine (6+ on a d10, Searing: a natural 10
# wounds with no save) at Ember Archers (wounded on 6+, 9+ save): 4/10 x
# 5/10 x 8/10 + 1/10 = 13/50; the Wardens' activation test (4+, Steady:
# a failure rolled again) passes with 1 - (3/10)^2 = 91/100.
timeout 60 "$BIN" odds --json "$R" >"$tmp/j" 2>/dev/null
python3 - "$tmp/j" <<'PY' && pass "exact odds: 13/50 an attack, 91/100 a test" ||
import json, sys
d = json.load(open(sys.argv[1]))[0]
s = {(x["shooter"], x["weapon"], x["target"]): x["exact"] for x in d["shooting"]}
t = {x["unit"]: x["exact"]["p_pass"] for x in d["tests"]}
ok = s[("Lantern Wardens", "Lantern carbine", "Ember Archers")]["p_wound_per_attack"] == "13/50" \
    and t["Lantern Wardens"] == "91/100" \
    and any(m.get("fought_out") for m in d["melee"])
sys.exit(0 if ok else 1)
PY
	fail "exact odds: 13/50 an attack, 91/100 a test" "$(head -c 300 "$tmp/j")"

# Every product builds; the rulebook's example captions are plain text.
timeout 120 "$BIN" build -q -o "$tmp/b" "$R" 2>"$tmp/err"
rc=$?
n=$(ls "$tmp/b/cinder-vale"/*.pdf 2>/dev/null | wc -l)
[ "$rc" -eq 0 ] && [ "$n" -ge 7 ] && pass "build makes every product ($n PDFs)" ||
	fail "build makes every product" "exit $rc, $n PDFs: $(head -c 300 "$tmp/err")"
pdftotext "$tmp/b/cinder-vale/rulebook.pdf" "$tmp/book.txt" 2>/dev/null
grep -q "each model's attacks" "$tmp/book.txt" && ! grep -q '&apos;\|&amp;' "$tmp/book.txt" &&
	pass "an example's caption prints its apostrophe" ||
	fail "an example's caption prints its apostrophe" "$(grep -n 'Example' "$tmp/book.txt" | head -5)"

# The report sets self-play's keyed rolls (re-rolls, triggers, cover)
# against their exact chance: the Ash Hounds' Savage hits (5+ on a d10,
# 1s rolled again: 33/50) and the Steady tests (4+, failures rolled
# again: 91/100).
timeout 120 "$BIN" report -q "$R" -o "$tmp/rep.pdf" 2>/dev/null
pdftotext -layout "$tmp/rep.pdf" - 2>/dev/null >"$tmp/rep.txt"
grep -Eq 'Keyed hit roll of 5\+ \(re-roll 1s\): a hit +6[0-9.]+% .*exact 33/50' "$tmp/rep.txt" &&
	grep -Eq 'Keyed test needing 4\+ \(re-roll failures\): passed +9[0-9.]+% .*exact 91/100' "$tmp/rep.txt" &&
	pass "the report's agreement covers keyed rolls" ||
	fail "the report's agreement covers keyed rolls" "$(grep -E 'Keyed' "$tmp/rep.txt" | head -5)"

# A game ended by its turn limit played that many turns: self-play's
# longest game is 16 turns, not 17.
timeout 120 "$BIN" play -q -n 300 "$R" >"$tmp/out" 2>&1
max=$(sed -n 's/.*turns mean [0-9.]*, sd [0-9.]*, max \([0-9]*\).*/\1/p' "$tmp/out")
[ "${max:-99}" -le 16 ] && [ "${max:-0}" -ge 14 ] &&
	pass "self-play's longest game is within the 16-turn limit ($max)" ||
	fail "self-play's longest game is within the turn limit" "$(cat "$tmp/out")"
