#!/bin/sh
# --json on every command a script calls (issue 18): check, build, play,
# odds, scenario and report print one shape on standard output and
# nothing else: an array of one object per ruleset (one or several),
# each with its "path", "name", "ok" and "diagnostics" [{file, line, col,
# severity, message}], the command's own keys beside them.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT
D=rulesets/dice-skirmish.md

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

# A ruleset with a warning at a known place: line 7, column 1.
sed '0,/^engine:/s/^engine:.*/&\nfrobnicate: 1/' "$D" >"$tmp/w.md"
grep -n '^frobnicate' "$tmp/w.md" | grep -q '^7:' ||
    fail "the test ruleset has its key on line 7" "$(grep -n frobnicate "$tmp/w.md")"

# shape NAME FILE N [KEY...]: the file is JSON (python3's parser, or jq's
# where python3 is missing), an array of N objects, each with the common
# keys and well-formed diagnostics, the known warning among them, and
# each KEY of the command.
shape() {
	name=$1 file=$2 n=$3
	shift 3
	if command -v python3 >/dev/null 2>&1; then
		why=$(python3 - "$file" "$n" "$tmp/w.md" "$@" <<'PY'
import json, sys
f, n, w, keys = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
try:
    d = json.load(open(f))
except Exception as e:
    print("not JSON: %s" % e); sys.exit(1)
if not isinstance(d, list) or len(d) != n:
    print("not an array of %d" % n); sys.exit(1)
for e in d:
    if not isinstance(e, dict):
        print("an element is not an object"); sys.exit(1)
    for k in ["path", "name", "ok", "diagnostics"] + keys:
        if k not in e:
            print("no key %s in %s" % (k, sorted(e))); sys.exit(1)
    if not isinstance(e["ok"], bool) or not isinstance(e["path"], str):
        print("ok or path of the wrong type"); sys.exit(1)
    for x in e["diagnostics"]:
        if sorted(x) != ["code", "col", "file", "line", "message", "severity"] or \
                x["severity"] not in ("note", "warning", "error") or \
                not isinstance(x["line"], int) or not isinstance(x["col"], int):
            print("a diagnostic of another shape: %s" % x); sys.exit(1)
    if e["path"] == w and not any(x["file"] == w and x["line"] == 7 and
            x["col"] == 1 and x["severity"] == "warning" and
            "frobnicate" in x["message"] for x in e["diagnostics"]):
        print("no warning at 7:1 in %s" % e["diagnostics"]); sys.exit(1)
PY
)
	elif command -v jq >/dev/null 2>&1; then
		why=$(jq -e --argjson n "$n" 'type == "array" and length == $n and
		    all(.[]; has("path") and has("name") and has("ok") and
		    (.diagnostics | all(.[]; has("file") and has("line") and
		    has("col") and has("severity") and has("code") and has("message")))))' \
		    "$file" 2>&1 >/dev/null) || why="not of the shape: $why"
	else
		why="neither python3 nor jq to read JSON"
	fi
	[ -z "$why" ] && pass "$name" || fail "$name" "$why; $(head -c 200 "$file")"
}

# r NAME STATUS ARGS...: runs the binary, stdout to $tmp/j, checks the
# exit status.
r() {
	name=$1 want=$2
	shift 2
	timeout 300 "$BIN" "$@" >"$tmp/j" 2>"$tmp/err"
	got=$?
	[ "$got" -eq "$want" ] && pass "$name: exit $want" ||
	    fail "$name: exit $want" "exit $got: $(head -c 300 "$tmp/err")"
}

r "check --json, two rulesets" 0 check --json -v -n 20 "$tmp/w.md" "$D"
shape "check --json: an array of two, -v prints no model" "$tmp/j" 2 \
    played test_games rules
r "check --json, one ruleset" 0 check --json -n 20 "$tmp/w.md"
shape "check --json: one ruleset is an array too" "$tmp/j" 1 played

r "build --json -j 2" 0 build --json -j 2 "$tmp/w.md" "$D" -o "$tmp/out"
shape "build --json: an array of two" "$tmp/j" 2 status dir files
r "build --json" 0 build --json "$tmp/w.md" -o "$tmp/out"
shape "build --json: one ruleset" "$tmp/j" 1 status dir files
# Every file it names was written.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/j" <<'PY' && pass "build --json: its files are there" ||
import json, os, sys
e = json.load(open(sys.argv[1]))[0]
sys.exit(0 if e["status"] == "built" and len(e["files"]) >= 8 and
    all(os.path.getsize(f) > 0 for f in e["files"]) else 1)
PY
	    fail "build --json: its files are there" "$(head -c 300 "$tmp/j")"
fi

r "play --json" 0 play --json -n 20 "$tmp/w.md"
shape "play --json" "$tmp/j" 1 games wins turns
r "odds --json" 0 odds --json "$tmp/w.md"
shape "odds --json (streamed)" "$tmp/j" 1 engine melee
r "scenario --json" 0 scenario --json -n 20 "$tmp/w.md" -o "$tmp/s.pdf"
shape "scenario --json" "$tmp/j" 1 files title points turns balance
[ -s "$tmp/s.pdf" ] && [ -s "$tmp/s.yaml" ] &&
    grep -q "\"$tmp/s.yaml\"" "$tmp/j" && pass "scenario --json names its files" ||
    fail "scenario --json names its files" "$(head -c 300 "$tmp/j")"
r "play --scenario --json" 0 play --json -n 20 --scenario "$tmp/s.yaml"
shape "play --scenario --json" "$tmp/j" 1 scenario games blue_score
r "report --json" 0 report --json -n 20 "$tmp/w.md" -o "$tmp/r.pdf"
shape "report --json" "$tmp/j" 1 files
grep -q "\"$tmp/r.pdf\"" "$tmp/j" && [ -s "$tmp/r.pdf" ] &&
    pass "report --json names its file" || fail "report --json names its file" "$(cat "$tmp/j")"

# A ruleset that cannot be read is an element too, with its error.
for c in check play odds; do
	r "$c --json of a missing file" 1 "$c" --json "$tmp/missing.md"
	grep -q '"ok": false' "$tmp/j" && grep -q '"severity": "error"' "$tmp/j" &&
	    grep -q "\"path\": \"$tmp/missing.md\"" "$tmp/j" &&
	    pass "$c --json: a missing file is an element with its error" ||
	    fail "$c --json: a missing file is an element with its error" "$(head -c 300 "$tmp/j")"
done
r "build --json of a missing file" 1 build --json "$tmp/missing.md" -o "$tmp/out"
grep -q '"status": "not built"' "$tmp/j" && grep -q '"severity": "error"' "$tmp/j" &&
    pass "build --json: not built, and why" || fail "build --json: not built, and why" "$(head -c 300 "$tmp/j")"
r "build --json --watch" 2 build --json --watch "$D"
r "report --json -o -" 2 report --json "$D" -o -
