#!/bin/sh
# render.sh BIN: the reference sheet and unit cards, checked with
# poppler-utils — page sizes, every unit and its stats, fonts embedded,
# outline, nothing under 6.5 pt, byte-identical reruns, atomic failure,
# overflow and template diagnostics with their positions.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
unset LC_ALL LC_PAPER LANG PAPERSIZE
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
check() { # name, then a command that must succeed
	n=$1
	shift
	if "$@" >/dev/null 2>&1; then pass "$n"; else fail "$n" "$*"; fi
}

# Page size of page $2 of PDF $1, as "W x H" in points.
size() {
	pdfinfo -f "${2:-1}" -l "${2:-1}" "$1" 2>/dev/null |
	    sed -n 's/^Page *[0-9]* size: *\([0-9.]* x [0-9.]*\) pts.*/\1/p'
}
size_is() { # name pdf page expected
	got=$(size "$2" "$3")
	if [ "$got" = "$4" ]; then pass "$1"; else fail "$1" "size '$got', want '$4'"; fi
}
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
# The text of a PDF (or of page $2) on one line, spaces squeezed; $3 may
# be -raw (content-stream order: a wrapped table cell stays together).
text() {
	if [ -n "$2" ]; then
		pdftotext $3 -f "$2" -l "$2" "$1" - 2>/dev/null
	else
		pdftotext "$1" - 2>/dev/null
	fi | tr -s ' \n\t\f' '    ' | tr -s ' '
}
# Smallest word height (pt) on any page; DejaVu at 6.5 pt is 7.56.
min_height() {
	pdftotext -bbox "$1" - 2>/dev/null |
	    grep -o 'yMin="[0-9.]*" xMax="[0-9.]*" yMax="[0-9.]*"' |
	    awk -F'"' '{ h = $6 - $2; if (m == "" || h < m) m = h } END { print m }'
}

