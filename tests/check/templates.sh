#!/bin/sh
# templates.sh BIN: every product reads a template (issue 21): -t on
# every product command, --print-template printing the one it would use
# (and using what it printed gives the same bytes), a changed template
# changing the output (a named colour, a size, a section left out), a
# template for another product refused, a bad colour an error at its
# line and column, a font not installed a warning naming it, the search
# order ./templates, $XDG_DATA_HOME/sandtable/templates, the data
# directory, `sandtable templates` listing them, and the old -t
# spellings (map and scenario -t SIZE: table; bases -t N: tray).
# Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
SRC=$(pwd)
M=$SRC/rulesets/morschauser-modern.md
A=$SRC/rulesets/gauntlet-ancients.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
# No user templates but the ones made here.
export XDG_DATA_HOME="$T/xdg"
awk() { LC_ALL=C command awk "$@"; }

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# ok NAME CMD...: passes when CMD succeeds.
ok() {
	name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "$(head -c 300 "$T/err" 2>/dev/null)"; fi
}

# make PRODUCT OUT [ARGS...]: the product of the Morschauser ruleset
# (a map of seed 2, few games), errors in $T/err (only errors while Q is
# -q); returns its status.
Q=-q
make_p() {
	p=$1 out=$2
	shift 2
	case $p in
	map) "$BIN" map "$M" -s 2 $Q "$@" -o "$out" ;;
	scenario) "$BIN" scenario "$M" -n 20 $Q "$@" -o "$out" ;;
	report) "$BIN" report "$M" -n 30 $Q "$@" -o "$out" ;;
	*) "$BIN" "$p" "$M" $Q "$@" -o "$out" ;;
	esac >/dev/null 2>"$T/err"
}

PRODUCTS="reference cards map scenario bases report rulebook"
dflt() {
	case $1 in
	cards) echo unit-cards ;; map) echo battle-map ;;
	scenario) echo scenario-briefing ;; *) echo "$1" ;;
	esac
}

cd "$T" || exit 1
mkdir -p "$T/xdg" "$T/tp"

# --print-template prints the default, and using what it printed gives
# the same bytes as the default; the default has its product: key.
for p in $PRODUCTS; do
	d=$(dflt "$p")
	"$BIN" "$p" --print-template >"$T/tp/$p.yaml" 2>"$T/err"
	ok "$p --print-template exits 0" [ $? -eq 0 ]
	ok "$p --print-template is templates/$d.yaml" cmp -s "$T/tp/$p.yaml" "$SRC/templates/$d.yaml"
	grep -q "^product: $p\b" "$T/tp/$p.yaml" && pass "$d.yaml says product: $p" ||
		fail "$d.yaml says product: $p" "$(grep product "$T/tp/$p.yaml")"
	make_p "$p" "$T/$p-0.pdf" && make_p "$p" "$T/$p-1.pdf" -t "$T/tp/$p.yaml"
	ok "$p: the printed template gives the same bytes" cmp -s "$T/$p-0.pdf" "$T/$p-1.pdf"
	# -t NAME through the search order: the same.
	make_p "$p" "$T/$p-2.pdf" -t "$d"
	ok "$p -t $d: the same bytes" cmp -s "$T/$p-0.pdf" "$T/$p-2.pdf"
	[ "$p" = map ] && continue
	pdftotext "$T/$p-0.pdf" "$T/$p-0.txt" 2>/dev/null
done
# --print-template -t NAME prints that template.
"$BIN" cards -t unit-cards-portrait-art --print-template >"$T/tp/art.yaml" 2>"$T/err"
ok "cards -t NAME --print-template prints NAME" cmp -s "$T/tp/art.yaml" "$SRC/templates/unit-cards-portrait-art.yaml"

