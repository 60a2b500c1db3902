/*
 * dice_volley.c: the damage of a volley of the dice family, exactly,
 * and the memo that works out each distinct one once (dice_odds.h).
 *
 * A volley is Attacks attacks, each through (hit, wounded, not saved)
 * with chance q and then taking Damage; the damage of the whole volley
 * is capped at the target's Wounds. Attack by attack over the capped
 * damage that is Attacks convolutions of Wounds + 1 values each, and
 * 100d6 attacks of 20d100kh10 damage at 99 Wounds took half a minute.
 * Here instead: an attack that takes at least one Wound does so with
 * chance r = q P(Damage >= 1); the number S of such attacks is binomial
 * in each count of attacks, and only S below s_max = ceil(cap / least
 * damage) matters (s_max of them remove the target whatever they roll):
 *
 *   P(damage = k) = sum over s < s_max of P(S = s) P(Y_1 + ... + Y_s = k)
 *                   (+ P(S >= s_max) at k = cap)
 *
 * with Y one damaging attack's Wounds, capped (capping commutes with
 * adding). P(S = s) is a pass over the counts of attacks keeping s_max +
 * 1 numbers; the sums of Y, which do not depend on q or on Attacks, are
 * kept with the Damage expression. Everything is whole numbers over one
 * denominator (no gcd until the end), and each result is the same
 * fraction the attack-by-attack convolution gives: rationals are exact,
 * and capping at a lower cap is summing the tail, so a volley is worked
 * out once at the ruleset's largest Wounds and each lower cap is read
 * from it.
 *
 * The memo belongs to the ruleset's tables (dt_read() makes it, dt_free()
 * frees it): each distinct expression's weights and distribution, each
 * distinct volley — the same weapon at unit types whose steps give the
 * same q, or two weapons with the same Attacks and Damage — and each cap
 * of it asked for. It holds at most DO_MEMO_LIMBS limbs of numbers; past
 * that a volley is worked out for its caller alone.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dice_odds.h"

#define EXPR_SLOTS 1024    /* hash buckets of expressions */
#define VOLLEY_SLOTS 16384 /* of volleys */
#define PAIR_SLOTS 256     /* of opposed rolls */

/* One opposed roll of the melee roll plus fa against it plus fb. */
struct pair {
	int fa, fb;
	struct dx_opposed o;
	struct pair *next;
};

/* One Damage expression's damaging attack at the memo's cap: weights
 * yw[k] of k Wounds (k = 1..cap, the last cap or more) over yt, the
 * least k with a weight, and the sums of s such attacks, ys[s][k] over
 * yt^s, for s < n. */
struct powers {
	int cap, ymin, n, max;
	int wpm; /* a unit of models of wpm Wounds each, whose excess damage
	          * is lost: each damaging attack takes no more than the
	          * Wounds its model has left (0: capped at cap only) */
	mpz_t *yw, yt, pos;
	mpz_t **ys;
};

struct dv_expr {
	struct dx dx;
	int copies;          /* the sum of this many rolls of dx (models) */
	int ok;              /* it has a distribution */
	struct dx_weights w; /* whole weights */
	struct dx_dist d;    /* fractions, made when first asked for */
	int have_d;
	mpq_t pos; /* P(X >= 1), made when first asked for */
	int have_pos;
	struct powers *pw;    /* as a Damage, at the memo's cap; NULL: none */
	struct dv_expr *next; /* hash chain */
};

struct do_memo {
	pthread_mutex_t lock;
	const struct ruleset *rs; /* whose tables it serves */
	int refs;                 /* the tables that use it */
	struct do_memo *next;     /* in memos */
	int cap;                  /* the largest Wounds of a unit type */
	int focus[2];             /* the tables' (dt_tables.focus) */
	struct dv_expr *ex[EXPR_SLOTS];
	struct do_volley *vt[VOLLEY_SLOTS];
	struct pair *pt[PAIR_SLOTS];
	size_t limbs; /* held by what is kept */
};

/* ---- numbers ---- */

static mpz_t *
zvec(size_t n)
{
	mpz_t *v = xcalloc(n + 1, sizeof(*v));
	size_t k;

	for (k = 0; k < n; k++)
		mpz_init(v[k]);
	return v;
}

static void
zvec_free(mpz_t *v, size_t n)
{
	size_t k;

	if (v == NULL)
		return;
	for (k = 0; k < n; k++)
		mpz_clear(v[k]);
	free(v);
}

static size_t
zlimbs(const mpz_t *v, size_t n)
{
	size_t k, l = 0;

	for (k = 0; k < n; k++)
		l += mpz_size(v[k]) + 2;
	return l;
}

static size_t
qlimbs(mpq_t *v, size_t n)
{
	size_t k, l = 0;

	for (k = 0; k < n; k++)
		l += mpz_size(mpq_numref(v[k])) + mpz_size(mpq_denref(v[k])) +
		    4;
	return l;
}

/* ---- expressions ---- */

static int
same_dx(const struct dx *a, const struct dx *b)
{
	const struct dx_term *x, *y;
	int i;

	if (a->nterms != b->nterms || a->constant != b->constant ||
	    a->lo != b->lo || a->hi != b->hi)
		return 0;
	for (i = 0; i < a->nterms; i++) {
		x = &a->t[i];
		y = &b->t[i];
		if (x->sign != y->sign || x->n != y->n ||
		    x->sides != y->sides || x->keep != y->keep ||
		    x->keep_low != y->keep_low ||
		    x->reroll_op != y->reroll_op ||
		    x->reroll_t != y->reroll_t || x->explode != y->explode ||
		    x->succ_op != y->succ_op || x->succ_t != y->succ_t ||
		    x->lo != y->lo || x->hi != y->hi)
			return 0;
	}
	return 1;
}

static size_t
hash_dx(const struct dx *x)
{
	size_t h = (size_t)x->nterms * 31u + (size_t)(uint32_t)x->constant;
	int i;

	h = h * 131u + (size_t)(uint32_t)x->lo;
	h = h * 131u + (size_t)(uint32_t)x->hi;
	for (i = 0; i < x->nterms; i++)
		h = h * 131u + (size_t)x->t[i].n * 257u + x->t[i].sides +
		    (size_t)x->t[i].keep * 7u + x->t[i].explode;
	return h;
}

static void
powers_free(struct powers *p)
{
	int s;

	if (p == NULL)
		return;
	for (s = 0; s < p->n; s++)
		zvec_free(p->ys[s], (size_t)p->cap + 1);
	free(p->ys);
	zvec_free(p->yw, (size_t)p->cap + 1);
	mpz_clears(p->yt, p->pos, NULL);
	free(p);
}

/* The memo's entry for x, made (weights worked out) on first use. Called
 * with the lock held. */
static struct dv_expr *expr_of_n(struct do_memo *, const struct dx *, int);

static struct dv_expr *
expr_of(struct do_memo *m, const struct dx *x)
{
	return expr_of_n(m, x, 1);
}

/* out = a * b: the weights of the sum of two independent rolls. */
static void
weights_sum(const struct dx_weights *a, const struct dx_weights *b,
    struct dx_weights *out)
{
	int32_t i, j, n = a->hi - a->lo + b->hi - b->lo + 1;

