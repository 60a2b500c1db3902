#!/bin/sh
# make install with DESTDIR and PREFIX gives a relocatable tree: the
# installed binary finds its rulesets (and templates) beside itself, from
# any working directory; SANDTABLE_DATADIR overrides.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if make -s install SANITIZE= DESTDIR="$tmp/root" PREFIX=/usr >"$tmp/log" 2>&1; then
	echo "PASS: make install"
else
	echo "FAIL: make install: $(tail -3 "$tmp/log")"
	exit 0
fi
for f in usr/bin/sandtable usr/share/sandtable/rulesets/morschauser-modern.md \
    usr/share/sandtable/rulesets/gauntlet-ancients.md \
    usr/share/sandtable/templates/reference.yaml \
    usr/share/sandtable/templates/unit-cards.yaml \
    usr/share/man/man1/sandtable.1 \
    usr/share/bash-completion/completions/sandtable; do
	[ -e "$tmp/root/$f" ] && echo "PASS: installed $f" || echo "FAIL: installed $f"
done
# Move the tree: it must still work where it lies.
mv "$tmp/root" "$tmp/moved"
(cd / && "$tmp/moved/usr/bin/sandtable" build -q -o "$tmp/out") >"$tmp/log" 2>&1 &&
	[ -f "$tmp/out/morschauser-modern/ruleset.txt" ] &&
	[ -f "$tmp/out/morschauser-modern/reference.pdf" ] &&
	echo "PASS: relocated install builds the installed rulesets" ||
	echo "FAIL: relocated install builds the installed rulesets: $(tail -3 "$tmp/log")"
mkdir -p "$tmp/data/rulesets"
(cd / && SANDTABLE_DATADIR="$tmp/data" "$tmp/moved/usr/bin/sandtable" build -q -o "$tmp/out2") >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "no bundled rulesets in .* $tmp/data/rulesets" "$tmp/err" && echo "PASS: SANDTABLE_DATADIR overrides" || echo "FAIL: SANDTABLE_DATADIR overrides"
# The installed templates are found from anywhere (no ./templates there).
(cd / && "$tmp/moved/usr/bin/sandtable" reference -q "$tmp/moved/usr/share/sandtable/rulesets/gauntlet-ancients.md" -o "$tmp/ref.pdf") >"$tmp/log" 2>&1 &&
	echo "PASS: installed templates are found" || echo "FAIL: installed templates are found: $(tail -2 "$tmp/log")"
make -s uninstall DESTDIR="$tmp/moved" PREFIX=/usr >/dev/null 2>&1
[ ! -e "$tmp/moved/usr/bin/sandtable" ] && [ ! -e "$tmp/moved/usr/share/sandtable" ] &&
	[ ! -e "$tmp/moved/usr/share/man/man1/sandtable.1" ] &&
	echo "PASS: make uninstall" || echo "FAIL: make uninstall"
