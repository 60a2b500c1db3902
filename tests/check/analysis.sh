#!/bin/sh
# One analysis a ruleset (issue 31, item 4; src/check/analysis.c): a
# build of a bundled ruleset prepares the engine once, works out the
# odds once, plays the test games, the examples and self-play once, for
# all its products. SANDTABLE_COUNT=1 prints what a run did, at exit;
# and no product prepares an engine of its own, which the counts would
# not see.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
ONCE="sandtable: counts: prepare 1, odds 1, test games 1, examples 1, self-play 1"

for r in rulesets/*.md; do
	[ "$(basename "$r")" = FORMAT.md ] && continue
	n=$(basename "$r" .md)
	SANDTABLE_COUNT=1 "$BIN" build -q -o "$tmp/out" "$r" 2>"$tmp/err"
	got=$(grep '^sandtable: counts:' "$tmp/err")
	[ "$got" = "$ONCE" ] && pass "build $n: each worked out once" ||
		fail "build $n: each worked out once" "${got:-no counts} ($(head -c 200 "$tmp/err"))"
done

# Without SANDTABLE_COUNT, nothing is added to what build prints.
"$BIN" build -q -o "$tmp/out" rulesets/morschauser-modern.md 2>"$tmp/err"
grep -q 'counts:' "$tmp/err" && fail "no counts unless asked" "$(cat "$tmp/err")" ||
	pass "no counts unless asked"

# A product's own command shares nothing, but does each once too.
SANDTABLE_COUNT=1 "$BIN" report -q -o "$tmp/r.pdf" rulesets/gauntlet-ancients.md \
	2>"$tmp/err"
got=$(grep '^sandtable: counts:' "$tmp/err")
[ "$got" = "$ONCE" ] && pass "report: each worked out once" ||
	fail "report: each worked out once" "${got:-no counts}"

# Products ask the analysis: only it, and the commands that are not
# products (odds; play --scenario through sc_engine_new), prepare one.
bad=$(grep -l 'eng_ctx_new(' src/cli/*.c src/render/*.c src/scenario/*.c \
	src/check/*.c 2>/dev/null | grep -v -e '^src/check/analysis\.c$' \
	-e '^src/cli/cmd_odds\.c$' -e '^src/scenario/play\.c$' | tr '\n' ' ')
[ -z "$bad" ] && pass "no product prepares an engine of its own" ||
	fail "no product prepares an engine of its own" "$bad"
