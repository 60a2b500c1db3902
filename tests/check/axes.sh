#!/bin/sh
# One coordinate system for the user (issue 18): x east from Blue's left
# corner, y north from Blue's edge towards Red — as test games have it —
# in every product and file. The map labels A1 at Blue's left corner
# (rows counted from the south), a terrain or scenario file written says
# `axes: y-up` and a point in it lands in the cell the map labels so; a
# file of an earlier version (no `axes:`, y down) still reads, with a
# note, as the very same battlefield.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
MM=rulesets/morschauser-modern.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
t() {
	name=$1 want=$2
	shift 2
	timeout 300 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	[ "$got" -eq "$want" ] && pass "$name" ||
	    fail "$name" "exit $got, wanted $want: $(head -c 300 "$tmp/err")"
}

# ---- map labels: A1 at the bottom left, rows counted north ----
t "map of 4 x 4 squares" 0 map -T 12x12in -g "square 3in" --paper none -o "$tmp/l.pdf"
pdftotext -bbox "$tmp/l.pdf" - | sed -n 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)".*>\([A-D][1-4]\)<.*/\3 \1 \2/p' >"$tmp/labels"
# A page's y runs down: A1 below A4, D1 right of A1 in its row.
if awk '{ x[$1] = $2; y[$1] = $3 } END { exit !(y["A1"] > y["A4"] + 100 &&
    x["D1"] > x["A1"] + 100 && (y["A1"] - y["D1"])^2 < 1 &&
    (x["A1"] - x["A4"])^2 < 1) }' "$tmp/labels"; then
	pass "map: A1 at Blue's left corner, rows counted north"
else
	fail "map: A1 at Blue's left corner, rows counted north" "$(tr '\n' ' ' <"$tmp/labels")"
fi

# ---- the border ruler: the sides numbered up from Blue's edge ----
# A gridless table (Ancients, 900 x 600 mm) has a ruler round its edge:
# along the top x from the left; down the sides y from the bottom, so
# the sides' "100 mm" is near the bottom and "500 mm" near the top (they
# counted down from Red's edge).
t "ancients briefing" 0 scenario rulesets/gauntlet-ancients.md -n 10 -q -o "$tmp/ru.pdf"
pdftotext -f 1 -l 1 -bbox "$tmp/ru.pdf" - |
    sed -n 's/.*xMin="\([0-9.]*\)" yMin="\([0-9.]*\)".*>\([1-5]00\)<.*/\3 \1 \2/p' >"$tmp/ruler"
# The leftmost of each number is the side's (the top's lie 100 mm apart).
if LC_ALL=C awk '{ if (!($1 in x) || $2 < x[$1]) { x[$1] = $2; y[$1] = $3 } }
    END { exit !(("100" in y) && ("500" in y) && y["100"] > y["500"] + 50 &&
    y["100"] > y["300"] && y["300"] > y["500"]) }' "$tmp/ruler"; then
	pass "ruler: the sides counted up from Blue's edge"
else
	fail "ruler: the sides counted up from Blue's edge" "$(tr '\n' ' ' <"$tmp/ruler")"
fi

# ---- a point of a file lands in the cell the map labels ----
# png MEAN FILE: the mean brightness (0-255) of the 10 x 10 px blocks of
# a 4 x 4 map at 10 px a cell: "A1 A4" for the bottom-left and top-left.
png() {
	python3 - "$1" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
pos, idat, w = 8, b"", 0
while pos < len(d):
    n, kind = struct.unpack(">I4s", d[pos:pos + 8])
    body = d[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        bpp = {2: 3, 6: 4, 0: 1, 4: 2}[ctype]
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw, rows, prev, i = zlib.decompress(idat), [], bytearray(w * bpp), 0
for y in range(h):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + w * bpp])
    i += 1 + w * bpp
    for x in range(len(line)):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else
                b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
def mean(x0, y0):
    s = [rows[y][x * bpp + k] for y in range(y0, y0 + 10)
         for x in range(x0, x0 + 10) for k in range(min(bpp, 3))]
    return sum(s) // len(s)
print(mean(0, h - 10), mean(0, 0))
PY
}
for axes in y-up old; do
	{
		[ "$axes" = y-up ] && echo "axes: y-up"
		printf 'measure: in\ntable: 12x12in\nterrain:\n'
		printf '  - kind: town\n    buildings: [[0.2, 0.2, 2.6, 2.6]]\n'
	} >"$tmp/$axes.yaml"
	t "map of a town at [0.2, 0.2] ($axes)" 0 map -f "$tmp/$axes.yaml" -T 12x12in \
	    -g "square 3in" --px-per-cell 10 -o "$tmp/$axes.png"
	set -- $(png "$tmp/$axes.png")
	if [ "$axes" = y-up ]; then
		[ "${1:-255}" -lt $((${2:-0} - 5)) ] &&
		    pass "axes: y-up: a town at [0.2, 0.2] is in A1, Blue's left corner" ||
		    fail "axes: y-up: a town at [0.2, 0.2] is in A1, Blue's left corner" "A1 $1, A4 $2"
		grep -q "note:" "$tmp/err" && fail "axes: y-up: no note" "$(cat "$tmp/err")" ||
		    pass "axes: y-up: no note"
	else
		[ "${2:-255}" -lt $((${1:-0} - 5)) ] &&
		    pass "no axes: y down as before: the town is in A4, Red's left corner" ||
		    fail "no axes: y down as before: the town is in A4, Red's left corner" "A1 $1, A4 $2"
		grep -q "note: no 'axes:' key: read as a file of an earlier version, y down" "$tmp/err" &&
		    pass "no axes: a note says how it was read" ||
		    fail "no axes: a note says how it was read" "$(cat "$tmp/err")"
	fi