	out->lo = a->lo + b->lo;
	out->hi = a->hi + b->hi;
	out->w = zvec((size_t)n);
	mpz_init(out->tot);
	mpz_mul(out->tot, a->tot, b->tot);
	for (i = 0; i <= a->hi - a->lo; i++)
		if (mpz_sgn(a->w[i]) != 0)
			for (j = 0; j <= b->hi - b->lo; j++)
				mpz_addmul(out->w[i + j], a->w[i], b->w[j]);
}

/* The memo's entry for the sum of n rolls of x (the Attacks of a unit of
 * n models), made on first use. Called with the lock held. */
static struct dv_expr *
expr_of_n(struct do_memo *m, const struct dx *x, int n)
{
	size_t h = (hash_dx(x) + (size_t)(n - 1) * 40503u) & (EXPR_SLOTS - 1);
	struct dv_expr *e, *one;
	struct dx_weights acc;
	int k;

	for (e = m->ex[h]; e != NULL; e = e->next)
		if (e->copies == n && same_dx(&e->dx, x))
			return e;
	one = n > 1 ? expr_of_n(m, x, 1) : NULL;
	e = xcalloc(1, sizeof(*e));
	e->dx = *x;
	e->copies = n;
	if (one == NULL)
		e->ok = dx_weights(x, &e->w) == 0;
	else if ((e->ok = one->ok) != 0) {
		weights_sum(&one->w, &one->w, &e->w);
		for (k = 2; k < n; k++) {
			weights_sum(&e->w, &one->w, &acc);
			dx_weights_free(&e->w);
			e->w = acc;
		}
	}
	if (e->ok)
		m->limbs += zlimbs(e->w.w, (size_t)(e->w.hi - e->w.lo + 1));
	e->next = m->ex[h];
	m->ex[h] = e;
	return e;
}

/* e's distribution as fractions, from its weights. */
static const struct dx_dist *
expr_dist(struct do_memo *m, struct dv_expr *e)
{
	int32_t i, n;

	if (!e->ok)
		return NULL;
	if (e->have_d)
		return &e->d;
	n = e->w.hi - e->w.lo + 1;
	e->d.lo = e->w.lo;
	e->d.hi = e->w.hi;
	e->d.p = xcalloc((size_t)n, sizeof(*e->d.p));
	e->d.pd = xcalloc((size_t)n, sizeof(*e->d.pd));
	for (i = 0; i < n; i++) {
		mpq_init(e->d.p[i]);
		mpz_set(mpq_numref(e->d.p[i]), e->w.w[i]);
		mpz_set(mpq_denref(e->d.p[i]), e->w.tot);
		mpq_canonicalize(e->d.p[i]);
		e->d.pd[i] = mpq_get_d(e->d.p[i]);
	}
	m->limbs += qlimbs(e->d.p, (size_t)n);
	e->have_d = 1;
	return &e->d;
}

/* A damaging attack of Damage e capped at cap, with no sums yet. */
static struct powers *
powers_new(const struct dv_expr *e, int cap)
{
	struct powers *p = xcalloc(1, sizeof(*p));
	const struct dx_weights *w = &e->w;
	int32_t v;
	int k;

	p->cap = cap;
	p->yw = zvec((size_t)cap + 1);
	mpz_inits(p->yt, p->pos, NULL);
	for (v = w->lo > 1 ? w->lo : 1; v <= w->hi; v++) {
		k = v > cap ? cap : v;
		mpz_add(p->yw[k], p->yw[k], w->w[v - w->lo]);
	}
	for (k = 1; k <= cap; k++)
		mpz_add(p->pos, p->pos, p->yw[k]);
	mpz_set(p->yt, p->pos);
	for (p->ymin = 1; p->ymin < cap && mpz_sgn(p->yw[p->ymin]) == 0;
	     p->ymin++)
		;
	return p;
}

/* The sums of up to n damaging attacks: ys[s] = ys[s - 1] * Y, capped. */
static void
powers_extend(struct powers *p, int n)
{
	int s, i, j, room, cap = p->cap;

	if (n <= p->n)
		return;
	if (n > p->max) {
		p->max = n;
		p->ys = xrealloc(p->ys, (size_t)n * sizeof(*p->ys));
	}
	for (s = p->n; s < n; s++) {
		mpz_t *y = p->ys[s] = zvec((size_t)cap + 1);

		if (s == 0) {
			mpz_set_ui(y[0], 1);
			continue;
		}
		for (i = 0; i <= cap; i++) {
			const __mpz_struct *a = p->ys[s - 1][i];

			if (mpz_sgn(a) == 0)
				continue;
			if (i == cap) {
				/* Removed already: whatever the next
				 * attack takes. */
				mpz_addmul(y[cap], a, p->yt);
				continue;
			}
			/* What one more attack can take: the Wounds left,
			 * or those of the model it falls on. */
			room = cap - i;
			if (p->wpm > 0)
				room -= (room - 1) / p->wpm * p->wpm;
			for (j = p->ymin; j <= cap; j++)
				if (mpz_sgn(p->yw[j]) != 0)
					mpz_addmul(y[i +
					               (j > room ? room : j)],
					    a, p->yw[j]);
		}
	}
	p->n = n;
}

/* ---- volleys ---- */

static void
volley_free(struct do_volley *v)
{
	int k;

	if (v == NULL)
		return;
	for (k = 0; k <= v->cap; k++)
		mpq_clear(v->p[k]);
	free(v->p);
	mpq_clears(v->q, v->mean, v->p_attack, NULL);
	if (v->sh != NULL) {
		do_shape_clear(v->sh);
		free(v->sh);
	}
	free(v);
}

void
do_volley_free(struct do_volley *v)
{
	volley_free(v);
}

static void
shape_copy(struct do_shape *to, const struct do_shape *from)
{
	int k;

	for (k = 0; k < DT_ROLL__N; k++)
		mpq_set(to->hit[k], from->hit[k]);
	for (k = 0; k < 3; k++)
		mpq_set(to->go[k], from->go[k]);
	mpq_set(to->mortal, from->mortal);
	to->extra = from->extra;
	to->mortal_hit = from->mortal_hit;
	to->mortal_wound = from->mortal_wound;
	to->on = from->on;
}

static int
same_shape(const struct do_shape *a, const struct do_shape *b)
{
	int k;

	if (a == NULL || b == NULL)
		return a == b;
	if (a->extra != b->extra || a->mortal_hit != b->mortal_hit ||
	    a->mortal_wound != b->mortal_wound ||
	    !mpq_equal(a->mortal, b->mortal))
		return 0;
	for (k = 0; k < DT_ROLL__N; k++)
		if (!mpq_equal(a->hit[k], b->hit[k]))
			return 0;
	for (k = 0; k < 3; k++)
		if (!mpq_equal(a->go[k], b->go[k]))
			return 0;
	return 1;
}

static struct do_volley *
volley_new(const struct do_volley *key, int cap)
{
	struct do_volley *v = xcalloc(1, sizeof(*v));
	int k;

	*v = *key;
	v->next = NULL;
	v->doc = 0;
	v->cap = cap;
	mpq_init(v->q);
	mpq_set(v->q, key->q);
	if (key->sh != NULL) {
		v->sh = xcalloc(1, sizeof(*v->sh));
		do_shape_init(v->sh);
		shape_copy(v->sh, key->sh);
	}
	mpq_init(v->mean);
	mpq_init(v->p_attack);
	v->p = xcalloc((size_t)cap + 1, sizeof(*v->p));
	for (k = 0; k <= cap; k++)
		mpq_init(v->p[k]);
	return v;
}

