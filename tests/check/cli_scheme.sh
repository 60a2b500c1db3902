#!/bin/sh
# One command line (issue 18): a short letter means one thing in every
# command; the spellings of earlier versions still work, with a note; -q
# and -v on every command, -q errors only; "-" is standard input and
# "-o -" standard output; the format follows the output's name; a missing
# file is exit 1; build of rulesets/*.md leaves FORMAT.md out; every
# product says "wrote".
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
D=rulesets/dice-skirmish.md
M=rulesets/morschauser-modern.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# t NAME STATUS ARGS...: runs the binary, checks the exit status.
t() {
	name=$1 want=$2
	shift 2
	timeout 120 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass "$name"; else
		fail "$name" "exit $got, wanted $want: $(head -c 300 "$tmp/err")"; fi
}

# Every command's help: its short letters and the long names they stand
# for ("  -p, --paper P"). A letter that stands for two long names in
# two commands fails.
: >"$tmp/letters"
for c in $("$BIN" --commands); do
	"$BIN" help "$c" | sed -n 's/^  -\([a-zA-Z]\), \(--[a-z-]*\).*/\1 \2/p' |
	    while read -r l long; do echo "$l $long $c"; done >>"$tmp/letters"
done
n=$(wc -l <"$tmp/letters")
[ "$n" -ge 40 ] && pass "help lists $n short options" || fail "help lists short options" "$n"
bad=$(awk '{ if ($1 in m && m[$1] != $2) print $1 ": " m[$1] " (" c[$1] ") and " $2 " (" $3 ")"; m[$1] = $2; c[$1] = $3 }' "$tmp/letters")
[ "$n" -ge 40 ] && [ -z "$bad" ] && pass "one letter, one meaning in every command" ||
    fail "one letter, one meaning in every command" "$bad"
# ... and the shared ones are where a user looks for them.
for want in "p --paper reference" "p --paper cards" "p --paper bases" \
    "p --paper map" "p --paper scenario" "p --paper report" \
    "T --table map" "T --table scenario" "f --scenario play" \
    "f --scenario scenario" "f --scenario map" "g --grid map" \
    "g --grid play" "t --template cards" "t --template reference" \
    "t --template map" "t --template scenario" "t --template bases" \
    "t --template report" "t --template rulebook"; do
	grep -qx "$want" "$tmp/letters" && pass "-$want" || fail "-$want" "not in help"
done

# One option table (issue 31): every option of every command, as
# `sandtable --options` lists the table, is in that command's --help,
# named in its entry of the man page, and in the completion's list of
# what follows each option (an option with a value in an arm that
# completes it, one without in the arm of flags): none can drift.
# The man page as the build makes it: src/cli/sandtable.1 with the
# products' entries and build's files from BIN's table (src/cli/man.sh).
MAN=$tmp/sandtable.1
sh src/cli/man.sh src/cli/sandtable.1 "$BIN" >"$MAN" 2>"$tmp/manerr" ||
    echo "FAIL: the man page is made from the table: $(head -c 300 "$tmp/manerr")"
COMP=src/cli/sandtable.bash
"$BIN" --options >"$tmp/options" 2>"$tmp/err" || fail "--options" "$(cat "$tmp/err")"
n=$(wc -l <"$tmp/options")
bad=$(awk -F '\t' 'NF != 4 || $2 !~ /^--[a-z][a-z-]*$/ || $3 !~ /^-[a-zA-Z]?$/ { print NR ": " $0 }' "$tmp/options" | head -3)
[ "$n" -ge 120 ] && [ -z "$bad" ] && pass "--options lists $n options, a command's each" ||
    fail "--options lists the options" "$n lines; $bad"
[ "$(cut -f1 "$tmp/options" | uniq)" = "$("$BIN" --commands)" ] &&
    pass "--options covers every command, in --commands' order" ||
    fail "--options covers every command" "$(cut -f1 "$tmp/options" | uniq | tr '\n' ' ')"
# The flags each man page entry names: the words after Fl up to the next
# macro (".It Cm map Oo Fl q | v | h Oc": -q, -v, -h).
awk '/^\.It Cm / { cmd = $3 } /^\.(El|Ss|Sh)/ { cmd = "" }
    cmd != "" { fl = 0
	for (i = 1; i <= NF; i++) { w = $i
		if (w ~ /^\.?Fl$/) { fl = 1; continue }
		if (w ~ /^\.?[A-Z][a-z][a-z]?$/) { fl = 0; continue }
		if (fl && w != "|") { gsub(/\\/, "", w); print cmd " -" w } } }' "$MAN" |
    sort -u >"$tmp/manflags"
