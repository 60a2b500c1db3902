/*
 * dicex.c: dice expressions (dicex.h) — the parser, the roller and the
 * exact distributions.
 *
 * Distributions are worked out as integer weights (GMP mpz) over one
 * common denominator, the number of equally likely ways the dice can
 * fall: a d6 that rerolls has 36, a d6! cut at depth 4 has 6^5, n dice
 * W^n. Integers keep the convolutions free of gcds; the rationals are
 * made once, at the end.
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dicex.h"

#define DX_MAX_NEST 8 /* min/max inside min/max */
#define DX_MAX_CONSTANT 1000000

/* ---- parsing ---- */

struct parser {
	const char *s, *p;
	int nest;
	const char *why;
	const char *at;
};

static int
fail(struct parser *ps, const char *at, const char *why)
{
	if (ps->why == NULL) {
		ps->why = why;
		ps->at = at;
	}
	return -1;
}

static void
skip(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

/* A number at p (after spaces): 1 read into *v, 0 none there, -1 too
 * large. */
static int
number(struct parser *ps, int *v)
{
	const char *at;
	long n = 0;

	skip(ps);
	at = ps->p;
	if (!isdigit((unsigned char)*ps->p))
		return 0;
	while (isdigit((unsigned char)*ps->p)) {
		n = n * 10 + (*ps->p - '0');
		if (n > DX_MAX_NUMBER)
			return fail(ps, at,
			    "number too large (at most "
			    "10000)");
		ps->p++;
	}
	*v = (int)n;
	return 1;
}

/* A comparison at p: its enum dx_cmp, or DX_NONE (nothing read). */
static enum dx_cmp
comparison(struct parser *ps)
{
	skip(ps);
	switch (*ps->p) {
	case '=':
		ps->p++;
		return DX_EQ;
	case '<':
		ps->p++;
		if (*ps->p == '=') {
			ps->p++;
			return DX_LE;
		}
		return DX_LT;
	case '>':
		ps->p++;
		if (*ps->p == '=') {
			ps->p++;
			return DX_GE;
		}
		return DX_GT;
	}
	return DX_NONE;
}

static int
meets(int v, int op, int t)
{
	switch (op) {
	case DX_EQ:
		return v == t;
	case DX_LT:
		return v < t;
	case DX_LE:
		return v <= t;
	case DX_GT:
		return v > t;
	case DX_GE:
		return v >= t;
	}
	return 0;
}

static int
keyword(struct parser *ps, const char *w)
{
	size_t n = strlen(w);

	if (strncasecmp(ps->p, w, n) != 0)
		return 0;
	ps->p += n;
	return 1;
}

/* The highest value one die of t can show. */
static int
die_max(const struct dx_term *t)
{
	return t->explode ? t->sides * (DX_EXPLODE_DEPTH + 1) : t->sides;
}

static int32_t
bound(const struct dx_term *t, int32_t v)
{
	if (v < t->lo)
		v = t->lo;
	if (v > t->hi)
		v = t->hi;
	return v;
}

/* The results of term t: *lo..*hi, sign and bounds applied. */
static void
term_range(const struct dx_term *t, int32_t *lo, int32_t *hi)
{
	int kept = t->keep ? t->keep : t->n;
	int32_t a, b;

	if (t->succ_op != DX_NONE) {
		a = 0;
		b = kept;
	} else {
		a = kept;
		b = kept * die_max(t);
	}
	a = bound(t, a);
	b = bound(t, b);
	*lo = t->sign > 0 ? a : -b;
	*hi = t->sign > 0 ? b : -a;
}

/* The modifiers of a dice term after its sides. */
static int
modifiers(struct parser *ps, struct dx_term *t)
{
	const char *at;
	int v, r, k, faces;
	enum dx_cmp op;

	for (;;) {
		skip(ps);
		at = ps->p;
		if (*ps->p == 'k' || *ps->p == 'K') {
			if (t->keep)
				return fail(ps, at, "two keeps in one term");
			ps->p++;
			if (*ps->p == 'l' || *ps->p == 'L') {
				t->keep_low = 1;
				ps->p++;
			} else if (*ps->p == 'h' || *ps->p == 'H')
				ps->p++;
			if ((r = number(ps, &k)) <= 0)
				return r < 0 ?
				    -1 :
				    fail(ps, ps->p,
				        "expected how many dice to keep (kh1)");
			if (k == 0)
				return fail(ps, at, "keep at least one die");
			if (k > t->n)
				return fail(ps, at,
				    "keep more dice than "
				    "rolled");
			if (t->n > DX_MAX_KEEP_DICE)
				return fail(ps, at,
				    "keep from at most 20 dice");
			t->keep = (uint8_t)k;
		} else if (*ps->p == 'r' || *ps->p == 'R') {
			if (t->reroll_op != DX_NONE)
				return fail(ps, at, "two rerolls in one term");
			ps->p++;
			if ((op = comparison(ps)) == DX_NONE)
				op = DX_EQ;
			if ((r = number(ps, &v)) <= 0)
				return r < 0 ?
				    -1 :
				    fail(ps, ps->p,
				        "expected the face to reroll (r1)");
			for (faces = 0, k = 1; k <= t->sides; k++)
				faces += meets(k, op, v);
			if (faces == 0)
				return fail(ps, at,
				    "reroll on no face of "
				    "the die");
			if (faces == t->sides)
				return fail(ps, at,
				    "reroll every face: "
				    "no roll would stand");
			t->reroll_op = (uint8_t)op;
			t->reroll_t = (uint8_t)v;
		} else if (*ps->p == '!') {
			if (t->explode)
				return fail(ps, at,
				    "two explosions in one "
				    "term");
			ps->p++;
			if ((r = number(ps, &v)) < 0)
				return -1;
			if (r == 0)
				v = t->sides;
			if (v <= 1)
				return fail(ps, at,
				    "explode on every face: "
				    "would never end");
			if (v > t->sides)
				return fail(ps, at,
				    "explode on a face the "
				    "die does not have");
			t->explode = (uint8_t)v;
		} else if ((op = comparison(ps)) != DX_NONE) {
			if ((r = number(ps, &v)) <= 0)
				return r < 0 ?
				    -1 :
				    fail(ps, ps->p,
				        "expected a number to count successes "
				        "against (>=4)");
			t->succ_op = (uint8_t)op;
			t->succ_t = (int16_t)v;
			return 0; /* the test ends the term */
		} else
			return 0;
	}
}

static int expr(struct parser *, struct dx *);

/* Add term t with sign to x. */
static int
add_term(struct parser *ps, struct dx *x, struct dx_term t, int sign,
    const char *at)
{
	int32_t lo, hi;

	t.sign = (int8_t)(t.sign * sign);
	term_range(&t, &lo, &hi);
	if ((int64_t)hi - lo + 1 > DX_MAX_RANGE)
		return fail(ps, at,
		    "too many results (more than 1000 "
		    "values)");
	if (x->nterms == DX_MAX_TERMS)
		return fail(ps, at, "more than 8 dice terms");
	x->t[x->nterms++] = t;
	return 0;
}

static int
add_constant(struct parser *ps, struct dx *x, int64_t v, const char *at)
{
	v += x->constant;
	if (v > DX_MAX_CONSTANT || v < -DX_MAX_CONSTANT)
		return fail(ps, at,
		    "the numbers add up to more than "
		    "1000000");
	x->constant = (int32_t)v;
	return 0;
}

/*
 * max(a, b) or min(a, b), after the keyword: one argument a constant,
 * the other at most one dice term (plus constants). Bounding the term
 * keeps the struct flat: max(s*T + c, k) = c + s*bound(T), the bound at
 * (k - c) * s, a maximum for s = +1 and a minimum for s = -1.
 */
static int
minmax(struct parser *ps, struct dx *x, int sign, int ismax, const char *at)
{
	struct dx a, b, *d, *k;
	struct dx_term t;
	const char *arg;
	int64_t m;
	int up;

	skip(ps);
	if (*ps->p != '(')
		return fail(ps, ps->p, "expected '(' after max or min");
	if (++ps->nest > DX_MAX_NEST)
		return fail(ps, at,
		    "max and min nested too deeply (at most "
		    "8)");
	ps->p++;
	skip(ps);
	arg = ps->p;
	if (expr(ps, &a) < 0)
		return -1;
	skip(ps);
	if (*ps->p != ',')
		return fail(ps, ps->p,
		    "expected ',' between the two "
		    "arguments of max or min");
	ps->p++;
	skip(ps);
	if (a.nterms > 0)
		arg = ps->p;
	if (expr(ps, &b) < 0)
		return -1;
	skip(ps);
	if (*ps->p != ')')
		return fail(ps, ps->p,
		    "expected ')' after the arguments of "
		    "max or min");
	ps->p++;
	ps->nest--;
	if (a.nterms > 0 && b.nterms > 0)
		return fail(ps, arg,
		    "max and min take a number as one "
		    "argument");
	d = a.nterms > 0 ? &a : &b;
	k = a.nterms > 0 ? &b : &a;
	if (d->nterms > 1)
		return fail(ps, at, "max and min of more than one dice term");
	if (d->nterms == 0) {
		m = ismax ?
		    (d->constant > k->constant ? d->constant : k->constant) :
		    (d->constant < k->constant ? d->constant : k->constant);
		return add_constant(ps, x, sign * m, at);
	}
	t = d->t[0];
	m = ((int64_t)k->constant - d->constant) * t.sign;
	/* A maximum of s*T is a maximum of T for s = +1, a minimum for -1. */
	up = (ismax != 0) == (t.sign > 0);
	if (up) {
		if (m > t.hi)
			t.lo = t.hi = (int32_t)m;
		else if (m > t.lo)
			t.lo = (int32_t)m;
	} else {
		if (m < t.lo)
			t.lo = t.hi = (int32_t)m;
		else if (m < t.hi)
			t.hi = (int32_t)m;
	}
	if (add_term(ps, x, t, sign, at) < 0)
		return -1;
	return add_constant(ps, x, (int64_t)sign * d->constant, at);
}

/* One term: a number, dice, or max/min. */
static int
term(struct parser *ps, struct dx *x, int sign)
{
	struct dx_term t;
	const char *at;
	int n = 1, r, v;

	skip(ps);
	at = ps->p;
	if (keyword(ps, "max"))
		return minmax(ps, x, sign, 1, at);
	if (keyword(ps, "min"))
		return minmax(ps, x, sign, 0, at);
	if ((r = number(ps, &n)) < 0)
		return -1;
	skip(ps);
	if (*ps->p != 'd' && *ps->p != 'D') {
		if (r == 0)
			return fail(ps, at,
			    *at == '\0' ? "expected a number "
			                  "or a die (d6) at the end" :
			                  "expected a number "
			                  "or a die (d6)");
		return add_constant(ps, x, (int64_t)sign * n, at);
	}
	if (n == 0)
		return fail(ps, at, "roll at least one die");
	if (n > DX_MAX_DICE)
		return fail(ps, at, "at most 100 dice in a term");
	ps->p++;
	if ((r = number(ps, &v)) <= 0)
		return r < 0 ? -1 :
		               fail(ps, ps->p,
		                   "expected a number after "
		                   "'d'");
	if (v < 2 || v > DX_MAX_SIDES)
		return fail(ps, at, "a die has 2 to 100 sides");
	memset(&t, 0, sizeof(t));
	t.sign = 1;
	t.n = (uint8_t)n;
	t.sides = (uint8_t)v;
	t.lo = INT32_MIN;
	t.hi = INT32_MAX;
	if (modifiers(ps, &t) < 0)
		return -1;
	return add_term(ps, x, t, sign, at);
}

/* Terms joined by + and -, into x (cleared). */
static int
expr(struct parser *ps, struct dx *x)
{
	int sign = 1;

	memset(x, 0, sizeof(*x));
	skip(ps);
	if (*ps->p == '-') {
		sign = -1;
		ps->p++;
	} else if (*ps->p == '+')
		ps->p++;
	for (;;) {
		if (term(ps, x, sign) < 0)
			return -1;
		skip(ps);
		if (*ps->p == '+')
			sign = 1;
		else if (*ps->p == '-')
			sign = -1;
		else
			return 0;
		ps->p++;
	}
}

int
dx_parse(const char *text, struct dx *out, int *col, const char **why)
{
	struct parser ps = { text, text, 0, NULL, NULL };
	int64_t lo, hi;
	int32_t a, b;
	int i;

	if (expr(&ps, out) == 0) {
		skip(&ps);
		if (*ps.p != '\0')
			fail(&ps, ps.p,
			    *ps.p == ')' ?
			        "')' without '('" :
			        "unexpected character after the expression");
	}
	if (ps.why == NULL) {
		lo = hi = out->constant;
		for (i = 0; i < out->nterms; i++) {
			term_range(&out->t[i], &a, &b);
			lo += a;
			hi += b;
		}
		if (hi - lo + 1 > DX_MAX_RANGE)
			fail(&ps, text,
			    "too many results (more than 1000 "
			    "values)");
		out->lo = (int32_t)lo;
		out->hi = (int32_t)hi;
	}
	if (ps.why != NULL) {
		if (col != NULL)
			*col = (int)(ps.at - text) + 1;
		if (why != NULL)
			*why = ps.why;
		dx_const(out, 0);
		return -1;
	}
	return 0;
}

void
dx_const(struct dx *x, int32_t v)
{
	memset(x, 0, sizeof(*x));
	x->constant = x->lo = x->hi = v;
}

static const char *const cmp_text[] = { "", "=", "<", "<=", ">", ">=" };

static size_t put(char *, size_t, size_t, const char *, ...)
    __attribute__((format(printf, 4, 5)));

/* Append to the n bytes of buf; returns the length it would then have. */
static size_t
put(char *buf, size_t sz, size_t n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (n >= sz)
		return n;
	va_start(ap, fmt);
	k = vsnprintf(buf + n, sz - n, fmt, ap);
	va_end(ap);
	return k < 0 ? n : n + (size_t)k;
}

char *
dx_format(const struct dx *x, char *buf, size_t sz)
{
	const struct dx_term *t;
	size_t n = 0;
	int i;

	if (sz == 0)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < x->nterms; i++) {
		t = &x->t[i];
		if (t->sign < 0)
			n = put(buf, sz, n, "-");
		else if (i > 0)
			n = put(buf, sz, n, "+");
		if (t->lo != INT32_MIN)
			n = put(buf, sz, n, "max(");
		if (t->hi != INT32_MAX)
			n = put(buf, sz, n, "min(");
		if (t->n > 1)
			n = put(buf, sz, n, "%d", t->n);
		n = put(buf, sz, n, "d%d", t->sides);
		if (t->reroll_op != DX_NONE)
			n = put(buf, sz, n,
			    t->reroll_op == DX_EQ     ? "r%d" :
			        t->reroll_op == DX_LT ? "r<%d" :
			        t->reroll_op == DX_LE ? "r<=%d" :
			        t->reroll_op == DX_GT ? "r>%d" :
			                                "r>=%d",
			    t->reroll_t);
		if (t->explode) {
			n = put(buf, sz, n, "!");
			if (t->explode != t->sides)
				n = put(buf, sz, n, "%d", t->explode);
		}
		if (t->keep)
			n = put(buf, sz, n, t->keep_low ? "kl%d" : "kh%d",
			    t->keep);
		if (t->succ_op != DX_NONE) {
			n = put(buf, sz, n, "%s", cmp_text[t->succ_op]);
			n = put(buf, sz, n, "%d", t->succ_t);
		}
		if (t->hi != INT32_MAX)
			n = put(buf, sz, n, ",%d)", t->hi);
		if (t->lo != INT32_MIN)
			n = put(buf, sz, n, ",%d)", t->lo);
	}
	if (x->constant != 0 || x->nterms == 0)
		n = put(buf, sz, n,
		    x->constant >= 0 && x->nterms > 0 ? "+%d" : "%d",
		    x->constant);
	return buf;
}