/* v->mean from v->p. */
static void
volley_mean(struct do_volley *v)
{
	mpq_t x;
	int k;

	mpq_init(x);
	mpq_set_ui(v->mean, 0, 1);
	for (k = 1; k <= v->cap; k++) {
		mpq_set_ui(x, (unsigned long)k, 1);
		mpq_mul(x, x, v->p[k]);
		mpq_add(v->mean, v->mean, x);
	}
	mpq_clear(x);
}

/* Accumulated shooting: the Attacks rolled plus mod are the hits
 * (halved, rounded down, for a unit that takes half), capped. */
static void
volley_accumulated(const struct dx_dist *na, struct do_volley *v)
{
	int32_t n;
	int h;

	for (n = na->lo; n <= na->hi; n++) {
		h = n + v->mod;
		if (v->half && h > 0)
			h /= 2;
		h = h < 0 ? 0 : h > v->cap ? v->cap : h;
		mpq_add(v->p[h], v->p[h], na->p[n - na->lo]);
	}
	volley_mean(v);
}

/*
 * B after one more attack: a damaging one (ra of rb) adds one to s, the
 * last place holding s_max or more.
 */
static void
binomial_step(mpz_t *b, int smax, const mpz_t ra, const mpz_t rn,
    const mpz_t rb, mpz_t tmp)
{
	int s;

	mpz_mul(b[smax], b[smax], rb);
	mpz_addmul(b[smax], b[smax - 1], ra);
	for (s = smax - 1; s > 0; s--) {
		mpz_mul(tmp, b[s - 1], ra);
		mpz_mul(b[s], b[s], rn);
		mpz_add(b[s], b[s], tmp);
	}
	mpz_mul(b[0], b[0], rn);
}

/*
 * acc[s] = the weight of s damaging attacks (s < smax; acc[smax]: smax or
 * more) over the whole volley, over ntot rb^top (the file's comment):
 * the attacks' count n from its least to top, B the binomial weights of
 * n attacks over rb^n, acc = acc rb + w(n) B. A count of 0 or less is
 * no attack.
 */
static void
damaging_counts(const struct dx_weights *na, const mpz_t ra, const mpz_t rb,
    int smax, mpz_t *acc)
{
	int32_t n0 = na->lo > 0 ? na->lo : 0, n, top = na->hi, s;
	mpz_t *b = zvec((size_t)smax + 1), rn, w, x, y;

	mpz_inits(rn, w, x, y, NULL);
	mpz_sub(rn, rb, ra);
	/* n0 attacks at once: C(n0, s) ra^s rn^(n0 - s), the rest in the
	 * last place. */
	mpz_pow_ui(y, rb, (unsigned long)n0);
	mpz_set(b[smax], y);
	for (s = 0; s < smax && s <= n0; s++) {
		mpz_bin_uiui(b[s], (unsigned long)n0, (unsigned long)s);
		mpz_pow_ui(x, ra, (unsigned long)s);
		mpz_mul(b[s], b[s], x);
		mpz_pow_ui(x, rn, (unsigned long)(n0 - s));
		mpz_mul(b[s], b[s], x);
		mpz_sub(b[smax], b[smax], b[s]);
	}
	for (n = na->lo; n <= n0; n++)
		mpz_add(w, w, na->w[n - na->lo]);
	for (s = 0; s <= smax; s++)
		mpz_mul(acc[s], b[s], w);
	for (n = n0 + 1; n <= top; n++) {
		binomial_step(b, smax, ra, rn, rb, x);
		for (s = 0; s <= smax; s++) {
			mpz_mul(acc[s], acc[s], rb);
			mpz_addmul(acc[s], b[s], na->w[n - na->lo]);
		}
	}
	zvec_free(b, (size_t)smax + 1);
	mpz_clears(rn, w, x, y, NULL);
}

/*
 * The pipeline's volley into v (v->cap at most the powers' cap): na the
 * Attacks' weights, q one attack through, p Damage's damaging attack at
 * its cap, dtot Damage's total weight.
 */
static void
volley_pipeline(const struct dx_weights *na, struct powers *p,
    const mpz_t dtot, struct do_volley *v)
{
	int cap = v->cap, smax, s, k;
	mpz_t *acc, *num, ra, rb, den, f, x;
	mpq_t r;

	if (mpq_sgn(v->q) == 0 || na->hi <= 0 || mpz_sgn(p->pos) == 0) {
		mpq_set_ui(v->p[0], 1, 1);
		mpq_set_ui(v->mean, 0, 1);
		return;
	}
	/* r = q P(Damage >= 1), reduced: the numbers stay small. */
	mpq_init(r);
	mpz_set(mpq_numref(r), p->pos);
	mpz_set(mpq_denref(r), dtot);
	mpq_canonicalize(r);
	mpq_mul(r, r, v->q);
	mpz_inits(ra, rb, den, f, x, NULL);
	mpz_set(ra, mpq_numref(r));
	mpz_set(rb, mpq_denref(r));
	mpq_clear(r);
	/* Each damaging attack takes at least ymin, or (a model's Wounds
	 * apart) at least 1. */
	smax = p->wpm > 0 ? cap : (cap + p->ymin - 1) / p->ymin;
	if (smax > na->hi + 1)
		smax = na->hi + 1;
	acc = zvec((size_t)smax + 1);
	damaging_counts(na, ra, rb, smax, acc);
	powers_extend(p, smax);
	/* num[k] = sum_s acc[s] yt^(smax-1-s) ys[s][k]; over ntot rb^top
	 * yt^(smax-1). */
	num = zvec((size_t)cap + 1);
	mpz_set_ui(f, 1);
	for (s = smax - 1; s >= 0; s--) {
		if (mpz_sgn(acc[s]) != 0) {
			mpz_mul(x, acc[s], f);
			for (k = 0; k <= cap; k++)
				if (mpz_sgn(p->ys[s][k]) != 0)
					mpz_addmul(num[k], x, p->ys[s][k]);
		}
		if (s > 0)
			mpz_mul(f, f, p->yt);
	}
	/* f is yt^(smax-1) now. */
	mpz_addmul(num[cap], acc[smax], f);
	mpz_pow_ui(den, rb, (unsigned long)na->hi);
	mpz_mul(den, den, na->tot);
	mpz_mul(den, den, f);
	mpz_set_ui(x, 0);
	for (k = 0; k <= cap; k++) {
		mpz_addmul_ui(x, num[k], (unsigned long)k);
		mpz_set(mpq_numref(v->p[k]), num[k]);
		mpz_set(mpq_denref(v->p[k]), den);
		mpq_canonicalize(v->p[k]);
	}
	mpz_set(mpq_numref(v->mean), x);
	mpz_set(mpq_denref(v->mean), den);
	mpq_canonicalize(v->mean);
	zvec_free(acc, (size_t)smax + 1);
	zvec_free(num, (size_t)cap + 1);
	mpz_clears(ra, rb, den, f, x, NULL);
}

/* ---- the general path: attacks with triggers ---- */

/*
 * A volley whose attacks have triggers (extra hits, mortal wounds) is
 * no binomial count of damaging attacks: one attack may roll several
 * Damages and make mortal wounds, one after another. It is worked out as
 * a chain over the Wounds left: T[L][L'] the chance one attack leaves L'
 * of L (each of its hits in turn: an unsaved wound's Damage, no more
 * than the Wounds left or than its model has left, or mortal wounds, a
 * Wound each), and the volley is the Attacks' mixture of T's powers
 * from the full Wounds. Whole numbers over one denominator: T's over
 * td, the chain's after n attacks over td^n. Without a model's excess
 * lost, what an attack takes does not depend on the Wounds left, so one
 * row of T gives every other.
 */
