#!/bin/sh
# The locale changes nothing: every bundled ruleset's products, play
# --json, odds --json and check's diagnostics are byte-identical under
# LC_ALL=C.UTF-8 and under the decimal-comma LC_ALL=de_DE.UTF-8 (a number
# that went through the locale would print 2,5 in the second). The suite
# runs once, under de_DE.UTF-8; this is the comparison that it stands for.
BIN=${1:-./sandtable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-*8$'; then
	echo "FAIL: locale de_DE.UTF-8 is missing (make deps generates it)"
	exit 0
fi
# Everything made under locale L into $tmp/L.
make_all() { # LOCALE
	d=$tmp/$1
	mkdir -p "$d"
	LC_ALL=$1 "$BIN" build -q --jobs 2 rulesets/morschauser-modern.md \
	    rulesets/gauntlet-ancients.md rulesets/dice-skirmish.md -o "$d/out" ||
	    echo "FAIL: build under $1: exit $?"
	for rs in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md \
	    rulesets/dice-skirmish.md; do
		n=$(basename "$rs" .md)
		# (less the speed, which is the machine's)
		LC_ALL=$1 "$BIN" play --json --games 40 --seed 3 "$rs" 2>&1 |
		    grep -v '"games_per_second"' >"$d/$n.play.json"
		LC_ALL=$1 "$BIN" odds --json "$rs" >"$d/$n.odds.json" 2>&1
		LC_ALL=$1 "$BIN" check -v --games 40 "$rs" >"$d/$n.check.txt" 2>&1
	done
}
make_all C.UTF-8
make_all de_DE.UTF-8
n=$(cd "$tmp/C.UTF-8" && find . -type f | wc -l)
[ "$n" -ge 30 ] && echo "PASS: $n files made under C.UTF-8" ||
	echo "FAIL: only $n files made under C.UTF-8"
bad=""
for f in $(cd "$tmp/C.UTF-8" && find . -type f | sort); do
	cmp -s "$tmp/C.UTF-8/$f" "$tmp/de_DE.UTF-8/$f" || bad="$bad $f"
done
[ -z "$bad" ] && echo "PASS: all $n byte-identical under de_DE.UTF-8" ||
	echo "FAIL: differ under de_DE.UTF-8:$bad"
grep -q '"p_' "$tmp/C.UTF-8/dice-skirmish.odds.json" ||
	grep -q '[0-9]/[0-9]' "$tmp/C.UTF-8/dice-skirmish.odds.json" &&
	echo "PASS: the odds compared hold numbers" ||
	echo "FAIL: the odds compared hold numbers: $(head -c 200 "$tmp/C.UTF-8/dice-skirmish.odds.json")"
