#!/bin/sh
# pictures.sh BIN: units' pictures (the Image column: PNG, JPEG, SVG) and
# map symbols (drawn from the class, or the Symbol column) on cards, base
# templates and scenario markers; the picture limits (decode limit in
# pixels, at most 300 dpi embedded); reproducible bytes; and a missing,
# non-regular, unreadable or undecodable image file as an error at its
# cell, at `check` time too.
# Prints "PASS: name" or "FAIL: name: why" per check.
BIN=${1:-./sandtable}
PIC=tests/rulesets/pictures.md
MOD=rulesets/morschauser-modern.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
awk() { LC_ALL=C command awk "$@"; }
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# images PDF: pdfimages -list without its two heading lines.
images() { pdfimages -list "$1" 2>/dev/null | tail -n +3; }

# --- the test ruleset: three pictures, three symbols ---
if "$BIN" check --games 20 -q "$PIC" >"$T/chk.out" 2>"$T/chk.err"; then
	pass "check: a ruleset with PNG, JPEG and SVG pictures is clean"
else
	fail "check: a ruleset with pictures is clean" "$(head -3 "$T/chk.err")"
fi

"$BIN" cards "$PIC" -o "$T/c.pdf" >/dev/null 2>"$T/c.err" &&
    "$BIN" cards "$PIC" -o "$T/c2.pdf" >/dev/null 2>&1
images "$T/c.pdf" >"$T/c.img"
n=$(wc -l <"$T/c.img")
# The PNG and the JPEG as images (the JPEG kept a JPEG), the SVG as vectors.
if [ "$n" -eq 2 ] && grep -q ' jpeg ' "$T/c.img" &&
    grep -q ' image ' "$T/c.img"; then
	pass "cards: the PNG and the JPEG embedded once each, the SVG drawn"
else
	fail "cards: two images embedded" "$n: $(cat "$T/c.img")"
fi
pdftotext "$T/c.pdf" "$T/c.txt"
if grep -q 'Musket' "$T/c.txt" && grep -q 'Brigade HQ' "$T/c.txt" &&
    grep -q 'Cannon' "$T/c.txt"; then
	pass "cards: every card keeps its name beside its picture or symbol"
else
	fail "cards: names" "$(head -5 "$T/c.txt")"
fi
cmp -s "$T/c.pdf" "$T/c2.pdf" && pass "cards with pictures: same bytes twice" ||
    fail "cards with pictures: same bytes twice" "differ"

"$BIN" bases "$PIC" -o "$T/b.pdf" >/dev/null 2>&1
ids=$(images "$T/b.pdf" | awk '{ print $11 }' | sort -u | wc -l)
uses=$(images "$T/b.pdf" | wc -l)
if [ "$ids" -eq 2 ] && [ "$uses" -ge 4 ]; then
	pass "bases: every base of a unit shows its picture, embedded once"
else
	fail "bases: pictures on the bases" "$ids objects, $uses uses"
fi

"$BIN" scenario "$PIC" --games 20 -o "$T/s.pdf" >/dev/null 2>&1 &&
    "$BIN" scenario "$PIC" --games 20 -o "$T/s2.pdf" >/dev/null 2>&1
ids=$(images "$T/s.pdf" | awk '{ print $11 }' | sort -u | wc -l)
if [ "$ids" -eq 2 ] && pdftotext "$T/s.pdf" - | grep -q 'Unit markers'; then
	pass "scenario: the markers show the units' pictures"
else
	fail "scenario: pictures on the markers" "$ids objects"
fi
cmp -s "$T/s.pdf" "$T/s2.pdf" && pass "scenario with pictures: same bytes twice" ||
    fail "scenario with pictures: same bytes twice" "differ"

"$BIN" reference "$PIC" -o "$T/r.pdf" >/dev/null 2>&1
ids=$(images "$T/r.pdf" | awk '{ print $11 }' | sort -u | wc -l)
if [ "$ids" -eq 2 ] && pdftotext "$T/r.pdf" - | tr -s ' \n' ' ' |
    grep -q 'Sappers Brigade HQ Grenadiers'; then
	pass "reference: a key of the units' pictures and symbols under the Units table"
else
	fail "reference: the key of pictures and symbols" "$ids objects"
fi

