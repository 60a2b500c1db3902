#!/bin/sh
# Hostile scenario, terrain and map inputs: terrain at the stated limits
# draws in seconds, one step past a limit is a placed error; every error
# about a scenario file names the file and the line of what is wrong
# (duplicate keys, a ruleset that cannot be read, zones, turns); options
# that cause an error are blamed; junk never crashes or hangs.
# Time limits leave room for sanitizer builds (the real figures are in
# the commit messages: under 2 s each on the normal build).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MOD=$(pwd)/rulesets/morschauser-modern.md

# The generators print numbers in the C locale, whatever the suite's is.
awk() { LC_ALL=C command awk "$@"; }
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# png_px FILE: the width and height a PNG's header gives.
png_px() {
	od -An -tu1 -j16 -N8 "$1" 2>/dev/null |
	    awk '{ for (i = 1; i <= 8; i++) n[i > 4] = n[i > 4] * 256 + $i
	    print n[0], n[1] }'
}

# t NAME WANT-STATUS PATTERN-IN-STDERR SECONDS COMMAND...
t() {
	name=$1 want=$2 pat=$3 secs=$4
	shift 4
	timeout "$secs" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "$name" "exit $got, wanted $want: $(head -c 300 "$tmp/err")"
	elif [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; then
		fail "$name" "no '$pat' in: $(head -c 300 "$tmp/err")"
	else
		pass "$name"
	fi
}

# ---- terrain files: generated worst cases ----
# A table of 1828.8 x 1219.2 mm: 20 times round it is 122 m.
head='measure: mm
table: 1828.8x1219.2mm
terrain:'
# rand N SEED BUDGET(mm) X0 X1 Y0 Y1: up to N random points as [x, y],
# as many as fit in BUDGET of length (a self-crossing outline).
rand() {
	awk -v n="$1" -v seed="$2" -v b="$3" -v x0="$4" -v x1="$5" -v y0="$6" \
	    -v y1="$7" 'BEGIN {
		srand(seed); len = 0; s = "["
		for (i = 0; i < n; i++) {
			x = x0 + rand() * (x1 - x0); y = y0 + rand() * (y1 - y0)
			if (i > 0) len += sqrt((x - px) ^ 2 + (y - py) ^ 2)
			if (i > 2 && len + sqrt((x - fx) ^ 2 + (y - fy) ^ 2) > b) break
			if (i == 0) { fx = x; fy = y }
			s = s (i ? ", " : "") sprintf("[%.2f, %.2f]", x, y)
			px = x; py = y
		}
		print s "]"
	}'
}
# ring N R JITTER: N points round the table's middle, radius R.
ring() {
	awk -v n="$1" -v r="$2" -v j="$3" 'BEGIN {
		srand(3); s = "["
		for (i = 0; i < n; i++) {
			a = 6.283185307 * i / n
			s = s (i ? ", " : "") sprintf("[%.3f, %.3f]", 914.4 + \
			    r * cos(a) + j * (rand() - 0.5), 609.6 + r * sin(a))
		}
		print s "]"
	}'
}
{
	echo "$head"
	echo "  - kind: wood"
	echo "    outline: $(rand 1000 1 60000 -1828 3657 -1219 2438)"
	echo "  - kind: river"
	echo "    width: 304mm"
	echo "    path: $(rand 1000 2 60000 0 1828 0 1219)"
} >"$tmp/crossing.yaml"
{
	echo "$head"
	echo "  - kind: hill"
	echo "    contours:"
	echo "      - $(ring 1000 300 0.05)"
	echo "      - $(ring 1000 200 0.05)"
} >"$tmp/dense.yaml"
# 19 woods over the whole table, and a fine grid under them.
{
	echo "$head"
	i=0
	while [ $i -lt 19 ]; do
		echo "  - kind: wood"
		echo "    outline: [[0, 0], [1828.8, 0], [1828.8, 1219.2], [0, 1219.2]]"
		i=$((i + 1))
	done
} >"$tmp/overlap.yaml"
for f in crossing dense overlap; do
	t "$f terrain: tiled PDF in seconds" 0 "" 20 \
		"$BIN" map -q --scenario "$tmp/$f.yaml" --no-snap -o "$tmp/$f.pdf"
	t "$f terrain: PNG in seconds" 0 "" 20 \
		"$BIN" map -q --scenario "$tmp/$f.yaml" --no-snap -o "$tmp/$f.png"
