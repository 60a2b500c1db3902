/*
 * fp_show.c: what the print products and the report show of the
 * firepower family (Morschauser's Modern rules): the stats a card gives,
 * the wording of its odds panels and heat maps, and the outcomes
 * self-play tallies (g->tally, firepower.h) against their exact odds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firepower.h"

/* A card's Melee: the unit's power. */
static int
fp_stat(const struct ruleset *rs, const struct rs_unit *u, unsigned stat,
    char *buf, size_t sz)
{
	int m = fp_melee(rs, u);

	buf[0] = '\0';
	if (stat != ENG_STAT_MELEE || m < 0)
		return 0;
	snprintf(buf, sz, "%d", m);
	return 1;
}

/* A unit's key stats beyond Move: its melee power, when it has one
 * (its weapons, which the products list, are its fire). */
static size_t
fp_unit_facts(const struct ruleset *rs, const struct rs_unit *u,
    struct eng_fact *out)
{
	if (!fp_stat(rs, u, ENG_STAT_MELEE, out[0].value,
	        sizeof(out[0].value)))
		return 0;
	out[0].key = "melee";
	out[0].label = N_("Melee");
	out[0].brief = NULL;
	return 1;
}

/* The melee situations of fp_odds(), for the attacker. */
static const struct eng_words fp_situations[] = {
	{ "open", "open ground" },
	{ "uphill", "attacker going uphill" },
	{ "river", "attacker in a river" },
	{ NULL, NULL },
};

/* The melee results (by powers) and shots (by hitting faces) that
 * self-play tallied, each against its exact chance. */
static void
fp_outcomes(const struct eng_ctx *ctx, const struct eng_stats *st,
    struct eng_outcomes *o)
{
	struct eng_odds_melee m;
	struct eng_q q;
	int pa, pd, f;

	(void)ctx;
	eng_odds_melee_init(&m);
	eng_q_init(&q);
	for (pa = 0; pa <= 6; pa++)
		for (pd = 0; pd <= 6; pd++) {
			long a = (long)st->tally[FP_TALLY_MELEE(pa, pd,
			    FP_T_ATT_WINS)];
			long n = a +
			    (long)st->tally[FP_TALLY_MELEE(pa, pd,
			        FP_T_DEF_WINS)] +
			    (long)st->tally[FP_TALLY_MELEE(pa, pd, FP_T_BOTH)];

			if (n == 0)
				continue;
			fp_melee_odds(pa, pd, &m);
			eng_outcome_add(o,
			    xasprintf(_("Melee, power %d v %d: "
			                "attacker wins"),
			        pa, pd),
			    a, n, eng_q_double(&m.attacker_wins),
			    eng_q_str(&m.attacker_wins));
		}
	for (f = 1; f <= 6; f++) {
		long h = (long)st->tally[FP_TALLY_SHOT(f, 1)];
		long n = h + (long)st->tally[FP_TALLY_SHOT(f, 0)];

		if (n == 0)
			continue;
		eng_q_set_si(&q, f, 6);
		eng_outcome_add(o,
		    xasprintf(P_("Shot hitting on %d face: a hit",
		                  "Shot hitting on %d faces: a hit", f),
		        f),
		    h, n, eng_q_double(&q), eng_q_str(&q));
	}
	eng_odds_melee_clear(&m);
	eng_q_clear(&q);
}

const struct eng_show fp_show = {
	.stats = ENG_STAT_MOVE | ENG_STAT_ROAD | ENG_STAT_MELEE,
	.stat = fp_stat,
	.stat_cols = fp_unit_cols,
	.weapon_destroys = 1,
	.weapon_hits_on = 1,
	.situation = "open",
	.melee_title = N_(
	    "Melee: chance the attacker wins (row attacks column)"),
	.fire_title = N_("Fire: chance one shot destroys the target"),
	.situations = fp_situations,
	.melee_of.legend = N_("chance the attacker destroys the defender "
	                      "and survives, in one melee"),
	.melee_of.note = N_(
	    "Exact odds with draws rolled again; the rest of each "
	    "cell is the defender winning or both removed."),
	.fire_of.title = N_("Fire: chance one shot destroys the target"),
	.fire_of.legend = N_("chance one shot destroys the target (a hit "
	                     "destroys it)"),
	.outcomes = fp_outcomes,
	.unit_facts = fp_unit_facts,
	/* Fire needs sight, which woods (past wood_depth) and hills
	 * (above hill_rise) block (firepower.c, FP_R_FIRE_SIGHT); no
	 * move crosses a river but at a ford (firepower_move.c). */
	.sight_limits = (1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_HILL),
	.move_blocks = 1u << RS_TERRAIN_RIVER,
};
