#!/bin/sh
# The results cache (issue 36; src/base/cache.c): self-play statistics,
# the scenario (its unit values and balanced search) and the exact odds
# are remembered in $XDG_CACHE_HOME/sandtable by the content of what they
# depend on. The same bytes come out cold, warm and with --no-cache; a
# warm run works nothing out again (SANDTABLE_COUNT says what a run did);
# a bad entry is worked out again and replaced, never trusted; a link
# planted in the cache is never followed; the directory keeps to its
# bound; a cache that cannot be used changes nothing but the time.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
export XDG_CACHE_HOME="$tmp/xdg"
C="$XDG_CACHE_HOME/sandtable"
unset SANDTABLE_CACHE_MAX

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# check NAME COMMAND...: PASS when it succeeds.
check() {
	n=$1
	shift
	if "$@"; then pass "$n"; else fail "$n" "$(head -c 300 "$tmp/why" 2>/dev/null)"; fi
}
play() { "$BIN" play --json "$@" | grep -v games_per_second; }
counts() { grep '^sandtable: c' "$tmp/err" | tr '\n' ' '; }

# ---- the same bytes, cold, warm and with --no-cache ----
for r in rulesets/*.md; do
	[ "$(basename "$r")" = FORMAT.md ] && continue
	n=$(basename "$r" .md)
	rm -rf "$XDG_CACHE_HOME"
	for m in cold warm nocache; do
		nc=
		[ $m = nocache ] && nc=--no-cache
		"$BIN" build -q $nc -o "$tmp/$m" "$r" 2>"$tmp/$m.err"
		play $nc "$r" >"$tmp/$m.play" 2>/dev/null
		"$BIN" odds --json $nc "$r" >"$tmp/$m.odds" 2>/dev/null
	done
	for m in warm nocache; do
		diff -r "$tmp/cold/$n" "$tmp/$m/$n" >"$tmp/why" 2>&1 &&
			cmp -s "$tmp/cold.err" "$tmp/$m.err" &&
			pass "build $n: every product the same, $m" ||
			fail "build $n: every product the same, $m" "$(head -c 300 "$tmp/why")"
		cmp -s "$tmp/cold.play" "$tmp/$m.play" &&
			pass "play --json $n: the same, $m" || fail "play --json $n: the same, $m" "differs"
		cmp -s "$tmp/cold.odds" "$tmp/$m.odds" &&
			pass "odds --json $n: the same, $m" || fail "odds --json $n: the same, $m" "differs"
	done
done

# ---- a warm run works nothing out again ----
D=rulesets/dice-skirmish.md
rm -rf "$XDG_CACHE_HOME" "$tmp/o"
SANDTABLE_COUNT=1 "$BIN" build -q -o "$tmp/o" "$D" 2>"$tmp/err"
counts | grep -q 'self-play 1' && counts | grep -q 'scenario hit 0, miss 1' &&
	pass "cold build: self-play played, scenario searched" ||
	fail "cold build: self-play played, scenario searched" "$(counts)"
rm -rf "$tmp/o"
SANDTABLE_COUNT=1 "$BIN" build -q -o "$tmp/o" "$D" 2>"$tmp/err"
counts | grep -q 'odds 0, test games 1, examples 1, self-play 0' &&
	counts | grep -q 'odds hit 1, miss 0, bad 0' &&
	counts | grep -q 'scenario hit 1, miss 0, bad 0' &&
	counts | grep -q 'self-play hit 1, miss 0, bad 0' &&
	pass "warm build: self-play, scenario and odds from the cache" ||
	fail "warm build: self-play, scenario and odds from the cache" "$(counts)"
SANDTABLE_COUNT=1 "$BIN" play --no-cache "$D" >/dev/null 2>"$tmp/err"
counts | grep -q 'self-play 1' && ! counts | grep -q 'cache:' &&
	pass "play --no-cache: played, nothing looked up" ||
	fail "play --no-cache: played, nothing looked up" "$(counts)"
SANDTABLE_COUNT=1 "$BIN" odds --no-cache "$D" >/dev/null 2>"$tmp/err"
! counts | grep -q 'cache:' && pass "odds --no-cache: nothing looked up" ||
	fail "odds --no-cache: nothing looked up" "$(counts)"
n=$(ls "$C" | wc -l)
rm -rf "$tmp/o"
SANDTABLE_COUNT=1 "$BIN" build -q --no-cache -o "$tmp/o" "$D" 2>"$tmp/err"
counts | grep -q 'odds 1, test games 1, examples 1, self-play 1' &&
	[ "$(ls "$C" | wc -l)" = "$n" ] &&
	pass "build --no-cache: everything worked out, nothing written" ||
	fail "build --no-cache: everything worked out, nothing written" "$(counts); $n entries before, $(ls "$C" | wc -l) after"

# ---- the key: content, not names or times ----
rm -rf "$XDG_CACHE_HOME"
play "$D" >"$tmp/p1" 2>/dev/null
cp "$D" "$tmp/renamed.md"
touch -d '2001-01-01' "$tmp/renamed.md"
SANDTABLE_COUNT=1 "$BIN" play --json "$tmp/renamed.md" 2>"$tmp/err" >/dev/null
counts | grep -q 'self-play 0' && pass "the same bytes under another name and time: a hit" ||
	fail "the same bytes under another name and time: a hit" "$(counts)"
for opt in "--seed 2" "--games 500"; do
	SANDTABLE_COUNT=1 "$BIN" play $opt "$D" 2>"$tmp/err" >/dev/null
	counts | grep -q 'self-play 1' && pass "play $opt: a miss" ||
		fail "play $opt: a miss" "$(counts)"
done
# One unit stat changed: a miss, and other figures.
sed 's/^\(| Reed Wardens *| infantry *| \)12 /\110 /' "$D" >"$tmp/stat.md"
if cmp -s "$D" "$tmp/stat.md"; then
	fail "a unit stat changed: a miss" "the test could not change a stat"
else
	SANDTABLE_COUNT=1 "$BIN" play --json "$tmp/stat.md" 2>"$tmp/err" | grep -v games_per_second >"$tmp/p2"
	counts | grep -q 'self-play 1' && pass "a unit stat changed: a miss" ||
		fail "a unit stat changed: a miss" "$(counts)"
fi

# ---- bad entries: worked out again and replaced ----
rm -rf "$XDG_CACHE_HOME"
play "$D" >"$tmp/good" 2>"$tmp/good.err"
e=$(ls "$C" | head -1)
# hit: the entry is whole again (a run takes its figures from it).
hit() {
	SANDTABLE_COUNT=1 "$BIN" play "$D" >/dev/null 2>"$tmp/err"
	counts | grep -q 'self-play hit 1, miss 0, bad 0'
}
cp "$C/$e" "$tmp/entry"
# corrupt HOW: truncate, a byte flipped in the payload, in the header,
# an empty file.
for how in truncate payload header empty; do
	cp "$tmp/entry" "$C/$e"
	case $how in
	truncate) head -c 200 "$tmp/entry" >"$C/$e" ;;
	payload) printf '\377' | dd of="$C/$e" bs=1 seek=500 conv=notrunc 2>/dev/null ;;
	# (a byte other than the one there: the header holds the
	# binary's hash, whose byte 20 may be an X)
	header)
		x=X
		[ "$(dd if="$tmp/entry" bs=1 skip=20 count=1 2>/dev/null)" = X ] && x=Y
		printf '%s' "$x" | dd of="$C/$e" bs=1 seek=20 conv=notrunc 2>/dev/null ;;
	empty) : >"$C/$e" ;;
	esac
	SANDTABLE_COUNT=1 "$BIN" play --json "$D" 2>"$tmp/err" | grep -v games_per_second >"$tmp/again"
	cmp -s "$tmp/good" "$tmp/again" && counts | grep -q 'self-play 1' &&
		counts | grep -q 'self-play hit 0, miss 0, bad 1' && hit &&
		pass "entry $how: worked out again, the same output, the entry repaired" ||
		fail "entry $how: worked out again, the same output, the entry repaired" "$(counts)"
done

# ---- a link planted in the cache is not followed ----
printf 'precious\n' >"$tmp/victim"
rm -f "$C/$e"
ln -s "$tmp/victim" "$C/$e"
play "$D" >"$tmp/again" 2>/dev/null
cmp -s "$tmp/good" "$tmp/again" && [ "$(cat "$tmp/victim")" = precious ] &&
	[ ! -L "$C/$e" ] && hit &&
	pass "a link planted for an entry: not followed, replaced" ||
	fail "a link planted for an entry: not followed, replaced" "$(ls -l "$C" | head -3)"
# The cache directory itself a link: not used.
rm -rf "$XDG_CACHE_HOME"
mkdir -p "$XDG_CACHE_HOME" "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$C"
play "$D" >"$tmp/again" 2>/dev/null
cmp -s "$tmp/good" "$tmp/again" && [ -z "$(ls -A "$tmp/elsewhere")" ] &&
	pass "the cache directory a link: not used" ||
	fail "the cache directory a link: not used" "$(ls -A "$tmp/elsewhere" | head -3)"

# ---- a cache that cannot be used changes nothing but the time ----
rm -rf "$XDG_CACHE_HOME"
mkdir -p "$XDG_CACHE_HOME"
: >"$C" # a file where the directory goes
play "$D" >"$tmp/again" 2>"$tmp/err"
cmp -s "$tmp/good" "$tmp/again" && cmp -s "$tmp/good.err" "$tmp/err" &&
	pass "the cache directory a file: the same output, nothing said" ||
	fail "the cache directory a file: the same output, nothing said" "$(head -3 "$tmp/err")"
XDG_CACHE_HOME=/dev/null/nowhere HOME=/dev/null/nowhere play "$D" >"$tmp/again" 2>"$tmp/err"
cmp -s "$tmp/good" "$tmp/again" && cmp -s "$tmp/good.err" "$tmp/err" &&
	pass "no cache directory at all: the same output, nothing said" ||
	fail "no cache directory at all: the same output, nothing said" "$(head -3 "$tmp/err")"
if [ "$(id -u)" != 0 ]; then
	rm -rf "$XDG_CACHE_HOME"
	mkdir -p "$C"
	chmod 500 "$C"
	play "$D" >"$tmp/again" 2>"$tmp/err"
	cmp -s "$tmp/good" "$tmp/again" && cmp -s "$tmp/good.err" "$tmp/err" &&
		pass "a read-only cache: the same output, nothing said" ||
		fail "a read-only cache: the same output, nothing said" "$(head -3 "$tmp/err")"
	chmod 700 "$C"
fi
# XDG_CACHE_HOME unset: ~/.cache/sandtable, made 0700.
rm -rf "$tmp/home"
mkdir "$tmp/home"
(unset XDG_CACHE_HOME; HOME="$tmp/home" play "$D" >/dev/null 2>&1)
[ -d "$tmp/home/.cache/sandtable" ] &&
	[ "$(stat -c %a "$tmp/home/.cache/sandtable")" = 700 ] &&
	[ -n "$(ls "$tmp/home/.cache/sandtable")" ] &&
	pass "no XDG_CACHE_HOME: ~/.cache/sandtable, 0700" ||
	fail "no XDG_CACHE_HOME: ~/.cache/sandtable, 0700" "$(ls -la "$tmp/home/.cache" 2>&1 | head -3)"

# ---- the bound ----
rm -rf "$XDG_CACHE_HOME"
for s in 1 2 3 4 5 6; do
	SANDTABLE_CACHE_MAX=40000 "$BIN" play --seed $s "$D" >/dev/null 2>&1
done
total=$(cat "$C"/* 2>/dev/null | wc -c)
n=$(ls "$C" | wc -l)
[ "$total" -le 40000 ] && [ "$n" -ge 1 ] &&
	pass "the directory kept under its bound ($total bytes, $n entries)" ||
	fail "the directory kept under its bound" "$total bytes in $n entries"
# The newest kept: seed 6 is a hit.
SANDTABLE_COUNT=1 SANDTABLE_CACHE_MAX=40000 "$BIN" play --seed 6 "$D" 2>"$tmp/err" >/dev/null
counts | grep -q 'self-play 0' && pass "the bound: the newest entry kept" ||
	fail "the bound: the newest entry kept" "$(counts)"

# ---- runs at once: one cache, the same outputs ----
rm -rf "$XDG_CACHE_HOME"
for i in 1 2 3 4; do
	play "$D" >"$tmp/con$i" 2>/dev/null &
done
wait
ok=1
for i in 1 2 3 4; do cmp -s "$tmp/good" "$tmp/con$i" || ok=0; done
[ "$(ls -A "$C" | grep -c '^\.tmp')" = 0 ] || ok=0
[ $ok = 1 ] && pass "four runs at once: the same output, no temporary file left" ||
	fail "four runs at once: the same output, no temporary file left" "$(ls -A "$C")"

# --no-cache is one option, the same on every command that has it.
for c in check play odds scenario report build; do
	"$BIN" $c --help | grep -q -- '--no-cache' && pass "$c --no-cache" ||
		fail "$c --no-cache" "not in its --help"
done