done
# A file whose table is a kilometre: a thin wall along all of it gets
# teeth only where each tile shows it (40 s before, 1 s now).
printf '%s\n' 'table: 999999x999999mm' 'terrain:' '  - kind: fortification' \
	'    width: 1mm' '    path: [[-999999, 40], [999999, 40]]' >"$tmp/wall.yaml"
t "a kilometre-long wall: tiled PDF in seconds" 0 "" 10 \
	"$BIN" map -q --scenario "$tmp/wall.yaml" -o "$tmp/wall.pdf"
t "overlapping woods on a 250,000-cell grid in seconds" 0 "" \
	$((20 * ${SANDTABLE_SLOW:-1})) \
	"$BIN" map -q --scenario "$tmp/overlap.yaml" --cell 3.1mm \
	--table 1828.8x1219.2mm -o "$tmp/fine.pdf"
size=$(wc -c <"$tmp/overlap.pdf")
[ "$size" -lt 5000000 ] && pass "overlapping woods share their trees ($size bytes)" ||
	fail "overlapping woods share their trees" "$size bytes"
# What a page cannot show is not drawn: two woods of 1,000 points round
# the whole table make 1.1 MB of tiles (4.5 MB when every tile holds all).
{
	echo "$head"
	echo "  - kind: wood"
	echo "    outline: $(ring 1000 1500 0)"
	echo "  - kind: wood"
	echo "    outline: $(ring 1000 800 0)"
} >"$tmp/round.yaml"
t "round terrain: tiled PDF" 0 "" 20 \
	"$BIN" map -q --scenario "$tmp/round.yaml" --no-snap -o "$tmp/round.pdf"
size=$(wc -c <"$tmp/round.pdf")
[ "$size" -lt 2500000 ] && pass "tiles hold only what they show ($size bytes)" ||
	fail "tiles hold only what they show" "$size bytes"

# ---- the map at its limits: 250,000 cells, 64 million pixels ----
# Every input within the limits makes its map in under 5 s and 256 MB
# (README, Limits and hostile input). held NAME SECONDS COMMAND...: exit
# 0 in SECONDS of CPU (user and system; the machine may be shared, so
# wall time says less: it only has to stay under 8 times that) times
# SANDTABLE_SLOW, and under 256 MB resident unless SANDTABLE_SLOW is
# over 1 (a sanitizer's shadow memory). The limits sit between what the
# map takes now and what it took before (in brackets, CPU s and MB).
SLOW=${SANDTABLE_SLOW:-1}
held() {
	name=$1 secs=$2
	shift 2
	wall=$(awk -v s="$secs" -v k="$SLOW" 'BEGIN { printf "%d", 8 * s * k + 0.5 }')
	if [ ! -x /usr/bin/time ]; then
		t "$name" 0 "" "$wall" "$@"
		return
	fi
	timeout "$wall" /usr/bin/time -f "%U %S %M" \
	    -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	set -- $(tail -1 "$tmp/time" 2>/dev/null)
	cpu=$(awk -v u="${1:-0}" -v s="${2:-0}" 'BEGIN { printf "%.2f", u + s }')
	mb=$((${3:-0} / 1024))
	if [ "$got" -ne 0 ]; then
		fail "$name" "exit $got: $(head -c 300 "$tmp/err")"
	elif awk -v c="$cpu" -v l="$secs" -v k="$SLOW" \
	    'BEGIN { exit !(c > l * k) }'; then
		fail "$name" "$cpu s of CPU, over $secs s"
	elif [ "$SLOW" -le 1 ] && [ "$mb" -ge 256 ]; then
		fail "$name" "$mb MB resident, over 256"
	else
		pass "$name ($cpu s, $mb MB)"
	fi
}
SQ="--grid square --cell 4mm --table 2000x2000mm"   # 500 x 500
HEX="--grid hex --cell 4.29mm --table 2000x2000mm"  # 537 x 465
# Crosshairs kept off labels and seams clipped by them (before: 3.8 s).
held "250,000 squares, tiled PDF, in 2.5 s" 2.5 \
	"$BIN" map -q $SQ -o "$tmp/lim.pdf"
held "250,000 squares, 4-digit labels and dots, in 3 s" 3 \
	"$BIN" map -q $SQ --labels '%02c%02r' --dots -o "$tmp/lim.pdf"
