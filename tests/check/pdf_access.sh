#!/bin/sh
# pdf_access.sh BIN: what a viewer and a screen reader are told (issue
# 37): every PDF of a build says its language (/Lang, the ruleset's
# lang:, English without one) and asks the viewer to show its title,
# not its file name (/DisplayDocTitle); a German ruleset's say de.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
command -v qpdf >/dev/null 2>&1 || { fail "qpdf" "not installed (make deps)"; exit 0; }
# root_keys PDF: the catalog as qpdf shows it.
root_keys() { qpdf --show-object="$(qpdf --show-object=trailer "$1" | sed -n 's|.*/Root \([0-9]*\) 0 R.*|\1|p')" "$1"; }

for c in "rulesets/dice-skirmish.md:dice-skirmish:en" "tests/rulesets/de.md:de:de"; do
	IFS=: read -r r name lang <<EOF_CASE
$c
EOF_CASE
	"$BIN" build -q -o "$T/out" "$r" >/dev/null 2>"$T/err"
	n=0 bad=""
	for f in "$T/out/$name"/*.pdf; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		k=$(root_keys "$f")
		case "$k" in
		*"/Lang ($lang)"*"/DisplayDocTitle true"*) ;;
		*) bad="$bad $(basename "$f"): $k;" ;;
		esac
	done
	[ $n -ge 7 ] && [ -z "$bad" ] &&
	    pass "$name: all $n PDFs say /Lang ($lang) and show their title" ||
	    fail "$name: /Lang ($lang) and /DisplayDocTitle in every PDF" "$n PDFs;$bad $(head -2 "$T/err")"
done
