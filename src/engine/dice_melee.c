/*
 * dice_melee.c: the exact odds of a melee by accumulated hits or by the
 * pipeline, fought to its end (dice_odds.h), as GMP rationals.
 *
 * Play (dice_play.c, fight()) fights such a melee once in each side's
 * turn while the units are in contact, and nothing parts them but a
 * removal. One round: accumulated, each side rolls the melee roll and
 * the other loses that many Wounds, at once (both may go); pipeline, the
 * unit whose turn it is strikes with every weapon that reaches the
 * contact distance, each a volley as in shooting, and the other, if it
 * still stands, strikes back. Who strikes first follows the turns: under
 * `turn: alternate` each side's turn in turn (attacker, defender, …);
 * under `turn: phased` both sides fight in each game turn, the side
 * with the turn first, and that side changes every game turn (attacker,
 * defender, defender, attacker, …).
 *
 * The melee is a Markov chain over (Wounds left of each, the round's
 * place in that order). A round either takes Wounds, and the chain moves
 * to a state with fewer, or changes nothing (both strike nothing, with
 * the same chance q in every state): the only loops are the round's
 * place going round its cycle of P places in one pair of Wounds, solved
 * exactly as x0 = (r0 + q r1 + … + q^(P-1) r(P-1)) / (1 - q^P). With q = 1
 * nothing can ever remove either unit. The states are worked out from
 * the fewest Wounds up, and the sums over the Wounds one strike takes are
 * kept for each row and column, so a pair of Wounds Wa and Wb costs about
 * P Wa Wb (Wa + Wb) products of rationals: DO_CHAIN_MAX bounds Wa Wb,
 * and DO_CHAIN_WORK the sum over all pairs of a ruleset.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dice_odds.h"

/* Who strikes first in a round: one side, then the other back; both at
 * once (accumulated, or the pipeline's strikes: at once); one side only
 * (strikes: attacker only). */
enum { FIRST_A, FIRST_B, AT_ONCE, ONLY_A, ONLY_B };

/* What a pass of the chain works out: a state's value is the chance it
 * ends in that way, or (rounds) the rounds still to fight. */
enum { Q_A_WINS, Q_B_WINS, Q_ROUNDS };

struct chain {
	int wa, wb;           /* Wounds left at the start: the grid */
	int np;               /* places in the round's order */
	int first[4];         /* who strikes first at each place */
	mpq_t *sa, *sb;       /* one strike on a (b's), on b (a's): P(k),
	                      * k = 0..wa (wb), the last k or more */
	mpq_t *ta, *tb;       /* tails: P(a strike on a takes i or more) */
	mpq_t q;              /* a round that changes nothing */
	mpq_t *v, *row, *col; /* [place][i][j] */
	/* The sums a place's round reads: those of the place after one
	 * where a strikes first (or both at once) and one where b does. */
	int needrow[4], needcol[4];
	/* Strikes that depend on the state (units of models, models_matter):
	 * b's strike at a with m models left at a of i Wounds left is
	 * va[m * (wa + 1) + i], P(k) for k = 0..i (the last, i or more);
	 * a's at b vb[m * (wb + 1) + j]; ma[i], mb[j] the models of each
	 * with so many Wounds left. sa, sb, ta, tb are then unused but for
	 * the first round. */
	int dep;
	mpq_t **va, **vb;
	int *ma, *mb;
};

/* b's strike at a in state (i, j): its chances of k < i, and of i or
 * more (the tail); a's at b the same. */
static inline const mpq_t *
sa_of(const struct chain *ch, int i, int j)
{
	return ch->dep ? ch->va[ch->mb[j] * (ch->wa + 1) + i] : ch->sa;
}

static inline const __mpq_struct *
ta_of(const struct chain *ch, int i, int j)
{
	return ch->dep ? ch->va[ch->mb[j] * (ch->wa + 1) + i][i] : ch->ta[i];
}

static inline const mpq_t *
sb_of(const struct chain *ch, int i, int j)
{
	return ch->dep ? ch->vb[ch->ma[i] * (ch->wb + 1) + j] : ch->sb;
}

static inline const __mpq_struct *
tb_of(const struct chain *ch, int i, int j)
{
	return ch->dep ? ch->vb[ch->ma[i] * (ch->wb + 1) + j][j] : ch->tb[j];
}

/* A melee kept by do_fight_get(): the slots of its strikes each way (as
 * strike_full() keeps them), the Wounds, whether it is fought out. */
struct do_fight_kept {
	size_t sa, sb;
	int wa, wb, chain, rc;
	struct do_fight f;
	struct do_fight_kept *next;
};

static mpq_t *
vec_new(size_t n)
{
	mpq_t *v = xcalloc(n, sizeof(*v));
	size_t k;

	for (k = 0; k < n; k++)
		mpq_init(v[k]);
	return v;
}

static void
vec_free(mpq_t *v, size_t n)
{
	size_t k;

	if (v == NULL)
		return;
	for (k = 0; k < n; k++)
		mpq_clear(v[k]);
	free(v);
}

void
do_fight_init(struct do_fight *f)
{
	memset(f, 0, sizeof(*f));
	mpq_inits(f->a_wins, f->b_wins, f->both, f->rounds, NULL);
}

void
do_fight_clear(struct do_fight *f)
{
	vec_free(f->a_loses, (size_t)f->wa + 1);
	vec_free(f->b_loses, (size_t)f->wb + 1);
	mpq_clears(f->a_wins, f->b_wins, f->both, f->rounds, NULL);
	memset(f, 0, sizeof(*f));
}

