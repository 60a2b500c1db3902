#!/bin/sh
# rulebook_prose.sh BIN: the Markdown a rulebook used to drop in silence
# (issue 35): tests/rulesets/prose.md as a book on A4 and A5. A
# blockquote is a callout box (its blocks marked quote in --dump, its
# text in from the body's left); a link keeps its URL (a PDF link, and
# the URL in small type after its text); a link to a heading ("#scoring")
# goes to it (a named destination at every heading) and one to no
# heading is a warning at its line; a picture is drawn with its alt text
# under it, one that cannot be read is a warning at its line and its alt
# text stands in its place; raw HTML is a warning at its line.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
cd "$(dirname "$0")/../.." || exit 2
T=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$T"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# ok NAME CONDITION-EXIT-STATUS DETAIL
ok() { if [ "$2" -eq 0 ]; then pass "$1"; else fail "$1" "$3"; fi; }

R=tests/rulesets/prose.md
for p in A4 A5; do
	"$BIN" rulebook "$R" -p $p -o "$T/b.pdf" --dump >"$T/dump" 2>"$T/err"
	ok "$p: the book is made" $? "$(head -c 300 "$T/err")"
	pdftotext "$T/b.pdf" "$T/all.txt" 2>/dev/null
	# A URL broken after a slash or dot is joined again.
	tr '\n' ' ' <"$T/all.txt" | sed 's/\xe2\x80\x8b//g; s|\([/.]\) |\1|g' \
	    >"$T/flat.txt"
	links=$(python3 -c "
import re, sys
d = open(sys.argv[1], 'rb').read()
print(' '.join(x.decode() for x in re.findall(rb'/URI *\(([^)]*)\)', d)))
print(' '.join(x.decode() for x in re.findall(rb'/Dest *\(([^)]*)\)', d)))
n = re.search(rb'/Names *\[(.*?)\]\s*>>', d, re.S)
print(' '.join(x.decode() for x in re.findall(rb'\(([^)]*)\) *\[', n.group(1))) if n else '')
print(len(re.findall(rb'/Subtype */Image', d)))" "$T/b.pdf")
	# (A link broken over two lines is a link on each.)
	uris=$(echo "$links" | sed -n 1p | tr ' ' '\n' | uniq | tr '\n' ' ' |
	    sed 's/ $//')
	dests=$(echo "$links" | sed -n 2p)
	names=$(echo "$links" | sed -n 3p)
	images=$(echo "$links" | sed -n 4p)

	# The blockquote.
	[ "$(grep -c ' quote$' "$T/dump")" -eq 3 ]
	ok "$p: the blockquote's three blocks are in a callout box" $? \
	    "$(grep -c ' quote$' "$T/dump") quote blocks"
	python3 -c "
import re, sys
x = open(sys.argv[1]).read()
w = re.findall(r'<word xMin=\"([\d.]+)\"[^>]*>([^<]*)</word>', x)
body = min(float(a) for a, t in w if t == 'Hold')
note = min(float(a) for a, t in w if t == 'Hedges')
sys.exit(0 if note > body + 8 else 1)" "$(pdftotext -bbox "$T/b.pdf" - >"$T/bbox" && echo "$T/bbox")"
	ok "$p: the callout's text is set in from the body's left" $? ""

	# Links.
	[ "$uris" = "https://example.org/hedgerow/rules.html https://example.org/hedgerow" ]
	ok "$p: both links out are PDF links" $? "$uris"
	grep -q "the designer's site (https://example.org/hedgerow/rules.html)" "$T/flat.txt"
	ok "$p: a link's URL is printed after its text" $? \
	    "$(grep -o "designer's site.\{0,60\}" "$T/flat.txt")"
	grep -q "and at https://example.org/hedgerow; see" "$T/flat.txt"
	ok "$p: a link whose text is its URL is printed once" $? \
	    "$(grep -o "and at.\{0,60\}" "$T/flat.txt")"
	[ "$dests" = "scoring" ]
	ok "$p: 'see Scoring' links to the heading, '#nowhere' to nothing" $? \
	    "links to: $dests"
	case " $names " in
	*" designers-notes "*" scoring "*" units "*) pass "$p: every heading is a named destination" ;;
	*) fail "$p: every heading is a named destination" "$names" ;;
	esac

	# Pictures.
	[ "${images:-0}" -ge 1 ]
	ok "$p: the picture is drawn" $? "$images images"
	grep -q "A hedgerow with a gap for the lane" "$T/flat.txt" &&
	    grep -q "The crossroads from the church tower" "$T/flat.txt"
	ok "$p: each picture's alt text is printed" $? ""

	# Warnings at their lines.
	grep -q "prose.md:67:1: warning: rulebook: the picture '../pictures/tower.png' is not drawn (no such file)" "$T/err"
	ok "$p: a picture that cannot be read is a warning at its line" $? "$(cat "$T/err")"
	grep -q "prose.md:69:1: warning: rulebook: raw HTML is not drawn in the rulebook" "$T/err"
	ok "$p: raw HTML is a warning at its line" $? "$(cat "$T/err")"
	grep -q "prose.md:63:68: warning: rulebook: the link to '#nowhere' leads to no heading" "$T/err"
	ok "$p: a link to no heading is a warning at its line" $? "$(cat "$T/err")"
	[ "$(wc -l <"$T/err")" -eq 3 ]
	ok "$p: three warnings, no more" $? "$(cat "$T/err")"
