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
# Issue 36: a build of each bundled ruleset into an empty output folder,
# with the results cache warm (self-play, the scenario search and the
# exact odds remembered from the run before) against --no-cache (every
# one worked out again), in pairs back to back on the same machine; the
# faster of three of each.
export XDG_CACHE_HOME="$tmp/cache"
for r in morschauser-modern gauntlet-ancients dice-skirmish cinder-vale; do
	"$BIN" build -q -o "$tmp/warm" rulesets/$r.md 2>/dev/null # fills the cache
	best_u=999 best_c=999
	for i in 1 2 3; do
		rm -rf "$tmp/out"
		s=$(now)
		"$BIN" build -q --no-cache -o "$tmp/out" rulesets/$r.md 2>/dev/null
		m=$(now)
		rm -rf "$tmp/out"
		"$BIN" build -q -o "$tmp/out" rulesets/$r.md 2>/dev/null
		e=$(now)
		best_u=$(LC_ALL=C awk -v a="$best_u" -v b="$(LC_ALL=C awk -v s="$s" -v m="$m" 'BEGIN { print m - s }')" 'BEGIN { print (b < a ? b : a) }')
		best_c=$(LC_ALL=C awk -v a="$best_c" -v b="$(LC_ALL=C awk -v m="$m" -v e="$e" 'BEGIN { print e - m }')" 'BEGIN { print (b < a ? b : a) }')
	done
	LC_ALL=C awk -v u="$best_u" -v c="$best_c" -v r="$r" 'BEGIN {
		printf "build: %s into an empty folder, uncached (--no-cache) %.2f s, cached %.2f s wall (%.1fx)\n", r, u, c, u / c }'
done