# The options the completion's arms name: "value --paper", "flag --dots".
awk '/case "\$prev" in/ { on = 1; next } on && /^\tesac/ { on = 0 }
    on && /^\t# Options that take no value/ { flags = 1 }
    on && /^\t-[-|a-zA-Z0-9]*\)/ { sub(/^\t/, ""); sub(/\).*/, "")
	n = split($0, p, "|")
	for (i = 1; i <= n; i++) print (flags ? "flag " : "value ") p[i]
	flags = 0 }' "$COMP" | sort -u >"$tmp/compopts"
badhelp="" badman="" badcomp=""
while IFS="$(printf '\t')" read -r c long letter arg; do
	"$BIN" help "$c" >"$tmp/h" 2>/dev/null
	if [ "$letter" = - ]; then want="      $long"; else want="  $letter, $long"; fi
	[ "$arg" = - ] || want="$want $arg"
	grep -q -- "^$want\( \|$\)" "$tmp/h" || badhelp="$badhelp $c:$long"
	grep -qx -- "$c $long" "$tmp/manflags" ||
	    { [ "$letter" != - ] && grep -qx -- "$c $letter" "$tmp/manflags"; } || badman="$badman $c:$long"
	kind=value other=flag
	[ "$arg" = - ] && kind=flag other=value
	for w in $long $letter; do
		[ "$w" = - ] && continue
		grep -qx -- "$kind $w" "$tmp/compopts" && ! grep -qx -- "$other $w" "$tmp/compopts" ||
		    badcomp="$badcomp $w($kind)"
	done
done <"$tmp/options"
[ -s "$tmp/options" ] && [ -z "$badhelp" ] && pass "--help shows every option of the table" ||
    fail "--help shows every option of the table" "$badhelp"
[ -s "$tmp/manflags" ] && [ -z "$badman" ] && pass "the man page names every option of every command" ||
    fail "the man page names every option of every command" "$badman"
[ -s "$tmp/compopts" ] && [ -z "$badcomp" ] && pass "the completion knows what follows every option" ||
    fail "the completion knows what follows every option" "$(echo "$badcomp" | tr ' ' '\n' | sort -u | tr '\n' ' ')"

# The common options: one check and one message for a bad value in every
# command that takes it ("sandtable: CMD: --paper B99: not a paper
# size: …", exit 2; --games from 0 where none is played, else from 1).
for o in "--paper B99" "--jobs 0" "--seed x" "--games x" "--lang d_e!"; do
	: >"$tmp/msgs"
	for c in $(awk -F '\t' -v o="${o%% *}" '$2 == o { print $1 }' "$tmp/options"); do
		"$BIN" "$c" ${o%% *} "${o#* }" >/dev/null 2>"$tmp/err"
		rc=$?
		sed "s/^sandtable: $c: /sandtable: CMD: /; s/ (try 'sandtable help $c')\$//; s/from [01] to/from LO to/" \
		    "$tmp/err" >>"$tmp/msgs"
		[ $rc -eq 2 ] || echo "$c: exit $rc" >>"$tmp/msgs"
	done
	m=$(sort -u "$tmp/msgs")
	[ "$(echo "$m" | wc -l)" -eq 1 ] && echo "$m" | grep -q "^sandtable: CMD: ${o%% *} '*${o#* }'*: " &&
	    pass "$o: one message in every command" || fail "$o: one message in every command" "$m"
done
# A value missing is said so in every command (some said "unknown
# option"); an unknown letter in a cluster is named by itself.
for a in "check -n" "play --seed" "odds --dice" "scenario --points" "map -T" "build -o"; do
	t "$a: a value missing" 2 $a
	grep -q "^sandtable: ${a%% *}: option '${a#* }' needs a value" "$tmp/err" &&
	    pass "$a: says the value is missing" || fail "$a: says the value is missing" "$(cat "$tmp/err")"
done
t "check -qx: an unknown letter" 2 check -qx "$D"
grep -q "^sandtable: check: unknown option '-x'" "$tmp/err" && pass "check -qx names -x" ||
    fail "check -qx names -x" "$(cat "$tmp/err")"