done
printf 'axes: sideways\nterrain: []\n' >"$tmp/bad.yaml"
t "axes: sideways is an error" 1 map -f "$tmp/bad.yaml" -o "$tmp/bad.png"
grep -q "axes: expected y-up" "$tmp/err" && pass "axes: sideways says what it takes" ||
    fail "axes: sideways says what it takes" "$(cat "$tmp/err")"

# ---- --write-terrain and scenario files say y-up, and read back ----
t "map --write-terrain" 0 map "$MM" -s 4 --write-terrain "$tmp/w.yaml" -o "$tmp/w.png"
grep -q '^axes: y-up' "$tmp/w.yaml" && pass "--write-terrain writes axes: y-up" ||
    fail "--write-terrain writes axes: y-up" "$(head -3 "$tmp/w.yaml")"
t "map of the terrain written" 0 map "$MM" -f "$tmp/w.yaml" -o "$tmp/w2.png"
[ -s "$tmp/w.png" ] && cmp -s "$tmp/w.png" "$tmp/w2.png" && pass "the terrain read back draws the same map" ||
    fail "the terrain read back draws the same map" "PNGs differ"

t "scenario" 0 scenario "$MM" -s 5 -n 100 -o "$tmp/a.pdf"
grep -q '^axes: y-up' "$tmp/a.yaml" && pass "scenario YAML says axes: y-up" ||
    fail "scenario YAML says axes: y-up" "$(grep -n axes "$tmp/a.yaml")"
# Blue deploys along its own edge, y 0; Red along the far one.
blue=$(sed -n '/^blue:/,/^red:/s/^  deploy: \[\([^]]*\)\].*/\1/p' "$tmp/a.yaml")
red=$(sed -n '/^red:/,/^objectives:/s/^  deploy: \[\([^]]*\)\].*/\1/p' "$tmp/a.yaml")
# (in the ruleset's measure: inches, the table 48" deep and Red's zone 12")
grep -q '^measure: in$' "$tmp/a.yaml" && echo "$blue" | grep -q '^0, 0, ' &&
    echo "$red" | grep -q '^0, 36, ' &&
    pass "scenario YAML: Blue's zone at y 0, Red's at the far edge" ||
    fail "scenario YAML: Blue's zone at y 0, Red's at the far edge" "blue [$blue] red [$red]"
# The briefing names each objective's cell as the map labels it (3"
# squares, A1 at Blue's left corner; the YAML is in inches).
pdftotext "$tmp/a.pdf" - | tr '\n' ' ' >"$tmp/a.txt"
n=0
for xy in $(sed -n '/^objectives:/,/^[a-z]/s/^ *at: \[\([0-9.]*\), \([0-9.]*\)\]$/\1,\2/p' "$tmp/a.yaml"); do
	cell=$(echo "$xy" | awk -F, '{ printf "%c%d", 65 + int($1 / 3), int($2 / 3) + 1 }')
	n=$((n + 1))
	grep -q "cell $cell: column" "$tmp/a.txt" &&
	    pass "objective at [$xy] is in cell $cell on the briefing" ||
	    fail "objective at [$xy] is in cell $cell on the briefing" \
	    "$(grep -o 'cell [A-Z][0-9]*: column' "$tmp/a.txt" | tr '\n' ' ')"
done
[ "$n" -ge 1 ] && pass "the scenario has objectives to place" || fail "the scenario has objectives to place" "none"
# Read back, it writes the same file.
t "scenario -f its own file" 0 scenario "$MM" -f "$tmp/a.yaml" -n 100 -o "$tmp/b.pdf"
grep -v -e '^  [a-z_]*: [0-9]*$' -e '^balance:' "$tmp/a.yaml" >"$tmp/a.k"
grep -v -e '^  [a-z_]*: [0-9]*$' -e '^balance:' "$tmp/b.yaml" >"$tmp/b.k"
[ -s "$tmp/a.k" ] && cmp -s "$tmp/a.k" "$tmp/b.k" && pass "the scenario YAML round-trips" ||
    fail "the scenario YAML round-trips" "$(diff "$tmp/a.k" "$tmp/b.k" | head -5)"