/* ---- rolling ---- */

/* One die of t: its face, a reroll, its explosions. */
static inline int
roll_die(const struct dx_term *t, struct eng_dice *d)
{
	int f, v, depth;

	f = eng_die_n(d, t->sides);
	if (t->reroll_op == DX_NONE && !t->explode)
		return f;
	if (t->reroll_op != DX_NONE && meets(f, t->reroll_op, t->reroll_t))
		f = eng_die_n(d, t->sides);
	v = f;
	/* Explosions stop at the stated depth (dicex.h). */
	for (depth = 0;
	     t->explode && f >= t->explode && depth < DX_EXPLODE_DEPTH;
	     depth++) {
		f = eng_die_n(d, t->sides);
		v += f;
	}
	return v;
}

static int32_t
roll_term(const struct dx_term *t, struct eng_dice *d)
{
	int v[DX_MAX_KEEP_DICE], i, j, x, sum = 0;

	if (t->keep == 0 && t->succ_op == DX_NONE) {
		for (i = 0; i < t->n; i++)
			sum += roll_die(t, d);
	} else if (t->keep == 0) {
		for (i = 0; i < t->n; i++) {
			x = roll_die(t, d);
			sum += t->succ_op != DX_NONE ?
			    meets(x, t->succ_op, t->succ_t) :
			    x;
		}
	} else if (t->keep == 1) {
		/* The best die alone: no sorting (2d6kh1, advantage). */
		sum = roll_die(t, d);
		for (i = 1; i < t->n; i++) {
			x = roll_die(t, d);
			if (t->keep_low ? x < sum : x > sum)
				sum = x;
		}
		if (t->succ_op != DX_NONE)
			sum = meets(sum, t->succ_op, t->succ_t);
	} else {
		/* The keep best so far, best first, by insertion: v never
		 * holds more than keep (<= 20) dice. */
		for (i = 0; i < t->n; i++) {
			x = roll_die(t, d);
			j = i < t->keep ? i : t->keep;
			for (; j > 0 &&
			     (t->keep_low ? v[j - 1] > x : v[j - 1] < x);
			     j--)
				if (j < t->keep)
					v[j] = v[j - 1];
			if (j < t->keep)
				v[j] = x;
		}
		for (i = 0; i < t->keep; i++)
			sum += t->succ_op != DX_NONE ?
			    meets(v[i], t->succ_op, t->succ_t) :
			    v[i];
	}
	return t->sign * bound(t, sum);
}