# A changed template changes the output, and the text is still there.
# changed PRODUCT NAME SED WORD: the product with the default template
# edited by SED differs from the default's and shows WORD.
changed() {
	p=$1 name=$2 script=$3 word=$4
	sed "$script" "$T/tp/$p.yaml" >"$T/tp/$p-c.yaml"
	if cmp -s "$T/tp/$p.yaml" "$T/tp/$p-c.yaml"; then
		fail "$p: $name" "the sed script changed nothing"
		return
	fi
	if ! make_p "$p" "$T/$p-c.pdf" -t "$T/tp/$p-c.yaml"; then
		fail "$p: $name" "exit $?: $(head -c 300 "$T/err")"
		return
	fi
	[ -s "$T/err" ] && fail "$p: $name: no message" "$(head -c 300 "$T/err")"
	cmp -s "$T/$p-0.pdf" "$T/$p-c.pdf" && fail "$p: $name" "same bytes as the default" ||
		pass "$p: $name changes the output"
	pdftotext "$T/$p-c.pdf" - 2>/dev/null | grep -q "$word" &&
		pass "$p: $name: '$word' still printed" || fail "$p: $name: '$word' still printed" "not in pdftotext"
}
changed reference "accent olive" 's/  accent: "#6b1d1d"/  accent: olive/' "Weapons"
changed cards "text navy" 's/  text: "#1a1a1a"/  text: navy/' "Rifle"
changed map "tiles navy, title 20" 's/  tiles: "#b03020"/  tiles: navy/; s/^title-size: 15/title-size: 20/' "Assembly plan"
changed scenario "blue navy, size 11" 's/  blue: "#1f4e9a"/  blue: navy/; s/^size: 9 /size: 11/' "Orders of battle"
changed bases "label-size 8" 's/^label-size: 6 /label-size: 8 /' "Rifle"
changed report "heading dark red, size 10" 's/  heading: "#000000"/  heading: dark red/; s/^size: 8.5/size: 10/' "Validation report"
changed rulebook "accent olive" 's/  accent: "#6b1d1d"/  accent: olive/' "Contents"

# A side's pale tints (the key's zone swatch, the orders' heading band)
# come from the side's colour: green #008000 gives 15% and 12% of green
# over white, as SVG writes them.
sed 's/  blue: "#1f4e9a"/  blue: "#008000"/' "$T/tp/scenario.yaml" >"$T/tp/sc-g.yaml"
make_p scenario "$T/sc-g.svg" -t "$T/tp/sc-g.yaml"
grep -q "rgb(85.098039%,92.54902%,85.098039%)" "$T/sc-g-1.svg" &&
	grep -q "rgb(87.843137%,94.117647%,87.843137%)" "$T/sc-g-2.svg" &&
	pass "scenario: Blue's tints from its colour" ||
	fail "scenario: Blue's tints from its colour" "$(grep -o 'rgb([0-9.%,]*)' "$T/sc-g-2.svg" | sort -u | head -5)"

# Sections a template leaves out are not printed; those it keeps are.
sed 's/^sections: .*/sections: [deployment, victory]/' "$T/tp/scenario.yaml" >"$T/tp/sc-s.yaml"
make_p scenario "$T/sc-s.pdf" -t "$T/tp/sc-s.yaml"
pdftotext "$T/sc-s.pdf" "$T/sc-s.txt"
grep -q "Special rule" "$T/scenario-0.txt" && ! grep -q "Special rule" "$T/sc-s.txt" &&
	grep -q "Victory conditions" "$T/sc-s.txt" && grep -q "Balance" "$T/sc-s.txt" &&
	pass "scenario sections: special rule left out, victory and balance kept" ||
	fail "scenario sections" "$(grep -c 'Special rule' "$T/sc-s.txt")"
sed 's/^sections: .*/sections: [coverage, rates]/' "$T/tp/report.yaml" >"$T/tp/rp-s.yaml"
make_p report "$T/rp-s.pdf" -t "$T/tp/rp-s.yaml"
pdftotext "$T/rp-s.pdf" "$T/rp-s.txt"
grep -q "Game length" "$T/report-0.txt" && ! grep -q "Game length" "$T/rp-s.txt" &&
	grep -q "Rule coverage" "$T/rp-s.txt" && grep -q "Win rates" "$T/rp-s.txt" &&
	pass "report sections: game length left out, coverage and rates kept" ||
	fail "report sections" "$(grep -c 'Game length' "$T/rp-s.txt")"
