/* The dice family's self-play agrees with its exact odds: every outcome
 * it tallies (attacks by the face To hit needs, opposed rounds by the
 * difference of the factors) falls within four standard deviations of
 * the exact chance over seeded games of the bundled Saltmarsh Reckoning.
 * The games are seeded: the test is deterministic, and a broken roll,
 * tally or odds moves some row far past its bound. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../src/check/check.h"

Test(dice_agree, self_play_agrees_with_exact_odds)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("../rulesets/dice-skirmish.md", &d);
	struct eng_ctx *c;
	struct eng_stats st;
	struct chk_agree *v;
	size_t n, i;
	int melee = 0, shots = 0;

	cr_assert_not_null(rs);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	memset(&st, 0, sizeof(st));
	eng_selfplay(c, 400, 7, 1, &st);
	n = chk_agree(c, &st, &v);
	cr_assert_gt(n, 3);
	for (i = 0; i < n; i++) {
		double mu = v[i].n * v[i].p;
		double sd = sqrt(v[i].n * v[i].p * (1 - v[i].p));

		cr_assert_leq(fabs(v[i].k - mu), 4 * sd + 1,
		    "%s: %ld of %ld, "
		    "exact %s",
		    v[i].label, v[i].k, v[i].n, v[i].exact);
		melee += strncmp(v[i].label, "Opposed", 7) == 0;
		shots += strncmp(v[i].label, "Attack", 6) == 0;
	}
	cr_assert_gt(melee, 0);
	cr_assert_gt(shots, 0);
	chk_agree_free(v, n);
	eng_ctx_free(c);
	rs_free(rs);
	diags_free(&d);
}