int
dx_check(const struct dx *x)
{
	const struct dx_term *t;
	int64_t lo = x->constant, hi = x->constant;
	int32_t a, b;
	int i, faces, f;

	if (x->nterms < 0 || x->nterms > DX_MAX_TERMS)
		return -1;
	for (i = 0; i < x->nterms; i++) {
		t = &x->t[i];
		if ((t->sign != 1 && t->sign != -1) || t->n < 1 ||
		    t->n > DX_MAX_DICE || t->sides < 2 ||
		    t->sides > DX_MAX_SIDES || t->keep > t->n ||
		    (t->keep && t->n > DX_MAX_KEEP_DICE) || t->explode == 1 ||
		    t->explode > t->sides || t->reroll_op > DX_GE ||
		    t->succ_op > DX_GE || t->lo > t->hi)
			return -1;
		for (faces = 0, f = 1; f <= t->sides; f++)
			faces += meets(f, t->reroll_op, t->reroll_t);
		if (t->reroll_op != DX_NONE &&
		    (faces == 0 || faces == t->sides))
			return -1;
		term_range(t, &a, &b);
		if ((int64_t)b - a + 1 > DX_MAX_RANGE)
			return -1;
		lo += a;
		hi += b;
	}
	if (hi - lo + 1 > DX_MAX_RANGE || lo != x->lo || hi != x->hi)
		return -1;
	return 0;
}

