#!/bin/sh
# run-all.sh BIN UNITBIN: the whole test suite — Criterion unit tests, the
# regression fixtures, and every tests/check/*.sh script — run once as is
# and ends with one line "N passed, N failed".
# Each check script prints "PASS: name" or "FAIL: name: why" lines.
cd "$(dirname "$0")/.." || exit 2
BIN=${1:-./sandtable}
UNIT=${2:-./build/unit-tests}
export SANDTABLE="$BIN"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
# A named pipe no one writes to is waited for 1 s, not 10 (hostile.sh
# checks the default once).
export SANDTABLE_FIFO_WAIT=${SANDTABLE_FIFO_WAIT:-1}
# Which scripts: all of them, or (SUITE=hostile, a sanitizer build's
# default) the unit tests, the regression fixtures and the hostile-input
# checks, where a sanitizer finds most.
case "$BIN" in
*build-san/*) SUITE=${SUITE:-hostile} ;;
*) SUITE=${SUITE:-all} ;;
esac
# The default paper is the machine's (libpaper: PAPERSIZE, /etc/papersize):
# the tests make it nobody's, so that the locale's A4 is the default, and
# tests/check/libs.sh sets each in turn.
unset PAPERSIZE
export PAPERCONF=/nonexistent/sandtable-tests/papersize
# A sanitizer or coverage build runs three to five times slower: the
# checks of speed (a rulebook under 2 s, a hostile map under 20 s) give it
# SANDTABLE_SLOW times as long; the checks of hangs keep their limits.
case "$BIN" in
*build-san/* | *build-cov/*) export SANDTABLE_SLOW=${SANDTABLE_SLOW:-4} ;;
*) export SANDTABLE_SLOW=${SANDTABLE_SLOW:-1} ;;
esac
# Sanitizer builds: the font stack's lifetime caches are not our leaks.
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
log=$(mktemp)
# The results cache (README, Cache) of the tests is theirs, never the
# user's ~/.cache: a new one for each script, so that each starts cold.
cache=$(mktemp -d)
export XDG_CACHE_HOME="$cache/all"
trap 'rm -f "$log"; rm -rf "$cache"' EXIT
pass=0
fail=0

suite() {
# Criterion: "Synthesis: Tested: N | Passing: N | Failing: N | Crashing: N"
if [ -x "$UNIT" ]; then
	(cd tests && "../$UNIT" --jobs 2) >"$log" 2>&1
	grep -E '^\[(FAIL|----)\]|^\[====\]' "$log" | grep -v '^\[----\] *$' | tail -40
	# "[====] Synthesis: Tested: N | Passing: N | Failing: N | Crashing: N"
	# (translated under a German locale: take the numbers in order).
	syn=$(grep '^\[====\]' "$log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g')
	t=$(echo "$syn" | grep -o '[0-9][0-9]*' | sed -n 1p)
	p=$(echo "$syn" | grep -o '[0-9][0-9]*' | sed -n 2p)
	if [ -n "$t" ] && [ -n "$p" ]; then
		pass=$((pass + p))
		fail=$((fail + t - p))
	else
		echo "FAIL: unit tests did not report (see output above)"
		cat "$log" | tail -20
		fail=$((fail + 1))
	fi
fi

case "$SUITE" in
hostile) scripts="tests/regress.sh tests/check/hostile*.sh" ;;
*) scripts="tests/regress.sh tests/check/*.sh" ;;
esac
for s in $scripts; do
	[ -f "$s" ] || continue
	XDG_CACHE_HOME="$cache/$(basename "$s" .sh)" sh "$s" "$BIN" >"$log" 2>&1
	rc=$?
	grep '^FAIL' "$log"
	p=$(grep -c '^PASS' "$log")
	f=$(grep -c '^FAIL' "$log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL: $s exited $rc"
		tail -5 "$log"
		f=1
	fi
	echo "$s: $p passed, $f failed"
	pass=$((pass + p))
	fail=$((fail + f))
done
}

# Once, not once per locale (CI's time): the plain build runs under the
# decimal-comma locale de_DE.UTF-8, where a number that went through the
# locale would change (PDFio's practice; make deps generates it), and the
# sanitizer and coverage builds in the locale they were given. No product
# may differ between the two: tests/check/*.sh compare them where it
# matters (i18n_products.sh, libs.sh).
case "$BIN" in
*build-san/* | *build-cov/*) suite ;;
*)
	if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-*8$'; then
		echo "--- under LC_ALL=de_DE.UTF-8"
		export LC_ALL=de_DE.UTF-8
		suite
	else
		echo "FAIL: locale de_DE.UTF-8 is missing (make deps generates it)"
		fail=$((fail + 1))
	fi
	;;
esac

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
