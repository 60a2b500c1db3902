#!/bin/sh
# Rulebook speed (issue 20: under 1 s on one core): each bundled ruleset's
# book, examples of play included (their test games played, their
# diagrams drawn), best of 3 by CPU time (user + system), and by wall
# clock.
BIN=${1:-./sandtable}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

for rs in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md rulesets/dice-skirmish.md; do
	name=$(basename "$rs" .md)
	bc="" bw=""
	for k in 1 2 3; do
		s=$(date +%s%N)
		if [ -x /usr/bin/time ]; then
			c=$(/usr/bin/time -f "%U %S" "$BIN" rulebook "$rs" -q -o "$T/b.pdf" 2>&1 >/dev/null | tail -1 |
			    awk '{ printf "%d", ($1 + $2) * 1000 }')
		else
			"$BIN" rulebook "$rs" -q -o "$T/b.pdf" >/dev/null 2>&1
			c=""
		fi
		w=$(( ($(date +%s%N) - s) / 1000000 ))
		[ -z "$bw" ] || [ "$w" -lt "$bw" ] && bw=$w
		[ -n "$c" ] && { [ -z "$bc" ] || [ "$c" -lt "$bc" ]; } && bc=$c
	done
	pages=$(pdfinfo "$T/b.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
	ex=$(pdftotext "$T/b.pdf" - 2>/dev/null | grep -c '^Example [0-9]* · ')
	verdict=under
	[ "${bc:-$bw}" -lt 1000 ] || verdict=OVER
	echo "rulebook $name: ${bc:+$bc ms CPU, }$bw ms wall, $pages pages, $ex examples ($verdict the 1 s target)"
done
# German: the patterns take about 2.7 s to load, once a run (issue 30:
# each product loaded them again, 6 s a German build against 1 s).
if [ -f tests/rulesets/de.md ] && [ -x /usr/bin/time ]; then
	for cmd in reference rulebook build; do
		o="$T/de.pdf"
		[ "$cmd" = build ] && o="$T/de-out"
		/usr/bin/time -f "%e %U %S %M" -o "$T/time" "$BIN" "$cmd" -q tests/rulesets/de.md -o "$o" >/dev/null 2>&1
		set -- $(tail -1 "$T/time")
		awk -v c="$cmd" -v w="$1" -v u="$2" -v s="$3" -v m="$4" 'BEGIN {
		    printf "German %s (tests/rulesets/de.md): %.2f s wall, %.2f s CPU, %d MB\n", c, w, u + s, m / 1024 }'
	done
fi
