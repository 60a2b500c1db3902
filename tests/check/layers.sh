#!/bin/sh
# The architecture, held: the layers of src/ and the libraries each may
# include, from the compiler's own dependency output against the rules in
# layers.rules (and a copy of the tree with breaches planted, which must
# fail); then the plug-in seam of rule families (engine.h, "Adding a rule family"):
# above src/engine/ nothing asks which family a ruleset uses or reaches
# into a family's own headers; every built-in family describes what the
# products show of it. Source checks, so they hold for code not yet run.
cd "$(dirname "$0")/../.." || exit 2
above="src/cli src/render src/scenario src/check"

# A family is found by name in the engine's table: above it, neither a
# ruleset's engine: nor a family's name is compared with one of them.
# family_checks DIR: where the layers above the engine in DIR do.
family_checks() {
	fam='"(none|firepower|morale|dice)"'
	cmp='(strn?(case)?cmp|rs_name_eq)\('
	(cd "$1" && grep -rnE "$cmp[^;]*(->engine|->name)[^;]*$fam|$cmp[^;]*$fam[^;]*(->engine|->name)|eng_family_find\($fam" $above)
}
hits=$(family_checks .)
if [ -z "$hits" ]; then echo "PASS: no family checks above the engine"
else echo "FAIL: no family checks above the engine: $(echo "$hits" | head -3)"; fi

hits=$(grep -rnE '#include .*(firepower|morale|mo_odds|dice_tables)\.h' $above)
if [ -z "$hits" ]; then echo "PASS: no family headers above the engine"
else echo "FAIL: no family headers above the engine: $(echo "$hits" | head -3)"; fi

# Each row of the family table fills in its eng_show.
rows=$(sed -n '/^#define ENG_FAMILIES(F)/,/end of the families/p' \
    src/engine/game.c | sed -n 's/^\tF(\([a-z_0-9]*\)).*/eng_\1/p')
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

# The layers and the libraries, from the compiler's own dependency output:
# every file of src/ against tests/check/layers.rules.
CFLAGS_ALL=$(make -s --no-print-directory cflags 2>/dev/null)
if [ -z "$CFLAGS_ALL" ] || ! command -v python3 >/dev/null; then
	echo "FAIL: layers from cc -M: no build flags (make cflags) or no python3"
	exit 0
fi
python3 tests/check/layers_deps.py . tests/check/layers.rules "$CFLAGS_ALL"

# The check of the check: a copy of the tree with breaches planted (a
# library where it may not be, a layer looking up, a known breach mended)
# must fail, naming each.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R src "$tmp/src"
printf '#include <cairo.h>\n' >>"$tmp/src/engine/rng.c"
printf '#include "../render/render.h"\n' >>"$tmp/src/ruleset/model.c"
printf '#include <yaml.h>\n' >>"$tmp/src/scenario/grid.c"
printf '#include <jansson.h>\n' >>"$tmp/src/base/text.c"
# A product's folder is render: it may not include the CLI.
printf '#include "../../cli/cli.h"\n' >>"$tmp/src/render/cards/product.c"
# Family checks in two spellings (the family's name, the ruleset's
# engine:) must be found.
printf 'static int f(const struct eng_ctx *c) { return strcmp(c->fam->name, "morale") == 0; }\n' >>"$tmp/src/render/stats.c"
printf 'static int g(const struct ruleset *rs) { return !strcasecmp("dice", rs->engine); }\n' >>"$tmp/src/cli/product_cmd.c"
n=$(family_checks "$tmp" | wc -l)
[ "$n" -eq 2 ] && echo "PASS: planted family checks are found" ||
    echo "FAIL: planted family checks are found: $n"
# A known breach that is not there (the rules' copy lists one).
cp tests/check/layers.rules "$tmp/layers.rules"
printf 'known src/engine/mo_odds_doc.c jansson planted\n' >>"$tmp/layers.rules"
python3 tests/check/layers_deps.py "$tmp" "$tmp/layers.rules" "$CFLAGS_ALL" >"$tmp/out"
for want in "src/engine/rng.c (engine) may not include cairo" \
    "src/ruleset/model.c (ruleset) may not include render" \
    "src/scenario/grid.c (scenario) may not include libyaml" \
    "src/base/text.c (base) may not include jansson" \
    "src/render/cards/product.c (render) may not include cli" \
    "src/engine/mo_odds_doc.c no longer includes jansson"; do
	grep -q "^FAIL: $want" "$tmp/out" &&
	    echo "PASS: a planted breach fails the check: $want" ||
	    echo "FAIL: a planted breach fails the check: $want: $(grep FAIL "$tmp/out" | head -3)"
done
n=$(grep -c '^FAIL' "$tmp/out")
[ "$n" -eq 6 ] && echo "PASS: the planted tree fails on its 6 breaches, no more" ||
    echo "FAIL: the planted tree fails on its 6 breaches, no more: $n: $(grep FAIL "$tmp/out")"

# The layers at link level, from nm of the built objects: what each
# object calls is defined in a layer it may use. And its check: with the
# engine allowed no base, the engine's calls into base must fail it.
obj=build/src
[ -d "$obj" ] || obj=build-san/src
python3 tests/check/layers_link.py "$obj" tests/check/layers.rules
sed 's/^layer engine   base /layer engine   /' tests/check/layers.rules \
    >"$tmp/narrow.rules"
python3 tests/check/layers_link.py "$obj" "$tmp/narrow.rules" >"$tmp/link"
grep -q '^FAIL: layers at link level: .* (engine) calls .* of base$' \
    "$tmp/link" &&
    echo "PASS: a narrowed layer fails the link-level check" ||
    echo "FAIL: a narrowed layer fails the link-level check: $(head -3 "$tmp/link")"
