#!/bin/sh
# Maps and a build at the stated limits (issue 30, "nothing unbounded"):
# the 250,000-cell map square and hex, with labels and dots, on tiles, on
# one page and as SVG; the 64-million-pixel PNG; and the build of 256
# unit types. Prints the time (wall and CPU), peak memory and exit status
# of each. Target: under 5 s and 256 MB on this 2-core machine (the CPU
# figure is the one a busy machine does not inflate).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
MOD=rulesets/morschauser-modern.md
# 500 x 500 squares of 4 mm, and 537 x 465 flat hexes of 4.29 mm (249,705
# cells: 4.28 mm is one too many), on a 2 m table.
SQ="--grid square --cell 4mm --table 2000x2000mm"
HEX="--grid hex --cell 4.29mm --table 2000x2000mm"
sh tests/big-ruleset.sh firepower 256 >"$T/big.md"

# run LABEL COMMAND... (lib.sh): prints wall s, CPU s, peak MB and the
# exit status.
. "$(dirname "$0")/lib.sh"
RUN_TAG=limits RUN_WIDTH=48

run "map, 250,000 squares, tiled PDF" "$BIN" map -q $SQ -o "$T/m.pdf"
run "map, 250,000 squares, --labels on" "$BIN" map -q $SQ --labels on -o "$T/m.pdf"
run "map, 250,000 squares, 4-digit labels, dots" "$BIN" map -q $SQ \
    --labels '%02c%02r' --dots -o "$T/m.pdf"
run "map, 249,705 hexes, tiled PDF" "$BIN" map -q $HEX -o "$T/m.pdf"
run "map, 249,705 hexes, --labels on" "$BIN" map -q $HEX --labels on -o "$T/m.pdf"
run "map, 249,705 pointy hexes, dots" "$BIN" map -q --grid hex-pointy \
    --cell 4.29mm --table 2000x2000mm --dots -o "$T/m.pdf"
run "map, 249,705 hexes, one page, dots" "$BIN" map -q $HEX --paper none \
    --dots -o "$T/m.pdf"
run "map, 250,000 squares, SVG, labels, dots" "$BIN" map -q $SQ --labels on \
    --dots -o "$T/m.svg"
run "map png, 64 MP (10032 x 6688), terrain, labels" "$BIN" map -q "$MOD" \
    --seed 1 --px-per-cell 418 --labels on -o "$T/m.png"
run "map png, 64 MP (8192 x 8192), 1in squares" "$BIN" map -q --grid square \
    --cell 1in --table 64x64in --px-per-cell 128 --labels on -o "$T/m.png"
run "map png, 250,000 squares, 64 MP, labels, dots" "$BIN" map -q $SQ \
    --px-per-cell 16 --labels on --dots -o "$T/m.png"
run "map png, 249,705 hexes, 64 MP" "$BIN" map -q $HEX --px-per-cell 16 \
    -o "$T/m.png"
run "build, 256 unit types" "$BIN" build -q "$T/big.md" -o "$T/out"
