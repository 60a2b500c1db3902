/*
 * rational.c: exact fractions for the odds. Numerators and denominators
 * stay small in every table sandtable computes (powers of 6 at most), so
 * 64-bit integers with a gcd after each step are enough.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static int64_t
gcd64(int64_t a, int64_t b)
{
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b != 0) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Returns num/den in lowest terms with a positive denominator (0/1 when
 * den is 0, which no caller asks for). */
struct eng_q
eng_q_make(int64_t num, int64_t den)
{
	struct eng_q q;
	int64_t g;

	if (den == 0) {
		q.num = 0;
		q.den = 1;
		return q;
	}
	if (den < 0) {
		num = -num;
		den = -den;
	}
	g = gcd64(num, den);
	if (g == 0)
		g = 1;
	q.num = num / g;
	q.den = den / g;
	return q;
}

struct eng_q
eng_q_add(struct eng_q a, struct eng_q b)
{
	int64_t g = gcd64(a.den, b.den);

	return eng_q_make(a.num * (b.den / g) + b.num * (a.den / g),
	    a.den / g * b.den);
}

struct eng_q
eng_q_sub(struct eng_q a, struct eng_q b)
{
	b.num = -b.num;
	return eng_q_add(a, b);
}

struct eng_q
eng_q_mul(struct eng_q a, struct eng_q b)
{
	int64_t g1 = gcd64(a.num, b.den), g2 = gcd64(b.num, a.den);

	if (g1 == 0)
		g1 = 1;
	if (g2 == 0)
		g2 = 1;
	return eng_q_make((a.num / g1) * (b.num / g2),
	    (a.den / g2) * (b.den / g1));
}

struct eng_q
eng_q_div(struct eng_q a, struct eng_q b)
{
	struct eng_q inv = eng_q_make(b.den, b.num);

	return eng_q_mul(a, inv);
}

/* Returns <0, 0, >0 as a is less than, equal to, greater than b. */
int
eng_q_cmp(struct eng_q a, struct eng_q b)
{
	__int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;

	return l < r ? -1 : l > r;
}

int
eng_q_eq(struct eng_q a, struct eng_q b)
{
	return a.num == b.num && a.den == b.den;
}

double
eng_q_double(struct eng_q q)
{
	return (double)q.num / (double)q.den;
}

void
eng_q_format(char *buf, size_t sz, struct eng_q q)
{
	if (q.den == 1)
		snprintf(buf, sz, "%lld", (long long)q.num);
	else
		snprintf(buf, sz, "%lld/%lld", (long long)q.num,
		    (long long)q.den);
}

/* Parse an integer of at most 15 digits; returns chars used or -1. */
static int
parse_digits(const char *s, int64_t *v, int *ndig)
{
	int n = 0;

	*v = 0;
	while (s[n] >= '0' && s[n] <= '9') {
		if (n >= 15)
			return -1;
		*v = *v * 10 + (s[n] - '0');
		n++;
	}
	*ndig = n;
	return n;
}

/* Returns 0 and the value of "4/7", "-1", "0.25", or -1. */
int
eng_q_parse(const char *s, struct eng_q *q)
{
	int64_t a, b, scale = 1;
	int neg = 0, n, nd, i;

	while (*s == ' ')
		s++;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	if ((n = parse_digits(s, &a, &nd)) <= 0)
		return -1;
	s += n;
	if (*s == '/') {
		if ((n = parse_digits(s + 1, &b, &nd)) <= 0 || b == 0)
			return -1;
		s += 1 + n;
	} else if (*s == '.') {
		if ((n = parse_digits(s + 1, &b, &nd)) <= 0)
			return -1;
		for (i = 0; i < nd; i++)
			scale *= 10;
		a = a * scale + b;
		b = scale;
		s += 1 + n;
	} else
		b = 1;
	while (*s == ' ')
		s++;
	if (*s != '\0')
		return -1;
	*q = eng_q_make(neg ? -a : a, b);
	return 0;
}
