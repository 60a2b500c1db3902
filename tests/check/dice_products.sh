#!/bin/sh
# The dice family's products in its own words and whole: every card of
# Saltmarsh Reckoning fits with its whole odds panel (seven enemies) at
# 6.5 pt or more; the panel's columns say what the family's chances are
# of ("attack wounds", "melee roll wins", not "shot kills"); no "Hits on"
# column for weapons that have no faces they hit on; the reference
# sheet's seven-column matrices are numbered, not names broken inside
# words, the opposed melee matrix titled for one roll's chance (issue
# 33: not the melee's); the report's fire map and the orders of battle say what the
# family does. The other families keep their words.
BIN=${1:-./sandtable}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=rulesets/dice-skirmish.md
MOD=rulesets/morschauser-modern.md
ANC=rulesets/gauntlet-ancients.md

# Numbers with a decimal point, whatever the locale (the suite runs
# again under de_DE, where awk would read 7.56 as 7).
awk() { LC_ALL=C command awk "$@"; }
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# The text of a PDF on one line, in content order, spaces squeezed: a
# heading wrapped in its cell reads as one.
text() { pdftotext -raw "$1" - 2>/dev/null | tr -s ' \n\t\f' '    '; }
# How many times $2 occurs in the text of PDF $1.
count() { text "$1" | grep -o "$2" | wc -l | tr -d ' '; }
# Smallest word height (pt) on any page; DejaVu at 6.5 pt is 7.56.
min_height() {
	pdftotext -bbox "$1" - 2>/dev/null |
	    grep -o 'yMin="[0-9.]*" xMax="[0-9.]*" yMax="[0-9.]*"' |
	    awk -F'"' '{ h = $6 - $2; if (m == "" || h < m) m = h } END { print m }'
}
units="Reed Wardens|Tide Scouts|Saltburn Lancers|Heron Crossbows|Mirewright Engine|Shellback Guard|Gull Riders"

# Cards: no warning at all (a card that does not fit says so; not -q,
# which leaves warnings out), each of the seven cards lists all seven
# enemies (the name once in its band, seven times in the panels),
# nothing under 6.5 pt.
"$BIN" cards "$R" -o "$tmp/cards.pdf" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && [ -s "$tmp/cards.pdf" ] && ! grep -q ': warning: ' "$tmp/err" && pass "dice cards fit without warnings" ||
    fail "dice cards fit without warnings" "exit $rc: $(head -c 300 "$tmp/err")"
bad=""
old_ifs=$IFS
IFS='|'
for u in $units; do
	n=$(count "$tmp/cards.pdf" "$u")
	[ "$n" -eq 8 ] || bad="$bad $u:$n"
done
IFS=$old_ifs
[ -z "$bad" ] && pass "every dice card's panel lists all seven enemies" ||
    fail "every dice card's panel lists all seven enemies" "times each name is printed (want 8):$bad"
h=$(min_height "$tmp/cards.pdf")
awk "BEGIN { exit !(${h:-0} >= 7.5) }" && pass "dice cards: no text under 6.5 pt" ||
    fail "dice cards: no text under 6.5 pt" "smallest word is ${h} pt tall"
# Every stat and weapon line whole on the card.
t=$(text "$tmp/cards.pdf")
for s in "Move 12 cm Quality 4+ Combat 3 Toughness 3 Save 5+ Wounds 3" \
    "Combat 5, 3 against cavalry" \
    "Heavy crossbow · Range 60 cm · Attacks 1 · To hit 4+ · Strength 5 · AP -2 · Damage d3"; do
	case "$t" in
	*"$s"*) pass "dice card shows '$s'" ;;
	*) fail "dice card shows '$s'" "not in the cards' text" ;;
	esac
done

# A value too long for its box on one line ("5, 3 against cavalry")
# wraps at the least size without holding the card's others down to it:
# the Lancers' Move, 24, stays large.
wh() { # height of the first word $2 in PDF $1
	pdftotext -bbox "$1" - 2>/dev/null | grep ">$2</word>" | head -1 |
	    sed 's/.*yMin="\([0-9.]*\)".*yMax="\([0-9.]*\)".*/\1 \2/' |
	    awk '{ print $2 - $1 }'
}
a=$(wh "$tmp/cards.pdf" 24) b=$(wh "$tmp/cards.pdf" 5,)
awk "BEGIN { exit !(${a:-0} >= 1.5 * ${b:-99}) }" &&
    pass "Saltburn Lancers: Move large beside a wrapped Combat" ||
    fail "Saltburn Lancers: Move large beside a wrapped Combat" "heights: 24 $a, '5,' $b"

