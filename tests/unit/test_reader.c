/* The ruleset reader: a small ruleset in memory into the model. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../src/engine/engine.h"
#include "../../src/ruleset/ruleset.h"

static const char small[] =
    "---\n"
    "title: Small\n"
    "engine: firepower\n"
    "measure: in\n"
    "grid: square 3in\n"
    "battle:\n"
    "  turns: 12\n"
    "  forces:\n"
    "    Rifle: 3\n"
    "---\n"
    "\n"
    "## Units\n"
    "\n"
    "| Unit | Class | Move | Melee | Weapons |\n"
    "|------|-------|------|-------|---------|\n"
    "| Rifle | infantry | 9 | 4 | Rifle, AT grenade |\n"
    "\n"
    "## Weapons\n"
    "\n"
    "| Weapon | Range | Hits on | Destroys |\n"
    "|---|---|---|---|\n"
    "| Rifle | 15 | 4, 6 | infantry, artillery |\n"
    "| AT grenade | 4\" | 4,6 | all |\n"
    "\n"
    "## Sequence of play\n"
    "\n"
    "1. **Initiative** - roll a die.\n"
    "2. **Turn** - move, fire, melee.\n"
    "\n"
    "```test-game\n"
    "name: one\n"
    "dice: [1, 2]\n"
    "```\n";

Test(reader, small_ruleset)
{
	static const char *const melee[] = { "Melee", NULL };
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("small.md", small, strlen(small), &d);

	cr_assert_not_null(rs);
	cr_assert_eq(diags_worst(&d), -1, "no diagnostics expected, got %s",
	    d.n ? d.v[0].msg : "");
	cr_assert_str_eq(rs->engine, "firepower");
	cr_assert_eq(rs->nunits, 1);
	cr_assert_str_eq(rs->units[0].name, "Rifle");
	cr_assert_eq(rs->units[0].pos.line, 16);
	cr_assert_float_eq(rs->units[0].move_mm, 228.6, 1e-9);
	/* Melee is the firepower family's column: the reader keeps its cell
	 * as written for the family to read. */
	cr_assert_str_eq(eng_unit_cell(rs, &rs->units[0], melee, NULL), "4");
	cr_assert_eq(rs->units[0].nweapons, 2);
	cr_assert_eq(rs->weapons[1].hit_faces.w[0], (1u << 4) | (1u << 6));
	cr_assert_eq(rs->weapons[1].destroys, RS_CLASS_ALL);
	cr_assert_float_eq(rs->weapons[1].range_mm, 101.6, 1e-9);
	cr_assert_eq(rs->grid, RS_GRID_SQUARE);
	cr_assert_float_eq(rs->cell_mm, 76.2, 1e-9);
	cr_assert_eq(rs->nphases, 2);
	cr_assert_str_eq(rs->phases[0].name, "Initiative");
	cr_assert_eq(rs->ntests, 1);
	cr_assert_str_eq(rs->tests[0].name, "one");
	cr_assert_eq(rs->tests[0].pos.line, 30);
	cr_assert_eq(rs->turn_limit, 12);
	cr_assert_eq(rs->nforces, 1);
	cr_assert_eq(rs->forces[0].unit, 0);
	cr_assert_eq(rs->forces[0].count, 3);
	rs_free(rs);
	diags_free(&d);
}

Test(reader, test_game_yaml_positions_are_in_the_file)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("small.md", small, strlen(small), &d);
	const struct rs_node *dice = rs_node_get(rs->tests[0].doc, "dice");

	cr_assert_not_null(dice);
	cr_assert_eq(dice->kind, RS_NODE_SEQ);
	cr_assert_eq(dice->pos.line, 32);
	rs_free(rs);
	diags_free(&d);
}

Test(reader, markdown_tree_is_kept)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("small.md", small, strlen(small), &d);
	size_t i, headings = 0, tables = 0;

	for (i = 0; i < rs->doc->nkids; i++) {
		headings += rs->doc->kids[i]->kind == RS_MD_HEADING;
		tables += rs->doc->kids[i]->kind == RS_MD_TABLE;
	}
	cr_assert_eq(headings, 3);
	cr_assert_eq(tables, 2);
	rs_free(rs);
	diags_free(&d);
}

