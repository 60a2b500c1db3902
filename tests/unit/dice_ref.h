/* dice_ref.h: the unit tests' plain references for the dice family's
 * exact odds — worked out the simplest way, to hold the engine's fast
 * ones against. Included by the tests that use them. */
#ifndef SANDTABLE_TEST_DICE_REF_H
#define SANDTABLE_TEST_DICE_REF_H

#include <stdlib.h>

#include "../../src/engine/dicex.h"

/* out = the distribution of a + b, a and b independent (the caller
 * frees it with dx_dist_free()). */
static inline void
ref_dist_sum(const struct dx_dist *a, const struct dx_dist *b,
    struct dx_dist *out)
{
	int32_t i, j, n = a->hi - a->lo + b->hi - b->lo + 1;
	mpq_t x;

	out->lo = a->lo + b->lo;
	out->hi = a->hi + b->hi;
	out->p = calloc((size_t)n, sizeof(*out->p));
	out->pd = calloc((size_t)n, sizeof(*out->pd));
	for (i = 0; i < n; i++)
		mpq_init(out->p[i]);
	mpq_init(x);
	for (i = 0; i <= a->hi - a->lo; i++)
		for (j = 0; j <= b->hi - b->lo; j++) {
			mpq_mul(x, a->p[i], b->p[j]);
			mpq_add(out->p[i + j], out->p[i + j], x);
		}
	mpq_clear(x);
}

#endif
