#!/bin/sh
# Runaway pictures (issue 30): each probe of the Image column that once
# took tens of seconds or gigabytes (an SVG holding a 16000 x 16000 PNG, a
# megabyte of <text>, eight levels of ten <use>, 230,000 <rect>, 41
# legal 5000 x 5000 PNGs), and pictures at the limits that still print,
# with their time (wall and CPU), peak memory and exit status now, for
# check, cards and build. Target: under 5 s and 256 MB, or refused (exit
# 1) at the Image cell naming the limit. The pictures are made by
# tests/gen/pictures.py (a minute: three PNGs of noise).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PIC=tests/rulesets/pictures.md
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
mkdir -p "$T/rs" "$T/pictures"
cp tests/pictures/* "$T/pictures/"
python3 tests/gen/pictures.py "$T/pictures" --bench

# with_image NAME CELL: the test ruleset with Musket's Image cell CELL.
with_image() {
	sed "s#| ../pictures/musket.png |#| $2 |#" "$PIC" >"$T/rs/$1.md"
}
# units NAME FILE...: a ruleset whose units have the pictures FILE....
units() {
	name=$1
	shift
	awk -v list="$*" 'BEGIN { n = split(list, f, " ") }
	/^\| Musket \| infantry / { for (i = 1; i <= n; i++)
		printf "| Unit%d | infantry | 15 | 3 | Musket | ../pictures/%s | |\n", i - 1, f[i]
		next }
	/^\| Horse / { print "| Horse | infantry | 25 | 4 | | | |"; next }
	/^\| (Cannon|Sappers|Brigade HQ|Grenadiers) / { next }
	{ gsub(/type: Musket/, "type: Unit0"); print }' "$PIC" >"$T/rs/$name.md"
}
list() { # PREFIX N: PREFIX0.png ... PREFIX(N-1).png
	i=0
	while [ "$i" -lt "$2" ]; do
		printf '%s%d.png ' "$1" "$i"
		i=$((i + 1))
	done
}

# run LABEL COMMAND... (lib.sh): prints wall s, CPU s, peak MB and the
# exit status.
. "$(dirname "$0")/lib.sh"
RUN_TAG=pictures RUN_WIDTH=46 RUN_TRIM='s/^sandtable: [^ ]* //' RUN_CUT=110
# each LABEL RULESET: check, cards and build of it.
each() {
	run "check, $1" "$BIN" check -q "$2"
	run "cards, $1" "$BIN" cards -q "$2" -o "$T/o.pdf"
	run "build, $1" "$BIN" build -q "$2" -o "$T/out"
}

with_image bigdata ../pictures/bigdata.svg
each "an SVG holding a 16000 x 16000 PNG" "$T/rs/bigdata.md"
with_image text ../pictures/text.svg
each "an SVG of 20,000 <text> (1 MB)" "$T/rs/text.md"
with_image use ../pictures/use.svg
each "8 levels of 10 <use>" "$T/rs/use.md"
with_image rects ../pictures/rects.svg
each "an SVG of 230,000 <rect> (6 MB)" "$T/rs/rects.md"
units big41 $(list big 41)
each "41 PNGs of 5000 x 5000" "$T/rs/big41.md"
with_image licence ../pictures/licence.svg
each "an SVG after a 2 KB licence comment" "$T/rs/licence.md"
# At the limits, printed.
with_image rects39k ../pictures/rects39k.svg
each "an SVG of 39,000 <rect>" "$T/rs/rects39k.md"
with_image text28k ../pictures/text28k.svg
each "an SVG of 28,000 characters of text" "$T/rs/text28k.md"
with_image blur15 ../pictures/blur15.svg
each "an SVG of 15 blurs" "$T/rs/blur15.md"
with_image photo ../pictures/photo.svg
each "an SVG holding a 4000 x 4000 PNG" "$T/rs/photo.md"
units colour3 $(list colour 3)
each "3 PNGs of 5000 x 5000, 10 MB of noise each" "$T/rs/colour3.md"
units small41 $(list small 41)
each "41 PNGs of 800 x 600" "$T/rs/small41.md"
