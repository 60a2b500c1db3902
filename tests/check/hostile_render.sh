#!/bin/sh
# hostile_render.sh BIN: rulesets and templates made to make the products
# run away or print something wrong. Inputs within the stated limits finish
# in seconds (each case has a generous timeout so a sanitizer build passes
# too; the real figures are in the commit notes); inputs outside them are
# refused with an error at their file:line:col; a character no font has is
# a warning, once. Huge inputs are made here, never kept.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MOD=rulesets/morschauser-modern.md
SLOW=${SANDTABLE_SLOW:-1}
# Peak memory: 256 MB, but for a sanitizer build, whose shadow memory
# and quarantine take several times as much.
MAXMB=256
nm -u "$BIN" 2>/dev/null | grep -q __asan_init && MAXMB=1500

t() { # NAME WANT-STATUS PATTERN-IN-STDERR COMMAND...
	name=$1 want=$2 pat=$3
	shift 3
	timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $name: exit $got, wanted $want: $(head -c 200 "$tmp/err")"
	elif [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; then
		echo "FAIL: $name: no '$pat' in: $(head -c 200 "$tmp/err")"
	else
		echo "PASS: $name"
	fi
}
# no PATTERN NAME: stderr of the last t has no PATTERN
no() {
	if grep -q -- "$1" "$tmp/err"; then
		echo "FAIL: $2: '$1' in: $(grep -m1 -- "$1" "$tmp/err" | head -c 200)"
	else
		echo "PASS: $2"
	fi
}
# tt NAME WANT-STATUS PATTERN-IN-STDERR SECONDS COMMAND...: as t, and the
# command takes at most SECONDS (times SLOW) of CPU and 256 MB
# (/usr/bin/time; without it, SECONDS of the clock and no memory).
tt() {
	name=$1 want=$2 pat=$3 lim=$(($4 * SLOW))
	shift 4
	rm -f "$tmp/time"
	if [ -x /usr/bin/time ]; then
		timeout 60 /usr/bin/time -f "%U %S %M" -o "$tmp/time" "$@" \
		    >"$tmp/out" 2>"$tmp/err"
		got=$?
		use=$(tail -1 "$tmp/time" 2>/dev/null |
		    awk '{ printf "%.1f s of CPU, %d MB", $1 + $2, $3 / 1024 }')
		over=$(tail -1 "$tmp/time" 2>/dev/null |
		    awk -v l="$lim" -v m="$MAXMB" '{ print ($1 + $2 > l || $3 > m * 1024) }')
	else
		s=$(date +%s)
		timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
		got=$?
		e=$(date +%s)
		use="$((e - s)) s"
		over=$([ $((e - s)) -gt "$lim" ] && echo 1 || echo 0)
	fi
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $name: exit $got, wanted $want: $(head -c 200 "$tmp/err")"
	elif [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; then
		echo "FAIL: $name: no '$pat' in: $(head -c 200 "$tmp/err")"
	elif [ "${over:-1}" != 0 ]; then
		echo "FAIL: $name: ${use:-no time}, over $lim s or $MAXMB MB"
	else
		echo "PASS: $name ($use)"
	fi
}
# prose FILE: the bundled ruleset and a section of prose from stdin
prose() {
	{ cat "$MOD"; printf '\n## Hostile\n\n'; cat; printf '\n'; } >"$1"
}
# line: the line number where the hostile section's text starts
L=$(($(wc -l <"$MOD") + 4))

# One unbroken word of 8 MiB (less the ruleset): before, minutes of
# Pango line breaking; now cut at 10,000 characters with a warning.
head -c 8300000 /dev/zero | tr '\0' 'x' | prose "$tmp/word.md"
t "an 8 MiB word: reference" 0 "word.md:$L:1: warning: only the first 10000 characters" \
	"$BIN" reference "$tmp/word.md" -o "$tmp/r.pdf"
t "an 8 MiB word: cards" 0 "" "$BIN" cards "$tmp/word.md" -o "$tmp/c.pdf"
t "an 8 MiB word: report" 0 "" "$BIN" report "$tmp/word.md" -o "$tmp/p.pdf"
# A paragraph of 1.2 million ordinary words, and a table cell of them.
awk 'BEGIN { for (i = 0; i < 1200000; i++) printf "word " }' | prose "$tmp/words.md"
t "a 6 MB paragraph of words: reference" 0 "words.md:$L:1: warning: only the first 10000" \
	"$BIN" reference "$tmp/words.md" -o "$tmp/r.pdf"
awk 'BEGIN { printf "| a | b |\n|---|---|\n| "; for (i = 0; i < 1200000; i++) printf "word "; print "| x |" }' |
	prose "$tmp/cell.md"
t "a 6 MB table cell: reference" 0 "cell.md:$L:1: warning:" \
	"$BIN" reference "$tmp/cell.md" -o "$tmp/r.pdf"
# Markdown that would cost cmark-gfm gigabytes is refused at its place.
head -c 400000 /dev/zero | tr '\0' '[' | prose "$tmp/brackets.md"
t "400 KB of '[': placed error" 1 "brackets.md:$L:[0-9]*: error: more than 100000 of the characters" \
	"$BIN" reference "$tmp/brackets.md" -o "$tmp/r.pdf"
awk 'BEGIN { for (i = 0; i < 200000; i++) print "a line" }' | prose "$tmp/lines.md"
t "200,000 lines: placed error" 1 "lines.md:[0-9]*:1: error: more than 100000 lines" \
	"$BIN" cards "$tmp/lines.md" -o "$tmp/c.pdf"
no "warning: only the first" "200,000 lines: nothing rendered"

# Prose tables: 1,000 rows and 64 columns, as the Units table.
awk 'BEGIN { print "| a | b |"; print "|---|---|"; for (i = 0; i < 100000; i++) print "| x" i " | y |" }' |
	prose "$tmp/rows.md"
t "a prose table of 100,000 rows: placed error" 1 "rows.md:$((L + 1002)):1: error: a table has more than 1000 rows" \
	"$BIN" reference "$tmp/rows.md" -o "$tmp/r.pdf"
awk 'BEGIN { for (r = 0; r < 3; r++) { for (i = 0; i < 20000; i++) printf (r == 1 ? "|-" : "|x"); print "|" } }' |
	prose "$tmp/cols.md"
t "a table of 20,000 columns: placed error" 1 "cols.md:$((L + 1)):1: error: a table has more than 64 columns" \
	"$BIN" reference "$tmp/cols.md" -o "$tmp/r.pdf"
awk 'BEGIN { print "| a | b |"; print "|---|---|"; for (i = 0; i < 9000; i++) printf "|x"; print "|" }' |
	prose "$tmp/pipes.md"
t "a table row of 9,000 cells: placed error" 1 "pipes.md:$((L + 2)):257: error: more than 128 '|'" \
	"$BIN" reference "$tmp/pipes.md" -o "$tmp/r.pdf"
awk 'BEGIN { for (r = 0; r < 2; r++) { for (i = 0; i < 60; i++) printf (r ? "|-" : "|h"); print "|" }
	for (t = 0; t < 5; t++) { for (i = 0; i < 999; i++) print "x"; print ""; for (i = 0; i < 60; i++) printf "|h"; print "|"; for (i = 0; i < 60; i++) printf "|-"; print "|" } }' |
	prose "$tmp/cells.md"
t "tables of 300,000 cells (rows filled in): placed error" 1 "error: more than 50000 table cells" \
	"$BIN" reference "$tmp/cells.md" -o "$tmp/r.pdf"
awk 'BEGIN { print "| a | b |"; print "|---|---|"; for (i = 0; i < 1000; i++) print "| x" i " | y |" }' |
	prose "$tmp/rows1000.md"
t "a prose table of 1,000 rows is fine" 0 "" "$BIN" reference "$tmp/rows1000.md" -o "$tmp/r.pdf"
no "error" "a prose table of 1,000 rows: no error"

# A prose table at the limits, 1,000 rows of 49 columns (49,000 cells):
# its cells were laid out again at every size the reference tried (33.6 s
# of CPU, 203 MB) and broken a letter a line in the rulebook (12 s). Now
# the sheet leaves it out with a note (it could not hold it at any size)
# and keeps its size for the rest; the book prints it in parts of its
# columns, every cell whole.
awk 'BEGIN { for (c = 0; c < 49; c++) printf "| C%d ", c; print "|"
	for (c = 0; c < 49; c++) printf "|---"; print "|"
	for (r = 0; r < 1000; r++) { for (c = 0; c < 49; c++) printf "| w%d ", r * 49 + c; print "|" } }' |
	prose "$tmp/t49.md"