# The panel's headings are the family's: one attack's chance of a
# Wound, one opposed roll's chance to win.
n=$(count "$tmp/cards.pdf" "Odds against attack wounds melee roll wins")
[ "$n" -eq 7 ] && pass "dice card panels head 'attack wounds', 'melee roll wins'" ||
    fail "dice card panels head 'attack wounds', 'melee roll wins'" "$n of 7 panels"
n=$(count "$tmp/cards.pdf" "shot kills")
[ -s "$tmp/cards.pdf" ] && [ "$n" -eq 0 ] && pass "no dice card says 'shot kills'" ||
    fail "no dice card says 'shot kills'" "$n times"
# Reed Wardens' best attack on its own kind: the Hooked spear, hit 4+,
# wound 3+ (S4 against T3), save 5+: 1/2 * 2/3 * 2/3 = 2/9 = 22%; one
# opposed d6 roll at Combat 3 each: 15/36 = 42%.
text "$tmp/cards.pdf" | grep -q "attack wounds melee roll wins Reed Wardens 22% 42% " &&
    pass "Reed Wardens against their own kind: 22% and 42%" ||
    fail "Reed Wardens against their own kind: 22% and 42%" "$(text "$tmp/cards.pdf" | head -c 700)"

# No "Hits on" for the dice family's weapons (To hit is their own
# column), on the cards and the sheet; the other families keep it.
"$BIN" reference -q "$R" -o "$tmp/ref.pdf" 2>"$tmp/err"
for f in cards ref; do
	n=$(count "$tmp/$f.pdf" "Hits on")
	[ -s "$tmp/$f.pdf" ] && [ "$n" -eq 0 ] && pass "dice $f: no Hits on column" ||
	    fail "dice $f: no Hits on column" "$n times"
done
text "$tmp/ref.pdf" | grep -q "Weapon Range Attacks To hit Strength AP Damage Notes" &&
    pass "dice reference: the weapons table's columns" ||
    fail "dice reference: the weapons table's columns" "$(text "$tmp/ref.pdf" | grep -o 'Weapon Range.\{0,60\}')"
for rs in "$MOD" "$ANC"; do
	name=$(basename "$rs" .md)
	"$BIN" cards -q "$rs" -o "$tmp/o-cards.pdf" 2>/dev/null
	"$BIN" reference -q "$rs" -o "$tmp/o-ref.pdf" 2>/dev/null
	a=$(count "$tmp/o-cards.pdf" "Weapon Range Hits on")
	b=$(count "$tmp/o-ref.pdf" "Weapon Range Hits on")
	[ "$a" -ge 1 ] && [ "$b" -eq 1 ] && pass "$name: Hits on column on cards and sheet" ||
	    fail "$name: Hits on column on cards and sheet" "cards $a, sheet $b"
	[ "$name" = morschauser-modern ] || continue
	# (attacking and defending are one column where they are equal.)
	n=$(count "$tmp/o-cards.pdf" "shot kills wins a melee")
	[ "$n" -eq 7 ] && pass "$name: card panels still head 'shot kills'" ||
	    fail "$name: card panels still head 'shot kills'" "$n of 7"
	text "$tmp/o-ref.pdf" | grep -q "Fire: chance one shot destroys the target Rifle Machine Gun" &&
	    pass "$name: the fire matrix names its columns" ||
	    fail "$name: the fire matrix names its columns" "$(text "$tmp/o-ref.pdf" | grep -o 'Fire: chance.\{0,60\}')"
done

# The sheet's seven-unit matrices number their columns (as the melee
# matrix does) instead of breaking names inside words ("Saltbu rn"): no
# word on the sheet is the start of a name's word but a word of the
# ruleset itself ("Lance").
words=$(pdftotext -bbox "$tmp/ref.pdf" - 2>/dev/null | sed -n 's/.*>\([^<]*\)<\/word>.*/\1/p' | sort -u)
broken=""
for w in Reed Wardens Tide Scouts Saltburn Lancers Heron Crossbows \
    Mirewright Engine Shellback Guard Gull Riders crossbow; do
	for p in $words; do
		case "$w" in
		"$p") ;;
		"$p"*) [ ${#p} -ge 3 ] && ! grep -qw -- "$p" "$R" &&
		    broken="$broken $p($w)" ;;
		esac
	done
done
[ -n "$words" ] && [ -z "$broken" ] && pass "dice reference: no name broken inside a word" ||
    fail "dice reference: no name broken inside a word" "$broken"
t=$(text "$tmp/ref.pdf")
for s in "Shooting: % chance one attack wounds (row shoots column; units numbered as in the melee table) 1 2 3 4 5 6 7 Reed bow 17 21 8 17 3 8 21" \
    "Melee: % chance the attacker (row) wins one opposed roll against the defender (column number) 1 2 3 4 5 6 7 1 Reed Wardens 42 58 17 58" \
    "Melee: % chance the attacker (row) beats the defender (column number) by double in one fight 1 2 3 4 5 6 7 1 Reed Wardens 6 17"; do
	case "$t" in
	*"$s"*) pass "dice reference: '$(echo "$s" | cut -c1-50)…'" ;;
	*) fail "dice reference: '$(echo "$s" | cut -c1-50)…'" "not in the sheet's text" ;;
	esac
