#!/bin/sh
# example_product.sh BIN: a product is one file and one row (issue 31,
# item 4 and Proof). In a copy of the source tree, the roster of
# tests/product/roster.c (the unit types as CSV) is added as its folder,
# src/render/roster/roster.c, and its row P(roster) to PRODUCTS in
# src/render/products.c; git diff of that addition must show those two files
# and nothing else, products.c one line added. The copy then builds, and
# `roster` writes the CSV, build makes it into out/NAME/ and names it in
# index.json, and --help, --products, --commands, --options and `roster
# --help` list it. The man page's entry is made from the row (src/cli/
# man.sh) and the completion asks the binary, so products.sh and
# cli_scheme.sh, which hold every row of the table to them, pass in the
# copy with nothing written for the roster. BIN is not used:
# the test builds its own. It skips (exit 0) only when there is no C
# compiler.
cd "$(dirname "$0")/../.." || exit 2
. tests/plugin.sh
plug_in product tests/product/roster.c src/render/roster/roster.c src/render/products.c \
    P products roster "the roster" || exit 0
R=rulesets/gauntlet-ancients.md

# t NAME ARGS...: runs the test binary, which must exit 0.
t() {
	name=$1
	shift
	timeout 120 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq 0 ]; then pass "$name"; else
		fail "$name" "exit $got: $(head -c 300 "$tmp/err")"; fi
}

# The command: a header and a line a unit type.
t "roster" roster "$R" -o "$tmp/roster.csv"
grep -q "wrote $tmp/roster.csv" "$tmp/out" && pass "roster says what it wrote" ||
    fail "roster says what it wrote" "$(head -c 300 "$tmp/out")"
head -1 "$tmp/roster.csv" | grep -q '^unit,move_mm,base_w_mm,base_d_mm' &&
    grep -q '^"Levy Infantry",' "$tmp/roster.csv" &&
    pass "roster.csv: its header, and a line for Levy Infantry" ||
    fail "roster.csv: its header, and a line for Levy Infantry" "$(head -c 300 "$tmp/roster.csv")"
t "roster -o -" roster -q "$R" -o -
cmp -s "$tmp/out" "$tmp/roster.csv" && pass "roster -o - writes the same" ||
    fail "roster -o - writes the same" "$(head -c 200 "$tmp/out")"

# build: the roster in out/NAME/ beside the other products, the same
# bytes as the command's, and in index.json.
t "build" build -q -o "$tmp/out.d" "$R"
d=$tmp/out.d/gauntlet-ancients
cmp -s "$d/roster.csv" "$tmp/roster.csv" &&
    pass "build writes roster.csv, as roster does" ||
    fail "build writes roster.csv, as roster does" "$(ls "$d" | tr '\n' ' ')"
[ -s "$d/reference.pdf" ] && [ -s "$d/rulebook.pdf" ] &&
    pass "build still writes the other products" ||
    fail "build still writes the other products" "$(ls "$d" | tr '\n' ' ')"
grep -q '"roster.csv"' "$d/index.json" && grep -q '"roster"' "$d/index.json" &&
    pass "index.json names roster.csv and its product" ||
    fail "index.json names roster.csv and its product" "$(head -c 400 "$d/index.json")"

# Everything that lists the products follows the table.
t "--help" --help
grep -q '^  roster  *The unit types as CSV' "$tmp/out" &&
    pass "--help lists roster with its summary" ||
    fail "--help lists roster with its summary" "$(grep -A12 Products "$tmp/out")"
t "--products" --products
grep -q "$(printf '^roster\troster.csv\truleset\t-\t')" "$tmp/out" &&
    pass "--products: roster, roster.csv, needs a ruleset" ||
    fail "--products: roster, roster.csv, needs a ruleset" "$(cat "$tmp/out")"
t "--commands" --commands
grep -q '^roster' "$tmp/out" && pass "--commands lists roster" ||
    fail "--commands lists roster" "$(cat "$tmp/out")"
t "--options" --options
grep -q "$(printf '^roster\t--output\t-o\tFILE')" "$tmp/out" &&
    pass "--options lists roster's -o" ||
    fail "--options lists roster's -o" "$(grep roster "$tmp/out")"
t "roster --help" roster --help
grep -q 'roster \[options\] RULESET -o FILE.csv' "$tmp/out" &&
    pass "roster --help: its synopsis" ||
    fail "roster --help: its synopsis" "$(head -c 300 "$tmp/out")"
t "help roster" help roster
grep -q 'roster \[options\] RULESET' "$tmp/out" && pass "help roster finds it" ||
    fail "help roster finds it" "$(head -c 300 "$tmp/out")"

# The documentation follows the table: the man page made from it has the
# roster's entry (its synopsis from its option rows, its file), and
# products.sh and cli_scheme.sh, which hold the made page and the
# completion to every row, pass in the copy.
sh src/cli/man.sh src/cli/sandtable.1 "$BIN" >"$tmp/sandtable.1" 2>"$tmp/err"
grep -qx '\.It Cm roster Oo Fl q | v | h Oc Fl o Ar file\.csv Ar ruleset' "$tmp/sandtable.1" &&
    grep -qx '\.Pa roster\.csv \.' "$tmp/sandtable.1" &&
    pass "the man page made from the table has the roster's entry" ||
    fail "the man page made from the table has the roster's entry" \
        "$(grep -A3 'Cm roster' "$tmp/sandtable.1" | head -c 300) $(head -c 200 "$tmp/err")"
for c in products cli_scheme; do
	sh tests/check/$c.sh "$BIN" >"$tmp/$c" 2>&1
	bad=$(grep '^FAIL' "$tmp/$c")
	[ -z "$bad" ] && grep -q '^PASS' "$tmp/$c" &&
	    pass "$c.sh passes in the copy: the roster is documented from its row" ||
	    fail "$c.sh passes in the copy: the roster is documented from its row" "$bad"
done

echo "example product: $(($(date +%s) - t0)) s"
