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
SRC=$(pwd)
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

# ---- Each product remade alone, only when what it reads changed ----
# (issue 36). A ruleset with every product: the dice skirmish.
cp "$SRC/rulesets/dice-skirmish.md" ds.md
rm -rf out/ds
"$BIN" build -q ds.md -o out 2>/dev/null
# Each file's inode, mtime and bytes.
snap() { for f in out/ds/*; do echo "$(basename "$f") $(stat -c '%i %Y' "$f") $(md5sum <"$f")"; done; }
# The files that changed between two snapshots, by name.
changed() { diff "$1" "$2" | sed -n 's/^> \([^ ]*\) .*/\1/p' | tr '\n' ' ' | sed 's/ $//'; }
# index.json agrees with every file it names.
agrees() {
	python3 - out/ds <<'PY'
import hashlib, json, os, sys
d = sys.argv[1]
ix = json.load(open(os.path.join(d, "index.json")))
for f in ix["products"]:
    h = hashlib.sha256(open(os.path.join(d, f["file"]), "rb").read()).hexdigest()
    if h != f["sha256"]:
        print("mixed:", f["file"]); sys.exit(1)
PY
}
fp() { # PRODUCT: its fingerprint in index.json
	python3 -c 'import json,sys; print(json.load(open("out/ds/index.json"))["built_from"]["products"][sys.argv[1]]["fingerprint"])' "$1" 2>/dev/null
}
same_ds_as_clean() { # NAME
	rm -rf clean
	"$BIN" build -q --no-cache ds.md -o clean 2>/dev/null
	d=
	for f in clean/ds/*; do
		cmp -s "$f" "out/ds/$(basename "$f")" || d="$d $(basename "$f")"
	done
	[ -z "$d" ] && pass "$1: the same bytes as a clean build" ||
	    fail "$1: the same bytes as a clean build" "differ:$d"
}
snap >s0
fc0=$(fp cards)
fr0=$(fp reference)

# A prose edit: a word of the introduction (no line added).
sed -i 's/^A small skirmish for two players and an hour,/A small skirmish for two players and one hour,/' ds.md
"$BIN" build ds.md -o out >log 2>&1
snap >s1
c=$(changed s0 s1)
[ "$c" = "index.json reference.pdf rulebook.html rulebook.pdf" ] &&
    pass "a prose edit remakes only the reference and the rulebook (PDF and HTML)" ||
    fail "a prose edit remakes only the reference and the rulebook" "changed: $c; $(cat log)"
# (in the order they are made, two at a time: either order of the two
# rulebooks)
grep -q '^ds.md: out/ds/: reference.pdf rulebook.\(pdf rulebook.html\|html rulebook.pdf\) index.json$' log &&
    pass "build names what it remade" || fail "build names what it remade" "$(cat log)"
agrees && pass "after a prose edit index.json agrees with the files" ||
    fail "after a prose edit index.json agrees with the files" "mixed"
[ "$(fp cards)" = "$fc0" ] && [ "$(fp reference)" != "$fr0" ] &&
    pass "index.json: the reference's fingerprint changed, the cards' did not" ||
    fail "index.json: the reference's fingerprint changed, the cards' did not" "cards $fc0 -> $(fp cards)"
same_ds_as_clean "after a prose edit"

# A unit's stat: the cards read it (and every product that reads the
# tables), so they are remade and show it.
sed -i 's/^| Tide Scouts       | infantry  | 18 /| Tide Scouts       | infantry  | 17 /' ds.md
"$BIN" build -j 2 ds.md -o out >log 2>/dev/null
snap >s2
# The scenario's search starts first, the quick sheets beside it: the
# reference and the cards land before the map and the report (they
# waited behind them, 0.4 s after a save in a watch).
o=$(grep -o '[a-z.]*\.pdf' log | tr '\n' ' ')
r=$(echo "$o" | tr ' ' '\n' | grep -n '^reference.pdf$' | cut -d: -f1)
c=$(echo "$o" | tr ' ' '\n' | grep -n '^cards.pdf$' | cut -d: -f1)
m=$(echo "$o" | tr ' ' '\n' | grep -n '^map.pdf$' | cut -d: -f1)
p=$(echo "$o" | tr ' ' '\n' | grep -n '^report.pdf$' | cut -d: -f1)
[ -n "$r" ] && [ -n "$c" ] && [ -n "$m" ] && [ -n "$p" ] &&
    [ "$r" -lt "$m" ] && [ "$r" -lt "$p" ] && [ "$c" -lt "$m" ] && [ "$c" -lt "$p" ] &&
    pass "a table edit lands the reference and the cards before the map and the report" ||
    fail "a table edit lands the reference and the cards before the map and the report" "$o"
c=$(changed s1 s2)
case " $c " in
*" cards.pdf "*" reference.pdf "*) pass "a unit's stat remakes the cards and the reference" ;;
*) fail "a unit's stat remakes the cards and the reference" "changed: $c" ;;
esac
pdftotext -layout out/ds/cards.pdf - 2>/dev/null | grep -A12 'Tide Scouts' | grep -q '17' &&
    pass "the remade cards show the new stat" ||
    fail "the remade cards show the new stat" "no 17 on Tide Scouts' card"
[ "$(fp cards)" != "$fc0" ] && pass "a unit's stat changes the cards' fingerprint" ||
    fail "a unit's stat changes the cards' fingerprint" "the same"
same_ds_as_clean "after a table edit"

# A template edited remakes only its product.
"$BIN" build -q ds.md -o out 2>/dev/null
snap >s3
echo "# a comment" >>templates/unit-cards.yaml
"$BIN" build -q ds.md -o out 2>/dev/null
snap >s4
c=$(changed s3 s4)
[ "$c" = "cards.pdf index.json" ] &&
    pass "a template edit remakes only that template's product" ||
    fail "a template edit remakes only that template's product" "changed: $c"
same_ds_as_clean "after a template edit"

# A build killed while it makes the products: each file is either the
# last build's or the new one, whole, and index.json agrees with them.
cp -r out/ds before
sed -i 's/^title: .*/title: Saltmarsh Again/' ds.md
rm -rf clean
"$BIN" build -q --no-cache ds.md -o clean 2>/dev/null
bad=
for w in 0.15 0.3 0.5; do
	rm -rf out/ds && cp -r before out/ds
	"$BIN" build -q ds.md -o out 2>/dev/null &
	pid=$!
	sleep $w
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	agrees >/dev/null || bad="$bad $w: index.json disagrees;"
	for f in out/ds/*; do
		b=$(basename "$f")
		[ "$b" = index.json ] && continue
		cmp -s "$f" "before/$b" || cmp -s "$f" "clean/ds/$b" ||
		    bad="$bad $w: $b is neither;"
	done
	"$BIN" build -q ds.md -o out 2>/dev/null
	for f in clean/ds/*; do
		cmp -s "$f" "out/ds/$(basename "$f")" || bad="$bad $w: then $(basename "$f") differs;"
	done
done
[ -z "$bad" ] && pass "a build killed mid-way leaves each file whole, old or new; the next build finishes it" ||
    fail "a build killed mid-way leaves each file whole, old or new; the next build finishes it" "$bad"

# A watch (one process for every save) after a table edit: each product
# lands alone, index.json written at each landing with every file's
# hash, each file hashed once (issue 36, a hash kept by the file's inode,
# size and time): the hashes are the files' own, and the files a clean
# build's bytes.
rm -rf w && mkdir w && cp "$SRC/rulesets/dice-skirmish.md" w/ds.md && cp -r templates w/
(cd w && exec timeout 120 "$BIN" build --watch -o out ds.md >log 2>err) &
wpid=$!
waitlines() { # N: until the watch has finished N lines of files
	n=0
	until [ "$(grep -c '^ds.md: out/ds/:.* s in all' w/log 2>/dev/null)" -ge "$1" ] ||
	    [ $n -ge 300 ]; do
		sleep 0.2
		n=$((n + 1))
	done
}
waitlines 1
sleep 0.3
python3 - w/ds.md <<'PY'
import os, sys
p = sys.argv[1]; t = open(p).read()
old, new = "| Tide Scouts       | infantry  | 18 ", "| Tide Scouts       | infantry  | 17 "
assert old in t
open(p + ".new", "w").write(t.replace(old, new, 1))
os.rename(p + ".new", p)
PY
waitlines 2
kill $wpid 2>/dev/null
wait $wpid 2>/dev/null
(cd w && python3 - out/ds <<'PY'
import hashlib, json, os, sys
d = sys.argv[1]
ix = json.load(open(os.path.join(d, "index.json")))
for f in ix["products"]:
    h = hashlib.sha256(open(os.path.join(d, f["file"]), "rb").read()).hexdigest()
    if h != f["sha256"]:
        print("mixed:", f["file"]); sys.exit(1)
PY
) >w/agree && [ "$(grep -c '^ds.md: out/ds/:.*scenario.pdf.* s in all' w/log)" -ge 2 ] &&
    pass "a watch's table edit: index.json's hashes are the files' own" ||
    fail "a watch's table edit: index.json's hashes are the files' own" "$(cat w/agree w/log)"
(cd w && "$BIN" build -q --no-cache ds.md -o clean 2>/dev/null)
d=
for f in w/clean/ds/*; do
	cmp -s "$f" "w/out/ds/$(basename "$f")" || d="$d $(basename "$f")"
done
[ -z "$d" ] && pass "a watch's table edit: the same bytes as a clean build" ||
    fail "a watch's table edit: the same bytes as a clean build" "differ:$d"