int
dx_roll(const struct dx *x, struct eng_dice *d)
{
	int32_t sum = x->constant;
	int i;

	for (i = 0; i < x->nterms; i++)
		sum += roll_term(&x->t[i], d);
	return sum;
}

/* ---- exact distributions ---- */

/* Weights w[v - lo] for v in lo..hi, of total tot. */
struct wd {
	int32_t lo, hi;
	mpz_t *w;
	mpz_t tot;
};

static void
wd_init(struct wd *d, int32_t lo, int32_t hi)
{
	int32_t i;

	d->lo = lo;
	d->hi = hi;
	d->w = xcalloc((size_t)(hi - lo + 1), sizeof(*d->w));
	for (i = 0; i <= hi - lo; i++)
		mpz_init(d->w[i]);
	mpz_init(d->tot);
}

static void
wd_clear(struct wd *d)
{
	int32_t i;

	for (i = 0; d->w != NULL && i <= d->hi - d->lo; i++)
		mpz_clear(d->w[i]);
	free(d->w);
	d->w = NULL;
	mpz_clear(d->tot);
}

/* out = a + b (independent), out initialised here. */
static void
wd_conv(const struct wd *a, const struct wd *b, struct wd *out)
{
	int32_t i, j;

	wd_init(out, a->lo + b->lo, a->hi + b->hi);
	for (i = 0; i <= a->hi - a->lo; i++) {
		if (mpz_sgn(a->w[i]) == 0)
			continue;
		for (j = 0; j <= b->hi - b->lo; j++)
			mpz_addmul(out->w[i + j], a->w[i], b->w[j]);
	}
	mpz_mul(out->tot, a->tot, b->tot);
}

