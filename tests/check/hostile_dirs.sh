#!/bin/sh
# Files sandtable finds in folders rather than being named them: the
# hyphenation patterns (SANDTABLE_HYPHEN_DIR) and the templates folders.
# A FIFO or device there is never opened (it could wait for ever), a
# name is printed escaped, and the German patterns (3 s of CPU to load)
# are loaded once a run, only when a word is hyphenated.
BIN=${1:-./sandtable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
DE=$(pwd)/tests/rulesets/de.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2

ok() { # NAME CONDITION-STATUS [WHY]
	if [ "$2" -eq 0 ]; then echo "PASS: $1"; else echo "FAIL: $1: $3"; fi
}

# How many times a run opens a German pattern file (strace: every
# openat of the process and its children).
loads() { # COMMAND...
	strace -f -qq -e trace=openat -o "$tmp/st" "$@" >/dev/null 2>&1
	grep -c 'hyph_de[^"]*\.dic"' "$tmp/st"
}
if command -v strace >/dev/null 2>&1; then
	n=$(loads "$BIN" reference -q "$DE" -o ref.pdf)
	[ -s ref.pdf ] && [ "$n" -eq 0 ]
	ok "a German reference whose tables fit loads no patterns" $? "opened $n times"
	n=$(loads "$BIN" build -q "$DE" -o out)
	[ -s out/de/rulebook.pdf ] && [ "$n" -eq 1 ]
	ok "a German build loads the German patterns once" $? "opened $n times"
	n=$(loads "$BIN" build -q --jobs 1 "$DE" "$DE" -o out2)
	[ "$n" -le 2 ]
	ok "each German build of a run loads them at most once" $? "opened $n times"
else
	echo "FAIL: strace is not installed (make deps installs it)"
fi
pdftotext out/de/rulebook.pdf - | grep -q "$(printf '\302\255')\$"
ok "the German book is hyphenated (patterns loaded when needed)" $? "no line ends in a hyphen"

# A FIFO (no one writes to it) named as a pattern file: the book is made
# at once, unhyphenated, not held for ever.
mkdir hy && mkfifo hy/hyph_de_DE.dic hy/hyph_de.dic
s=$(date +%s)
SANDTABLE_HYPHEN_DIR=$tmp/hy timeout 30 "$BIN" rulebook -q "$DE" -o fifo.pdf
rc=$?
e=$(date +%s)
[ $rc -eq 0 ] && [ $((e - s)) -lt 5 ]
ok "a FIFO for hyphenation patterns is not waited on" $? "exit $rc after $((e - s)) s"
pdftotext fifo.pdf - | grep -q "$(printf '\302\255')"
[ $? -ne 0 ] && [ -s fifo.pdf ]
ok "with no pattern file, nothing is hyphenated" $?
# A pattern file larger than 8 MiB is not one (it is never read).
rm hy/*
head -c 9000000 /dev/zero | tr '\0' 'a' >hy/hyph_de_DE.dic
SANDTABLE_HYPHEN_DIR=$tmp/hy timeout 30 "$BIN" rulebook -q "$DE" -o big.pdf
ok "a pattern file over 8 MiB is left unread" $?

# Templates: a FIFO in ./templates is not listed (nor opened), and a
# name with an escape character or a tab is printed escaped.
mkdir templates
mkfifo templates/fifo.yaml
esc=$(printf '\033')
tab=$(printf '\t')
printf 'product: reference\n' >"templates/a${esc}b.yaml"
printf 'product: reference\n' >"templates/t${tab}c.yaml"
s=$(date +%s)
timeout 30 "$BIN" templates >list 2>err
rc=$?
e=$(date +%s)
[ $rc -eq 0 ] && [ $((e - s)) -lt 5 ] && ! grep -q fifo list
ok "templates lists no FIFO and does not wait on one" $? "exit $rc after $((e - s)) s: $(cat list err)"
grep -q "$esc" list
[ $? -ne 0 ] && grep -q '^a\\x1bb	reference	templates/a\\x1bb\.yaml$' list
ok "templates escapes a control character in a file's name" $? "$(cat -v list | head -3)"
grep -q '^t\\x09c	reference	' list
ok "templates escapes a tab in a name (one field a column)" $? "$(cat -v list | head -3)"