done
# The numbers are the melee matrix's, which comes first.
case "$t" in
*"(column number) 1 2 3 4 5 6 7 1 Reed Wardens"*"Shooting: % chance"*) pass "dice reference: the melee matrix that numbers the units comes before the fire matrix" ;;
*) fail "dice reference: the melee matrix that numbers the units comes before the fire matrix" "$(echo "$t" | grep -o 'Odds .\{0,120\}')" ;;
esac

# The report's fire map is of one attack's Wound, not of a hit or a
# class of unit; its agreement labels are whole (not cut with "…").
"$BIN" report -q "$R" -o "$tmp/r.pdf" 2>/dev/null
t=$(text "$tmp/r.pdf")
case "$t" in
*"Shooting: chance one attack wounds"*"chance one attack takes at least one Wound"*) pass "dice report: the fire map says what its chance is of" ;;
*) fail "dice report: the fire map says what its chance is of" "$(echo "$t" | grep -o 'chance of a hit.\{0,40\}')" ;;
esac
n=$(echo "$t" | grep -o -e "chance of a hit" -e "class of unit" | wc -l)
[ -n "$t" ] && [ "$n" -eq 0 ] && pass "dice report: no firepower words" ||
    fail "dice report: no firepower words" "$(echo "$t" | grep -o -e '.\{30\}chance of a hit' -e '.\{30\}class of unit' | head -3)"
n=$(echo "$t" | grep -o "Opposed roll, factors [-+][0-9]: attacker higher" | wc -l)
m=$(echo "$t" | grep -o "Opposed" | wc -l)
[ "$n" -ge 3 ] && [ "$n" -eq "$m" ] && pass "dice report: $n opposed-roll outcomes, labels short enough to print whole" ||
    fail "dice report: opposed-roll outcomes, labels short enough to print whole" "$n whole of $m: $(echo "$t" | grep -o 'Opposed.\{0,50\}' | head -2)"
"$BIN" report -q "$MOD" -o "$tmp/mr.pdf" 2>/dev/null
text "$tmp/mr.pdf" | grep -q "Fire: chance one shot destroys the target.*chance one shot destroys the target (a hit destroys it)" &&
    pass "Modern report: 'Fire: chance one shot destroys the target'" ||
    fail "Modern report: 'Fire: chance one shot destroys the target'" "not found"

# Orders of battle: ranges only where weapons have no faces.
"$BIN" scenario -q "$R" --games 20 -o "$tmp/s.pdf" >/dev/null 2>&1
"$BIN" scenario -q "$MOD" --games 20 -o "$tmp/ms.pdf" >/dev/null 2>&1
a=$(count "$tmp/s.pdf" "Weapons: range Points")
b=$(count "$tmp/s.pdf" "hits on")
c=$(count "$tmp/ms.pdf" "Weapons: range, hits on")
[ "$a" -eq 2 ] && [ "$b" -eq 0 ] && [ "$c" -eq 2 ] &&
    pass "orders of battle: 'Weapons: range' (dice), 'range, hits on' (Modern)" ||
    fail "orders of battle: 'Weapons: range' (dice), 'range, hits on' (Modern)" "dice $a and $b, Modern $c"

# A dice ruleset whose melee is by accumulated hits: its cards print
# (they crashed on a row without a melee), the melee column the chance
# of winning the melee fought to its end.
"$BIN" cards -q tests/rulesets/dice-tally.md -o "$tmp/tally.pdf" 2>/dev/null
rc=$?
[ "$rc" -eq 0 ] && text "$tmp/tally.pdf" | grep -q "attack wounds wins the melee Spears 100% 23% Archers 100% 52%" &&
    pass "dice-tally cards: shot rows without a melee" ||
    fail "dice-tally cards: shot rows without a melee" "exit $rc: $(text "$tmp/tally.pdf" | head -c 300)"
