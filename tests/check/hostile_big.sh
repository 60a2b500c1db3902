#!/bin/sh
# Rulesets at the stated limits (tests/big-ruleset.sh): 256 unit types of
# four weapons (firepower) and 256 unit types of 20 dice (morale). Every
# product finishes in seconds and small memory: odds are written entry by
# entry, panels and heat maps look matchups up instead of searching, a
# card lists at most 13 enemy types, a big heat map shows alike rows once.
# The time limits leave room for a sanitizer build (about 3x slower); the
# real figures are far below (README, Limits and hostile input).
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
sh tests/big-ruleset.sh firepower >"$tmp/fp.md"
sh tests/big-ruleset.sh morale >"$tmp/mo.md"
sh tests/big-ruleset.sh morale 256 mixed >"$tmp/mix.md"

# Memory: /usr/bin/time's maximum resident set, in kB (0 when it is not
# there); a sanitizer build keeps shadow memory too, so the bound is
# loose for it and tight otherwise. (The build of 256 firepower types:
# 76 MB, then 102 MB with every PDF tagged for screen readers, 256
# cards of structure; under the sanitizer 1.06 to 1.15 GB.)
if nm -u "$BIN" 2>/dev/null | grep -q __asan_init; then
	MAXKB=1400000
else
	MAXKB=262144
fi

# NAME SECONDS COMMAND...: exit 0 within SECONDS, stdout to $tmp/out,
# stderr to $tmp/err, resident memory under MAXKB.
t() {
	name=$1 secs=$2
	shift 2
	if [ -x /usr/bin/time ]; then
		timeout "$secs" /usr/bin/time -f "%M %U %S" -o "$tmp/rss" "$@" \
			>"$tmp/out" 2>"$tmp/err"
	else
		echo "0 0 0" >"$tmp/rss"
		timeout "$secs" "$@" >"$tmp/out" 2>"$tmp/err"
	fi
	got=$?
	# CPU seconds (user and system) for the caller.
	cpu=$(tail -1 "$tmp/rss" 2>/dev/null | awk '{ printf "%.2f", $2 + $3 }')
	kb=$(tail -1 "$tmp/rss" 2>/dev/null | awk '{ print $1 }')
	case $kb in '' | *[!0-9]*) kb=0 ;; esac
	if [ "$got" -eq 124 ]; then
		echo "FAIL: $name: over $secs s"
	elif [ "$got" -ne 0 ]; then
		echo "FAIL: $name: exit $got: $(grep -v warning "$tmp/err" | head -c 300)"
	elif [ "$kb" -gt "$MAXKB" ]; then
		echo "FAIL: $name: $kb kB resident, over $MAXKB"
	else
		echo "PASS: $name"
		return 0
	fi
	return 1
}

# What a test reads from stdout, without keeping 200 MB of it.
count() { # PATTERN COMMAND...: the number of lines of stdout with PATTERN
	pat=$1
	shift
	"$@" 2>/dev/null | grep -c -- "$pat"
}

t "check of 256 firepower types" 30 "$BIN" check -q "$tmp/fp.md"
t "check of 256 morale types" 30 "$BIN" check -q "$tmp/mo.md"

# odds: 65,536 melee entries of two 21-hit distributions, streamed
# (before: 28 s, 940 MB of memory); same shape.
t "odds --json, 256 morale types of 20 dice" 30 sh -c \
	"'$BIN' odds --json '$tmp/mo.md' | tail -c 2000 >'$tmp/tail'"
n=$(count '"defender": ' "$BIN" odds --json "$tmp/mo.md")
[ "$n" -ge 60000 ] && echo "PASS: every melee pair is listed ($n)" ||
	echo "FAIL: every melee pair is listed: $n"
tail -c 80 "$tmp/tail" | tr -d ' \n' | grep -q ']}}],"ok":true,"diagnostics":\[\]}]$' &&
	echo "PASS: the streamed JSON closes every table" ||
	echo "FAIL: the streamed JSON closes every table: $(tail -c 60 "$tmp/tail")"
a=$(grep -o '^| Carthaginian Cretan[^|]*' "$tmp/mo.md" | head -1 |
	sed 's/^| //; s/ *$//')
if command -v jq >/dev/null 2>&1; then
	"$BIN" odds --json "$tmp/mo.md" "$a" >"$tmp/one.json" 2>/dev/null
	jq -e '.[0] | (.fire | length) == 2 and (.melee | length) >= 256 and
	    (.melee[0].attacker_hits | length) == 21 and
	    (.melee[0].exact.attacker_hits | length) == 21 and
	    (.morale_tests | length) > 0' "$tmp/one.json" >/dev/null &&
		echo "PASS: one unit's morale odds are valid JSON of the stated shape" ||
		echo "FAIL: one unit's morale odds are valid JSON of the stated shape"