# --jobs is 2 unless given, in every command that takes it.
for c in $(awk -F '\t' '$2 == "--jobs" { print $1 }' "$tmp/options"); do
	"$BIN" help "$c" | sed -n '/^  -j, --jobs/,/^ \{1,6\}-/p' | sed '$d' | tr '\n' ' ' |
	    grep -q "(default 2\|(2)" && pass "$c: --jobs default 2" ||
	    fail "$c: --jobs default 2" "$("$BIN" help "$c" | grep -A1 -- --jobs)"
done

# -q and -v on every command (before --help: both are read).
for c in $("$BIN" --commands); do
	"$BIN" "$c" -q -v --help >/dev/null 2>"$tmp/err" && pass "$c takes -q and -v" ||
	    fail "$c takes -q and -v" "$(head -c 200 "$tmp/err")"
done

# The old spellings still work, each with a note; -q drops the note.
t "scenario -p N is --points" 0 scenario "$D" -p 60 -n 20 -o "$tmp/s.pdf"
grep -q "note: scenario -p is now spelled --points" "$tmp/err" &&
    pass "scenario -p N: a note" || fail "scenario -p N: a note" "$(cat "$tmp/err")"
grep -q "Blue 5[0-9] pts\|Blue 6[0-9] pts" "$tmp/out" && pass "scenario -p N: points taken" ||
    fail "scenario -p N: points taken" "$(cat "$tmp/out")"
t "scenario -p A4 is paper" 0 scenario "$D" -p A4 -n 20 -o "$tmp/s.pdf"
grep -q "note:" "$tmp/err" && fail "scenario -p A4: no note" "$(cat "$tmp/err")" ||
    pass "scenario -p A4: no note"
pdfinfo "$tmp/s.pdf" | grep -q "Page size:.*(A4)" && pass "scenario -p A4: A4 pages" ||
    fail "scenario -p A4: A4 pages" "$(pdfinfo "$tmp/s.pdf" | grep 'Page size')"
t "cards -c and -b" 0 cards "$D" -c bridge -b 3mm -o "$tmp/c.pdf"
[ "$(grep -c 'note: cards -[cb] is now spelled' "$tmp/err")" -eq 2 ] &&
    pass "cards -c, -b: two notes" || fail "cards -c, -b: two notes" "$(cat "$tmp/err")"
t "bases -b, -n, -t old spellings" 0 bases "$D" -b 25mm -n 1 -t 2 -o "$tmp/b.pdf"
[ "$(grep -c 'note: bases -[bnt] is now spelled' "$tmp/err")" -eq 3 ] &&
    pass "bases: three notes" || fail "bases: three notes" "$(cat "$tmp/err")"
t "map -t and -c" 0 map -t 4x4ft -c 2in -o "$tmp/m.png"
grep -q "24 × 24" "$tmp/out" && pass "map -t 4x4ft -c 2in: 24 x 24 cells" ||
    fail "map -t 4x4ft -c 2in: 24 x 24 cells" "$(cat "$tmp/out")"
t "map -g with the cell, as play takes it" 0 map -g "hex 2in" -T 4x4ft -o "$tmp/h.png"
grep -q "hex" "$tmp/out" && pass "map -g 'hex 2in'" || fail "map -g 'hex 2in'" "$(cat "$tmp/out")"
t "scenario -q drops the note" 0 scenario "$D" -q -p 60 -n 20 -o "$tmp/s.pdf"
[ -s "$tmp/err" ] && fail "scenario -q: nothing on stderr" "$(cat "$tmp/err")" ||
    pass "scenario -q: nothing on stderr"

# -q: errors only. Modern with a warning (a force of none).
sed 's/^    Armored Scout Car: 1$/    Armored Scout Car: 0/' "$M" >"$tmp/mw.md"
t "check with its warning" 0 check -n 20 "$tmp/mw.md"
grep -q ": warning:" "$tmp/err" && pass "check warns" || fail "check warns" "no warning"
t "check -q" 0 check -q -n 20 "$tmp/mw.md"
[ -s "$tmp/err" ] || [ -s "$tmp/out" ] && fail "check -q prints nothing" "$(cat "$tmp/err" "$tmp/out" | head -c 300)" ||
    pass "check -q prints nothing"
t "build -q" 0 build -q -o "$tmp/bq" "$M"
[ -s "$tmp/err" ] || [ -s "$tmp/out" ] && fail "build -q prints nothing" "$(cat "$tmp/err" "$tmp/out" | head -c 300)" ||
    pass "build -q prints nothing"