tt "a 1,000 x 49 prose table: reference" 0 \
	"t49.md:$L:1: warning: a table of 1000 rows does not fit even at the least size: it is left out" \
	5 "$BIN" reference "$tmp/t49.md" -o "$tmp/r.pdf"
no "this and what follows is left out" "a 1,000 x 49 prose table: the rest of the sheet all there"
pdftotext "$tmp/r.pdf" - 2>/dev/null | tr '\n' ' ' |
	grep -q "A table of 1000 rows is left out here: it does not fit these pages at any size. The rulebook prints it in full." &&
	[ "$(pdfinfo "$tmp/r.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')" = 2 ] &&
	echo "PASS: a 1,000 x 49 prose table: the sheet's note in its place" ||
	echo "FAIL: a 1,000 x 49 prose table: the sheet's note in its place"
tt "a 1,000 x 49 prose table: rulebook" 0 "" \
	5 "$BIN" rulebook "$tmp/t49.md" -o "$tmp/b.pdf"
no "warning" "a 1,000 x 49 prose table: rulebook without a warning"
pdftotext "$tmp/b.pdf" "$tmp/b.txt" 2>/dev/null
n=$(grep -o -w 'w[0-9]*' "$tmp/b.txt" | sort -u | wc -l)
grep -q -w w0 "$tmp/b.txt" && grep -q -w w48999 "$tmp/b.txt" && [ "$n" -eq 49000 ] &&
	grep -q "Column 1, and columns 42 to 49 of 49 (part 6 of 6)" "$tmp/b.txt" &&
	echo "PASS: a 1,000 x 49 prose table: every cell of the book's whole, w0 to w48999" ||
	echo "FAIL: a 1,000 x 49 prose table: every cell of the book's whole: $n of 49000"
# The same with cells of three words: parts of columns at their widest
# word wrapped every cell, laid out twice more (7.3 s); at their natural
# width, up to two fifths of the page, they keep to a line.
awk 'BEGIN { for (c = 0; c < 49; c++) printf "| C%d ", c; print "|"
	for (c = 0; c < 49; c++) printf "|---"; print "|"
	for (r = 0; r < 1000; r++) { for (c = 0; c < 49; c++) printf "| cell %d here ", r * 49 + c; print "|" } }' |
	prose "$tmp/t49w.md"
