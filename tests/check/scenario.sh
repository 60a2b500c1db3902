#!/bin/sh
# sandtable scenario: same seed → same files; the YAML validates, replays
# and can be edited; --balanced holds within 45–55% with other dice;
# impossible requests get clear errors; the briefing has what it should.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MM=rulesets/morschauser-modern.md
AN=rulesets/gauntlet-ancients.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
ok() { # NAME COMMAND... (expects exit 0)
	name=$1
	shift
	if "$@" >"$tmp/out" 2>"$tmp/err"; then pass "$name"; else
		fail "$name" "exit $?: $(head -c 300 "$tmp/err")"; fi
}
status() { # NAME WANT COMMAND...
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass "$name"; else
		fail "$name" "exit $got, wanted $want: $(head -c 300 "$tmp/err")"; fi
}

# ---- reproducible ----
ok "generate seed 5" "$BIN" scenario $MM --seed 5 --games 300 -q -o "$tmp/a.pdf"
ok "generate seed 5 again" "$BIN" scenario $MM --seed 5 --games 300 -q -o "$tmp/b.pdf"
cmp -s "$tmp/a.yaml" "$tmp/b.yaml" && pass "same seed, same YAML" ||
	fail "same seed, same YAML" "$(diff "$tmp/a.yaml" "$tmp/b.yaml" | head -5)"
cmp -s "$tmp/a.pdf" "$tmp/b.pdf" && pass "same seed, same PDF" ||
	fail "same seed, same PDF" "bytes differ"
ok "generate, one job" "$BIN" scenario $MM --seed 5 --games 300 --jobs 1 -q -o "$tmp/j.pdf"
cmp -s "$tmp/a.yaml" "$tmp/j.yaml" && pass "jobs do not change the scenario" ||
	fail "jobs do not change the scenario" "YAML differs"
ok "generate seed 6" "$BIN" scenario $MM --seed 6 --games 300 -q -o "$tmp/c.pdf"
[ -s "$tmp/a.yaml" ] && [ -s "$tmp/c.yaml" ] && ! cmp -s "$tmp/a.yaml" "$tmp/c.yaml" &&
	pass "another seed, another scenario" || fail "another seed, another scenario" "same YAML (or none)"
if locale -a 2>/dev/null | grep -qi '^de_DE.utf-*8$'; then
	LC_ALL=de_DE.UTF-8 "$BIN" scenario $MM --seed 5 --games 300 -q -o "$tmp/de.pdf" 2>/dev/null
	cmp -s "$tmp/a.yaml" "$tmp/de.yaml" && cmp -s "$tmp/a.pdf" "$tmp/de.pdf" &&
		pass "decimal-comma locale, same files" ||
		fail "decimal-comma locale, same files" "files differ"
fi

# ---- the YAML: shape, validation, replay ----
miss=
for k in scenario: ruleset: turns: blue: red: objectives: terrain: forces: deploy:; do
	grep -q "^ *$k" "$tmp/a.yaml" || miss="$miss $k"
done
[ -s "$tmp/a.yaml" ] && [ -z "$miss" ] && pass "YAML has its keys" ||
	fail "YAML has its keys" "missing:${miss:- the YAML}"
ok "replay with the ruleset" "$BIN" play $MM --scenario "$tmp/a.yaml" --games 200
grep -q "200 games" "$tmp/out" && pass "replay plays every game" ||
	fail "replay plays every game" "$(cat "$tmp/out")"
ok "replay, ruleset from the file" "$BIN" play --scenario "$tmp/a.yaml" --games 100 --json
grep -q '"blue_score"' "$tmp/out" && pass "replay JSON" || fail "replay JSON" "$(cat "$tmp/out")"
# Hand edits: fewer turns and another unit still play.
sed -e 's/^turns: .*/turns: 4/' -e 's/^    Rifle: .*/    Rifle: 1/' "$tmp/a.yaml" >"$tmp/e.yaml"
grep -q "^    Rifle: 1" "$tmp/e.yaml" || sed -i 's/^  forces:$/  forces:\n    Rifle: 1/' "$tmp/e.yaml"
ok "edited scenario replays" "$BIN" play --scenario "$tmp/e.yaml" --games 100
sed 's/^    Rifle: .*/    Musketeer: 2/' "$tmp/e.yaml" >"$tmp/bad.yaml"
status "unknown unit is an error" 1 "$BIN" play --scenario "$tmp/bad.yaml" --games 10
grep -q "bad.yaml:[0-9]*:[0-9]*: error: unknown unit 'Musketeer'" "$tmp/err" &&
	pass "unknown unit named with line and column" ||
	fail "unknown unit named with line and column" "$(cat "$tmp/err")"
