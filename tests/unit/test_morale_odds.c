/* Morale family, exact odds: rationals, hit distributions, morale tests,
 * melee outcomes. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/mo_odds.h"

/* Asserts that q prints as want. */
static void
q_is(const struct mo_q *q, const char *want)
{
	char *s = mo_q_str(q);

	cr_assert_str_eq(s, want);
	free(s);
}

Test(morale_odds, rationals_reduce_and_add)
{
	struct mo_q x, y, z;

	mo_q_set(&x, 3, 1, 1); /* 3/6 */
	q_is(&x, "1/2");
	mo_q_set(&y, 1, 0, 1); /* 1/3 */
	mo_q_add(&z, &x, &y);
	q_is(&z, "5/6");
	mo_q_mul(&z, &z, &z);
	q_is(&z, "25/36");
	mo_q_set(&x, 0, 5, 5);
	q_is(&x, "0");
	mo_q_set(&x, 6, 1, 1);
	q_is(&x, "1");
	mo_q_set(&x, 1, 1, 1);
	mo_q_set(&y, 1, 0, 1);
	cr_assert_lt(mo_q_cmp(&x, &y), 0);
	cr_assert_eq(mo_q_cmp(&y, &y), 0);
	cr_assert_float_eq(mo_q_double(&y), 1.0 / 3, 1e-15);
}

Test(morale_odds, hit_faces_follow_clarification_8)
{
	cr_assert_eq(mo_hit_faces(0), 1);
	cr_assert_eq(mo_hit_faces(1), 2);
	cr_assert_eq(mo_hit_faces(-1), 0); /* a 6 falls short */
	cr_assert_eq(mo_hit_faces(9), 6);
}

Test(morale_odds, four_dice_hit_on_sixes)
{
	struct mo_dist d;

	mo_hits_dist(&d, 4, 0, 0);
	cr_assert_eq(d.max, 4);
	q_is(&d.p[0], "625/1296");
	q_is(&d.p[1], "125/324"); /* 4 * 125 / 1296 */
	q_is(&d.p[2], "25/216");  /* 6 * 25 / 1296 */
	q_is(&d.p[3], "5/324");
	q_is(&d.p[4], "1/1296");
}

Test(morale_odds, saving_throws_halve_each_hit)
{
	struct mo_dist d;

	mo_hits_dist(&d, 2, 0, 3);
	q_is(&d.p[0], "121/144");
	q_is(&d.p[1], "11/72");
	q_is(&d.p[2], "1/144");
	/* Armoured (+1) with saves: 2/12 per die. */
	mo_hits_dist(&d, 1, 1, 3);
	q_is(&d.p[1], "1/6");
}

/* A saving throw of another size (the setting saving_throw): a 6 alone
 * saves, so a hit on a 6 stands 5 times in 6. */
Test(morale_odds, saving_throw_of_one_face)
{
	struct mo_dist d;

	mo_hits_dist(&d, 2, 0, 1);
	q_is(&d.p[0], "961/1296"); /* (31/36)^2 */
	q_is(&d.p[2], "25/1296");  /* (5/36)^2 */
	/* Saving on 1-6 leaves nothing. */
	mo_hits_dist(&d, 3, 2, 6);
	q_is(&d.p[0], "1");
}

Test(morale_odds, distributions_sum_to_one)
{
	struct mo_dist d;
	struct mo_q s, one;
	int n, m, sv, h;

	mo_q_set(&one, 1, 0, 0);
	for (n = 0; n <= MO_MAX_DICE; n++)
		for (m = -1; m <= 2; m++)
			for (sv = 0; sv <= 6; sv++) {
				mo_hits_dist(&d, n, m, sv);
				mo_q_set(&s, 0, 0, 0);
				for (h = 0; h <= d.max; h++)
					mo_q_add(&s, &s, &d.p[h]);
				cr_assert_eq(mo_q_cmp(&s, &one), 0,
				    "n=%d m=%d saved=%d", n, m, sv);
			}
}