/*
 * One die of t: rerolled once on its test, exploding to the stated
 * depth. Levels 0 (the first roll) to DX_EXPLODE_DEPTH (the last, which
 * does not explode): a roll below the explode face stops and weighs as
 * much as all the ways the rolls after it could have gone.
 */
static void
die_dist(const struct dx_term *t, struct wd *out)
{
	struct wd tail, next;
	int S = t->sides, f, nr = 0, level;
	mpz_t stop;

	for (f = 1; f <= S && t->reroll_op != DX_NONE; f++)
		nr += meets(f, t->reroll_op, t->reroll_t);
	if (!t->explode) {
		wd_init(out, 1, S);
		for (f = 1; f <= S; f++)
			mpz_set_ui(out->w[f - 1],
			    t->reroll_op == DX_NONE ?
			        1 :
			        (unsigned long)(S *
			                !meets(f, t->reroll_op, t->reroll_t) +
			            nr));
		mpz_set_ui(out->tot,
		    t->reroll_op == DX_NONE ? (unsigned long)S :
		                              (unsigned long)S * S);
		return;
	}
	/* The last roll: a plain die. */
	wd_init(&tail, 1, S);
	for (f = 1; f <= S; f++)
		mpz_set_ui(tail.w[f - 1], 1);
	mpz_set_ui(tail.tot, (unsigned long)S);
	mpz_init(stop);
	for (level = DX_EXPLODE_DEPTH - 1; level >= 0; level--) {
		wd_init(&next, 1, S * (DX_EXPLODE_DEPTH - level + 1));
		for (f = 1; f <= S; f++) {
			unsigned long b = 1;
			int32_t v;

			/* Only the first roll rerolls. */
			if (level == 0 && t->reroll_op != DX_NONE)
				b = (unsigned long)(S *
				        !meets(f, t->reroll_op, t->reroll_t) +
				    nr);
			if (f < t->explode) {
				mpz_mul_ui(stop, tail.tot, b);
				mpz_add(next.w[f - 1], next.w[f - 1], stop);
				continue;
			}
			for (v = tail.lo; v <= tail.hi; v++)
				mpz_addmul_ui(next.w[f + v - 1],
				    tail.w[v - tail.lo], b);
		}
		mpz_mul_ui(next.tot, tail.tot,
		    level == 0 && t->reroll_op != DX_NONE ?
		        (unsigned long)S * S :
		        (unsigned long)S);
		wd_clear(&tail);
		tail = next;
	}
	mpz_clear(stop);
	*out = tail;
}

/* What a die of value v adds to its term: itself, or 1 for a success. */
static int
score(const struct dx_term *t, int v)
{
	return t->succ_op != DX_NONE ? meets(v, t->succ_op, t->succ_t) : v;
}

/*
 * The kept dice of t, by their values in order (highest first for keep
 * highest): state (m dice placed so far, score of the kept ones). Once
 * the k best are placed, the rest fall anywhere below, which one power
 * counts, so the states stay below k.
 *
 * At a value of weight w, with r the weight of the values after it, a
 * state of m placed puts c more there in C(n - m, c) w^c ways (coef[m][c]
 * for c < k - m); every c from k - m up completes the k kept, in
 * fin[m] = sum C(n - m, c) w^c r^(n - m - c) ways, one product for all
 * of them. Each m's scores run over lo[m]..hi[m], the only ones visited:
 * 20d100kh10 is some 200,000 states, a few products each.
 */