/*
 * s += x * y over 0..cap, a total of cap or more counted at cap (the
 * unit is gone): the damage of one more volley added to a strike.
 */
static void
add_volley(mpq_t *s, const mpq_t *x, const mpq_t *y, int cap)
{
	mpq_t *r = vec_new((size_t)cap + 1), tmp;
	int i, j, k;

	mpq_init(tmp);
	for (i = 0; i <= cap; i++)
		for (j = 0; j <= cap && mpq_sgn(x[i]) != 0; j++) {
			if (mpq_sgn(y[j]) == 0)
				continue;
			k = i + j > cap ? cap : i + j;
			mpq_mul(tmp, x[i], y[j]);
			mpq_add(r[k], r[k], tmp);
		}
	for (k = 0; k <= cap; k++)
		mpq_set(s[k], r[k]);
	mpq_clear(tmp);
	vec_free(r, (size_t)cap + 1);
}

/*
 * The Wounds unit type x takes from y's unit type in one strike, into
 * s[0..cap] (the last: cap or more), where cap is at most y's full
 * Wounds. Pipeline: every weapon of x that reaches the contact distance
 * (as strike() picks them) makes a volley; a melee by pipeline strikes
 * by the pipeline whatever the shooting, so the volleys are those of
 * the tables with shooting by pipeline. Returns 0, or -1 when an
 * expression has no distribution.
 */
static int
pipeline_strike(const struct eng_ctx *c, int x, int y, int cap, int models,
    mpq_t *s)
{
	const struct ruleset *rs = c->rs;
	struct dt_tables t = *(const struct dt_tables *)c->fam_data;
	const struct rs_unit *u = &rs->units[x];
	struct do_fire f;
	mpq_t *d;
	size_t k;
	int i, n, rc = 0;

	t.shooting = DT_SHOOT_PIPELINE;
	mpq_set_ui(s[0], 1, 1);
	for (k = 0; k < u->nweapons && rc == 0; k++) {
		int w = u->weapons[k];

		if (c->wrange[w] > c->melee_range + 1e-9)
			continue;
		do_fire_init(&f);
		if (do_fire_odds(rs, &t, w, y, 0, cap, models, &f) != 0)
			rc = -1;
		else {
			/* The volley capped at cap rather than at the
			 * target's full Wounds: the same chances below. */
			d = vec_new((size_t)cap + 1);
			for (i = 0, n = f.wounds; i <= n; i++)
				mpq_add(d[i < cap ? i : cap],
				    d[i < cap ? i : cap], f.damage[i]);
			add_volley(s, s, d, cap);
			vec_free(d, (size_t)cap + 1);
		}
		do_fire_clear(&f);
	}
	return rc;
}

/* Accumulated: the melee roll, 0 or less none, cap or more at cap. */
static int
roll_strike(const struct dt_tables *t, int cap, mpq_t *s)
{
	const struct dx_dist *r = do_dist(t, &t->melee_roll.dx);
	int32_t v;
	int k;

	if (r == NULL)
		return -1;
	for (v = r->lo; v <= r->hi; v++) {
		k = v <= 0 ? 0 : v > cap ? cap : v;
		mpq_add(s[k], s[k], r->p[v - r->lo]);
	}
	return 0;
}

/* x's strike at y with cap Wounds left, x having its models full
 * (models 0) or that many. */
static int
strike_of(const struct eng_ctx *c, int x, int y, int cap, int models, mpq_t *s)
{
	const struct dt_tables *t = c->fam_data;

	if (t->melee == DT_MELEE_ACCUMULATED)
		return roll_strike(t, cap, s);
	return pipeline_strike(c, x, y, cap,
	    models > 0 ? models : t->units[x].models, s);
}

/* Whether a strike of a or b depends on the Wounds either has left: a
 * melee by the pipeline of a unit of models (its Attacks fall as its
 * models do, and a model's excess damage may be lost). */
static int
models_matter(const struct eng_ctx *c, int a, int b)
{
	const struct dt_tables *t = c->fam_data;

	return t->melee == DT_MELEE_PIPELINE &&
	    (t->units[a].models > 1 || t->units[b].models > 1);
}

static int
full_of(const struct eng_ctx *c, int y)
{
	const struct dt_tables *t = c->fam_data;

	return t->units[y].wounds > 0 ? t->units[y].wounds : 1;
}

/* Whether y and z are struck alike: the same Wounds, and by the
 * pipeline (its volleys' steps) the same Toughness and Save. */
static int
alike_target(const struct eng_ctx *c, int y, int z)
{
	const struct dt_tables *t = c->fam_data;
	const struct dt_unit *uy = &t->units[y], *uz = &t->units[z];

	if (full_of(c, y) != full_of(c, z) || uy->models != uz->models)
		return 0;
	return t->melee == DT_MELEE_ACCUMULATED ||
	    (uy->toughness == uz->toughness && uy->save == uz->save);
}

/* Whether x and z strike alike: a melee by accumulated hits always; by
 * the pipeline when the weapons that reach are the same. */
