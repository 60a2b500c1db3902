#!/bin/sh
# What libraries do instead of hand-written code, and what scripts rely
# on: `build --watch > log` shows each line as it is printed.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
here=$(pwd)
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
wpid=""
trap '[ -n "$wpid" ] && kill $wpid 2>/dev/null; rm -rf "$tmp"' EXIT
DS=$here/rulesets/dice-skirmish.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# ---- build --watch > log: each line as it is printed ----
mkdir -p "$tmp/w"
cp "$DS" "$tmp/w/ds.md"
(cd "$tmp/w" && exec timeout 300 "$BIN" build --watch -o out ds.md \
    >log 2>err) &
wpid=$!
# "watching" goes to stderr after the first build has printed its line.
k=0
until grep -q watching "$tmp/w/err" 2>/dev/null || [ $k -ge 1500 ]; do
	sleep 0.2
	k=$((k + 1))
done
if ! grep -q watching "$tmp/w/err" 2>/dev/null; then
	fail "build --watch > log shows the first build" "no first build: $(head -c 300 "$tmp/w/err")"
elif grep -q "^ds.md: out/ds/: .*index.json" "$tmp/w/log"; then
	pass "build --watch > log shows the first build"
else
	fail "build --watch > log shows the first build" "the log is empty while it runs"
fi
kill $wpid 2>/dev/null
wait $wpid 2>/dev/null
wpid=""
