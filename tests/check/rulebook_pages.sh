#!/bin/sh
# rulebook_pages.sh BIN: the rulebook's pages as a player reads them
# (issue 35, narrow paper). Each bundled ruleset and tests/check/none.md
# as a book on A5, A4 and Letter: it is made (Cinder Vale's third
# example was a few mm taller than an A5 column, and the book failed as
# "does not fit in 500 pages"), no word of the source is broken across
# two lines without a hyphen ("Warde/ns") and no full stop or comma is
# alone on a line, no page ends with a heading, and no table piece holds
# a single row of a longer table (rulebook_pages.py reads pdftotext
# -bbox and the book's --dump). The same in two columns
# (-t rulebook-two-column; on A5 it keeps one column): no column ends
# with a heading, and the body is in two columns on A4 and Letter.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
cd "$(dirname "$0")/../.." || exit 2
T=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$T"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

for R in rulesets/cinder-vale.md rulesets/dice-skirmish.md \
    rulesets/gauntlet-ancients.md rulesets/morschauser-modern.md \
    tests/check/none.md; do
	n=$(basename "$R" .md)
	for p in A5 A4 Letter A5-2 A4-2 Letter-2; do
		case $p in
		*-2) tp="-t templates/rulebook-two-column.yaml" ;;
		*) tp= ;;
		esac
		# shellcheck disable=SC2086
		if ! "$BIN" rulebook "$R" -p ${p%-2} $tp -o "$T/b.pdf" --dump \
		    >"$T/dump" 2>"$T/err"; then
			fail "$n $p: the book is made" "$(head -c 300 "$T/err")"
			continue
		fi
		# Two columns: some page's frame holds text at two left edges.
		# (none.md's body is shorter than a column.)
		case $n-$p in
		none-*) ;;
		*-A4-2 | *-Letter-2)
			if awk -F'\t' '$1 == "text" { x[int($3)] = 1 }
			    END { n = 0; for (k in x) n++; exit n < 2 }' \
			    "$T/dump"; then
				pass "$n $p: the body is in two columns"
			else
				fail "$n $p: the body is in two columns" \
				    "$(grep -c . "$T/dump") boxes at one edge"
			fi
			;;
		esac
		python3 tests/check/rulebook_pages.py "$R" "$T/b.pdf" \
		    "$T/dump" >"$T/faults" 2>&1
		for k in word heading row; do
			case $k in
			word) what="no word broken without a hyphen" ;;
			heading) what="no page ends with a heading" ;;
			row) what="no table row alone" ;;
			esac
			if grep -q "^$k " "$T/faults" || [ ! -s "$T/b.pdf" ]; then
				fail "$n $p: $what" "$(grep "^$k " "$T/faults" | head -5 | tr '\n' ';')"
			else
				pass "$n $p: $what"
			fi
		done
		grep -v "^word \|^heading \|^row " "$T/faults" | head -3 |
		    sed "s/^/FAIL: $n $p: the checker: /"
	done
done