struct chain {
	int cap, wpm, extra, mh, mw;
	mpz_t *yw, *suf;     /* Damage capped: weights of k = 0..cap (0: none
	                  * taken), and suf[k] those of k or more */
	mpz_t tot;           /* Damage's total weight */
	mpz_t gd, gn[3], mn; /* a hit going on: go[c], mortal, over gd */
	mpz_t hd, hn[DT_ROLL__N]; /* the to hit results over hd */
	mpz_t *gpow;              /* (gd tot)^i, i = 0..extra + 1 */
	mpz_t **t;                /* T[L][L'] over td */
	mpz_t td;
};

/* The least common denominator of v[0..n-1] into d, and each v times it
 * into num. */
static void
common_den(mpq_t *v, int n, mpz_t d, mpz_t *num)
{
	int k;

	mpz_set_ui(d, 1);
	for (k = 0; k < n; k++)
		mpz_lcm(d, d, mpq_denref(v[k]));
	for (k = 0; k < n; k++) {
		mpz_divexact(num[k], d, mpq_denref(v[k]));
		mpz_mul(num[k], num[k], mpq_numref(v[k]));
	}
}

/* The Wounds one more unsaved wound may take from L left: all of them,
 * or those of the model it falls on. */
static int
chain_room(const struct chain *ch, int L)
{
	return ch->wpm > 0 && L > 0 ? L - (L - 1) / ch->wpm * ch->wpm : L;
}

/* y = one hit that goes on as c (0 plain, 1 wounds, 2 no save) after x,
 * x[0..hi]: y is over gd tot times x's denominator. */
static void
hit_go(const struct chain *ch, int c, mpz_t *x, mpz_t *y, int hi, mpz_t tmp)
{
	int L, k, room;

	for (L = 0; L <= hi; L++)
		mpz_set_ui(y[L], 0);
	for (L = 0; L <= hi; L++) {
		if (mpz_sgn(x[L]) == 0)
			continue;
		if (L == 0) {
			mpz_addmul(y[0], x[0], ch->gpow[1]);
			continue;
		}
		/* Nothing comes of it. */
		mpz_sub(tmp, ch->gd, ch->gn[c]);
		if (c == 0)
			mpz_sub(tmp, tmp, ch->mn);
		mpz_mul(tmp, tmp, ch->tot);
		mpz_addmul(y[L], x[L], tmp);
		/* An unsaved wound: its Damage, no more than room. */
		if (mpz_sgn(ch->gn[c]) != 0) {
			room = chain_room(ch, L);
			mpz_mul(tmp, x[L], ch->gn[c]);
			for (k = 0; k < room; k++)
				if (mpz_sgn(ch->yw[k]) != 0)
					mpz_addmul(y[L - k], tmp, ch->yw[k]);
			mpz_addmul(y[L - room], tmp, ch->suf[room]);
		}
		/* Mortal wounds on the wound roll. */
		if (c == 0 && mpz_sgn(ch->mn) != 0) {
			mpz_mul(tmp, x[L], ch->mn);
			mpz_addmul(y[L > ch->mw ? L - ch->mw : 0], tmp,
			    ch->tot);
		}
	}
}

/* Row L of T into row[0..L] (over td): one attack from L Wounds left,
 * its to hit roll and then each of its hits; a, b, e scratch. */
static void
attack_row(const struct chain *ch, int L, mpz_t *row, mpz_t *a, mpz_t *b,
    mpz_t *e, mpz_t tmp)
{
	int c, i, k, x = ch->extra;

	for (k = 0; k <= L; k++) {
		mpz_set_ui(row[k], 0);
		mpz_set_ui(e[k], 0);
	}
	mpz_set_ui(e[L], 1);
	mpz_mul(tmp, ch->hn[DT_ROLL_FAIL], ch->gpow[x + 1]);
	mpz_add(row[L], row[L], tmp);
	/* Mortal wounds on the to hit roll: nothing more. */
	mpz_mul(tmp, ch->hn[DT_ROLL_MORTAL], ch->gpow[x + 1]);
	mpz_add(row[L > ch->mh ? L - ch->mh : 0],
	    row[L > ch->mh ? L - ch->mh : 0], tmp);
	for (c = 0; c < 3; c++) {
		const __mpz_struct *plain = ch->hn[DT_ROLL_PLAIN + c],
		                   *more = ch->hn[DT_ROLL_PLAIN_X + c];

		if (mpz_sgn(plain) == 0 && mpz_sgn(more) == 0)
			continue;
		hit_go(ch, c, e, a, L, tmp);
		if (mpz_sgn(plain) != 0) {
			mpz_mul(tmp, plain, ch->gpow[x]);
			for (k = 0; k <= L; k++)
				mpz_addmul(row[k], a[k], tmp);
		}
		if (mpz_sgn(more) == 0)
			continue;
		/* The extra hits, each a plain hit, in turn. */
		for (i = 0; i < x; i++) {
			hit_go(ch, 0, a, b, L, tmp);
			for (k = 0; k <= L; k++)
				mpz_swap(a[k], b[k]);
		}
		for (k = 0; k <= L; k++)
			mpz_addmul(row[k], a[k], more);
	}
}

static void
chain_init(struct chain *ch, const struct do_shape *sh,
    const struct dx_weights *dw, int cap, int wpm)
{
	int32_t v;
	int k, L;
	mpz_t *scratch;

	memset(ch, 0, sizeof(*ch));
	ch->cap = cap;
	ch->wpm = wpm;
	ch->extra = sh->extra;
	ch->mh = sh->mortal_hit;
	ch->mw = sh->mortal_wound;
	ch->yw = zvec((size_t)cap + 1);
	ch->suf = zvec((size_t)cap + 2);
	mpz_init_set(ch->tot, dw->tot);
	for (v = dw->lo; v <= dw->hi; v++) {
		k = v < 0 ? 0 : v > cap ? cap : v;
		mpz_add(ch->yw[k], ch->yw[k], dw->w[v - dw->lo]);
	}
	for (k = cap; k >= 0; k--)
		mpz_add(ch->suf[k], ch->suf[k + 1], ch->yw[k]);
	mpz_inits(ch->gd, ch->gn[0], ch->gn[1], ch->gn[2], ch->mn, ch->hd,
	    ch->td, NULL);
	{
		mpq_t g[4];

		for (k = 0; k < 3; k++) {
			mpq_init(g[k]);
			mpq_set(g[k], sh->go[k]);
		}
		mpq_init(g[3]);
		mpq_set(g[3], sh->mortal);
		scratch = zvec(4);
		common_den(g, 4, ch->gd, scratch);
		for (k = 0; k < 3; k++)
			mpz_set(ch->gn[k], scratch[k]);
		mpz_set(ch->mn, scratch[3]);
		zvec_free(scratch, 4);
		for (k = 0; k < 4; k++)
			mpq_clear(g[k]);
	}
	for (k = 0; k < DT_ROLL__N; k++)
		mpz_init(ch->hn[k]);
	{
		mpq_t h[DT_ROLL__N];

		for (k = 0; k < DT_ROLL__N; k++) {
			mpq_init(h[k]);
			mpq_set(h[k], sh->hit[k]);
		}
		common_den(h, DT_ROLL__N, ch->hd, ch->hn);
		for (k = 0; k < DT_ROLL__N; k++)
			mpq_clear(h[k]);
	}
	ch->gpow = zvec((size_t)ch->extra + 2);
	mpz_set_ui(ch->gpow[0], 1);
	for (k = 1; k <= ch->extra + 1; k++) {
		mpz_mul(ch->gpow[k], ch->gpow[k - 1], ch->gd);
		mpz_mul(ch->gpow[k], ch->gpow[k], ch->tot);
	}
	mpz_mul(ch->td, ch->hd, ch->gpow[ch->extra + 1]);
	/* T, lower triangular: row L holds L' = 0..L. */
	ch->t = xcalloc((size_t)cap + 1, sizeof(*ch->t));
	for (L = 0; L <= cap; L++)
		ch->t[L] = zvec((size_t)L + 1);
	{
		mpz_t *a = zvec((size_t)cap + 1), *b = zvec((size_t)cap + 1),
		      *e = zvec((size_t)cap + 1), tmp;

		mpz_init(tmp);
		mpz_set(ch->t[0][0], ch->td);
		if (wpm > 0)
			for (L = 1; L <= cap; L++)
				attack_row(ch, L, ch->t[L], a, b, e, tmp);
		else if (cap > 0) {
			/* What an attack takes, k = cap - L' of row cap, is
			 * the same from any L (the rest capped at L). */
			attack_row(ch, cap, ch->t[cap], a, b, e, tmp);
			for (L = 1; L < cap; L++) {
				for (k = 0; k < L; k++)
					mpz_set(ch->t[L][L - k],
					    ch->t[cap][cap - k]);
				for (k = L; k <= cap; k++)
					mpz_add(ch->t[L][0], ch->t[L][0],
					    ch->t[cap][cap - k]);
			}
		}
		mpz_clear(tmp);
		zvec_free(a, (size_t)cap + 1);
		zvec_free(b, (size_t)cap + 1);
		zvec_free(e, (size_t)cap + 1);
	}
}

