#!/bin/sh
# uptodate.sh BIN: a build of a ruleset nothing of which has changed since
# its last build into the same folder writes nothing (issue 36: index.json
# records what it was made from); anything a product reads changing
# rebuilds it, and the outputs are then the bytes a clean build makes.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

cp tests/check/none.md "$T/r.md"
cp -r templates "$T/templates"
cd "$T" || exit 2
stamp() { stat -c '%i %Y' out/r/*.pdf out/r/index.json | md5sum; }
same_as_clean() { # NAME: out/r holds what a clean build makes
	rm -rf clean
	"$BIN" build -q --no-cache r.md -o clean "$@" 2>/dev/null
	d=
	for f in clean/r/*; do
		cmp -s "$f" "out/r/$(basename "$f")" || d="$d $(basename "$f")"
	done
	[ -z "$d" ] && pass "$1: the same bytes as a clean build" ||
	    fail "$1: the same bytes as a clean build" "differ:$d"
}

"$BIN" build -q r.md -o out 2>/dev/null
s0=$(stamp)
"$BIN" build r.md -o out >log 2>&1
grep -q '^r.md: out/r/ is up to date (nothing it reads has changed)$' log &&
    [ "$(stamp)" = "$s0" ] &&
    pass "an unchanged ruleset: up to date, nothing rewritten" ||
    fail "an unchanged ruleset: up to date, nothing rewritten" "$(cat log)"

# A save that changes nothing (the same bytes) rewrites nothing.
touch r.md
cp r.md r2 && mv r2 r.md
"$BIN" build -q r.md -o out 2>/dev/null
[ "$(stamp)" = "$s0" ] && pass "a save of the same bytes rewrites nothing" ||
    fail "a save of the same bytes rewrites nothing" "files rewritten"

# A prose edit rebuilds, to a clean build's bytes.
sed -i 's/^A designer.s own game, printed and never played/A designer'"'"'s game, printed and never played/' r.md
"$BIN" build r.md -o out >log 2>&1
! grep -q 'up to date' log && grep -q '^r.md: out/r/: ' log &&
    pass "a prose edit rebuilds" || fail "a prose edit rebuilds" "$(cat log)"
same_as_clean "after a prose edit"

# A template edited rebuilds; a new template in ./templates too.
s1=$(stamp)
sed -i 's/^\(size: *\)\([0-9.]*\)/\1\2/' templates/reference.yaml
echo "# a comment" >>templates/reference.yaml
"$BIN" build -q r.md -o out 2>/dev/null
[ "$(stamp)" != "$s1" ] && pass "a template edited rebuilds" ||
    fail "a template edited rebuilds" "nothing rebuilt"
same_as_clean "after a template edit"

# Another seed, paper or --no-cache rebuilds; a product removed too.
s2=$(stamp)
"$BIN" build -q -s 7 r.md -o out 2>/dev/null
[ "$(stamp)" != "$s2" ] && pass "another seed rebuilds" ||
    fail "another seed rebuilds" "nothing rebuilt"
same_as_clean "with seed 7" -s 7
s3=$(stamp)
"$BIN" build -q -s 7 -p Letter r.md -o out 2>/dev/null
[ "$(stamp)" != "$s3" ] && pass "another paper rebuilds" ||
    fail "another paper rebuilds" "nothing rebuilt"
rm out/r/map.pdf
"$BIN" build -q -s 7 -p Letter r.md -o out 2>/dev/null
[ -f out/r/map.pdf ] && pass "a product removed is made again" ||
    fail "a product removed is made again" "no map.pdf"
s4=$(stamp)
"$BIN" build -q --no-cache -s 7 -p Letter r.md -o out 2>/dev/null
[ "$(stamp)" != "$s4" ] && pass "--no-cache builds anyway" ||
    fail "--no-cache builds anyway" "nothing rebuilt"