# (inches, the ruleset's measure: Red's zone is 12" deep at 36")
sed 's/^  deploy: \[0, 0,/  deploy: [0, 30,/' "$tmp/a.yaml" >"$tmp/ov.yaml"
status "overlapping zones are an error" 1 "$BIN" play --scenario "$tmp/ov.yaml" --games 10
grep -q "overlap" "$tmp/err" && pass "overlap is named" || fail "overlap is named" "$(cat "$tmp/err")"
printf 'scenario: x\n' >"$tmp/noruleset.yaml"
status "scenario without a ruleset" 1 "$BIN" play --scenario "$tmp/noruleset.yaml"

# --from: an edited scenario gets its own briefing; the file is kept.
sed 's/^scenario: .*/scenario: "Hand-edited battle"/' "$tmp/a.yaml" >"$tmp/h.yaml"
cp "$tmp/h.yaml" "$tmp/h.orig"
ok "briefing from an edited file" "$BIN" scenario $MM --from "$tmp/h.yaml" --games 200 -q -o "$tmp/h.pdf"
pdftotext "$tmp/h.pdf" - 2>/dev/null | grep -q "Hand-edited battle" && pass "edited title in the briefing" ||
	fail "edited title in the briefing" "not found"
cmp -s "$tmp/h.yaml" "$tmp/h.orig" && pass "--from never writes over its file" ||
	fail "--from never writes over its file" "changed"
status "--from with --balanced" 2 "$BIN" scenario $MM --from "$tmp/h.yaml" --balanced -o "$tmp/h.pdf"

# Every generated scenario validates and plays to an end.
n=0
for s in 11 12 13 14 15 16; do
	"$BIN" scenario $MM --seed $s --games 50 -q -o "$tmp/v$s.pdf" 2>"$tmp/err" &&
		"$BIN" play --scenario "$tmp/v$s.yaml" --games 50 >/dev/null 2>>"$tmp/err" &&
		n=$((n + 1))
done
[ $n -eq 6 ] && pass "six seeds validate and play" || fail "six seeds validate and play" "$n of 6: $(head -c 300 "$tmp/err")"

# ---- balanced: within the band when replayed with other dice ----
ok "balanced" "$BIN" scenario $MM --balanced --seed 3 -o "$tmp/bal.pdf"
grep -Eq "(balanced|within 45-55% but not even) after [0-9]* candidate" "$tmp/out" && pass "says how many candidates" ||
	fail "says how many candidates" "$(cat "$tmp/out")"
"$BIN" play --scenario "$tmp/bal.yaml" --games 2000 --seed 987654 --json >"$tmp/replay.json" 2>/dev/null
score=$(sed -n 's/.*"blue_score": *\([0-9.]*\).*/\1/p' "$tmp/replay.json")
if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s >= 0.45 && s <= 0.55) }'; then
	pass "balanced replay with another seed is within 45-55% ($score)"
else
	fail "balanced replay with another seed is within 45-55%" "score '$score'"
fi

# ---- impossible requests ----
status "points below the cheapest unit" 1 "$BIN" scenario $MM --points 1 -o "$tmp/x.pdf"
grep -q "error: 1 point buys nothing: the cheapest unit costs [0-9]* points" "$tmp/err" &&
	pass "cheapest unit named" || fail "cheapest unit named" "$(cat "$tmp/err")"
status "table too small" 1 "$BIN" scenario $MM --table 24x24in -o "$tmp/x.pdf"
grep -q "too small for two 12\" deep deployment zones" "$tmp/err" &&
	pass "table too small says why" || fail "table too small says why" "$(cat "$tmp/err")"
[ -e "$tmp/x.pdf" ] || [ -e "$tmp/x.yaml" ] && fail "failed run writes nothing" "files left" ||
	pass "failed run writes nothing"
status "no output" 2 "$BIN" scenario $MM
status "unknown option" 2 "$BIN" scenario $MM --frobnicate -o "$tmp/x.pdf"
status "bad density" 2 "$BIN" scenario $MM --density lots -o "$tmp/x.pdf"
status "bad table" 2 "$BIN" scenario $MM --table huge -o "$tmp/x.pdf"
status "missing ruleset" 1 "$BIN" scenario "$tmp/none.md" -o "$tmp/x.pdf"