static int
alike(const struct eng_ctx *c, int x, int z)
{
	const struct rs_unit *ux = &c->rs->units[x], *uz = &c->rs->units[z];
	int wx[RS_MAX_WEAPONS_PER_UNIT], wz[RS_MAX_WEAPONS_PER_UNIT];
	int nx = 0, nz = 0;
	size_t k;

	const struct dt_tables *t = c->fam_data;

	if (t->melee == DT_MELEE_ACCUMULATED)
		return 1;
	if (t->units[x].models != t->units[z].models)
		return 0;
	for (k = 0; k < ux->nweapons; k++)
		if (c->wrange[ux->weapons[k]] <= c->melee_range + 1e-9)
			wx[nx++] = ux->weapons[k];
	for (k = 0; k < uz->nweapons; k++)
		if (c->wrange[uz->weapons[k]] <= c->melee_range + 1e-9)
			wz[nz++] = uz->weapons[k];
	return nx == nz && memcmp(wx, wz, sizeof(int) * (size_t)nx) == 0;
}

void
do_strikes_init(struct do_strikes *m, const struct eng_ctx *c)
{
	int n = (int)c->rs->nunits, x, z;

	memset(m, 0, sizeof(*m));
	m->c = c;
	m->n = n;
	m->rep = xcalloc((size_t)n + 1, sizeof(int));
	m->trep = xcalloc((size_t)n + 1, sizeof(int));
	m->v = xcalloc((size_t)n * (size_t)n + 1, sizeof(mpq_t *));
	m->fights = xcalloc(DO_FIGHT_SLOTS, sizeof(*m->fights));
	do_fight_init(&m->scratch);
	for (x = 0; x < n; x++) {
		for (m->rep[x] = x, z = 0; z < x; z++)
			if (m->rep[z] == z && alike(c, x, z)) {
				m->rep[x] = z;
				break;
			}
		for (m->trep[x] = x, z = 0; z < x; z++)
			if (m->trep[z] == z && alike_target(c, x, z)) {
				m->trep[x] = z;
				break;
			}
	}
}

void
do_strikes_clear(struct do_strikes *m)
{
	struct do_fight_kept *e, *en;
	size_t k;

	for (k = 0; m->v != NULL && k < (size_t)m->n * (size_t)m->n; k++)
		if (m->v[k] != NULL)
			vec_free(m->v[k],
			    (size_t)full_of(m->c, (int)(k % (size_t)m->n)) +
			        1);
	for (k = 0; m->fights != NULL && k < DO_FIGHT_SLOTS; k++)
		for (e = m->fights[k]; e != NULL; e = en) {
			en = e->next;
			do_fight_clear(&e->f);
			free(e);
		}
	if (m->fights != NULL)
		do_fight_clear(&m->scratch);
	vec_free(m->sscratch, (size_t)m->sfull + 1);
	free(m->fights);
	free(m->v);
	free(m->rep);
	free(m->trep);
	memset(m, 0, sizeof(*m));
}

/*
 * x's strike at y at y's full Wounds: taken from m, or worked out and
 * kept there while it holds fewer than DO_STRIKES_KEPT values; *own
 * when it is not kept (the caller frees it). NULL when an expression
 * has no distribution.
 */
static mpq_t *
strike_full(const struct eng_ctx *c, struct do_strikes *m, int x, int y,
    int *own)
{
	int full = full_of(c, y);
	mpq_t *v, **slot = NULL;

	*own = 0;
	if (m != NULL)
		slot = &m->v[(size_t)m->rep[x] * (size_t)m->n +
		    (size_t)m->trep[y]];
	if (slot != NULL && *slot != NULL)
		return *slot;
	v = vec_new((size_t)full + 1);
	if (strike_of(c, x, y, full, 0, v) != 0) {
		vec_free(v, (size_t)full + 1);
		return NULL;
	}
	if (slot != NULL && m->kept + full + 1 <= DO_STRIKES_KEPT) {
		m->kept += (size_t)full + 1;
		*slot = v;
	} else
		*own = 1;
	return v;
}

mpq_t *
do_strike_get(const struct eng_ctx *c, struct do_strikes *m, int x, int y)
{
	mpq_t *v;
	int own;

	vec_free(m->sscratch, (size_t)m->sfull + 1);
	m->sscratch = NULL;
	v = strike_full(c, m, x, y, &own);
	if (own) {
		m->sscratch = v;
		m->sfull = full_of(c, y);
	}
	return v;
}

/*
 * x's strike at y, capped at cap (at most y's full Wounds), into s
 * (zero): the strike at y's full Wounds, capped.
 */
static int
strike_at(const struct eng_ctx *c, struct do_strikes *m, int x, int y, int cap,
    mpq_t *s)
{
	int full = full_of(c, y), k, own;
	mpq_t *v = strike_full(c, m, x, y, &own);

	if (v == NULL)
		return -1;
	for (k = 0; k < cap; k++)
		mpq_set(s[k], v[k]);
	/* The tail summed at cap, or (fewer sums, the same fraction: a
	 * strike's chances add up to 1) 1 less what is below it. */
	if (2 * cap < full) {
		mpq_set_ui(s[cap], 1, 1);
		for (k = 0; k < cap; k++)
			mpq_sub(s[cap], s[cap], v[k]);
	} else
		for (k = cap; k <= full; k++)
			mpq_add(s[cap], s[cap], v[k]);
	if (own)
		vec_free(v, (size_t)full + 1);
	return 0;
}

/*
 * The rounds' order (the file's comment): the places of its cycle, whose
 * side's turn each is (a's at place 0), and who strikes in each as the
 * Combat setting strikes says: the side whose turn it is first, both at
 * once, that side alone, or the higher Initiative of a and b first
 * (-1: no pair, for the count of places alone).
 */
