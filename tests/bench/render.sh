#!/bin/sh
# Render speed: both products (reference sheet and unit cards) per bundled
# ruleset, best of 5 runs, beside pandoc + weasyprint on the same file when
# those are installed.
BIN=${1:-./sandtable}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# Milliseconds taken by a command (wall clock).
ms() {
	s=$(date +%s%N)
	"$@" >/dev/null 2>&1
	e=$(date +%s%N)
	echo $(( (e - s) / 1000000 ))
}
# Best of 5 of a command, in ms.
best() {
	b=""
	for k in 1 2 3 4 5; do
		t=$(ms "$@")
		[ -z "$b" ] || [ "$t" -lt "$b" ] && b=$t
	done
	echo "$b"
}
both() {
	"$BIN" reference "$1" -o "$T/r.pdf" -q && "$BIN" cards "$1" -o "$T/c.pdf" -q
}
# CPU milliseconds (user + system) of both products, best of 5, when GNU
# time is there: on a loaded machine wall time says little.
cpu() {
	[ -x /usr/bin/time ] || return 0
	b=""
	for k in 1 2 3 4 5; do
		a=$(/usr/bin/time -f "%U %S" "$BIN" reference "$1" -o "$T/r.pdf" -q 2>&1 >/dev/null | tail -1)
		c=$(/usr/bin/time -f "%U %S" "$BIN" cards "$1" -o "$T/c.pdf" -q 2>&1 >/dev/null | tail -1)
		t=$(echo "$a $c" | awk '{ printf "%d", ($1 + $2 + $3 + $4) * 1000 }')
		[ -z "$b" ] || [ "$t" -lt "$b" ] && b=$t
	done
	echo "$b"
}

for rs in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	name=$(basename "$rs" .md)
	t=$(best both "$rs")
	verdict="under"
	[ "$t" -lt 150 ] || verdict="OVER"
	c=$(cpu "$rs")
	echo "render $name: $t ms for reference + cards ($verdict the 150 ms target)${c:+; $c ms CPU}"
	if command -v pandoc >/dev/null 2>&1 && command -v weasyprint >/dev/null 2>&1; then
		p=$(ms pandoc "$rs" -o "$T/p.pdf" --pdf-engine=weasyprint)
		if [ -s "$T/p.pdf" ]; then
			awk -v a="$t" -v b="$p" -v n="$name" 'BEGIN {
			    printf "render %s: pandoc + weasyprint takes %d ms for one PDF: sandtable is %.1fx faster for two\n", n, b, (a > 0 ? b / a : 0) }'
		else
			echo "render $name: pandoc + weasyprint failed on the file; no ratio"
		fi
	else
		echo "render $name: pandoc/weasyprint not installed; comparison tool absent"
	fi
done