# ---- the briefing ----
pages=$(pdfinfo "$tmp/a.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "$pages" = 2 ] && pass "briefing has two pages" || fail "briefing has two pages" "$pages"
pdftotext -layout "$tmp/a.pdf" "$tmp/a.txt"
miss=
for w in "Orders of battle" "Deployment" "Victory conditions" "Special rule" \
	"Balance" "Wilson" "Blue deployment zone" "Red deployment zone" "Rifle" "Tank Gun 24\"" \
	"game turns"; do
	grep -q "$w" "$tmp/a.txt" || miss="$miss '$w'"
done
[ -s "$tmp/a.txt" ] && [ -z "$miss" ] && pass "briefing has its sections" ||
	fail "briefing has its sections" "missing:$miss"
title=$(sed -n 's/^scenario: //p' "$tmp/a.yaml" | tr -d '"')
grep -q "$title" "$tmp/a.txt" && pass "briefing and YAML agree on the title" ||
	fail "briefing and YAML agree on the title" "$title"
if pdffonts "$tmp/a.pdf" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }'; then
	pass "fonts embedded"; else fail "fonts embedded" "$(pdffonts "$tmp/a.pdf")"; fi

# ---- sheets without blemishes (issue 18) ----
# Every page the same way round.
for f in "$tmp/a.pdf" "$tmp/h.pdf"; do
	n=$(pdfinfo "$f" | sed -n 's/^Pages: *//p')
	k=$(pdfinfo -f 1 -l "$n" "$f" | sed -n 's/^Page *[0-9]* size: *\([0-9.]* x [0-9.]*\).*/\1/p' |
	    sort -u | wc -l)
	[ "$k" -eq 1 ] && pass "$(basename "$f"): all $n pages one orientation" ||
		fail "$(basename "$f"): one orientation" "$(pdfinfo -f 1 -l "$n" "$f" | grep 'size')"
