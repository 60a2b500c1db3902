#!/bin/sh
# valgrind.sh BIN: memcheck over every command and product for both
# bundled rulesets and over every regression fixture. Any invalid read or
# write, use of uninitialised memory or definite leak of our own fails.
# Run with: make valgrind.  Prints PASS/FAIL lines and a summary.
cd "$(dirname "$0")/.." || exit 2
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,possible --suppressions=$(pwd)/tests/valgrind.supp"
pass=0 fail=0

run() { # NAME ARGS...
	name=$1
	shift
	$VG "$BIN" "$@" >"$tmp/log" 2>&1
	if [ $? -eq 99 ]; then
		echo "FAIL: $name"
		grep -E '^==[0-9]+== ' "$tmp/log" | head -20
		fail=$((fail + 1))
	else
		echo "PASS: $name"
		pass=$((pass + 1))
	fi
}

for r in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	n=$(basename "$r" .md)
	run "$n check" check -q -n 20 "$r"
	run "$n play" play -n 20 --json "$r"
	run "$n odds" odds --json "$r"
	run "$n reference" reference -q "$r" -o "$tmp/ref.pdf"
	run "$n cards" cards -q "$r" -o "$tmp/cards.pdf"
	run "$n map" map -q "$r" --seed 2 -o "$tmp/map.pdf"
	run "$n map png" map -q "$r" --seed 2 --px-per-cell 20 -o "$tmp/map.png"
	run "$n bases" bases "$r" -o "$tmp/bases.pdf"
	run "$n scenario" scenario -q -n 20 "$r" -o "$tmp/scen.pdf"
	run "$n report" report -q -n 20 "$r" -o "$tmp/report.pdf"
done
# Dice expressions: every kind of term, and an error.
run "dice" dice --json '3d6!kh2+d6r1-max(5d6>=4,2)+min(2d10kl1,7)'
run "odds --dice" odds --dice 4d6kh3
run "dice error" dice 2d6kh3
for md in tests/regress/*.md; do
	run "regress $(basename "$md" .md)" check -q -n 0 "$md"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
