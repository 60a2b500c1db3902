#!/bin/sh
# man.sh PAGE BIN: the man page PAGE (src/cli/sandtable.1) on standard
# output with what follows the table of products put in: the products'
# entries at the comment "@PRODUCTS@" (BIN --man-products: each row's
# synopsis from its option rows, its own words, its files) and build's
# list of files at "@BUILD_FILES@" (BIN --products). The Makefile makes
# build/sandtable.1 so, to install; tests/check/products.sh and
# cli_scheme.sh check the page so made.
page=$1 bin=$2
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
"$bin" --man-products >"$tmp" || exit 1
files=$("$bin" --products | awk -F '\t' '{ gsub(/ /, " and ", $2)
	s = s (NR > 1 ? ", " : "") $2 } END { print s }') || exit 1
[ -s "$tmp" ] && [ -n "$files" ] || { echo "man.sh: $bin lists no products" >&2; exit 1; }
awk -v f="$tmp" -v files="$files" '
	/^\.\\" @PRODUCTS@/ { while ((getline l < f) > 0) print l; skip = 1; next }
	skip && /^\.\\"/ { next }
	{ skip = 0; gsub(/@BUILD_FILES@/, files); print }' "$page"
