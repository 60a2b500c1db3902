#!/bin/sh
# Labels in the ruleset's language (issue 21). tests/rulesets/de.md
# (lang: de, German headings) builds every product with sandtable's own
# labels in German and none of them left in English; --lang fr prints
# them in French, on build and on each product's command; --lang en, and
# a user's German locale, change nothing in an English build; an
# unknown language prints English with a note.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
DE=tests/rulesets/de.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# The text of a PDF on one line, no-break spaces as spaces.
text() {
	pdftotext "$1" - 2>/dev/null | sed 's/\xc2\xa0/ /g; s/\xe2\x80\xaf/ /g' |
	    tr -s '\n\f' '  '
}
# labels NAME FILE "WANTED|…" "UNWANTED|…": each wanted label is in the
# text of FILE, and none of the unwanted ones.
labels() {
	t=$(text "$2")
	miss= left=
	old=$IFS
	IFS='|'
	for w in $3; do
		case "$t" in *"$w"*) ;; *) miss="$miss '$w'" ;; esac
	done
	for w in $4; do
		case "$t" in *"$w"*) left="$left '$w'" ;; esac
	done
	IFS=$old
	[ -z "$miss$left" ] && pass "$1" ||
	    fail "$1" "missing:${miss:- none}; English left:${left:- none}"
}

# The English labels that must not be left, product by product.
EN_reference='Quick reference|side 1 of|Hits on|Sequence of play|Weapon|infantry'
EN_cards='Range|Hits on|Odds against|infantry|destroys|Move'
EN_map='Assembly plan|Tile 1 · cells A1|actual size|lies over|Print at|north'
EN_scenario='Orders of battle|Deployment|Victory conditions|Balance|Unit markers|deployment zone|Points'
EN_bases='Print at 100%|sheet 1 of|Melee range|Move'
EN_report='Validation report|Findings|Win rates|page 1|Rule coverage|Self-play|warning'
EN_rulebook='Contents|Index of rules|Typeset by'

DE_reference='Einheiten|Waffen|Kurzreferenz|Seite 1 von|Reichweite|Trifft bei|Infanterie'
DE_cards='Waffe|Reichweite|Trifft bei|Infanterie|Chancen gegen|Bewegung|vernichtet'
DE_map='Montageplan|Kachel 1 · Felder A1|Originalgröße|liegt über|Norden'
DE_scenario='Schlachtordnungen|Aufstellung|Siegbedingungen|Ausgewogenheit|Einheitenmarker|Aufstellungszone|Punkte'
DE_bases='Mit 100 % drucken|Blatt 1 von|Nahkampfreichweite|Bewegung'
DE_report='Prüfbericht|Befunde|Siegquoten|Seite 1|Regelabdeckung|Selbstspiel|Warnung'
DE_rulebook='Inhalt|Regelverzeichnis|Gesetzt von sandtable'

FR_reference='Aide-mémoire|face 1 sur|Portée|Touche|infanterie'
FR_cards='Arme|Portée|Touche sur|infanterie|Chances contre|Mouvement|détruit'
FR_map='Plan d’assemblage|Dalle 1 · cases A1|taille réelle|recouvre|nord'
FR_scenario='Ordres de bataille|Déploiement|Conditions de victoire|Équilibre|Marqueurs d’unités|Zone de déploiement'
FR_bases='Imprimer à 100 %|feuille 1 sur|Portée de mêlée|Mouvement'
FR_report='Rapport de validation|Constats|Taux de victoire|page 1|Couverture des règles|Auto-jeu|avertissement'
FR_rulebook='Sommaire|Index des règles'

PRODUCTS='reference cards map scenario bases report rulebook'

# lang: de, every product by build.
if "$BIN" build -q "$DE" -o "$tmp/de" 2>"$tmp/err"; then
	pass "$DE (lang: de) builds every product"
else
	fail "$DE (lang: de) builds every product" "$(head -3 "$tmp/err")"
fi
for p in $PRODUCTS; do
	eval "want=\$DE_$p unwanted=\$EN_$p"
	labels "lang: de: $p.pdf has German labels, no English ones" \
	    "$tmp/de/de/$p.pdf" "$want" "$unwanted"
done

# --lang fr on build: French, whatever the ruleset's lang: says.
"$BIN" build -q --lang fr "$DE" -o "$tmp/fr" 2>"$tmp/err" ||
	fail "build --lang fr" "$(head -3 "$tmp/err")"
# (French has Points and page of its own.)
for p in $PRODUCTS; do
	eval "want=\$FR_$p unwanted=\$EN_$p"
	unwanted=$(echo "$unwanted" | sed 's/|Points//; s/|page 1//')
	labels "build --lang fr: $p.pdf has French labels, no English ones" \
	    "$tmp/fr/de/$p.pdf" "$want" "$unwanted"
