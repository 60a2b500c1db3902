#!/bin/sh
# The engine's exact odds reach the reference sheet and the unit cards:
# Rifle (melee 4) attacking a Machine Gun (melee 2) wins 4/7 = 57%; a
# rifle shot destroys infantry on 4 or 6 = 33%; cards carry one panel each
# and print without overflow warnings.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MOD=rulesets/morschauser-modern.md
ANC=rulesets/gauntlet-ancients.md
ok() { echo "PASS: $1"; }
no() { echo "FAIL: $1"; }

"$BIN" reference -q "$MOD" -o "$tmp/ref.pdf" 2>"$tmp/err"
pdftotext -layout "$tmp/ref.pdf" "$tmp/ref.txt"
grep -q 'Melee: chance the attacker wins' "$tmp/ref.txt" && ok "reference has the melee panel" || no "reference has the melee panel"
grep -E '(^| )Rifle +[0-9]+% +57%' "$tmp/ref.txt" >/dev/null && ok "Rifle attacking a Machine Gun wins 57%" ||
	no "Rifle attacking a Machine Gun wins 57%: $(grep -E '^ *Rifle ' "$tmp/ref.txt" | head -3)"
grep -q 'Fire: chance one shot destroys the target' "$tmp/ref.txt" && ok "reference has the fire panel" || no "reference has the fire panel"

# Not -q, which would leave the warnings out.
"$BIN" cards "$MOD" -o "$tmp/cards.pdf" >/dev/null 2>"$tmp/err"
[ $? -eq 0 ] && [ -s "$tmp/cards.pdf" ] && ! grep -q ': warning: ' "$tmp/err" && ok "Modern cards fit without warnings" || no "Modern cards fit without warnings: $(head -c 300 "$tmp/err")"
# (attacking and defending in the open: one column, equal for all.)
n=$(pdftotext -raw "$tmp/cards.pdf" - | tr -s ' \n' '  ' | grep -o 'shot kills wins a melee' | wc -l)
[ "$n" -eq 7 ] && ok "a panel on each of 7 Modern cards" || no "a panel on each of 7 Modern cards: $n"

"$BIN" reference -q "$ANC" -o "$tmp/aref.pdf" 2>"$tmp/err"
pdftotext -layout "$tmp/aref.pdf" - | grep -q 'Morale test: chance to pass' && ok "ancients reference has the morale-test panel" ||
	no "ancients reference has the morale-test panel"
"$BIN" cards "$ANC" -o "$tmp/acards.pdf" >/dev/null 2>"$tmp/err"
[ $? -eq 0 ] && [ -s "$tmp/acards.pdf" ] && ! grep -q ': warning: ' "$tmp/err" && ok "ancients cards fit without warnings" || no "ancients cards fit without warnings: $(head -c 300 "$tmp/err")"
n=$(pdftotext "$tmp/acards.pdf" - | grep -c 'wins a round')
[ "$n" -eq 13 ] && ok "a panel on each of 13 ancients cards" || no "a panel on each of 13 ancients cards: $n"
