#!/bin/sh
# vtt.sh BIN: virtual tabletop files beside a map's PNG (vtt.py).
BIN=${1:-./sandtable}
python3 "$(dirname "$0")/vtt.py" "$BIN"
