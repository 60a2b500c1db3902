#!/bin/sh
# Nothing lost: an output never replaces an input, a special file or a
# file of another kind; a failed build leaves its directory as it was;
# inputs are read once (a pipe works); files are made durable (fsync
# before rename). Each case ends with the files checked byte for byte.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MOD=$here/rulesets/morschauser-modern.md
cd "$tmp" || exit 2
cp "$MOD" m.md
cp "$MOD" keep.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# refused NAME STATUS COMMAND...: exits STATUS, says why, and m.md is
# unchanged.
refused() {
	name=$1 want=$2
	shift 2
	timeout 60 "$@" >out.txt 2>err.txt
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "$name" "exit $got, wanted $want: $(head -c 200 err.txt)"
	elif ! cmp -s m.md keep.md; then
		fail "$name" "the ruleset was changed"
		cp keep.md m.md
	else
		pass "$name"
	fi
}

refused "reference onto its ruleset" 1 "$BIN" reference -q m.md -o m.md
grep -q "input of this run" err.txt && pass "the refusal says why" ||
	fail "the refusal says why" "$(cat err.txt)"
refused "cards onto the ruleset" 1 "$BIN" cards -q m.md -o m.md
refused "bases onto the ruleset" 1 "$BIN" bases m.md -o m.md
refused "report onto the ruleset" 1 "$BIN" report -q --games 20 m.md -o m.md
refused "check --report onto the ruleset" 1 "$BIN" check -q --games 20 \
	--report m.md m.md
refused "scenario onto the ruleset" 1 "$BIN" scenario -q m.md -o m.md
ln -s m.md link.pdf
refused "through a symbolic link" 1 "$BIN" reference -q m.md -o link.pdf
[ -L link.pdf ] && pass "the link is left as it was" ||
	fail "the link is left as it was" "replaced"
cp "$here/templates/reference.yaml" t.yaml
cp t.yaml t.keep
"$BIN" reference -q --template ./t.yaml m.md -o t.yaml >/dev/null 2>&1
[ $? -eq 1 ] && cmp -s t.yaml t.keep && pass "template onto itself refused" ||
	fail "template onto itself refused" "exit or file changed"

# A file of another kind is never replaced; a PDF by a PDF is.
printf 'my notes\n' >notes.txt
"$BIN" reference -q m.md -o notes.txt 2>err.txt
[ $? -eq 1 ] && [ "$(cat notes.txt)" = "my notes" ] &&
	grep -q "not a file of this kind" err.txt &&
	pass "a text file is not replaced by a PDF" ||
	fail "a text file is not replaced by a PDF" "$(cat err.txt)"
"$BIN" reference -q m.md -o r.pdf && "$BIN" cards -q m.md -o r.pdf &&
	pass "a PDF replaces a PDF" || fail "a PDF replaces a PDF" "refused"
: >empty.pdf
"$BIN" reference -q m.md -o empty.pdf && head -c 5 empty.pdf | grep -q '%PDF' &&
	pass "an empty file is written" || fail "an empty file is written" ""

# Special files: written through, never replaced.
"$BIN" reference -q m.md -o /dev/null && [ -c /dev/null ] &&
	pass "-o /dev/null writes through" || fail "-o /dev/null writes through" ""
mkfifo pipe.pdf
(cat pipe.pdf >from-pipe.pdf) &
timeout 60 "$BIN" reference -q m.md -o pipe.pdf
rc=$?
wait
[ "$rc" -eq 0 ] && [ -p pipe.pdf ] && head -c 5 from-pipe.pdf | grep -q '%PDF' &&
	pass "a FIFO output is written through and stays a FIFO" ||
	fail "a FIFO output is written through and stays a FIFO" "exit $rc"
mkdir adir.pdf
"$BIN" reference -q m.md -o adir.pdf 2>err.txt
[ $? -eq 1 ] && [ -d adir.pdf ] && pass "a directory at -o is refused" ||
	fail "a directory at -o is refused" "$(cat err.txt)"

# The longest name the file system takes (255 bytes).
long=$(printf '%0251d' 0 | tr 0 a).pdf
"$BIN" reference -q m.md -o "$long" 2>err.txt && [ -s "$long" ] &&
	pass "a 255-byte output name" || fail "a 255-byte output name" "$(cat err.txt)"