# Standard input and standard output.
timeout 60 "$BIN" check -n 10 - <"$D" >"$tmp/out" 2>"$tmp/err" &&
    grep -q "^stdin: .* test games played, 0 failed" "$tmp/out" &&
    pass "check - reads standard input" || fail "check - reads standard input" "$(cat "$tmp/out" "$tmp/err" | head -c 300)"
printf -- '---\ntitle: x\nengine: dice\n---\n' | "$BIN" check - >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^sandtable: stdin:1:1: error:" "$tmp/err" &&
    pass "an error in standard input names stdin" || fail "an error in standard input names stdin" "$(cat "$tmp/err")"
for p in reference cards bases report; do
	timeout 120 "$BIN" "$p" -q "$D" -o - >"$tmp/o.pdf" 2>"$tmp/err"
	head -c 5 "$tmp/o.pdf" | grep -q '%PDF-' && pdfinfo "$tmp/o.pdf" >/dev/null 2>&1 &&
	    pass "$p -o -: a PDF on standard output" || fail "$p -o -: a PDF on standard output" "$(head -c 200 "$tmp/err")"
	[ -e ./- ] && fail "$p -o -: no file named -" "it exists" && rm -f ./-
done
timeout 60 "$BIN" reference - -o - <"$D" 2>/dev/null | head -c 5 | grep -q '%PDF-' &&
    pass "reference - -o -: a pipe in, a PDF out" || fail "reference - -o -: a pipe in, a PDF out" ""
timeout 60 "$BIN" map "$D" -o - 2>/dev/null | pdfinfo - >/dev/null 2>&1 &&
    pass "map -o -: a PDF" || fail "map -o -: a PDF" ""
t "scenario -o - is refused" 2 scenario "$D" -o -
grep -q "two files" "$tmp/err" && pass "scenario -o -: says why" || fail "scenario -o -: says why" "$(cat "$tmp/err")"
ls /tmp | grep -q "^sandtable-......$" && ls -d /tmp/sandtable-?????? | while read -r d; do
	[ "$d" -nt "$tmp" ] && echo "FAIL: -o - left $d"; done

# The format follows the file's name: PDF, or PNG and SVG a file a page.
t "cards -o c.svg: an SVG" 0 cards "$D" -o "$tmp/c.svg"
head -c 200 "$tmp/c.svg" | grep -q '<svg' && ! grep -q '%PDF' "$tmp/c.svg" &&
    grep -q "wrote $tmp/c.svg$" "$tmp/out" &&
    pass "cards -o c.svg: one sheet, an SVG, said" || fail "cards -o c.svg: one sheet, an SVG, said" "$(cat "$tmp/out" "$tmp/err")"
t "cards --single -o c.png: a PNG a card" 0 cards "$D" --single -o "$tmp/c.png"
n=$(ls "$tmp"/c-*.png 2>/dev/null | wc -l)
w=$(file "$tmp/c-1.png" | sed -n 's/.*PNG image data, \([0-9]*\) x \([0-9]*\).*/\1x\2/p')
[ "$n" -ge 2 ] && [ ! -e "$tmp/c.png" ] && [ "$w" = "376x526" ] &&
    grep -q "wrote $tmp/c-1.png … $tmp/c-$n.png ($n images)" "$tmp/out" &&
    pass "cards --single -o c.png: $n poker cards at 150 dpi, named and said" ||
    fail "cards --single -o c.png: a PNG a card" "$n files, first $w; $(cat "$tmp/out")"
"$BIN" cards -q "$D" --single -o "$tmp/d.png" 2>/dev/null
cmp -s "$tmp/c-1.png" "$tmp/d-1.png" && pass "cards PNG: the same bytes twice" ||
    fail "cards PNG: the same bytes twice" "c-1.png and d-1.png differ"
t "scenario -o sc.png: a PNG a page, the YAML beside" 0 scenario "$D" -n 10 -o "$tmp/sc.png"
[ -s "$tmp/sc-1.png" ] && [ -s "$tmp/sc-2.png" ] && [ -s "$tmp/sc.yaml" ] && [ ! -e "$tmp/sc.png.yaml" ] &&
    pass "scenario -o sc.png: sc-1.png, sc-2.png and sc.yaml" || fail "scenario -o sc.png: sc-1.png, sc-2.png and sc.yaml" "$(ls "$tmp")"
t "cards -o c.jpg is refused" 1 cards "$D" -o "$tmp/c.jpg"
grep -q "c.jpg: name the output .pdf, .png or .svg" "$tmp/err" && [ ! -e "$tmp/c.jpg" ] &&
    pass "cards -o c.jpg: says so, writes nothing" || fail "cards -o c.jpg: says so, writes nothing" "$(cat "$tmp/err")"