# In the order given: coverage before the win rates.
c=$(grep -n "Rule coverage" "$T/rp-s.txt" | head -1 | cut -d: -f1)
w=$(grep -n "^Win rates" "$T/rp-s.txt" | head -1 | cut -d: -f1)
[ -n "$c" ] && [ -n "$w" ] && [ "$c" -lt "$w" ] && pass "report sections in the template's order" ||
	fail "report sections in the template's order" "coverage line $c, win rates line $w"
sed 's/^instructions: true/instructions: false/' "$T/tp/map.yaml" >"$T/tp/map-s.yaml"
make_p map "$T/map-s.pdf" -t "$T/tp/map-s.yaml"
[ -s "$T/map-s.pdf" ] && pdftotext -f 1 -l 1 "$T/map-0.pdf" - | grep -q "Print every page" &&
	! pdftotext -f 1 -l 1 "$T/map-s.pdf" - | grep -q "Print every page" &&
	pass "map instructions: false leaves the steps out" || fail "map instructions: false" "steps still printed"
sed 's/^rulers: true/rulers: false/' "$T/tp/bases.yaml" >"$T/tp/bases-s.yaml"
"$BIN" bases "$M" -t "$T/tp/bases-s.yaml" --dump -o "$T/b.pdf" >"$T/b-off.dump" 2>/dev/null
"$BIN" bases "$M" --dump -o "$T/b.pdf" >"$T/b-on.dump" 2>/dev/null
grep -q "ruler" "$T/b-on.dump" && grep -q "^page" "$T/b-off.dump" && ! grep -q "ruler" "$T/b-off.dump" &&
	pass "bases rulers: false leaves the rulers out" || fail "bases rulers: false" "$(grep -c ruler "$T/b-off.dump")"
# An option still overrides the template.
"$BIN" bases "$M" -t "$T/tp/bases-s.yaml" --no-markers --dump -o "$T/b.pdf" >"$T/b-nm.dump" 2>/dev/null
grep -q "marker" "$T/b-off.dump" && grep -q "^page" "$T/b-nm.dump" && ! grep -q "marker" "$T/b-nm.dump" &&
	pass "bases --no-markers over the template" || fail "bases --no-markers over the template" ""

# A map PNG with another grid colour: other pixels.
"$BIN" map -T 2x2ft -o "$T/g0.png" -q 2>"$T/err"
sed 's/  grid: "#505050"/  grid: olive/' "$T/tp/map.yaml" >"$T/tp/map-g.yaml"
"$BIN" map -T 2x2ft -t "$T/tp/map-g.yaml" -o "$T/g1.png" -q 2>"$T/err"
[ -s "$T/g0.png" ] && [ -s "$T/g1.png" ] && ! cmp -s "$T/g0.png" "$T/g1.png" &&
	pass "map PNG: the grid colour from the template" || fail "map PNG grid colour" "$(cat "$T/err")"

# A template of another product: an error at its product: key.
for p in map scenario bases report; do
	make_p "$p" "$T/x.pdf" -t reference
	rc=$?
	[ $rc -eq 1 ] && grep -q "templates/reference.yaml:[0-9]*:[0-9]*: error: template: this template is for the reference, not the $p" "$T/err" &&
		pass "$p -t reference: refused at its product: line" || fail "$p -t reference refused" "exit $rc: $(cat "$T/err")"
done
"$BIN" rulebook --print-template -t battle-map >/dev/null 2>"$T/err" &&
	fail "rulebook --print-template -t battle-map refused" "exit 0" ||
	{ grep -q "for the map, not the rulebook" "$T/err" && pass "--print-template refuses another product's" ||
		fail "--print-template refuses another product's" "$(cat "$T/err")"; }

