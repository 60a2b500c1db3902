#!/bin/sh
# terrain_names.sh BIN: the ruleset's own terrain names (issue 16) on the
# map's assembly plan, the scenario's legend and its objectives, while a
# ruleset without a Terrain table keeps the products' own words.
BIN=${1:-./sandtable}
HR=tests/rulesets/hedgerows.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# 1. The map's assembly plan: Hedgerow (wood) and Lane (road).
"$BIN" map "$HR" --seed 3 -o "$tmp/m.pdf" >/dev/null 2>&1
pdftotext "$tmp/m.pdf" "$tmp/m.txt" 2>/dev/null
if grep -qx "Hedgerow" "$tmp/m.txt" && grep -qx "Lane" "$tmp/m.txt" &&
    ! grep -qx "wood" "$tmp/m.txt" && ! grep -qx "road" "$tmp/m.txt"; then
	pass "terrain names: the map legend says Hedgerow and Lane"
else
	fail "terrain names: the map legend says Hedgerow and Lane" "$(grep -x 'wood\|road\|Hedgerow\|Lane' "$tmp/m.txt" | tr '\n' ' ')"
fi

# 2. The scenario's legend.
"$BIN" scenario "$HR" --seed 1 -o "$tmp/s.pdf" >/dev/null 2>&1
pdftotext -f 1 -l 1 "$tmp/s.pdf" "$tmp/s.txt" 2>/dev/null
if grep -qx "Hedgerow" "$tmp/s.txt" && grep -qx "Lane" "$tmp/s.txt" &&
    ! grep -qx "Wood" "$tmp/s.txt" && ! grep -qx "Road" "$tmp/s.txt"; then
	pass "terrain names: the scenario legend says Hedgerow and Lane"
else
	fail "terrain names: the scenario legend says Hedgerow and Lane" "$(grep -x 'Wood\|Road\|Hedgerow\|Lane' "$tmp/s.txt" | tr '\n' ' ')"
fi

# 3. An objective at a ford takes the ford's name, and so does the title.
sed 's/^| Hedgerow | wood | Blocks sight. |$/&\n| Brook | river | Crossed at a ford. |\n| Crossing | ford | Slow going. |/' \
    "$HR" >"$tmp/brook.md"
"$BIN" scenario "$tmp/brook.md" --seed 1 -o "$tmp/b.pdf" >/dev/null 2>&1
pdftotext "$tmp/b.pdf" "$tmp/b.txt" 2>/dev/null
if grep -q "the Crossing" "$tmp/b.txt" && grep -q "^The Crossing (" "$tmp/b.txt" &&
    grep -qx "Brook" "$tmp/b.txt" && ! grep -qi "the ford" "$tmp/b.txt"; then
	pass "terrain names: an objective at a ford is The Crossing"
else
	fail "terrain names: an objective at a ford is The Crossing" "$(grep -i 'crossing\|ford' "$tmp/b.txt" | head -3 | tr '\n' ' ')"
fi

# 4. Without a Terrain table the products keep their words.
awk '/^## Terrain/ { skip = 1; next } /^```test-game/ { skip = 0 } !skip' \
    "$HR" >"$tmp/plain.md"
"$BIN" map "$tmp/plain.md" --seed 3 -o "$tmp/p.pdf" >/dev/null 2>&1
pdftotext "$tmp/p.pdf" "$tmp/p.txt" 2>/dev/null
if grep -qx "wood" "$tmp/p.txt" && grep -qx "road" "$tmp/p.txt"; then
	pass "terrain names: without a Terrain table the map says wood and road"
else
	fail "terrain names: without a Terrain table the map says wood and road" "$(grep -x 'wood\|road\|Hedgerow\|Lane' "$tmp/p.txt" | tr '\n' ' ')"
fi