# Nothing is embedded past 300 dpi at its printed size.
for f in c b s r; do
	bad=$(images "$T/$f.pdf" | awk '$13 > 300 || $14 > 300')
	[ -z "$bad" ] && pass "$f.pdf: no picture past 300 dpi" ||
	    fail "$f.pdf: no picture past 300 dpi" "$bad"
done

# --- symbols: no picture, so vectors; the symbol's white frame at the
# top right of the first card's band (A4, 3 x 3 poker cards: the card at
# 9.75, 15.15 mm; the frame 13.5 x 9 mm inside the 3.5 mm safe margin).
"$BIN" cards "$MOD" --paper A4 -o "$T/m.pdf" >/dev/null 2>&1
n=$(images "$T/m.pdf" | wc -l)
[ "$n" -eq 0 ] && pass "cards without pictures: symbols as vectors, no image" ||
    fail "cards without pictures: no image" "$n"
# 200 dpi: the frame from x 56.25 to 69.75 mm, y 16.65 to 25.65 mm.
pdftoppm -r 200 -gray -f 1 -l 1 -x 446 -y 134 -W 98 -H 62 -singlefile \
    "$T/m.pdf" "$T/band"
white=$(tail -c $((98 * 62)) "$T/band.pgm" | od -An -v -tu1 |
    tr -s ' ' '\n' | awk '$1 > 230 { n++ } END { print n + 0 }')
dark=$(tail -c $((98 * 62)) "$T/band.pgm" | od -An -v -tu1 |
    tr -s ' ' '\n' | awk '$1 != "" && $1 < 60 { n++ } END { print n + 0 }')
if [ "$white" -gt 2000 ] && [ "$dark" -gt 300 ]; then
	pass "cards: the class's symbol in the band (white frame, black icon)"
else
	fail "cards: the symbol in the band" "$white white, $dark dark pixels"
fi

# Bases and scenario markers without pictures: symbols as vectors; on the
# map Blue's frames in APP-6 friendly blue (#80e0ff) and Red's in hostile
# red (#ff8080), colours nothing else on the page uses.
"$BIN" bases "$MOD" -o "$T/mb.pdf" >/dev/null 2>&1
"$BIN" scenario "$MOD" --games 20 -o "$T/ms.pdf" >/dev/null 2>&1
n=$(images "$T/mb.pdf" | wc -l)
k=$(images "$T/ms.pdf" | wc -l)
[ "$n" -eq 0 ] && [ "$k" -eq 0 ] &&
    pass "bases and scenario without pictures: symbols as vectors" ||
    fail "bases and scenario without pictures: no image" "$n, $k"
pdftoppm -r 100 -f 1 -l 1 "$T/ms.pdf" "$T/msp"
got=$(python3 - "$T"/msp*.ppm <<'PYEOF'
import sys
d = open(sys.argv[1], 'rb').read()
# P6 header: magic, width, height, maxval, then RGB bytes.
parts = d.split(maxsplit=4)
px = parts[4]
blue = red = 0
for i in range(0, len(px) - 2, 3):
    r, g, b = px[i], px[i + 1], px[i + 2]
    if abs(r - 0x80) < 12 and abs(g - 0xe0) < 12 and b > 240:
        blue += 1
    elif r > 240 and abs(g - 0x80) < 12 and abs(b - 0x80) < 12:
        red += 1
print(blue, red)
PYEOF
)
set -- $got
if [ "${1:-0}" -gt 200 ] && [ "${2:-0}" -gt 100 ]; then
	pass "scenario: Blue's markers carry blue symbol frames, Red's red ($got pixels)"
else
	fail "scenario: symbol frames per side" "blue and red pixels: $got"
fi