static void
order_of(const struct eng_ctx *c, int a, int b, struct chain *ch)
{
	const struct dt_tables *t = c->fam_data;
	static const int phased[4] = { 0, 1, 1, 0 };
	int p, ia = 0, ib = 0, side;

	if (t->melee == DT_MELEE_ACCUMULATED) {
		ch->np = 1;
		ch->first[0] = AT_ONCE;
		return;
	}
	ch->np = t->turn == DT_TURN_PHASED ? 4 : 2;
	if (a >= 0 && b >= 0) {
		ia = t->units[a].initiative;
		ib = t->units[b].initiative;
	}
	for (p = 0; p < ch->np; p++) {
		side = ch->np == 4 ? phased[p] : p;
		switch (t->strikes) {
		case DT_STRIKES_AT_ONCE:
			ch->first[p] = AT_ONCE;
			break;
		case DT_STRIKES_ONLY:
			ch->first[p] = side ? ONLY_B : ONLY_A;
			break;
		case DT_STRIKES_INITIATIVE:
			ch->first[p] = ia > ib ? FIRST_A :
			    ia < ib            ? FIRST_B :
			                         AT_ONCE;
			break;
		case DT_STRIKES_FIRST:
		default:
			ch->first[p] = side ? FIRST_B : FIRST_A;
			break;
		}
	}
}

/* The chance a round at place p of state (i, j) changes nothing: both
 * strikes take nothing, or the one strike (one side only). */
static void
place_q(const struct chain *ch, int p, int i, int j, mpq_t q)
{
	const mpq_t *sa = ch->dep ? sa_of(ch, i, j) : ch->sa,
	            *sb = ch->dep ? sb_of(ch, i, j) : ch->sb;

	if (ch->first[p] == ONLY_A)
		mpq_set(q, sb[0]);
	else if (ch->first[p] == ONLY_B)
		mpq_set(q, sa[0]);
	else if (!ch->dep)
		mpq_set(q, ch->q);
	else
		mpq_mul(q, sa[0], sb[0]);
}

static inline size_t
at(const struct chain *ch, int p, int i, int j)
{
	return ((size_t)p * ((size_t)ch->wa + 1) + (size_t)i) *
	    ((size_t)ch->wb + 1) +
	    (size_t)j;
}

/* acc += x * y */
static inline void
addmul(mpq_t acc, const mpq_t x, const mpq_t y, mpq_t tmp)
{
	mpq_mul(tmp, x, y);
	mpq_add(acc, acc, tmp);
}

/*
 * row[p][i][j]: b's strike back at a in state (i, j) of place p, summed
 * over the Wounds it takes: sum over k < i of sa[k] v(i - k, j), plus
 * ta[i] v(0, j). col the same for a's strike at b.
 */
static void
sum_row(struct chain *ch, int p, int i, int j, mpq_t tmp)
{
	mpq_t *r = &ch->row[at(ch, p, i, j)];
	const mpq_t *sa = sa_of(ch, i, j);
	int k;

	mpq_mul(*r, ta_of(ch, i, j), ch->v[at(ch, p, 0, j)]);
	for (k = 0; k < i; k++)
		addmul(*r, sa[k], ch->v[at(ch, p, i - k, j)], tmp);
}

static void
sum_col(struct chain *ch, int p, int i, int j, mpq_t tmp)
{
	mpq_t *r = &ch->col[at(ch, p, i, j)];
	const mpq_t *sb = sb_of(ch, i, j);
	int k;

	mpq_mul(*r, tb_of(ch, i, j), ch->v[at(ch, p, i, 0)]);
	for (k = 0; k < j; k++)
		addmul(*r, sb[k], ch->v[at(ch, p, i, j - k)], tmp);
}

/*
 * r: the value of one round at place p of state (i, j) but for the
 * round that changes nothing (q times the next place's value there).
 * n is the next place; cost the round's own worth (1 for rounds).
 */
static void
round_rest(struct chain *ch, int p, int i, int j, int cost, mpq_t r, mpq_t tmp)
{
	int n = (p + 1) % ch->np, k;
	const mpq_t *sa = sa_of(ch, i, j), *sb = sb_of(ch, i, j);
	const __mpq_struct *ta = ta_of(ch, i, j), *tb = tb_of(ch, i, j);
	mpq_t part;

	mpq_init(part);
	mpq_set_ui(r, (unsigned long)cost, 1);
	if (ch->first[p] == ONLY_A || ch->first[p] == ONLY_B) {
		/* One strike, none back. */
		if (ch->first[p] == ONLY_A) {
			addmul(r, tb, ch->v[at(ch, n, i, 0)], tmp);
			for (k = 1; k < j; k++)
				addmul(r, sb[k], ch->v[at(ch, n, i, j - k)],
				    tmp);
		} else {
			addmul(r, ta, ch->v[at(ch, n, 0, j)], tmp);
			for (k = 1; k < i; k++)
				addmul(r, sa[k], ch->v[at(ch, n, i - k, j)],
				    tmp);
		}
	} else if (ch->first[p] == AT_ONCE && ch->dep) {
		/* Both at once with the models of (i, j): every pair of
		 * losses (sa[i], sb[j]: i or more, j or more). */
		int ka, kb;

		for (ka = 0; ka <= i; ka++)
			for (kb = 0; kb <= j; kb++) {
				if (ka == 0 && kb == 0)
					continue;
				mpq_mul(part, sa[ka], sb[kb]);
				addmul(r, part,
				    ch->v[at(ch, n, i - ka, j - kb)], tmp);
			}
	} else if (ch->first[p] == FIRST_B) {
		/* b strikes; if a stands, it strikes back (col). */
		addmul(r, ta, ch->v[at(ch, n, 0, j)], tmp);
		for (k = 1; k < i; k++)
			addmul(r, sa[k], ch->col[at(ch, n, i - k, j)], tmp);
		mpq_mul(part, tb, ch->v[at(ch, n, i, 0)]);
		for (k = 1; k < j; k++)
			addmul(part, sb[k], ch->v[at(ch, n, i, j - k)], tmp);
		addmul(r, sa[0], part, tmp);
	} else {
		/* a strikes (and b at once, or back if it stands): row. */
		if (ch->first[p] == FIRST_A)
			addmul(r, tb, ch->v[at(ch, n, i, 0)], tmp);
		else
			addmul(r, tb, ch->row[at(ch, n, i, 0)], tmp);
		for (k = 1; k < j; k++)
			addmul(r, sb[k], ch->row[at(ch, n, i, j - k)], tmp);
		mpq_mul(part, ta, ch->v[at(ch, n, 0, j)]);
		for (k = 1; k < i; k++)
			addmul(part, sa[k], ch->v[at(ch, n, i - k, j)], tmp);
		addmul(r, sb[0], part, tmp);
	}
	mpq_clear(part);
}

