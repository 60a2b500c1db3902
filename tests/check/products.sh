#!/bin/sh
# The product table (src/render/products.c) and everything that lists the
# products agree: --help, --commands, --products, `help NAME`, the man
# page, the bash completion, build's directory and its index.json. A new
# product (or command) that is missing from one of them fails here.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
# The man page as the build makes it: src/cli/sandtable.1 with the
# products' entries and build's files from BIN's table (src/cli/man.sh).
MAN=$tmp/sandtable.1
sh src/cli/man.sh src/cli/sandtable.1 "$BIN" >"$MAN" 2>"$tmp/manerr" ||
    echo "FAIL: the man page is made from the table: $(head -c 300 "$tmp/manerr")"
COMP=src/cli/sandtable.bash

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# same NAME FILE-A FILE-B: the two lists are the same, in order.
same() {
	if cmp -s "$2" "$3"; then pass "$1"; else
		fail "$1" "$(diff "$2" "$3" | grep '^[<>]' | tr '\n' ' ' | head -c 300)"
	fi
}

"$BIN" --help >"$tmp/help" 2>&1 || fail "--help" "exit $?"
"$BIN" --commands >"$tmp/commands" 2>&1 || fail "--commands" "exit $?"
"$BIN" --products >"$tmp/products" 2>&1 || fail "--products" "exit $?"
cut -f1 "$tmp/products" >"$tmp/pnames"
[ "$(wc -l <"$tmp/pnames")" -ge 6 ] && pass "--products lists the products" ||
	fail "--products lists the products" "$(cat "$tmp/pnames" | tr '\n' ' ')"

