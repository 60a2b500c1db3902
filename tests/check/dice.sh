#!/bin/sh
# sandtable dice EXPR (and odds --dice EXPR): the exact distribution of a
# dice expression as text and JSON; a malformed one is an error with its
# column and exit 1; hostile expressions end at once.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# t NAME STATUS ARGS...: runs the binary (10 s at most), checks the exit.
t() {
	name=$1 want=$2
	shift 2
	timeout 10 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass "$name"; else
		fail "$name" "exit $got, wanted $want: $(head -c 200 "$tmp/err")"; fi
}

# row NAME VALUE "P PERCENT AT-LEAST": the table's row for VALUE.
row() {
	got=$(awk -v v="$2" '$1 == v { print $2, $3, $4 }' "$tmp/out")
	if [ "$got" = "$3" ]; then pass "$1"; else
		fail "$1" "row $2 is '$got', wanted '$3'"; fi
}

# has NAME TEXT FILE: the file has the line.
has() {
	if grep -qxF -- "$2" "$3"; then pass "$1"; else
		fail "$1" "no line '$2' in: $(head -c 300 "$3")"; fi
}

t "dice 2d6" 0 dice 2d6
has "2d6: header" "2d6: results 2..12" "$tmp/out"
row "2d6: 7 is 1/6" 7 "1/6 16.67% 7/12"
row "2d6: 2 is 1/36" 2 "1/36 2.78% 1"
has "2d6: mean" "mean 7 (7)" "$tmp/out"

t "dice 2d6kh1" 0 dice 2d6kh1
row "2d6kh1: 6 is 11/36" 6 "11/36 30.56% 11/36"
has "2d6kh1: mean" "mean 161/36 (4.4722)" "$tmp/out"

t "dice d6r1" 0 dice d6r1
has "d6r1: mean 47/12" "mean 47/12 (3.9167)" "$tmp/out"
t "dice 5d6>=4" 0 dice "5d6>=4"
row "5d6>=4: three is 5/16" 3 "5/16 31.25% 1/2"
t "dice max(d6,3)" 0 dice "max(d6,3)"
row "max(d6,3): 3 is 1/2" 3 "1/2 50.00% 1"
t "dice d6!" 0 dice "d6!"
row "d6!: cut at depth 4" 30 "1/7776 0.01% 1/7776"
row "d6!: a 6 explodes" 6 "0 0.00% 1/6"

# The words of EXPR are joined; case and spaces do not matter.
t "dice words joined" 0 dice 2D6 + 1
has "dice words joined: header" "2D6 + 1: results 3..13" "$tmp/out"
t "dice -- for a leading minus" 0 dice -- -d6
has "dice -- -d6: header" "-d6: results -6..-1" "$tmp/out"

# JSON: the documented members, exact and real.
t "dice --json" 0 dice --json 2d6
if python3 - "$tmp/out" <<'EOF'
import json, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
assert list(d) == ["expression", "min", "max", "mean", "mean_real",
    "distribution"], list(d)
assert d["expression"] == "2d6" and d["min"] == 2 and d["max"] == 12
assert d["mean"] == "7" and d["mean_real"] == 7.0
rows = d["distribution"]
assert [r["value"] for r in rows] == list(range(2, 13))
assert sum(F(r["p"]) for r in rows) == 1
assert F(rows[5]["p"]) == F(1, 6) and F(rows[5]["at_least"]) == F(7, 12)
assert all(abs(float(F(r["p"])) - r["p_real"]) < 1e-9 for r in rows)
assert list(rows[0]) == ["value", "p", "p_real", "at_least"]
EOF
then pass "dice --json document"; else fail "dice --json document" "see above"; fi
t "dice EXPR --json" 0 dice 2d6 --json
grep -q '"distribution"' "$tmp/out" && pass "dice --json after EXPR" ||
	fail "dice --json after EXPR" "no JSON"

# odds --dice: the same output.
"$BIN" dice --json 3d6kl2 >"$tmp/a" 2>&1
t "odds --dice" 0 odds --dice 3d6kl2 --json
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/out" && pass "odds --dice is dice" ||
	fail "odds --dice is dice" "outputs differ"
t "odds --dice with a ruleset" 2 odds --dice 2d6 rulesets/morschauser-modern.md

# Errors: one line, the column, exit 1.
err() { # NAME EXPR LINE
	t "$1" 1 dice "$2"
	if [ "$(cat "$tmp/err")" = "$3" ]; then pass "$1: message"; else
		fail "$1: message" "got '$(head -c 200 "$tmp/err")'"; fi
}
err "error: no sides" "2d" "sandtable: dice: 2d: column 3: expected a number after 'd'"
err "error: keep too many" "2d6kh3" "sandtable: dice: 2d6kh3: column 4: keep more dice than rolled"
err "error: reroll every face" "d6r<=6" "sandtable: dice: d6r<=6: column 3: reroll every face: no roll would stand"
err "error: explode every face" "d6!1" "sandtable: dice: d6!1: column 3: explode on every face: would never end"
err "error: d1" "d1!" "sandtable: dice: d1!: column 1: a die has 2 to 100 sides"
err "error: huge count" "999999d6" "sandtable: dice: 999999d6: column 1: number too large (at most 10000)"
err "error: too many dice" "101d6" "sandtable: dice: 101d6: column 1: at most 100 dice in a term"
err "error: too many results" "100d100" "sandtable: dice: 100d100: column 1: too many results (more than 1000 values)"
err "error: trailing" "2d6 x" "sandtable: dice: 2d6 x: column 5: unexpected character after the expression"
t "dice without expression" 2 dice
t "dice unknown option" 2 dice --frobnicate 2d6

# The largest expressions the limits allow end quickly.
for e in "20d100kh10" "100d10" "2d100!" "8d6!>=6+7d6!kh3"; do
	start=$(date +%s)
	t "large: $e" 0 dice "$e"
	[ $(( $(date +%s) - start )) -le 5 ] && pass "large: $e is quick" ||
		fail "large: $e is quick" "more than 5 s"
done
exit 0