/*
 * State (i, j) at every place: v(p) = r(p) + q v(p + 1) round the
 * cycle, so v(0) = sum q^k r(k) / (1 - q^P), and back from the last
 * place v(p) = r(p) + q v(p + 1).
 */
static void
solve_state(struct chain *ch, int i, int j, int cost, mpq_t tmp)
{
	mpq_t r[4], q[4], num, qk;
	int p;

	mpq_inits(num, qk, NULL);
	/* A round that changes nothing: at each place the same in every
	 * state, or (units of models) this state's. */
	for (p = 0; p < ch->np; p++) {
		mpq_init(r[p]);
		mpq_init(q[p]);
		place_q(ch, p, i, j, q[p]);
		round_rest(ch, p, i, j, cost, r[p], tmp);
	}
	mpq_set_ui(qk, 1, 1);
	for (p = 0; p < ch->np; p++) {
		addmul(num, qk, r[p], tmp);
		mpq_mul(qk, qk, q[p]);
	}
	mpq_set_ui(tmp, 1, 1);
	mpq_sub(qk, tmp, qk);
	mpq_div(ch->v[at(ch, 0, i, j)], num, qk);
	for (p = ch->np - 1; p > 0; p--) {
		mpq_mul(tmp, q[p], ch->v[at(ch, (p + 1) % ch->np, i, j)]);
		mpq_add(ch->v[at(ch, p, i, j)], r[p], tmp);
	}
	for (p = 0; p < ch->np; p++) {
		if (ch->needrow[p])
			sum_row(ch, p, i, j, tmp);
		if (ch->needcol[p])
			sum_col(ch, p, i, j, tmp);
		mpq_clear(r[p]);
		mpq_clear(q[p]);
	}
	mpq_clears(num, qk, NULL);
}

/*
 * One pass over the chain: the value at (wa, wb), place 0, into out.
 * The ends: a removed and b not (v(0, j)), b removed and a not (v(i,
 * 0)), both (v(0, 0)), each 1 or 0 as the pass counts it.
 */
static void
pass(struct chain *ch, int what, mpq_t out)
{
	int p, i, j, cost = what == Q_ROUNDS;
	mpq_t tmp;

	mpq_init(tmp);
	for (p = 0; p < ch->np; p++) {
		for (i = 0; i <= ch->wa; i++)
			mpq_set_ui(ch->v[at(ch, p, i, 0)],
			    i > 0 && what == Q_A_WINS, 1);
		for (j = 1; j <= ch->wb; j++)
			mpq_set_ui(ch->v[at(ch, p, 0, j)], what == Q_B_WINS,
			    1);
	}
	/* The strike back after b is removed at once (accumulated; a
	 * chain of units of models strikes in turns). */
	for (p = 0; p < ch->np && !ch->dep; p++)
		for (i = 1; ch->needrow[p] && i <= ch->wa; i++)
			sum_row(ch, p, i, 0, tmp);
	for (j = 1; j <= ch->wb; j++)
		for (i = 1; i <= ch->wa; i++)
			solve_state(ch, i, j, cost, tmp);
	mpq_set(out, ch->v[at(ch, 0, ch->wa, ch->wb)]);
	mpq_clear(tmp);
}

static void
tails(mpq_t *t, mpq_t *const s, int n)
{
	int k;

	mpq_set(t[n], s[n]);
	for (k = n - 1; k >= 0; k--)
		mpq_add(t[k], t[k + 1], s[k]);
}

/*
 * x's losses (wx Wounds) to y's strike back, into loses (in: y's strike
 * with the models it has at the start): y strikes back only when it
 * stands after x's strike took k of its wy Wounds (first: P(k), the
 * last wy or more), and (units of models, dep) with the models it then
 * has left. Returns 0, or -1 when an expression has no distribution.
 */