for rs in rulesets/morschauser-modern.md rulesets/gauntlet-ancients.md; do
	name=$(basename "$rs" .md)
	ref="$T/$name-ref.pdf"
	cards="$T/$name-cards.pdf"
	single="$T/$name-single.pdf"
	# (Not -q, which would leave the warnings out.)
	"$BIN" reference "$rs" -o "$ref" >/dev/null 2>"$T/ref.err"
	rc=$?
	if [ $rc -eq 0 ] && [ -s "$ref" ]; then pass "$name: reference written"
	else fail "$name: reference written" "exit $rc: $(head -3 "$T/ref.err")"; continue; fi
	grep -q ': warning: ' "$T/ref.err" &&
	    fail "$name: reference renders without warnings" "$(grep -m1 ': warning: ' "$T/ref.err")" ||
	    pass "$name: reference renders without warnings"
	"$BIN" cards "$rs" -o "$cards" -q 2>"$T/cards.err" ||
	    fail "$name: cards written" "$(head -3 "$T/cards.err")"
	"$BIN" cards "$rs" -o "$single" --single --bleed 3mm -q 2>/dev/null ||
	    fail "$name: single cards written" "exit $?"

	# Sizes: A4 landscape reference (no locale: A4), A4 card sheets,
	# Letter on request, poker cards 63.5 x 88.9 mm plus 3 mm bleed.
	size_is "$name: reference is A4 landscape" "$ref" 1 "841.89 x 595.276"
	n=$(pages "$ref")
	if [ "$n" -ge 1 ] && [ "$n" -le 2 ]; then pass "$name: reference on at most 2 sides"
	else fail "$name: reference on at most 2 sides" "$n pages"; fi
	size_is "$name: card sheet is A4" "$cards" 1 "595.276 x 841.89"
	size_is "$name: single card is poker plus bleed" "$single" 1 "197.008 x 269.008"
	pdfinfo -box -f 1 -l 1 "$single" | grep -q 'TrimBox: *8.50 *8.50 *188.50 *260.50' &&
	    pass "$name: single card TrimBox is the poker card" ||
	    fail "$name: single card TrimBox is the poker card" "$(pdfinfo -box -f 1 -l 1 "$single" | grep TrimBox)"

	# Every unit: its name on the sheet and the cards; its stats, in order,
	# on its own card (one card a page in --single).
	"$BIN" check -v "$rs" >"$T/dump.txt" 2>/dev/null
	pdftotext -raw "$ref" - | tr -s ' \n\t\f' '    ' | tr -s ' ' >"$T/ref.txt"
	pdftotext -raw "$cards" - | tr -s ' \n\t\f' '    ' | tr -s ' ' >"$T/cards.txt"
	sed -n '/^units (/,/^$/p' "$T/dump.txt" | sed '1d;/^$/d' >"$T/units.txt"
	engine=$(sed -n 's/^engine: //p' "$T/dump.txt")
	i=0
	bad=""
	badstat=""
	while IFS= read -r line; do
		i=$((i + 1))
		u=$(echo "$line" | sed 's/^ *[0-9]*:[0-9]* \([^:]*\):.*/\1/')
		grep -qF "$u" "$T/ref.txt" || bad="$bad ref:'$u'"
		grep -qF "$u" "$T/cards.txt" || bad="$bad cards:'$u'"
		mv=$(echo "$line" | sed -n 's/.*, move \([^(]*\) (.*/\1/p')
		if [ "$engine" = morale ]; then
			mo=$(echo "$line" | sed -n 's/.*, morale \([0-9]*\).*/\1/p')
			fd=$(echo "$line" | sed -n 's/.*, dice \([0-9]*\)\/.*/\1/p')
			md=$(echo "$line" | sed -n 's/.*, dice [0-9]*\/\([0-9]*\).*/\1/p')
			[ "$fd" = 0 ] && fd="—"
			[ "$md" = 0 ] && md="—"
			want="$mv $mo $fd $md"
		else
			rd=$(echo "$line" | sed -n 's/.*, road \([^(]*\) (.*/\1/p')
			me=$(echo "$line" | sed -n 's/.*, melee \([0-9]*\).*/\1/p')
			want="$mv ${rd:-—} ${me:-—}"
		fi
		text "$single" "$i" | grep -qF "$want" || badstat="$badstat '$u' ($want)"
		for w in $(echo "$line" | sed -n 's/.*, weapons \(.*\)/\1/p' |
		    sed 's/, traits.*//; s/, /|/g; s/ /_/g; s/|/ /g'); do
			w=$(echo "$w" | tr _ ' ')
			text "$single" "$i" -raw | grep -qF "$w" || badstat="$badstat '$u' weapon '$w'"
		done
	done <"$T/units.txt"
	if [ "$i" -gt 0 ] && [ -z "$bad" ]; then pass "$name: all $i unit names printed"
	else fail "$name: all unit names printed" "missing$bad"; fi
	if [ "$i" -gt 0 ] && [ -z "$badstat" ]; then pass "$name: every card shows its unit's stats and weapons"
	else fail "$name: every card shows its unit's stats and weapons" "$badstat"; fi
	for sec in "Units" "Weapons" "Sequence of play" "Terrain"; do
		grep -qF "$sec" "$T/ref.txt" || fail "$name: reference has $sec" "not found"
	done
	# Weapon ranges on the sheet.
	badw=""
	sed -n '/^weapons (/,/^$/p' "$T/dump.txt" | sed '1d;/^$/d' >"$T/weapons.txt"
	while IFS= read -r line; do
		r=$(echo "$line" | sed -n 's/.*: range \([^(]*\) (.*/\1/p')
		grep -qF "$r" "$T/ref.txt" || badw="$badw $r"
	done <"$T/weapons.txt"
	if [ -s "$T/weapons.txt" ] && [ -z "$badw" ]; then pass "$name: weapon ranges on the sheet"
	else fail "$name: weapon ranges on the sheet" "missing$badw"; fi

	# Fonts embedded, outline present, nothing under 6.5 pt.
	for f in "$ref" "$cards"; do
		what=$(basename "$f" .pdf)
		nf=$(pdffonts "$f" 2>/dev/null | sed '1,2d' | wc -l)
		ne=$(pdffonts "$f" 2>/dev/null | sed '1,2d' | awk '$(NF-4) != "yes"' | wc -l)
		if [ "$nf" -gt 0 ] && [ "$ne" -eq 0 ]; then pass "$what: all $nf fonts embedded"
		else fail "$what: all fonts embedded" "$ne of $nf not embedded"; fi
		if grep -aq '/Outlines' "$f" && grep -aq '/First' "$f"; then pass "$what: outline present"
		else fail "$what: outline present" "no /Outlines"; fi
		h=$(min_height "$f")
		if awk "BEGIN { exit !($h >= 7.5) }"; then pass "$what: no text under 6.5 pt"
		else fail "$what: no text under 6.5 pt" "smallest word is ${h} pt tall"; fi
		grep -aq '/PrintScaling */None' "$f" && [ "$f" = "$cards" ] &&
		    pass "$what: asks to print at 100%"
	done

	# Nine poker cards on A4 and on Letter.
	for p in A4 Letter; do
		"$BIN" cards "$rs" -o "$T/n.pdf" --paper $p -q 2>/dev/null
		short=$(sed -n 's/^title: \([^:]*\).*/\1/p' "$T/dump.txt")
		# Each card's footer: the short title, then its credits.
		c=$(pdftotext -f 1 -l 1 "$T/n.pdf" - |
		    awk -v s="$short $(printf '\302\267') " 'index($0, s) == 1' | wc -l)
		want=$(( i < 9 ? i : 9 ))
		if [ "$c" -eq "$want" ]; then pass "$name: $want poker cards on a $p sheet"
		else fail "$name: $want poker cards on a $p sheet" "found $c"; fi
	done

	# Same SOURCE_DATE_EPOCH, same bytes.
	"$BIN" reference "$rs" -o "$T/ref2.pdf" -q 2>/dev/null
	"$BIN" cards "$rs" -o "$T/cards2.pdf" -q 2>/dev/null
	check "$name: reference reruns are byte-identical" cmp "$ref" "$T/ref2.pdf"
	check "$name: cards reruns are byte-identical" cmp "$cards" "$T/cards2.pdf"
