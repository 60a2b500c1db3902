#!/bin/sh
# table_ir.sh BIN: issue 36's table edit counted in instructions rather
# than timed (the machine's speed drifts; the count does not): a build
# of a bundled ruleset, the watch probe's table edit (one unit's stat),
# then the incremental build under valgrind --tool=callgrind, which
# makes each product in a process of its own, two at a time. Printed:
# the build's own instructions (start-up included: hashing the
# executable, about 340 M, which a watch does once) and each product
# process's (its job, and its threads'), in millions. Rulesets:
# TABLE_IR_RULESETS (default cinder-vale; each takes a minute or two).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
command -v valgrind >/dev/null 2>&1 || {
	echo "table edit instructions: valgrind not installed"
	exit 0
}
command -v callgrind_annotate >/dev/null 2>&1 || {
	echo "table edit instructions: callgrind_annotate not installed"
	exit 0
}
SRC=$(pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for r in ${TABLE_IR_RULESETS:-cinder-vale}; do
	rm -rf "$T/w" && mkdir -p "$T/w/cg"
	cp -r "$SRC/templates" "$T/w/templates"
	cp "$SRC/rulesets/$r.md" "$T/w/$r.md"
	(
		cd "$T/w" || exit 2
		export XDG_CACHE_HOME="$T/w/cache"
		"$BIN" build -q -o out "$r.md" || exit 2
		python3 - "$r" <<'EOF' || exit 2
import sys
# The watch probe's edits (tests/bench/watch.sh).
TABLE = {
    "cinder-vale": ("| Lantern Wardens | warden    | 12 ", "| Lantern Wardens | warden    | 13 "),
    "dice-skirmish": ("| Tide Scouts       | infantry  | 18 ", "| Tide Scouts       | infantry  | 17 "),
    "gauntlet-ancients": ("| Close Order Archers | infantry | 40 | 5 | 4 | 3 |", "| Close Order Archers | infantry | 40 | 5 | 4 | 2 |"),
    "morschauser-modern": ('| Antitank Rocket | infantry | 9" | — | 2 |', '| Antitank Rocket | infantry | 9" | — | 3 |'),
}
r = sys.argv[1]
old, new = TABLE[r]
t = open(r + ".md").read()
if old not in t:
    raise SystemExit("table edit: no %r in %s.md" % (old, r))
open(r + ".md", "w").write(t.replace(old, new, 1))
EOF
		valgrind --tool=callgrind --separate-threads=yes \
		    --callgrind-out-file=cg/cg.%p "$BIN" build -q -o out \
		    "$r.md" >/dev/null 2>&1
	) || {
		echo "table edit instructions $r: not built"
		continue
	}
	line="" tot=0
	for f in "$T"/w/cg/cg.*-01; do
		p=${f%-01}
		a=$(callgrind_annotate --inclusive=yes "$f" 2>/dev/null)
		what=$(echo "$a" | grep -a -m1 -oE 'render/[a-z]+/product\.c:product_[a-z]+' |
		    sed 's/.*product_//')
		if [ -z "$what" ]; then
			what=build
			n=$(grep -a -m1 '^summary:' "$f" | awk '{ print $2 }')
		else
			# Its own: what it inherited from the build is not.
			n=$(echo "$a" | grep -a -m1 'cmd_build\.c:job_run ' |
			    awk '{ gsub(",", "", $1); print $1 }')
		fi
		for t in "$p"-*; do
			[ "$t" = "$f" ] && continue
			n=$((n + $(grep -a -m1 '^summary:' "$t" | awk '{ print $2 }')))
		done
		tot=$((tot + n))
		line="$line, $what $((n / 1000000))"
	done
	echo "table edit instructions $r (M): ${line#, }; $((tot / 1000000)) in all"
done
