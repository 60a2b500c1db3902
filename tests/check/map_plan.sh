#!/bin/sh
# map_plan.sh BIN: the assembly plan's tile labels read over terrain
# (map_plan.py).
BIN=${1:-./sandtable}
python3 "$(dirname "$0")/map_plan.py" "$BIN"
