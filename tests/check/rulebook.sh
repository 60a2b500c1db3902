#!/bin/sh
# The rulebook (issue 20, first part): each bundled ruleset as a book —
# a title page, contents whose every page number is the page its heading
# is on, every section, the test games left out, an index of rule ids,
# running heads and page numbers, fonts embedded, A4, Letter and A5, in
# under a second; build writes rulebook.pdf.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

for r in morschauser-modern gauntlet-ancients dice-skirmish; do
	R=rulesets/$r.md
	B=$tmp/$r.pdf
	start=$(date +%s%N)
	"$BIN" rulebook "$R" -o "$B" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && pass "$r: rulebook, no message" ||
	    fail "$r: rulebook, no message" "exit $rc: $(head -c 300 "$tmp/err")"
	# Under a second on one core (issue 20); twice that on a busy box.
	# (SANDTABLE_SLOW: a sanitizer build's factor, tests/run-all.sh.)
	lim=$((2000 * ${SANDTABLE_SLOW:-1}))
	[ "$ms" -lt "$lim" ] && pass "$r: rulebook in $ms ms" ||
	    fail "$r: rulebook in under $lim ms" "$ms ms"
	pages=$(pdfinfo "$B" | sed -n 's/^Pages: *//p')
	[ "${pages:-0}" -ge 5 ] && pass "$r: $pages pages" || fail "$r: at least 5 pages" "$pages"
	title=$(sed -n 's/^title: *//p' "$R" | head -1 | tr -d '"')
	pdftotext -f 1 -l 1 "$B" - | tr '\n' ' ' | grep -qF "$title" &&
	    pass "$r: the title page has the title" || fail "$r: the title page has the title" "$title"
	# Every contents line "Heading .... N": the heading is on page N.
	pdftotext -layout -f 2 -l 2 "$B" - | sed -n 's/^ *\([^ ].*[^ .]\)[ .]\{2,\}\([0-9][0-9]*\) *$/\2\t\1/p' \
	    >"$tmp/toc"
	n=$(wc -l <"$tmp/toc")
	[ "$n" -ge 5 ] && pass "$r: contents of $n entries" || fail "$r: contents of at least 5 entries" "$(pdftotext -layout -f 2 -l 2 "$B" - | head -20)"
	bad=
	while IFS="$(printf '\t')" read -r pg head; do
		pdftotext -f "$pg" -l "$pg" "$B" - | tr '\n' ' ' | grep -qF "$head" ||
		    bad="$bad '$head' (p. $pg)"
	done <"$tmp/toc"
	[ -z "$bad" ] && pass "$r: every contents entry is on its page" ||
	    fail "$r: every contents entry is on its page" "$bad"
	pdftotext "$B" "$tmp/all.txt"
	if [ ! -s "$tmp/all.txt" ]; then fail "$r: no test game printed" "no text"
	elif grep -q "test-game\|^units:$\|^expect:$" "$tmp/all.txt"; then
	    fail "$r: no test game printed" "$(grep -m1 'test-game\|^expect:' "$tmp/all.txt")"
	else pass "$r: no test game printed"; fi
	# The index (issue 35): the terms a player looks up — headings, bold
	# terms, the tables' unit, weapon and terrain names — sorted, each
	# with its pages; no engine rule id.
	pdftotext -layout "$B" - | sed -n '/^ *Index of rules *$/,$p' |
	    sed -n 's/^ *\([^ ].*[^ .]\)  [ .]*\([0-9][0-9, ]*\) *$/\1/p' |
	    grep -v "^$title" >"$tmp/terms"
	ids=$(grep -c '^[a-z_]*\.[a-z_]* — ' "$tmp/all.txt")
	n=$(wc -l <"$tmp/terms")
	unit=$(sed -n '/^## Units/,/^## /p' "$R" | sed -n '5s/^| *\([^|]*[^ |]\) *|.*/\1/p')
	if [ "$ids" -eq 0 ] && [ "$n" -ge 10 ] &&
	    LC_ALL=C sort -c -f "$tmp/terms" 2>/dev/null &&
	    grep -qx "Melee" "$tmp/terms" && grep -qxF "$unit" "$tmp/terms"; then
		pass "$r: the index: $n terms, sorted, Melee and $unit among them, no rule id"
	else
		fail "$r: the index lists players' terms, sorted" \
		    "$ids rule ids, $n terms, unit '$unit': $(head -c 400 "$tmp/terms" | tr '\n' ';')"
	fi
	# Running heads: the title on every body page; page numbers.
	last=$pages
	pdftotext -f "$last" -l "$last" "$B" - | grep -qx "$last" &&
	    pass "$r: the last page is numbered $last" || fail "$r: the last page is numbered" "$(pdftotext -f "$last" -l "$last" "$B" - | tail -3)"
	pdffonts "$B" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' &&
	    pass "$r: every font embedded" || fail "$r: every font embedded" "$(pdffonts "$B")"
