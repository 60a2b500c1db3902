/*
 * rational.c: exact fractions for the odds, whatever their size: dice of
 * a hundred sides, or many dice, give denominators far past 64 bits. A
 * fraction that fits in two int64 is kept in them, so that the many
 * small chances of a big ruleset's odds take no allocation (256 unit
 * types make hundreds of thousands); a bigger one is a GMP rational on
 * the heap. Arithmetic goes through GMP and the result is stored back in
 * the smaller form it fits: odds are worked out once per ruleset, never
 * in self-play, so exactness costs nothing that matters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

void
eng_q_init(struct eng_q *q)
{
	q->num = 0;
	q->den = 1;
	q->big = NULL;
}

void
eng_q_clear(struct eng_q *q)
{
	if (q->big != NULL) {
		mpq_clear(*q->big);
		free(q->big);
	}
	eng_q_init(q);
}

/* x = q; x initialised. */
static void
get(const struct eng_q *q, mpq_t x)
{
	if (q->big != NULL) {
		mpq_set(x, *q->big);
		return;
	}
	mpz_set_si(mpq_numref(x), (long)q->num);
	mpz_set_si(mpq_denref(x), (long)q->den);
}

/* q = x (in lowest terms): in two int64 when both parts fit. */
static void
put(struct eng_q *q, const mpq_t x)
{
	if (mpz_fits_slong_p(mpq_numref(x)) &&
	    mpz_fits_slong_p(mpq_denref(x)) && sizeof(long) >= 8) {
		int64_t num = mpz_get_si(mpq_numref(x));
		int64_t den = mpz_get_si(mpq_denref(x));

		eng_q_clear(q);
		q->num = num;
		q->den = den;
		return;
	}
	if (q->big == NULL) {
		q->big = xmalloc(sizeof(*q->big));
		mpq_init(*q->big);
	}
	mpq_set(*q->big, x);
}

void
eng_q_get_mpq(const struct eng_q *q, mpq_t x)
{
	get(q, x);
}

void
eng_q_set(struct eng_q *r, const struct eng_q *a)
{
	mpq_t x;

	if (r == a)
		return;
	if (a->big == NULL) {
		eng_q_clear(r);
		r->num = a->num;
		r->den = a->den;
		return;
	}
	mpq_init(x);
	get(a, x);
	put(r, x);
	mpq_clear(x);
}

/* r = num/den in lowest terms (0 when den is 0, which no caller asks
 * for). */
void
eng_q_set_si(struct eng_q *r, long num, long den)
{
	mpq_t x;

	mpq_init(x);
	if (den != 0) {
		mpz_set_si(mpq_numref(x), num);
		mpz_set_si(mpq_denref(x), den);
		mpq_canonicalize(x);
	}
	put(r, x);
	mpq_clear(x);
}

void
eng_q_set_mpq(struct eng_q *r, const mpq_t x)
{
	put(r, x);
}

/* r = a op b, for GMP's op. */
static void
arith(struct eng_q *r, const struct eng_q *a, const struct eng_q *b,
    void (*op)(mpq_ptr, mpq_srcptr, mpq_srcptr))
{
	mpq_t x, y;

	mpq_init(x);
	mpq_init(y);
	get(a, x);
	get(b, y);
	op(x, x, y);
	put(r, x);
	mpq_clear(x);
	mpq_clear(y);
}

void
eng_q_add(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	arith(r, a, b, mpq_add);
}

void
eng_q_sub(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	arith(r, a, b, mpq_sub);
}

void
eng_q_mul(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	arith(r, a, b, mpq_mul);
}

/* r = a/b; 0 when b is 0 (as a division by a zero-denominator fraction
 * gave before: no caller divides by a chance that can be 0). */
void
eng_q_div(struct eng_q *r, const struct eng_q *a, const struct eng_q *b)
{
	if (b->big == NULL && b->num == 0) {
		eng_q_clear(r);
		return;
	}
	arith(r, a, b, mpq_div);
}

/* Returns <0, 0, >0 as a is less than, equal to, greater than b. */
int
eng_q_cmp(const struct eng_q *a, const struct eng_q *b)
{
	mpq_t x, y;
	int c;

	mpq_init(x);
	mpq_init(y);
	get(a, x);
	get(b, y);
	c = mpq_cmp(x, y);
	mpq_clear(x);
	mpq_clear(y);
	return c < 0 ? -1 : c > 0;
}

int
eng_q_eq(const struct eng_q *a, const struct eng_q *b)
{
	/* Both in lowest terms, each in the smaller form it fits. */
	if (a->big == NULL && b->big == NULL)
		return a->num == b->num && a->den == b->den;
	return eng_q_cmp(a, b) == 0;
}

/* Whether q is num/den (den > 0, in any terms). */
int
eng_q_is(const struct eng_q *q, long num, long den)
{
	mpq_t x;
	int c;

	mpq_init(x);
	get(q, x);
	c = mpq_cmp_si(x, num, (unsigned long)den);
	mpq_clear(x);
	return c == 0;
}

/* Numerator and denominator when both fit in a long; returns 0, or -1
 * when either does not. */
int
eng_q_small(const struct eng_q *q, long *num, long *den)
{
	if (q->big != NULL || sizeof(long) < 8)
		return -1;
	*num = (long)q->num;
	*den = (long)q->den;
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
	if (q->big == NULL)
		return (double)q->num / (double)q->den;
	return mpq_get_d(*q->big);
}

char *
eng_q_str(const struct eng_q *q)
{
	mpq_t x;
	char *s;

	if (q->big == NULL)
		return q->den == 1 ? xasprintf("%lld", (long long)q->num) :
		                     xasprintf("%lld/%lld", (long long)q->num,
		                         (long long)q->den);
	mpq_init(x);
	get(q, x);
	s = xmalloc(mpz_sizeinbase(mpq_numref(x), 10) +
	    mpz_sizeinbase(mpq_denref(x), 10) + 3);
	mpq_get_str(s, 10, x);
	mpq_clear(x);
	return s;
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
	mpq_t x;
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
	mpq_init(x);
	mpz_set(mpq_numref(x), a);
	mpz_set(mpq_denref(x), b);
	mpq_canonicalize(x);
	put(q, x);
	mpq_clear(x);
	rc = 0;
out:
	mpz_clear(a);
	mpz_clear(b);
	mpz_clear(scale);
	return rc;
}