static void
chain_clear(struct chain *ch)
{
	int L, k;

	for (L = 0; L <= ch->cap; L++)
		zvec_free(ch->t[L], (size_t)L + 1);
	free(ch->t);
	zvec_free(ch->gpow, (size_t)ch->extra + 2);
	zvec_free(ch->yw, (size_t)ch->cap + 1);
	zvec_free(ch->suf, (size_t)ch->cap + 2);
	for (k = 0; k < DT_ROLL__N; k++)
		mpz_clear(ch->hn[k]);
	mpz_clears(ch->tot, ch->gd, ch->gn[0], ch->gn[1], ch->gn[2], ch->mn,
	    ch->hd, ch->td, NULL);
}

/*
 * The volley of attacks of shape sh into v (its Damage dw, its target
 * of v->cap Wounds, wpm Wounds a model when a model's excess is lost):
 * the chain from the full Wounds over every count of attacks na, acc =
 * acc td + w(n) v_n as the count grows.
 */
static void
volley_general(const struct dx_weights *na, const struct do_shape *sh,
    const struct dx_weights *dw, int wpm, struct do_volley *v)
{
	int cap = v->cap, L, k;
	int32_t n, n0 = na->lo > 0 ? na->lo : 0;
	struct chain ch;
	mpz_t *x, *y, *acc, w0, den;
	mpq_t pos;

	mpq_init(pos);
	for (n = dw->lo > 1 ? dw->lo : 1; n <= dw->hi; n++)
		mpz_add(mpq_numref(pos), mpq_numref(pos), dw->w[n - dw->lo]);
	mpz_set(mpq_denref(pos), dw->tot);
	mpq_canonicalize(pos);
	do_shape_p_attack(sh, pos, v->p_attack);
	mpq_clear(pos);
	if (na->hi <= 0) {
		mpq_set_ui(v->p[0], 1, 1);
		mpq_set_ui(v->mean, 0, 1);
		return;
	}
	chain_init(&ch, sh, dw, cap, wpm);
	x = zvec((size_t)cap + 1);
	y = zvec((size_t)cap + 1);
	acc = zvec((size_t)cap + 1);
	mpz_inits(w0, den, NULL);
	for (n = na->lo; n <= n0; n++)
		mpz_add(w0, w0, na->w[n - na->lo]);
	mpz_set_ui(x[cap], 1);
	for (n = 0; n <= na->hi; n++) {
		if (n > 0) {
			for (L = 0; L <= cap; L++)
				mpz_set_ui(y[L], 0);
			for (L = cap; L >= 0; L--) {
				if (mpz_sgn(x[L]) == 0)
					continue;
				for (k = 0; k <= L; k++)
					if (mpz_sgn(ch.t[L][k]) != 0)
						mpz_addmul(y[k], x[L],
						    ch.t[L][k]);
			}
			for (L = 0; L <= cap; L++)
				mpz_swap(x[L], y[L]);
		}
		if (n < n0)
			continue;
		for (L = 0; L <= cap; L++) {
			if (n > n0)
				mpz_mul(acc[L], acc[L], ch.td);
			mpz_addmul(acc[L], x[L],
			    n == n0 ? w0 : na->w[n - na->lo]);
		}
	}
	mpz_pow_ui(den, ch.td, (unsigned long)na->hi);
	mpz_mul(den, den, na->tot);
	for (k = 0; k <= cap; k++) {
		mpz_set(mpq_numref(v->p[k]), acc[cap - k]);
		mpz_set(mpq_denref(v->p[k]), den);
		mpq_canonicalize(v->p[k]);
	}
	volley_mean(v);
	mpz_clears(w0, den, NULL);
	zvec_free(x, (size_t)cap + 1);
	zvec_free(y, (size_t)cap + 1);
	zvec_free(acc, (size_t)cap + 1);
	chain_clear(&ch);
}

static size_t
hash_volley(const struct do_volley *k)
{
	size_t h = (size_t)(uintptr_t)k->att * 2654435761u;

	h ^= (size_t)(uintptr_t)k->dmg * 40503u;
	h = h * 31u + (size_t)k->cap;
	h = h * 31u + (size_t)(k->mod + 64) * 3u + (size_t)k->half;
	h = h * 31u + (size_t)k->accumulated;
	h = h * 31u + (size_t)k->wpm;
	h = h * 31u + mpz_getlimbn(mpq_numref(k->q), 0);
	h = h * 31u + mpz_getlimbn(mpq_denref(k->q), 0);
	if (k->sh != NULL)
		h = h * 31u + mpz_getlimbn(mpq_numref(k->sh->go[0]), 0) +
		    (size_t)k->sh->extra * 7u +
		    mpz_getlimbn(mpq_numref(k->sh->hit[DT_ROLL_PLAIN]), 0);
	return h ^ (h >> 17);
}

static int
same_volley(const struct do_volley *a, const struct do_volley *b)
{
	return a->att == b->att && a->dmg == b->dmg && a->cap == b->cap &&
	    a->accumulated == b->accumulated && a->mod == b->mod &&
	    a->half == b->half && a->wpm == b->wpm && mpq_equal(a->q, b->q) &&
	    same_shape(a->sh, b->sh);
}

static struct do_volley *
find_volley(struct do_memo *m, const struct do_volley *key, size_t *slot)
{
	struct do_volley *v;

	*slot = hash_volley(key) & (VOLLEY_SLOTS - 1);
	for (v = m->vt[*slot]; v != NULL; v = v->next)
		if (same_volley(v, key))
			return v;
	return NULL;
}

