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
# A cache of its own, empty: what a run works out, not what an earlier
# one remembered (cache.sh holds the cache).
export XDG_CACHE_HOME="$tmp/cache"

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

# An incremental build (issue 36) makes its products two at a time, each
# in a process of its own: after a unit's stat is changed, the odds that
# the reference sheet, the cards, the scenario and the report all read
# are worked out once, by the build, not once in each process. Each
# process prints its own counts: added up, each worked out once.
for r in cinder-vale dice-skirmish; do
	rm -rf "$tmp/inc" && mkdir "$tmp/inc"
	cp "rulesets/$r.md" "$tmp/inc/$r.md"
	"$BIN" build -q -o "$tmp/inc/out" "$tmp/inc/$r.md" 2>"$tmp/err"
	case $r in
	cinder-vale) old='| Lantern Wardens | warden    | 12 ' new='| Lantern Wardens | warden    | 13 ' ;;
	dice-skirmish) old='| Tide Scouts       | infantry  | 18 ' new='| Tide Scouts       | infantry  | 17 ' ;;
	esac
	OLD="$old" NEW="$new" python3 -c 'import os, sys
p = sys.argv[1]; t = open(p).read()
assert os.environ["OLD"] in t
open(p, "w").write(t.replace(os.environ["OLD"], os.environ["NEW"], 1))' "$tmp/inc/$r.md"
	# No results cache (a folder it cannot make, in a file): what one
	# process works out, another cannot find there, however they
	# happen to run.
	: >"$tmp/file"
	XDG_CACHE_HOME="$tmp/file/cache" SANDTABLE_COUNT=1 "$BIN" build -q -j 2 \
		-o "$tmp/inc/out" "$tmp/inc/$r.md" 2>"$tmp/err"
	got=$(sed -n 's/^sandtable: counts: prepare \([0-9]*\), odds \([0-9]*\), test games \([0-9]*\), examples \([0-9]*\), self-play \([0-9]*\)$/\1 \2 \3 \4 \5/p' "$tmp/err" |
		awk '{ for (i = 1; i <= 5; i++) n[i] += $i; l++ }
		END { printf "%d lines: prepare %d, odds %d, test games %d, examples %d, self-play %d",
		    l, n[1], n[2], n[3], n[4], n[5] }')
	# The build's line and one a job's process (seven: the bases sheet
	# goes with the scenario); the examples are played where they are
	# read (the rulebook, the report), a few games each.
	case $got in
	"8 lines: prepare 1, odds 1, test games 1, examples "*", self-play 1")
		pass "incremental build $r: the odds worked out once in all its processes" ;;
	*) fail "incremental build $r: the odds worked out once in all its processes" "$got" ;;
	esac
done

# Without SANDTABLE_COUNT, nothing is added to what build prints.
"$BIN" build -q -o "$tmp/out" rulesets/morschauser-modern.md 2>"$tmp/err"
grep -q 'counts:' "$tmp/err" && fail "no counts unless asked" "$(cat "$tmp/err")" ||
	pass "no counts unless asked"

# A product's own command shares nothing, but does each once too.
SANDTABLE_COUNT=1 "$BIN" report -q --no-cache -o "$tmp/r.pdf" rulesets/gauntlet-ancients.md \
	2>"$tmp/err"
got=$(grep '^sandtable: counts:' "$tmp/err")
[ "$got" = "$ONCE" ] && pass "report: each worked out once" ||
	fail "report: each worked out once" "${got:-no counts}"

# The commands that are not products make their analysis as products
# do: odds streams its document from the prepared engine (no odds
# worked out whole), check plays the test games and self-play, each
# once. (Rulesets that are played: a print-only one prepares nothing.)
for r in rulesets/*.md; do
	[ "$(basename "$r")" = FORMAT.md ] && continue
	n=$(basename "$r" .md)
	SANDTABLE_COUNT=1 "$BIN" odds "$r" >/dev/null 2>"$tmp/err"
	got=$(grep '^sandtable: counts:' "$tmp/err")
	want="sandtable: counts: prepare 1, odds 0, test games 0, examples 0, self-play 0"
	[ "$got" = "$want" ] && pass "odds $n: the engine prepared once" ||
		fail "odds $n: the engine prepared once" "${got:-no counts}"
	SANDTABLE_COUNT=1 "$BIN" odds --json "$r" >/dev/null 2>"$tmp/err"
	got=$(grep '^sandtable: counts:' "$tmp/err")
	[ "$got" = "$want" ] && pass "odds --json $n: the engine prepared once" ||
		fail "odds --json $n: the engine prepared once" "${got:-no counts}"
	SANDTABLE_COUNT=1 "$BIN" check -q --games 20 "$r" >/dev/null 2>"$tmp/err"
	got=$(grep '^sandtable: counts:' "$tmp/err")
	want="sandtable: counts: prepare 1, odds 0, test games 1, examples 0, self-play 1"
	[ "$got" = "$want" ] && pass "check $n: each worked out once" ||
		fail "check $n: each worked out once" "${got:-no counts}"
done
# On --grid's board, as report makes it.
SANDTABLE_COUNT=1 "$BIN" check -q --games 20 --grid none \
	rulesets/morschauser-modern.md >/dev/null 2>"$tmp/err"
got=$(grep '^sandtable: counts:' "$tmp/err")
[ "$got" = "$want" ] && pass "check --grid: each worked out once" ||
	fail "check --grid: each worked out once" "${got:-no counts}"

# Every command asks the analysis: only it, and play --scenario
# (sc_engine_new: the scenario layer is below check), prepares one.
bad=$(grep -rl --include='*.[ch]' 'eng_ctx_new(' src | grep -v -e '^src/engine/' \
	-e '^src/check/analysis\.c$' -e '^src/scenario/play\.c$' | tr '\n' ' ')
[ -z "$bad" ] && pass "no command prepares an engine of its own" ||
	fail "no command prepares an engine of its own" "$bad"