ls -A | grep -q '^\.sandtable-' && fail "no temporary file is left" "$(ls -A)" ||
	pass "no temporary file is left"

# Durability: the temporary file is fsync'ed before the rename, and
# the directory after it.
if command -v strace >/dev/null 2>&1; then
	strace -f -o trace.txt -e trace=fsync,rename,renameat,renameat2 \
		"$BIN" reference -q m.md -o d.pdf >/dev/null 2>&1
	calls=$(grep -o 'fsync\|rename[a-z0-9]*' trace.txt | tr '\n' ' ')
	case "$calls" in
	*"fsync rename"*" fsync"*) pass "fsync, rename, fsync of the directory" ;;
	*) fail "fsync, rename, fsync of the directory" "calls: $calls" ;;
	esac
else
	echo "SKIP: strace is not installed: durability not traced"
fi

# Inputs are read once: a ruleset from a pipe gives the same report,
# quoted source lines and all.
mkdir a b
cp "$MOD" a/m.md
mkfifo b/m.md
(cd a && "$BIN" report -q --games 20 m.md -o ../ra.pdf 2>/dev/null)
(cat "$MOD" >b/m.md) &
(cd b && SANDTABLE_FIFO_WAIT=30 timeout 60 "$BIN" report -q --games 20 m.md -o ../rb.pdf 2>/dev/null)
rc=$?
wait
pdftotext ra.pdf ra.txt 2>/dev/null
pdftotext rb.pdf rb.txt 2>/dev/null
[ "$rc" -le 1 ] && [ -s rb.txt ] && cmp -s ra.txt rb.txt &&
	pass "report from a FIFO reads it once, quoted lines and all" ||
	fail "report from a FIFO reads it once, quoted lines and all" "exit $rc"

