#!/bin/sh
# What libraries do instead of hand-written code, and what scripts rely
# on: index.json lists every file a build writes with its size and
# SHA-256; `build --watch > log` shows each line as it is printed; the
# paper follows libpaper (PAPERSIZE, /etc/papersize), an explicit
# --paper first and the locale last; scenario YAML written by libyaml's
# emitter round-trips awkward names, and names its ruleset relative to
# itself.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
here=$(pwd)
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
wpid=""
trap '[ -n "$wpid" ] && kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
DS=$here/rulesets/dice-skirmish.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# ---- index.json: every file, its size and its hash ----
"$BIN" build -q rulesets/dice-skirmish.md -o "$tmp/b" 2>"$tmp/err" ||
	fail "build dice-skirmish" "$(head -c 300 "$tmp/err")"
D=$tmp/b/dice-skirmish
bad=""
n=0
for f in $(ls "$D"); do
	# index.json cannot hold its own hash; every other file is listed.
	[ "$f" = index.json ] && continue
	n=$((n + 1))
	got=$(jq -r --arg f "$f" '.products[] | select(.file == $f) |
	    (.bytes | tostring) + " " + .sha256' "$D/index.json" 2>/dev/null)
	want="$(wc -c <"$D/$f") $(sha256sum "$D/$f" | cut -d' ' -f1)"
	[ "$got" = "$want" ] || bad="$bad $f($got != $want)"
done
[ "$n" -ge 8 ] && [ -z "$bad" ] && pass "index.json gives every file's size and sha256" ||
	fail "index.json gives every file's size and sha256" "$n files:$bad"
listed=$(jq '.products | length' "$D/index.json" 2>/dev/null)
[ "$listed" = "$n" ] && jq -e '.products[] | select(.file == "scenario.yaml")' \
    "$D/index.json" >/dev/null 2>&1 &&
	pass "index.json lists exactly the files written, scenario.yaml too" ||
	fail "index.json lists exactly the files written, scenario.yaml too" \
	    "$listed listed, $n written"

# ---- build --watch > log: each line as it is printed ----
mkdir -p "$tmp/w"
cp "$DS" "$tmp/w/ds.md"
(cd "$tmp/w" && exec timeout 300 "$BIN" build --watch -o out ds.md \
    >log 2>err) &
wpid=$!
# "watching" goes to stderr after the first build has printed its line.
k=0
until grep -q watching "$tmp/w/err" 2>/dev/null || [ $k -ge 1500 ]; do
	sleep 0.2
	k=$((k + 1))
done
if ! grep -q watching "$tmp/w/err" 2>/dev/null; then
	fail "build --watch > log shows the first build" "no first build: $(head -c 300 "$tmp/w/err")"
elif grep -q "^ds.md: out/ds/: .*index.json; [0-9.]* s in all" "$tmp/w/log"; then
	pass "build --watch > log shows the first build"
else
	fail "build --watch > log shows the first build" "the log is empty while it runs"
fi
kill $wpid 2>/dev/null
wait $wpid 2>/dev/null
wpid=""

# ---- the paper: --paper, then libpaper (PAPERSIZE, the papersize
# file), then the locale ----
unset LC_ALL LC_PAPER LANG PAPERSIZE
# Page 1's size of PDF $1, as "W x H" in points.
size() {
	pdfinfo -f 1 -l 1 "$1" 2>/dev/null |
	    sed -n 's/^Page *[0-9]* size: *\([0-9.]* x [0-9.]*\) pts.*/\1/p'
}
paper_is() { # name expected-size command...
	name=$1 want=$2
	shift 2
	rm -f "$tmp/p.pdf"
	"$@" >/dev/null 2>"$tmp/err"
	got=$(size "$tmp/p.pdf")
	[ "$got" = "$want" ] && pass "$name" ||
		fail "$name" "size '$got', want '$want': $(head -c 200 "$tmp/err")"
}
LETTER="792 x 612" # the reference sheet is landscape
A4="841.89 x 595.276"
paper_is "PAPERSIZE=letter gives Letter" "$LETTER" \
    env PAPERSIZE=letter "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
paper_is "PAPERSIZE=a4 gives A4" "$A4" \
    env PAPERSIZE=a4 "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
paper_is "PAPERSIZE=a4 wins over a Letter locale" "$A4" \
    env PAPERSIZE=a4 LC_PAPER=en_US.UTF-8 "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
paper_is "a paper libpaper knows and we do not (B5, 176 x 250 mm)" \
    "708.661 x 498.898" \
    env PAPERSIZE=b5 "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
paper_is "-p wins over PAPERSIZE" "$A4" \
    env PAPERSIZE=letter "$BIN" reference -q -p A4 "$DS" -o "$tmp/p.pdf"
paper_is "--paper wins over PAPERSIZE" "$LETTER" \
    env PAPERSIZE=a4 "$BIN" reference -q --paper Letter "$DS" -o "$tmp/p.pdf"
# The papersize file (/etc/papersize; PAPERCONF names another, so that
# the test does not depend on the machine's).
echo letter >"$tmp/papersize"
paper_is "the papersize file gives Letter" "$LETTER" \
    env PAPERCONF="$tmp/papersize" "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
paper_is "PAPERSIZE wins over the papersize file" "$A4" \
    env PAPERSIZE=a4 PAPERCONF="$tmp/papersize" "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
# No opinion from libpaper (no PAPERSIZE, no papersize file): the locale.
paper_is "no papersize file: LC_PAPER in the US gives Letter" "$LETTER" \
    env PAPERCONF="$tmp/none" LC_PAPER=en_US.UTF-8 "$BIN" reference -q "$DS" -o "$tmp/p.pdf"
paper_is "no papersize file, no locale: A4" "$A4" \
    env PAPERCONF="$tmp/none" "$BIN" reference -q "$DS" -o "$tmp/p.pdf"

# ---- scenario.yaml names its ruleset relative to itself ----
mkdir -p "$tmp/r/rules" "$tmp/r/a/b" "$tmp/elsewhere"
cp "$DS" "$tmp/r/rules/ds.md"
(cd "$tmp/r" && "$BIN" scenario -q rules/ds.md -o a/b/sc.pdf) 2>"$tmp/err" ||
	fail "scenario into a/b" "$(head -c 300 "$tmp/err")"
line=$(grep '^ruleset:' "$tmp/r/a/b/sc.yaml")
case "$line" in
"ruleset: ../../rules/ds.md"*) pass "scenario.yaml names its ruleset relative to itself" ;;
*) fail "scenario.yaml names its ruleset relative to itself" "$line" ;;
esac
# Read from another directory, by paths relative and absolute.
(cd "$tmp/elsewhere" && "$BIN" play --scenario ../r/a/b/sc.yaml -n 4 \
    >"$tmp/out" 2>"$tmp/err") &&
    grep -q "4 games" "$tmp/out" &&
	pass "play --scenario finds the ruleset from another directory" ||
	fail "play --scenario finds the ruleset from another directory" "$(head -c 300 "$tmp/err")"
