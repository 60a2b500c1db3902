/*
 * mo_show.c: what the print products and the report show of the morale
 * family (the ancients game): the stats a card gives, the wording of
 * its odds panels, its own tables of exact chances (hits of a volley and
 * of a melee round, morale tests), the outcomes self-play tallies
 * (morale.h) against their exact odds, how a battle ends and a unit's
 * key stats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morale.h"

static const struct eng_words mo_situations[] = {
	{ "front", "one round, both to their front" },
	{ NULL, NULL },
};

/* Cell (r, c) of t. */
static struct eng_chance *
cell(struct eng_table *t, size_t r, size_t c)
{
	return &t->cells[r * t->ncols + c];
}

/* The reference sheet: the hits one volley scores, per unit with fire
 * dice (none, 1, 2, 3 or more). */
static void
sheet_volleys(const struct ruleset *rs, struct eng_tables *out)
{
	static const char *const heads[] = { N_("no hit"), N_("1 hit"),
		N_("2 hits"), N_("3+ hits") };
	struct eng_table *t;
	struct mo_dist dist;
	struct mo_q q3;
	size_t u, n = 0, row = 0;
	int h, k;

	for (u = 0; u < rs->nunits; u++)
		n += mo_fire_dice(rs, &rs->units[u]) > 0 &&
		    rs->units[u].nweapons > 0;
	if (n == 0)
		return;
	t = eng_table_add(out, _("Fire: hits scored by one volley"), n, 4);
	for (k = 0; k < 4; k++)
		t->cols[k] = xstrdup(_(heads[k]));
	for (u = 0; u < rs->nunits; u++) {
		const struct rs_unit *un = &rs->units[u];
		double p3 = 0.0;

		if (mo_fire_dice(rs, un) <= 0 || un->nweapons == 0)
			continue;
		mo_hits_dist(&dist, mo_fire_dice(rs, un),
		    mo_fire_die_mod(rs, un), 0);
		mo_q_set(&q3, 0, 0, 0);
		for (h = 0; h <= 3; h++) {
			cell(t, row, (size_t)h)->p = 0.0;
			cell(t, row, (size_t)h)->exact = xstrdup("0");
		}
		for (h = 0; h <= dist.max; h++) {
			double p = mo_q_double(&dist.p[h]);

			if (h < 3) {
				free(cell(t, row, (size_t)h)->exact);
				cell(t, row, (size_t)h)->p = p;
				cell(t, row, (size_t)h)->exact = mo_q_str(
				    &dist.p[h]);
			} else {
				p3 += p;
				mo_q_add(&q3, &q3, &dist.p[h]);
			}
		}
		free(cell(t, row, 3)->exact);
		cell(t, row, 3)->p = p3;
		cell(t, row, 3)->exact = mo_q_str(&q3);
		t->rows[row++] = xasprintf(P_("%s (%d die)", "%s (%d dice)",
		                               mo_fire_dice(rs, un)),
		    un->name, mo_fire_dice(rs, un));
	}
}

/* The reference sheet: the chance to pass a morale test for each grade
 * of the ruleset's units and a few modifier totals. */
static void
sheet_tests(const struct ruleset *rs, struct eng_tables *out)
{
	static const int mods[] = { -3, -2, -1, 0, 1 };
	struct eng_table *t;
	struct mo_q q;
	int grade, k, seen[13] = { 0 };
	size_t u, n = 0, row = 0;

	for (u = 0; u < rs->nunits; u++)
		if (mo_grade(rs, &rs->units[u]) > 0 &&
		    mo_grade(rs, &rs->units[u]) < 13 &&
		    !seen[mo_grade(rs, &rs->units[u])]) {
			seen[mo_grade(rs, &rs->units[u])] = 1;
			n++;
		}
	t = eng_table_add(out,
	    _("Morale test: chance to pass (one die, not "
	      "above morale + modifiers)"),
	    n, 5);
	for (k = 0; k < 5; k++)
		t->cols[k] = xasprintf("%+d", mods[k]);
	for (grade = 12; grade >= 1; grade--) {
		if (!seen[grade])
			continue;
		for (k = 0; k < 5; k++) {
			mo_morale_pass(&q, grade, mods[k]);
			cell(t, row, (size_t)k)->p = mo_q_double(&q);
			cell(t, row, (size_t)k)->exact = mo_q_str(&q);
		}
		t->rows[row++] = xasprintf(_("Morale %d"), grade);
	}
}

/*
 * The report: the exact distribution of hits of each unit type's dice
 * (fire: one volley; melee: one round to its front) as unit type x
 * number of hits.
 */