done

# The reference sheet of the same ruleset: no PDF link is made there
# (the book's alone), and the pictures' alt text stands in the text.
"$BIN" reference "$R" -p A4 -o "$T/r.pdf" >/dev/null 2>&1
pdftotext "$T/r.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q "A hedgerow with a gap"
ok "reference: the picture's alt text stands in the text" $? ""

# Players' words (issue 35): the engine's words are not printed in the
# book. The Terrain table has no Kind column, the modifiers tables no Key
# column (target_in_cover, meleed_by_cavalry), and the dice family's
# Combat settings are rules in plain words, not "shooting | pipeline".
for r in dice-skirmish gauntlet-ancients cinder-vale; do
	"$BIN" rulebook rulesets/$r.md -p A4 -o "$T/$r.pdf" >/dev/null 2>&1
	# The body: the index of rule ids after it is the engine's own.
	pdftotext -layout "$T/$r.pdf" - 2>/dev/null |
	    sed '/^ *Index of rules *$/,$d' >"$T/$r.txt"
	grep -q "^ *Terrain  *Effect *$" "$T/$r.txt" && ! grep -q "Terrain  *Kind" "$T/$r.txt"
	ok "$r: the Terrain table without its Kind column" $? \
	    "$(grep -m1 "^ *Terrain  " "$T/$r.txt")"
	! grep -q "target_in_cover\|meleed_by_cavalry\|charging  *+1\|Modifier  *Key" "$T/$r.txt"
	ok "$r: the modifiers tables without their Key column" $? \
	    "$(grep -m1 "target_in_cover\|meleed_by_cavalry\|Modifier  *Key" "$T/$r.txt")"
done
for r in dice-skirmish cinder-vale; do
	! grep -q "^ *shooting  *pipeline\|Setting  *Value" "$T/$r.txt" &&
	    grep -q "Shooting: roll to hit, then to wound, then the target saves." "$T/$r.txt"
	ok "$r: the Combat settings said as rules" $? \
	    "$(grep -m2 "pipeline\|Setting  *Value\|Shooting:" "$T/$r.txt")"
done
grep -q "Melee: each side rolls d6 and adds its Combat; the lower total is" "$T/dice-skirmish.txt"
ok "dice-skirmish: its opposed melee with its melee roll" $? \
    "$(grep -m1 "Melee:" "$T/dice-skirmish.txt")"
# Its Melee outcomes and Quality test tables in a player's words, not the
# engine's grammar ("recoil 1 base", "fight again at most 1 time, both
# recoil", "fall back 10cm"), and the Wound table's corner names both
# its sides.
w=$(tr -s ' ' <"$T/dice-skirmish.txt")
r=0
for s in "Beaten Moves back 1 base depth." "Beaten by double or more Destroyed." \
    "Equal totals Fight again at once, 1 time at most; then both move back" \
    "Passed Holds its ground." "Failed Falls back 10 cm." \
    "Strength \\ Toughness 3 4 6"; do
	echo "$w" | grep -qF "$s" || { r=1; echo "missing: $s"; }
