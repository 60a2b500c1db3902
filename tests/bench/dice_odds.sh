#!/bin/sh
# The dice family's exact odds (src/engine/dice_odds.c): the time of
# all pairs of the bundled dice ruleset.
BIN=${1:-./sandtable}
B=build/dice_odds_bench
[ -f build/libsandtable.a ] || { echo "dice odds: build/libsandtable.a missing (make)"; exit 0; }
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 \
    $(pkg-config --cflags gmp jansson) -o "$B" tests/bench/dice_odds_bench.c \
    build/libsandtable.a $(pkg-config --libs cairo pangocairo \
    libcmark-gfm yaml-0.1 jansson gmp) -lcsv -lhyphen -lpaper -lm -pthread || exit 1
"$B" rulesets/dice-skirmish.md