static void
keep_dist(const struct dx_term *t, const struct wd *die, struct wd *out)
{
	int n = t->n, k = t->keep, smax, m, c, i, s, step, first, last;
	int nv = die->hi - die->lo + 1, cell;
	int lo[DX_MAX_KEEP_DICE + 1], hi[DX_MAX_KEEP_DICE + 1];
	int nlo[DX_MAX_KEEP_DICE + 1], nhi[DX_MAX_KEEP_DICE + 1];
	mpz_t *dp, *nx, wpow[DX_MAX_KEEP_DICE + 1], rpow[DX_MAX_KEEP_DICE + 1];
	mpz_t coef[DX_MAX_KEEP_DICE][DX_MAX_KEEP_DICE], fin[DX_MAX_KEEP_DICE];
	mpz_t rest, x;

	smax = t->succ_op != DX_NONE ? k : k * die->hi;
	cell = smax + 1;
	wd_init(out, 0, smax);
	dp = xcalloc((size_t)k * cell, sizeof(*dp));
	nx = xcalloc((size_t)k * cell, sizeof(*nx));
	for (i = 0; i < k * cell; i++) {
		mpz_init(dp[i]);
		mpz_init(nx[i]);
	}
	for (c = 0; c <= n; c++)
		mpz_inits(wpow[c], rpow[c], NULL);
	for (m = 0; m < k; m++) {
		mpz_init(fin[m]);
		for (c = 0; c < k; c++)
			mpz_init(coef[m][c]);
		lo[m] = cell;
		hi[m] = -1;
	}
	mpz_inits(rest, x, NULL);
	mpz_set_ui(dp[0], 1);
	lo[0] = hi[0] = 0;
	mpz_set(rest, die->tot);
	first = t->keep_low ? 0 : nv - 1;
	last = t->keep_low ? nv - 1 : 0;
	step = t->keep_low ? 1 : -1;
	for (i = first;; i += step) {
		int sv = score(t, die->lo + i), used = mpz_sgn(die->w[i]) != 0;

		/* rest: the weight of the values after this one. */
		mpz_sub(rest, rest, die->w[i]);
		mpz_set_ui(wpow[0], 1);
		mpz_set_ui(rpow[0], 1);
		for (c = 1; c <= n; c++) {
			mpz_mul(wpow[c], wpow[c - 1], die->w[i]);
			mpz_mul(rpow[c], rpow[c - 1], rest);
		}
		for (m = 0; m < k; m++) {
			mpz_set_ui(fin[m], 0);
			for (c = 0; c <= n - m; c++) {
				mpz_bin_uiui(x, (unsigned long)(n - m),
				    (unsigned long)c);
				mpz_mul(x, x, wpow[c]);
				if (c < k - m)
					mpz_set(coef[m][c], x);
				else
					mpz_addmul(fin[m], x, rpow[n - m - c]);
			}
			nlo[m] = cell;
			nhi[m] = -1;
		}
		for (m = 0; m < k; m++)
			for (s = lo[m]; s <= hi[m]; s++) {
				const __mpz_struct *d = dp[m * cell + s];

				if (mpz_sgn(d) == 0)
					continue;
				for (c = 0; c < k - m && (c == 0 || used);
				     c++) {
					int to = (m + c) * cell + s + c * sv;

					mpz_addmul(nx[to], d, coef[m][c]);
					if (s + c * sv < nlo[m + c])
						nlo[m + c] = s + c * sv;
					if (s + c * sv > nhi[m + c])
						nhi[m + c] = s + c * sv;
				}
				if (used)
					mpz_addmul(out->w[s + (k - m) * sv], d,
					    fin[m]);
			}
		for (m = 0; m < k; m++) {
			for (s = lo[m]; s <= hi[m]; s++)
				mpz_set_ui(dp[m * cell + s], 0);
			for (s = nlo[m]; s <= nhi[m]; s++)
				mpz_swap(dp[m * cell + s], nx[m * cell + s]);
			lo[m] = nlo[m];
			hi[m] = nhi[m];
		}
		if (i == last)
			break;
	}
	mpz_pow_ui(out->tot, die->tot, (unsigned long)n);
	for (i = 0; i < k * cell; i++) {
		mpz_clear(dp[i]);
		mpz_clear(nx[i]);
	}
	for (c = 0; c <= n; c++)
		mpz_clears(wpow[c], rpow[c], NULL);
	for (m = 0; m < k; m++) {
		mpz_clear(fin[m]);
		for (c = 0; c < k; c++)
			mpz_clear(coef[m][c]);
	}
	free(dp);
	free(nx);
	mpz_clears(rest, x, NULL);
}

/* Success counting without keep: binomial weights. */
static void
count_dist(const struct dx_term *t, const struct wd *die, struct wd *out)
{
	mpz_t yes, no, a, b;
	int i;

	mpz_inits(yes, no, a, b, NULL);
	for (i = 0; i <= die->hi - die->lo; i++)
		if (score(t, die->lo + i))
			mpz_add(yes, yes, die->w[i]);
	mpz_sub(no, die->tot, yes);
	wd_init(out, 0, t->n);
	for (i = 0; i <= t->n; i++) {
		mpz_bin_uiui(a, t->n, (unsigned long)i);
		mpz_pow_ui(b, yes, (unsigned long)i);
		mpz_mul(a, a, b);
		mpz_pow_ui(b, no, (unsigned long)(t->n - i));
		mpz_mul(out->w[i], a, b);
	}
	mpz_pow_ui(out->tot, die->tot, t->n);
	mpz_clears(yes, no, a, b, NULL);
}

/* The sum of n dice: by doubling, as n is at most 100. */
static void
sum_dist(const struct dx_term *t, const struct wd *die, struct wd *out)
{
	struct wd acc, sq, tmp;
	int n = t->n, have = 0, i;

	wd_init(&sq, die->lo, die->hi);
	for (i = 0; i <= die->hi - die->lo; i++)
		mpz_set(sq.w[i], die->w[i]);
	mpz_set(sq.tot, die->tot);
	for (;;) {
		if (n & 1) {
			if (!have) {
				wd_init(&acc, sq.lo, sq.hi);
				for (i = 0; i <= sq.hi - sq.lo; i++)
					mpz_set(acc.w[i], sq.w[i]);
				mpz_set(acc.tot, sq.tot);
				have = 1;
			} else {
				wd_conv(&acc, &sq, &tmp);
				wd_clear(&acc);
				acc = tmp;
			}
		}
		n >>= 1;
		if (n == 0)
			break;
		wd_conv(&sq, &sq, &tmp);
		wd_clear(&sq);
		sq = tmp;
	}
	wd_clear(&sq);
	*out = acc;
}

