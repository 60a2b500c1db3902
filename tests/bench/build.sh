#!/bin/sh
# The main job: `sandtable build` of both bundled rulesets into an empty
# output directory (what `make out` runs after compiling), serial and
# with --jobs 2. Target: under 3 s on a 2-core machine.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
for j in 1 2; do
	rm -rf "$tmp/out"
	s=$(now)
	"$BIN" build -q -j $j -o "$tmp/out" rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md 2>/dev/null
	e=$(now)
	LC_ALL=C awk -v s="$s" -v e="$e" -v j="$j" 'BEGIN { printf "build: both bundled rulesets from an empty out/, --jobs %d: %.2f s wall\n", j, e - s }'
done
for r in morschauser-modern gauntlet-ancients; do
	rm -rf "$tmp/out"
	s=$(now)
	"$BIN" build -q -o "$tmp/out" rulesets/$r.md 2>/dev/null
	e=$(now)
	LC_ALL=C awk -v s="$s" -v e="$e" -v r="$r" 'BEGIN { printf "build: %s alone: %.2f s wall\n", r, e - s }'
done
# Issue 36: a second build of an unchanged ruleset (up to date: nothing
# rewritten), against the first, for every bundled ruleset. Target: under
# 0.3 s.
for r in morschauser-modern gauntlet-ancients dice-skirmish cinder-vale; do
	rm -rf "$tmp/out"
	s=$(now)
	"$BIN" build -q -o "$tmp/out" rulesets/$r.md 2>/dev/null
	m=$(now)
	"$BIN" build -q -o "$tmp/out" rulesets/$r.md 2>/dev/null
	e=$(now)
	LC_ALL=C awk -v s="$s" -v m="$m" -v e="$e" -v r="$r" 'BEGIN {
		printf "build: %s, first %.2f s wall, again unchanged %.3f s wall (target < 0.3 s)\n", r, m - s, e - m }'
done
