#!/bin/sh
# The stated limits (README, Limits and hostile input), each met: the time
# (wall and CPU) and peak memory of the heaviest command at it, and that
# one step past it is refused. README's table of limits quotes these
# figures; tests/bench/hostile*.sh have the runaway cases of the probes.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
MOD=rulesets/morschauser-modern.md
export LC_ALL=C

. "$(dirname "$0")/lib.sh"
RUN_CUT=80
run() { # LABEL COMMAND...: wall s, CPU s, peak MB and the exit status
	label=$1
	shift
	measure "$@"
	awk -v l="$label" -v w="$wall" -v c="$cpu" -v m="$mb" -v rc="$rc" \
	    -v why="$(failure)" 'BEGIN {
	    printf "limit %-46s %5.2f s wall %5.2f s CPU %4d MB exit %d%s\n",
	        l ":", w, c, m, rc, why }'
}

# A ruleset of 8 MiB: the Modern rules and prose up to the limit (short
# lines, fewer than 100,000 of them), and one byte more.
{
	cat "$MOD"
	printf '\n## Designer notes\n\n'
	awk 'BEGIN { for (i = 0; i < 95000; i++)
	    printf "Note %d of the designer, words of prose to read on and on and on, and on again to the end of the line.\n", i }'
} | head -c $((8 * 1024 * 1024)) >"$T/8m.md"
printf '\n' >>"$T/8m.md"
head -c $((8 * 1024 * 1024 - 1)) "$T/8m.md" >"$T/x" && printf '\n' >>"$T/x" && mv "$T/x" "$T/8m.md"
{ cat "$T/8m.md"; printf 'x\n'; } >"$T/8m1.md"
run "check, an 8 MiB ruleset" "$BIN" check -q --games 0 "$T/8m.md"
run "reference, an 8 MiB ruleset" "$BIN" reference -q "$T/8m.md" -o "$T/o.pdf"
run "rulebook, an 8 MiB ruleset (past 500 pages)" "$BIN" rulebook -q "$T/8m.md" -o "$T/o.pdf"
run "check, 8 MiB and a byte" "$BIN" check -q --games 0 "$T/8m1.md"

# 100,000 lines that are not blank; 1,000 rows and 50,000 cells of tables.
{
	cat "$MOD"
	printf '\n## Notes\n\n'
	awk 'BEGIN { for (i = 0; i < 99000; i++) printf "- n%d\n", i }'
} >"$T/lines.md"
run "reference, 100,000 lines" "$BIN" reference -q "$T/lines.md" -o "$T/o.pdf"
{
	cat "$MOD"
	printf '\n## Tables\n\n'
	awk 'BEGIN { for (t = 0; t < 1; t++) {
	    for (c = 0; c < 49; c++) printf "| C%d ", c; print "|"
	    for (c = 0; c < 49; c++) printf "|---"; print "|"
	    for (r = 0; r < 1000; r++) { for (c = 0; c < 49; c++) printf "| w%d ", r * 49 + c; print "|" } } }'
} >"$T/cells.md"
run "reference, a table of 1,000 rows, 49,000 cells" "$BIN" reference -q "$T/cells.md" -o "$T/o.pdf"
run "rulebook, a table of 1,000 rows, 49,000 cells" "$BIN" rulebook -q "$T/cells.md" -o "$T/o.pdf"

# A rulebook near its 500 pages.
{
	cat "$MOD"
	printf '\n## List\n\n'
	awk 'BEGIN { for (i = 1; i <= 23000; i++) printf "- item %d\n", i }'
} >"$T/book.md"
run "rulebook, 480 pages" "$BIN" rulebook -q "$T/book.md" -o "$T/o.pdf"

# 1,000 test games: the Modern rules' first one, 1,000 times over.
{
	awk '/^```test-game/ { exit } { print }' "$MOD"
	game=$(awk '/^```test-game/ { f = 1 } f { print } /^```$/ && f { exit }' "$MOD")
	i=0
	while [ $i -lt 1000 ]; do
		printf '%s\n\n' "$game" | sed "s/^name: \(.*\)/name: \1 ($i)/"
		i=$((i + 1))
	done
} >"$T/games.md"
run "check, 1,000 test games" "$BIN" check -q --games 0 "$T/games.md"
run "build, 1,000 test games" "$BIN" build -q "$T/games.md" -o "$T/out"

# A template of 1 MiB (a long comment), and one byte more.
{ cat templates/reference.yaml; awk 'BEGIN { for (i = 0; i < 20000; i++) printf "# a comment line of the template %d\n", i }'; } |
    head -c $((1024 * 1024 - 1)) >"$T/t.yaml"
printf '\n' >>"$T/t.yaml"
run "reference, a 1 MiB template" "$BIN" reference -q -t "$T/t.yaml" "$MOD" -o "$T/o.pdf"

# Self-play: the stated maximum is 1,000,000 games; 100,000 here (a tenth).
run "play, 100,000 games (a tenth of the limit)" "$BIN" play -q --games 100000 "$MOD"

# 256 unit types and 256 weapons (the firepower family's generator).
if [ -f tests/big-ruleset.sh ]; then
	sh tests/big-ruleset.sh firepower 256 >"$T/big.md"
	run "build, 256 unit types of 4 weapons" "$BIN" build -q "$T/big.md" -o "$T/out"
fi