done

# --lang on each product's own command, the same meaning as on build.
for p in $PRODUCTS; do
	case $p in
	scenario | report) extra="-n 100" ;;
	*) extra= ;;
	esac
	# shellcheck disable=SC2086
	if "$BIN" "$p" -q --lang fr $extra "$DE" -o "$tmp/c-$p.pdf" 2>"$tmp/err"; then
		eval "want=\$FR_$p"
		first=${want%%|*}
		labels "$p --lang fr prints French ('$first')" "$tmp/c-$p.pdf" "$first" ""
	else
		fail "$p --lang fr" "$(head -3 "$tmp/err")"
	fi
done

# check --report writes the report in the ruleset's language too.
"$BIN" check -q -n 100 --report "$tmp/chk.pdf" "$DE" >/dev/null 2>&1
labels "check --report: the report in the ruleset's language" \
    "$tmp/chk.pdf" "Prüfbericht|Befunde" "Validation report|Findings"

# --lang en on a German ruleset: English labels.
"$BIN" reference -q --lang en "$DE" -o "$tmp/en-ref.pdf" 2>/dev/null
labels "reference --lang en on a German ruleset prints English" \
    "$tmp/en-ref.pdf" "Quick reference|side 1 of" "Kurzreferenz"

# A language without a catalogue: English, with a note naming it.
"$BIN" reference --lang it "$DE" -o "$tmp/xx.pdf" >/dev/null 2>"$tmp/err"
grep -q "note: --lang it: no translation" "$tmp/err" &&
	pass "--lang it: a note that it has no translation" ||
	fail "--lang it: a note that it has no translation" "$(head -2 "$tmp/err")"
labels "--lang it prints English" "$tmp/xx.pdf" "Quick reference" "Kurzreferenz"
# --lang takes what lang: takes: a language's name or a code of no
# language is an error, as in the front matter (--lang french printed
# French in silence, --lang xx English with a note).
"$BIN" reference --lang french "$DE" -o "$tmp/bad.pdf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -qF -- "--lang french: not a language of ISO 639-1 (a code of two letters: en, de, fr …; then a region if need be: en-GB); did you mean 'fr'?" "$tmp/err" &&
	pass "--lang french: an error, as lang: french is" ||
	fail "--lang french: an error, as lang: french is" "$(head -2 "$tmp/err")"
"$BIN" build --lang xx "$DE" -o "$tmp/bxx" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -qF -- "--lang xx: not a language of ISO 639-1" "$tmp/err" &&
	pass "--lang xx: an error" ||
	fail "--lang xx: an error" "$(head -2 "$tmp/err")"
"$BIN" reference --lang 'd e' "$DE" -o "$tmp/bad.pdf" >/dev/null 2>&1
[ $? -eq 2 ] && pass "--lang with a bad tag is a usage error" ||
	fail "--lang with a bad tag is a usage error" "exit not 2"

# English stays English, byte for byte: the default, --lang en, and the
# default under a user's German locale make the same files.
EN=tests/rulesets/hedgerows.md
"$BIN" build -q "$EN" -o "$tmp/en1" 2>/dev/null
"$BIN" build -q --lang en "$EN" -o "$tmp/en2" 2>/dev/null
LANGUAGE=de LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8 \
    "$BIN" build -q "$EN" -o "$tmp/en3" 2>/dev/null
diff=
for f in "$tmp"/en1/hedgerows/*; do
	b=$(basename "$f")
	cmp -s "$f" "$tmp/en2/hedgerows/$b" || diff="$diff --lang-en:$b"
	cmp -s "$f" "$tmp/en3/hedgerows/$b" || diff="$diff locale:$b"
done
n=$(ls "$tmp"/en1/hedgerows | wc -l)
[ -z "$diff" ] && [ "$n" -ge 8 ] &&
	pass "English products are the same with --lang en and under a German locale ($n files)" ||
	fail "English products are the same with --lang en and under a German locale" "${diff:-only $n files}"

# A French report's findings: the severity on one line ('avertissem' and
# 'ent' were two lines of a column too narrow for the word). The German
# ruleset's warning that its rules are exercised by no test game is one.
"$BIN" report -q -n 100 --lang fr "$DE" -o "$tmp/frw.pdf" >/dev/null 2>&1
pdftotext -layout "$tmp/frw.pdf" "$tmp/frw.txt" 2>/dev/null
if grep -Eq '^ *avertissement +[0-9]+:[0-9]+' "$tmp/frw.txt"; then
	pass "French report: a finding's severity on one line"
else
	fail "French report: a finding's severity on one line" \
	    "$(grep -m1 -A1 '^ *avertis' "$tmp/frw.txt")"
fi
