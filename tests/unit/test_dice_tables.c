/* What a family reads, and the dice family's tables: the note on own
 * columns printed but not played is the same for the firepower and
 * morale families as when the reader gave it, in the same place among
 * the reader's messages, and leaves out the columns the dice family
 * reads; the dice family's tables are read into struct dt_tables. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/dice_tables.h"
#include "../../src/engine/engine.h"

static const char fp_src[] =
    "---\ntitle: F\nengine: firepower\nmeasure: in\n---\n\n## Units\n\n"
    "| Unit | Class | Move | Melee | Weapons | Quality | Armour |\n"
    "|---|---|---|---|---|---|---|\n"
    "| Rifle | infantry | 9 | 4 | Rifle | 3+ | x |\n"
    "| Gun | infantry | minus | 4 | Rifle | 3+ | x |\n"
    "\n## Weapons\n\n"
    "| Weapon | Range | Hits on | Destroys | AP |\n|---|---|---|---|---|\n"
    "| Rifle | 15 | 4, 6 | infantry | -1 |\n";

static const char dice_src[] =
    "---\ntitle: D\nengine: dice\nmeasure: cm\n---\n\n## Units\n\n"
    "| Unit | Class | Move | Weapons | Combat | Toughness | Save | Wounds "
    "| Points |\n|---|---|---|---|---|---|---|---|---|\n"
    "| Spear | infantry | 10 | Bow | 3, 1 against mounted | 3 | 5+ | 2 | 10 |\n"
    "| Horse | cavalry | 20 | Bow | 4 | 4 | - | 3 | 20 |\n"
    "\n## Weapons\n\n"
    "| Weapon | Range | Attacks | To hit | Strength | AP | Damage |\n"
    "|---|---|---|---|---|---|---|\n"
    "| Bow | 30 | 2d6+1 | 4+ | 3 | -1 | d3 |\n"
    "\n## Combat\n\n| Setting | Value |\n|---|---|\n"
    "| shooting | pipeline |\n| melee | opposed |\n| contact | 3cm |\n"
    "| quality test | none |\n"
    "\n## Wound table\n\n| Strength | 3 | 4 |\n|---|---|---|\n"
    "| 3 | 4+ | - |\n"
    "\n## Melee outcomes\n\n| Result | Effect |\n|---|---|\n"
    "| beaten | recoil 2 bases, fight again at most 2 times |\n"
    "| equal | both recoil |\n";

/* The messages of reading src and what only its family can tell, as
 * the command line gets them. */
static struct ruleset *
load(const char *src, struct diags *d)
{
	struct ruleset *rs = rs_parse("t.md", src, strlen(src), d);

	cr_assert_not_null(rs);
	eng_family_check(rs, d);
	return rs;
}

Test(reads, firepower_note_unchanged_and_in_place)
{
	struct diags d = { 0 };
	struct ruleset *rs = load(fp_src, &d);

	/* The Units note, then the error of a row after the header, then
	 * the Weapons note: the order the reader gave them. */
	cr_assert_geq(d.n, 3);
	cr_assert_eq(d.v[0].sev, SEV_NOTE);
	cr_assert_str_eq(d.v[0].msg,
	    "the Units table's columns Quality, "
	    "Armour are the game's own: printed on the cards and the "
	    "reference sheet, not played by the firepower family");
	cr_assert_eq(d.v[0].line, 9);
	cr_assert_eq(d.v[1].sev, SEV_ERROR);
	cr_assert_eq(d.v[1].line, 12);
	cr_assert_eq(d.v[2].sev, SEV_NOTE);
	cr_assert_str_eq(d.v[2].msg,
	    "the Weapons table's column AP is the "
	    "game's own: printed on the cards and the reference sheet, not "
	    "played by the firepower family");
	/* The reader alone says nothing of them: the family is not known
	 * to it. */
	diags_free(&d);
	rs_free(rs);
	rs = rs_parse("t.md", fp_src, strlen(fp_src), &d);
	for (size_t i = 0; i < d.n; i++)
		cr_assert_neq(d.v[i].sev, SEV_NOTE, "%s", d.v[i].msg);
	diags_free(&d);
	rs_free(rs);
}