/* Keep v when the memo has room; returns whether it was kept. */
static int
keep_volley(struct do_memo *m, struct do_volley *v, size_t slot)
{
	size_t l = qlimbs(v->p, (size_t)v->cap + 1) + 8;

	if (m->limbs + l > DO_MEMO_LIMBS)
		return 0;
	m->limbs += l;
	v->next = m->vt[slot];
	m->vt[slot] = v;
	return 1;
}

/* The damaging attack of Damage e at the memo's cap; *own when it is
 * the caller's to free (the memo is full). */
static struct powers *
powers_of(struct do_memo *m, struct dv_expr *e, int *own)
{
	*own = 0;
	if (e->pw != NULL)
		return e->pw;
	if (m->limbs + (size_t)m->cap * 4 > DO_MEMO_LIMBS) {
		*own = 1;
		return powers_new(e, m->cap);
	}
	e->pw = powers_new(e, m->cap);
	m->limbs += zlimbs(e->pw->yw, (size_t)m->cap + 1);
	return e->pw;
}

/* The volley of key worked out at the memo's cap (or at key's, when
 * higher). */
static struct do_volley *
volley_make(struct do_memo *m, const struct do_volley *key, int cap)
{
	struct do_volley *v = volley_new(key, cap);
	struct powers *p;
	size_t before;
	int own;

	if (key->accumulated) {
		volley_accumulated(expr_dist(m, key->att), v);
		mpq_set_ui(v->p_attack, 1, 1);
		return v;
	}
	if (key->sh != NULL) {
		volley_general(&key->att->w, key->sh, &key->dmg->w, key->wpm,
		    v);
		return v;
	}
	p = powers_of(m, key->dmg, &own);
	/* One attack takes a Wound: through, and its Damage 1 or more. */
	mpz_set(mpq_numref(v->p_attack), p->pos);
	mpz_set(mpq_denref(v->p_attack), key->dmg->w.tot);
	mpq_canonicalize(v->p_attack);
	mpq_mul(v->p_attack, v->p_attack, v->q);
	if (own || cap > p->cap || key->wpm > 0) {
		if (!own)
			p = powers_new(key->dmg, cap);
		own = 1;
		p->wpm = key->wpm;
	}
	before = own ? 0 : (size_t)p->n;
	volley_pipeline(&key->att->w, p, key->dmg->w.tot, v);
	if (own)
		powers_free(p);
	else if ((size_t)p->n > before) {
		int s;

		for (s = (int)before; s < p->n; s++)
			m->limbs += zlimbs(p->ys[s], (size_t)p->cap + 1);
	}
	return v;
}

/* base capped lower, at key's cap: the tail summed at the cap. */
static struct do_volley *
volley_capped(const struct do_volley *base, const struct do_volley *key)
{
	struct do_volley *v = volley_new(key, key->cap);
	int k;

	for (k = 0; k <= base->cap; k++) {
		int c = k < v->cap ? k : v->cap;

		mpq_add(v->p[c], v->p[c], base->p[k]);
	}
	volley_mean(v);
	mpq_set(v->p_attack, base->p_attack);
	return v;
}

/*
 * The memos in use, one a ruleset: every context made of a ruleset (a
 * product's, a test game's on a board of its own, each product of a
 * build) reads the same tables from it, so they share one and work each
 * expression and volley out once. The last to let go frees it.
 */
static pthread_mutex_t memos_lock = PTHREAD_MUTEX_INITIALIZER;
static struct do_memo *memos;

struct do_memo *
do_memo_new(const struct ruleset *rs, const struct dt_tables *t)
{
	struct do_memo *m;
	size_t u;

	pthread_mutex_lock(&memos_lock);
	/* A context of a few unit types (a focus) has a memo of its own,
	 * at their cap. */
	for (m = memos; m != NULL &&
	     (m->rs != rs || m->focus[0] != t->focus[0] ||
	         m->focus[1] != t->focus[1]);
	     m = m->next)
		;
	if (m != NULL) {
		m->refs++;
		goto out;
	}
	m = xcalloc(1, sizeof(*m));
	pthread_mutex_init(&m->lock, NULL);
	m->rs = rs;
	m->refs = 1;
	m->focus[0] = t->focus[0];
	m->focus[1] = t->focus[1];
	m->cap = 1;
	for (u = 0; u < rs->nunits; u++)
		if (t->units[u].wounds > m->cap && dt_in_focus(t, u))
			m->cap = t->units[u].wounds;
	m->next = memos;
	memos = m;
out:
	pthread_mutex_unlock(&memos_lock);
	return m;
}

void
do_memo_free(struct do_memo *m)
{
	struct dv_expr *e, *en;
	struct do_volley *v, *vn;
	struct do_memo **at;
	struct pair *p, *pn;
	size_t i;

	if (m == NULL)
		return;
	pthread_mutex_lock(&memos_lock);
	if (--m->refs > 0) {
		pthread_mutex_unlock(&memos_lock);
		return;
	}
	for (at = &memos; *at != m; at = &(*at)->next)
		;
	*at = m->next;
	pthread_mutex_unlock(&memos_lock);
	for (i = 0; i < EXPR_SLOTS; i++)
		for (e = m->ex[i]; e != NULL; e = en) {
			en = e->next;
			if (e->ok)
				dx_weights_free(&e->w);
			if (e->have_d)
				dx_dist_free(&e->d);
			if (e->have_pos)
				mpq_clear(e->pos);
			powers_free(e->pw);
			free(e);
		}
	for (i = 0; i < VOLLEY_SLOTS; i++)
		for (v = m->vt[i]; v != NULL; v = vn) {
			vn = v->next;
			volley_free(v);
		}
	for (i = 0; i < PAIR_SLOTS; i++)
		for (p = m->pt[i]; p != NULL; p = pn) {
			pn = p->next;
			dx_opposed_clear(&p->o);
			free(p);
		}
	pthread_mutex_destroy(&m->lock);
	free(m);
}

const struct dx_dist *
do_dist(const struct dt_tables *t, const struct dx *x)
{
	const struct dx_dist *d;

	pthread_mutex_lock(&t->memo->lock);
	d = expr_dist(t->memo, expr_of(t->memo, x));
	pthread_mutex_unlock(&t->memo->lock);
	return d;
}