static int
strike_back(const struct eng_ctx *c, int y, int x, int wx, int wy,
    const mpq_t *first, mpq_t *loses, int dep)
{
	const struct dt_tables *t = c->fam_data;
	mpq_t *sum = vec_new((size_t)wx + 1), *s = NULL, tmp;
	int k, ky, m, have = -1, rc = 0;

	mpq_init(tmp);
	for (ky = 0; ky < wy && rc == 0; ky++) {
		if (mpq_sgn(first[ky]) == 0)
			continue;
		m = dt_models_left(t, y, wy - ky);
		if (!dep)
			s = loses;
		else if (m != have) {
			vec_free(s, (size_t)wx + 1);
			s = vec_new((size_t)wx + 1);
			rc = strike_of(c, y, x, wx, m, s);
			have = m;
		}
		for (k = 0; k <= wx && rc == 0; k++)
			addmul(sum[k], first[ky], s[k], tmp);
	}
	if (dep)
		vec_free(s, (size_t)wx + 1);
	/* y removed: no strike back. */
	mpq_add(sum[0], sum[0], first[wy]);
	for (k = 0; k <= wx; k++)
		mpq_set(loses[k], sum[k]);
	vec_free(sum, (size_t)wx + 1);
	mpq_clear(tmp);
	return rc;
}

/* One round from the start, at place 0: the Wounds each side loses.
 * Returns 0, or -1 when an expression has no distribution. */
static int
first_round(const struct eng_ctx *c, int a, int b, const struct chain *ch,
    struct do_fight *f)
{
	int k, dep = models_matter(c, a, b);

	f->a_loses = vec_new((size_t)ch->wa + 1);
	f->b_loses = vec_new((size_t)ch->wb + 1);
	for (k = 0; k <= ch->wb; k++)
		mpq_set(f->b_loses[k], ch->sb[k]);
	for (k = 0; k <= ch->wa; k++)
		mpq_set(f->a_loses[k], ch->sa[k]);
	switch (ch->first[0]) {
	case FIRST_A:
		return strike_back(c, b, a, ch->wa, ch->wb, ch->sb, f->a_loses,
		    dep);
	case FIRST_B:
		return strike_back(c, a, b, ch->wb, ch->wa, ch->sa, f->b_loses,
		    dep);
	case ONLY_A:
		for (k = 0; k <= ch->wa; k++)
			mpq_set_ui(f->a_loses[k], k == 0, 1);
		return 0;
	case AT_ONCE:
	default:
		return 0;
	}
}

/* The places of the turns' order of the ruleset of c. */
static int
places(const struct eng_ctx *c)
{
	struct chain ch;

	order_of(c, -1, -1, &ch);
	return ch.np;
}

/*
 * About the bits of the denominators of x's strike at y: each weapon of
 * x that reaches, once for each of its models, its Attacks' dice and each
 * attack's three dice (hit, wound, save), and the Damage summed up to y's
 * Wounds; the melee roll's dice for accumulated hits. The chain's values
 * are sums of products of strikes along the rounds, so their fractions
 * grow with (wa + wb) times this, and each product with their square.
 */
static double
strike_bits(const struct eng_ctx *c, int x, int y)
{
	const struct dt_tables *t = c->fam_data;
	const struct rs_unit *u = &c->rs->units[x];
	double bits = 0, qb = 3 * log2((double)c->rs->die);
	int m = t->units[x].models, extra;
	size_t k;

	if (t->melee == DT_MELEE_ACCUMULATED)
		return dx_total_bits(&t->melee_roll.dx);
	for (k = 0; k < u->nweapons; k++) {
		const struct dt_weapon *w = &t->weapons[u->weapons[k]];

		if (c->wrange[u->weapons[k]] > c->melee_range + 1e-9)
			continue;
		/* Extra hits: each attack's more hits, each with its wound
		 * and save rolls and Damage (dice_volley.c). */
		if (dt_kw_triggers(t, &w->kw, &extra))
			bits += m *
			    (w->attacks.dx.hi > 0 ? w->attacks.dx.hi : 0) *
			    extra * (qb + dx_total_bits(&w->damage.dx));
		bits += m *
		    ((w->attacks.dx.hi > 0 ? w->attacks.dx.hi : 0) * qb +
		        dx_total_bits(&w->attacks.dx));
		bits += full_of(c, y) * dx_total_bits(&w->damage.dx);
	}
	return bits;
}

/* The steps of the chain of a against b from wa and wb Wounds, P wa wb
 * (wa + wb); *limbs (may be NULL) the limbs a value of it may take. */
static double
chain_steps(const struct eng_ctx *c, int a, int b, int wa, int wb,
    double *limbs)
{
	const struct dt_tables *t = c->fam_data;
	double ab = strike_bits(c, a, b), ba = strike_bits(c, b, a),
	       sums = wa + wb;

	if (limbs != NULL)
		*limbs = (wa + wb) * (ab > ba ? ab : ba) / 64;
	/* Strikes at once of units of models: each state sums every pair
	 * of losses, wa wb of them, not wa + wb. */
	if (models_matter(c, a, b) &&
	    (t->strikes == DT_STRIKES_AT_ONCE ||
	        (t->strikes == DT_STRIKES_INITIATIVE &&
	            t->units[a].initiative == t->units[b].initiative)))
		sums = (double)wa * wb;
	return (double)places(c) * wa * wb * sums;
}

double
do_chain_work(const struct eng_ctx *c, int a, int b, int wa, int wb)
{
	double limbs, steps = chain_steps(c, a, b, wa, wb, &limbs);

	return steps * (1 + (limbs / 8) * (limbs / 8));
}

