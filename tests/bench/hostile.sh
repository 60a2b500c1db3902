#!/bin/sh
# Runaway inputs (issue 14): each case of the hostile-input probe that once
# took minutes or gigabytes, with its time (wall and CPU), its peak memory
# and its exit status now. Target: under 5 s and 256 MB on one core, or
# refused (exit 1 or 2) with a placed error naming the limit.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
MOD=rulesets/morschauser-modern.md

# The Modern rules with MD appended as a prose section.
with_prose() {
	cat "$MOD"
	printf '\n## Designer notes\n\n'
	cat
	printf '\n'
}
rep() { # TEXT COUNT: TEXT repeated COUNT times, on one line
	awk -v t="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", t }'
}

rep a 100000 | with_prose >"$T/word100k.md"
rep a 8000000 | with_prose >"$T/word8m.md"
rep '[' 400000 | with_prose >"$T/brackets.md"
rep '<' 500000 | with_prose >"$T/angles.md"
{
	printf '| Column A | Column B | Column C |\n|---|---|---|\n'
	awk 'BEGIN { for (i = 0; i < 100000; i++) printf "| row %d | some words | more words |\n", i }'
} | with_prose >"$T/table100k.md"
# A prose table at the limits: 1,000 rows of 49 columns (issue 30).
awk 'BEGIN { for (c = 0; c < 49; c++) printf "| C%d ", c; print "|"
	for (c = 0; c < 49; c++) printf "|---"; print "|"
	for (r = 0; r < 1000; r++) { for (c = 0; c < 49; c++) printf "| w%d ", r * 49 + c; print "|" } }' |
	with_prose >"$T/table49.md"
name=$(rep x 4000)
sed "0,/^| Rifle /s//| $name /" "$MOD" >"$T/name4k.md"
title=$(rep T 100000)
sed "s/^title: .*/title: $title/" "$MOD" >"$T/title100k.md"
if [ -f tests/big-ruleset.sh ]; then
	sh tests/big-ruleset.sh firepower 256 >"$T/big-fp.md"
	sh tests/big-ruleset.sh morale 256 20 >"$T/big-mo.md"
fi
[ -f tests/gen/long-names.sh ] && sh tests/gen/long-names.sh >"$T/names80.md"
printf 'size: 999999999999999\n' >"$T/size.yaml"
printf 'columns: 8\ngutter: 999mm\n' >"$T/gutter.yaml"
# A self-intersecting wood of N points (a star of long spikes).
star() {
LC_ALL=C awk -v n="$1" -v big="$2" -v small="$3" 'BEGIN {
	printf "# sandtable battlefield; lengths in millimetres\nmeasure: mm\n"
	printf "table: 1828.8x1219.2mm\nterrain:\n  - kind: wood\n    outline: ["
	for (i = 0; i < n; i++) {
		a = i * 3.14159265 * 2 * (n / 2 - 1) / n
		r = (i % 2) ? big : small
		printf "%s[%.2f, %.2f]", i ? ", " : "", 914 + r * cos(a), 609 + r * sin(a)
	}
	printf "]\n"
}'
}
star 10000 550 30 >"$T/star.yaml"
# within the limits: 1,000 points, the outline 20 times round the table
star 1000 60 30 >"$T/star1k.yaml"

# run LABEL COMMAND... (lib.sh): prints wall s, CPU s, peak MB and the
# exit status.
. "$(dirname "$0")/lib.sh"

run "reference, a 100k-character word" "$BIN" reference -q "$T/word100k.md" -o "$T/o.pdf"
run "reference, an 8M-character word" "$BIN" reference -q "$T/word8m.md" -o "$T/o.pdf"
run "reference, 400 KB of [" "$BIN" reference -q "$T/brackets.md" -o "$T/o.pdf"
run "reference, 500 KB of <" "$BIN" reference -q "$T/angles.md" -o "$T/o.pdf"
run "report, 500 KB of <" "$BIN" report -q --games 100 "$T/angles.md" -o "$T/o.pdf"
run "reference, a prose table of 100k rows" "$BIN" reference -q "$T/table100k.md" -o "$T/o.pdf"
run "reference, a prose table of 1,000 x 49" "$BIN" reference -q "$T/table49.md" -o "$T/o.pdf"
run "rulebook, a prose table of 1,000 x 49" "$BIN" rulebook -q "$T/table49.md" -o "$T/o.pdf"
run "reference, a 4,000-character unit name" "$BIN" reference -q "$T/name4k.md" -o "$T/o.pdf"
run "build, a 100 KB title" "$BIN" build -q "$T/title100k.md" -o "$T/out"
if [ -f "$T/names80.md" ]; then
	run "reference, 256 units, 80-character names" "$BIN" reference -q "$T/names80.md" -o "$T/o.pdf"
	run "cards, 256 units, 80-character names" "$BIN" cards -q "$T/names80.md" -o "$T/o.pdf"
fi
if [ -f "$T/big-fp.md" ]; then
	run "reference, 256 units x 4 weapons" "$BIN" reference -q "$T/big-fp.md" -o "$T/o.pdf"
	run "cards, 256 units x 4 weapons" "$BIN" cards -q "$T/big-fp.md" -o "$T/o.pdf"
	run "report, 256 units x 4 weapons" "$BIN" report -q "$T/big-fp.md" -o "$T/o.pdf"
	run "build, 256 units x 4 weapons" "$BIN" build -q "$T/big-fp.md" -o "$T/out"
	run "odds --json, 256 morale units, 20 dice" "$BIN" odds --json "$T/big-mo.md"
	run "build, 256 morale units, 20 dice" "$BIN" build -q "$T/big-mo.md" -o "$T/out"
fi
run "map, a 10,000-point star, --no-snap" "$BIN" map -q "$MOD" --scenario "$T/star.yaml" --no-snap -o "$T/o.pdf"
run "map, a 1,000-point star (the limit), --no-snap" "$BIN" map -q "$MOD" --scenario "$T/star1k.yaml" --no-snap -o "$T/o.pdf"
run "map png, a 1,000-point star, --no-snap" "$BIN" map -q "$MOD" --scenario "$T/star1k.yaml" --no-snap -o "$T/o.png"
run "template size: 999999999999999" "$BIN" reference -q --template "$T/size.yaml" "$MOD" -o "$T/o.pdf"
run "template columns: 8, gutter: 999mm" "$BIN" reference -q --template "$T/gutter.yaml" "$MOD" -o "$T/o.pdf"
run "map --scenario /dev/zero" "$BIN" map -q --scenario /dev/zero -o "$T/o.pdf"
