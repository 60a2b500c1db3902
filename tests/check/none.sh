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

# No engine line: print only, with a note at the front matter.
t "check without engine" 0 "$BIN" check "$tmp/noengine.md"
grep -q "noengine.md:2:1: note: no engine in the front matter: print only" \
    "$tmp/err" && pass "no engine is a note at the front matter" ||
    fail "no engine is a note at the front matter" "$(cat "$tmp/err")"

# check --json: the static findings of what was read.
"$BIN" check --json "$tmp/noengine.md" >"$tmp/c.json" 2>/dev/null
if jq -e '.engine == "none" and .played == false and .units == 3 and
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
jq -e '[.findings[] | select(.severity == "warning" and
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