struct do_volley *
do_volley_get(const struct dt_tables *t, const struct dt_weapon *w, int models,
    int accumulated, const mpq_t q, const struct do_shape *sh, int mod,
    int half, int cap, int wpm, int *own)
{
	struct do_memo *m = t->memo;
	struct do_volley key, *base, *v;
	size_t slot, bslot;
	int bcap, bown = 0;

	memset(&key, 0, sizeof(key));
	pthread_mutex_lock(&m->lock);
	key.att = expr_of_n(m, &w->attacks.dx, models > 1 ? models : 1);
	key.dmg = accumulated ? NULL : expr_of(m, &w->damage.dx);
	*own = 0;
	if (!key.att->ok || (key.dmg != NULL && !key.dmg->ok)) {
		pthread_mutex_unlock(&m->lock);
		return NULL;
	}
	key.accumulated = accumulated;
	key.mod = accumulated ? mod : 0;
	key.half = accumulated ? half : 0;
	/* mpq_t is an array: key.q shares q's numbers, read only. */
	memcpy(key.q, q, sizeof(mpq_t));
	key.cap = cap;
	key.wpm = accumulated ? 0 : wpm;
	/* The shape's numbers are read only too; a volley kept copies
	 * them. */
	key.sh = accumulated ? NULL : (struct do_shape *)sh;
	if ((v = find_volley(m, &key, &slot)) != NULL)
		goto out;
	/* Lost excess damage: the Wounds left are no cap of a larger
	 * volley (where each model's Wounds begin counts). */
	if (key.wpm > 0) {
		v = volley_make(m, &key, cap);
		if (!keep_volley(m, v, slot))
			*own = 1;
		goto out;
	}
	/* Worked out at the largest cap, then read at this one. */
	bcap = cap > m->cap ? cap : m->cap;
	key.cap = bcap;
	if ((base = find_volley(m, &key, &bslot)) == NULL) {
		base = volley_make(m, &key, bcap);
		if (!keep_volley(m, base, bslot))
			bown = 1;
	}
	key.cap = cap;
	if (cap == bcap) {
		v = base;
		*own = bown;
		goto out;
	}
	v = volley_capped(base, &key);
	if (bown)
		volley_free(base);
	if (!keep_volley(m, v, slot))
		*own = 1;
out:
	pthread_mutex_unlock(&m->lock);
	return v;
}

const struct dx_opposed *
do_opposed_pair(const struct dt_tables *t, int fa, int fb)
{
	struct do_memo *m = t->memo;
	size_t h = ((size_t)(fa + 1024) * 131u + (size_t)(fb + 1024)) &
	    (PAIR_SLOTS - 1);
	const struct dx_dist *roll;
	struct pair *p;

	pthread_mutex_lock(&m->lock);
	for (p = m->pt[h]; p != NULL; p = p->next)
		if (p->fa == fa && p->fb == fb)
			goto out;
	roll = expr_dist(m, expr_of(m, &t->melee_roll.dx));
	if (roll == NULL)
		goto out;
	p = xcalloc(1, sizeof(*p));
	p->fa = fa;
	p->fb = fb;
	do_opposed(roll, fa, fb, &p->o);
	p->next = m->pt[h];
	m->pt[h] = p;
out:
	pthread_mutex_unlock(&m->lock);
	return p != NULL ? &p->o : NULL;
}

int
do_p_positive(const struct dt_tables *t, const struct dx *x, mpq_t out)
{
	struct do_memo *m = t->memo;
	struct dv_expr *e;
	int32_t v;

	pthread_mutex_lock(&m->lock);
	e = expr_of(m, x);
	if (e->ok && !e->have_pos) {
		mpq_init(e->pos);
		for (v = e->w.lo > 1 ? e->w.lo : 1; v <= e->w.hi; v++)
			mpz_add(mpq_numref(e->pos), mpq_numref(e->pos),
			    e->w.w[v - e->w.lo]);
		mpz_set(mpq_denref(e->pos), e->w.tot);
		mpq_canonicalize(e->pos);
		e->have_pos = 1;
	}
	if (e->ok)
		mpq_set(out, e->pos);
	pthread_mutex_unlock(&m->lock);
	return e->ok ? 0 : -1;
}

/* ---- the budget ---- */

/* A part of a ruleset's exact odds: the steps it takes and the cell
 * that asks for it. */
struct work {
	double steps;
	struct pos pos;
	const char *what; /* "Attacks", "Damage", "melee roll", "volleys" */
	int weapon;       /* -1: none */
};

/* The chance a roll of face or more on a die of n faces, as p / n. */
static unsigned long
faces_up(int face, int n)
{
	return face <= 1 ? (unsigned long)n :
	    face > n     ? 0 :
	                   (unsigned long)(n - face + 1);
}