static void
report_hits(const struct ruleset *rs, int melee, struct eng_tables *out)
{
	struct eng_table *t;
	struct mo_dist dist;
	size_t k, n = 0, row = 0;
	int h, maxd = 0;

	for (k = 0; k < rs->nunits; k++) {
		int dice = melee ? mo_melee_dice(rs, &rs->units[k]) :
		                   mo_fire_dice(rs, &rs->units[k]);

		if (dice > 0) {
			n++;
			if (dice > maxd)
				maxd = dice;
		}
	}
	if (n == 0)
		return;
	if (maxd > MO_MAX_DICE)
		maxd = MO_MAX_DICE;
	t = eng_table_add(out,
	    melee ? _("Melee: hits in one round") :
	            _("Fire: hits from one volley"),
	    n, (size_t)maxd + 1);
	t->rowhead = xstrdup(_("unit"));
	t->colhead = xstrdup(_("hits scored"));
	t->legend = xstrdup(melee ? _("chance of exactly that many hits "
	                              "(fighting to its front)") :
	                            _("chance of exactly that many hits"));
	for (h = 0; h <= maxd; h++)
		t->cols[h] = xasprintf("%d", h);
	for (k = 0; k < rs->nunits; k++) {
		const struct rs_unit *u = &rs->units[k];
		int dice = melee ? mo_melee_dice(rs, u) : mo_fire_dice(rs, u);

		if (dice <= 0)
			continue;
		mo_hits_dist(&dist, dice,
		    melee ? mo_melee_die_mod(rs, u, 1) :
		            mo_fire_die_mod(rs, u),
		    0);
		t->rows[row] = xasprintf("%s (%d %s)", u->name, dice,
		    dice == 1 ? "die" : "dice");
		for (h = 0; h <= dist.max && h <= maxd; h++) {
			cell(t, row, (size_t)h)->p = mo_q_double(&dist.p[h]);
			cell(t, row, (size_t)h)->exact = mo_q_str(&dist.p[h]);
		}
		row++;
	}
	t->note = xstrdup(melee ?
	        _("Exact chances for one round of melee, "
	          "with the unit's melee die modifiers (pikes to their front, "
	          "armoured, levy); a crossed cell is more hits than the unit has "
	          "dice.") :
	        _("Exact chances for one volley at a target that is not "
	          "disorganised (no saving throw); a crossed cell is more hits than "
	          "the unit has dice."));
}

static void
mo_tables(const struct eng_ctx *ctx, enum eng_tables_for use,
    struct eng_tables *out)
{
	if (use == ENG_TABLES_SHEET) {
		sheet_volleys(ctx->rs, out);
		sheet_tests(ctx->rs, out);
	} else {
		report_hits(ctx->rs, 0, out);
		report_hits(ctx->rs, 1, out);
	}
}

/* An outcome against a chance of this family's exact arithmetic. */
static void
add_mo(struct eng_outcomes *o, char *label, long k, long n,
    const struct mo_q *q)
{
	eng_outcome_add(o, label, k, n, mo_q_double(q), mo_q_str(q));
}

/*
 * Volleys (by dice and saving throw) that scored at least one hit, and
 * single melee rounds (by the dice of each side) the charger won, as
 * self-play tallied them, each against its exact chance.
 */
static void
mo_outcomes(const struct eng_ctx *ctx, const struct eng_stats *st,
    struct eng_outcomes *o)
{
	const struct ruleset *rs = ctx->rs;
	struct mo_dist dist;
	struct mo_melee m;
	struct mo_q one, q;
	int n, sv, h, ad, dd;

	mo_q_set(&one, 1, 0, 0);
	for (n = 1; n <= 6; n++)
		for (sv = 0; sv <= 1; sv++) {
			long tot = 0,
			     none = (long)st->tally[MO_TALLY_FIRE(n, sv, 0)];

			for (h = 0; h <= n; h++)
				tot += (long)
				           st->tally[MO_TALLY_FIRE(n, sv, h)];
			if (tot == 0)
				continue;
			mo_hits_dist(&dist, n, 0, sv ? mo_save_faces(rs) : 0);
			mo_q_sub(&q, &one, &dist.p[0]);
			add_mo(o,
			    xasprintf(sv ?
			            P_("Volley, %d die, saves: a hit",
			                "Volley, %d dice, saves: a hit", n) :
			            P_("Volley, %d die: a hit",
			                "Volley, %d dice: a hit", n),
			        n),
			    tot - none, tot, &q);
		}
	for (ad = 0; ad <= 6; ad++)
		for (dd = 0; dd <= 6; dd++) {
			long w = (long)st->tally[MO_TALLY_MELEE(ad, dd, 1)];
			long tot = w +
			    (long)st->tally[MO_TALLY_MELEE(ad, dd, 0)];

			if (tot == 0)
				continue;
			mo_melee_odds(&m, ad, 0, 0, dd, 0, 0);
			add_mo(o,
			    xasprintf(
			        P_("Melee round, %d v %d die: charger wins",
			            "Melee round, %d v %d dice: charger wins",
			            dd),
			        ad, dd),
			    w, tot, &m.a_wins);
		}
}