# --- a huge picture is scaled: 4800 x 3200 pixels, printed 26.7 x 17.8 mm
# on a poker card, is embedded at no more than 300 dpi (315 pixels wide),
# never whole ---
mkdir -p "$T/rs" "$T/pictures"
cp tests/pictures/* "$T/pictures/"
python3 - "$T/pictures" <<'EOF'
import struct, sys, zlib
def png(path, w, h, level=6):
    # Diagonal stripes of three colours: big, but small on disk.
    rows = []
    for k in range(8):
        r = bytearray(b'\0')
        for x in range(w):
            v = ((x + k * 5) // 40) % 3
            r += bytes(((200, 40, 40), (40, 160, 60), (30, 60, 200))[v])
        rows.append(bytes(r))
    raw = b''.join(rows[(y // 40) % 8] for y in range(h))
    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)))
        f.write(chunk(b'IDAT', zlib.compress(raw, level)))
        f.write(chunk(b'IEND', b''))
png(sys.argv[1] + '/big.png', 4800, 3200)
png(sys.argv[1] + '/huge.png', 6000, 5000, 1)
EOF
# with_image NAME CELL: the test ruleset with Musket's Image cell CELL.
with_image() {
	sed "s#| ../pictures/musket.png |#| $2 |#" "$PIC" >"$T/rs/$1.md"
}
with_image big ../pictures/big.png
"$BIN" cards "$T/rs/big.md" -o "$T/big.pdf" >/dev/null 2>"$T/big.err"
size=$(wc -c <"$T/big.pdf")
wide=$(images "$T/big.pdf" | awk '$4 > w { w = $4 } END { print w + 0 }')
src=$(wc -c <"$T/pictures/big.png")
if [ "$size" -lt 200000 ] && [ "$wide" -gt 0 ] && [ "$wide" -le 320 ]; then
	pass "a 4800 x 3200 picture is embedded $wide pixels wide ($size bytes of PDF)"
else
	fail "a huge picture is scaled" "widest $wide px, PDF $size bytes (source $src)"
fi

# --- errors at the cell: file:line:column, exit 1, check and products ---
# Musket's row is line 19; its Image cell at column 40.
at="rs/NAME.md:19:40: error: unit 'Musket': Image"
# expect NAME CELL WHY: check and cards both fail, placed, saying WHY.
expect() {
	with_image "$1" "$2"
	timeout 60 "$BIN" check --games 5 "$T/rs/$1.md" >/dev/null 2>"$T/$1.chk"
	rc1=$?
	timeout 60 "$BIN" cards "$T/rs/$1.md" -o "$T/$1.pdf" >/dev/null 2>"$T/$1.err"
	rc2=$?
	want=$(echo "$at" | sed "s#NAME#$1#")
	if [ "$rc1" -eq 1 ] && [ "$rc2" -eq 1 ] &&
	    grep -F "$want" "$T/$1.chk" | grep -qF "$3" &&
	    grep -F "$want" "$T/$1.err" | grep -qF "$3" && [ ! -e "$T/$1.pdf" ]; then
		pass "Image $2: a placed error ($3), check and cards exit 1"
	else
		fail "Image $2: a placed error ($3)" "check $rc1, cards $rc2: $(grep -h error "$T/$1.chk" "$T/$1.err" | head -2)"
	fi
}
expect missing ../pictures/nope.png "'../pictures/nope.png' no such file"
expect dir ../pictures "is a directory, not an image file"
mkfifo "$T/pictures/fifo.png"
expect fifo ../pictures/fifo.png "is a FIFO, not an image file"
expect dev /dev/zero "is a device, not an image file"
printf 'just words\n' >"$T/pictures/words.png"
expect words ../pictures/words.png "is not a PNG, JPEG or SVG image"
expect broken ../pictures/broken.png "cannot be decoded"
expect huge ../pictures/huge.png "is 6000 x 5000 pixels, more than the 25 million"
printf '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/>' \
    >"$T/pictures/cut.svg"
expect cut ../pictures/cut.svg "cannot be read as SVG"
if [ "$(id -u)" -ne 0 ]; then
	cp tests/pictures/musket.png "$T/pictures/locked.png"
	chmod 000 "$T/pictures/locked.png"
	expect locked ../pictures/locked.png "cannot be read"
fi

# An unknown Symbol word is an error at its cell.
sed 's#| heavy-infantry |#| blob |#' "$PIC" >"$T/rs/sym.md"
"$BIN" check --games 5 "$T/rs/sym.md" >/dev/null 2>"$T/sym.err"
rc=$?
if [ "$rc" -eq 1 ] && grep -qF "rs/sym.md:24:" "$T/sym.err" &&
    grep -qF "unknown Symbol 'blob' (known: none, infantry" "$T/sym.err"; then
	pass "an unknown Symbol is a placed error naming the symbols"
else
	fail "an unknown Symbol is a placed error" "rc $rc: $(head -2 "$T/sym.err")"
fi