# A bad colour: an error naming file, line and column; nothing written.
for p in map scenario bases report cards; do
	case $p in
	map) key=grid ;; scenario) key=blue ;; bases) key=ink ;;
	report) key=heading ;; cards) key=text ;;
	esac
	awk -v k="$key" '$1 == k ":" { sub(/:.*/, ": navyy"); $0 = "  " k ": navyy" } { print }' \
		"$T/tp/$p.yaml" >"$T/tp/bad-$p.yaml"
	line=$(grep -n "^  $key: navyy" "$T/tp/bad-$p.yaml" | cut -d: -f1)
	rm -f "$T/bad.pdf"
	make_p "$p" "$T/bad.pdf" -t "$T/tp/bad-$p.yaml"
	rc=$?
	[ $rc -eq 1 ] && [ -n "$line" ] && grep -q "bad-$p.yaml:$line:[0-9]*: error: template: '$key' must be a colour.*'navyy'" "$T/err" &&
		[ ! -e "$T/bad.pdf" ] &&
		pass "$p: a bad colour is an error at $line:col" || fail "$p: a bad colour" "exit $rc line $line: $(cat "$T/err")"
done

# A font that is not installed: a warning naming it, at its line; the
# product is still written.
Q=
for p in map scenario bases report reference rulebook; do
	sed 's/^font: .*/font: No Such Font Qwxz/' "$T/tp/$p.yaml" >"$T/tp/nf-$p.yaml"
	line=$(grep -n "^font: No Such" "$T/tp/nf-$p.yaml" | cut -d: -f1)
	make_p "$p" "$T/nf.pdf" -t "$T/tp/nf-$p.yaml"
	rc=$?
	[ $rc -eq 0 ] && grep -q "nf-$p.yaml:$line:[0-9]*: warning: template: font 'No Such Font Qwxz' is not installed" "$T/err" &&
		pass "$p: a missing font is a warning naming it" || fail "$p: missing font" "exit $rc: $(cat "$T/err")"
done
sed 's/^  name:    { x: 0, y: 23%,/  name:    { font: Nowhere Sans Zq, x: 0, y: 23%,/' \
	"$SRC/templates/unit-cards-portrait-art.yaml" >"$T/tp/nf-field.yaml"
make_p cards "$T/nf.pdf" -t "$T/tp/nf-field.yaml"
grep -q "nf-field.yaml:[0-9]*:[0-9]*: warning: template: font 'Nowhere Sans Zq' is not installed" "$T/err" &&
	pass "cards: a field's missing font is a warning naming it" || fail "cards field font" "$(cat "$T/err")"
Q=-q

# The search order: ./templates, then $XDG_DATA_HOME/sandtable/templates,
# then the data directory; `templates` lists each with its product.
mkdir -p "$T/xdg/sandtable/templates" "$T/cwd"
sed 's/^size: 8.5/size: 9.5/' "$T/tp/report.yaml" >"$T/xdg/sandtable/templates/my-report.yaml"
sed 's/  grid: "#505050"/  grid: navy/' "$T/tp/map.yaml" >"$T/xdg/sandtable/templates/battle-map.yaml"
cd "$T/cwd" || exit 1
"$BIN" templates >"$T/list" 2>"$T/err"
ok "templates exits 0" [ $? -eq 0 ]
grep -qx "my-report	report	$T/xdg/sandtable/templates/my-report.yaml" "$T/list" &&
	pass "templates lists a user template: name, product, file" || fail "templates lists a user template" "$(cat "$T/list")"
grep -q "^battle-map	map	.*/templates/battle-map.yaml	shadowed$" "$T/list" &&
	grep -q "^battle-map	map	$T/xdg/sandtable/templates/battle-map.yaml$" "$T/list" &&
	pass "templates: the user's battle-map first, the installed one shadowed" ||
	fail "templates: shadowed" "$(grep battle-map "$T/list")"
miss=""
for d in reference unit-cards unit-cards-portrait-art battle-map scenario-briefing bases report rulebook rulebook-two-column; do
	grep -q "^$d	" "$T/list" || miss="$miss $d"
done
[ -z "$miss" ] && pass "templates lists every bundled template" || fail "templates lists every bundled template" "$miss"
make_p report "$T/r-xdg.pdf" -t my-report
ok "report -t NAME found in XDG_DATA_HOME" [ $? -eq 0 ]
ok "... and it is that template" sh -c "[ -s '$T/r-xdg.pdf' ] && ! cmp -s '$T/report-0.pdf' '$T/r-xdg.pdf'"
# The user's battle-map.yaml is now the map's default.
"$BIN" map -T 2x2ft -o "$T/g2.png" -q 2>"$T/err"
cmp -s "$T/g0.png" "$T/g2.png" && fail "map: the user's battle-map is the default" "same as the installed" ||
	pass "map: the user's battle-map.yaml is the default"
