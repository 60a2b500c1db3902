#!/bin/sh
# regress.sh BIN [--update [NAME|all]]: every tests/regress/NAME.md, and
# every input made by tests/regress/NAME.gen (hostile inputs too large to
# keep in the repository), is checked with `sandtable check`; its
# diagnostics (standard error) and exit status must equal tests/regress/NAME.out, like
# mandoc's .out_lint files. A run over 20 s or a crash is a failure.
here=$(cd "$(dirname "$0")/regress" && pwd)
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
update=
[ "$2" = "--update" ] && update=${3:-all}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run DIR NAME: check DIR/NAME.md from inside DIR, so messages name NAME.md
run() {
	(cd "$1" && timeout 20 "$BIN" check "$2.md" 2>&1 >/dev/null; echo "exit $?")
}

compare() { # NAME GOT
	exp="$here/$1.out"
	status=$(printf '%s\n' "$2" | tail -1 | sed 's/exit //')
	if [ -n "$update" ] && { [ "$update" = all ] || [ "$update" = "$1" ]; }; then
		printf '%s\n' "$2" >"$exp"
		echo "updated $1.out"
	elif [ "$status" -gt 2 ]; then
		echo "FAIL: $1: crashed or hung (exit status $status)"
	elif [ ! -f "$exp" ]; then
		echo "FAIL: $1: no expected output $1.out"
	elif [ "$2" = "$(cat "$exp")" ]; then
		echo "PASS: $1"
	else
		echo "FAIL: $1: diagnostics differ"
		printf '%s\n' "$2" | diff -u "$exp" - | head -20
	fi
}

for md in "$here"/*.md; do
	[ -f "$md" ] || continue
	name=$(basename "$md" .md)
	compare "$name" "$(run "$here" "$name")"
done
for gen in "$here"/*.gen; do
	[ -f "$gen" ] || continue
	name=$(basename "$gen" .gen)
	sh "$gen" >"$tmp/$name.md" 2>/dev/null
	compare "$name" "$(run "$tmp" "$name")"
done
