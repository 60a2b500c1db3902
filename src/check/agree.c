/*
 * agree.c: the report's agreement check — does self-play roll the dice
 * as the exact odds say? Each outcome the family tallied (eng_show
 * .outcomes) that self-play saw often enough is held against its exact
 * chance with a 95% Wilson interval.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

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