done
echo "$w" | grep -q "recoil 1 base\|at most 1 time\|fall back 10cm\|^ *beaten \|^ *passed " && r=1
ok "dice-skirmish: its outcome tables in a player's words" $r \
    "$(echo "$w" | grep -m3 "recoil\|beaten\|passed\|fall back")"

# Links inside the book (issue 35): "see *Melee*" (a heading's name in
# italics or bold) links to that heading, and "Clarification 2" to the
# clarification of that number, each a named destination.
dests() { python3 -c "
import re, sys
d = open(sys.argv[1], 'rb').read()
print(' '.join(sorted(set(x.decode() for x in re.findall(rb'/Dest *\(([^)]*)\)', d)))))
n = re.search(rb'/Names *\[(.*?)\]\s*>>', d, re.S)
print(' '.join(x.decode() for x in re.findall(rb'\(([^)]*)\) *\[', n.group(1))) if n else '')" "$1"; }
"$BIN" rulebook rulesets/morschauser-modern.md -p A5 -o "$T/mm.pdf" >/dev/null 2>&1
d=$(dests "$T/mm.pdf")
case " $(echo "$d" | sed -n 1p) " in *" melee "*) r=0 ;; *) r=1 ;; esac
case " $(echo "$d" | sed -n 2p) " in *" melee "*) ;; *) r=1 ;; esac
ok "morschauser-modern: 'see *Melee*' links to the heading Melee" $r "$d"
"$BIN" rulebook rulesets/dice-skirmish.md -p A5 -o "$T/ds.pdf" >/dev/null 2>&1
d=$(dests "$T/ds.pdf")
r=0
for c in clarification-2 clarification-13; do
	case " $(echo "$d" | sed -n 1p) " in *" $c "*) ;; *) r=1 ;; esac
done
case " $(echo "$d" | sed -n 2p) " in *" clarification-2 "*) ;; *) r=1 ;; esac
ok "dice-skirmish: 'Clarification 2' and 'Clarification 13' link to theirs" $r "$d"
# Each link lies over its words (cairo 1.16 took a link's rectangle in
# points whatever the page's scale: in mm it lay at a third of its place).
l=$(python3 tests/check/pdf_links.py "$T/ds.pdf" 2>&1)
echo "$l" | grep -q "	clarification-2	.*Clarification" &&
    ! echo "$l" | grep -q "	clarification-[0-9]*	*$"
ok "dice-skirmish: a link lies over its words" $? "$(echo "$l" | head -5)"

# A cover (issue 35, Layout): "cover: PICTURE" in the front matter puts
# the picture on the title page under the title, as large as fits, its
# shape kept (the same resolution across and down), on A4, Letter and
# A5; a cover that cannot be drawn is an error at its value.
mkdir -p "$T/cov"
cp tests/pictures/musket.png "$T/cov/art.png"
sed 's/^engine: none$/engine: none\ncover: art.png/' tests/check/none.md \
    >"$T/cov/c.md"
for p in A4 Letter A5; do
	"$BIN" rulebook "$T/cov/c.md" -p $p -o "$T/cov/c.pdf" >/dev/null \
	    2>"$T/err"
	pdfimages -list -f 1 -l 1 "$T/cov/c.pdf" 2>/dev/null |
	    awk 'NR > 2 { n++; w = $4; x = $13; y = $14 }
	    END { if (n != 1 || x != y) exit 1
	    # Drawn at least 100 mm wide.
	    exit !(w / x * 25.4 > 100) }'
	ok "cover on $p: the picture on the title page, whole and large" $? \
	    "$(pdfimages -list -f 1 -l 1 "$T/cov/c.pdf" 2>&1 | tail -n +3) $(head -c 200 "$T/err")"
