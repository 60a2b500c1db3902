#!/bin/sh
# The message table (src/base/msgs.def, issue 31): every diagnostic is a
# row of it (code, severity, text) and every row is given somewhere; the
# texts the compiler checks calls against are made from it; --messages
# and --json give the rows' codes; translators have the texts.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
DEF=src/base/msgs.def
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# The texts as macros, made as make makes them.
{ echo '/* msgs_fmt.inc: made by make from msgs.def; do not edit. */'
  sed -n -E 's/^MSG_ROW\(([A-Z0-9_]+), *[A-Z]+, *(".*")\)$/#define MSGF_\1 \2/p' "$DEF"; } >"$tmp/fmt"
cmp -s "$tmp/fmt" src/base/msgs_fmt.inc && pass "msgs_fmt.inc is made from msgs.def" ||
	fail "msgs_fmt.inc is made from msgs.def" "run make"

# unused DEF: the rows of DEF no source of src/ gives.
unused() {
	sed -n 's/^MSG_ROW(\([A-Z0-9_]*\),.*/\1/p' "$1" >"$tmp/ids"
	find src -name '*.c' -exec grep -ohE 'MSGF?(\(|_)[A-Z0-9_]+' {} + |
	    sed -E 's/^MSGF?(\(|_)//' | sort -u >"$tmp/used"
	sort -u "$tmp/ids" | comm -23 - "$tmp/used"
}
rows=$(grep -c '^MSG_ROW(' "$DEF")
left=$(unused "$DEF")
[ "$rows" -ge 300 ] && [ -z "$left" ] && pass "every one of the $rows rows is given" ||
	fail "every row is given" "$rows rows; not given: $(echo $left | head -c 200)"
# The test of the test: a row planted in a copy that nothing gives.
cp "$DEF" "$tmp/def"
echo 'MSG_ROW(PLANTED_NEVER_GIVEN, ERROR, "planted")' >>"$tmp/def"
[ "$(unused "$tmp/def")" = PLANTED_NEVER_GIVEN ] && pass "a row nothing gives is found" ||
	fail "a row nothing gives is found" "$(unused "$tmp/def")"
# Every row of one line, its code its own, a severity, a text.
bad=$(grep '^MSG_ROW' "$DEF" | grep -vE '^MSG_ROW\([A-Z][A-Z0-9_]*, (ERROR|WARNING|NOTE), ".+"\)$' | head -3)
[ -z "$bad" ] && pass "every row is one line: ID, severity, text" || fail "every row is one line" "$bad"

# Nothing above the table adds a message of its own words: the only
# way in without a row is the command line's (diags_capture_add).
hits=$(grep -rnE '\b(diag_add|diag_vadd|diag_insert)\(' src | head -3)
[ -z "$hits" ] && pass "no diagnostic without a row" || fail "no diagnostic without a row" "$hits"

# --messages: a row a line, the codes of the table, each once.
"$BIN" --messages >"$tmp/list" 2>"$tmp/err" || fail "--messages" "$(cat "$tmp/err")"
n=$(wc -l <"$tmp/list")
dup=$(cut -f1 "$tmp/list" | sort | uniq -d | head -3)
badl=$(awk -F '\t' 'NF != 3 || $1 !~ /^[a-z][a-z0-9-]*$/ || $2 !~ /^(error|warning|note)$/' "$tmp/list" | head -2)
[ "$n" -eq "$rows" ] && [ -z "$dup" ] && [ -z "$badl" ] &&
	pass "--messages lists the $n rows: code, severity, text" ||
	fail "--messages lists the rows" "$n of $rows; twice: $dup; bad: $badl"
grep -q '^unknown-front-matter-key	warning	unknown front matter key' "$tmp/list" &&
	pass "--messages gives a row's code, severity and text" ||
	fail "--messages gives a row's code, severity and text" "$(grep front "$tmp/list" | head -2)"

# --json gives each diagnostic its row's code.
cat >"$tmp/r.md" <<'MD'
---
title: Codes
colour: blue
---
## Units
| Unit | Class | Move |
|---|---|---|
| Scout | infantry | 6" |
MD
"$BIN" check --json "$tmp/r.md" >"$tmp/j" 2>/dev/null
if python3 - "$tmp/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[0]["diagnostics"]
ok = any(x["code"] == "unknown-front-matter-key" and x["line"] == 3 and
         x["severity"] == "warning" for x in d)
sys.exit(0 if ok and all(isinstance(x["code"], str) for x in d) else 1)
PY
then pass "--json gives a diagnostic its code"
else fail "--json gives a diagnostic its code" "$(head -c 400 "$tmp/j")"; fi
# A message of the command line has no row: its code is "".
"$BIN" odds --json rulesets/dice-skirmish.md Nonexistent >"$tmp/j2" 2>/dev/null
grep -q '"code": ""' "$tmp/j2" && pass "a command-line error's code is \"\"" ||
	fail "a command-line error's code is \"\"" "$(head -c 300 "$tmp/j2")"

# The texts, for translators: src/po/messages.pot lists every row's.
if command -v xgettext >/dev/null; then
	xgettext -L C -kMSG_ROW:3 --from-code=UTF-8 -o "$tmp/m.pot" "$DEF" 2>"$tmp/err"
	grep '^msgid' "$tmp/m.pot" | sort >"$tmp/a"
	grep '^msgid' src/po/messages.pot 2>/dev/null | sort >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" && pass "src/po/messages.pot is up to date (make pot)" ||
		fail "src/po/messages.pot is up to date (make pot)" "$(diff "$tmp/a" "$tmp/b" | head -3)"
fi
