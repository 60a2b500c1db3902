#!/bin/sh
# vtt_formats.sh BIN: each virtual tabletop file against its format's
# schema (tests/schema/), Tabletop Simulator's images, Foundry's notes, the
# family's walls, build --vtt (vtt_formats.py).
BIN=${1:-./sandtable}
python3 "$(dirname "$0")/vtt_formats.py" "$BIN"
