/*
 * dice_odds_bench RULESET: milliseconds the dice family takes for the
 * exact odds of all pairs of a ruleset (eng_dice.odds: every weapon at
 * every unit type, every melee pair), best of repeats over at least
 * 0.2 s. The family does not play yet, so the context is put together
 * here from its tables, as the unit tests do. Built and run by
 * tests/bench/dice_odds.sh against build/libsandtable.a.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../src/engine/dice_odds.h"

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	struct diags d = { 0 };
	struct dt_tables tab;
	struct eng_ctx ctx;
	struct eng_odds o;
	struct ruleset *rs;
	double t0, t, best = 1e9, start;
	size_t nf = 0, nm = 0;
	static const int all[2] = { -1, -1 }; /* every pair */

	if (argc != 2 || (rs = rs_read(argv[1], &d)) == NULL) {
		fprintf(stderr, "usage: dice_odds_bench RULESET\n");
		return 1;
	}
	eng_family_check(rs, &d);
	if (dt_read(rs, 25.4, 0, all, &tab, &d) != 0) {
		diags_print(&d, stderr);
		return 1;
	}
	memset(&ctx, 0, sizeof(ctx));
	ctx.rs = rs;
	ctx.fam = &eng_dice;
	ctx.fam_data = &tab;
	start = now();
	do {
		t0 = now();
		eng_dice.odds(&ctx, &o);
		t = now() - t0;
		if (t < best)
			best = t;
		nf = o.nfire;
		nm = o.nmelee;
		eng_odds_free(&o);
	} while (now() - start < 0.2);
	printf("dice odds: %s: %zu volleys and %zu melee pairs exactly in "
	       "%.2f ms (issue 17 asks under 50)\n",
	    rs->name, nf, nm, best * 1e3);
	dt_free(&tab);
	rs_free(rs);
	diags_free(&d);
	return 0;
}