# --help: the command lines are those of --commands, each ONE complete
# line: a sentence of at most 60 columns, the line within 80.
sed -n '/^Commands:/,/^Options:/p' "$tmp/help" | grep -E '^  [a-z]+ ' >"$tmp/hlines"
awk '{ print $1 }' "$tmp/hlines" >"$tmp/hnames"
same "--help lists the commands of --commands" "$tmp/hnames" "$tmp/commands"
bad=$(awk '{ s = substr($0, 14) } length($0) > 80 || length(s) > 60 ||
    s !~ /\.$/ || length(s) < 20 { print $1 }' "$tmp/hlines" | tr '\n' ' ')
[ -z "$bad" ] && pass "every --help summary is one sentence of <= 60 columns" ||
	fail "every --help summary is one sentence of <= 60 columns" "$bad"
sed -n '/^Products/,/^$/p' "$tmp/help" | grep -E '^  [a-z]+ ' |
	awk '{ print $1 }' >"$tmp/hpnames"
same "--help's Products are the table's, in its order" "$tmp/hpnames" "$tmp/pnames"
cut -f1,5 "$tmp/products" | tr '\t' ' ' >"$tmp/psum"
sed -n '/^Products/,/^$/p' "$tmp/help" | grep -E '^  [a-z]+ ' |
	sed 's/^  //; s/  */ /' >"$tmp/hsum"
same "--help shows each product's summary from the table" "$tmp/hsum" "$tmp/psum"

# Every command has its help, by either spelling.
bad=""
while read -r c; do
	"$BIN" help "$c" >"$tmp/h1" 2>/dev/null || bad="$bad help:$c"
	"$BIN" "$c" --help >"$tmp/h2" 2>/dev/null || bad="$bad --help:$c"
	head -1 "$tmp/h1" | grep -q "^usage: sandtable $c" || bad="$bad usage:$c"
	cmp -s "$tmp/h1" "$tmp/h2" || bad="$bad same:$c"
done <"$tmp/commands"
[ -s "$tmp/commands" ] && [ -z "$bad" ] && pass "every command has its help" || fail "every command has its help" "$bad"

# --products: known needs, at least one file, no file twice, none of
# build's own names.
bad=$(awk -F '\t' '
	NF != 5 { print "fields:" $1 }
	$2 == "" { print "files:" $1 }
	{ n = split($2, f, " "); for (i = 1; i <= n; i++) {
		if (seen[f[i]]++ || f[i] == "ruleset.txt" || f[i] == "index.json")
			print "file:" f[i] } }
	{ for (k = 3; k <= 4; k++) { n = split($k, w, ",");
		for (i = 1; i <= n; i++)
			if (w[i] !~ /^(ruleset|engine|self-play|scenario|-)$/)
				print "need:" w[i] } }' "$tmp/products" | tr '\n' ' ')
[ -z "$bad" ] && pass "--products rows are well formed" || fail "--products rows are well formed" "$bad"
cut -f2 "$tmp/products" | tr ' ' '\n' >"$tmp/pfiles"

# The man page: its entries are the commands, in --help's order, the
# products under Products; each product's entry and build's name the
# files a build writes.
grep '^\.It Cm ' "$MAN" | awk '{ print $3 }' >"$tmp/mnames"
same "the man page has an entry for each command, in order" "$tmp/mnames" "$tmp/commands"
sed -n '/^\.Ss Products/,/^\.El/p' "$MAN" | grep '^\.It Cm ' | awk '{ print $3 }' >"$tmp/mpnames"
same "the man page's Products are the table's" "$tmp/mpnames" "$tmp/pnames"
# entry NAME: the man page's text for command NAME.
entry() {
	awk -v c="$1" '/^\.It Cm / { on = ($3 == c); next } /^\.(El|Ss|Sh)/ { on = 0 } on' "$MAN"
}
bad=""
while IFS="$(printf '\t')" read -r name files needs uses summary; do
	for f in $files; do
		entry "$name" | grep -qx "\.Pa $f\( [.,]\)*" || bad="$bad $name:$f"
		entry build | grep -qw "$f" || bad="$bad build:$f"
	done
done <"$tmp/products"
[ -s "$tmp/products" ] && [ -z "$bad" ] && pass "the man page names every product's files" ||
	fail "the man page names every product's files" "$bad"

# build's help names only files that a build writes.
"$BIN" help build | grep -oE '[a-z]+\.(pdf|yaml|txt|json)' | sort -u >"$tmp/bfiles"
bad=$(grep -vxF -f "$tmp/pfiles" "$tmp/bfiles" | grep -vx 'ruleset.txt\|index.json\|sandtable.yaml' | tr '\n' ' ')
[ -s "$tmp/bfiles" ] && [ -z "$bad" ] && pass "build's help names only files of the table" ||
	fail "build's help names only files of the table" "$bad"

# The bash completion offers the commands of the binary it completes.
if command -v bash >/dev/null 2>&1; then
	mkdir -p "$tmp/bin"
	ln -s "$BIN" "$tmp/bin/sandtable"
	# comp WORDS...: the completions of the last word.
	comp() {
		PATH="$tmp/bin:$PATH" bash -c '. "$1"; shift
			COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
			_sandtable; printf "%s\n" "${COMPREPLY[@]}"' sh "$COMP" "$@" | sort
	}
	comp sandtable "" >"$tmp/c1"
	{ cat "$tmp/commands"; printf 'help\n--help\n--version\n--products\n--commands\n--options\n--messages\n'; } | sort >"$tmp/want1"
	same "the completion offers every command" "$tmp/c1" "$tmp/want1"
	comp sandtable help "" >"$tmp/c2"
	{ cat "$tmp/commands"; echo help; } | sort >"$tmp/want2"
	same "the completion of help offers every command" "$tmp/c2" "$tmp/want2"
	# A command's options come from its table (sandtable --options).
	bad=""
	for c in $(cat "$tmp/commands"); do
		[ "$c" = dice ] && continue
		comp sandtable "$c" -- >"$tmp/c3"
		"$BIN" --options | awk -F '\t' -v c="$c" '$1 == c { print $2 }' | sort >"$tmp/want3"
		cmp -s "$tmp/c3" "$tmp/want3" || bad="$bad $c"
	done
	[ -z "$bad" ] && pass "the completion offers each command's options" ||
		fail "the completion offers each command's options" "$bad"
	comp sandtable build -p "" >"$tmp/c4"
	grep -qx Letter "$tmp/c4" && pass "the completion offers papers after -p" ||
		fail "the completion offers papers after -p" "$(tr '\n' ' ' <"$tmp/c4")"
fi

# build writes each product's files under the table's names, in its
# order, and index.json says which product each file is of (keeping
# "file" and "bytes" for readers of the older index).
"$BIN" build -q -o "$tmp/out" rulesets/morschauser-modern.md 2>"$tmp/err" ||
	fail "build" "$(head -c 200 "$tmp/err")"
D=$tmp/out/morschauser-modern
ls "$D" | sort >"$tmp/made"
{ cat "$tmp/pfiles"; printf 'ruleset.txt\nindex.json\n'; } | sort >"$tmp/want"
same "build writes exactly the table's files" "$tmp/made" "$tmp/want"
if jq -r '.products[] | .file + " " + (.product // "-")' "$D/index.json" >"$tmp/idx" 2>/dev/null; then
	awk -F '\t' '{ n = split($2, f, " "); for (i = 1; i <= n; i++) print f[i], $1 }' \
	    "$tmp/products" >"$tmp/wantidx"
	{ echo "ruleset.txt -"; cat "$tmp/wantidx"; } >"$tmp/wantidx2"
	same "index.json lists the table's products, in order" "$tmp/idx" "$tmp/wantidx2"
	jq -e '[.products[] | has("file") and has("bytes")] | all' "$D/index.json" >/dev/null &&
	    jq -e 'has("ruleset") and has("name") and has("title") and has("engine")' "$D/index.json" >/dev/null &&
		pass "index.json keeps its keys" || fail "index.json keeps its keys" "$(head -c 300 "$D/index.json")"
	bad=""
	while read -r f b; do
		[ "$(wc -c <"$D/$f")" -eq "$b" ] || bad="$bad $f"
	done <<EOF
$(jq -r '.products[] | .file + " " + (.bytes | tostring)' "$D/index.json")
EOF
	[ -s "$tmp/idx" ] && [ -z "$bad" ] && pass "index.json gives each file's size" || fail "index.json gives each file's size" "$bad"
else
	fail "index.json lists the table's products, in order" "jq cannot read it"
fi
