/* The report's agreement check tests each self-play frequency against
 * its exact chance (two-sided exact binomial test) and all of them
 * together (Holm): a point outside its plain 95% whiskers is a finding
 * only when its adjusted p-value is below 0.001, and a finding is a
 * warning that names what was compared, with its counts. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../src/check/check.h"

Test(agree_test, binomial_two_sided)
{
	/* 481 of 507 against 11/12: 2 * P(X >= 481) = 0.0073973. */
	cr_assert_float_eq(binom_p2(481, 507, 11.0 / 12), 0.0073973, 1e-6);
	/* 138 of 190 against 0.6544: 0.041732. */
	cr_assert_float_eq(binom_p2(138, 190, 0.6544), 0.041732, 1e-5);
	/* At the mean: 1; an impossible count: 0. */
	cr_assert_float_eq(binom_p2(50, 100, 0.5), 1, 1e-12);
	cr_assert_float_eq(binom_p2(3, 10, 0), 0, 1e-12);
	cr_assert_float_eq(binom_p2(0, 10, 0), 1, 1e-12);
	/* A large count far off: below any threshold, not NaN. */
	cr_assert_lt(binom_p2(52000, 100000, 0.5), 1e-30);
}

Test(agree_test, holm_step_down)
{
	double p[4] = { 0.04, 0.01, 0.03, 0.5 }, adj[4];

	holm(p, 4, adj);
	/* Sorted 0.01, 0.03, 0.04, 0.5 times 4, 3, 2, 1, never falling. */
	cr_assert_float_eq(adj[1], 0.04, 1e-12);
	cr_assert_float_eq(adj[2], 0.09, 1e-12);
	cr_assert_float_eq(adj[0], 0.09, 1e-12);
	cr_assert_float_eq(adj[3], 0.5, 1e-12);
}

/* A row k of n against exact chance p, as chk_agree() makes it. */
static struct chk_agree
row(const char *label, long k, long n, double p, const char *exact)
{
	struct chk_agree a;

	memset(&a, 0, sizeof(a));
	a.label = xstrdup(label);
	a.k = k;
	a.n = n;
	a.rate = (double)k / (double)n;
	wilson95(a.rate, n, &a.lo, &a.hi);
	a.p = p;
	a.exact = xstrdup(exact);
	return a;
}

Test(agree_test, disagreement_is_a_finding)
{
	struct chk_agree *v = xcalloc(4, sizeof(*v));
	struct diags d = { 0 };
	struct pos at = { "x.md", 3, 1 };

	/* Outside its whiskers by chance among 3: not a finding. */
	v[0] = row("Melee round, 6 v 3 dice: charger wins", 138, 190, 0.6544,
	    "65.44%");
	/* Far outside: the engine does not play 1/2. */
	v[1] = row("Melee, power 4 v 2: attacker wins", 700, 1000, 0.5, "1/2");
	v[2] = row("Shot hitting on 2 faces: a hit", 334, 1000, 1.0 / 3,
	    "1/3");
	/* Outside by a little: p about 0.005, a finding at 0.05 but not at
	 * the strict level (a correct engine warns on one seed in 1,000). */
	v[3] = row("Melee, power 3 v 3: attacker wins", 545, 1000, 0.5, "1/2");
	chk_agree_test(v, 4);
	cr_assert(v[3].outside);
	cr_assert_not(v[3].finding);
	cr_assert(v[0].outside);
	cr_assert_not(v[0].finding);
	cr_assert(v[1].outside);
	cr_assert(v[1].finding);
	cr_assert_not(v[2].outside);
	cr_assert_not(v[2].finding);
	chk_agree_diags(at, v, 4, &d);
	cr_assert_eq(d.n, 1);
	cr_assert_eq(d.v[0].sev, SEV_WARNING);
	cr_assert_str_eq(d.v[0].msg,
	    "self-play disagrees with the exact odds: 'Melee, power 4 v 2: "
	    "attacker wins' came up 700 of 1000 times (70%), its exact "
	    "chance is 1/2 (50%); Holm-adjusted p < 0.001 over 4 "
	    "comparisons");
	diags_free(&d);
	chk_agree_free(v, 4);
}
