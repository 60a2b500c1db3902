#!/bin/sh
# Nothing deleted, nothing mixed: planted links named like sandtable's
# temporary files and stages, builds killed (SIGKILL) at random moments
# and by SIGINT/SIGTERM, builds and scenarios of one target at the same
# time. After each, index.json agrees with every file beside it, a
# scenario's PDF with its YAML, and nothing outside the output is gone.
BIN=${1:-./sandtable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp rulesets/dice-skirmish.md "$tmp/rules.md"
cd "$tmp" || exit 2

ok() { # NAME CONDITION-STATUS [WHY]
	if [ "$2" -eq 0 ]; then echo "PASS: $1"; else echo "FAIL: $1: $3"; fi
}

# Every file index.json names has the hash it gives, and index.json names
# every product file there (one version, not two).
agrees() { # DIR
	[ -f "$1/index.json" ] || return 1
	python3 - "$1" <<'EOF'
import hashlib, json, os, sys
d = sys.argv[1]
ix = json.load(open(os.path.join(d, "index.json")))
for f in ix["products"]:
    p = os.path.join(d, f["file"])
    if f["file"] == "index.json":
        continue
    h = hashlib.sha256(open(p, "rb").read()).hexdigest()
    if h != f["sha256"]:
        print("mixed:", f["file"]); sys.exit(1)
EOF
}

# 1. A link named like a dead run's temporary file, pointing at a folder
# of the user's (here beside out/, as an archive could carry one).
mkdir -p victim out/rules
echo keep >victim/a
echo keep >victim/b
ln -s ../victim out/.sandtable-4000000-abcdef
ln -s .. out/.sandtable-build-4000001-abcdef
ln -s ../../victim out/rules/.sandtable-build-999999-XXXXXX
ln -s ../../victim out/rules/.sandtable-999998-qwerty
"$BIN" reference -q rules.md -o out/ref.pdf 2>err
ok "reference beside a planted link" $? "$(cat err)"
"$BIN" build -q rules.md -o out 2>err
ok "build beside planted links" $? "$(cat err)"
[ -f victim/a ] && [ -f victim/b ] && [ -f rules.md ]
ok "a planted link is never followed: nothing of the user's deleted" $? "$(ls -A . victim)"
[ -L out/.sandtable-4000000-abcdef ] && [ -L out/rules/.sandtable-999998-qwerty ]
ok "the planted links themselves are left alone" $? "$(ls -A out out/rules)"

# A dead run's own leftovers do go: a plain file, a plain stage of files;
# a stage holding a folder is not one sandtable made, and stays.
: >out/.sandtable-4000002-aaaaaa
mkdir out/.sandtable-build-4000003-bbbbbb out/.sandtable-build-4000004-cccccc
: >out/.sandtable-build-4000003-bbbbbb/reference.pdf
mkdir out/.sandtable-build-4000004-cccccc/folder
: >out/.sandtable-4000005-toolong1 # not a name mkstemp makes
"$BIN" build -q rules.md -o out 2>err
[ ! -e out/.sandtable-4000002-aaaaaa ] && [ ! -e out/.sandtable-build-4000003-bbbbbb ]
ok "a dead run's plain leftovers are swept" $? "$(ls -A out)"
[ -d out/.sandtable-build-4000004-cccccc/folder ] && [ -e out/.sandtable-4000005-toolong1 ]
ok "what sandtable would not have made is not swept" $? "$(ls -A out)"
rm -rf out/.sandtable-* out/rules/.sandtable-*

# 2. The build's switch is one step: a file of the user's in out/NAME/
# stays; SIGKILL at random moments leaves one whole version.
echo mine >out/rules/notes.txt
agrees out/rules
ok "a build's index.json agrees with its files" $?
bad=0 i=0
while [ $i -lt 12 ]; do
	sed "s/^title: .*/title: Version $i/" rules.md >v.md
	mv v.md rules.md
	"$BIN" build -q rules.md -o out 2>/dev/null &
	pid=$!
	# 0.1 s to 0.75 s: before, during and after the products and the swap.
	sleep "0.$(( (i * 37) % 7 + 1 ))"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	agrees out/rules || bad=$((bad + 1))
	i=$((i + 1))
done
ok "a build killed at any moment leaves one version (12 kills)" $bad "$bad of 12 mixed"
[ "$(cat out/rules/notes.txt 2>/dev/null)" = mine ]
ok "a file of the user's beside the products is kept through builds" $?

# 3. Ctrl-C and SIGTERM remove the stage at once, not at the next run.
for sig in INT TERM; do
	"$BIN" build -q rules.md -o out 2>/dev/null &
	pid=$!
	sleep 0.3
	kill -$sig $pid 2>/dev/null
	wait $pid 2>/dev/null
	left=$(ls -A out out/rules | grep '^\.sandtable-')
	[ -z "$left" ] && agrees out/rules
	ok "SIG$sig leaves no stage and the last version whole" $? "left: $left"
done

# 4. Two builds of one target at the same time, five rounds: never mixed.
cp rules.md other.md
sed -i 's/^title: .*/title: The Other One/' other.md
mkdir -p two
bad=0 i=0
while [ $i -lt 5 ]; do
	"$BIN" build -q rules.md -o two 2>/dev/null &
	a=$!
	mkdir -p x && cp other.md x/rules.md
	"$BIN" build -q x/rules.md -o two 2>/dev/null &
	b=$!
	wait $a $b
	agrees two/rules || bad=$((bad + 1))
	i=$((i + 1))
done
ok "two builds of one target at once never mix (5 rounds)" $bad "$bad of 5 mixed"

# 5. Three scenarios with different seeds and one -o: the PDF and the YAML
# are of one run.
bad=0 i=0
while [ $i -lt 4 ]; do
	for seed in 3 5 7; do
		"$BIN" scenario -q rules.md --seed $seed -o sc.pdf 2>/dev/null &
	done
	wait
	ys=$(sed -n 's/^seed: //p' sc.yaml)
	ps=$(pdftotext sc.pdf - 2>/dev/null | sed -n 's/.*terrain seed \([0-9]*\).*/\1/p' | head -1)
	[ -n "$ys" ] && [ "$ys" = "$ps" ] || bad=$((bad + 1))
	i=$((i + 1))
done
ok "concurrent scenarios: the PDF and its YAML are one run's (4 rounds)" $bad "$bad of 4 paired wrong"
left=$(ls -A . | grep '^\.sandtable-')
[ -z "$left" ]
ok "no temporary file left" $? "$left"
