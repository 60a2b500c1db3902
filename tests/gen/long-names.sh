#!/bin/sh
# long-names.sh [UNITS [NAME [TITLE]]]: prints a firepower ruleset at the
# name limits, in the format of rulesets/morschauser-modern.md: a title of
# TITLE characters (default 200) and UNITS (default 256, the most a ruleset
# may have) unit types named with NAME characters (default 80), each
# carrying 4 of 256 weapons whose names are NAME characters too. For timing
# the products at the limits (tests/check/hostile_render.sh).
n=${1:-256}
awk -v n="$n" -v nl="${2:-80}" -v tl="${3:-200}" '
function pad(s, w) {
	while (length(s) < w)
		s = s " of the Northern Marches"
	return substr(s, 1, w)
}
BEGIN {
	print "---"
	print "title: " "\"" pad("Long Names, Rules for a Modern War Game", tl) "\""
	print "author: A. Tester"
	print "engine: firepower"
	print "measure: in"
	print "base: 1in"
	print "table: 72x48in"
	print "---"
	print ""
	print "## Units"
	print ""
	print "| Unit | Class | Move | Road move | Melee | Weapons | Traits |"
	print "|---|---|---|---|---|---|---|"
	for (i = 0; i < n; i++) {
		w = ""
		for (k = 0; k < 4; k++)
			w = w (k ? ", " : "") pad(sprintf("Weapon %03d", \
			    (i * 4 + k) % 256), nl)
		printf "| %s | %s | 9\" | — | 4 | %s | |\n", \
		    pad(sprintf("Unit %03d", i), nl), \
		    (i % 3 == 0 ? "infantry" : i % 3 == 1 ? "artillery" : \
		    "vehicle"), w
	}
	print ""
	print "## Weapons"
	print ""
	print "| Weapon | Range | Hits on | Destroys | Traits | Notes |"
	print "|---|---|---|---|---|---|"
	for (k = 0; k < 256 && k < 4 * n; k++)
		printf "| %s | 15\" | 4, 6 | all | | |\n", \
		    pad(sprintf("Weapon %03d", k), nl)
	print ""
	print "## Sequence of play"
	print ""
	print "1. Move."
	print "2. Fire."
	print "3. Melee."
}'