done

rs=rulesets/morschauser-modern.md
size_is "reference on Letter" "$(
	"$BIN" reference $rs -o "$T/l.pdf" --paper Letter -q; echo "$T/l.pdf")" 1 "792 x 612"
size_is "cards on Letter" "$(
	"$BIN" cards $rs -o "$T/lc.pdf" --paper letter -q; echo "$T/lc.pdf")" 1 "612 x 792"
size_is "custom paper 300x200mm" "$(
	"$BIN" reference $rs -o "$T/c.pdf" --paper 300x200mm -q; echo "$T/c.pdf")" 1 "850.394 x 566.929"
# The locale decides when libpaper has no opinion: no PAPERSIZE, no
# papersize file (PAPERCONF names one that is not there).
size_is "LC_PAPER in the US gives Letter" "$(
	PAPERCONF="$T/no-papersize" LC_PAPER=en_US.UTF-8 "$BIN" cards $rs \
	    -o "$T/lp.pdf" -q; echo "$T/lp.pdf")" 1 "612 x 792"
"$BIN" cards $rs -o "$T/t.pdf" --card tarot --bleed 1/8in --backs -q
size_is "backs follow the fronts" "$T/t.pdf" 2 "595.276 x 841.89"
check "backs page exists" test "$(pages "$T/t.pdf")" -ge 2

# Backs mirror the fronts left to right on a portrait sheet: the Tank
# (front: row 2, right) and the Scout Car (row 3, left) swap sides.
"$BIN" cards $rs -o "$T/mb.pdf" --backs -q
xs=$(pdftotext -f 2 -l 2 -bbox "$T/mb.pdf" - | grep '>vehicle<' |
    sed 's/.*xMin="\([0-9]*\).*/\1/' | tr '\n' ' ')