done
pdftotext -f 1 -l 1 "$T/cov/c.pdf" - 2>/dev/null | grep -q "Hedgerow Skirmish"
ok "cover: the title page keeps its title" $? ""
sed 's/^cover: art.png$/cover: nothere.png/' "$T/cov/c.md" >"$T/cov/d.md"
"$BIN" check "$T/cov/d.md" >/dev/null 2>"$T/err"
grep -q "d.md:6:8: error: cover: the picture 'nothere.png' no such file" "$T/err"
ok "cover: a missing picture is an error at its value" $? "$(cat "$T/err")"

# Unit and weapon names in the prose link to their rows (issue 35, Links
# inside the book): a name of the Units or Weapons table, a whole word in
# its case, links to a named destination at its row, at most once a
# paragraph; never in a heading or a table, nor inside another word or
# another case. The links are read from the PDF: each link's words
# (pdf_links.py).
cat >"$T/names.md" <<'MD'
---
title: Hold the Ridge
engine: none
measure: cm
---

# Hold the Ridge

## Units

| Unit       | Class     | Move | Weapons   |
|------------|-----------|------|-----------|
| Grenadiers | infantry  | 10   | Musket    |
| Dragoons   | cavalry   | 25   | Carbine   |
| Field gun  | artillery | 5    | Roundshot |

## Weapons

| Weapon    | Range | Hits on |
|-----------|-------|---------|
| Musket    | 30    | 5, 6    |
| Carbine   | 20    | 6       |
| Roundshot | 90    | 4, 5, 6 |

## Dragoons

The Grenadiers hold the crest while the Dragoons ride round; Grenadiers
behind a wall count as in cover, and a Field
gun that moved does not shoot its Roundshot.

A Musket hits on a 5 or 6; GRENADIERS and Grenadiersmen are not
names, nor field gun.
MD
"$BIN" rulebook "$T/names.md" -p A4 -o "$T/names.pdf" >/dev/null 2>"$T/err"
python3 tests/check/pdf_links.py "$T/names.pdf" >"$T/links" 2>&1
got=$(grep "	unit-\|	weapon-" "$T/links" | cut -f2,3 | tr '\t\n' '=;')
want="unit-grenadiers=Grenadiers;unit-dragoons=Dragoons;unit-field-gun=Field gun;weapon-roundshot=Roundshot.;weapon-musket=Musket;"
[ "$got" = "$want" ]
ok "names: each unit and weapon name links to its row, once a paragraph" $? \
    "got $got $(head -c 300 "$T/err")"
dn=$(dests "$T/names.pdf" | sed -n 2p)
r=0
for x in unit-grenadiers unit-dragoons unit-field-gun weapon-musket \
    weapon-carbine weapon-roundshot dragoons; do
	case " $dn " in *" $x "*) ;; *) r=1 ;; esac
done
ok "names: a named destination at each row of the Units and Weapons tables" $r "$dn"
# The destination is at its row: the page and height of the row's name.
python3 - "$T/names.pdf" <<'PY'
import re, subprocess, sys
pdf = sys.argv[1]
d = open(pdf, "rb").read().decode("latin-1")
objs = {int(m.group(1)): m.group(2)
        for m in re.finditer(r"(\d+) 0 obj(.*?)endobj", d, re.S)}
xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True,
                     text=True).stdout
xp = re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>',
                xml, re.S)
bad = 0
for name, word in (("unit-field-gun", "Field"), ("weapon-carbine", "Carbine")):
    m = re.search(r"\(%s\)\s*\[\s*(\d+) 0 R\s*/XYZ\s*[-\d.]+\s+([-\d.]+)"
                  % name, d)
    if not m:
        print("no destination", name)
        bad = 1
        continue
    # The page's index among the pages as the /Kids list them.
    kids = re.findall(r"(\d+) 0 R", re.search(r"/Kids\s*\[([^\]]*)\]",
                      [o for o in objs.values()
                       if re.search(r"/Type\s*/Pages\b", o)][0]).group(1))
    i = kids.index(m.group(1))
    h, body = xp[i]
    y = float(h) - float(m.group(2))
    ys = [float(a) for a, t in re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" '
        r'yMax="[\d.]+">(.*?)</word>', body) if t == word]
    if not any(abs(v - y) < 8 for v in ys):
        print(name, "at", y, "the row's", word, "at", ys)
        bad = 1
sys.exit(bad)
PY
ok "names: the destination is at its row" $? ""