done
# Nothing under 6 pt: a word's box (pdftotext -bbox) is 1.164 em high in
# DejaVu, so 6 pt is 6.98 pt.
small_words() {
	pdftotext -bbox "$1" - 2>/dev/null | LC_ALL=C awk -F'"' '
	/<page / { p++ }
	/<word / { h = $8 - $4; t = $0; sub(/.*">/, "", t); sub(/<.*/, "", t)
		if (h < 6 * 1.164 - 0.05) { n++; if (n <= 3)
			printf "page %d: \"%s\" at %.1f pt; ", p, t, h / 1.164 } }
	END { if (n) printf "%d words", n }'
}
got=$(small_words "$tmp/a.pdf")
[ -s "$tmp/a.pdf" ] && [ -z "$got" ] && pass "Modern briefing: no text under 6 pt" ||
	fail "Modern briefing: no text under 6 pt" "$got"
"$BIN" scenario rulesets/dice-skirmish.md --seed 5 --games 50 -q -o "$tmp/dk.pdf" 2>"$tmp/err"
got=$(small_words "$tmp/dk.pdf")
[ -s "$tmp/dk.pdf" ] && [ -z "$got" ] && pass "dice briefing: no text under 6 pt" ||
	fail "dice briefing: no text under 6 pt" "$got $(head -c 200 "$tmp/err")"
# ...and its border ruler keeps its numbers (at 6 pt, every 10 cm: the
# ruleset measures in cm).
pdftotext -f 1 -l 1 "$tmp/dk.pdf" - 2>/dev/null | grep -q '^30 cm$' &&
	pass "dice briefing: the border ruler is numbered" ||
	fail "dice briefing: the border ruler is numbered" "no '30 cm' on page 1"
# Unique, readable markers: Squad and Sherman were both "S", and a name
# that starts with a letter outside ASCII had no mark. The key under the
# map names each mark once; no two are the same.
sed -e 's/\bTank\b/Sherman/g' -e 's/\bRifle\b/Squad/g' \
	-e 's/Antitank Rocket/Éclair Rocket/g' -e 's/Field Howitzer/Ölfeld/g' \
	$MM >"$tmp/marks.md"
"$BIN" scenario "$tmp/marks.md" --seed 5 --games 50 -q -o "$tmp/mk.pdf" 2>"$tmp/err"
pdftotext -f 1 -l 1 -raw "$tmp/mk.pdf" - 2>/dev/null | tr '\n' ' ' |
	sed -n 's/.*Unit markers: *//p' | sed 's/ · /\n/g' >"$tmp/key.txt"
nk=$(grep -c . "$tmp/key.txt")
dup=$(LC_ALL=C awk '{ print $1 }' "$tmp/key.txt" | sort | uniq -d | tr '\n' ' ')
if [ "$nk" -ge 6 ] && [ -z "$dup" ] && grep -q '^Sq Squad' "$tmp/key.txt" &&
	grep -q '^Sh Sherman' "$tmp/key.txt" && grep -q '^Ö Ölfeld' "$tmp/key.txt" &&
	grep -q '^ÉR Éclair Rocket' "$tmp/key.txt"; then
	pass "markers unique and keyed: $(LC_ALL=C awk '{ printf "%s ", $1 }' "$tmp/key.txt")"
else
	fail "markers unique and keyed" "dup '$dup': $(tr '\n' '|' <"$tmp/key.txt") $(head -c 200 "$tmp/err")"
fi
# The orders of battle use the same marks.
pdftotext -f 2 -l 2 -layout "$tmp/mk.pdf" - 2>/dev/null | grep -q 'Sh *Sherman' &&
	pass "orders of battle mark Sherman 'Sh'" ||
	fail "orders of battle marks" "no 'Sh Sherman' on page 2"

# ---- the other bundled ruleset, when its engine is played ----
if "$BIN" play $AN --games 1 >/dev/null 2>&1 && ! "$BIN" play $AN --games 1 2>&1 | grep -q "not played"; then
	ok "ancients scenario" "$BIN" scenario $AN --seed 2 --games 200 -q -o "$tmp/an.pdf"
	ok "ancients replay" "$BIN" play --scenario "$tmp/an.yaml" --games 50
else
	status "ancients: engine not played is an error" 1 "$BIN" scenario $AN -o "$tmp/an.pdf"
	grep -q "not played" "$tmp/err" && pass "ancients: says why" || fail "ancients: says why" "$(cat "$tmp/err")"
fi

# ---- units above the terrain: no fortification over a marker ----
# A fortification 150 mm wide across Blue's zone, under the markers of
# its set-up. Drawn after the terrain, every marker keeps its ink: as
# many pixels of Blue's and Red's marker colours as on the same page
# without it. (Terrain drawn last would cover Blue's markers.)
ink() { # PPM: the pixels of Blue's marker ink, then Red's
	python3 - "$1" <<'PY'
import sys
d = open(sys.argv[1], "rb").read()
magic, size, depth, px = d.split(b"\n", 3)
blue, red = bytes((0x1f, 0x4e, 0x9a)), bytes((0xa8, 0x26, 0x1b))
b = r = 0
for i in range(0, len(px) - 2, 3):
    p = px[i:i + 3]
    b += p == blue
    r += p == red
print(b, r)
PY
}
ok "ancients scenario for the markers" "$BIN" scenario $AN --seed 1 --games 10 -q -o "$tmp/fo.pdf"
sed '/^terrain:/,$d' "$tmp/fo.yaml" >"$tmp/fort.yaml"
cp "$tmp/fort.yaml" "$tmp/open.yaml"
printf 'terrain:\n  - kind: fortification\n    width: 150\n    path: [[0, 100], [900, 100]]\n' >>"$tmp/fort.yaml"
printf 'terrain: []\n' >>"$tmp/open.yaml"
ok "a fortification across Blue's zone" "$BIN" scenario -f "$tmp/fort.yaml" --games 10 -q -o "$tmp/fort.pdf"
ok "the same without it" "$BIN" scenario -f "$tmp/open.yaml" --games 10 -q -o "$tmp/open.pdf"
pdftoppm -r 72 -f 1 -l 1 "$tmp/fort.pdf" "$tmp/fort"
pdftoppm -r 72 -f 1 -l 1 "$tmp/open.pdf" "$tmp/open"
a=$(ink "$tmp/fort-1.ppm") b=$(ink "$tmp/open-1.ppm")
set -- $a
fb=$1
set -- $b
[ "$a" = "$b" ] && [ "$1" -gt 500 ] && [ "$fb" -gt 500 ] &&
	pass "markers drawn above a fortification (ink $a, $b without it)" ||
	fail "markers drawn above a fortification" "ink $a, without it $b"
pdftotext -f 1 -l 1 "$tmp/fort.pdf" - 2>/dev/null | grep -q 'Fortification' &&
	pass "the fortification is on the map (its legend)" ||
	fail "the fortification is on the map" "no legend entry"

# ---- no two words on a briefing overlap ----
# Saltmarsh's legend note wrapped to three lines ran into the key to the
# markers ("the" over "Unit"), and a wide note into the scale bar's label.
# pdftotext -bbox gives each word's box; two boxes may not overlap.
overlaps() { # PDF PAGE: the first two words whose boxes overlap
	pdftotext -bbox -f "$2" -l "$2" "$1" - | LC_ALL=C awk '
	/<word / {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^xMin=/) { split($i, a, "\""); x0[n] = a[2] }
			if ($i ~ /^yMin=/) { split($i, a, "\""); y0[n] = a[2] }
			if ($i ~ /^xMax=/) { split($i, a, "\""); x1[n] = a[2] }
			if ($i ~ /^yMax=/) { split($i, a, "\""); y1[n] = a[2] }
		}
		w = $0; sub(/.*">/, "", w); sub(/<.*/, "", w); t[n++] = w
	}
	END {
		for (i = 0; i < n; i++) for (j = i + 1; j < n; j++)
			if (x0[i] + 0.3 < x1[j] && x0[j] + 0.3 < x1[i] &&
			    y0[i] + 0.3 < y1[j] && y0[j] + 0.3 < y1[i]) {
				print t[i] " / " t[j]; exit
			}
	}'
}
for rs in $MM $AN rulesets/dice-skirmish.md; do
	for paper in A4 Letter; do
		name="$(basename "$rs" .md) briefing on $paper: no words overlap"
		"$BIN" scenario -q "$rs" -n 50 -p "$paper" -o "$tmp/ov.pdf" 2>"$tmp/err" ||
		    { fail "$name" "exit $?: $(head -1 "$tmp/err")"; continue; }
		o1=$(overlaps "$tmp/ov.pdf" 1) o2=$(overlaps "$tmp/ov.pdf" 2)
		[ -z "$o1$o2" ] && pass "$name" || fail "$name" "page 1: '$o1', page 2: '$o2'"
	done
