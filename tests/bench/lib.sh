# lib.sh: sourced by the bench scripts that time one command at a time
# (hostile*.sh, limits.sh), as . "$(dirname "$0")/lib.sh"; not a bench of
# its own. The caller sets T, a scratch directory. Its awk runs in the C
# locale, so that every figure has a decimal point, whatever the locale.

# What run prints (a script may set them after sourcing this): its tag,
# the width of the label, the sed script that trims the first error line,
# and the characters of that line kept.
RUN_TAG=hostile
RUN_WIDTH=44
RUN_TRIM='s/^sandtable: //'
RUN_CUT=90

# measure COMMAND...: runs COMMAND (for 300 s at most, its output
# dropped, its errors in $T/err) and sets rc (its exit status), wall and
# cpu (seconds, with two decimals) and mb (peak memory in MB; 0, as is
# cpu, without GNU time).
measure() {
	s=$(date +%s%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f "%U %S %M" -o "$T/time" timeout 300 "$@" \
		    >/dev/null 2>"$T/err"
		rc=$?
	else
		timeout 300 "$@" >/dev/null 2>"$T/err"
		rc=$?
		echo "0 0 0" >"$T/time"
	fi
	e=$(date +%s%N)
	set -- $(tail -1 "$T/time")
	cpu=$(echo "$1 $2" | LC_ALL=C awk '{ printf "%.2f", $1 + $2 }')
	mb=$(( ${3:-0} / 1024 ))
	wall=$(echo "$s $e" | LC_ALL=C awk '{ printf "%.2f", ($2 - $1) / 1e9 }')
}

# failure: when rc is not 0, " — " and the first error line of $T/err
# (RUN_TRIM applied, RUN_CUT characters of it); else nothing.
failure() {
	[ "$rc" -ne 0 ] || return 0
	printf ' — %s' "$(grep -m1 'error' "$T/err" | sed "$RUN_TRIM" |
	    cut -c1-"$RUN_CUT")"
}

# run LABEL COMMAND...: prints wall s, CPU s, peak MB and the exit status,
# with a verdict against the target (5 s of CPU and 256 MB; exit 1 or 2,
# a refusal, is ok) and the first error when it failed.
run() {
	label=$1
	shift
	measure "$@"
	verdict=ok
	if [ "$rc" -gt 2 ]; then
		verdict="CRASH/TIMEOUT"
	elif [ "$mb" -gt 256 ] ||
	    LC_ALL=C awk -v c="$cpu" 'BEGIN { exit !(c > 5) }'; then
		verdict="OVER 5 s / 256 MB"
	fi
	printf "%s %-${RUN_WIDTH}s %6s s wall %6s s CPU %5s MB exit %s %s%s\n" \
	    "$RUN_TAG" "$label:" "$wall" "$cpu" "$mb" "$rc" "$verdict" \
	    "$(failure)"
}