# Hex lines and dots stamped in blocks (before: 15 s and 194 MB; on one
# page 7 s and 240 MB).
held "249,705 hexes, tiled PDF, in 5 s" 5 "$BIN" map -q $HEX -o "$tmp/lim.pdf"
held "249,705 pointy hexes with dots, tiled PDF, in 5 s" 5 \
	"$BIN" map -q --grid hex-pointy --cell 4.29mm --table 2000x2000mm \
	--dots -o "$tmp/lim.pdf"
held "249,705 hexes with dots on one page, in 3 s" 3 \
	"$BIN" map -q $HEX --paper none --dots -o "$tmp/lim.pdf"
# (cairo 1.16's SVG surface loses 472 bytes of a recording surface painted
# as a source, inside cairo; a sanitizer build's leak check is off for
# this one command, not for the others.)
held "250,000 squares as SVG, labels and dots, in 5 s" 5 \
	env ASAN_OPTIONS=detect_leaks=0 "$BIN" map -q $SQ --labels on --dots -o "$tmp/lim.svg"
# PNGs drawn in bands (before: 276 MB at 64 MP; 977 MB and 6 s for the
# hexes).
held "a PNG of 64 million pixels (10032 x 6688), in 5 s and 256 MB" 5 \
	"$BIN" map -q "$MOD" --seed 1 --px-per-cell 418 --labels on \
	-o "$tmp/lim.png"
[ "$(png_px "$tmp/lim.png")" = "10032 6688" ] &&
	pass "the 64-million-pixel PNG is whole" ||
	fail "the 64-million-pixel PNG is whole" "$(png_px "$tmp/lim.png")"
held "249,705 hexes as a PNG of 64 million pixels, in 5 s and 256 MB" 5 \
	"$BIN" map -q $HEX --px-per-cell 16 -o "$tmp/lim.png"

# ---- one step past each limit: a placed error, nothing written ----
lim() { # NAME PATTERN YAML-BODY (after "terrain:")
	printf '%s\n%s\n' "$head" "$3" >"$tmp/lim.yaml"
	rm -f "$tmp/lim.pdf"
	t "limit: $1" 1 "lim.yaml:[0-9]*:[0-9]*: error: $2" 10 \
		"$BIN" map -q --scenario "$tmp/lim.yaml" -o "$tmp/lim.pdf"
	[ ! -f "$tmp/lim.pdf" ] || fail "limit: $1" "a map was written"
}
lim "1,001 points in an outline" "too many points (the limit is 1000" \
	"  - kind: wood
    outline: $(ring 1001 300 0)"
lim "2,001 points in a file" "too many points in the file (the limit is 2000" \
	"  - kind: wood
    outline: $(ring 1000 300 0)
  - kind: wood
    outline: $(ring 1000 200 0)
  - kind: river
    path: [[0, 0], [10, 10]]
    fords: [[5, 5]]"
lim "too long together" ".*20 times round the table" \
	"  - kind: wood
    outline: $(rand 1000 5 1000000000 0 1828 0 1219)"
lim "a point a kilometre off" "the point lies farther off the table" \
	"  - kind: wood
    outline: [[0, 0], [1000000, 0], [0, 100]]"
lim "a river 1 km wide" "the width must be from 1 mm" \
	"  - kind: river
    width: 1000000mm
    path: [[0, 0], [100, 100]]"
lim "a fortification 0.1 mm wide" "the width must be from 1 mm" \
	"  - kind: fortification
    width: 0.1mm
    path: [[0, 0], [1000, 1000]]"
lim "201 terrain items" "too many terrain items (the limit is 200)" \
	"$(i=0; while [ $i -lt 201 ]; do printf '  - kind: road\n    path: [[0, 0], [9, 9]]\n'; i=$((i + 1)); done)"
lim "a building larger than the table" "a building larger than the table" \
	"  - kind: town
    buildings: [[0, 0, 5000, 10]]"
lim "a wood without an outline, at the wood" "expected a list of at least 3 points: no outline" \
	"  - kind: wood"
lim "a road without a path, at the road" "expected a list of at least 2 points: no path" \
	"  - kind: road
    width: 10mm"
lim "NaN" "bad length" \
	"  - kind: wood
    outline: [[0, 0], [nan, 0], [0, 100]]"
