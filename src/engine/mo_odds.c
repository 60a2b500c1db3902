/*
 * mo_odds.c: exact odds of the morale family. Probabilities are
 * n / (2^a 3^b) with n a fixed-size natural number, which is exact for
 * d6 dice, saving throws and tie-breaks, and needs no general gcd.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mo_odds.h"
#include "morale.h"

/* ---- natural numbers of MO_QLIMBS limbs ---- */

/* Returns 1 when n is zero. */
static int
nat_zero(const uint32_t *n)
{
	int i;

	for (i = 0; i < MO_QLIMBS; i++)
		if (n[i] != 0)
			return 0;
	return 1;
}

/* n *= k; overflow aborts (cannot happen within MO_MAX_DICE). */
static void
nat_mul_small(uint32_t *n, uint32_t k)
{
	uint64_t c = 0;
	int i;

	for (i = 0; i < MO_QLIMBS; i++) {
		c += (uint64_t)n[i] * k;
		n[i] = (uint32_t)c;
		c >>= 32;
	}
	if (c != 0)
		abort();
}

/* Returns the index of the highest limb that is not zero, -1 for 0. */
static int
nat_top(const uint32_t *n)
{
	int i;

	for (i = MO_QLIMBS - 1; i >= 0 && n[i] == 0; i--)
		;
	return i;
}

/* n /= k; returns the remainder. */
static uint32_t
nat_div_small(uint32_t *n, uint32_t k)
{
	uint64_t r = 0;
	int i;

	for (i = nat_top(n); i >= 0; i--) {
		r = (r << 32) | n[i];
		n[i] = (uint32_t)(r / k);
		r %= k;
	}
	return (uint32_t)r;
}

/* Returns n mod k without changing n. */
static uint32_t
nat_mod_small(const uint32_t *n, uint32_t k)
{
	uint64_t r = 0;
	int i;

	for (i = nat_top(n); i >= 0; i--)
		r = ((r << 32) | n[i]) % k;
	return (uint32_t)r;
}

/* r = x + y. */
static void
nat_add(uint32_t *r, const uint32_t *x, const uint32_t *y)
{
	uint64_t c = 0;
	int i;

	for (i = 0; i < MO_QLIMBS; i++) {
		c += (uint64_t)x[i] + y[i];
		r[i] = (uint32_t)c;
		c >>= 32;
	}
	if (c != 0)
		abort();
}

/* r = x - y for x >= y. */
static void
nat_sub(uint32_t *r, const uint32_t *x, const uint32_t *y)
{
	int64_t c = 0;
	int i;

	for (i = 0; i < MO_QLIMBS; i++) {
		c += (int64_t)x[i] - y[i];
		r[i] = (uint32_t)c;
		c = c < 0 ? -1 : 0;
	}
	if (c != 0)
		abort();
}

/* r = x * y (r may alias). */
static void
nat_mul(uint32_t *r, const uint32_t *x, const uint32_t *y)
{
	uint32_t t[MO_QLIMBS];
	int i, j, yt = nat_top(y);

	memset(t, 0, sizeof(t));
	for (i = 0; i < MO_QLIMBS && yt >= 0; i++) {
		uint64_t c = 0;

		if (x[i] == 0)
			continue;
		if (i + yt >= MO_QLIMBS)
			abort();
		for (j = 0; j <= yt; j++) {
			c += (uint64_t)x[i] * y[j] + t[i + j];
			t[i + j] = (uint32_t)c;
			c >>= 32;
		}
		for (j = i + yt + 1; c != 0; j++) {
			if (j >= MO_QLIMBS)
				abort();
			c += t[j];
			t[j] = (uint32_t)c;
			c >>= 32;
		}
	}
	memcpy(r, t, sizeof(t));
}