"$BIN" map --print-template | grep -q "grid: navy" && pass "--print-template prints the one found first" ||
	fail "--print-template prints the one found first" ""
# ./templates comes before XDG_DATA_HOME.
mkdir -p templates
sed 's/  grid: "#505050"/  grid: olive/' "$T/tp/map.yaml" >templates/battle-map.yaml
"$BIN" map -T 2x2ft -o "$T/g3.png" -q 2>"$T/err"
cmp -s "$T/g1.png" "$T/g3.png" && pass "./templates before XDG_DATA_HOME" ||
	fail "./templates before XDG_DATA_HOME" "not the olive grid of ./templates"
"$BIN" templates | grep -c "^battle-map	" | grep -qx 3 && pass "templates lists all three battle-maps" ||
	fail "templates lists all three battle-maps" "$("$BIN" templates | grep battle-map)"
rm -rf templates
# Unset: ~/.local/share/sandtable/templates.
mkdir -p "$T/home/.local/share/sandtable/templates"
cp "$T/xdg/sandtable/templates/my-report.yaml" "$T/home/.local/share/sandtable/templates/home-report.yaml"
env -u XDG_DATA_HOME HOME="$T/home" "$BIN" templates | grep -q "^home-report	report	$T/home/.local/share/sandtable/templates/home-report.yaml" &&
	pass "no XDG_DATA_HOME: ~/.local/share/sandtable/templates" || fail "~/.local/share" "$(env -u XDG_DATA_HOME HOME="$T/home" "$BIN" templates)"
"$BIN" report "$M" -n 10 -t nosuch -o "$T/x.pdf" 2>"$T/err"
grep -q "template 'nosuch' not found (looked in templates, $T/xdg/sandtable/templates, " "$T/err" &&
	pass "a missing NAME: the directories looked in" || fail "a missing NAME" "$(cat "$T/err")"
rm -rf "$T/xdg/sandtable/templates/battle-map.yaml"
cd "$T" || exit 1

# -t is the template everywhere; the old -t spellings still work where
# the value is what they took.
"$BIN" map -t 4x4ft -o "$T/t.png" >"$T/out" 2>"$T/err"
grep -q "note: map -t is now spelled --table" "$T/err" && grep -q "48\" × 48\"" "$T/out" &&
	pass "map -t 4x4ft: the table, with a note" || fail "map -t 4x4ft" "$(cat "$T/out" "$T/err")"
"$BIN" map -t battle-map -T 4x4ft -o "$T/t.png" >"$T/out" 2>"$T/err"
[ ! -s "$T/err" ] && pass "map -t battle-map: the template, no note" || fail "map -t battle-map" "$(cat "$T/err")"
"$BIN" map -t nosuch -o "$T/t.png" >"$T/out" 2>"$T/err"
grep -q "template 'nosuch' not found" "$T/err" && pass "map -t NAME is a template" || fail "map -t NAME" "$(cat "$T/err")"
"$BIN" bases "$M" -t 2 --dump -o "$T/b.pdf" >"$T/b2.dump" 2>"$T/err"
grep -q "note: bases -t is now spelled --tray" "$T/err" && grep -q "tray" "$T/b2.dump" &&
	pass "bases -t 2: trays, with a note" || fail "bases -t 2" "$(cat "$T/err")"
"$BIN" bases "$M" -t bases -o "$T/b.pdf" -q 2>"$T/err"
[ $? -eq 0 ] && [ ! -s "$T/err" ] && pass "bases -t bases: the template, no note" || fail "bases -t bases" "$(cat "$T/err")"
"$BIN" scenario "$M" -n 10 -t 48x48in -o "$T/s.pdf" >"$T/out" 2>"$T/err"
grep -q "note: scenario -t is now spelled --table" "$T/err" && grep -q "table: 48x48in\|48in" "$T/s.yaml" &&
	pass "scenario -t 48x48in: the table, with a note" || fail "scenario -t 48x48in" "$(cat "$T/err")"