/* One reading of a grid for the front matter, test games and --grid. */
Test(reader, grid_spellings)
{
	enum rs_grid g;
	double cell;
	const char *why;

	cr_assert_eq(rs_grid_parse("Square 3in", LEN_MM, &g, &cell, &why), 0);
	cr_assert_eq(g, RS_GRID_SQUARE);
	cr_assert_float_eq(cell, 76.2, 1e-9);
	cr_assert_eq(rs_grid_parse("hex:30", LEN_MM, &g, &cell, &why), 0);
	cr_assert_eq(g, RS_GRID_HEX);
	cr_assert_float_eq(cell, 30, 1e-9);
	cr_assert_eq(rs_grid_parse("hex-flat 1in", LEN_MM, &g, &cell, &why),
	    0);
	cr_assert_eq(g, RS_GRID_HEX);
	cr_assert_eq(rs_grid_parse("HEX-POINTY\t2cm", LEN_MM, &g, &cell, &why),
	    0);
	cr_assert_eq(g, RS_GRID_HEX_POINTY);
	cr_assert_float_eq(cell, 20, 1e-9);
	cr_assert_eq(rs_grid_parse("square", LEN_MM, &g, &cell, &why), 0);
	cr_assert_float_eq(cell, 0, 1e-9, "no size given");
	cr_assert_eq(rs_grid_parse("none", LEN_MM, &g, &cell, &why), 0);
	cr_assert_eq(g, RS_GRID_NONE);
	cr_assert_eq(rs_grid_parse("none 3in", LEN_MM, &g, &cell, &why), -1);
	cr_assert_eq(rs_grid_parse("square 0mm", LEN_MM, &g, &cell, &why), -1);
	cr_assert_eq(rs_grid_parse("triangle 3in", LEN_MM, &g, &cell, &why),
	    -1);
}

/* Print only: engine none, or no engine line (a note at the front
 * matter); nothing a family plays is asked for; a test game is an error
 * at its fence. */
static const char own[] = "---\n"
                          "title: Own\n"
                          "%s"
                          "battle:\n"
                          "  forces: { Spear: 3 }\n"
                          "---\n"
                          "\n"
                          "## Units\n"
                          "\n"
                          "| Unit | Class | Move |\n"
                          "|------|-------|------|\n"
                          "| Spear | infantry | 4in |\n"
                          "\n"
                          "## Sequence of play\n"
                          "\n"
                          "1. **Move** - move.\n"
                          "%s";

static struct ruleset *
own_parse(const char *engine, const char *tail, struct diags *d)
{
	char *src = xasprintf(own, engine, tail);
	struct ruleset *rs = rs_parse("own.md", src, strlen(src), d);

	free(src);
	cr_assert_not_null(rs);
	return rs;
}

Test(reader, print_only)
{
	struct diags d = { 0 };
	struct ruleset *rs = own_parse("engine: none\n", "", &d);

	cr_assert_eq(diags_worst(&d), -1, "no diagnostics expected, got %s",
	    d.n ? d.v[0].msg : "");
	cr_assert(eng_show_of(rs)->print_only);
	cr_assert_eq(rs->engine_pos.line, 3);
	cr_assert_eq(rs->nforces, 1);
	rs_free(rs);
	diags_free(&d);

	/* The note names the engines that play: the engine words it. */
	rs = own_parse("", "", &d);
	eng_family_check(rs, &d);
	cr_assert(eng_show_of(rs)->print_only);
	cr_assert_eq(d.n, 1);
	cr_assert_eq(d.v[0].sev, SEV_NOTE);
	cr_assert_eq(d.v[0].line, 2);
	cr_assert(strstr(d.v[0].msg,
	              "no engine in the front matter: print "
	              "only") != NULL,
	    "%s", d.v[0].msg);
	rs_free(rs);
	diags_free(&d);

	rs = own_parse("engine: none\n", "\n```test-game\nname: x\n```\n", &d);
	eng_family_check(rs, &d);
	cr_assert_eq(diags_worst(&d), SEV_ERROR);
	cr_assert_eq(d.v[0].line, 18);
	cr_assert_eq(d.v[0].col, 1);
	cr_assert(strstr(d.v[0].msg, "no engine to play it") != NULL, "%s",
	    d.v[0].msg);
	/* The reader, which knows no family, keeps it; the engine refuses
	 * it (above). */
	cr_assert_eq(rs->ntests, 1);
	rs_free(rs);
	diags_free(&d);
}

