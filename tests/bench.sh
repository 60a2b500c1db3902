#!/bin/sh
# bench.sh BIN: runs every tests/bench/*.sh and prints their figures.
cd "$(dirname "$0")/.." || exit 2
BIN=${1:-./sandtable}
export SANDTABLE="$BIN"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
for s in tests/bench/*.sh; do
	[ -f "$s" ] || continue
	[ "$s" = tests/bench/lib.sh ] && continue # sourced by the others
	sh "$s" "$BIN"
done
