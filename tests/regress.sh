#!/bin/sh
# regress.sh BIN: every tests/regress/NAME.md is checked with
# `sandtable check`; its diagnostics and exit status must equal
# tests/regress/NAME.out (like mandoc's .out_lint). Regenerate an expected
# file with: tests/regress.sh BIN --update NAME
cd "$(dirname "$0")/regress" || exit 2
BIN=${1:-../../sandtable}
case "$BIN" in /*) ;; *) BIN="../../$BIN" ;; esac
update=$2
for md in *.md; do
	[ -f "$md" ] || continue
	name=${md%.md}
	[ -n "$update" ] && [ "$update" != "$name" ] && [ "$3" != all ] && continue
	exp="$name.out"
	# Large or generated inputs are made by NAME.gen, not checked in.
	if [ -f "$name.gen" ]; then
		:
	fi
	got=$(timeout 20 "$BIN" check -q "$md" 2>&1; echo "exit $?")
	if [ -n "$update" ]; then
		printf '%s\n' "$got" >"$exp"
		echo "updated $exp"
		continue
	fi
	if [ ! -f "$exp" ]; then
		echo "FAIL: $name: no expected output $exp"
	elif [ "$got" = "$(cat "$exp")" ]; then
		echo "PASS: $name"
	else
		echo "FAIL: $name: diagnostics differ"
		printf '%s\n' "$got" | diff -u "$exp" - | head -20
	fi
done
# Generated hostile inputs: made on the fly so the repository stays small.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for gen in *.gen; do
	[ -f "$gen" ] || continue
	name=${gen%.gen}
	sh "$gen" >"$tmp/$name.md" 2>/dev/null
	got=$(cd "$tmp" && timeout 20 "$OLDPWD/$BIN" check -q "$name.md" 2>&1 | head -5; echo "exit $?")
	rc=$(cd "$tmp" && timeout 20 "$OLDPWD/$BIN" check -q "$name.md" >/dev/null 2>&1; echo $?)
	if [ "$rc" -ge 124 ] || [ "$rc" -gt 2 ]; then
		echo "FAIL: $name: crashed or hung (status $rc)"
	elif [ -f "$name.out" ] && [ "$(cd "$tmp" && timeout 20 "$OLDPWD/$BIN" check -q "$name.md" 2>&1; echo "exit $?")" != "$(cat "$name.out")" ]; then
		echo "FAIL: $name: diagnostics differ"
	else
		echo "PASS: $name"
	fi
done