# The same scenario in the file of an earlier version: millimetres
# (measure: mm), every y turned (y down from Red's edge), no axes: key.
# Read, it is the same scenario.
python3 - "$tmp/a.yaml" >"$tmp/old.yaml" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
unit = re.search(r"^measure: (\w+)$", t, re.M).group(1)
k = {"mm": 1, "cm": 10, "in": 25.4, "ft": 304.8}[unit]
mm = lambda m: ("%.2f" % (float(m.group(0)) * k)).rstrip("0").rstrip(".")
def to_mm(line):
    return re.sub(r"-?[0-9]+(\.[0-9]+)?", mm, line)
w, h = (float(v) * k for v in re.search(r"^table: ([0-9.]+)x([0-9.]+)" + unit,
                                        t, re.M).groups())
f = lambda v: ("%.2f" % v).rstrip("0").rstrip(".")
out, terrain, town = [], False, False
for line in t.splitlines():
    if line.startswith("axes:"):
        continue
    if line.startswith("measure:"):
        out.append("measure: mm")
        continue
    if line.startswith("table:"):
        out.append("table: %sx%smm" % (f(w), f(h)))
        continue
    if re.match(r"^ *(deploy|at|radius|width|path|fords|outline|- \[)", line) or \
            (line.startswith("      - [[")):
        line = to_mm(line)
    if line.startswith("terrain:"):
        terrain = True
    m = re.match(r"^(  deploy: \[)([^]]*)(\].*)$", line)
    if m:
        x, y, w, d = map(float, m.group(2).split(","))
        line = m.group(1) + ", ".join(map(f, (x, h - y - d, w, d))) + m.group(3)
    m = re.match(r"^( *at: \[)([0-9.]+), ([0-9.]+)(\].*)$", line) if not terrain else None
    if m:
        line = m.group(1) + m.group(2) + ", " + f(h - float(m.group(3))) + m.group(4)
    if terrain and "kind: town" in line:
        town = True
    elif terrain and "kind:" in line:
        town = False
    if terrain and town and re.match(r"^      - \[", line):
        x, y, w, d = map(float, re.findall(r"-?[0-9.]+", line))
        line = "      - [%s, %s, %s, %s]" % (f(x), f(h - y - d), f(w), f(d))
    elif terrain:
        line = re.sub(r"\[(-?[0-9.]+), (-?[0-9.]+)\]",
                      lambda m: "[%s, %s]" % (m.group(1), f(h - float(m.group(2)))), line)
    out.append(line)
print("\n".join(out))
PY
t "scenario -f a file of an earlier version" 0 scenario "$MM" -f "$tmp/old.yaml" -n 100 -o "$tmp/c.pdf"
grep -q "note: no 'axes:' key" "$tmp/err" && pass "an earlier version's file: a note" ||
    fail "an earlier version's file: a note" "$(cat "$tmp/err")"
grep -v -e '^  [a-z_]*: [0-9]*$' -e '^balance:' "$tmp/c.yaml" >"$tmp/c.k"
[ -s "$tmp/a.k" ] && cmp -s "$tmp/a.k" "$tmp/c.k" && pass "an earlier version's file is the same scenario" ||
    fail "an earlier version's file is the same scenario" "$(diff "$tmp/a.k" "$tmp/c.k" | head -5)"
grep -q '^table: 1828.8x1219.2mm$' "$tmp/old.yaml" &&
    grep -q '^  deploy: \[0, [0-9.]*, 1828.8, [0-9.]*\]' "$tmp/old.yaml" &&
    pass "the earlier version's file is in millimetres" ||
    fail "the earlier version's file is in millimetres" "$(grep -e '^table' -e '^  deploy' "$tmp/old.yaml")"
# A file with no measure: is in millimetres too.
grep -v '^measure:' "$tmp/old.yaml" >"$tmp/nomeasure.yaml"
t "scenario -f a file with no measure" 0 scenario "$MM" -f "$tmp/nomeasure.yaml" -n 100 -o "$tmp/d.pdf"
grep -v -e '^  [a-z_]*: [0-9]*$' -e '^balance:' "$tmp/d.yaml" >"$tmp/d.k"
cmp -s "$tmp/a.k" "$tmp/d.k" && pass "no measure: read in millimetres, the same scenario" ||
    fail "no measure: read in millimetres, the same scenario" "$(diff "$tmp/a.k" "$tmp/d.k" | head -5)"
# Each length written to 0.01 mm in the ruleset's measure: 1 mm in
# inches, read and written again, is 0.0394 (four decimals, not 0.04).
sed 's/^  deploy: \[0, 0, 72,/  deploy: [0, 0.0394, 72,/' "$tmp/a.yaml" >"$tmp/f.yaml"
t "scenario -f a zone moved 1 mm" 0 scenario "$MM" -f "$tmp/f.yaml" -n 10 -o "$tmp/g.pdf"
grep -q '^  deploy: \[0, 0.0394, 72, ' "$tmp/g.yaml" &&
    pass "a length in inches keeps its 0.01 mm" ||
    fail "a length in inches keeps its 0.01 mm" "$(grep deploy "$tmp/g.yaml")"
