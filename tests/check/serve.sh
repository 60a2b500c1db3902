#!/bin/sh
# serve.sh BIN: the live preview, `sandtable serve` (serve.py): its pages,
# its limits, and a save seen in headless Chromium without a reload.
BIN=${1:-./sandtable}
python3 "$(dirname "$0")/serve.py" "$BIN"
