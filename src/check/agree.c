/*
 * agree.c: the report's agreement check — does self-play roll the dice
 * as the exact odds say? Each outcome the family tallied (eng_show
 * .outcomes) that self-play saw often enough is held against its exact
 * chance with a 95% Wilson interval, and tested against it with a
 * correction for the number of outcomes tested (Holm).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Test each of the n rows against its exact chance, and all of them
 * together (Holm): a disagreement is a finding only when its adjusted
 * p-value is below CHK_AGREE_ALPHA. */
void
chk_agree_test(struct chk_agree *v, size_t n)
{
	double *p = xcalloc(n + 1, sizeof(double)),
	       *adj = xcalloc(n + 1, sizeof(double));
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = v[i].pval = binom_p2(v[i].k, v[i].n, v[i].p);
	holm(p, n, adj);
	for (i = 0; i < n; i++) {
		v[i].padj = adj[i];
		v[i].finding = adj[i] < CHK_AGREE_ALPHA;
		v[i].outside = v[i].p < v[i].lo || v[i].p > v[i].hi;
	}
	free(p);
	free(adj);
}

size_t
chk_agree(const struct eng_ctx *c, const struct eng_stats *st,
    struct chk_agree **out)
{
	const struct eng_show *sh = c->fam->show;
	struct eng_outcomes o = { 0 };
	struct chk_agree *v = NULL;
	size_t n = 0, cap = 0, i;
	char pc[32];

	*out = NULL;
	if (sh == NULL || sh->outcomes == NULL)
		return 0;
	sh->outcomes(c, st, &o);
	for (i = 0; i < o.n; i++) {
		const struct eng_outcome *e = &o.v[i];
		struct chk_agree a;

		if (e->n < CHK_AGREE_MIN)
			continue;
		a.label = xstrdup(e->label);
		a.k = e->k;
		a.n = e->n;
		a.rate = (double)e->k / (double)e->n;
		wilson95(a.rate, e->n, &a.lo, &a.hi);
		a.p = e->p;
		/* A long fraction reads better as a percentage. */
		if (strlen(e->exact) > 9) {
			fmt_double(pc, sizeof(pc), e->p * 100, 2);
			a.exact = xasprintf("%s%%", pc);
		} else
			a.exact = xstrdup(e->exact);
		XPUSH(v, n, cap, a);
	}
	eng_outcomes_free(&o);
	chk_agree_test(v, n);
	*out = v;
	return n;
}

void
chk_agree_free(struct chk_agree *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].label);
		free(v[i].exact);
	}
	free(v);
}

/* A p-value as text: three decimals, or "< 0.001". */
static void
fmt_p(char *buf, size_t sz, double p)
{
	if (p < 0.001)
		snprintf(buf, sz, "< 0.001");
	else
		fmt_double(buf, sz, p, 3);
}

void
chk_agree_diags(struct pos at, const struct chk_agree *v, size_t n,
    struct diags *d)
{
	char rate[32], ex[32], pa[32];
	size_t i;

	for (i = 0; i < n; i++) {
		if (!v[i].finding)
			continue;
		fmt_double(rate, sizeof(rate), v[i].rate * 100, 2);
		fmt_double(ex, sizeof(ex), v[i].p * 100, 2);
		fmt_p(pa, sizeof(pa), v[i].padj);
		diag_msg(d, at, MSG(SELF_PLAY_DISAGREES_EXACT_ODDS),
		    v[i].label, v[i].k, v[i].n, rate, v[i].exact, ex, pa, n);
	}
}