int
do_chain_limit(const struct eng_ctx *c)
{
	const struct dt_tables *t = c->fam_data;
	double work[DO_CHAIN_MAX + 1] = { 0 },
	                           weighed[DO_CHAIN_MAX + 1] = { 0 }, sum = 0,
	                           wsum = 0;
	size_t a, b, n = c->rs->nunits;
	int wa, wb, p, lim = 0;

	/* The work of all pairs by the product of their Wounds, in steps
	 * and weighed by their fractions' size; a pair that alone is past
	 * DO_CHAIN_PAIR is never fought out (do_fight_odds) and counts for
	 * nothing here. Asked about a few unit types (odds A B), theirs. */
	for (a = 0; a < n; a++)
		for (b = 0; b < n; b++) {
			double w;

			if (!dt_in_focus(t, a) || !dt_in_focus(t, b))
				continue;
			wa = full_of(c, (int)a);
			wb = full_of(c, (int)b);
			if (wa * wb > DO_CHAIN_MAX)
				continue;
			w = do_chain_work(c, (int)a, (int)b, wa, wb);
			if (w > DO_CHAIN_PAIR)
				continue;
			work[wa * wb] += chain_steps(c, (int)a, (int)b, wa, wb,
			    NULL);
			weighed[wa * wb] += w;
		}
	/* The largest product whose pairs, with all smaller, fit. */
	for (p = 1; p <= DO_CHAIN_MAX; p++) {
		sum += work[p];
		wsum += weighed[p];
		if (sum > DO_CHAIN_WORK || wsum > DO_CHAIN_WEIGHED)
			return lim;
		if (work[p] > 0)
			lim = p;
	}
	return DO_CHAIN_MAX;
}

/*
 * The strikes of a chain of units of models in every state (chain.va,
 * vb): each of b's numbers of models at each of a's Wounds left, and
 * a's at b's. Returns 0, or -1 when an expression has no distribution.
 */
static int
dep_strikes(const struct eng_ctx *c, int a, int b, struct chain *ch)
{
	const struct dt_tables *t = c->fam_data;
	int i, j, m, na = t->units[a].models, nb = t->units[b].models;

	ch->dep = 1;
	ch->ma = xcalloc((size_t)ch->wa + 1, sizeof(int));
	ch->mb = xcalloc((size_t)ch->wb + 1, sizeof(int));
	for (i = 0; i <= ch->wa; i++)
		ch->ma[i] = dt_models_left(t, a, i);
	for (j = 0; j <= ch->wb; j++)
		ch->mb[j] = dt_models_left(t, b, j);
	ch->va = xcalloc((size_t)(nb + 1) * ((size_t)ch->wa + 1),
	    sizeof(*ch->va));
	ch->vb = xcalloc((size_t)(na + 1) * ((size_t)ch->wb + 1),
	    sizeof(*ch->vb));
	for (j = 1; j <= ch->wb; j++)
		for (i = 1, m = ch->mb[j]; i <= ch->wa; i++) {
			mpq_t **v = &ch->va[m * (ch->wa + 1) + i];

			if (*v != NULL)
				continue;
			*v = vec_new((size_t)i + 1);
			if (strike_of(c, b, a, i, m, *v) != 0)
				return -1;
		}
	for (i = 1; i <= ch->wa; i++)
		for (j = 1, m = ch->ma[i]; j <= ch->wb; j++) {
			mpq_t **v = &ch->vb[m * (ch->wb + 1) + j];

			if (*v != NULL)
				continue;
			*v = vec_new((size_t)j + 1);
			if (strike_of(c, a, b, j, m, *v) != 0)
				return -1;
		}
	/* Every state must be one a round can leave (the chain divides by
	 * 1 - q^P): a unit with a model left strikes as surely as a whole
	 * one can harm, so this holds when the first state's does. */
	for (i = 1; i <= ch->wa; i++)
		for (j = 1; j <= ch->wb; j++)
			if (mpq_cmp_ui(sa_of(ch, i, j)[0], 1, 1) == 0 &&
			    mpq_cmp_ui(sb_of(ch, i, j)[0], 1, 1) == 0)
				return -1;
	return 0;
}

static void
dep_free(struct chain *ch)
{
	size_t k, n;

	if (!ch->dep)
		return;
	n = ((size_t)ch->ma[ch->wa] + 1) * ((size_t)ch->wb + 1);
	for (k = 0; k < n; k++)
		if (ch->vb[k] != NULL)
			vec_free(ch->vb[k], k % ((size_t)ch->wb + 1) + 1);
	n = ((size_t)ch->mb[ch->wb] + 1) * ((size_t)ch->wa + 1);
	for (k = 0; k < n; k++)
		if (ch->va[k] != NULL)
			vec_free(ch->va[k], k % ((size_t)ch->wa + 1) + 1);
	free(ch->va);
	free(ch->vb);
	free(ch->ma);
	free(ch->mb);
}

int
do_fight_odds(const struct eng_ctx *c, int a, int b, int wa, int wb, int limit,
    struct do_strikes *m, struct do_fight *f)
{
	struct chain ch;
	size_t n;
	int rc = -1;