Test(morale_odds, levies_never_hit)
{
	struct mo_dist d;

	mo_hits_dist(&d, 6, -1, 0);
	q_is(&d.p[0], "1");
}

Test(morale_odds, morale_test)
{
	struct mo_q p;

	mo_morale_pass(&p, 6, 0);
	q_is(&p, "1");
	mo_morale_pass(&p, 5, 0);
	q_is(&p, "5/6");
	mo_morale_pass(&p, 4, -1);
	q_is(&p, "1/2");
	mo_morale_pass(&p, 4, -5);
	q_is(&p, "0");
	mo_morale_pass(&p, 5, 3);
	q_is(&p, "1");
}

Test(morale_odds, melee_one_die_each)
{
	struct mo_melee m;

	/* 1 die vs 1 die: A wins 5/36 + (26/36)/2 = 1/2. */
	mo_melee_odds(&m, 1, 0, 0, 1, 0, 0);
	q_is(&m.a_wins, "1/2");
	q_is(&m.d_wins, "1/2");
	q_is(&m.tiebreak, "13/18");
	/* A defender that cannot strike back: A wins unless A scores no
	 * hit and then loses the tie-break. */
	mo_melee_odds(&m, 1, 0, 0, 0, 0, 0);
	q_is(&m.a_wins, "7/12");
	q_is(&m.d_wins, "5/12");
	/* Levies (-1) against close order infantry (6 dice). */
	mo_melee_odds(&m, 6, -1, 0, 6, 0, 0);
	q_is(&m.a_wins, "15625/93312"); /* (5/6)^6 / 2 */
}

Test(morale_odds, melee_sums_to_one_with_big_dice)
{
	struct mo_melee m;
	struct mo_q s, one;

	mo_melee_odds(&m, 20, 1, 3, 20, 0, 3);
	mo_q_add(&s, &m.a_wins, &m.d_wins);
	mo_q_set(&one, 1, 0, 0);
	cr_assert_eq(mo_q_cmp(&s, &one), 0);
}

/* The melee round by running sums equals the sum over every pair of hit
 * counts, exactly, for uneven dice and savings too. */
Test(morale_odds, melee_equals_every_pair)
{
	static const int cases[][6] = { { 20, 0, 0, 3, 1, 0 },
		{ 1, 2, 1, 20, -1, 0 }, { 7, 0, 1, 12, 0, 1 },
		{ 20, 5, 0, 20, 0, 0 }, { 0, 0, 0, 9, 1, 1 } };
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const int *c = cases[k];
		struct mo_melee m;
		struct mo_q aw, dw, tb, t;
		int i, j;

		mo_melee_odds(&m, c[0], c[1], c[2], c[3], c[4], c[5]);
		mo_q_set(&aw, 0, 0, 0);
		mo_q_set(&dw, 0, 0, 0);
		mo_q_set(&tb, 0, 0, 0);
		for (i = 0; i <= m.a_hits.max; i++)
			for (j = 0; j <= m.d_hits.max; j++) {
				mo_q_mul(&t, &m.a_hits.p[i], &m.d_hits.p[j]);
				mo_q_add(i > j ? &aw :
				        i < j  ? &dw :
				                 &tb,
				    i > j     ? &aw :
				        i < j ? &dw :
				                &tb,
				    &t);
			}
		cr_assert_eq(mo_q_cmp(&tb, &m.tiebreak), 0, "case %zu", k);
		mo_q_set(&t, 1, 1, 0);
		mo_q_mul(&t, &t, &tb);
		mo_q_add(&aw, &aw, &t);
		mo_q_add(&dw, &dw, &t);
		cr_assert_eq(mo_q_cmp(&aw, &m.a_wins), 0, "case %zu", k);
		cr_assert_eq(mo_q_cmp(&dw, &m.d_wins), 0, "case %zu", k);
	}
}
