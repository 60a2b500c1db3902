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
# The legend under the map: a list, each swatch's label an item, then
# the scale as a paragraph.
case "$s" in
*'Figure '*' L (block) LI (block) LBody (block) "Blue zone" LI (block) LBody (block) "Red zone" LI (block) LBody (block) "Objective"'*' P (block) "'[0-9]*' cm"'*) pass "scenario: the legend a list of its labels, the scale a paragraph" ;;
*) fail "scenario: the legend a list of its labels" "$(echo "$s" | grep -o 'L (block).\{0,200\}' | head -1)" ;;
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

# The rulebook and the reference sheet: every heading of the ruleset
# (but the test games', which the book does not print) a heading of the
# structure, in order, at its level (## an H2); lists, tables and the
# examples of play tagged. (poppler shows an element's first run of
# text: a heading is matched by that much of it.)
for c in rulebook reference; do
	"$BIN" "$c" -q rulesets/morschauser-modern.md -o "$T/$c.pdf" 2>/dev/null
	pdfinfo -struct-text "$T/$c.pdf" >"$T/$c.st" 2>&1
done
python3 - "$T/rulebook.st" rulesets/morschauser-modern.md <<'EOF_PY'
import re, sys
st = open(sys.argv[1]).read().splitlines()
heads = []
for i, l in enumerate(st):
    m = re.match(r"^\s*H([1-6]) \(block\)$", l)
    if m and i + 1 < len(st):
        t = re.match(r'^\s*"(.*)"$', st[i + 1])
        heads.append((int(m.group(1)), t.group(1) if t else ""))
md, skip, fm = [], False, 0
for l in open(sys.argv[2]):
    if l.strip() == "---" and fm < 2:
        fm += 1
        continue
    if fm < 2:
        continue
    m = re.match(r"^(#{1,6}) (.*)$", l.rstrip())
    if not m:
        continue
    lvl = len(m.group(1))
    if lvl <= 2:
        skip = m.group(2) == "Test games"
    if not skip:
        md.append((lvl, m.group(2)))
k, miss = 0, []
for lvl, text in md:
    norm = text.replace("fi", "\ufb01").replace("fl", "\ufb02")
    while k < len(heads) and not (heads[k][0] == lvl and len(heads[k][1]) >= 4
                                  and (text.startswith(heads[k][1]) or norm.startswith(heads[k][1]))):
        k += 1
    if k == len(heads):
        miss.append("%s %s" % ("#" * lvl, text))
        break
    k += 1
print(("PASS" if not miss else "FAIL") + ": rulebook: the ruleset's %d headings are headings of the structure, in order, at their levels%s"
      % (len(md), "" if not miss else ": not found from '%s' on" % miss[0]))
EOF_PY
for c in rulebook reference; do
	if grep -q 'Syntax Warning' "$T/$c.st"; then
		fail "$c: the structure read without a warning" "$(grep -m1 'Syntax Warning' "$T/$c.st")"
	elif grep -q '^  L (block)' "$T/$c.st" && grep -q '^  Table (block)' "$T/$c.st" &&
	    grep -q '^      TH' "$T/$c.st"; then
		pass "$c: lists, and tables with header cells, in a structure read without a warning"
	else
		fail "$c: lists and tables tagged" "$(grep -c 'L (block)' "$T/$c.st") lists"
	fi
done
# The reference's title band: the title its first heading, then its
# credits.
sed -n '2,5p' "$T/reference.st" | tr -s ' \n' '  ' >"$T/band"
case "$(cat "$T/band")" in
*'H1 (block) "Rules for a Modern War Game" P (block) "'*'Quick reference'*) pass "reference: the title band an H1 and its credits a paragraph, first" ;;
*) fail "reference: the title band an H1 first" "$(cat "$T/band")" ;;
esac
n=$(grep -c '^  Figure' "$T/rulebook.st")
[ "$n" -ge 7 ] && pass "rulebook: the examples of play are figures ($n)" ||
    fail "rulebook: the examples of play are figures" "$n figures"

# Alternative text in the flow: each example of play says which it is;
# a card's stat boxes say their stats in words.
qpdf --qdf --object-streams=disable "$T/rulebook.pdf" "$T/rbq.pdf" 2>/dev/null
"$BIN" cards -q rulesets/morschauser-modern.md -o "$T/cards.pdf" 2>/dev/null
qpdf --qdf --object-streams=disable "$T/cards.pdf" "$T/cdq.pdf" 2>/dev/null
grep -aq '/Alt (Example 1: Fire' "$T/rbq.pdf" &&
    pass "rulebook: an example of play's figure says which it is ('Example 1: Fire …')" ||
    fail "rulebook: the examples' alternative text" "$(grep -a -m3 '/Alt' "$T/rbq.pdf")"
grep -aq '/Alt (Rifle)' "$T/cdq.pdf" && grep -aq '/Alt (Move 9", Road move' "$T/cdq.pdf" &&
    pass "cards: the unit's symbol named for it, its stat boxes in words" ||
    fail "cards: alternative text" "$(grep -a -m3 '/Alt' "$T/cdq.pdf")"

# The rulebook's own pages: its contents a TOC of items, its index an
# Index, its title page a section.
grep -q '^  TOC' "$T/rulebook.st" && grep -q '^    TOCI' "$T/rulebook.st" &&
    grep -q '^  Index' "$T/rulebook.st" && grep -q '^  Sect' "$T/rulebook.st" &&
    pass "rulebook: the contents a TOC of items, the index an Index, the title page a section" ||
    fail "rulebook: its own pages tagged" "$(grep -E '^  (TOC|Index|Sect)' "$T/rulebook.st" | sort | uniq -c)"