/* Returns <0, 0, >0 comparing x and y. */
static int
nat_cmp(const uint32_t *x, const uint32_t *y)
{
	int i;

	for (i = MO_QLIMBS - 1; i >= 0; i--)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

/* n *= 2^a 3^b. */
static void
nat_scale(uint32_t *n, int a, int b)
{
	for (; a > 0; a--)
		nat_mul_small(n, 2);
	for (; b > 0; b--)
		nat_mul_small(n, 3);
}

/* ---- exact probabilities ---- */

/* Divide out common factors of 2 and 3; zero has denominator 1. */
static void
q_reduce(struct mo_q *x)
{
	if (nat_zero(x->n)) {
		x->a = x->b = 0;
		return;
	}
	if (x->a > 0 && (x->n[0] & 1) == 0) {
		int z = 0, k, i;

		for (i = 0; x->n[i] == 0; i++)
			z += 32;
		z += __builtin_ctz(x->n[i]);
		if (z > x->a)
			z = x->a;
		x->a -= z;
		for (; z > 0; z -= k) {
			k = z < 31 ? z : 31;
			for (i = 0; i < MO_QLIMBS; i++)
				x->n[i] = (x->n[i] >> k) |
				    (i + 1 < MO_QLIMBS ?
				            x->n[i + 1] << (32 - k) :
				            0);
		}
	}
	while (x->b > 0 && nat_mod_small(x->n, 3) == 0) {
		nat_div_small(x->n, 3);
		x->b--;
	}
}

void
mo_q_set(struct mo_q *x, uint32_t num, int a, int b)
{
	memset(x, 0, sizeof(*x));
	x->n[0] = num;
	x->a = a;
	x->b = b;
	q_reduce(x);
}

void
mo_q_add(struct mo_q *r, const struct mo_q *x, const struct mo_q *y)
{
	struct mo_q u = *x, v = *y;
	int a = x->a > y->a ? x->a : y->a, b = x->b > y->b ? x->b : y->b;

	nat_scale(u.n, a - x->a, b - x->b);
	nat_scale(v.n, a - y->a, b - y->b);
	nat_add(r->n, u.n, v.n);
	r->a = a;
	r->b = b;
	q_reduce(r);
}

void
mo_q_sub(struct mo_q *r, const struct mo_q *x, const struct mo_q *y)
{
	struct mo_q u = *x, v = *y;
	int a = x->a > y->a ? x->a : y->a, b = x->b > y->b ? x->b : y->b;

	nat_scale(u.n, a - x->a, b - x->b);
	nat_scale(v.n, a - y->a, b - y->b);
	nat_sub(r->n, u.n, v.n);
	r->a = a;
	r->b = b;
	q_reduce(r);
}

void
mo_q_to_mpq(const struct mo_q *x, mpq_t r)
{
	mpz_t t;

	mpz_import(mpq_numref(r), MO_QLIMBS, -1, sizeof(x->n[0]), 0, 0, x->n);
	mpz_init(t);
	mpz_ui_pow_ui(mpq_denref(r), 2, (unsigned long)x->a);
	mpz_ui_pow_ui(t, 3, (unsigned long)x->b);
	mpz_mul(mpq_denref(r), mpq_denref(r), t);
	mpz_clear(t);
	/* Reduced already (q_reduce); this keeps GMP's own promise. */
	mpq_canonicalize(r);
}

void
mo_q_mul(struct mo_q *r, const struct mo_q *x, const struct mo_q *y)
{
	int a = x->a + y->a, b = x->b + y->b;

	nat_mul(r->n, x->n, y->n);
	r->a = a;
	r->b = b;
	q_reduce(r);
}

int
mo_q_cmp(const struct mo_q *x, const struct mo_q *y)
{
	struct mo_q u = *x, v = *y;
	int a = x->a > y->a ? x->a : y->a, b = x->b > y->b ? x->b : y->b;

	nat_scale(u.n, a - x->a, b - x->b);
	nat_scale(v.n, a - y->a, b - y->b);
	return nat_cmp(u.n, v.n);
}

double
mo_q_double(const struct mo_q *x)
{
	double v = 0, d = 1;
	int i;

	for (i = MO_QLIMBS - 1; i >= 0; i--)
		v = v * 4294967296.0 + x->n[i];
	for (i = 0; i < x->a; i++)
		d *= 2;
	for (i = 0; i < x->b; i++)
		d *= 3;
	return v / d;
}

/* Returns the decimal digits of n (caller frees). */
static char *
nat_str(const uint32_t *n)
{
	uint32_t t[MO_QLIMBS];
	char buf[MO_QLIMBS * 10 + 2], *p = buf + sizeof(buf) - 1;

	memcpy(t, n, sizeof(t));
	*p = '\0';
	do
		*--p = (char)('0' + nat_div_small(t, 10));
	while (!nat_zero(t));
	return xstrdup(p);
}

char *
mo_q_str(const struct mo_q *x)
{
	uint32_t d[MO_QLIMBS];
	char *ns, *ds, *s;

	ns = nat_str(x->n);
	if (x->a == 0 && x->b == 0)
		return ns;
	memset(d, 0, sizeof(d));
	d[0] = 1;
	nat_scale(d, x->a, x->b);
	ds = nat_str(d);
	s = xasprintf("%s/%s", ns, ds);
	free(ns);
	free(ds);
	return s;
}

/* ---- dice ---- */

int
mo_hit_faces(int die_mod)
{
	/* Clarification 8: the modified score must reach 6. */
	int k = 1 + die_mod;

	return k < 0 ? 0 : k > 6 ? 6 : k;
}

void
mo_hits_dist(struct mo_dist *d, int dice, int die_mod, int saved)
{
	struct mo_q hit, miss, t;
	int i, h, k = mo_hit_faces(die_mod);

	if (dice < 0)
		dice = 0;
	if (dice > MO_MAX_DICE)
		dice = MO_MAX_DICE;
	/* Firing, saving throws: a hit from a disorganised enemy stands
	 * only when the save fails (1-3 of 4-6 saves), so a die hits with
	 * k (6 - saved) / 36 instead of k/6: k/12 for the sources. */
	if (saved > 0) {
		mo_q_set(&hit, (uint32_t)(k * (6 - saved)), 2, 2);
		mo_q_set(&miss, (uint32_t)(36 - k * (6 - saved)), 2, 2);
	} else {
		mo_q_set(&hit, (uint32_t)k, 1, 1);
		mo_q_set(&miss, (uint32_t)(6 - k), 1, 1);
	}
	memset(d, 0, sizeof(*d));
	d->max = dice;
	mo_q_set(&d->p[0], 1, 0, 0);
	for (i = 1; i <= dice; i++) {
		/* One more die: p'[h] = p[h] miss + p[h-1] hit. */
		for (h = i; h >= 0; h--) {
			mo_q_mul(&t, &d->p[h], &miss);
			if (h > 0) {
				struct mo_q u;

				mo_q_mul(&u, &d->p[h - 1], &hit);
				mo_q_add(&t, &t, &u);
			}
			d->p[h] = t;
		}
	}
}

void
mo_morale_pass(struct mo_q *p, int morale, int mod_total)
{
	/* Morale: a score higher than current morale + modifiers fails. */
	int k = morale + mod_total;

	mo_q_set(p, (uint32_t)(k < 0 ? 0 : k > 6 ? 6 : k), 1, 1);
}

void
mo_melee_odds(struct mo_melee *m, int a_dice, int a_mod, int a_saved,
    int d_dice, int d_mod, int d_saved)
{
	struct mo_q half, t, aless, dless; /* P(A < i hits), P(D < i) */
	int i, j;

	memset(m, 0, sizeof(*m));
	memset(&aless, 0, sizeof(aless));
	memset(&dless, 0, sizeof(dless));
	mo_hits_dist(&m->a_hits, a_dice, a_mod, a_saved);
	mo_hits_dist(&m->d_hits, d_dice, d_mod, d_saved);
	/* More hits wins: A wins with a[i] d[j] summed over j < i, D over
	 * i < j; by running sums, a multiplication per count of hits. */
	for (i = 0; i <= m->a_hits.max; i++) {
		if (i <= m->d_hits.max) {
			mo_q_mul(&t, &m->a_hits.p[i], &m->d_hits.p[i]);
			mo_q_add(&m->tiebreak, &m->tiebreak, &t);
		}
		mo_q_mul(&t, &m->a_hits.p[i], &dless);
		mo_q_add(&m->a_wins, &m->a_wins, &t);
		if (i <= m->d_hits.max)
			mo_q_add(&dless, &dless, &m->d_hits.p[i]);
	}
	for (j = 0; j <= m->d_hits.max; j++) {
		mo_q_mul(&t, &m->d_hits.p[j], &aless);
		mo_q_add(&m->d_wins, &m->d_wins, &t);
		if (j <= m->a_hits.max)
			mo_q_add(&aless, &aless, &m->a_hits.p[j]);
	}
	/* Clarification 11: tied tie-break dice are rolled again, so each
	 * side wins a tie-break with 1/2. */
	mo_q_set(&half, 1, 1, 0);
	mo_q_mul(&t, &m->tiebreak, &half);
	mo_q_add(&m->a_wins, &m->a_wins, &t);
	mo_q_add(&m->d_wins, &m->d_wins, &t);
}

/* Returns the value of a modifier, 0 when the table lacks it. */
static int
mod_value(const struct ruleset *rs, const char *section, const char *key)
{
	const struct rs_modifier *m = rs_mod_find(rs, section, key);

	return m != NULL ? m->value : 0;
}

int
mo_melee_die_mod(const struct ruleset *rs, const struct rs_unit *u,
    int to_front)
{
	int v = 0;

	/* Melee modifiers: pikes to their front, armoured, levies. */
	if ((u->traits & RS_TRAIT_PIKE) && to_front)
		v += mod_value(rs, "Melee modifiers", "pike_front");
	if (u->traits & RS_TRAIT_ARMOURED)
		v += mod_value(rs, "Melee modifiers", "armoured");
	if (u->traits & RS_TRAIT_LEVY)
		v += mod_value(rs, "Melee modifiers", "levy");
	return v;
}

int
mo_fire_die_mod(const struct ruleset *rs, const struct rs_unit *u)
{
	int v = 0;

	/* The source has no fire modifiers; a Fire modifiers table keyed
	 * by the same trait keys is honoured. */
	if (u->traits & RS_TRAIT_ARMOURED)
		v += mod_value(rs, "Fire modifiers", "armoured");
	if (u->traits & RS_TRAIT_LEVY)
		v += mod_value(rs, "Fire modifiers", "levy");
	return v;
}

int
mo_save_faces(const struct ruleset *rs)
{
	struct eng_values v;

	eng_settings_read(rs, &eng_morale, &v, NULL);
	return __builtin_popcount((unsigned)v.v[MO_SET_SAVE]);
}
