#!/bin/sh
# pdf_access.sh BIN: what a viewer and a screen reader are told (issue
# 37): every PDF of a build says its language (/Lang, the ruleset's
# lang:, English without one) and asks the viewer to show its title,
# not its file name (/DisplayDocTitle); a German ruleset's say de.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
command -v qpdf >/dev/null 2>&1 || { fail "qpdf" "not installed (make deps)"; exit 0; }
# root_keys PDF: the catalog as qpdf shows it.
root_keys() { qpdf --show-object="$(qpdf --show-object=trailer "$1" | sed -n 's|.*/Root \([0-9]*\) 0 R.*|\1|p')" "$1"; }

for c in "rulesets/dice-skirmish.md:dice-skirmish:en" "tests/rulesets/de.md:de:de"; do
	IFS=: read -r r name lang <<EOF_CASE
$c
EOF_CASE
	"$BIN" build -q -o "$T/out" "$r" >/dev/null 2>"$T/err"
	n=0 bad=""
	for f in "$T/out/$name"/*.pdf; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		k=$(root_keys "$f")
		case "$k" in
		*"/Lang ($lang)"*"/DisplayDocTitle true"*) ;;
		*) bad="$bad $(basename "$f"): $k;" ;;
		esac
	done
	[ $n -ge 7 ] && [ -z "$bad" ] &&
	    pass "$name: all $n PDFs say /Lang ($lang) and show their title" ||
	    fail "$name: /Lang ($lang) and /DisplayDocTitle in every PDF" "$n PDFs;$bad $(head -2 "$T/err")"
done

# Tagged: the map's structure in reading order, one Document over it;
# each figure says what it shows (the plan; each tile its cells).
"$BIN" map -q rulesets/dice-skirmish.md -s 1 -o "$T/map.pdf" 2>/dev/null
pdfinfo "$T/map.pdf" 2>/dev/null | grep -q '^Tagged: *yes' &&
    pass "map: tagged" || fail "map: tagged" "$(pdfinfo "$T/map.pdf" 2>&1 | grep -i tag)"
s=$(pdfinfo -struct-text "$T/map.pdf" 2>&1)
case "$s" in
Document*"  H1 (block)"*"Saltmarsh Reckoning"*"  Figure"*) pass "map: a Document, its title an H1, then the plan as a figure" ;;
*) fail "map: the structure" "$(echo "$s" | head -5)" ;;
esac
echo "$s" | grep -q 'Syntax Warning' &&
    fail "map: poppler reads the structure without a warning" "$(echo "$s" | grep -m2 'Syntax Warning')" ||
    pass "map: poppler reads the structure without a warning"
qpdf --qdf --object-streams=disable "$T/map.pdf" "$T/mapq.pdf" 2>/dev/null
alts=$(grep -ac '/Alt' "$T/mapq.pdf")
tiles=$(pdfinfo "$T/map.pdf" | sed -n 's/^Pages: *//p')
# A figure a tile (pages less the plan), the plan and its bars.
[ "$alts" -eq $((tiles - 1 + 2)) ] &&
    grep -aq '/Alt (The assembly plan: the table in 25 tiles, 10 printed' "$T/mapq.pdf" &&
    pass "map: $alts figures with alternative text (the plan, its bars, each tile)" ||
    fail "map: alternative text" "$alts /Alt for $tiles pages"

# The scenario, the bases and the report: tagged, read without a
# warning; the orders of battle a table with header cells in the
# columns' order; each base a figure named for its unit; the report's
# sections headings and its charts figures named for them.
"$BIN" scenario -q -n 40 rulesets/dice-skirmish.md -o "$T/sc.pdf" 2>/dev/null
"$BIN" bases -q rulesets/dice-skirmish.md -o "$T/ba.pdf" 2>/dev/null
"$BIN" report -q -n 60 rulesets/dice-skirmish.md -o "$T/re.pdf" 2>/dev/null
for f in sc ba re; do
	s=$(pdfinfo -struct-text "$T/$f.pdf" 2>&1)
	if ! pdfinfo "$T/$f.pdf" 2>/dev/null | grep -q '^Tagged: *yes'; then
		fail "$f.pdf: tagged" "not tagged"
	elif echo "$s" | grep -q 'Syntax Warning'; then
		fail "$f.pdf: its structure read without a warning" "$(echo "$s" | grep -m1 'Syntax Warning')"
	else
		pass "$f.pdf: tagged, its structure read without a warning"
	fi
done
s=$(pdfinfo -struct-text "$T/sc.pdf" 2>&1 | tr -s ' \n' '  ')
case "$s" in
*'H1 (block) "Clash at the cairn"'*'H2 (block) "Blue — '*'Table (block) TR TH "Mark" TH "Unit" TH "No." TH "Move"'*'TR TD "'*) pass "scenario: title, side headings, the orders of battle with header cells" ;;
*) fail "scenario: the structure" "$(echo "$s" | cut -c1-300)" ;;
esac
qpdf --qdf --object-streams=disable "$T/ba.pdf" "$T/baq.pdf" 2>/dev/null
python3 - "$T/baq.pdf" <<'EOF_PY'
import re, sys
data = open(sys.argv[1], "rb").read()
alts = []
for m in re.finditer(rb"/Alt (\((?:[^()\\]|\\.)*\)|<[0-9a-fA-F]+>)", data):
    v = m.group(1)
    if v.startswith(b"<"):
        b = bytes.fromhex(v[1:-1].decode())
        alts.append(b[2:].decode("utf-16-be") if b.startswith(b"\xfe\xff") else b.decode("latin-1"))
    else:
        alts.append(v[1:-1].decode("latin-1"))
bases = [a for a in alts if a.startswith("Base of ")]
ok = bases and any("Reed Wardens" in a for a in bases) and any(a.startswith("Ruler of ") for a in alts)
print(("PASS" if ok else "FAIL") + ": bases: %d figures, each base named for its unit ('%s')" % (len(alts), bases[0] if bases else "none"))
EOF_PY
s=$(pdfinfo -struct-text "$T/re.pdf" 2>&1 | grep -c '^  H2')
[ "$s" -ge 5 ] && pass "report: $s section headings" || fail "report: section headings" "$s"