static unsigned long
gcd_ul(unsigned long a, unsigned long b)
{
	while (b != 0) {
		unsigned long r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/* One attack of w at u getting through (dice_odds.c, attack_steps()) as
 * num / den, reduced; the Fire modifiers left out, as in the odds. */
static void
through(const struct dt_tables *t, int die, const struct dt_weapon *w,
    const struct dt_unit *u, unsigned long *num, unsigned long *den)
{
	unsigned long n = 1, d = 1, g;
	int si, ti, need;

	if (w->to_hit > 0) {
		n *= faces_up(w->to_hit, die);
		d *= (unsigned long)die;
	}
	if (t->wound_given && w->strength >= 0 && u->toughness >= 0) {
		for (si = 0; si < t->nstr && t->str[si] != w->strength; si++)
			;
		for (ti = 0; ti < t->ntough && t->tough[ti] != u->toughness;
		     ti++)
			;
		if (si < t->nstr && ti < t->ntough) {
			need = t->need[si][ti];
			n *= need <= 0 ? 0 : faces_up(need, die);
			d *= (unsigned long)die;
		}
	}
	if (u->save > 0) {
		n *= (unsigned long)die - faces_up(u->save + w->ap, die);
		d *= (unsigned long)die;
	}
	g = gcd_ul(n, d);
	*num = n / (g ? g : 1);
	*den = d / (g ? g : 1);
}

/*
 * The steps of one volley (the file's comment): the binomial pass over
 * the counts of attacks, the sums of the damaging attacks (*powers: kept
 * with the Damage, counted once for it) and putting the two together.
 * rbits: the bits of one damaging attack's chance's denominator.
 */
static double
volley_work(const struct dx *att, const struct dx *dmg, double qbits, int cap,
    double *powers, double *limbs)
{
	double rbits, ln, ly;
	int lo = att->lo > 0 ? att->lo : 0, hi = att->hi, ymin, smax, ny;

	*powers = *limbs = 0;
	if (hi <= 0 || dmg->hi < 1)
		return 0;
	ymin = dmg->lo > 1 ? dmg->lo : 1;
	if (ymin > cap)
		ymin = cap;
	smax = (cap + ymin - 1) / ymin;
	if (smax > hi + 1)
		smax = hi + 1;
	ny = (dmg->hi < cap ? dmg->hi : cap) - ymin + 1;
	rbits = qbits + (dmg->lo < 1 ? dx_total_bits(dmg) : 0);
	ln = 1 + hi * rbits / 64;
	ly = 1 + smax * dx_total_bits(dmg) / 64;
	*powers = (double)smax * (cap + 1) * ny * ly;
	*limbs = ln + ly;
	return ((double)hi - lo + 1 + smax) * (smax + 1) * ln +
	    (double)smax * (cap + 1) * (ln + ly);
}

/*
 * The steps of one volley by the general path (attacks with triggers,
 * extra extra hits at most): T's rows (every hit of an attack through
 * each row: as many rows as Wounds when a model's excess is lost, else
 * one), and the chain over the counts of attacks, its values growing by
 * T's denominator, of about tbits, at each attack.
 */
static double
volley_work_general(const struct dx *att, const struct dx *dmg, double qbits,
    int die, int extra, int cap, int wpm, double *limbs)
{
	double tbits, lt, rows, hi = att->hi, c2 = (cap + 1.0) * (cap + 2) / 2;

	*limbs = 0;
	if (att->hi <= 0)
		return 0;
	tbits = (1.0 + extra) *
	        (qbits + 2 * log2((double)die) + dx_total_bits(dmg)) +
	    2 * log2((double)die);
	lt = 1 + (1.0 + extra) * tbits / 64;
	rows = wpm > 0 ? c2 * (wpm < cap ? wpm : cap) : c2;
	*limbs = 1 + hi * tbits / 64 + dx_total_bits(att) / 64;
	return 3 * (1.0 + extra) * rows * lt +
	    c2 * (hi + hi * hi * tbits / 128) + hi * (cap + 1) * *limbs;
}

/* The volleys of weapon wi at every unit type, each distinct chance of
 * getting through once, into *v; the sums of its Damage into *powers;
 * the limbs of its largest denominator into *limbs. */
static void
weapon_volleys(const struct ruleset *rs, const struct dt_tables *t, int cap,
    int wi, int models, double *v, double *powers, double *limbs)
{
	const struct dt_weapon *w = &t->weapons[wi];
	unsigned long *seen = xcalloc(2 * rs->nunits + 2, sizeof(*seen));
	unsigned long num, den;
	size_t u, k, nseen = 0;
	double p, l;
	struct dx att = w->attacks.dx;
	int extra, trig = dt_kw_triggers(t, &w->kw, &extra), wpm;

	/* The Attacks of models models: their sum. */
	att.lo *= models;
	att.hi *= models;
	*v = *powers = *limbs = 0;
	for (u = 0; u < rs->nunits; u++) {
		if (!dt_in_focus(t, u))
			continue;
		through(t, rs->die, w, &t->units[u], &num, &den);
		for (k = 0; k < nseen; k++)
			if (seen[2 * k] == num && seen[2 * k + 1] == den)
				break;
		if (num == 0 || k < nseen)
			continue;
		seen[2 * nseen] = num;
		seen[2 * nseen++ + 1] = den;
		/* Triggers: the general path (its rows for each Wounds
		 * when a model's excess is lost). */
		if (trig) {
			wpm = !t->excess_spills && t->units[u].models > 1 &&
			        w->damage.dx.hi > 1 ?
			    t->units[u].wpm :
			    0;
			*v += volley_work_general(&att, &w->damage.dx,
			    log2((double)den), rs->die, extra, cap, wpm, &l);
			p = 0;
		} else
			*v += volley_work(&att, &w->damage.dx,
			    log2((double)den), cap, &p, &l);
		if (p > *powers)
			*powers = p;
		if (l > *limbs)
			*limbs = l;
	}
	free(seen);
}

/* Add e's distribution to the work unless an earlier cell has the same
 * expression; returns its work item, the heaviest so far in *top. */
static void
expr_work(const struct dt_expr *e, const char *what, int weapon,
    const struct dx **done, size_t *ndone, double *total, struct work *top)
{
	size_t i;
	double s;

	if (e->text == NULL && weapon >= 0 && strcmp(what, "Damage") == 0)
		return; /* no Damage written: 1 */
	for (i = 0; i < *ndone; i++)
		if (same_dx(done[i], &e->dx))
			return;
	done[(*ndone)++] = &e->dx;
	s = dx_work(&e->dx);
	*total += s;
	if (s > top->steps) {
		top->steps = s;
		top->pos = e->pos;
		top->what = what;
		top->weapon = weapon;
	}
}

/* Whether unit type a carries weapon wi. */
static int
carries(const struct ruleset *rs, size_t a, size_t wi)
{
	size_t k;

	for (k = 0; k < rs->units[a].nweapons; k++)
		if ((size_t)rs->units[a].weapons[k] == wi)
			return 1;
	return 0;
}

int
do_work_check(const struct ruleset *rs, const struct dt_tables *t, int cap,
    struct diags *d)
{
	const struct dx **done = xcalloc(2 * rs->nweapons + 2, sizeof(*done));
	unsigned char *carried = xcalloc(rs->nweapons + 1, 1);
	struct work top = { 0, { NULL, 0, 0 }, NULL, -1 };
	double total = 0, v, p, l, *pw;
	size_t a, k, nd = 0, wi, j;
	int pipe = t->shooting == DT_SHOOT_PIPELINE ||
	    t->melee == DT_MELEE_PIPELINE;

	pw = xcalloc(rs->nweapons + 1, sizeof(*pw));
	for (a = 0; a < rs->nunits; a++)
		for (k = 0; k < rs->units[a].nweapons && dt_in_focus(t, a);
		     k++)
			carried[rs->units[a].weapons[k]] = 1;
	/* Every expression's distribution (the greedy player's means); with
	 * a focus, those of its unit types' weapons. */
	for (wi = 0; wi < rs->nweapons; wi++) {
		if (t->focus[0] >= 0 && !carried[wi])
			continue;
		expr_work(&t->weapons[wi].attacks, "Attacks", (int)wi, done,
		    &nd, &total, &top);
		expr_work(&t->weapons[wi].damage, "Damage", (int)wi, done, &nd,
		    &total, &top);
	}
	if (t->melee != DT_MELEE_PIPELINE)
		expr_work(&t->melee_roll, "melee roll", -1, done, &nd, &total,
		    &top);
	/* Every volley of a weapon some unit carries; the sums of a Damage
	 * once for all the weapons that roll it. */
	for (wi = 0; pipe && wi < rs->nweapons; wi++) {
		if (!carried[wi])
			continue;
		weapon_volleys(rs, t, cap, (int)wi, 1, &v, &p, &l);
		/* The same for each number of models that carries it: the
		 * sums of their Attacks (about m^2 / 2 products of the
		 * expression's range squared) and their volleys. */
		for (a = 0; a < rs->nunits; a++) {
			int m = t->units[a].models;
			double r = (double)t->weapons[wi].attacks.dx.hi -
			    t->weapons[wi].attacks.dx.lo + 1,
			       v2;

			if (m <= 1 || !dt_in_focus(t, a) ||
			    !carries(rs, a, wi))
				continue;
			weapon_volleys(rs, t, cap, (int)wi, m, &v2, &p, &l);
			v += v2 + (double)m * m / 2 * r * r;
		}
		/* A volley's chances are fractions of l limbs: the
		 * document writes each, and a gcd reduces each. */
		if (l * 64 * 0.30103 > DO_VOLLEY_DIGITS) {
			diag_msg(d, t->weapons[wi].attacks.pos,
			    MSG(WEAPON_EXACT_CHANCES_ONE_VOLLEY),
			    rs->weapons[wi].name, l * 64 * 0.30103,
			    DO_VOLLEY_DIGITS);
			free(pw);
			free(done);
			free(carried);
			return -1;
		}
		for (j = 0; j < wi; j++)
			if (same_dx(&t->weapons[j].damage.dx,
			        &t->weapons[wi].damage.dx))
				break;
		pw[j] = pw[j] > p ? pw[j] : p;
		total += v;
		if (v > top.steps) {
			top.steps = v;
			top.pos = t->weapons[wi].attacks.pos;
			top.what = "volleys";
			top.weapon = (int)wi;
		}
	}
	for (wi = 0; wi < rs->nweapons; wi++)
		total += pw[wi];
	free(pw);
	free(done);
	free(carried);
	if (total <= DO_WORK_MAX)
		return 0;
	if (top.weapon >= 0)
		diag_msg(d, top.pos, MSG(WEAPON_EXACT_ODDS_RULESET_WOULD),
		    rs->weapons[top.weapon].name, total / 1e6,
		    DO_WORK_MAX / 1e6,
		    strcmp(top.what, "volleys") == 0 ? "volleys" : top.what,
		    top.steps / 1e6);
	else
		diag_msg(d, top.pos, MSG(EXACT_ODDS_RULESET_WOULD_TAKE),
		    total / 1e6, DO_WORK_MAX / 1e6, top.steps / 1e6);
	return -1;
}
