/* test_dice_keywords.c: a roll with keywords (dice_keywords.c) — its
 * exact chances are what rolling it gives, face for face. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "../../src/engine/dice_tables.h"

/* Every way the dice can fall, scripted: the first die, and the second
 * when it is rolled; each result counted in die² ways. */
static void
agree(const struct dt_roll *r, int die)
{
	unsigned long ways[DT_ROLL__N] = { 0 };
	mpq_t p[DT_ROLL__N], w;
	int f, g, k, again, script[2];
	struct eng_dice d;

	for (f = 1; f <= die; f++)
		for (g = 1; g <= die; g++) {
			memset(&d, 0, sizeof(d));
			script[0] = f;
			script[1] = g;
			d.script = script;
			d.nscript = 2;
			k = dt_roll_play(r, &d, die, &again);
			cr_assert_eq(d.next, again ? 2u : 1u);
			ways[k]++;
		}
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_init(p[k]);
	mpq_init(w);
	dt_roll_odds(r, die, p);
	for (k = 0; k < DT_ROLL__N; k++) {
		mpq_set_ui(w, ways[k], (unsigned long)(die * die));
		mpq_canonicalize(w);
		cr_assert(mpq_equal(w, p[k]),
		    "result %d: played %lu of %d, need %d reroll %d always %d "
		    "never %d wounds %d nosave %d",
		    k, ways[k], die * die, r->need, r->reroll, r->always,
		    r->never, r->wounds_on, r->nosave_on);
		mpq_clear(p[k]);
	}
	mpq_clear(w);
}

Test(keywords, odds_are_what_play_rolls)
{
	static const int dies[] = { 4, 6, 8, 10, 12, 20 };
	struct dt_roll r;
	unsigned i;
	int die, need;

	for (i = 0; i < sizeof(dies) / sizeof(dies[0]); i++) {
		die = dies[i];
		for (need = -1; need <= die + 2; need++) {
			memset(&r, 0, sizeof(r));
			r.keyed = 1;
			r.need = need;
			agree(&r, die);
			r.reroll = DT_REROLL_FAILS;
			r.wounds_on = die;
			agree(&r, die);
			r.reroll = DT_REROLL_ONES;
			r.always = die;
			r.never = 1;
			r.nosave_on = die - 1;
			agree(&r, die);
			r.reroll = DT_REROLL_FAILS;
			r.always = die - 2 > 0 ? die - 2 : 1;
			r.never = 2;
			r.wounds_on = 3;
			r.nosave_on = die;
			agree(&r, die);
			/* Triggers: extra hits from one face, mortal wounds
			 * from a higher one (they take its place). */
			r.extra_on = die - 1 > 0 ? die - 1 : 1;
			r.extra_n = 2;
			agree(&r, die);
			r.mortal_on = die;
			r.mortal_n = 1;
			agree(&r, die);
			r.reroll = DT_REROLL_ONES;
			r.extra_on = 2;
			r.mortal_on = 4;
			agree(&r, die);
		}
	}
}

/* A hit roll of 3+ re-rolling its failures, a 6 wounding without a
 * roll: plain 2/3, wounds 2/9, fails 1/9 (FORMAT.md's worked example). */
Test(keywords, a_worked_roll)
{
	struct dt_roll r;
	mpq_t p[DT_ROLL__N], want;
	int k;

	memset(&r, 0, sizeof(r));
	r.keyed = 1;
	r.need = 3;
	r.reroll = DT_REROLL_FAILS;
	r.wounds_on = 6;
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_init(p[k]);
	mpq_init(want);
	dt_roll_odds(&r, 6, p);
	mpq_set_ui(want, 2, 3);
	cr_assert(mpq_equal(p[DT_ROLL_PLAIN], want));
	mpq_set_ui(want, 2, 9);
	cr_assert(mpq_equal(p[DT_ROLL_WOUNDS], want));
	mpq_set_ui(want, 1, 9);
	cr_assert(mpq_equal(p[DT_ROLL_FAIL], want));
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_clear(p[k]);
	mpq_clear(want);
}