Test(reads, morale_note_names_the_family)
{
	static const char src[] =
	    "---\ntitle: M\nengine: morale\n---\n\n## Units\n\n"
	    "| Unit | Class | Move | Morale | Fire dice | Melee dice | Wounds |\n"
	    "|---|---|---|---|---|---|---|\n"
	    "| Foot | infantry | 60 | 6 | 1 | 2 | 3 |\n";
	struct diags d = { 0 };
	struct ruleset *rs = load(src, &d);
	size_t i;
	int seen = 0;

	for (i = 0; i < d.n; i++)
		if (d.v[i].sev == SEV_NOTE &&
		    strcmp(d.v[i].msg,
		        "the Units "
		        "table's column Wounds is the game's own: printed on the "
		        "cards and the reference sheet, not played by the morale "
		        "family") == 0)
			seen = 1;
	cr_assert(seen);
	diags_free(&d);
	rs_free(rs);
}

Test(reads, dice_note_leaves_out_what_it_reads)
{
	struct diags d = { 0 };
	struct ruleset *rs = load(dice_src, &d);
	size_t i, notes = 0;

	for (i = 0; i < d.n; i++) {
		cr_assert_lt(d.v[i].sev, SEV_ERROR, "%s", d.v[i].msg);
		/* Its one column of its own is Points, which the
		 * scenario buys with: no note on columns not played. */
		if (d.v[i].sev == SEV_NOTE &&
		    strstr(d.v[i].msg, "the game's own") != NULL)
			notes++;
		/* Its sections are not unknown to anyone. */
		cr_assert_null(strstr(d.v[i].msg, "Wound table"));
	}
	cr_assert_eq(notes, 0,
	    "no note for Points, none for the Weapons table");
	cr_assert_eq(eng_own_col(&rs->weapon_own, "to-hit"), 1);
	cr_assert_eq(eng_own_col(&rs->unit_own, "Quality"), -1);
	/* Own cells keep their places. */
	cr_assert_eq(rs->units[0].own_pos[0].line, 11);
	cr_assert_gt(rs->units[0].own_pos[0].col, 20);
	cr_assert_not_null(rs_table_find(rs, "wound-table"));
	cr_assert_null(rs_table_find(rs, "Units"));
	diags_free(&d);
	rs_free(rs);
}

Test(reads, dice_tables_read)
{
	struct diags d = { 0 };
	struct ruleset *rs = load(dice_src, &d);
	struct dt_tables t;

	diags_free(&d);
	cr_assert_eq(dt_read(rs, 25.4, 0, (const int[2]){ -1, -1 }, &t, &d), 0,
	    "%s", d.n ? d.v[0].msg : "");
	cr_assert_eq(t.shooting, DT_SHOOT_PIPELINE);
	cr_assert_eq(t.melee, DT_MELEE_OPPOSED);
	cr_assert_float_eq(t.contact_mm, 30, 1e-9);
	cr_assert_eq(t.nstr, 1);
	cr_assert_eq(t.ntough, 2);
	cr_assert_eq(t.need[0][0], 4);
	cr_assert_eq(t.need[0][1], 0);
	cr_assert_eq(t.units[0].combat[RS_CLASS_INFANTRY], 3);
	cr_assert_eq(t.units[0].combat[RS_CLASS_CAVALRY], 1);
	cr_assert_eq(t.units[1].save, 0);
	cr_assert_eq(t.units[0].save, 5);
	cr_assert_eq(t.units[1].wounds, 3);
	/* 2d6+1 attacks, d3 damage. */
	cr_assert_eq(t.weapons[0].attacks.dx.lo, 3);
	cr_assert_eq(t.weapons[0].attacks.dx.hi, 13);
	cr_assert_eq(t.weapons[0].damage.dx.lo, 1);
	cr_assert_eq(t.weapons[0].damage.dx.hi, 3);
	cr_assert_eq(t.weapons[0].ap, 1);
	cr_assert_eq(t.out[DT_RES_BEATEN].nfx, 2);
	cr_assert_eq(t.out[DT_RES_BEATEN].fx[0].kind, DT_FX_RECOIL);
	cr_assert_float_eq(t.out[DT_RES_BEATEN].fx[1].amount, 2, 1e-9);
	cr_assert_eq(t.out[DT_RES_EQUAL].fx[0].kind, DT_FX_BOTH_RECOIL);
	cr_assert(!t.out[DT_RES_DOUBLE].given);
	dt_free(&t);
	diags_free(&d);
	rs_free(rs);
}

