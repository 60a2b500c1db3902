#!/bin/sh
# The message catalogues (issue 21): every string marked _() or N_() in
# the sources has a German and a French translation, each catalogue
# compiles with msgfmt --check (format strings agree), and the checked-in
# template lists what the sources mark.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

xgettext -k_ -kN_ -kP_:1,2 --from-code=UTF-8 -o "$tmp/now.pot" src/*/*.c src/render/*/*.c 2>"$tmp/err" &&
    pass "xgettext reads the sources" || fail "xgettext reads the sources" "$(cat "$tmp/err")"
for l in de fr; do
	msgfmt --check -o "$tmp/$l.mo" "src/po/$l.po" 2>"$tmp/err" &&
	    pass "$l.po compiles with msgfmt --check" || fail "$l.po compiles with msgfmt --check" "$(cat "$tmp/err")"
	msgcmp "src/po/$l.po" "$tmp/now.pot" 2>"$tmp/err" &&
	    pass "$l.po translates every marked string" ||
	    fail "$l.po translates every marked string" "$(head -5 "$tmp/err")"
	n=$(msgattrib --untranslated --no-obsolete "src/po/$l.po" | grep -c '^msgid "[^"]')
	[ "$n" -eq 0 ] && pass "$l.po has no empty translation" || fail "$l.po has no empty translation" "$n"
done
grep '^msgid' "$tmp/now.pot" | sort >"$tmp/a"
grep '^msgid' src/po/sandtable.pot | sort >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && pass "src/po/sandtable.pot is up to date (make pot)" ||
    fail "src/po/sandtable.pot is up to date (make pot)" "$(diff "$tmp/a" "$tmp/b" | head -5)"
for l in de fr; do
	n=$(msgattrib --only-fuzzy --no-obsolete "src/po/$l.po" | grep -c '^msgid "[^"]')
	[ "$n" -eq 0 ] && pass "$l.po has no fuzzy entry" || fail "$l.po has no fuzzy entry" "$n"
	# Plural forms (P_): both of each translated.
	n=$(msgcat --no-wrap "src/po/$l.po" | grep -c '^msgstr\[[01]\] ""$')
	[ "$n" -eq 0 ] && pass "$l.po translates both plural forms" ||
	    fail "$l.po translates both plural forms" "$n empty"
done
n=$(grep -c '^msgid_plural' src/po/sandtable.pot)
[ "$n" -ge 10 ] && pass "the template has the plural forms of P_() ($n)" ||
    fail "the template has the plural forms of P_()" "$n"
# French typography: a no-break space (U+00A0 or U+202F), never a plain
# one, before : ; ! ? where a translation has one.
bad=$(msgcat --no-wrap src/po/fr.po | grep '^msgstr' | grep -c ' [:;!?]')
[ "$bad" -eq 0 ] && pass "fr.po: no plain space before : ; ! ?" ||
    fail "fr.po: no plain space before : ; ! ?" "$(msgcat --no-wrap src/po/fr.po | grep '^msgstr' | grep ' [:;!?]' | head -3)"
# The template holds what the products print (a few hundred labels).
n=$(grep -c '^msgid "[^"]' src/po/sandtable.pot)
[ "$n" -gt 300 ] && pass "the template lists the products' labels ($n)" ||
    fail "the template lists the products' labels" "only $n"