# A page's file that is an input, or of another kind, is not replaced,
# and then no page is written.
echo "not an image" >"$tmp/r-2.png"
t "reference -o r.png over a text r-2.png is refused" 1 reference "$D" -o "$tmp/r.png"
[ ! -e "$tmp/r-1.png" ] && grep -q "not an image" "$tmp/r-2.png" &&
    pass "reference -o r.png: r-2.png kept, r-1.png not written" ||
    fail "reference -o r.png: r-2.png kept, r-1.png not written" "$(ls "$tmp"; cat "$tmp/err")"

# A missing file is an input error (1), not bad usage (2).
for c in check play odds reference cards bases report scenario; do
	"$BIN" "$c" "$tmp/nope.md" -o "$tmp/x.pdf" >/dev/null 2>&1
	rc=$?
	[ "$c" = check ] || [ "$c" = play ] || [ "$c" = odds ] && { "$BIN" "$c" "$tmp/nope.md" >/dev/null 2>&1; rc=$?; }
	[ $rc -eq 1 ] && pass "$c: a missing ruleset is exit 1" || fail "$c: a missing ruleset is exit 1" "exit $rc"
done

# build rulesets/*.md: FORMAT.md is not a ruleset.
t "build rulesets/*.md" 0 build -o "$tmp/all" rulesets/*.md
grep -q "note: rulesets/FORMAT.md: not a ruleset (no front matter): left out" "$tmp/err" &&
    pass "build leaves FORMAT.md out with a note" || fail "build leaves FORMAT.md out with a note" "$(grep FORMAT "$tmp/err")"
[ -d "$tmp/all/dice-skirmish" ] && [ ! -d "$tmp/all/FORMAT" ] &&
    pass "build of the glob builds the rulesets" || fail "build of the glob builds the rulesets" "$(ls "$tmp/all")"
t "build of FORMAT.md alone is an error" 1 build -o "$tmp/f" rulesets/FORMAT.md
# ...and check the same (README's `sandtable check rulesets/*.md`).
t "check rulesets/*.md" 0 check -n 20 rulesets/*.md
grep -q "note: rulesets/FORMAT.md: not a ruleset (no front matter): left out of the check" "$tmp/err" &&
    pass "check leaves FORMAT.md out with a note" || fail "check leaves FORMAT.md out with a note" "$(grep FORMAT "$tmp/err")"
t "check of FORMAT.md alone is an error" 1 check rulesets/FORMAT.md

# Every product says what it wrote.
for p in reference cards bases report; do
	t "$p says wrote" 0 "$p" "$D" -o "$tmp/w-$p.pdf"
	grep -q "^$D: wrote $tmp/w-$p.pdf$" "$tmp/out" && pass "$p: '$D: wrote FILE'" ||
	    fail "$p: '$D: wrote FILE'" "$(cat "$tmp/out")"
done
t "map says wrote" 0 map "$D" -o "$tmp/w.png"
grep -q "^$D: wrote $tmp/w.png: " "$tmp/out" && pass "map: '$D: wrote FILE: …'" ||
    fail "map: '$D: wrote FILE: …'" "$(cat "$tmp/out")"
t "scenario says wrote" 0 scenario "$D" -n 10 -o "$tmp/w-s.pdf"
grep -q "^$D: wrote $tmp/w-s.pdf, $tmp/w-s.yaml: " "$tmp/out" && pass "scenario: '$D: wrote PDF, YAML: …'" ||
    fail "scenario: '$D: wrote PDF, YAML: …'" "$(cat "$tmp/out")"

# scenario -f finds its ruleset, as play -f does.
t "scenario -f without a ruleset" 0 scenario -f "$tmp/w-s.yaml" -n 10 -o "$tmp/again.pdf"
[ -s "$tmp/again.pdf" ] && pass "scenario -f: the file names its ruleset" ||
    fail "scenario -f: the file names its ruleset" "$(cat "$tmp/err")"
t "scenario --from, the old spelling" 0 scenario --from "$tmp/w-s.yaml" -n 10 -o "$tmp/again2.pdf"
grep -q "note: scenario --from is now spelled --scenario" "$tmp/err" &&
    pass "scenario --from: a note" || fail "scenario --from: a note" "$(cat "$tmp/err")"
t "play -f" 0 play -f "$tmp/w-s.yaml" -n 10
