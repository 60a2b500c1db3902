#!/bin/sh
# Hostile values: an environment variable, a YAML escape, a line end or an
# option that sandtable once took silently or blamed on the wrong thing.
# Each case ends in a message that names the value and its place, never a
# silent default, a cut string or a stray file.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MOD=rulesets/morschauser-modern.md

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

# SOURCE_DATE_EPOCH dates every product: one that is not a time is
# refused before any work, not replaced by today.
for v in abc -5 99999999999999999999 253402300800 ' 5' 12x; do
	t "SOURCE_DATE_EPOCH='$v' is refused" 1 \
		"^sandtable: SOURCE_DATE_EPOCH: '$v' is not a time (seconds since 1970, up to year 9999)$" \
		env SOURCE_DATE_EPOCH="$v" "$BIN" reference -q "$MOD" -o "$tmp/sde.pdf"
done
[ ! -e "$tmp/sde.pdf" ] && echo "PASS: a refused SOURCE_DATE_EPOCH writes nothing" ||
	echo "FAIL: a refused SOURCE_DATE_EPOCH writes nothing"
t "SOURCE_DATE_EPOCH refused by check too" 1 "SOURCE_DATE_EPOCH: 'abc' is not a time" \
	env SOURCE_DATE_EPOCH=abc "$BIN" check -q "$MOD"
t "SOURCE_DATE_EPOCH of year 9999 is a time" 0 "" \
	env SOURCE_DATE_EPOCH=253402300799 "$BIN" reference -q "$MOD" -o "$tmp/sde9999.pdf"
t "an empty SOURCE_DATE_EPOCH is unset" 0 "" \
	env SOURCE_DATE_EPOCH= "$BIN" reference -q "$MOD" -o "$tmp/sde0.pdf"

# A NUL written as a YAML escape ("\0") would cut the value where it
# stands: it is a control character like "\e", refused at its scalar.
sed 's/^title: .*/title: "Rules\\0hidden"/' "$MOD" >"$tmp/nul.md"
t "a YAML NUL escape in the front matter is refused at its place" 1 \
	"nul.md:2:8: error: YAML: control character U+0000 in a value: not allowed" \
	"$BIN" check -q "$tmp/nul.md"
printf 'size: "9\\0 hidden"\n' >"$tmp/nul.yaml"
t "a YAML NUL escape in a template is refused at its place" 1 \
	"nul.yaml:1:7: error: YAML: control character U+0000 in a value: not allowed" \
	"$BIN" reference -q -t "$tmp/nul.yaml" "$MOD" -o "$tmp/nul.pdf"

# YAML's end of document '...' once closed the front matter unsaid, and
# the keys after it were dropped into the body: now an error at its line.
awk 'NR == 4 { print "..." } { print }' "$MOD" >"$tmp/dots.md"
t "a '...' in the front matter is an error at its line" 1 \
	"dots.md:4:1: error: YAML: '...' (end of document) in the front matter" \
	"$BIN" check -q "$tmp/dots.md"
# A file with CR line ends only (old Mac) has no '---' line: it is told so.
tr '\n' '\r' <"$MOD" >"$tmp/cr.md"
t "a ruleset with CR line ends only is told so" 1 \
	"cr.md:1:1: error: lines end in CR only; save with LF line ends" \
	"$BIN" check -q "$tmp/cr.md"
[ "$(grep -c error "$tmp/err")" -eq 1 ] && echo "PASS: CR line ends: one error, not a cascade" ||
	echo "FAIL: CR line ends: one error, not a cascade: $(grep -c error "$tmp/err") errors"

# check --report - writes the PDF to standard output, as -o - does
# elsewhere, not a file named '-'; --json there would mix the two.
mkdir "$tmp/rep"
abin=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
t "check --report - writes the PDF to standard output" 0 "" \
	sh -c "cd '$tmp/rep' && '$abin' check -q -n 10 --report - '$PWD/$MOD'"
[ "$(head -c 5 "$tmp/out")" = "%PDF-" ] && [ ! -e "$tmp/rep/-" ] &&
	echo "PASS: --report -: a PDF on standard output, no file '-'" ||
	echo "FAIL: --report -: a PDF on standard output, no file '-': $(head -c 20 "$tmp/out" | tr -cd '[:print:]') $(ls "$tmp/rep")"
t "check --json --report - is refused" 2 "check: --json and --report - both write to standard output" \
	sh -c "cd '$tmp/rep' && '$abin' check -q --json --report - '$PWD/$MOD'"

# An unknown option is named as it was written: "-d6" stops getopt at
# its 'd', and the message once named the word before it.
t "dice -d6 names -d6 and says '--'" 2 \
	"dice: unknown option '-d6' (an expression that starts with '-' needs '--' before it: sandtable dice -- -d6)" \
	"$BIN" dice -d6
t "dice --json -d6 names -d6, not --json" 2 "dice: unknown option '-d6'" \
	"$BIN" dice --json -d6
t "dice -xq names -xq" 2 "dice: unknown option '-xq'" "$BIN" dice -xq 2d6

# A ruleset whose file name is not UTF-8 (Latin-1 'é'): its JSON object
# still has its path and name, the stray byte as U+FFFD.
bad=$(printf "$tmp/mod\351le.md")
cp "$MOD" "$bad"
t "check --json of a non-UTF-8 file name" 0 "" "$BIN" check -q -n 5 --json "$bad"
fffd=$(printf '\357\277\275')
grep -q "\"path\": \"$tmp/mod${fffd}le.md\"" "$tmp/out" &&
	grep -q "\"name\": \"mod${fffd}le\"" "$tmp/out" &&
	echo "PASS: --json: path and name with U+FFFD for the stray byte" ||
	echo "FAIL: --json: path and name with U+FFFD for the stray byte: $(head -c 200 "$tmp/out")"
