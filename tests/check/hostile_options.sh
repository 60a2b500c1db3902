#!/bin/sh
# Options and template values outside their limits are refused, naming
# the option (or the template's line), never clamped in silence.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=rulesets/dice-skirmish.md

t() { # NAME WANT-STATUS PATTERN-IN-STDERR COMMAND...
	name=$1 want=$2 pat=$3
	shift 3
	timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $name: exit $got, wanted $want: $(head -c 200 "$tmp/err")"
	elif [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; then
		echo "FAIL: $name: no '$pat' in: $(head -c 200 "$tmp/err")"
	else
		echo "PASS: $name"
	fi
}

t "--crop-length 500mm is refused" 2 "cards: --crop-length 500mm: from 0 to 20 mm" \
	"$BIN" cards -q "$R" --crop-length 500mm -o "$tmp/c.pdf"
t "--crop-offset=500mm is refused" 2 "cards: --crop-offset 500mm: from 0 to 20 mm" \
	"$BIN" cards -q "$R" --crop-offset=500mm -o "$tmp/c.pdf"
t "--crop-length 20mm is taken" 0 "" "$BIN" cards -q "$R" --crop-length 20mm -o "$tmp/c.pdf"
t "--labels '%0999999c' is refused" 1 "--labels %0999999c: a width in the label format is from 1 to 9" \
	"$BIN" map -q --labels '%0999999c' -o "$tmp/m.pdf"
t "--labels '%9c-%%%03r' is taken" 0 "" "$BIN" map -q --labels '%9c-%%%03r' -o "$tmp/m.pdf"
t "map --table 999999x999999mm blames --table" 1 "map: --table 999999x999999mm: bad table size: 10 cm to 100 m a side" \
	"$BIN" map -q --grid none --table 999999x999999mm -o "$tmp/m.pdf"
printf 'margin: 1000mm\n' >"$tmp/rb.yaml"
t "a rulebook template's bad margin fails the book" 1 "rb.yaml:1:9: error: template: 'margin'" \
	"$BIN" rulebook -q -t "$tmp/rb.yaml" "$R" -o "$tmp/rb.pdf"
[ ! -e "$tmp/rb.pdf" ] && echo "PASS: no book written with a bad template" ||
	echo "FAIL: no book written with a bad template"
t "play --games past 1,000,000 is refused" 2 "--games '2000000': needs a whole number from 1 to 1000000" \
	"$BIN" play "$R" --games 2000000
t "report --games past 1,000,000 is refused" 2 "report: --games '2000000': needs a whole number from 0 to 1000000" \
	"$BIN" report -q "$R" --games 2000000 -o "$tmp/r.pdf"
# A scenario's ruleset: that cannot be read names the scenario's line too.
"$BIN" scenario -q "$R" -o "$tmp/s.pdf" 2>/dev/null
sed 's|^ruleset: .*|ruleset: /dev/zero|' "$tmp/s.yaml" >"$tmp/z.yaml"
t "a scenario naming /dev/zero as its ruleset names its line" 1 "z.yaml:[0-9]*:[0-9]*: error: the ruleset '/dev/zero' named here" \
	"$BIN" play --scenario "$tmp/z.yaml"
# A deployment zone as deep as half the table is refused at its line.
sed 's/^  deploy: .*/  deploy: 999999mm/' "$R" >"$tmp/dep.md"
t "battle: deploy: 999999mm is refused at its line" 1 "dep.md:$(grep -n '^  deploy:' "$tmp/dep.md" | cut -d: -f1):11: error: 'deploy' .* half the table" \
	"$BIN" check -q --games 0 "$tmp/dep.md"