done

# No page of a book past the title is a few lines: Modern's last
# clarification took two lines of a page of its own on A4 (the index
# now begins under it), and on Letter the index left two entries on a
# page of their own (its entries now share its pages evenly). Each page
# from the contents on is a third full at least (from the running head
# to the lowest line above the page number).
fill() { # PDF PAGE: 0.00 to 1.00
	pdftotext -f "$2" -l "$2" -bbox "$1" - 2>/dev/null |
	    sed -n 's/.*yMin="\([0-9.]*\)" xMax="[0-9.]*" yMax="\([0-9.]*\)".*/\1 \2/p' |
	    LC_ALL=C awk '
		{ n++; y0[n] = $1; y1[n] = $2
		  if (top == "" || $1 < top) top = $1
		  if (foot == "" || $1 > foot) foot = $1 }
		END { for (i = 1; i <= n; i++)
			if (y0[i] <= foot - 2 && y1[i] > low) low = y1[i]
		      printf "%.2f\n", (low - top) / (foot - 2 - top) }'
}
for r in morschauser-modern gauntlet-ancients dice-skirmish; do
	for p in A4 Letter; do
		"$BIN" rulebook rulesets/$r.md -p $p -q -o "$tmp/f.pdf"
		n=$(pdfinfo "$tmp/f.pdf" | sed -n 's/^Pages: *//p')
		thin=
		k=2
		while [ "$k" -le "$n" ]; do
			f=$(fill "$tmp/f.pdf" $k)
			LC_ALL=C awk -v f="$f" 'BEGIN { exit !(f < 0.33) }' &&
			    thin="$thin page $k $f"
			k=$((k + 1))
		done
		[ -z "$thin" ] && pass "$r on $p: no page of the book a few lines" ||
		    fail "$r on $p: no page of the book a few lines" "$thin"
	done
done
# The index begun under the body's end is where the contents say (Modern
# on Letter: on A4 its clarifications now fill most of their last page,
# and the index takes a page of its own).
"$BIN" rulebook rulesets/morschauser-modern.md -p Letter -q -o "$tmp/f.pdf"
ip=$(pdftotext -layout -f 2 -l 2 "$tmp/f.pdf" - | sed -n 's/^ *Index of rules[ .]*\([0-9]*\) *$/\1/p')
pdftotext -f "$ip" -l "$ip" "$tmp/f.pdf" - | grep -q '^Index of rules$' &&
    ! pdftotext -f $((ip - 1)) -l $((ip - 1)) "$tmp/f.pdf" - | grep -q '^Index of rules$' &&
    pdftotext -f $((ip - 1)) -l "$ip" "$tmp/f.pdf" - | grep -q 'End of the battle. The original has no victory' &&
    pass "Modern on Letter: the index begins where the contents say, after the last clarification (page $ip)" ||
    fail "Modern on Letter: the index begins where the contents say" "contents say page '$ip'"