/* Term t's weights: sign and bounds applied. */
static void
term_dist(const struct dx_term *t, struct wd *out)
{
	struct wd die, raw;
	int32_t lo, hi, v, i;

	die_dist(t, &die);
	if (t->keep)
		keep_dist(t, &die, &raw);
	else if (t->succ_op != DX_NONE)
		count_dist(t, &die, &raw);
	else
		sum_dist(t, &die, &raw);
	wd_clear(&die);
	term_range(t, &lo, &hi);
	wd_init(out, lo, hi);
	for (i = 0; i <= raw.hi - raw.lo; i++) {
		/* keep_dist() counts scores from 0: the lowest are empty. */
		if (mpz_sgn(raw.w[i]) == 0)
			continue;
		v = t->sign * bound(t, raw.lo + i);
		mpz_add(out->w[v - lo], out->w[v - lo], raw.w[i]);
	}
	mpz_set(out->tot, raw.tot);
	wd_clear(&raw);
}

static void
dist_alloc(struct dx_dist *d, int32_t lo, int32_t hi)
{
	int32_t i;

	d->lo = lo;
	d->hi = hi;
	d->p = xcalloc((size_t)(hi - lo + 1), sizeof(*d->p));
	d->pd = xcalloc((size_t)(hi - lo + 1), sizeof(*d->pd));
	for (i = 0; i <= hi - lo; i++)
		mpq_init(d->p[i]);
}

/* The weights of the whole expression into acc (initialised here). */
static void
expr_weights(const struct dx *x, struct wd *acc)
{
	struct wd t, tmp;
	int32_t i;

	wd_init(acc, x->constant, x->constant);
	mpz_set_ui(acc->w[0], 1);
	mpz_set_ui(acc->tot, 1);
	for (i = 0; i < x->nterms; i++) {
		term_dist(&x->t[i], &t);
		wd_conv(acc, &t, &tmp);
		wd_clear(acc);
		wd_clear(&t);
		*acc = tmp;
	}
}

/* log2 of the ways one die of t can fall (wd.tot of die_dist()). */
static double
die_bits(const struct dx_term *t)
{
	double b = log2((double)t->sides);

	if (t->explode)
		return b * (DX_EXPLODE_DEPTH + 1) + (t->reroll_op ? b : 0);
	return t->reroll_op != DX_NONE ? 2 * b : b;
}

double
dx_total_bits(const struct dx *x)
{
	double bits = 0;
	int i;

	for (i = 0; i < x->nterms; i++)
		bits += x->t[i].n * die_bits(&x->t[i]);
	return bits;
}

/*
 * Steps, each a product of numbers of a limb, weighted by the limbs of
 * the numbers: keep, the values times the states of (dice placed, score)
 * times the counts placed at once; a sum, the doubling convolutions; the
 * terms' convolution. A model within a small factor of the time, for a
 * budget, not a promise.
 */
double
dx_work(const struct dx *x)
{
	double w = 0, range = 1, limbs, f, k, r;
	int32_t lo, hi;
	int i;

	for (i = 0; i < x->nterms; i++) {
		const struct dx_term *t = &x->t[i];

		limbs = 1 + t->n * die_bits(t) / 64;
		f = die_max(t);
		k = t->keep;
		if (t->keep)
			w += (f * f * k * k / 4 + f * k) * (k + 1) * limbs;
		else if (t->succ_op != DX_NONE)
			w += (double)t->n * t->n * limbs;
		else
			w += (t->n * f) * (t->n * f) * limbs;
		term_range(t, &lo, &hi);
		r = (double)hi - lo + 1;
		w += range * r * (1 + dx_total_bits(x) / 64);
		range += r;
	}
	return w;
}

int
dx_weights(const struct dx *x, struct dx_weights *out)
{
	struct wd acc;

	memset(out, 0, sizeof(*out));
	if (dx_check(x) < 0)
		return -1;
	expr_weights(x, &acc);
	out->lo = acc.lo;
	out->hi = acc.hi;
	out->w = acc.w;
	/* The struct's mpz_t is moved, not copied: acc is not cleared. */
	memcpy(out->tot, acc.tot, sizeof(mpz_t));
	return 0;
}

void
dx_weights_free(struct dx_weights *d)
{
	int32_t i;

	for (i = 0; d->w != NULL && i <= d->hi - d->lo; i++)
		mpz_clear(d->w[i]);
	if (d->w != NULL)
		mpz_clear(d->tot);
	free(d->w);
	memset(d, 0, sizeof(*d));
}

int
dx_dist(const struct dx *x, struct dx_dist *out)
{
	struct wd acc;
	int32_t i;

	memset(out, 0, sizeof(*out));
	if (dx_check(x) < 0)
		return -1;
	expr_weights(x, &acc);
	dist_alloc(out, acc.lo, acc.hi);
	for (i = 0; i <= acc.hi - acc.lo; i++) {
		mpz_set(mpq_numref(out->p[i]), acc.w[i]);
		mpz_set(mpq_denref(out->p[i]), acc.tot);
		mpq_canonicalize(out->p[i]);
		out->pd[i] = mpq_get_d(out->p[i]);
	}
	wd_clear(&acc);
	return 0;
}

void
dx_dist_free(struct dx_dist *d)
{
	int32_t i;

	for (i = 0; d->p != NULL && i <= d->hi - d->lo; i++)
		mpq_clear(d->p[i]);
	free(d->p);
	free(d->pd);
	memset(d, 0, sizeof(*d));
}