lim "1e308" "bad length" \
	"  - kind: wood
    outline: [[0, 0], [1e308, 0], [0, 100]]"
lim "a duplicate key in a terrain item" "YAML: key 'outline' given twice (first on line 5)" \
	"  - kind: wood
    outline: [[0, 0], [10, 0], [0, 10]]
    outline: [[0, 0], [20, 0], [0, 20]]"

# ---- a scenario file: every error at its place ----
cat >"$tmp/s.yaml" <<EOF
scenario: Test
ruleset: $MOD
points: 100
turns: 8
special: none
blue:
  deploy: [0, 914.4, 1828.8, 304.8]
  forces:
    Rifle: 2
    Tank: 1
red:
  deploy: [0, 0, 1828.8, 304.8]
  forces:
    Rifle: 2
    Tank: 1
objectives:
  - name: Hill
    at: [914.4, 609.6]
    radius: 152.4
measure: mm
table: 1828.8x1219.2mm
terrain: []
EOF
t "a hand-written scenario plays" 0 "" 60 \
	"$BIN" play --scenario "$tmp/s.yaml" --games 20
edit() { # NAME PATTERN EXPR: the scenario edited by sed, played
	sed "$3" "$tmp/s.yaml" >"$tmp/e.yaml"
	t "scenario: $1" 1 "$2" 30 "$BIN" play --scenario "$tmp/e.yaml" --games 5
}
edit "duplicate unit summed no more" \
	"e.yaml:10:5: error: YAML: key 'rifle' given twice (first on line 9)" \
	's/^    Tank: 1$/    rifle: 3/'
edit "duplicate top-level key" \
	"e.yaml:5:1: error: YAML: key 'turns' given twice (first on line 4)" \
	's/^special: none$/turns: 9/'
edit "duplicate key in an objective" \
	"e.yaml:20:5: error: YAML: key 'radius' given twice (first on line 19)" \
	's/^    radius: 152.4$/    radius: 152.4\n    radius: 10/'
edit "a missing ruleset at its line, exit 1" \
	"e.yaml:2:10: error: the ruleset '/nonexistent/x.md' cannot be read" \
	's|^ruleset: .*|ruleset: /nonexistent/x.md|'
edit "an empty ruleset value" "e.yaml:2:[0-9]*: error: 'ruleset'" \
	's|^ruleset: .*|ruleset: ""|'
edit "a zone off the table at its line" \
	"e.yaml:7:11: error: Blue's deployment zone is not on the table" \
	's/deploy: \[0, 914.4/deploy: [0, 1914.4/'
edit "overlapping zones at Red's line" \
	"e.yaml:12:11: error: the deployment zones overlap (Blue's is on line 7)" \
	's/deploy: \[0, 0,/deploy: [0, 800,/'
edit "an objective off the table at its line" \
	"e.yaml:18:9: error: objective 'Hill' is off the table" \
	's/at: \[914.4, 609.6\]/at: [9914.4, 609.6]/'
edit "too many units at the forces' line" \
	"e.yaml:14:5: error: Red fields 33 units" \
	's/^    Rifle: 2$/    Rifle: 32/; 9s/32/2/'
edit "a negative count" "e.yaml:9:12: error: 'Rifle' must be a whole number" \
	's/^    Rifle: 2$/    Rifle: -2/'
edit "an unknown unit" "e.yaml:9:5: error: unknown unit 'Riffle'" \
	's/^    Rifle: 2$/    Riffle: 2/'
edit "turns of the wrong type" "e.yaml:4:8: error: 'turns' must be a whole number" \
	's/^turns: 8$/turns: [8]/'
edit "an unknown measure" "e.yaml:20:10: error: unknown measure" \
	's/^measure: mm$/measure: furlongs/'
edit "a control character in a key" "e.yaml:[0-9]*:[0-9]*: error:" \
	's/^    Rifle: 2$/    Ri\x01fle: 2/'
edit "terrain past its limit" "e.yaml:24:[0-9]*: error: the width must be" \
	's/^terrain: \[\]$/terrain:\n  - kind: road\n    width: 9000mm\n    path: [[0, 0], [9, 9]]/'
edit "a table the engine cannot play, at its line" \
	"e.yaml:21:8: error: the scenario cannot be played: its table" \
	's/^table: .*/table: 1000000x1000000mm/'