# The sections of the ruleset, all of them, in the book: each an entry
# of the contents (a word of a heading is found in the text of others).
B=$tmp/morschauser-modern.pdf
pdftotext "$B" "$tmp/all.txt"
pdftotext -layout -f 2 -l 2 "$B" - |
    sed -n 's/^ *\([^ ].*[^ .]\)[ .]\{2,\}\([0-9][0-9]*\) *$/\1/p' >"$tmp/toc"
miss=
n=0
for h in $(grep '^## ' rulesets/morschauser-modern.md | grep -v 'Test games' | sed 's/^## //; s/ /_/g'); do
	h=$(echo "$h" | tr _ ' ')
	n=$((n + 1))
	grep -qxF "$h" "$tmp/toc" || miss="$miss '$h'"
done
[ "$n" -ge 5 ] && [ -z "$miss" ] && pass "Modern's $n sections are in the book" ||
    fail "Modern's sections are in the book" "missing:$miss"
# A number-carrying rule sentence of the prose is printed whole.
grep -q "Fire destroys" "$tmp/all.txt" && pass "Modern's prose in full" || fail "Modern's prose in full" ""

# Paper sizes.
for p in A4:595 Letter:612 A5:419; do
	name=${p%%:*} w=${p##*:}
	"$BIN" rulebook rulesets/dice-skirmish.md -p "$name" -q -o "$tmp/p.pdf" &&
	    pdfinfo "$tmp/p.pdf" | grep -q "Page size: *$w" &&
	    pass "rulebook -p $name" || fail "rulebook -p $name" "$(pdfinfo "$tmp/p.pdf" | grep 'Page size')"
done
# Standard output, and the same bytes twice.
"$BIN" rulebook rulesets/dice-skirmish.md -o - 2>/dev/null >"$tmp/s.pdf"
"$BIN" rulebook rulesets/dice-skirmish.md -q -o "$tmp/t.pdf"
cmp -s "$tmp/s.pdf" "$tmp/t.pdf" && pass "rulebook -o -: the same bytes" ||
    fail "rulebook -o -: the same bytes" "differ"
# build makes it.
"$BIN" build -q -o "$tmp/b" rulesets/dice-skirmish.md &&
    [ -s "$tmp/b/dice-skirmish/rulebook.pdf" ] && grep -q '"rulebook.pdf"' "$tmp/b/dice-skirmish/index.json" &&
    pass "build writes rulebook.pdf" || fail "build writes rulebook.pdf" "$(ls "$tmp/b/dice-skirmish")"
# A print-only ruleset has a book, its index of its terms too.
"$BIN" rulebook tests/check/none.md -q -o "$tmp/n.pdf" 2>"$tmp/err" &&
    pdftotext -layout "$tmp/n.pdf" - | sed -n '/^ *Index of rules *$/,$p' >"$tmp/ni" &&
    grep -q "^ *Riflemen  *[ .]*3 *$" "$tmp/ni" && grep -q "^ *Initiative  *[ .]*3 *$" "$tmp/ni" &&
    grep -q "^ *Scoring  *[ .]*3 *$" "$tmp/ni" &&
    pass "a print-only ruleset's book has an index of its terms" ||
    fail "a print-only ruleset's book has an index of its terms" "$(head -c 200 "$tmp/err"; cat "$tmp/ni")"

# --booklet: the A5 pages of the book two up on A4 landscape sides, in
# saddle-stitch order, padded to a multiple of four; checked side by
# side from the page numbers printed at the foot of each half.
"$BIN" rulebook rulesets/morschauser-modern.md -p A5 -q -o "$tmp/a5.pdf"
n=$(pdfinfo "$tmp/a5.pdf" | sed -n 's/^Pages: *//p')
"$BIN" rulebook rulesets/morschauser-modern.md --booklet -q -o "$tmp/bk.pdf"
sides=$(pdfinfo "$tmp/bk.pdf" | sed -n 's/^Pages: *//p')
nn=$(( (n + 3) / 4 * 4 ))
[ "$sides" -eq $((nn / 2)) ] && pass "booklet: $n pages on $sides sides" ||
    fail "booklet: $n pages on $((nn / 2)) sides" "$sides"
pdfinfo "$tmp/bk.pdf" | grep -q "Page size: *841.* x 595" && pass "booklet: A4 landscape sides" ||
    fail "booklet: A4 landscape sides" "$(pdfinfo "$tmp/bk.pdf" | grep 'Page size')"
bad=
k=0
while [ $k -lt "$sides" ]; do
	s=$((k / 2))
	if [ $((k % 2)) -eq 0 ]; then l=$((nn - 2 * s)) r=$((2 * s + 1)); else l=$((2 * s + 2)) r=$((nn - 2 * s - 1)); fi
	want=
	for p in $l $r; do [ "$p" -gt 1 ] && [ "$p" -le "$n" ] && want="$want $p"; done
	got=$(pdftotext -layout -f $((k + 1)) -l $((k + 1)) "$tmp/bk.pdf" - |
	    grep -E '^[ 0-9]+$' | grep '[0-9]' | tail -1 | tr -s ' ' | sed 's/^ //; s/ $//')
	[ "$got" = "$(echo $want)" ] || bad="$bad side $((k + 1)): '$got' (want '$(echo $want)')"
	k=$((k + 1))
done
[ -z "$bad" ] && pass "booklet: every side holds the pages saddle stitching needs" ||
    fail "booklet: every side holds the pages saddle stitching needs" "$bad"

# ---- examples of play (issue 20) ----
# Each bundled ruleset has at least six, each a caption, a diagram and the
# steps with their dice, drawn where its rule is explained.
for r in morschauser-modern gauntlet-ancients dice-skirmish; do
	pdftotext "$tmp/$r.pdf" "$tmp/ex.txt"
	n=$(grep -c '^Example [0-9]* · ' "$tmp/ex.txt")
	want=$(grep -c '^example: ' "rulesets/$r.md")
	[ "$n" -ge 6 ] && [ "$n" -eq "$want" ] && pass "$r: $n examples of play" ||
	    fail "$r: every example of play (at least 6) is in the book" "$n of $want"
	grep -q '^Exact odds of the first' "$tmp/ex.txt" && grep -q '^1\. .* [A-Z] rolls [1-6]' "$tmp/ex.txt" &&
	    pass "$r: examples give the dice and the exact odds" ||
	    fail "$r: examples give the dice and the exact odds" ""
done
# Modern's melee example: the dice, the outcome and the odds of the test
# game, under "Melee" (after its prose, before "Vehicles").
pdftotext "$tmp/morschauser-modern.pdf" "$tmp/ex.txt"
sed -n '/^Example [0-9]* · Melee — each side rolls/,/^Exact odds/p' "$tmp/ex.txt" | tr '\n' ' ' >"$tmp/m"
grep -q 'fights B (Machine Gun) in melee. A rolls 3; B rolls 5. → B is destroyed' "$tmp/m" &&
    grep -q 'the attacker wins 4/7 (57%)' "$tmp/m" &&
    pass "Modern's melee example: dice, outcome, odds" ||
    fail "Modern's melee example: dice, outcome, odds" "$(head -c 400 "$tmp/m")"
awk '/^Fighting a melee$/ { f = NR } /^Example [0-9]* · Melee — / { e = NR; fe = f }
    /^Tanks never melee/ { t = NR } END { exit !(fe && e > fe && t > e) }' "$tmp/ex.txt" &&
    pass "Modern's melee example stands at the end of Melee" ||
    fail "Modern's melee example stands at the end of Melee" "$(grep -n '^Fighting a melee$\|^Example\|^Tanks never' "$tmp/ex.txt" | head)"
# The diagram is drawn: the page of the first example has units in the
# sides' inks (blue #1f4e9c), which no prose page has.
pg=$(python3 -c "
t=open('$tmp/ex.txt').read().split('\f')
print(next(i+1 for i,p in enumerate(t) if 'Example 1 ·' in p))")
pdftocairo -svg -f "$pg" -l "$pg" "$tmp/morschauser-modern.pdf" "$tmp/ex.svg"
pdftocairo -svg -f 3 -l 3 "$tmp/morschauser-modern.pdf" "$tmp/prose.svg"
blue='rgb(12.15[0-9]*%, *30.58[0-9]*%, *61.17[0-9]*%)'
grep -q "$blue" "$tmp/ex.svg" && ! grep -q "$blue" "$tmp/prose.svg" &&
    pass "the examples' diagrams are drawn (page $pg)" ||
    fail "the examples' diagrams are drawn" "$(grep -o 'fill="rgb([^"]*' "$tmp/ex.svg" | sort | uniq -c | head)"

# A new user's ruleset: section: places an example under its heading; an
# example whose rules' section the ruleset lacks goes to "Examples of
# play" at the end (the body read: from page 3, up to the index).
"$BIN" rulebook tests/rulesets/examples.md -q -o "$tmp/u.pdf" 2>"$tmp/err" &&
    pdftotext -f 3 "$tmp/u.pdf" - | sed '/^Index of rules$/,$d' >"$tmp/u.txt" &&
    awk '/^Shooting$/ { s = NR } /^Example 1 · A carbine shot$/ { e = NR } /^Close combat$/ { c = NR }
        /^Example 2 · a dragoon rides in and fights$/ { d = NR } /^Examples of play$/ { x = NR }
        END { exit !(s && e > s && c > e && x > c && d > x) }' "$tmp/u.txt" &&
    grep -q 'moves 14 cm. A rolls 2; B rolls 6. → B is destroyed' "$tmp/u.txt" &&
    pass "section: places an example; the rest go to Examples of play" ||
    fail "section: places an example; the rest go to Examples of play" "$(cat "$tmp/err"; grep -n '^Example\|^Shooting\|^Close\|^Examples' "$tmp/u.txt")"
# A bad section or example value is an error at its line, in check.
sed 's/^section: Shooting$/section: Archery/' tests/rulesets/examples.md >"$tmp/bad.md"
"$BIN" check --games 0 -q "$tmp/bad.md" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "bad.md:$(grep -n '^section: Archery' "$tmp/bad.md" | cut -d: -f1):[0-9]*: error: .*section must name a heading of the ruleset ('Archery' is none)" "$tmp/err" &&
    pass "an unknown section: is an error at its line" ||
    fail "an unknown section: is an error at its line" "exit $rc: $(cat "$tmp/err")"
sed 's/^example: A carbine shot$/example: [a, b]/' tests/rulesets/examples.md >"$tmp/bad.md"
"$BIN" check --games 0 -q "$tmp/bad.md" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "error: .*example is true, false or a caption" "$tmp/err" &&
    pass "example: must be true, false or a caption" ||
    fail "example: must be true, false or a caption" "exit $rc: $(cat "$tmp/err")"

# A test game changed to break its example: check fails at its step, and
# the rulebook fails at the same place and leaves the earlier book as it
# was.
awk '/^example: Melee — each side rolls/ { m = 1 } m && /^dice: \[3, 5\]$/ { $0 = "dice: [5, 3]"; m = 0 } { print }' \
    rulesets/morschauser-modern.md >"$tmp/broken.md"
cmp -s rulesets/morschauser-modern.md "$tmp/broken.md" && fail "the example was broken" "no change"
"$BIN" check --games 0 -q "$tmp/broken.md" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "error: test game 'a rifle wins a melee against a machine gun'" "$tmp/err" &&
    pass "a broken example fails check" || fail "a broken example fails check" "exit $rc: $(head -c 300 "$tmp/err")"
cp "$tmp/morschauser-modern.pdf" "$tmp/keep.pdf"
cp "$tmp/keep.pdf" "$tmp/old.pdf"
"$BIN" rulebook "$tmp/broken.md" -o "$tmp/old.pdf" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "error: test game 'a rifle wins a melee against a machine gun'" "$tmp/err" &&
    grep -q "example of play failed as test game; the book is not written" "$tmp/err" &&
    cmp -s "$tmp/keep.pdf" "$tmp/old.pdf" &&
    pass "a broken example: no rulebook, the old one as it was" ||
    fail "a broken example: no rulebook, the old one as it was" "exit $rc: $(head -c 400 "$tmp/err")"
# Footnotes: the reference raised, the note at the end of its section.
awk '/destroys the target\.1$/ { r = NR } /^Notes$/ { n = NR } /^1 The carbine.s range is the table.s 30 cm/ { d = NR }
    /^Example 1 · A carbine shot$/ { e = NR } END { exit !(r && n > r && d > n && e > d) }' "$tmp/u.txt" &&
    pass "a footnote: its number in the text, the note at the section's end" ||
    fail "a footnote: its number in the text, the note at the section's end" "$(grep -n 'target\|Notes\|carbine' "$tmp/u.txt" | head)"
# Hyphenation (libhyphen, the ruleset's lang:, English by default): some
# lines of Modern's prose end in a hyphen; no soft hyphen is left inside
# a line's text (so a search for a word finds it).
pdftotext "$tmp/morschauser-modern.pdf" "$tmp/h.txt"
n=$(grep -c "$(printf '\302\255')\$" "$tmp/h.txt")
m=$(grep -c "$(printf '\302\255')." "$tmp/h.txt")
[ "$n" -ge 5 ] && [ "$m" -eq 0 ] && pass "hyphenation: $n lines end in a hyphen, none inside" ||
    fail "hyphenation: lines end in a hyphen, none inside" "$n at the end, $m inside"
sed 's/^title: \(.*\)$/title: \1\nlang: en!/' tests/rulesets/examples.md >"$tmp/lang.md"
"$BIN" check --games 0 -q "$tmp/lang.md" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "lang.md:3:7: error: lang 'en!': a language tag" "$tmp/err" &&
    pass "a bad lang: is an error at its line" || fail "a bad lang: is an error at its line" "exit $rc: $(cat "$tmp/err")"
# German prose is hyphenated with the German patterns: given only the
# German dictionary (SANDTABLE_HYPHEN_DIR), a German ruleset breaks its
# long compounds, and without lang: (English) nothing is hyphenated.
printf -- '---\ntitle: Kurz\nlang: de\nengine: none\n---\n\n# Kurz\n\n## Units\n\n| Unit | Class | Move |\n|---|---|---|\n| Speer | Fuss | 4 |\n\n## Regeln\n\n%s\n' \
    "$(for i in 1 2 3 4 5 6; do printf 'Die Geländeeigenschaften der Verteidigungsstellungen bestimmen die Bewegungsgeschwindigkeit. '; done)" >"$tmp/de.md"
mkdir "$tmp/hy" && cp -L /usr/share/hyphen/hyph_de_DE.dic "$tmp/hy/"
SANDTABLE_HYPHEN_DIR=$tmp/hy "$BIN" rulebook "$tmp/de.md" -q -o "$tmp/de.pdf" 2>"$tmp/err" &&
    pdftotext "$tmp/de.pdf" - | grep -q "$(printf '\302\255')\$" &&
    sed '/^lang: de$/d' "$tmp/de.md" >"$tmp/en.md" &&
    SANDTABLE_HYPHEN_DIR=$tmp/hy "$BIN" rulebook "$tmp/en.md" -q -o "$tmp/en.pdf" &&
    ! pdftotext "$tmp/en.pdf" - | grep -q "$(printf '\302\255')" &&
    pass "lang: de hyphenates with the German patterns" ||
    fail "lang: de hyphenates with the German patterns" "$(cat "$tmp/err")"
# The report counts the sections that have an example of play.
"$BIN" report rulesets/morschauser-modern.md --games 20 -q -o "$tmp/rep.pdf" 2>/dev/null
pdftotext "$tmp/rep.pdf" - | tr '\n' ' ' >"$tmp/rep.txt"
grep -q 'examples of play *8, in 4 of 13 sections (Fire, Melee, Vehicles, Special *rules)' "$tmp/rep.txt" &&
    grep -q 'sections without an example' "$tmp/rep.txt" &&
    pass "the report counts the sections with an example" ||
    fail "the report counts the sections with an example" "$(grep -o 'examples of play.\{0,120\}' "$tmp/rep.txt")"
# Links: each rule an example names links to the page of its section
# (as the contents and the index link to theirs).
sed '/^example: /d' rulesets/morschauser-modern.md >"$tmp/noex.md"
"$BIN" rulebook "$tmp/noex.md" -q -o "$tmp/noex.pdf"
links() { python3 -c "import re,sys; print(len(re.findall(rb'/Subtype */Link', open(sys.argv[1],'rb').read())))" "$1"; }
a=$(links "$tmp/morschauser-modern.pdf") b=$(links "$tmp/noex.pdf")
[ "$a" -ge $((b + 15)) ] && pass "examples link their rules to their sections ($a links, $b without examples)" ||
    fail "examples link their rules to their sections" "$a links with examples, $b without"
# Languages (issue 21, the rulebook first): --lang and lang: set the
# book's own words (gettext catalogues from src/po); the user's locale
# does not.
"$BIN" rulebook rulesets/morschauser-modern.md --lang de -q -o "$tmp/de2.pdf" &&
    pdftotext "$tmp/de2.pdf" - | tr '\n' ' ' >"$tmp/de2.txt" &&
    grep -q 'Inhalt' "$tmp/de2.txt" && grep -q 'Regelverzeichnis' "$tmp/de2.txt" &&
    grep -q 'Beispiel 4 · Melee — each side rolls' "$tmp/de2.txt" &&
    grep -q 'A (Rifle) kämpft im Nahkampf gegen B (Machine Gun). A würfelt 3; B würfelt 5. → B ist vernichtet' "$tmp/de2.txt" &&
    grep -q 'Genaue Chancen des ersten Nahkampfs: der Angreifer gewinnt 4/7' "$tmp/de2.txt" &&
    pass "--lang de: the book's words in German" ||
    fail "--lang de: the book's words in German" "$(grep -o 'Beispiel 4.\{0,300\}' "$tmp/de2.txt")"
"$BIN" rulebook rulesets/dice-skirmish.md --lang fr -q -o "$tmp/fr.pdf" &&
    pdftotext "$tmp/fr.pdf" - | tr '\n' ' ' | grep -q 'Sommaire.*Exemple 1 ·.*Chances exactes' &&
    pass "--lang fr: the book's words in French" || fail "--lang fr: the book's words in French" ""
sed 's/^title: \(.*\)$/title: \1\nlang: de/' tests/rulesets/examples.md >"$tmp/de3.md"
"$BIN" rulebook "$tmp/de3.md" -q -o "$tmp/de3.pdf" && pdftotext "$tmp/de3.pdf" - | grep -q '^Beispiel 1 · A carbine shot$' &&
    pass "lang: de in the front matter" || fail "lang: de in the front matter" ""
LC_ALL=de_DE.UTF-8 LANG=de_DE.UTF-8 LANGUAGE=de "$BIN" rulebook rulesets/morschauser-modern.md -q -o "$tmp/en.pdf" &&
    pdftotext "$tmp/en.pdf" - | grep -q '^Contents$' && ! pdftotext "$tmp/en.pdf" - | grep -q 'Inhalt' &&
    pass "the user's locale leaves an English ruleset's book English" ||
    fail "the user's locale leaves an English ruleset's book English" ""
"$BIN" rulebook rulesets/morschauser-modern.md --lang 'd e' -o "$tmp/x.pdf" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q -- "--lang d e: a language tag" "$tmp/err" && pass "a bad --lang is a usage error" ||
    fail "a bad --lang is a usage error" "exit $rc"
