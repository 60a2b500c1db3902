#!/bin/sh
# rulebook_examples.sh BIN: the examples of play read (issue 35): labels
# clear of the steps' lines (rulebook_examples.py measures the pixels).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
python3 "$(dirname "$0")/rulebook_examples.py" "$BIN"