/* lang: de reads German headings, columns and classes (ruleset/lang.c);
 * the same words in an English ruleset are prose. */
static const char german[] =
    "---\n"
    "title: Klein\n"
    "lang: de\n"
    "engine: firepower\n"
    "measure: in\n"
    "battle:\n"
    "  turns: 12\n"
    "  forces:\n"
    "    Schützen: 3\n"
    "---\n"
    "\n"
    "## Einheiten\n"
    "\n"
    "| Name | Klasse | Bewegung | Straßenbewegung | Nahkampf | Waffen |\n"
    "|---|---|---|---|---|---|\n"
    "| Schützen | Infanterie | 9 | — | 4 | Gewehr |\n"
    "| Panzer | Fahrzeug | 9 | 12 | 2 | Gewehr |\n"
    "\n"
    "## Waffen\n"
    "\n"
    "| Waffe | Reichweite | Trifft bei | Vernichtet |\n"
    "|---|---|---|---|\n"
    "| Gewehr | 15 | 4, 6 | Infanterie, Artillerie |\n"
    "\n"
    "## Gelände\n"
    "\n"
    "| Gelände | Art | Wirkung |\n"
    "|---|---|---|\n"
    "| Wäldchen | Wald | Blockiert die Sicht. |\n"
    "\n"
    "## Spielablauf\n"
    "\n"
    "1. **Initiative** - ein Würfel.\n"
    "2. **Zug** - bewegen, schießen.\n";

Test(reader, german_headings_and_columns)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("de.md", german, strlen(german), &d);

	cr_assert_not_null(rs);
	cr_assert_lt(diags_worst(&d), SEV_ERROR, "no errors expected, got %s",
	    d.n ? d.v[0].msg : "");
	cr_assert_eq(rs->nunits, 2);
	cr_assert_eq(rs->units[0].cls, RS_CLASS_INFANTRY);
	cr_assert_eq(rs->units[1].cls, RS_CLASS_VEHICLE);
	cr_assert_float_eq(rs->units[1].road_move_mm, 304.8, 1e-9);
	cr_assert_eq(rs->nweapons, 1);
	cr_assert_eq(rs->weapons[0].destroys,
	    (1u << RS_CLASS_INFANTRY) | (1u << RS_CLASS_ARTILLERY));
	cr_assert_eq(rs->nterrain, 1);
	cr_assert_eq(rs->terrain[0].kind, RS_TERRAIN_WOOD);
	cr_assert_eq(rs->nphases, 2);
	cr_assert_str_eq(rs_heading_en("de", "Testspiele"), "Test games");
	cr_assert_str_eq(rs_heading_en("fr-CA", "Unités"), "Units");
	cr_assert_str_eq(rs_heading_en("en", "Einheiten"), "Einheiten");
	cr_assert_str_eq(rs_heading_en(NULL, "Einheiten"), "Einheiten");
	rs_free(rs);
	diags_free(&d);
}

Test(reader, german_headings_need_lang_de)
{
	char *en = strdup(german);
	struct diags d = { 0 };
	struct ruleset *rs;

	/* The same file without lang: de: no Units table. */
	memcpy(strstr(en, "lang: de"), "lang: en", 8);
	rs = rs_parse("en.md", en, strlen(en), &d);
	cr_assert_eq(diags_worst(&d), SEV_ERROR);
	rs_free(rs);
	diags_free(&d);
	free(en);
}
