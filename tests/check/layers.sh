#!/bin/sh
# The plug-in seam of rule families (engine.h, "Adding a rule family"):
# above src/engine/ nothing asks which family a ruleset uses or reaches
# into a family's own headers; every built-in family describes what the
# products show of it. Source checks, so they hold for code not yet run.
cd "$(dirname "$0")/../.." || exit 2
above="src/cli src/render src/scenario src/check"

hits=$(grep -rnE 'RS_ENGINE_|->engine *[!=]=' $above)
if [ -z "$hits" ]; then echo "PASS: no family checks above the engine"
else echo "FAIL: no family checks above the engine: $(echo "$hits" | head -3)"; fi

hits=$(grep -rnE '#include .*(firepower|morale|mo_odds|dice_tables)\.h' $above)
if [ -z "$hits" ]; then echo "PASS: no family headers above the engine"
else echo "FAIL: no family headers above the engine: $(echo "$hits" | head -3)"; fi

# Each row of the family table fills in its eng_show.
rows=$(sed -n '/^static const struct eng_family \*const families\[\]/,/^};/p' \
    src/engine/game.c | grep -o '&eng_[a-z_]*' | sed 's/^&//')
[ -n "$rows" ] && echo "PASS: the family table has rows" || echo "FAIL: the family table has rows"
for f in $rows; do
	file=$(grep -l "^const struct eng_family $f = " src/engine/*.c)
	if [ -n "$file" ] && sed -n "/^const struct eng_family $f = /,/^};/p" "$file" |
	    grep -q '&[a-z_]*show'; then
		echo "PASS: family $f describes what the products show"
	else
		echo "FAIL: family $f describes what the products show"
	fi
done
