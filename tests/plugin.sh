# plugin.sh: sourced by tests/check/example_family.sh and
# example_product.sh, which prove that a rule family, or a product, is one
# file and one row (issue 31). Run from the top of the tree.
#
# plug_in WHAT SRC DEST LIST MACRO END NAME LABEL: copies the tree as git
# knows it into $tmp/tree (a repository of its own, its first commit the
# pristine tree), adds the file SRC as DEST and the row MACRO(NAME) to
# the list in LIST that ends at "/* end of the END */", holds git's
# numstat of that to the file and one line, and builds the copy; BIN is
# then its sandtable. Returns 1, having said why, when the test can go no
# further (it skips, with a PASS, only without a C compiler).
root=$(pwd)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
CC=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s)

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }

plug_in() {
	what=$1 src=$2 dest=$3 list=$4 macro=$5 end=$6 name=$7 label=$8
	if ! command -v "$CC" >/dev/null 2>&1; then
		echo "PASS: example $what: SKIP, no C compiler ($CC)"
		return 1
	fi
	mkdir "$tmp/tree"
	if ! git ls-files -z |
	    xargs -0 cp -p --parents -t "$tmp/tree" 2>"$tmp/err"; then
		fail "copy the source tree" "$(head -c 300 "$tmp/err")"
		return 1
	fi
	cd "$tmp/tree" || return 1
	{
		git init -q . &&
		    git add -A &&
		    git -c user.name=t -c user.email=t@t \
		        -c commit.gpgsign=false commit -q -m pristine
	} >"$tmp/err" 2>&1 || {
		fail "git repository of the copy" "$(head -c 300 "$tmp/err")"
		return 1
	}

	# The one file and the one row: after the last row, its backslash
	# where the others have theirs.
	mkdir -p "$(dirname "$dest")"
	cp "$root/$src" "$dest"
	awk -v m="$macro" -v row="	$macro($name)" -v end="$end" '
	index($0, "\t" m "(") == 1 && /\\$/ { last = $0 }
	$0 == "\t/* end of the " end " */" && last != "" && !done {
		pad = length(last) - 1 - length(row)
		printf "%s%" (pad > 0 ? pad : 1) "s\\\n", row, ""
		done = 1
	}
	{ print }
	END { if (!done) exit 1 }
	' "$list" >"$tmp/list" && mv "$tmp/list" "$list" || {
		fail "add the row $macro($name)" \
		    "$list has no list ending in '/* end of the $end */'"
		return 1
	}

	# What the addition changed: exactly the file and the row.
	git add -A
	git diff --cached --numstat >"$tmp/numstat"
	git diff --cached --stat | sed 's/^/    /'
	want=$(printf '%s\n' \
	    "$(wc -l <"$root/$src" | tr -d ' ')	0	$dest" "1	0	$list" |
	    sort -k3)
	got=$(sort -k3 "$tmp/numstat")
	[ "$got" = "$want" ] &&
	    pass "the addition is $dest and one line of $list" ||
	    fail "the addition is $dest and one line of $list" \
	        "$(cat "$tmp/numstat")"

	# A test binary of the copy.
	if make -j2 sandtable >"$tmp/make" 2>&1 && [ -x sandtable ]; then
		pass "the copy with $label builds"
	else
		fail "the copy with $label builds" \
		    "$(grep -i 'error' "$tmp/make" | head -5)"
		return 1
	fi
	BIN=$tmp/tree/sandtable
}
