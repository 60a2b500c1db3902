#!/bin/sh
# gauges_markers.sh BIN: the bases sheet's gauges and markers (issue 16):
# a family's marker that cannot apply is left out, and a ruleset's own
# Gauges and Markers tables print after the family's.
BIN=${1:-./sandtable}
HR=tests/rulesets/hedgerows.md
GA=rulesets/gauntlet-ancients.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# 1. The Hedgerows: its own gauge and markers, and no "In ford" (its
#    Terrain table has neither a river nor a ford).
"$BIN" bases "$HR" -o "$tmp/h.pdf" >/dev/null 2>&1
pdftotext -layout "$tmp/h.pdf" "$tmp/h.txt" 2>/dev/null
if grep -q "15 cm Command radius" "$tmp/h.txt" &&
    grep -q "Pinned" "$tmp/h.txt" && grep -q "Out of" "$tmp/h.txt" &&
    grep -q "command" "$tmp/h.txt"; then
	pass "gauges and markers: the ruleset's own are printed"
else
	fail "gauges and markers: the ruleset's own are printed" "$(grep -c . "$tmp/h.txt") lines"
fi
if [ -s "$tmp/h.txt" ] && ! grep -q "In ford" "$tmp/h.txt"; then
	pass "gauges and markers: no river or ford, no In ford marker"
else
	fail "gauges and markers: no river or ford, no In ford marker" "In ford printed"
fi

# 2. With a river and a ford in the Terrain table, In ford comes back,
#    before the ruleset's own markers.
sed 's/^| Hedgerow | wood | Blocks sight. |$/&\n| Brook | river | Crossed at a ford. |\n| Crossing | ford | Slow going. |/' \
    "$HR" >"$tmp/brook.md"
"$BIN" bases "$tmp/brook.md" -o "$tmp/b.pdf" >/dev/null 2>&1
if pdftotext "$tmp/b.pdf" - 2>/dev/null | grep -q "In ford"; then
	pass "gauges and markers: a ford in the Terrain table, an In ford marker"
else
	fail "gauges and markers: a ford in the Terrain table, an In ford marker" "no In ford"
fi

# 3. The morale family's markers, then a ruleset's own, and its gauge
#    beside the stop distance.
{ cat "$GA"; printf '\n## Gauges\n\n| Gauge | Length |\n|---|---|\n'
  printf '| Command radius | 250mm |\n\n## Markers\n\n| Marker | Colour |\n'
  printf '|---|---|\n| Out of command | blue |\n'; } >"$tmp/ga.md"
"$BIN" bases "$tmp/ga.md" -o "$tmp/g.pdf" >/dev/null 2>&1
pdftotext -layout "$tmp/g.pdf" "$tmp/g.txt" 2>/dev/null
if grep -q "Disordered" "$tmp/g.txt" && grep -q "Out of" "$tmp/g.txt" &&
    grep -q "250 mm Command radius" "$tmp/g.txt" &&
    grep -q "30 mm Stop distance" "$tmp/g.txt"; then
	pass "gauges and markers: a morale ruleset adds its own"
else
	fail "gauges and markers: a morale ruleset adds its own" "$(grep -o 'Disordered\|Out of\|[0-9]* mm [A-Z][a-z]* [a-z]*' "$tmp/g.txt" | sort -u | tr '\n' ' ')"
fi

# 4. check -v lists what the Gauges and Markers tables held.
"$BIN" check -v -n 0 "$HR" 2>/dev/null >"$tmp/v.txt"
if grep -q '^gauges (1)$' "$tmp/v.txt" &&
    grep -q '^  [0-9]*:2 Command radius: 15 cm (150 mm)$' "$tmp/v.txt" &&
    grep -q '^  [0-9]*:2 Pinned: #d32f2f$' "$tmp/v.txt" &&
    grep -q '^  [0-9]*:2 Out of command: #ffcc00$' "$tmp/v.txt"; then
	pass "gauges and markers: check -v lists them"
else
	fail "gauges and markers: check -v lists them" "$(grep -A3 '^gauges\|^markers' "$tmp/v.txt" | tr '\n' ' ')"
fi