tt "a 1,000 x 49 table of three-word cells: rulebook" 0 "" \
	5 "$BIN" rulebook "$tmp/t49w.md" -o "$tmp/b.pdf"
pdftotext "$tmp/b.pdf" - 2>/dev/null | grep -c "^cell [0-9]* here" >"$tmp/n"
pdftotext -layout "$tmp/b.pdf" - 2>/dev/null | grep -q "cell 48999 here" &&
	[ "$(cat "$tmp/n")" -ge 49000 ] &&
	echo "PASS: a 1,000 x 49 table of three-word cells: each on a line" ||
	echo "FAIL: a 1,000 x 49 table of three-word cells: each on a line ($(cat "$tmp/n"))"
tt "a 1,000 x 49 table of three-word cells: reference" 0 \
	"t49w.md:$L:1: warning: a table of 1000 rows does not fit" \
	5 "$BIN" reference "$tmp/t49w.md" -o "$tmp/r.pdf"

# Names: 4,000-character unit and weapon names took 33 s for the
# reference; past the reader's limit (80 characters, README) each is
# refused at its place and nothing is written.
sh tests/gen/long-names.sh 7 4000 >"$tmp/names.md"
rm -f "$tmp/r.pdf"
t "4,000-character names: refused at the name" 1 \
	"names.md:14:2: error: unit name of 3999 characters: the limit is 80" \
	"$BIN" reference "$tmp/names.md" -o "$tmp/r.pdf"