	memset(&ch, 0, sizeof(ch));
	f->wa = ch.wa = wa < 1 ? 1 : wa;
	f->wb = ch.wb = wb < 1 ? 1 : wb;
	order_of(c, a, b, &ch);
	mpq_init(ch.q);
	ch.sa = vec_new((size_t)ch.wa + 1);
	ch.sb = vec_new((size_t)ch.wb + 1);
	/* Units of models strike with the models they have left. */
	if (models_matter(c, a, b)) {
		if (strike_of(c, b, a, ch.wa,
		        dt_models_left(c->fam_data, b, ch.wb), ch.sa) != 0 ||
		    strike_of(c, a, b, ch.wb,
		        dt_models_left(c->fam_data, a, ch.wa), ch.sb) != 0)
			goto out;
	} else if (strike_at(c, m, b, a, ch.wa, ch.sa) != 0 ||
	    strike_at(c, m, a, b, ch.wb, ch.sb) != 0)
		goto out;
	rc = first_round(c, a, b, &ch, f);
	if (rc != 0)
		goto out;
	mpq_mul(ch.q, ch.sa[0], ch.sb[0]);
	f->resolves = mpq_cmp_ui(ch.q, 1, 1) != 0;
	f->chained = f->resolves && (long)ch.wa * ch.wb <= limit;
	/* A pair whose fractions alone would grow past the budget. */
	if (f->chained &&
	    do_chain_work(c, a, b, ch.wa, ch.wb) > DO_CHAIN_PAIR) {
		f->chained = 0;
		f->heavy = 1;
	}
	if (!f->chained)
		goto out;
	if (models_matter(c, a, b) && dep_strikes(c, a, b, &ch) != 0) {
		f->chained = 0;
		rc = -1;
		goto out;
	}
	/* The chain's sums of the strikes' tails. */
	ch.ta = vec_new((size_t)ch.wa + 1);
	ch.tb = vec_new((size_t)ch.wb + 1);
	tails(ch.ta, ch.sa, ch.wa);
	tails(ch.tb, ch.sb, ch.wb);
	for (n = 0; n < (size_t)ch.np; n++) {
		ch.needrow[(n + 1) % ch.np] |= ch.first[n] == FIRST_A ||
		    (ch.first[n] == AT_ONCE && !ch.dep);
		ch.needcol[(n + 1) % ch.np] |= ch.first[n] == FIRST_B;
	}
	n = (size_t)ch.np * ((size_t)ch.wa + 1) * ((size_t)ch.wb + 1);
	ch.v = vec_new(n);
	ch.row = vec_new(n);
	ch.col = vec_new(n);
	pass(&ch, Q_A_WINS, f->a_wins);
	pass(&ch, Q_ROUNDS, f->rounds);
	/* Strikes that take turns cannot remove both (one removed does
	 * not strike back): what a's win leaves is b's. */
	if (ch.first[0] == AT_ONCE)
		pass(&ch, Q_B_WINS, f->b_wins);
	else {
		mpq_set_ui(f->b_wins, 1, 1);
		mpq_sub(f->b_wins, f->b_wins, f->a_wins);
	}
	/* The melee ends for certain: what is left is both removed. */
	mpq_set_ui(f->both, 1, 1);
	mpq_sub(f->both, f->both, f->a_wins);
	mpq_sub(f->both, f->both, f->b_wins);
	vec_free(ch.v, n);
	vec_free(ch.row, n);
	vec_free(ch.col, n);
out:
	dep_free(&ch);
	vec_free(ch.sa, (size_t)ch.wa + 1);
	vec_free(ch.sb, (size_t)ch.wb + 1);
	vec_free(ch.ta, (size_t)ch.wa + 1);
	vec_free(ch.tb, (size_t)ch.wb + 1);
	mpq_clear(ch.q);
	return rc;
}

const struct do_fight *
do_fight_get(const struct eng_ctx *c, int a, int b, int wa, int wb, int limit,
    struct do_strikes *m)
{
	size_t n = (size_t)m->n, sa, sb, h;
	struct do_fight_kept *e;
	int chain, rc;

	wa = wa < 1 ? 1 : wa;
	wb = wb < 1 ? 1 : wb;
	/* b's strike at a, a's at b; f.chained is resolves and this. */
	sa = (size_t)m->rep[b] * n + (size_t)m->trep[a];
	sb = (size_t)m->rep[a] * n + (size_t)m->trep[b];
	chain = (long)wa * wb <= limit;
	h = ((sa * 31u + sb) * 131u + (size_t)wa * 7u + (size_t)wb * 3u +
	        (size_t)chain) &
	    (DO_FIGHT_SLOTS - 1);
	for (e = m->fights[h]; e != NULL; e = e->next)
		if (e->sa == sa && e->sb == sb && e->wa == wa && e->wb == wb &&
		    e->chain == chain)
			return e->rc == 0 ? &e->f : NULL;
	if (m->fkept + (size_t)(wa + wb) + 8 > DO_STRIKES_KEPT) {
		do_fight_clear(&m->scratch);
		do_fight_init(&m->scratch);
		rc = do_fight_odds(c, a, b, wa, wb, limit, m, &m->scratch);
		return rc == 0 ? &m->scratch : NULL;
	}
	e = xcalloc(1, sizeof(*e));
	e->sa = sa;
	e->sb = sb;
	e->wa = wa;
	e->wb = wb;
	e->chain = chain;
	do_fight_init(&e->f);
	e->rc = do_fight_odds(c, a, b, wa, wb, limit, m, &e->f);
	m->fkept += (size_t)(wa + wb) + 8;
	e->next = m->fights[h];
	m->fights[h] = e;
	return e->rc == 0 ? &e->f : NULL;
}