sed 's/deploy: \[0, 914.4/deploy: [0, 1914.4/' "$tmp/s.yaml" >"$tmp/from.yaml"
t "scenario --from: the error in the file it reads" 1 \
	"from.yaml:7:11: error: Blue's deployment zone" 60 \
	"$BIN" scenario "$MOD" --from "$tmp/from.yaml" --games 5 -q -o "$tmp/f.pdf"
cp "$tmp/s.yaml" "$tmp/m.yaml"
printf 'terrain: []\n' >>"$tmp/m.yaml"
t "map --scenario: duplicate terrain key" 1 \
	"m.yaml:23:1: error: YAML: key 'terrain' given twice (first on line 22)" 10 \
	"$BIN" map -q --scenario "$tmp/m.yaml" -o "$tmp/m.pdf"

# ---- options are blamed for what they cause ----
t "scenario --table 1x1mm blames the option" 1 \
	"^sandtable: scenario: --table 1x1mm: error: the table is smaller" 60 \
	"$BIN" scenario "$MOD" --table 1x1mm -q -o "$tmp/x.pdf"
t "scenario --table 10x10in blames the option" 1 \
	"^sandtable: scenario: --table 10x10in: error: the table is too small" 60 \
	"$BIN" scenario "$MOD" --table 10x10in -q -o "$tmp/x.pdf"
t "scenario --points 1 blames the option" 1 \
	"^sandtable: scenario: --points 1: error:" 60 \
	"$BIN" scenario "$MOD" --points 1 -q -o "$tmp/x.pdf"
t "scenario --table junk names its value" 2 "scenario: --table 9xjunk:" 60 \
	"$BIN" scenario "$MOD" --table 9xjunk -q -o "$tmp/x.pdf"
t "scenario --games 1e12 says the range" 2 "scenario: --games '1e12': needs a whole number from 1 to 1000000" 10 \
	"$BIN" scenario "$MOD" --games 1e12 -q -o "$tmp/x.pdf"
t "map --cell 0 names the option" 1 "^sandtable: map: --cell 0: the cell size" 10 \
	"$BIN" map --cell 0 -o "$tmp/x.pdf"
t "map --cell 100in names the option" 1 "^sandtable: map: --cell 100in: the cell is larger" 10 \
	"$BIN" map "$MOD" --cell 100in -o "$tmp/x.pdf"
t "map --cell and --table together" 1 \
	"^sandtable: map: --cell 1mm --table 2000x2000mm: the grid has too many" 10 \
	"$BIN" map --cell 1mm --table 2000x2000mm -o "$tmp/x.pdf"
t "map --table portable --cell 0" 1 "^sandtable: map: --cell 0 --table portable:" 10 \
	"$BIN" map --table portable --cell 0 -o "$tmp/x.pdf"
t "map --table junk" 1 "^sandtable: map: --table 9xjunk: bad table size" 10 \
	"$BIN" map --table 9xjunk -o "$tmp/x.pdf"
t "map --overlap too large names the option" 1 \
	"^sandtable: map: --overlap 200mm: the overlap is more than half a tile" 10 \
	"$BIN" map "$MOD" --overlap 200mm -o "$tmp/x.pdf"
t "map --paper too small names the option" 2 \
	"^sandtable: map: --paper 20x20mm: paper size out of range" 10 \
	"$BIN" map --paper 20x20mm -o "$tmp/x.pdf"

