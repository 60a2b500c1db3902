/* Which military map symbol a unit gets (src/ruleset/symbol.c): the
 * Symbol column's word, else keywords of its name and class, else its
 * class's own; every bundled ruleset's units, one by one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ruleset/ruleset.h"

static struct ruleset *
load(const char *path)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read(path, &d);

	cr_assert_not_null(rs, "%s", path);
	cr_assert_lt(diags_worst(&d), SEV_ERROR, "%s: %s", path,
	    d.n ? d.v[0].msg : "");
	diags_free(&d);
	return rs;
}

/* The symbol of the unit named name, by its symbol's name. */
static const char *
sym_of(const struct ruleset *rs, const char *name)
{
	int i = rs_unit_find(rs, name);

	cr_assert_geq(i, 0, "no unit '%s'", name);
	return rs_symbol_name(rs->units[i].symbol);
}

struct want {
	const char *unit, *sym;
};

static void
expect(const char *path, const struct want *w, size_t n)
{
	struct ruleset *rs = load(path);
	size_t i;

	cr_assert_eq(rs->nunits, n, "%s: %zu units, the test knows %zu", path,
	    rs->nunits, n);
	for (i = 0; i < n; i++)
		cr_expect_str_eq(sym_of(rs, w[i].unit), w[i].sym, "%s: %s",
		    path, w[i].unit);
	rs_free(rs);
}

Test(symbol, morschauser_modern)
{
	static const struct want w[] = {
		{ "Rifle", "infantry" },
		{ "Machine Gun", "machine-gun" },
		{ "Antitank Rocket", "anti-tank" },
		{ "Field Gun", "artillery" },
		{ "Field Howitzer", "artillery" },
		{ "Tank", "armour" },
		{ "Armored Scout Car", "armoured-recon" },
	};

	expect("../rulesets/morschauser-modern.md", w,
	    sizeof(w) / sizeof(w[0]));
}

Test(symbol, gauntlet_ancients)
{
	static const struct want w[] = {
		{ "Close Order Infantry", "heavy-infantry" },
		{ "Close Order Pikes", "pike" },
		{ "Close Order Archers", "bowmen" },
		{ "Loose Order Infantry", "infantry" },
		{ "Open Order Infantry", "skirmishers" },
		{ "Levy Infantry", "infantry" },
		{ "Armoured Cavalry", "heavy-cavalry" },
		{ "Close Order Cavalry", "cavalry" },
		{ "Open Order Cavalry", "cavalry" },
		{ "Elephants", "elephant" },
		{ "Heavy Chariots", "chariot" },
		{ "Light Chariots", "chariot" },
		{ "Artillery", "artillery" },
	};

	expect("../rulesets/gauntlet-ancients.md", w,
	    sizeof(w) / sizeof(w[0]));
}

Test(symbol, dice_skirmish)
{
	static const struct want w[] = {
		{ "Reed Wardens", "infantry" },
		{ "Tide Scouts", "recon" },
		{ "Saltburn Lancers", "heavy-cavalry" },
		{ "Heron Crossbows", "bowmen" },
		{ "Mirewright Engine", "armour" },
		{ "Shellback Guard", "infantry" },
		{ "Gull Riders", "cavalry" },
	};

	expect("../rulesets/dice-skirmish.md", w, sizeof(w) / sizeof(w[0]));
}

/* A print-only game: the Symbol column wins over every keyword, words
 * of the game's own class count, and a class of its own with no keyword
 * is none (the renderer puts the class's letters in the frame). A
 * keyword is a whole word or its plural: Gunners are no gun. */
static const char print_only[] = "---\n"
                                 "title: Symbols\n"
                                 "engine: none\n"
                                 "---\n"
                                 "\n"
                                 "## Units\n"
                                 "\n"
                                 "| Unit | Class | Move | Symbol |\n"
                                 "|---|---|---|---|\n"
                                 "| Brigade HQ | infantry | 6 | |\n"
                                 "| Sappers | infantry | 6 | |\n"
                                 "| Commandos | infantry | 6 | |\n"
                                 "| Dragoons | infantry | 6 | armor |\n"
                                 "| Panzergrenadiers | vehicle | 6 | |\n"
                                 "| Gunners | crew | 6 | |\n"
                                 "| Wyrm | monster | 6 | |\n"
                                 "| Knights | mounted | 6 | |\n"
                                 "| Hoplites | foot | 6 | |\n"
                                 "| Peltasts | light foot | 6 | |\n"
                                 "| Elephant Guard | beast | 6 | |\n"
                                 "| Bazooka Team | infantry | 6 | |\n"
                                 "| Heavy Gunner | infantry | 6 | |\n"
                                 "| Field Guns | crew | 6 | |\n"
                                 "| Rocket Batteries | crew | 6 | |\n"
                                 "| Longbowmen | crew | 6 | |\n"
                                 "| Skirmishers | crew | 6 | |\n"
                                 "| Gunslingers | crew | 6 | |\n"
                                 "| Bowery Boys | crew | 6 | |\n"
                                 "| Legionaries | crew | 6 | |\n";