(cd / && "$BIN" scenario -q --from "$tmp/r/a/b/sc.yaml" "$tmp/r/rules/ds.md" \
    -o "$tmp/r/a/again.pdf" 2>"$tmp/err") &&
    grep -q '^ruleset: \.\./rules/ds\.md' "$tmp/r/a/again.yaml" &&
	pass "scenario --from, elsewhere, names the ruleset relative to the new file" ||
	fail "scenario --from, elsewhere, names the ruleset relative to the new file" \
	    "$(grep '^ruleset:' "$tmp/r/a/again.yaml") $(head -c 300 "$tmp/err")"
# A build's scenario.yaml (written in a stage, then renamed up): the
# path from its directory, as realpath(1) gives it.
want=$(realpath --relative-to="$D" "$here/rulesets/dice-skirmish.md")
line=$(grep '^ruleset:' "$D/scenario.yaml")
case "$line" in
"ruleset: $want   #"*)
	(cd "$tmp/elsewhere" && "$BIN" play --scenario "$D/scenario.yaml" -n 4 \
	    >/dev/null 2>"$tmp/err") &&
		pass "build's scenario.yaml is read from another directory" ||
		fail "build's scenario.yaml is read from another directory" "$(head -c 300 "$tmp/err")" ;;
*) fail "build's scenario.yaml names its ruleset relative to itself" "$line, want $want" ;;
esac
# A file written before, naming the ruleset from where sandtable ran.
sed 's|^ruleset: .*|ruleset: rules/ds.md|' "$tmp/r/a/b/sc.yaml" >"$tmp/r/a/old.yaml"
(cd "$tmp/r" && "$BIN" play --scenario a/old.yaml -n 4 >/dev/null 2>"$tmp/err") &&
	pass "an older scenario file (ruleset named from the working directory) still plays" ||
	fail "an older scenario file (ruleset named from the working directory) still plays" "$(head -c 300 "$tmp/err")"

