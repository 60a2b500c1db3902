#!/bin/sh
# Dice expressions (src/engine/dicex.h): nanoseconds a roll over 10
# million seeded rolls, and the time of each exact distribution, for a
# few typical expressions and the largest the limits allow.
BIN=${1:-./sandtable}
B=build/dicex_bench
[ -f build/libsandtable.a ] || { echo "dice: build/libsandtable.a missing (make)"; exit 0; }
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 $(pkg-config --cflags gmp) \
    -o "$B" tests/bench/dicex_bench.c build/libsandtable.a \
    $(pkg-config --libs gmp) -lm -pthread || exit 1
"$B" d6 2d6 2d6kh1+1 d6r1 'd6!' '5d6>=4' 'max(d6,3)' 4d6kh3 100d6 \
    20d100kh10