n=$(grep -c "names.md:[0-9]*:2: error: unit name of 3999 characters" "$tmp/err")
[ "$n" -eq 7 ] && [ ! -e "$tmp/r.pdf" ] &&
	echo "PASS: 4,000-character names: each of 7 refused, nothing written" ||
	echo "FAIL: 4,000-character names: each of 7 refused, nothing written: $n errors"
sh tests/gen/long-names.sh 48 >"$tmp/names80.md"
t "48 unit types with 80-character names: cards" 0 "" "$BIN" cards "$tmp/names80.md" -o "$tmp/c.pdf"
t "48 unit types with 80-character names: reference" 0 "" "$BIN" reference "$tmp/names80.md" -o "$tmp/r.pdf"

# Templates: every number in a stated range, at its place.
printf 'size: 999999999999999\n' >"$tmp/size.yaml"
t "template size 999999999999999: placed error" 1 "size.yaml:1:7: error: template: 'size' must be from 4 to 72" \
	"$BIN" reference -q --template "$tmp/size.yaml" "$MOD" -o "$tmp/r.pdf"
no "CRITICAL" "template size 999999999999999: no Pango-CRITICAL"
t "template size 999999999999999, cards: placed error" 1 "size.yaml:1:7: error" \
	"$BIN" cards -q --template "$tmp/size.yaml" "$MOD" -o "$tmp/c.pdf"
printf 'columns: 8\ngutter: 999mm\n' >"$tmp/gutter.yaml"
t "template gutter 999mm: placed error" 1 "gutter.yaml:2:9: error: template: 'gutter' must be from 0 mm to 50 mm" \
	"$BIN" reference -q --template "$tmp/gutter.yaml" "$MOD" -o "$tmp/r.pdf"
printf 'columns: 8\ngutter: 40mm\n' >"$tmp/cols8.yaml"
t "8 columns with 40 mm gutters: placed error" 1 "cols8.yaml:2:9: error: template: 8 columns with 40 mm gutters do not fit" \
	"$BIN" reference -q --template "$tmp/cols8.yaml" "$MOD" -o "$tmp/r.pdf"
printf 'pages: 1000000000\ncolumns: 2500000000\ntitle-height: 180mm\n' >"$tmp/many.yaml"
t "template pages 1000000000: placed error" 1 "many.yaml:1:8: error: template: 'pages' must be from 1 to 50" \
	"$BIN" reference -q --template "$tmp/many.yaml" "$MOD" -o "$tmp/r.pdf"
grep -q "many.yaml:2:10: error: template: 'columns' must be from 1 to 8" "$tmp/err" &&
	echo "PASS: template columns 2500000000: placed error" ||
	echo "FAIL: template columns 2500000000: placed error: $(head -c 300 "$tmp/err")"
grep -q "many.yaml:3:15: error: template: 'title-height' must be from 5 mm to 100 mm" "$tmp/err" &&
	echo "PASS: template title-height 180mm: placed error" ||
	echo "FAIL: template title-height 180mm: placed error: $(head -c 300 "$tmp/err")"
printf 'band-height: 50mm\nframe: 20mm\nsafe-margin: 30mm\n' >"$tmp/band.yaml"
t "card safe-margin leaving no panel: placed error" 1 "band.yaml:3:14: error: template: band-height, frame and safe-margin leave no room" \
	"$BIN" cards -q --template "$tmp/band.yaml" "$MOD" -o "$tmp/c.pdf"