void
dx_p_eq(const struct dx_dist *d, int32_t v, mpq_t out)
{
	if (v < d->lo || v > d->hi)
		mpq_set_ui(out, 0, 1);
	else
		mpq_set(out, d->p[v - d->lo]);
}

void
dx_p_at_least(const struct dx_dist *d, int32_t t, mpq_t out)
{
	int32_t v;

	mpq_set_ui(out, 0, 1);
	for (v = t > d->lo ? t : d->lo; v <= d->hi; v++)
		mpq_add(out, out, d->p[v - d->lo]);
}

void
dx_p_at_most(const struct dx_dist *d, int32_t t, mpq_t out)
{
	int32_t v;

	mpq_set_ui(out, 0, 1);
	for (v = d->lo; v <= d->hi && v <= t; v++)
		mpq_add(out, out, d->p[v - d->lo]);
}

void
dx_mean(const struct dx_dist *d, mpq_t out)
{
	mpq_t x;
	int32_t v;

	mpq_init(x);
	mpq_set_ui(out, 0, 1);
	for (v = d->lo; v <= d->hi; v++) {
		mpq_set_si(x, v, 1);
		mpq_mul(x, x, d->p[v - d->lo]);
		mpq_add(out, out, x);
	}
	mpq_clear(x);
}

void
dx_diff(const struct dx_dist *a, const struct dx_dist *b, struct dx_dist *out)
{
	mpq_t x;
	int32_t i, j;

	dist_alloc(out, a->lo - b->hi, a->hi - b->lo);
	mpq_init(x);
	for (i = a->lo; i <= a->hi; i++)
		for (j = b->lo; j <= b->hi; j++) {
			mpq_mul(x, a->p[i - a->lo], b->p[j - b->lo]);
			mpq_add(out->p[i - j - out->lo],
			    out->p[i - j - out->lo], x);
		}
	for (i = 0; i <= out->hi - out->lo; i++)
		out->pd[i] = mpq_get_d(out->p[i]);
	mpq_clear(x);
}

/* floor(i / m) for m > 0, also for negative i. */
static int64_t
floor_div(int64_t i, int64_t m)
{
	return i >= 0 ? i / m : -((-i + m - 1) / m);
}

/* c[i] = P(X <= lo + i), the running sums of d. */
static mpq_t *
cumulative(const struct dx_dist *d)
{
	int32_t i, n = d->hi - d->lo + 1;
	mpq_t *c = xcalloc((size_t)n, sizeof(*c));

	for (i = 0; i < n; i++) {
		mpq_init(c[i]);
		if (i > 0)
			mpq_add(c[i], c[i - 1], d->p[i]);
		else
			mpq_set(c[i], d->p[0]);
	}
	return c;
}

/* P(X <= t) from the running sums c of d. */
static const __mpq_struct *
at_most(const struct dx_dist *d, mpq_t *const c, int64_t t, const mpq_t zero)
{
	if (t < d->lo)
		return zero;
	if (t >= d->hi)
		return c[d->hi - d->lo];
	return c[t - d->lo];
}

/*
 * Each side against the other's running sums: a wins where b is at most
 * i - 1, by mult where b is also at most floor(i / mult); the same for b
 * (a tie is a's equal value). A linear pass instead of every pair of
 * values: 20d100kh10 against itself is 1,000 products, not a million.
 */
void
dx_opposed(const struct dx_dist *a, const struct dx_dist *b, int mult,
    struct dx_opposed *o)
{
	mpq_t *ca = cumulative(a), *cb = cumulative(b), x, zero;
	int64_t i, t;

	mpq_inits(o->a_wins, o->tie, o->b_wins, o->a_mult, o->b_mult, x, zero,
	    NULL);
	for (i = a->lo; i <= a->hi; i++) {
		const __mpq_struct *pa = a->p[i - a->lo];

		if (mpq_sgn(pa) == 0)
			continue;
		mpq_mul(x, pa, at_most(b, cb, i - 1, zero));
		mpq_add(o->a_wins, o->a_wins, x);
		t = floor_div(i, mult);
		mpq_mul(x, pa, at_most(b, cb, t < i - 1 ? t : i - 1, zero));
		mpq_add(o->a_mult, o->a_mult, x);
		if (i >= b->lo && i <= b->hi) {
			mpq_mul(x, pa, b->p[i - b->lo]);
			mpq_add(o->tie, o->tie, x);
		}
	}
	for (i = b->lo; i <= b->hi; i++) {
		const __mpq_struct *pb = b->p[i - b->lo];

		if (mpq_sgn(pb) == 0)
			continue;
		mpq_mul(x, pb, at_most(a, ca, i - 1, zero));
		mpq_add(o->b_wins, o->b_wins, x);
		t = floor_div(i, mult);
		mpq_mul(x, pb, at_most(a, ca, t < i - 1 ? t : i - 1, zero));
		mpq_add(o->b_mult, o->b_mult, x);
	}
	for (i = 0; i <= a->hi - a->lo; i++)
		mpq_clear(ca[i]);
	for (i = 0; i <= b->hi - b->lo; i++)
		mpq_clear(cb[i]);
	free(ca);
	free(cb);
	mpq_clears(x, zero, NULL);
}

void
dx_opposed_clear(struct dx_opposed *o)
{
	mpq_clears(o->a_wins, o->tie, o->b_wins, o->a_mult, o->b_mult, NULL);
}