Test(symbol, keywords_column_and_fallback)
{
	static const struct want w[] = {
		{ "Brigade HQ", "headquarters" },
		{ "Sappers", "engineer" },
		{ "Commandos", "infantry" },
		{ "Dragoons", "armour" },
		{ "Panzergrenadiers", "mechanised" },
		{ "Gunners", "none" },
		{ "Wyrm", "none" },
		{ "Knights", "heavy-cavalry" },
		{ "Hoplites", "heavy-infantry" },
		{ "Peltasts", "skirmishers" },
		{ "Elephant Guard", "elephant" },
		{ "Bazooka Team", "anti-tank" },
		{ "Heavy Gunner", "heavy-infantry" },
		{ "Field Guns", "artillery" },
		{ "Rocket Batteries", "artillery" },
		{ "Longbowmen", "bowmen" },
		{ "Skirmishers", "skirmishers" },
		{ "Gunslingers", "none" },
		{ "Bowery Boys", "none" },
		{ "Legionaries", "heavy-infantry" },
	};
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("sym.md", print_only, strlen(print_only),
	    &d);
	size_t i;

	cr_assert_not_null(rs);
	cr_assert_lt(diags_worst(&d), SEV_ERROR, "%s", d.n ? d.v[0].msg : "");
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		cr_expect_str_eq(sym_of(rs, w[i].unit), w[i].sym, "%s",
		    w[i].unit);
	cr_expect(rs->units[rs_unit_find(rs, "Dragoons")].symbol_set);
	cr_expect(!rs->units[rs_unit_find(rs, "Sappers")].symbol_set);
	rs_free(rs);
	diags_free(&d);
}

Test(symbol, cinder_vale)
{
	static const struct want w[] = {
		{ "Lantern Wardens", "none" },
		{ "Ember Archers", "bowmen" },
		{ "Kiln Guard", "infantry" },
		{ "Ash Hounds", "none" },
		{ "Cinder Golem", "none" },
	};

	expect("../rulesets/cinder-vale.md", w, sizeof(w) / sizeof(w[0]));
}

Test(symbol, unknown_word_is_an_error_at_its_cell)
{
	static const char src[] =
	    "---\ntitle: Bad\nengine: none\n---\n\n## Units\n\n"
	    "| Unit | Class | Move | Symbol |\n|---|---|---|---|\n"
	    "| Rifle | infantry | 6 | blob |\n";
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("bad.md", src, strlen(src), &d);
	size_t i, found = 0;

	cr_assert_not_null(rs);
	for (i = 0; i < d.n; i++)
		if (d.v[i].sev == SEV_ERROR &&
		    strstr(d.v[i].msg, "unknown Symbol 'blob'") != NULL) {
			cr_expect_eq(d.v[i].line, 10);
			cr_expect_eq(d.v[i].col, 25);
			found++;
		}
	cr_expect_eq(found, 1);
	/* The guess stands in. */
	cr_expect_str_eq(rs_symbol_name(rs->units[0].symbol), "infantry");
	rs_free(rs);
	diags_free(&d);
}

Test(symbol, names_parse_back)
{
	enum rs_symbol s;
	int i;

	for (i = 0; i < RS_SYM__MAX; i++) {
		cr_assert_eq(rs_symbol_parse(rs_symbol_name((enum rs_symbol)i),
		                 &s),
		    0);
		cr_expect_eq((int)s, i);
		cr_expect_not_null(strstr(rs_symbol_names(),
		    rs_symbol_name((enum rs_symbol)i)));
	}
	cr_expect_eq(rs_symbol_parse("HQ", &s), 0);
	cr_expect_eq(s, RS_SYM_HEADQUARTERS);
	cr_expect_eq(rs_symbol_parse("tankette", &s), -1);
}
