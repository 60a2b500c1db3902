/*
 * rational.c: exact fractions for the odds. A GMP rational, so that a
 * chance is exact whatever its size: dice of a hundred sides, or many
 * dice, give denominators far past 64 bits, and an int64 would have to
 * round them (or overflow). Odds are worked out once per ruleset, never
 * in self-play, so GMP's cost does not matter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

void
eng_q_init(struct eng_q *q)
{
	mpq_init(q->v);
}

void
eng_q_clear(struct eng_q *q)
{
	mpq_clear(q->v);
}

void
eng_q_set(struct eng_q *r, const struct eng_q *a)
{
	mpq_set(r->v, a->v);
}

/* r = num/den in lowest terms (0 when den is 0, which no caller asks
 * for). */
void
eng_q_set_si(struct eng_q *r, long num, long den)
{
	if (den == 0) {
		mpq_set_ui(r->v, 0, 1);
		return;
	}
	mpz_set_si(mpq_numref(r->v), num);
	mpz_set_si(mpq_denref(r->v), den);
	mpq_canonicalize(r->v);
}

void
eng_q_set_mpq(struct eng_q *r, const mpq_t x)
{
	mpq_set(r->v, x);
}

void
eng_q_add(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	mpq_add(r->v, a->v, b->v);
}

void
eng_q_sub(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	mpq_sub(r->v, a->v, b->v);
}

void
eng_q_mul(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	mpq_mul(r->v, a->v, b->v);
}

/* r = a/b; 0 when b is 0 (as a division by a zero-denominator fraction
 * gave before: no caller divides by a chance that can be 0). */
void
eng_q_div(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	if (mpq_sgn(b->v) == 0)
		mpq_set_ui(r->v, 0, 1);
	else
		mpq_div(r->v, a->v, b->v);
}

/* Returns <0, 0, >0 as a is less than, equal to, greater than b. */
int
eng_q_cmp(const struct eng_q *a, const struct eng_q *b)
{
	int c = mpq_cmp(a->v, b->v);

	return c < 0 ? -1 : c > 0;
}

int
eng_q_eq(const struct eng_q *a, const struct eng_q *b)
{
	return mpq_equal(a->v, b->v) != 0;
}

/* Whether q is num/den (den > 0, in any terms). */
int
eng_q_is(const struct eng_q *q, long num, long den)
{
	return mpq_cmp_si(q->v, num, (unsigned long)den) == 0;
}

/* Numerator and denominator when both fit in a long; returns 0, or -1
 * when either does not. */
int
eng_q_small(const struct eng_q *q, long *num, long *den)
{
	if (!mpz_fits_slong_p(mpq_numref(q->v)) ||
	    !mpz_fits_slong_p(mpq_denref(q->v)))
		return -1;
	*num = mpz_get_si(mpq_numref(q->v));
	*den = mpz_get_si(mpq_denref(q->v));
	return 0;
}

/*
 * A fraction that fits in two longs is divided as two doubles, the
 * rounding every figure printed so far was made with; a bigger one is
 * left to GMP (towards zero, within one unit of the last place).
 */
double
eng_q_double(const struct eng_q *q)
{
	long num, den;

	if (eng_q_small(q, &num, &den) == 0)
		return (double)num / (double)den;
	return mpq_get_d(q->v);
}

char *
eng_q_str(const struct eng_q *q)
{
	size_t sz = mpz_sizeinbase(mpq_numref(q->v), 10) +
	    mpz_sizeinbase(mpq_denref(q->v), 10) + 3;
	char *s = xmalloc(sz);

	return mpq_get_str(s, 10, q->v);
}

/* Sets z to the digits at s (as many as there are); returns how many,
 * 0 when none. */
static size_t
parse_digits(const char *s, mpz_t z)
{
	size_t n = strspn(s, "0123456789");
	char *d;

	if (n == 0)
		return 0;
	d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	mpz_set_str(z, d, 10);
	free(d);
	return n;
}

/* Returns 0 and the value of "4/7", "-1", "0.25", or -1. Any number of
 * digits: a test game may expect a chance of any size. */
int
eng_q_parse(const char *s, struct eng_q *q)
{
	mpz_t a, b, scale;
	size_t n;
	int neg = 0, rc = -1;

	mpz_init(a);
	mpz_init_set_ui(b, 1);
	mpz_init(scale);
	while (*s == ' ')
		s++;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	if ((n = parse_digits(s, a)) == 0)
		goto out;
	s += n;
	if (*s == '/') {
		if ((n = parse_digits(s + 1, b)) == 0 || mpz_sgn(b) == 0)
			goto out;
		s += 1 + n;
	} else if (*s == '.') {
		if ((n = parse_digits(s + 1, b)) == 0)
			goto out;
		/* a.b is (a * 10^n + b) / 10^n. */
		mpz_ui_pow_ui(scale, 10, (unsigned long)n);
		mpz_mul(a, a, scale);
		mpz_add(a, a, b);
		mpz_swap(b, scale);
		s += 1 + n;
	}
	while (*s == ' ')
		s++;
	if (*s != '\0')
		goto out;
	if (neg)
		mpz_neg(a, a);
	mpz_set(mpq_numref(q->v), a);
	mpz_set(mpq_denref(q->v), b);
	mpq_canonicalize(q->v);
	rc = 0;
out:
	mpz_clear(a);
	mpz_clear(b);
	mpz_clear(scale);
	return rc;
}