case "$xs" in
"1"[0-9][0-9]" 4"[0-9][0-9]" ") pass "backs are mirrored for duplex" ;;
*) fail "backs are mirrored for duplex" "vehicle backs at x = $xs" ;;
esac

# A failed render leaves the previous file as it was, and no temporary.
cp "$T/morschauser-modern-ref.pdf" "$T/keep.pdf"
cat >"$T/bad-section.yaml" <<'EOF'
sections: [units, nonsense]
EOF
"$BIN" reference $rs -o "$T/keep.pdf" --template "$T/bad-section.yaml" 2>"$T/err"
rc=$?
if [ $rc -eq 1 ] && cmp -s "$T/keep.pdf" "$T/morschauser-modern-ref.pdf" &&
    ! ls -A "$T" | grep -q '^\.sandtable-'; then
	pass "failed render leaves the previous file untouched"
else
	fail "failed render leaves the previous file untouched" "exit $rc"
fi
if grep -q "bad-section.yaml:1:[0-9]*: error: .*unknown section 'nonsense'" "$T/err"; then
	pass "template error names file:line:col"
else
	fail "template error names file:line:col" "$(cat "$T/err")"
fi
printf 'columns: many\n' >"$T/bad-num.yaml"
"$BIN" reference $rs -o "$T/x.pdf" --template "$T/bad-num.yaml" 2>"$T/err"
if grep -q "bad-num.yaml:1:10: error: template: 'columns' must be a number" "$T/err"; then
	pass "template type error names file:line:col"
else
	fail "template type error names file:line:col" "$(cat "$T/err")"
fi
printf 'colums: 2\n' >"$T/typo.yaml"
"$BIN" cards $rs -o "$T/x.pdf" --template "$T/typo.yaml" 2>"$T/err"
check "a misspelt template setting warns at its place" grep -q "typo.yaml:1:1: warning: template: unknown setting 'colums'" "$T/err"
"$BIN" reference $rs -o "$T/x.pdf" --template no-such-template 2>"$T/err"
check "unknown template is an error" grep -q "template 'no-such-template' not found" "$T/err"

# An overflowing template warns, naming the ruleset's source line.
cat >"$T/tiny.yaml" <<'EOF'
pages: 1
size: 14
min-size: 12
EOF
"$BIN" reference $rs -o "$T/o.pdf" --template "$T/tiny.yaml" 2>"$T/err"
rc=$?
if [ $rc -eq 0 ] && grep -Eq "morschauser-modern.md:[0-9]+:[0-9]+: warning: does not fit on 1 page" "$T/err"; then
	pass "overflow warns with the source line"
else
	fail "overflow warns with the source line" "exit $rc: $(cat "$T/err")"
fi

printf 'size: 30\nmin-size: 24\n' >"$T/bigcard.yaml"
"$BIN" cards $rs -o "$T/o.pdf" --template "$T/bigcard.yaml" 2>"$T/err"
if grep -Eq "morschauser-modern.md:[0-9]+:[0-9]+: warning: card 'Rifle': does not fit" "$T/err"; then
	pass "an overflowing card warns with its unit and source line"
else
	fail "an overflowing card warns with its unit and source line" "$(head -2 "$T/err")"
fi

# Usage errors.
"$BIN" reference $rs >/dev/null 2>&1
check "reference without -o is a usage error" test $? -eq 2
"$BIN" cards $rs -o "$T/x.pdf" --bleed lots >/dev/null 2>&1
check "a bad bleed is a usage error" test $? -eq 2
"$BIN" cards $rs -o "$T/x.pdf" --paper B9 >/dev/null 2>&1
check "a bad paper is a usage error" test $? -eq 2
"$BIN" cards $rs -o "$T/x.pdf" --card huge >/dev/null 2>&1
check "a bad card size is a usage error" test $? -eq 2
exit 0