"$BIN" scenario "$M" -n 10 -t scenario-briefing -o "$T/s2.pdf" -q 2>"$T/err"
[ $? -eq 0 ] && ! grep -q "note:" "$T/err" && pass "scenario -t scenario-briefing: the template" ||
	fail "scenario -t scenario-briefing" "$(cat "$T/err")"
for p in $PRODUCTS; do
	"$BIN" help "$p" | grep -q "^  -t, --template" && "$BIN" help "$p" | grep -q -- "--print-template" &&
		pass "$p --help: -t, --template and --print-template" || fail "$p --help" "no -t/--print-template"
done

# A look at one changed product, as a person would (render at 60 dpi and
# compare): the scenario's orders page with navy and a bigger size is
# not blank and differs.
if command -v pdftoppm >/dev/null; then
	pdftoppm -png -r 60 -f 2 -l 2 "$T/scenario-c.pdf" "$T/look" 2>/dev/null
	pdftoppm -png -r 60 -f 2 -l 2 "$T/scenario-0.pdf" "$T/look0" 2>/dev/null
	a=$(ls "$T"/look-*.png 2>/dev/null | head -1)
	b=$(ls "$T"/look0-*.png 2>/dev/null | head -1)
	[ -n "$a" ] && [ -n "$b" ] && ! cmp -s "$a" "$b" && pass "scenario page 2 renders differently" ||
		fail "scenario page 2 renders differently" "$a $b"
fi

# The bash completion offers the template names after -t.
if command -v bash >/dev/null; then
	mkdir -p "$T/bin"
	ln -sf "$BIN" "$T/bin/sandtable"
	got=$(PATH="$T/bin:$PATH" bash -c ". '$SRC/src/cli/sandtable.bash'
		COMP_WORDS=(sandtable map -t bat); COMP_CWORD=3; _sandtable
		echo \"\${COMPREPLY[*]}\"" 2>&1)
	case " $got " in
	*" battle-map "*) pass "completion: map -t bat offers battle-map" ;;
	*) fail "completion: map -t bat offers battle-map" "$got" ;;
	esac
fi

# Every key of the new templates is documented, with its default, in
# rulesets/FORMAT.md, Templates.
for f in battle-map scenario-briefing bases report; do
	bad=$(awk '/^[a-z-]+:/ { k = $1; sub(/:$/, "", k); top = k; if (k != "colours") print k }
		/^  [a-z-]+:/ && top == "colours" { k = $1; sub(/:$/, "", k); print "colours: " k }' \
		"$SRC/templates/$f.yaml" | while read -r k; do
		[ "$k" = product ] && continue
		# In the file's own subsection: "### …: `NAME.yaml` …".
		awk -v f="\`$f.yaml\`" 'index($0, "### ") == 1 { on = index($0, f) > 0 } on' \
			"$SRC/rulesets/FORMAT.md" | grep -q "^| \`$k\` | " || echo "$k"
	done | tr '\n' ' ')
	[ -z "$bad" ] && pass "$f.yaml: every key in FORMAT.md" || fail "$f.yaml: every key in FORMAT.md" "$bad"
done

# The one-page map's margin (--paper none) from the template: a wider
# page by twice the difference.
cd "$T" || exit 1
sed 's/^margin: 10mm/margin: 25mm/' "$T/tp/map.yaml" >"$T/tp/map-m.yaml"
"$BIN" map "$M" -p none -q -o "$T/m10.pdf" 2>"$T/err"
"$BIN" map "$M" -p none -q -t "$T/tp/map-m.yaml" -o "$T/m25.pdf" 2>>"$T/err"
w10=$(pdfinfo "$T/m10.pdf" 2>/dev/null | awk '/^Page size/ { print $3 }')
w25=$(pdfinfo "$T/m25.pdf" 2>/dev/null | awk '/^Page size/ { print $3 }')
awk -v a="$w10" -v b="$w25" 'BEGIN { d = (b - a) * 25.4 / 72; exit !(a > 0 && d > 29.9 && d < 30.1) }' &&
	pass "map margin: 25mm makes the one-page map 30 mm wider" || fail "map margin" "$w10 -> $w25: $(cat "$T/err")"
