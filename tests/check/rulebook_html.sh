#!/bin/sh
# rulebook_html.sh BIN: the rulebook as one HTML file (rulebook_html.py).
BIN=${1:-./sandtable}
python3 "$(dirname "$0")/rulebook_html.py" "$BIN"