done
# Ancients' seed 3 has 16 rows a side: Red's order of battle was drawn
# over Blue's, in the first column at the second column's top. A force
# too long for the page goes on on the next, its heading "(continued)".
for args in "--seed 3" "--points 900"; do
	name="Ancients $args: orders of battle apart, on as many pages as they need"
	"$BIN" scenario -q $AN $args -n 50 -o "$tmp/ob.pdf" 2>"$tmp/err" ||
	    { fail "$name" "exit $?: $(head -1 "$tmp/err")"; continue; }
	pages=$(pdfinfo "$tmp/ob.pdf" | awk '/^Pages:/ { print $2 }')
	o="" p=2
	while [ "$p" -le "$pages" ]; do
		o="$o$(overlaps "$tmp/ob.pdf" $p)"
		p=$((p + 1))
	done
	cont=$(pdftotext "$tmp/ob.pdf" - | grep -c "(continued)")
	case "$args" in --seed*) want=0 ;; *) want=1 ;; esac
	[ -z "$o" ] && [ "$cont" -eq "$want" ] && pass "$name" ||
	    fail "$name" "overlap '$o', $cont continued of $want, $pages pages"
done
# German sections run longer: Ancients' seed 3 in German took a third
# page for its Balance paragraph alone; the sections' type a little
# smaller (never under 7.5 pt) keeps the briefing on two pages.
"$BIN" scenario -q $AN --seed 3 -n 50 --lang de -o "$tmp/de3.pdf" 2>"$tmp/err"
pages=$(pdfinfo "$tmp/de3.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
o="$(overlaps "$tmp/de3.pdf" 2)"
small=$(pdftotext -bbox -f 2 -l 2 "$tmp/de3.pdf" - |
    awk -F'"' '/<word / { h = $8 - $4; if (h < 7.5 * 0.9) n++ } END { print n + 0 }')
[ "$pages" = 2 ] && [ -z "$o" ] &&
    pass "German Ancients seed 3: two pages, nothing overlaps" ||
    fail "German Ancients seed 3: two pages, nothing overlaps" "$pages pages, overlap '$o'"
# The edges are measured in the ruleset's unit: Saltmarsh's in cm.
"$BIN" scenario -q rulesets/dice-skirmish.md -n 50 -o "$tmp/cm.pdf" 2>/dev/null
pdftotext -f 1 -l 1 "$tmp/cm.pdf" - | grep -qx '20 cm' &&
    ! pdftotext -f 1 -l 1 "$tmp/cm.pdf" - | grep -q '[0-9] mm$' &&
    pass "Saltmarsh briefing: the edges numbered in cm, as its table" ||
    fail "Saltmarsh briefing: the edges numbered in cm, as its table" \
    "$(pdftotext -f 1 -l 1 "$tmp/cm.pdf" - | grep -m3 ' [cm]m$')"
# Points add up (issue 34): the subtitle gives the target, each side what
# it has against it, and the sides' figures are the forces' own sums.
"$BIN" scenario rulesets/morschauser-modern.md -q -o "$tmp/pts.pdf" &&
    pdftotext -layout "$tmp/pts.pdf" "$tmp/pts.txt"
tgt=$(sed -n 's/.* up to \([0-9]*\) points a side .*/\1/p' "$tmp/pts.txt" | head -1)
b=$(sed -n "s/^Blue — [0-9]* units, \([0-9]*\) of $tgt points.*/\1/p" "$tmp/pts.txt" | head -1)
r=$(sed -n "s/^Red — [0-9]* units, \([0-9]*\) of $tgt points.*/\1/p" "$tmp/pts.txt" | head -1)
[ -n "$tgt" ] && [ -n "$b" ] && [ -n "$r" ] && [ "$b" -le "$tgt" ] && [ "$r" -le "$tgt" ] &&
    pass "the briefing gives each side's points against the target ($b, $r of $tgt)" ||
    fail "the briefing gives each side's points against the target" "$(grep -m3 'points' "$tmp/pts.txt")"
# Balanced only when the interval allows an even game (issue 34): Modern's
# seed-3 search ends within 45-55% at 52.3%, 95% interval 50.1-54.5%,
# which leaves out 50%: the summary, the briefing and --json say Blue is
# favoured and by how much, not "balanced".
"$BIN" scenario --balanced rulesets/morschauser-modern.md --seed 3 \
    -o "$tmp/fav.pdf" >"$tmp/fav.out" 2>&1
grep -q "within 45-55% but not even after [0-9]* candidates; Blue favoured by 2.3 percentage points" "$tmp/fav.out" &&
    ! grep -q "; balanced after" "$tmp/fav.out" &&
    pdftotext "$tmp/fav.pdf" - | tr '\n' ' ' | grep -q "but not even: Blue is favoured by 2.3 percentage points (the interval leaves out 50%)" &&
    pass "a search within the band but not even says which side it favours" ||
    fail "a search within the band but not even says which side it favours" "$(tail -1 "$tmp/fav.out")"
"$BIN" scenario --balanced --json -q rulesets/morschauser-modern.md --seed 3 \
    -o "$tmp/fav.pdf" >"$tmp/fav.json" 2>/dev/null
grep -q '"favoured": "blue"' "$tmp/fav.json" &&
    "$BIN" scenario --balanced --json -q rulesets/morschauser-modern.md \
        -o "$tmp/even.pdf" 2>/dev/null | grep -q '"favoured": null' &&
    pass "--json: favoured blue, or null when the interval allows 50%" ||
    fail "--json: favoured" "$(grep -m1 favoured "$tmp/fav.json")"

# One measure (issue 34): lengths sandtable chooses are whole units of the
# ruleset's measure. Modern off its grid with 25 mm bases: an objective's
# radius of four bases is 4", not 3.94"; the Saltmarsh with no deploy:
# a quarter of its 90 cm table is 22 cm, not 22.5 cm.
sed -e 's/^grid: square 3in$/grid: none/' -e 's/^base: 1in$/base: 25mm/' \
    "$MM" >"$tmp/m25.md"
"$BIN" scenario "$tmp/m25.md" --games 50 -q -o "$tmp/m25.pdf" 2>/dev/null
pdftotext "$tmp/m25.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q 'stands within 4" of the marker' &&
    grep -q '^  radius: 4$' "$tmp/m25.yaml" &&
    pass "an objective's radius in whole inches" ||
    fail "an objective's radius in whole inches" "$(grep radius "$tmp/m25.yaml" | head -1)"
sed '/^  deploy: 20cm$/d' rulesets/dice-skirmish.md >"$tmp/nodep.md"
"$BIN" scenario "$tmp/nodep.md" --games 50 -S none -q -o "$tmp/nodep.pdf" 2>/dev/null
pdftotext "$tmp/nodep.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q 'within 22 cm of the south edge' &&
    grep -q '^  deploy: \[0, 0, 120, 22\]' "$tmp/nodep.yaml" &&
    pass "a default deployment depth in whole centimetres" ||
    fail "a default deployment depth in whole centimetres" "$(grep -m1 deploy "$tmp/nodep.yaml")"