fi
t "odds text, 256 morale types" 30 sh -c "'$BIN' odds '$tmp/mo.md' | tail -1 >'$tmp/tail'"
t "odds --json, 256 morale types of 1 to 20 dice" 30 sh -c \
	"'$BIN' odds --json '$tmp/mix.md' | tail -1 >'$tmp/tail'"
# 262,144 shots and 196,608 melees (before: 746 MB).
t "odds --json, 256 firepower types of four weapons" 30 sh -c \
	"'$BIN' odds --json '$tmp/fp.md' | tail -1 >'$tmp/tail'"
grep -qx ']' "$tmp/tail" && echo "PASS: the firepower odds end their array" ||
	echo "FAIL: the firepower odds end their array"

# Sheets (before: cards 59 s, reference 40 s).
t "cards of 256 firepower types" 30 "$BIN" cards -q "$tmp/fp.md" -o "$tmp/c.pdf"
n=$(pdftotext "$tmp/c.pdf" - 2>/dev/null | tr '\n' ' ' |
	grep -o 'Odds against 13 of [0-9]*' | wc -l)
[ "$n" -ge 200 ] && echo "PASS: a card lists 13 enemy types and says so ($n cards)" ||
	echo "FAIL: a card lists 13 enemy types and says so: $n"
t "cards of 256 morale types" 30 "$BIN" cards -q "$tmp/mo.md" -o "$tmp/c.pdf"
t "reference of 256 firepower types" 30 "$BIN" reference -q "$tmp/fp.md" -o "$tmp/r.pdf"
t "reference of 256 morale types" 30 "$BIN" reference -q "$tmp/mo.md" -o "$tmp/r.pdf"

# A reference panel over 16 rows or columns shows alike ones once: 13
# more rifles make one melee row and column (and 18 alike fire targets).
awk '{ print } /^\| Armored Scout Car \|/ { for (i = 2; i <= 14; i++)
	printf "| Rifle %d | infantry | 9\" | — | 4 | Rifle | |\n", i }' \
	rulesets/morschauser-modern.md >"$tmp/rifles.md"
t "reference of 20 firepower types" 30 "$BIN" reference -q "$tmp/rifles.md" -o "$tmp/r.pdf"
pdftotext "$tmp/r.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q 'Rifle (+13 alike)' &&
	echo "PASS: alike unit types share a row of the melee panel" ||
	echo "FAIL: alike unit types share a row of the melee panel"

# Report: alike rows and columns of a big heat map shown once (before:
# 85 pages, 281 MB).
t "report of 256 firepower types" 30 "$BIN" report -q "$tmp/fp.md" -o "$tmp/p.pdf"
p=$(pdfinfo "$tmp/p.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ -n "$p" ] && [ "$p" -le 20 ] && echo "PASS: the report stays short ($p pages)" ||
	echo "FAIL: the report stays short: $p pages"
pdftotext "$tmp/p.pdf" - 2>/dev/null | grep -q 'alike' &&
	echo "PASS: the report says which rows are shared" ||
	echo "FAIL: the report says which rows are shared"
t "report of 256 morale types of 1 to 20 dice" 30 "$BIN" report -q "$tmp/mix.md" -o "$tmp/p.pdf"

# Self-play and the whole build (before: 163 s).
t "play, 256 morale types of 1 to 20 dice" 30 "$BIN" play --games 200 "$tmp/mix.md"
t "build of 256 firepower types" 90 "$BIN" build -q -o "$tmp/build" "$tmp/fp.md"
# Every product in under 5 s (of CPU: the machine may be shared) times
# SANDTABLE_SLOW; the scenario values units from at most four budgets of
# 2,400 self-play games, not 100 a type (before: 25,700 games, 3.3 s).
awk -v c="${cpu:-0}" -v k="${SANDTABLE_SLOW:-1}" 'BEGIN { exit !(c <= 5 * k) }' &&
	echo "PASS: the build of 256 types takes under 5 s of CPU ($cpu s)" ||
	echo "FAIL: the build of 256 types takes under 5 s of CPU: $cpu s"
g=$(pdftotext "$tmp/build/fp/scenario.pdf" - 2>/dev/null | tr '\n' ' ' |
	sed -n 's/.*from \([0-9,]*\) self-play games.*/\1/p' | tr -d ,)
[ -n "$g" ] && [ "$g" -le 9600 ] &&
	echo "PASS: unit values from at most 9,600 self-play games ($g)" ||
	echo "FAIL: unit values from at most 9,600 self-play games: '$g'"
n=$(ls "$tmp/build/fp" 2>/dev/null | grep -c '\.pdf$')
[ "$n" -ge 6 ] && echo "PASS: the build made every product ($n PDFs)" ||
	echo "FAIL: the build made every product: $n PDFs"