/* End of battle: a side with no unit fit to fight loses, and so does
 * one whose army breaks. */
static void
mo_end(const struct ruleset *rs, struct eng_end *out)
{
	out->unfit = 1;
	out->break_pct = rs->break_pct;
}

/* A card's Morale, Fire dice and Melee dice: the unit's, from its
 * cells. The Morale prints as a number even when the unit has none (0),
 * as cards printed it when the model held it. */
static int
mo_stat(const struct ruleset *rs, const struct rs_unit *u, unsigned stat,
    char *buf, size_t sz)
{
	struct mo_cols c;
	int v;

	buf[0] = '\0';
	mo_unit_cols(rs, u, &c);
	switch (stat) {
	case ENG_STAT_MORALE:
		snprintf(buf, sz, "%d", c.grade);
		return c.grade > 0;
	case ENG_STAT_FIRE_DICE:
		v = c.fire;
		break;
	case ENG_STAT_MELEE_DICE:
		v = c.melee;
		break;
	default:
		return 0;
	}
	if (v > 0)
		snprintf(buf, sz, "%d", v);
	return v > 0;
}

/* A unit's key stats beyond Move: its morale, fire and melee dice
 * (none: ""). */
static size_t
mo_unit_facts(const struct ruleset *rs, const struct rs_unit *u,
    struct eng_fact *out)
{
	int fd = mo_fire_dice(rs, u), md = mo_melee_dice(rs, u);

	/* TRANSLATORS: Morale, Fire and Melee in one or two letters, on a
	 * unit marker of the scenario map. */
	out[0] = (struct eng_fact){ "morale", N_("Morale"), N_("Mo"), "" };
	out[1] = (struct eng_fact){ "fire_dice", N_("Fire"), N_("F"), "" };
	out[2] = (struct eng_fact){ "melee_dice", N_("Melee"), N_("M"), "" };
	snprintf(out[0].value, sizeof(out[0].value), "%d", mo_grade(rs, u));
	if (fd > 0)
		snprintf(out[1].value, sizeof(out[1].value), "%d", fd);
	if (md > 0)
		snprintf(out[2].value, sizeof(out[2].value), "%d", md);
	return 3;
}

/* Morale: a unit's hits and the morale they leave it, as an example of
 * play tells them. */
static const struct eng_ugauge mo_ugauges[] = {
	{ "hits", N_("<b>%s</b> has %d hits"), N_("<b>%s</b> has %d hits"),
	    N_("<b>%s</b> has %d hit") },
	{ "morale", N_("<b>%s</b>\xe2\x80\x99s morale rises to %d"),
	    N_("<b>%s</b>\xe2\x80\x99s morale falls to %d"), NULL },
};

/* The family's own steps, as an example of play tells them. */
static const struct eng_verb mo_verbs[] = {
	{ "charge", N_("%s charges %s"), ENG_VERB_PAIR },
	{ "rally", N_("%s tries to rally"), ENG_VERB_UNIT },
	{ "phase", N_("The %s step is played"), ENG_VERB_ARG },
	{ NULL, NULL, ENG_VERB_NONE },
};

const struct eng_show mo_show = {
	/* Only other units block a line of sight (morale_fire.c,
	 * sight_clear: Clarification 5), and terrain slows a move but
	 * stops none: sight_blocks, sight_limits and move_blocks 0. */
	.ugauges = mo_ugauges,
	.nugauges = 2,
	.verbs = mo_verbs,
	.stats = ENG_STAT_MOVE | ENG_STAT_ROAD | ENG_STAT_MORALE |
	    ENG_STAT_FIRE_DICE | ENG_STAT_MELEE_DICE,
	.stat = mo_stat,
	.stat_cols = mo_unit_col_names,
	.weapon_destroys = 0,
	.weapon_hits_on = 1,
	.situation = "front",
	.melee_title = N_(
	    "Melee: chance the attacker wins a round (row attacks "
	    "column)"),
	.fire_title = NULL,
	/* One round, whoever charged: both fight to their front (and a
	 * volley does not depend on its target: no fire_title). */
	.melee_either_way = 1,
	.situations = mo_situations,
	.melee_of.legend = N_("chance the attacker wins the round"),
	.melee_of.note = N_(
	    "Exact odds of one round of melee, both units fighting "
	    "to their front: more hits wins, equal hits are settled by a die "
	    "each."),
	.tables = mo_tables,
	.outcomes = mo_outcomes,
	.odds_doc = mo_odds_doc,
	.end = mo_end,
	.unit_facts = mo_unit_facts,
	.fire_is_stat = 1,
};