# ---- libraries only some commands use are opened on first use ----
# (src/base/dlib.c, issue 36): linked, they and what they pull in cost
# every command's start-up in the dynamic linker (libzip brought
# libcrypto, libxml2 ICU, libqpdf libstdc++ and gnutls, gdk-pixbuf
# gio).
if command -v ldd >/dev/null 2>&1; then
	linked=$(ldd "$BIN" 2>/dev/null | awk '{ print $1 }' |
	    grep -E '^lib(microhttpd|zip|crypto|xml2|icuuc|icudata|rsvg-2|gdk_pixbuf-2|lcms2|poppler|qpdf|stdc\+\+|gnutls)[.-]' |
	    tr '\n' ' ')
	[ -z "$linked" ] &&
		pass "libmicrohttpd, libzip, libxml2, librsvg, gdk-pixbuf, libqpdf, lcms2 and poppler are not linked (opened on first use)" ||
		fail "libmicrohttpd, libzip, libxml2, librsvg, gdk-pixbuf, libqpdf, lcms2 and poppler are not linked (opened on first use)" "ldd lists $linked"
fi

# ---- a PDF's close pass: appended to Cairo's file, not rewritten ----
# What Cairo cannot write (/Lang, the viewer's preferences, the Info's
# dates, the figures' /Alt) is an incremental update of Cairo's file
# (pdf.c); a booklet is imposed by qpdf, which writes the file anew.
"$BIN" reference -q "$DS" -o "$tmp/ref.pdf" 2>"$tmp/err"
"$BIN" rulebook -q --booklet "$DS" -o "$tmp/bk.pdf" 2>>"$tmp/err"
trailer=$(qpdf --show-object=trailer "$tmp/ref.pdf" 2>&1)
case "$trailer" in
*"/Prev "*"/Root "*|*"/Root "*"/Prev "*)
	qpdf --check "$tmp/ref.pdf" >/dev/null 2>&1 &&
	    qpdf --show-object="$(echo "$trailer" | sed -n 's|.*/Root \([0-9]*\) 0 R.*|\1|p')" \
	    "$tmp/ref.pdf" 2>/dev/null | grep -q '/Lang (en).*/DisplayDocTitle true' &&
	    pdfinfo "$tmp/ref.pdf" 2>/dev/null | grep -q '^CreationDate: .*2023' &&
		pass "reference: the close pass appends to Cairo's file (qpdf --check clean, /Lang, the dates)" ||
		fail "reference: the close pass appends to Cairo's file" "qpdf --check, /Lang or the date: $(head -c 300 "$tmp/err")" ;;
*) fail "reference: the close pass appends to Cairo's file" "trailer $trailer" ;;
esac
case "$(qpdf --show-object=trailer "$tmp/bk.pdf" 2>&1)" in
*"/Prev "*) fail "booklet: imposed by qpdf, written anew" "an update's /Prev" ;;
*"/Root "*)
	[ "$(pdfinfo "$tmp/bk.pdf" 2>/dev/null | sed -n 's/^Page size: *\([0-9]*\).*/\1/p')" = 841 ] &&
		pass "booklet: imposed by qpdf (opened on first use), written anew" ||
		fail "booklet: imposed by qpdf" "not A4 landscape: $(head -c 300 "$tmp/err")" ;;
*) fail "booklet: imposed by qpdf" "no file: $(head -c 300 "$tmp/err")" ;;
esac