head -c 1100000 /dev/zero | tr '\0' '#' >"$tmp/big.yaml"
t "a template over 1 MiB: error, no crash" 1 "big.yaml: error: cannot read template" \
	"$BIN" reference -q --template "$tmp/big.yaml" "$MOD" -o "$tmp/r.pdf"

# A character no installed font has (U+E000, private use) prints as a
# box: a warning names it and its line, once however often it prints.
if fc-list ':charset=e000' | grep -q .; then
	echo "SKIP: missing glyph: a font has U+E000"
else
	sed 's/^title: .*/title: Rules \xee\x80\x80 for a Modern War Game/' "$MOD" >"$tmp/glyph.md"
	printf '\n## Signs\n\nA private sign \356\200\200 here.\n' >>"$tmp/glyph.md"
	t "a missing glyph in prose: warning at its line" 0 "glyph.md:$(($(wc -l <"$MOD") + 4)):1: warning: no installed font has U+E000" \
		"$BIN" reference "$tmp/glyph.md" -o "$tmp/r.pdf"
	t "a missing glyph in the title: cards warn" 0 "glyph.md:2:8: warning: no installed font has U+E000" \
		"$BIN" cards "$tmp/glyph.md" -o "$tmp/c.pdf"
	n=$(grep -c "U+E000" "$tmp/err")
	[ "$n" -eq 1 ] && echo "PASS: a missing glyph on every card: one warning" ||
		echo "FAIL: a missing glyph on every card: $n warnings"
fi
# A card whose weapons table cannot fit whole shows the rows that fit
# (it once showed none of them), and a warning says the rest is left out.
sh tests/gen/long-names.sh 3 >"$tmp/ln3.md"
t "a card too small for its weapons: a warning" 0 "does not fit even at" \
	"$BIN" cards "$tmp/ln3.md" -o "$tmp/ln3.pdf"
pdftotext "$tmp/ln3.pdf" - 2>/dev/null | grep -q "Weapon 000 of the" &&
	echo "PASS: a card too small for its weapons shows the first ones" ||
	echo "FAIL: a card too small for its weapons shows the first ones"
ls -A "$tmp" | grep -q '^\.sandtable-\|\.tmp' && echo "FAIL: a temporary file was left behind" ||
	echo "PASS: no temporary file left behind"

# A rulebook has at most 500 pages in all: past them is refused early (its
# layout stops there), and a book near the limit is made in seconds.
# Once: 30,000 headings made 2,636 pages in 11 s and 455 MB.
{ cat "$MOD"; awk 'BEGIN { for (i = 1; i <= 30000; i++) printf "\n## H%d\n\nSome text about rule %d.\n", i, i }'; } >"$tmp/heads.md"
s=$(date +%s)
t "rulebook of 30,000 sections: refused at the title" 1 \
    "heads.md:2:8: error: rulebook: the ruleset does not fit in 500 pages" \
    "$BIN" rulebook -q "$tmp/heads.md" -o "$tmp/heads.pdf"
e=$(date +%s)
[ $((e - s)) -le $((5 * SLOW)) ] && [ ! -e "$tmp/heads.pdf" ] &&
    echo "PASS: rulebook refused in $((e - s)) s, nothing written" ||
    echo "FAIL: rulebook refused in $((e - s)) s, nothing written"
{ cat "$MOD"; printf '\n## List\n\n'; awk 'BEGIN { for (i = 1; i <= 23000; i++) printf "- item %d\n", i }'; } >"$tmp/list.md"
s=$(date +%s)
t "rulebook of 23,000 list items: made" 0 "" \
    "$BIN" rulebook -q "$tmp/list.md" -o "$tmp/list.pdf"
e=$(date +%s)
n=$(pdfinfo "$tmp/list.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "${n:-0}" -gt 400 ] && [ "$n" -le 500 ] && [ $((e - s)) -le $((8 * SLOW)) ] &&
    echo "PASS: a $n-page rulebook in $((e - s)) s" ||
    echo "FAIL: a rulebook near 500 pages in seconds: ${n:-no} pages in $((e - s)) s"