Test(reads, dice_plays)
{
	struct diags d = { 0 };
	struct ruleset *rs = load(dice_src, &d);
	struct eng_ctx *c;
	struct eng_game *g;

	diags_free(&d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	cr_assert_eq(d.n, 0);
	cr_assert_not(eng_show_of(rs)->print_only);
	cr_assert_null(eng_show_of(rs)->unplayed);
	/* A default battle plays to its end with the greedy players. */
	/* Sized by the family: the dice family's own state follows. */
	g = eng_game_new(c);
	cr_assert_not_null(g);
	eng_game_init(g, c, 1, 0);
	eng_battle_setup(g);
	c->fam->setup(g);
	eng_game_play(g);
	cr_assert(g->over);
	cr_assert_geq(g->gturn, 1);
	free(g);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(reads, expr_check_plain_forms)
{
	struct dt_expr e;
	const char *why;
	int col;

	cr_assert_eq(dt_expr_check("3", &e, &col, &why), 0);
	cr_assert_eq(e.dx.lo, 3);
	cr_assert_eq(e.dx.hi, 3);
	cr_assert_eq(dt_expr_check("d6", &e, &col, &why), 0);
	cr_assert_eq(e.dx.hi, 6);
	cr_assert_eq(dt_expr_check("2d6-1", &e, &col, &why), 0);
	cr_assert_eq(e.dx.lo, 1);
	cr_assert_eq(e.dx.hi, 11);
	/* The whole language of dicex.c. */
	cr_assert_eq(dt_expr_check("2d6kh1", &e, &col, &why), 0);
	cr_assert_eq(e.dx.hi, 6);
	cr_assert_eq(dt_expr_check("2d6kh3", &e, &col, &why), -1);
	cr_assert_eq(dt_expr_check("x", &e, &col, &why), -1);
	cr_assert_eq(col, 1);
	cr_assert_eq(dt_expr_check("d1", &e, &col, &why), -1);
	cr_assert_eq(dt_expr_check("2d6+", &e, &col, &why), -1);
	cr_assert_eq(dt_expr_check("999999d6", &e, &col, &why), -1);
}

Test(reads, diag_msg_at_places_a_message)
{
	struct diags d = { 0 };
	struct pos p = { "f", 1, 1 };

	diag_msg_text(&d, p, MSG_RULESET_NO_UNITS, "a");
	diag_msg_text(&d, p, MSG_RULESET_NO_UNITS, "c");
	diag_msg_at(&d, 1, p, MSG(MORE_MESSAGES_NOT_SHOWN), (size_t)1);
	diag_msg_at(&d, 99, p, MSG(MORE_MESSAGES_NOT_SHOWN), (size_t)2);
	cr_assert_eq(d.n, 4);
	cr_assert_str_eq(d.v[0].msg, "a");
	cr_assert_str_eq(d.v[1].msg, "1 more messages not shown");
	cr_assert_eq(d.v[1].sev, SEV_NOTE);
	cr_assert_eq(d.v[1].code, MSG_MORE_MESSAGES_NOT_SHOWN);
	cr_assert_str_eq(d.v[2].msg, "c");
	cr_assert_eq(d.v[2].sev, SEV_ERROR);
	cr_assert_str_eq(d.v[3].msg, "2 more messages not shown");
	diags_free(&d);
}