# ---- junk: an error and exit 1, quickly, for every reader ----
head -c 3000 /dev/urandom >"$tmp/junk.yaml"
: >"$tmp/empty.yaml"
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "["; print "" }' >"$tmp/deep.yaml"
printf 'a: &x [1]\nb: *x\n' >"$tmp/alias.yaml"
printf 'terrain: 5\n' >"$tmp/type.yaml"
printf 'terrain:\n  - kind: wood\n    outline: "a string"\n' >"$tmp/type2.yaml"
printf 'table: -72x48in\nterrain: []\n' >"$tmp/negtable.yaml"
printf 'measure: parsecs\nterrain: []\n' >"$tmp/unit.yaml"
printf 'terrain:\n  - kind: wood\n    outline: [[0, 0], [99999999999999999999, 0], [0, 5]]\n' >"$tmp/huge.yaml"
printf 'seed: 99999999999999999999999\nterrain: []\n' >"$tmp/seed.yaml"
printf '\033]0;pwned\007terrain: []\n' >"$tmp/ctl.yaml"
for f in junk empty deep alias type type2 negtable unit huge seed ctl; do
	# An empty file is an empty battlefield for map, and no scenario.
	want=1
	[ $f = empty ] && want=0
	t "map --scenario $f.yaml" $want "" 10 \
		"$BIN" map -q --scenario "$tmp/$f.yaml" -o "$tmp/j.pdf"
	[ $f = empty ] || grep -q "$f.yaml:[0-9]*:[0-9]*: error:" "$tmp/err" ||
		fail "map --scenario $f.yaml: placed" "$(head -c 200 "$tmp/err")"
	t "play --scenario $f.yaml" 1 "$f.yaml" 10 \
		"$BIN" play "$MOD" --scenario "$tmp/$f.yaml" --games 5
	t "play --scenario $f.yaml, no ruleset" 1 "$f.yaml" 10 \
		"$BIN" play --scenario "$tmp/$f.yaml" --games 5
done
t "map --scenario /dev/zero" 1 "/dev/zero" 10 \
	"$BIN" map -q --scenario /dev/zero -o "$tmp/j.pdf"
t "play --scenario /dev/zero" 1 "/dev/zero" 10 \
	"$BIN" play --scenario /dev/zero --games 5
awk 'BEGIN { printf "terrain: []\n#"; for (i = 0; i < 9 * 1024 * 1024; i += 64)
	printf "%064d", 0; print "" }' >"$tmp/big.yaml"
t "map --scenario over 8 MiB" 1 "big.yaml" 10 \
	"$BIN" map -q --scenario "$tmp/big.yaml" -o "$tmp/j.pdf"
t "play --scenario over 8 MiB" 1 "big.yaml" 10 \
	"$BIN" play "$MOD" --scenario "$tmp/big.yaml" --games 5

# ---- the balance search's budget of play ----
# 32 units a side of the dice family (its games cost the most; about 5 s
# since moves stop at every base and the budget is 5,500): the search
# once took 7 s of CPU for the scenario, 13 s for the build. It stops at
# its limit of play and says so; the bundled rulesets stay well under it.
sed -E 's/^    (Reed Wardens|Tide Scouts|Saltburn Lancers|Mirewright Engine|Heron Crossbows): [0-9]+/    \1: 20/' \
    "$(dirname "$MOD")/dice-skirmish.md" >"$tmp/big-battle.md"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$BIN" scenario --balanced --json -q \
	    "$tmp/big-battle.md" -o "$tmp/bb.pdf" >"$tmp/bb.json" 2>"$tmp/err"
	rc=$?
	cpu=$(tail -1 "$tmp/time" | awk '{ printf "%d", $1 + $2 }')
	[ $rc -eq 0 ] && grep -q '"stopped": true' "$tmp/bb.json" &&
	    grep -q '"balanced": false' "$tmp/bb.json" &&
	    [ "$cpu" -lt $((7 * ${SANDTABLE_SLOW:-1})) ] &&
	    pass "a 64-unit search stops at its limit of play ($cpu s CPU)" ||
	    fail "a 64-unit search stops at its limit of play" "exit $rc, $cpu s CPU: $(head -c 300 "$tmp/bb.json" "$tmp/err")"
	pdftotext "$tmp/bb.pdf" - 2>/dev/null | tr '\n' ' ' |
	    grep -q 'Not balanced: the search stopped at its limit of play' &&
	    pass "the briefing says the search stopped at its limit" ||
	    fail "the briefing says the search stopped at its limit" "$(pdftotext "$tmp/bb.pdf" - 2>&1 | grep -i -A2 balanced | head -5)"
else
	fail "a 64-unit search stops at its limit of play" "/usr/bin/time is missing"
fi
"$BIN" scenario --balanced --json -q "$(dirname "$MOD")/gauntlet-ancients.md" \
    -o "$tmp/ga.pdf" >"$tmp/ga.json" 2>"$tmp/err"
grep -q '"stopped": false' "$tmp/ga.json" && grep -q '"balanced": true' "$tmp/ga.json" &&
    pass "the bundled ancients' search is within its limit, balanced" ||
    fail "the bundled ancients' search is within its limit, balanced" "$(head -c 300 "$tmp/ga.json" "$tmp/err")"