# build: a failed build leaves the whole directory as it was.
"$BIN" build -q m.md -o out >/dev/null 2>&1
(cd out/m && ls -A && cat ./*) >before.txt 2>/dev/null
mkdir -p bad/templates
cp "$here"/templates/*.yaml bad/templates/
printf 'size: [9\n' >bad/templates/unit-cards.yaml
SANDTABLE_DATADIR=$tmp/bad "$BIN" build -q m.md -o out >/dev/null 2>err.txt
rc=$?
(cd out/m && ls -A && cat ./*) >after.txt 2>/dev/null
[ "$rc" -eq 1 ] && cmp -s before.txt after.txt &&
	pass "a build whose cards fail changes nothing in out/NAME" ||
	fail "a build whose cards fail changes nothing in out/NAME" \
	"exit $rc; $(diff before.txt after.txt | head -c 200)"
cp out/m/cards.pdf cards.keep
rm out/m/report.pdf && mkdir out/m/report.pdf
"$BIN" build -q m.md -o out >/dev/null 2>err.txt
rc=$?
[ "$rc" -eq 1 ] && grep -q "in the way" err.txt &&
	cmp -s out/m/cards.pdf cards.keep &&
	pass "a directory in the way stops the swap before it starts" ||
	fail "a directory in the way stops the swap before it starts" \
	"exit $rc: $(head -c 200 err.txt)"
ls -A out/m | grep -q '^\.sandtable' && fail "no stage is left" "$(ls -A out/m)" ||
	pass "no stage is left"

# check refuses what build cannot make.
sed 's/^measure:/paper: 1x1mm\nmeasure:/' m.md >p.md
"$BIN" check -q --games 0 p.md 2>err.txt
[ $? -eq 1 ] && grep -q "p.md:[0-9]*:[0-9]*: error: paper" err.txt &&
	pass "check rejects paper: 1x1mm at its line" ||
	fail "check rejects paper: 1x1mm at its line" "$(cat err.txt)"
for c in reference cards report scenario bases; do
	"$BIN" $c --paper 20x20mm m.md -o small.pdf >/dev/null 2>err.txt
	rc=$?
	[ "$rc" -ne 0 ] && grep -q -- "20x20mm" err.txt && [ ! -e small.pdf ] &&
		pass "$c refuses --paper 20x20mm" ||
		fail "$c refuses --paper 20x20mm" "exit $rc: $(head -c 200 err.txt)"
done

# Control characters never reach the terminal.
esc=$(printf 'x\033]0;owned\007.md')
"$BIN" check -q "$esc" 2>err.txt
if grep -q "$(printf '\033')" err.txt; then
	fail "a file name's escape sequence is escaped" "raw ESC printed"
elif grep -q 'x\\x1b' err.txt; then
	pass "a file name's escape sequence is escaped"
else
	fail "a file name's escape sequence is escaped" "$(cat err.txt)"
fi
"$BIN" reference --paper "$(printf 'A4\033[2J')" m.md -o e.pdf 2>err.txt
! grep -q "$(printf '\033')" err.txt && grep -q -- '--paper A4\\x1b\[2J: not a paper size' err.txt &&
	pass "an option value is escaped" || fail "an option value is escaped" "$(cat -v err.txt)"

# An option that causes an error is blamed, with its whole range.
"$BIN" cards --bleed 1000mm m.md -o c.pdf 2>err.txt
[ $? -eq 2 ] && grep -q -- "--bleed 1000mm: from 0 to 10 mm" err.txt &&
	! grep -q "unit-cards.yaml" err.txt && pass "cards --bleed 1000mm blames the option" ||
	fail "cards --bleed 1000mm blames the option" "$(cat err.txt)"
"$BIN" bases m.md --base 300mm -o b.pdf 2>err.txt
[ $? -eq 1 ] && grep -q -- "error: --base 300mm: the base" err.txt &&
	pass "bases --base 300mm blames the option" ||
	fail "bases --base 300mm blames the option" "$(cat err.txt)"
"$BIN" play --games 1e12 m.md 2>err.txt
[ $? -eq 2 ] && grep -q -- "--games '1e12': needs a whole number from 1 to 1000000" err.txt &&
	pass "--games 1e12 gives the whole range" ||
	fail "--games 1e12 gives the whole range" "$(cat err.txt)"

# Outputs are checked before the work: refusing one takes no self-play.
timeout 20 "$BIN" report -q --games 1000000 m.md -o m.md 2>err.txt
[ $? -eq 1 ] && grep -q "input of this run" err.txt &&
	pass "report refuses its ruleset as output before playing" ||
	fail "report refuses its ruleset as output before playing" "$(head -c 200 err.txt)"
timeout 20 "$BIN" check -q --games 1000000 --report notes.txt m.md 2>err.txt
[ $? -eq 1 ] && grep -q "not a file of this kind" err.txt &&
	[ "$(cat notes.txt)" = "my notes" ] &&
	pass "check --report refuses a text file before playing" ||
	fail "check --report refuses a text file before playing" "$(head -c 200 err.txt)"

# /dev/stdout is the descriptor as the shell opened it: appending stays so.
echo "first line" >app.txt
"$BIN" reference -q m.md -o /dev/stdout >>app.txt 2>/dev/null
[ "$(head -1 app.txt)" = "first line" ] && grep -q '%PDF-' app.txt &&
	pass "-o /dev/stdout writes to the shell's descriptor (>> kept)" ||
	fail "-o /dev/stdout writes to the shell's descriptor (>> kept)" "$(head -c 40 app.txt)"
# A byte-order mark is not text.
printf '\357\273\277' >bom.md
cat m.md >>bom.md
"$BIN" check -q --games 0 bom.md 2>err.txt
[ $? -eq 0 ] && pass "a ruleset with a byte-order mark reads" ||
	fail "a ruleset with a byte-order mark reads" "$(cat err.txt)"
# Nothing the user typed reaches the terminal raw.
"$BIN" odds m.md "$(printf 'Rif\033[2Jle')" 2>err.txt
[ $? -eq 1 ] && ! grep -q "$(printf '\033')" err.txt && grep -q 'Rif\\x1b' err.txt &&
	pass "odds: an unknown unit's escape sequence is escaped" ||
	fail "odds: an unknown unit's escape sequence is escaped" "$(od -c err.txt | head -3)"
# A template's text values are a line, not a megabyte for fontconfig.
awk 'BEGIN { printf "font: "; for (i = 0; i < 500000; i++) printf "x"; print "" }' >font.yaml
timeout 20 "$BIN" reference -q --template ./font.yaml m.md -o f.pdf 2>err.txt
[ $? -eq 1 ] && grep -q "font.yaml:1:7: error: template: 'font' is longer than 200" err.txt &&
	pass "a 500 KB font name is refused at its place" ||
	fail "a 500 KB font name is refused at its place" "$(head -c 200 err.txt)"

# Commands with two outputs check both before writing either.
echo "my notes" >n.yaml
"$BIN" scenario -q m.md -o n.pdf 2>err.txt
[ $? -eq 1 ] && [ ! -e n.pdf ] && [ "$(cat n.yaml)" = "my notes" ] &&
	pass "scenario: a text file at the YAML's name stops the PDF too" ||
	fail "scenario: a text file at the YAML's name stops the PDF too" "$(cat err.txt)"
"$BIN" map m.md --seed 3 --write-terrain m.md -o mp.pdf 2>err.txt
[ $? -eq 1 ] && [ ! -e mp.pdf ] && cmp -s m.md keep.md &&
	pass "map --write-terrain onto the ruleset writes no map either" ||
	fail "map --write-terrain onto the ruleset writes no map either" "$(cat err.txt)"
"$BIN" scenario -q m.md -o sc.pdf 2>/dev/null
cp sc.yaml sc.keep
"$BIN" map m.md --scenario sc.yaml --write-terrain sc.yaml -o mp.pdf 2>err.txt
[ $? -eq 1 ] && cmp -s sc.yaml sc.keep &&
	pass "map --write-terrain onto its own --scenario keeps the forces" ||
	fail "map --write-terrain onto its own --scenario keeps the forces" "$(cat err.txt)"
"$BIN" map -q m.md --seed 3 --write-terrain terr.yaml -o mp.pdf 2>/dev/null &&
	"$BIN" map -q m.md --seed 4 --write-terrain terr.yaml -o mp.pdf 2>err.txt &&
	pass "terrain replaces terrain" || fail "terrain replaces terrain" "$(cat err.txt)"
# The first line names the file's measure (the ruleset's); one in
# another measure, or of an earlier version in millimetres, is
# terrain all the same.
sed '1s/.*/# sandtable battlefield; lengths in millimetres/' terr.yaml >terr.old &&
	mv terr.old terr.yaml &&
	"$BIN" map -q m.md --seed 4 --write-terrain terr.yaml -o mp.pdf 2>err.txt &&
	head -1 terr.yaml | grep -q "^# sandtable battlefield; lengths in [a-z]" &&
	! head -1 terr.yaml | grep -q millimetres &&
	pass "terrain in another measure replaced" ||
	fail "terrain in another measure replaced" "$(cat err.txt) $(head -1 terr.yaml)"
"$BIN" map m.md --seed 3 --write-terrain sc.yaml -o mp.pdf 2>err.txt
[ $? -eq 1 ] && cmp -s sc.yaml sc.keep &&
	pass "terrain never replaces a scenario" ||
	fail "terrain never replaces a scenario" "$(cat err.txt)"

# What a killed run left behind (its process is gone) is swept; what a
# running one holds is not.
: >"out/m/.sandtable-99999999-abcdef"
mkdir "out/m/.sandtable-build-99999999-abcdef" &&
	: >"out/m/.sandtable-build-99999999-abcdef/cards.pdf"
: >"out/m/.sandtable-$$-abcdef"
rmdir out/m/report.pdf 2>/dev/null
"$BIN" build -q m.md -o out >/dev/null 2>err.txt
left=$(ls -A out/m | grep '^\.sandtable' | tr '\n' ' ')
[ "$left" = ".sandtable-$$-abcdef " ] &&
	pass "build sweeps what killed runs left, and only that" ||
	fail "build sweeps what killed runs left, and only that" "left: $left $(head -c 200 err.txt)"
rm -f "out/m/.sandtable-$$-abcdef"
"$BIN" build -q m.md -o out >/dev/null 2>&1 &
pid=$!
sleep 0.3
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
"$BIN" build -q m.md -o out >/dev/null 2>err.txt
[ -z "$(ls -A out/m | grep '^\.sandtable')" ] && [ -s out/m/index.json ] &&
	pass "a build killed midway: the next one leaves nothing of it" ||
	fail "a build killed midway: the next one leaves nothing of it" "$(ls -A out/m)"
