#!/bin/sh
# pdfx.sh BIN: PDF/X-4 for print shops (issue 37). Each PDF product with
# --pdfx, read back by qpdf (pdfx.py): PDF 1.6, the output intent with
# Debian's sRGB profile byte for byte, XMP, Info keys, trim and bleed
# boxes on every page, fonts embedded; --icc FILE puts that profile in
# (an RGB one; a grey or broken one is refused at the option); cards
# --single --bleed keep their own boxes; the same run twice is the same
# bytes; without --pdfx nothing of it.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
D=$(dirname "$0")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
command -v qpdf >/dev/null 2>&1 || { fail "qpdf" "not installed (make deps)"; exit 0; }
R=rulesets/dice-skirmish.md

for p in reference cards map scenario bases report rulebook; do
	"$BIN" "$p" -q --pdfx -n 40 "$R" -o "$T/$p.pdf" >/dev/null 2>"$T/err" ||
	    "$BIN" "$p" -q --pdfx "$R" -o "$T/$p.pdf" >/dev/null 2>"$T/err"
	if [ -f "$T/$p.pdf" ]; then
		python3 "$D/pdfx.py" "$T/$p.pdf"
	else
		fail "$p --pdfx" "not written: $(head -2 "$T/err")"
	fi
done

# The same bytes twice.
"$BIN" reference -q --pdfx "$R" -o "$T/again.pdf" 2>/dev/null
cmp -s "$T/reference.pdf" "$T/again.pdf" &&
    pass "--pdfx twice: the same bytes" ||
    fail "--pdfx twice: the same bytes" "they differ"

# Without it: no output intent, no PDF/X key, PDF 1.5.
"$BIN" reference -q "$R" -o "$T/plain.pdf" 2>/dev/null
if grep -aq 'GTS_PDFX\|OutputIntents' "$T/plain.pdf" ||
    [ "$(head -c 8 "$T/plain.pdf")" != "%PDF-1.5" ]; then
	fail "no --pdfx: a plain PDF" "PDF/X keys or version $(head -c 8 "$T/plain.pdf")"
else
	pass "no --pdfx: a plain PDF 1.5 without output intent"
fi

# --icc: an RGB profile goes in as it is, its description the output
# condition.
A=/usr/share/color/icc/compatibleWithAdobeRGB1998.icc
"$BIN" reference -q --icc "$A" "$R" -o "$T/argb.pdf" 2>"$T/err"
python3 "$D/pdfx.py" "$T/argb.pdf" "$A" "Compatible with Adobe RGB (1998)" |
    sed 's/^\([A-Z]*\): /\1: --icc: /'

# Refused at the option, exit 2: grey, not a profile, no such file.
for c in "Gray:/usr/share/color/icc/Gray.icc:a non-RGB profile" \
    "text:$R:not an ICC colour profile" \
    "missing:$T/none.icc:none.icc"; do
	IFS=: read -r what f want <<EOF_CASE
$c
EOF_CASE
	"$BIN" reference -q --icc "$f" "$R" -o "$T/bad.pdf" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q "^sandtable: reference: --icc $f: .*$want" "$T/err" &&
	    [ ! -f "$T/bad.pdf" ] &&
	    pass "--icc $what: refused at the option ($want)" ||
	    fail "--icc $what: refused at the option" "exit $rc: $(cat "$T/err")"
done

# Cards for a shop: one card a page with 1/8in of bleed keep the trim
# and bleed boxes they draw (the TrimBox inside the MediaBox).
"$BIN" cards -q --pdfx --single --bleed 1/8in "$R" -o "$T/single.pdf" 2>"$T/err"
qpdf --json --json-key=pages --json-key=qpdf "$T/single.pdf" 2>/dev/null |
    python3 -c '
import json, sys
d = json.load(sys.stdin)
objs = d["qpdf"][1]
p = objs["obj:" + d["pages"][0]["object"]]["value"]
mb, tb = p["/MediaBox"], p["/TrimBox"]
ok = abs(tb[0] - 9) < 0.01 and abs((mb[2] - tb[2]) - 9) < 0.01
print(("PASS" if ok else "FAIL") + ": cards --single --bleed 1/8in --pdfx: the trim 9 pt inside the media box: %s in %s" % (tb, mb))'

# build --pdfx: every PDF of the build.
"$BIN" build -q --pdfx -o "$T/out" "$R" >/dev/null 2>"$T/err"
n=0 bad=""
for f in "$T"/out/dice-skirmish/*.pdf; do
	n=$((n + 1))
	python3 "$D/pdfx.py" "$f" | grep -q '^FAIL' && bad="$bad $(basename "$f")"
done
[ $n -ge 7 ] && [ -z "$bad" ] &&
    pass "build --pdfx: all $n PDFs are PDF/X-4" ||
    fail "build --pdfx: every PDF" "$n PDFs, not PDF/X:$bad $(head -2 "$T/err")"

# A build without --pdfx is not up to date for one with it.
"$BIN" build -q -o "$T/up" "$R" >/dev/null 2>&1
"$BIN" build --pdfx -o "$T/up" "$R" >"$T/o" 2>&1
if grep -q 'up to date' "$T/o"; then
	fail "build --pdfx after a plain build: made again" "$(cat "$T/o")"
elif python3 "$D/pdfx.py" "$T/up/dice-skirmish/reference.pdf" | grep -q '^FAIL'; then
	fail "build --pdfx after a plain build: as PDF/X" "not PDF/X"
else
	pass "build --pdfx after a plain build: made again, as PDF/X"
fi
