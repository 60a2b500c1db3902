#!/bin/sh
# hostile_pictures.sh BIN: pictures (the Image column) made to run the
# products away (issue 30): an SVG that embeds a 16000 x 16000 PNG, a
# megabyte of <text>, eight levels of ten <use>, 60,000 elements, 41
# legal 5000 x 5000 PNGs, a path of 30,000 numbers, a filter librsvg
# cannot draw in bounded time. Each is refused at its Image cell
# (file:line:col) naming the limit, by check as by cards, bases and
# build, in seconds and under 256 MB; pictures big but within the limits
# still print, in seconds. An SVG whose licence comment runs past 1 KB is
# an SVG. The files are made here (small on disk), never kept.
# Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
PIC=tests/rulesets/pictures.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
SLOW=${SANDTABLE_SLOW:-1}
SECS=$((5 * SLOW))
if nm -u "$BIN" 2>/dev/null | grep -q __asan_init; then
	MAXKB=2000000
else
	MAXKB=262144
fi

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
images() { pdfimages -list "$1" 2>/dev/null | tail -n +3; }

mkdir -p "$T/rs" "$T/pictures"
cp tests/pictures/* "$T/pictures/"
python3 tests/gen/pictures.py "$T/pictures"

# with_image NAME CELL: the test ruleset with Musket's Image cell CELL.
with_image() {
	sed "s#| ../pictures/musket.png |#| $2 |#" "$PIC" >"$T/rs/$1.md"
}
# units NAME FILE...: a ruleset whose units have the pictures FILE...,
# one each (Unit0 on line 19, as Musket).
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

# run NAME COMMAND...: the exit status in $rc, the seconds in $secs,
# stderr in $T/NAME.err; resident kB in $kb.
run() {
	n=$1
	shift
	s=$(date +%s%N)
	if [ -x /usr/bin/time ]; then
		timeout $((SECS * 4)) /usr/bin/time -f %M -o "$T/rss" "$@" \
			>/dev/null 2>"$T/$n.err"
		rc=$?
	else
		echo 0 >"$T/rss"
		timeout $((SECS * 4)) "$@" >/dev/null 2>"$T/$n.err"
		rc=$?
	fi
	e=$(date +%s%N)
	secs=$(( (e - s) / 1000000 ))
	kb=$(tail -1 "$T/rss")
	case $kb in '' | *[!0-9]*) kb=0 ;; esac
	sed -i '/^Command exited/d' "$T/$n.err"
}

# refused NAME AT WHY...: check, cards, bases and build refuse the ruleset
# rs/NAME.md with an error at AT (line:col) that says every WHY, exit 1,
# each within SECS seconds and MAXKB.
refused() {
	name=$1 at=$2
	shift 2
	want="rs/$name.md:$at: error: "
	for cmd in check cards bases build; do
		case $cmd in
		check) run "$name.$cmd" "$BIN" check -q "$T/rs/$name.md" ;;
		build) run "$name.$cmd" "$BIN" build -q "$T/rs/$name.md" -o "$T/out" ;;
		*) run "$name.$cmd" "$BIN" "$cmd" -q "$T/rs/$name.md" -o "$T/$name.pdf" ;;
		esac
		ok=1
		line=$(grep -F "$want" "$T/$name.$cmd.err" | head -1)
		for w in "$@"; do
			echo "$line" | grep -qF -- "$w" || ok=0
		done
		if [ "$rc" -ne 1 ] || [ "$ok" -eq 0 ]; then
			fail "$name: $cmd refuses at $at" "exit $rc: $(head -c 300 "$T/$name.$cmd.err")"
		elif [ "$secs" -gt $((SECS * 1000)) ]; then
			fail "$name: $cmd refuses in seconds" "$secs ms"
		elif [ "$kb" -gt "$MAXKB" ]; then
			fail "$name: $cmd refuses in little memory" "$kb kB"
		else
			pass "$name: $cmd refuses at $at ($secs ms, $((kb / 1024)) MB)"
		fi
	done
	[ -e "$T/$name.pdf" ] && fail "$name: nothing written" "$T/$name.pdf"
}

# printed NAME COMMAND ARGS...: the product is made, exit 0, in seconds
# and MAXKB.
printed() {
	name=$1
	shift
	run "$name" "$@"
	if [ "$rc" -ne 0 ]; then
		fail "$name" "exit $rc: $(head -c 300 "$T/$name.err")"
	elif [ "$secs" -gt $((SECS * 1000)) ]; then
		fail "$name: in seconds" "$secs ms"
	elif [ "$kb" -gt "$MAXKB" ]; then
		fail "$name: in little memory" "$kb kB"
	else
		pass "$name ($secs ms, $((kb / 1024)) MB)"
	fi
}

# --- refused at the cell, naming the limit ---
with_image bigdata ../pictures/bigdata.svg
refused bigdata 19:40 "embeds an image of 16000 x 16000 pixels" \
	"more than the 25,000,000 an image may have"
with_image text ../pictures/text.svg
refused text 19:40 "brings the work of the ruleset's pictures to" \
	"characters of text" "more than the 80,000,000 they may take together"
with_image use ../pictures/use.svg
refused use 19:40 "expands to 222,222,223 elements" \
	"more than the 40,000 a picture may have"
with_image rects ../pictures/rects.svg
refused rects 19:40 "has more than 40,000 elements"
units big41 $(i=0; while [ $i -lt 41 ]; do printf 'big%d.png ' $i; i=$((i + 1)); done)
refused big41 22:39 "Image '../pictures/big3.png' brings the work" \
	"5000 x 5000 pixels" "more than the 80,000,000 they may take together"
with_image path ../pictures/path.svg
refused path 19:40 "has a path of 30,002 numbers (line 1)" \
	"more than the 20,000 a path may have"
with_image morph ../pictures/morph.svg
refused morph 19:40 "uses feMorphology (line 1)"
with_image convolve ../pictures/convolve.svg
refused convolve 19:40 "a feConvolveMatrix of order 30" "more than the 5"
with_image dash ../pictures/dash.svg
refused dash 19:40 "brings the work" "dashes" "more than the 80,000,000"
with_image blurs ../pictures/blurs.svg
refused blurs 19:40 "brings the work" "filter effects" "more than the 80,000,000"
with_image marker ../pictures/marker.svg
refused marker 19:40 "expands to" "more than the 40,000 a picture may have"
with_image gif ../pictures/gif.svg
refused gif 19:40 "embeds an image that is not a PNG, JPEG or SVG"
with_image nested ../pictures/nested.svg
refused nested 19:40 "expands to" "more than the 40,000 a picture may have"
with_image prolog ../pictures/prolog.svg
refused prolog 19:40 "no <svg element in its first 64 KiB"
# The one unit of two naming the same file has the error at its cell
# too (a picture is read once).
sed 's#| ../pictures/horse.jpg |#| ../pictures/use.svg |#' "$T/rs/use.md" >"$T/rs/use2.md"
run use2 "$BIN" check -q "$T/rs/use2.md"
if [ "$rc" -eq 1 ] && grep -qF "use2.md:19:40: error" "$T/use2.err" &&
    grep -qF "use2.md:20:32: error" "$T/use2.err"; then
	pass "a picture two units name: an error at each cell"
else
	fail "a picture two units name: an error at each cell" "$(cat "$T/use2.err")"
fi

# --- within the limits: printed, in seconds ---
with_image licence ../pictures/licence.svg
printed "an SVG after a 2 KB licence comment: check" "$BIN" check -q "$T/rs/licence.md"
printed "an SVG after a 2 KB licence comment: cards" "$BIN" cards -q "$T/rs/licence.md" -o "$T/licence.pdf"
with_image rects39k ../pictures/rects39k.svg
printed "an SVG of 39,000 elements: cards" "$BIN" cards -q "$T/rs/rects39k.md" -o "$T/rects39k.pdf"
printed "an SVG of 39,000 elements: bases" "$BIN" bases -q "$T/rs/rects39k.md" -o "$T/rects39k-b.pdf"
printed "an SVG of 39,000 elements: scenario" "$BIN" scenario -q --games 20 "$T/rs/rects39k.md" -o "$T/rects39k-s.pdf"
n=$(images "$T/rects39k.pdf" | wc -l)
[ "$n" -eq 1 ] && pass "an SVG of vectors stays vectors (the JPEG is the one image)" ||
	fail "an SVG of vectors stays vectors" "$n images: $(images "$T/rects39k.pdf")"
with_image shadows ../pictures/shadows.svg
printed "an SVG of five drop shadows: cards" "$BIN" cards -q "$T/rs/shadows.md" -o "$T/shadows.pdf"
with_image huge ../pictures/huge.png
printed "a 5000 x 5000 PNG: cards" "$BIN" cards -q "$T/rs/huge.md" -o "$T/huge.pdf"
with_image photo ../pictures/photo.svg
printed "an SVG holding a 4000 x 4000 PNG: cards" "$BIN" cards -q "$T/rs/photo.md" -o "$T/photo.pdf"
for f in huge photo; do
	bad=$(images "$T/$f.pdf" | awk '$13 > 300 || $14 > 300')
	wide=$(images "$T/$f.pdf" | awk '$4 > w { w = $4 } END { print w + 0 }')
	[ -z "$bad" ] && [ "$wide" -le 700 ] &&
	    pass "$f: embedded at no more than 300 dpi ($wide pixels wide)" ||
	    fail "$f: embedded at no more than 300 dpi" "$bad"
done
units small41 $(i=0; while [ $i -lt 41 ]; do printf 'small%d.png ' $i; i=$((i + 1)); done)
printed "41 PNGs of 800 x 600: check" "$BIN" check -q "$T/rs/small41.md"
printed "41 PNGs of 800 x 600: cards" "$BIN" cards -q "$T/rs/small41.md" -o "$T/small41.pdf"
# build makes seven products of 42 unit types (2 s without pictures).
SECS=$((10 * SLOW))
printed "41 PNGs of 800 x 600: build (all products)" \
	"$BIN" build -q "$T/rs/small41.md" -o "$T/out"
SECS=$((5 * SLOW))
n=$(images "$T/small41.pdf" | wc -l)
[ "$n" -eq 41 ] && pass "41 PNGs: each card has its picture" ||
	fail "41 PNGs: each card has its picture" "$n images"
