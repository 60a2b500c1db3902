/*
 * dice_odds.c: the exact odds of the dice family, as GMP rationals
 * (dice_odds.h). Shooting: one attack hits, wounds and is not saved
 * (the steps multiply, each a roll on the game's die); a volley makes
 * Attacks such attacks, each unsaved one taking Damage, and the damage
 * of the volley is capped at the target's Wounds, since a unit cannot
 * lose more than it has: its last entry is the chance the volley
 * removes the target. Accumulated shooting: the Attacks rolled are the
 * hits, one wound each. Melee by opposed roll: both roll the melee roll
 * plus their Combat factor against the other's class (dx_opposed());
 * by accumulated hits or the pipeline: the melee fought to its end
 * (dice_melee.c).
 *
 * From these: the fire and melee entries of eng_odds (the generic odds
 * panels and heat maps), the family's own tables (sheet and report),
 * the `sandtable odds` document and the findings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dice_odds.h"

void
do_fire_init(struct do_fire *f)
{
	memset(f, 0, sizeof(*f));
	mpq_inits(f->p_hit, f->p_wound, f->p_unsaved, f->p_attack, f->expected,
	    NULL);
}

void
do_fire_clear(struct do_fire *f)
{
	if (f->own)
		do_volley_free(f->v);
	mpq_clears(f->p_hit, f->p_wound, f->p_unsaved, f->p_attack,
	    f->expected, NULL);
	memset(f, 0, sizeof(*f));
}

/* The chance of rolling face or more on a die of n faces, into q;
 * face 0 or less needs no roll (1), a face above the die cannot be
 * rolled (0). */
static void
p_roll(mpq_t q, int face, int n)
{
	if (face <= 1)
		mpq_set_ui(q, 1, 1);
	else if (face > n)
		mpq_set_ui(q, 0, 1);
	else {
		mpq_set_ui(q, (unsigned long)(n - face + 1), (unsigned long)n);
		mpq_canonicalize(q);
	}
}

static int
index_of(const int *v, int n, int x)
{
	int i;

	for (i = 0; i < n; i++)
		if (v[i] == x)
			return i;
	return -1;
}

/* The chances of each result of a step's roll into p: a roll without
 * keywords as before them (a face of need or more, need 1 or less
 * always), else as dt_roll_odds() reckons it. */
static void
step_odds(const struct ruleset *rs, const struct dt_roll *r,
    mpq_t p[DT_ROLL__N])
{
	int k;

	for (k = 0; k < DT_ROLL__N; k++)
		mpq_set_ui(p[k], 0, 1);
	if (r->keyed) {
		dt_roll_odds(r, rs->die, p);
		return;
	}
	p_roll(p[DT_ROLL_PLAIN], r->need, rs->die);
	mpq_set_ui(p[DT_ROLL_FAIL], 1, 1);
	mpq_sub(p[DT_ROLL_FAIL], p[DT_ROLL_FAIL], p[DT_ROLL_PLAIN]);
}

void
do_shape_init(struct do_shape *sh)
{
	int k;

	memset(sh, 0, sizeof(*sh));
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_init(sh->hit[k]);
	mpq_inits(sh->go[0], sh->go[1], sh->go[2], sh->mortal, NULL);
}

void
do_shape_clear(struct do_shape *sh)
{
	int k;

	for (k = 0; k < DT_ROLL__N; k++)
		mpq_clear(sh->hit[k]);
	mpq_clears(sh->go[0], sh->go[1], sh->go[2], sh->mortal, NULL);
	memset(sh, 0, sizeof(*sh));
}

/*
 * The attack's triggers into sh (initialised) from its to hit results h
 * and wound results wd, f's unsaved chance, the rolls hr and wr (wr:
 * the wound roll's when one is made): sh->on when an
 * extra hit or a mortal wound can come of it. A Wound table "-" lets
 * nothing through, mortal wounds neither.
 */
static void
attack_shape(mpq_t h[DT_ROLL__N], mpq_t wd[DT_ROLL__N],
    const struct do_fire *f, const struct dt_roll *hr,
    const struct dt_roll *wr, struct do_shape *sh)
{
	int k;

	for (k = 0; k < DT_ROLL__N; k++)
		mpq_set(sh->hit[k], h[k]);
	/* A plain hit rolls to wound (plain, or a wound of no save, or
	 * mortal wounds), then a plain wound is saved or not. */
	mpq_add(sh->go[0], wd[DT_ROLL_PLAIN], wd[DT_ROLL_WOUNDS]);
	mpq_mul(sh->go[0], sh->go[0], f->p_unsaved);
	mpq_add(sh->go[0], sh->go[0], wd[DT_ROLL_NO_SAVE]);
	mpq_set(sh->go[1], f->p_unsaved);
	mpq_set_ui(sh->go[2], 1, 1);
	mpq_set(sh->mortal, wd[DT_ROLL_MORTAL]);
	sh->extra = hr->extra_n;
	sh->mortal_hit = hr->mortal_n;
	sh->mortal_wound = mpq_sgn(wd[DT_ROLL_MORTAL]) ? wr->mortal_n : 0;
	sh->on = !f->cannot_wound &&
	    (mpq_sgn(h[DT_ROLL_MORTAL]) || mpq_sgn(h[DT_ROLL_PLAIN_X]) ||
	        mpq_sgn(h[DT_ROLL_WOUNDS_X]) ||
	        mpq_sgn(h[DT_ROLL_NO_SAVE_X]) || mpq_sgn(sh->mortal));
}

void
do_shape_p_attack(const struct do_shape *sh, const mpq_t pos, mpq_t out)
{
	mpq_t z[3], x, zp;
	int c, e;

	mpq_inits(z[0], z[1], z[2], x, zp, NULL);
	/* z[c]: a hit that goes on as c takes nothing (no unsaved wound
	 * of Damage 1 or more, no mortal wounds). */
	for (c = 0; c < 3; c++) {
		mpq_mul(x, sh->go[c], pos);
		mpq_set_ui(z[c], 1, 1);
		mpq_sub(z[c], z[c], x);
	}
	mpq_sub(z[0], z[0], sh->mortal);
	/* zp = z[0]^extra: every extra hit takes nothing. */
	mpq_set_ui(zp, 1, 1);
	for (e = 0; e < sh->extra; e++)
		mpq_mul(zp, zp, z[0]);
	mpq_set(out, sh->hit[DT_ROLL_FAIL]);
	for (c = 0; c < 3; c++) {
		mpq_mul(x, sh->hit[DT_ROLL_PLAIN + c], z[c]);
		mpq_add(out, out, x);
		mpq_mul(x, sh->hit[DT_ROLL_PLAIN_X + c], z[c]);
		mpq_mul(x, x, zp);
		mpq_add(out, out, x);
	}
	mpq_set_ui(x, 1, 1);
	mpq_sub(out, x, out);
	mpq_clears(z[0], z[1], z[2], x, zp, NULL);
}

/*
 * The steps of one attack into f, and the chance q it gets through:
 * to hit ("-" or none written hits always), to wound (no Wound table,
 * or no Strength or Toughness: wounds always; a "-" cell never), and
 * the save failed (the Save made worse by AP; none, or worse than the
 * die can roll, always fails), each with the keywords that act on it
 * (dice_keywords.c): a hit that wounds without a roll skips the wound
 * roll, one that cannot be saved skips the save (and, on a to hit roll,
 * the wound roll too); a "-" cell wounds never, whatever the hit.
 */
static void
attack_steps(const struct ruleset *rs, const struct dt_tables *t,
    const struct dt_weapon *w, const struct dt_unit *u, int mod, unsigned hw,
    unsigned sw, uint64_t ma, uint64_t mb, struct do_fire *f, mpq_t q,
    struct do_shape *sh)
{
	struct dt_roll hr, wr;
	mpq_t h[DT_ROLL__N], wd[DT_ROLL__N], sv[DT_ROLL__N], x;
	struct dt_roll r;
	int si, ti, need, k;

	for (k = 0; k < DT_ROLL__N; k++)
		mpq_inits(h[k], wd[k], sv[k], NULL);
	mpq_init(x);
	/* A modifier makes the face needed that much lower; "-" hits. */
	memset(&hr, 0, sizeof(hr));
	memset(&wr, 0, sizeof(wr));
	if (w->to_hit > 0) {
		dt_roll_make(t, DT_STEP_HIT, w->to_hit, mod, &w->kw, hw, 0, ma,
		    &hr);
		step_odds(rs, &hr, h);
	} else
		mpq_set_ui(h[DT_ROLL_PLAIN], 1, 1);
	mpq_set_ui(wd[DT_ROLL_PLAIN], 1, 1);
	if (t->wound_given && w->strength >= 0 && u->toughness >= 0 &&
	    (si = index_of(t->str, t->nstr, w->strength)) >= 0 &&
	    (ti = index_of(t->tough, t->ntough, u->toughness)) >= 0) {
		need = t->need[si][ti];
		if (need <= 0) {
			/* "-" (a hole is an error when read). */
			mpq_set_ui(wd[DT_ROLL_PLAIN], 0, 1);
			f->cannot_wound = 1;
		} else {
			dt_roll_make(t, DT_STEP_WOUND, need, 0, &w->kw, hw, 0,
			    ma, &wr);
			step_odds(rs, &wr, wd);
		}
	}
	if (u->save > 0) {
		dt_roll_make(t, DT_STEP_SAVE, u->save + w->ap, 0, &u->kw, sw,
		    0, mb, &r);
		if (dt_roll_rolls(&r, rs->die))
			step_odds(rs, &r, sv);
		else
			mpq_set_ui(sv[DT_ROLL_FAIL], 1, 1);
	} else
		mpq_set_ui(sv[DT_ROLL_FAIL], 1, 1);
	/* The steps as the products show them: a hit, a wound, a save
	 * failed, whatever the keywords make of them. */
	mpq_set_ui(f->p_hit, 1, 1);
	mpq_sub(f->p_hit, f->p_hit, h[DT_ROLL_FAIL]);
	mpq_set_ui(f->p_wound, 1, 1);
	mpq_sub(f->p_wound, f->p_wound, wd[DT_ROLL_FAIL]);
	if (f->cannot_wound)
		mpq_set_ui(f->p_wound, 0, 1);
	mpq_set(f->p_unsaved, sv[DT_ROLL_FAIL]);
	/* q = hit plain x (wound plain or wounds x unsaved + wound no
	 * save) + hit wounds x unsaved + hit no save; nothing gets
	 * through a "-" cell. */
	mpq_add(x, wd[DT_ROLL_PLAIN], wd[DT_ROLL_WOUNDS]);
	mpq_mul(x, x, f->p_unsaved);
	mpq_add(x, x, wd[DT_ROLL_NO_SAVE]);
	mpq_mul(q, h[DT_ROLL_PLAIN], x);
	mpq_mul(x, h[DT_ROLL_WOUNDS], f->p_unsaved);
	mpq_add(q, q, x);
	mpq_add(q, q, h[DT_ROLL_NO_SAVE]);
	if (f->cannot_wound)
		mpq_set_ui(q, 0, 1);
	if (sh != NULL)
		attack_shape(h, wd, f, &hr, &wr, sh);
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_clears(h[k], wd[k], sv[k], NULL);
	mpq_clear(x);
}

double
do_attack_chance(const struct ruleset *rs, const struct dt_tables *t, int wi,
    int target)
{
	struct do_fire f;
	mpq_t q;
	double v;

	do_fire_init(&f);
	mpq_init(q);
	attack_steps(rs, t, &t->weapons[wi], &t->units[target], 0, 0, 0, 0, 0,
	    &f, q, NULL);
	v = mpq_get_d(q);
	mpq_clear(q);
	do_fire_clear(&f);
	return v;
}

double
do_attack_mean(const struct ruleset *rs, const struct dt_tables *t, int wi,
    int target, double dmg)
{
	struct do_shape sh;
	struct do_fire f;
	double v, go[3], hits;
	int c;
	mpq_t q;

	do_fire_init(&f);
	do_shape_init(&sh);
	mpq_init(q);
	attack_steps(rs, t, &t->weapons[wi], &t->units[target], 0, 0, 0, 0, 0,
	    &f, q, &sh);
	v = mpq_get_d(q) * dmg;
	if (sh.on) {
		/* Each hit that goes on: its unsaved wound's Damage, or its
		 * mortal wounds; a hit with extra hits, as many more plain
		 * ones; mortal wounds on the to hit roll. */
		for (c = 0; c < 3; c++)
			go[c] = mpq_get_d(sh.go[c]) * dmg;
		go[0] += mpq_get_d(sh.mortal) * sh.mortal_wound;
		v = mpq_get_d(sh.hit[DT_ROLL_MORTAL]) * sh.mortal_hit;
		for (c = 0; c < 3; c++) {
			hits = mpq_get_d(sh.hit[DT_ROLL_PLAIN_X + c]);
			v += mpq_get_d(sh.hit[DT_ROLL_PLAIN + c]) * go[c] +
			    hits * (go[c] + sh.extra * go[0]);
		}
	}
	mpq_clear(q);
	do_shape_clear(&sh);
	do_fire_clear(&f);
	return v;
}

/*
 * The steps of one attack: to hit, to wound and the save failed
 * multiply to the chance q it gets through; it takes a Wound when its
 * Damage also rolls 1 or more. Accumulated shooting: "one attack" is
 * one hit.
 */
int
do_fire_steps(const struct ruleset *rs, const struct dt_tables *t, int wi,
    int target, int mod, struct do_fire *f)
{
	const struct dt_weapon *w = &t->weapons[wi];
	const struct dt_unit *u = &t->units[target];
	struct do_shape sh;
	int rc = 0;
	mpq_t x;

	f->wounds = u->wounds > 0 ? u->wounds : 1;
	mpq_init(x);
	if (do_p_positive(t, &w->attacks.dx, x) != 0)
		rc = -1;
	else if (t->shooting == DT_SHOOT_ACCUMULATED) {
		mpq_set_ui(f->p_hit, 1, 1);
		mpq_set_ui(f->p_wound, 1, 1);
		mpq_set_ui(f->p_unsaved, 1, 1);
		mpq_set_ui(f->p_attack, 1, 1);
	} else {
		do_shape_init(&sh);
		attack_steps(rs, t, w, u, mod, 0, 0, 0, 0, f, f->p_attack,
		    &sh);
		if (do_p_positive(t, &w->damage.dx, x) != 0)
			rc = -1;
		if (sh.on)
			do_shape_p_attack(&sh, x, f->p_attack);
		else
			mpq_mul(f->p_attack, f->p_attack, x);
		do_shape_clear(&sh);
	}
	mpq_clear(x);
	return rc;
}

/* The volley (dice_volley.c) with the steps of one attack, the
 * shooter carrying the markers ma and the target mb (DT_MK_COUNT). */
static int
fire_odds_marked(const struct ruleset *rs, const struct dt_tables *t, int wi,
    int target, int situation, int left, int models, uint64_t ma, uint64_t mb,
    struct do_fire *f)
{
	/* The To hit modifier, and the conditions of the attacks' rolls
	 * and of the target's saves (0: in the open). */
	int mod = DT_SITUATION_MOD(situation);
	unsigned hw = DT_SITUATION_HIT(situation),
	         sw = DT_SITUATION_SAVE(situation);
	const struct dt_weapon *w = &t->weapons[wi];
	const struct dt_unit *u = &t->units[target];
	int accumulated = t->shooting == DT_SHOOT_ACCUMULATED, half = 0, cap,
	    wpm;
	struct do_shape sh;
	mpq_t q;

	/* A unit of no Wounds written is one that a single wound removes;
	 * a wounded one has only its Wounds left to lose. */
	cap = u->wounds > 0 ? u->wounds : 1;
	if (left > 0 && left < cap)
		cap = left;
	f->wounds = cap;
	mpq_init(q);
	do_shape_init(&sh);
	if (accumulated) {
		mpq_set_ui(f->p_hit, 1, 1);
		mpq_set_ui(f->p_wound, 1, 1);
		mpq_set_ui(f->p_unsaved, 1, 1);
		mpq_set_ui(f->p_attack, 1, 1);
		half = t->half_hits >> rs_class_slot(&rs->units[target]) & 1;
	} else
		attack_steps(rs, t, w, u, mod, hw, sw, ma, mb, f, q, &sh);
	/* A model's excess damage lost matters with several models and a
	 * Damage above 1. */
	wpm = !t->excess_spills && u->models > 1 && u->wpm >= 1 &&
	        w->damage.dx.hi > 1 ?
	    u->wpm :
	    0;
	f->v = do_volley_get(t, w, models, accumulated, q, sh.on ? &sh : NULL,
	    mod, half, cap, wpm, &f->own);
	do_shape_clear(&sh);
	if (f->v != NULL) {
		f->damage = (const mpq_t *)f->v->p;
		mpq_set(f->expected, f->v->mean);
		mpq_set(f->p_attack, f->v->p_attack);
	}
	mpq_clear(q);
	return f->v != NULL ? 0 : -1;
}

int
do_fire_odds(const struct ruleset *rs, const struct dt_tables *t, int wi,
    int target, int situation, int left, int models, struct do_fire *f)
{
	return fire_odds_marked(rs, t, wi, target, situation, left, models, 0,
	    0, f);
}

int
do_factor(const struct dt_tables *t, const struct ruleset *rs, int unit,
    int enemy)
{
	int f = t->units[unit].combat[rs_class_slot(&rs->units[enemy])];

	return f < 0 ? 0 : f;
}

void
do_opposed(const struct dx_dist *roll, int fa, int fb, struct dx_opposed *o)
{
	/* Each side's total is the roll moved by its factor: the same
	 * chances at other values, so the roll's arrays are shared. */
	struct dx_dist x = *roll, y = *roll;

	x.lo += fa;
	x.hi += fa;
	y.lo += fb;
	y.hi += fb;
	dx_opposed(&x, &y, 2, o);
}

void
do_melee_odds(const struct ruleset *rs, const struct dt_tables *t,
    const struct dx_dist *roll, int a, int b, struct dx_opposed *o)
{
	do_opposed(roll, do_factor(t, rs, a, b), do_factor(t, rs, b, a), o);
}

/* ---- the hooks ---- */

static char *
q_text(const mpq_t x)
{
	char *s = mpq_get_str(NULL, 10, x), *r = xstrdup(s);
	void (*gfree)(void *, size_t);

	mp_get_memory_functions(NULL, NULL, &gfree);
	gfree(s, strlen(s) + 1);
	return r;
}

static const struct dt_tables *
tables_of(const struct eng_ctx *c)
{
	return c->fam_data;
}

static int
name_ok(const char *filter, const char *name)
{
	return filter == NULL || strcasecmp(filter, name) == 0;
}

/* Whether the melee is an opposed roll whose roll has a distribution. */
static int
melee_roll(const struct dt_tables *t)
{
	return t->melee == DT_MELEE_OPPOSED &&
	    do_dist(t, &t->melee_roll.dx) != NULL;
}

/* One opposed roll of a against b, kept by the memo. */
static const struct dx_opposed *
pair_odds(const struct ruleset *rs, const struct dt_tables *t, int a, int b)
{
	return do_opposed_pair(t, do_factor(t, rs, a, b),
	    do_factor(t, rs, b, a));
}

/* A unit type's Wounds: none written is one a single wound removes. */
static int
full_wounds(const struct dt_tables *t, int u)
{
	return t->units[u].wounds > 0 ? t->units[u].wounds : 1;
}

/* Whether neither a's strike at b nor b's at a can take a Wound: the
 * melee never ends. -1 when an expression has no distribution. */
static int
never_ends(const struct eng_ctx *c, struct do_strikes *m, int a, int b)
{
	mpq_t *s;
	int ab;

	if ((s = do_strike_get(c, m, a, b)) == NULL)
		return -1;
	ab = mpq_cmp_ui(s[0], 1, 1) == 0;
	if ((s = do_strike_get(c, m, b, a)) == NULL)
		return -1;
	return ab && mpq_cmp_ui(s[0], 1, 1) == 0;
}

/*
 * The melee entries of a melee by accumulated hits or the pipeline: each
 * pair fought to its end from full Wounds. A pair over the chain's limit
 * (DO_CHAIN_MAX) has no entry: its first round is in the odds document.
 */
static void
fights_odds(const struct eng_ctx *c, struct eng_odds *o)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	struct eng_odds_melee *me;
	const struct do_fight *f;
	struct do_strikes m;
	int a, b, lim = do_chain_limit(c);

	do_strikes_init(&m, c);
	for (a = 0; a < (int)rs->nunits; a++)
		for (b = 0; b < (int)rs->nunits; b++) {
			/* Over the limit only a melee that never ends has an
			 * entry (its chances 0): its strikes tell. */
			if ((long)full_wounds(t, a) * full_wounds(t, b) >
			    lim) {
				if (never_ends(c, &m, a, b) == 1)
					eng_odds_add_melee(o, a, b, "contact");
				continue;
			}
			f = do_fight_get(c, a, b, full_wounds(t, a),
			    full_wounds(t, b), lim, &m);
			if (f == NULL || (!f->chained && f->resolves))
				continue;
			/* No factors: the strikes are the odds. */
			me = eng_odds_add_melee(o, a, b, "contact");
			eng_q_set_mpq(&me->attacker_wins, f->a_wins);
			eng_q_set_mpq(&me->defender_wins, f->b_wins);
			eng_q_set_mpq(&me->both_destroyed, f->both);
			eng_q_set_mpq(&me->expected_rolls, f->rounds);
			me->resolves = f->resolves;
		}
	do_strikes_clear(&m);
}

/* prof[b]: the first unit type with b's Toughness and Save. */
static size_t *
target_profiles(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t *prof = xcalloc(rs->nunits + 1, sizeof(size_t)), b, z;

	for (b = 0; b < rs->nunits; b++)
		for (prof[b] = b, z = 0; z < b; z++)
			if (prof[z] == z &&
			    t->units[z].toughness == t->units[b].toughness &&
			    t->units[z].save == t->units[b].save) {
				prof[b] = z;
				break;
			}
	return prof;
}

/* One attack of a weapon at a target profile, worked out once. */
struct fire_step {
	int have, rc;
	mpq_t p; /* initialised when have */
};

static int
fire_step(const struct ruleset *rs, const struct dt_tables *t, int wi,
    size_t target, struct fire_step *st)
{
	struct do_fire f;

	if (!st->have) {
		do_fire_init(&f);
		st->rc = do_fire_steps(rs, t, wi, (int)target, 0, &f);
		mpq_init(st->p);
		if (st->rc == 0)
			mpq_set(st->p, f.p_attack);
		do_fire_clear(&f);
		st->have = 1;
	}
	return st->rc;
}

void
do_odds(const struct eng_ctx *c, struct eng_odds *o)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	struct eng_odds_melee *me;
	const struct dx_opposed *op;
	struct fire_step *st, *sp;
	size_t a, k, b, *prof, nst = rs->nweapons * rs->nunits;
	int wi;

	memset(o, 0, sizeof(*o));
	/* One attack's chance depends on the target's Toughness and Save
	 * only: each weapon's once for each such pair. */
	prof = target_profiles(rs, t);
	st = xcalloc(nst + 1, sizeof(*st));
	for (a = 0; t->shooting != DT_SHOOT_NONE && a < rs->nunits; a++)
		for (k = 0; k < rs->units[a].nweapons; k++)
			for (b = 0; b < rs->nunits; b++) {
				wi = rs->units[a].weapons[k];
				sp = &st[(size_t)wi * rs->nunits + prof[b]];
				if (fire_step(rs, t, wi, prof[b], sp) == 0)
					eng_q_set_mpq(&eng_odds_add_fire(o,
					                  (int)a, wi, (int)b)
					                   ->p_hit,
					    sp->p);
			}
	for (k = 0; k < nst; k++)
		if (st[k].have)
			mpq_clear(st[k].p);
	free(st);
	free(prof);
	if (t->melee != DT_MELEE_OPPOSED) {
		fights_odds(c, o);
		return;
	}
	if (!melee_roll(t))
		return;
	for (a = 0; a < rs->nunits; a++)
		for (b = 0; b < rs->nunits; b++) {
			op = pair_odds(rs, t, (int)a, (int)b);
			me = eng_odds_add_melee(o, (int)a, (int)b, "contact");
			me->powers = 1;
			me->a_power = do_factor(t, rs, (int)a, (int)b);
			me->d_power = do_factor(t, rs, (int)b, (int)a);
			eng_q_set_mpq(&me->attacker_wins, op->a_wins);
			eng_q_set_mpq(&me->defender_wins, op->b_wins);
			/* One roll settles it, a tie included: the Melee
			 * outcomes table says what equal totals do. */
			eng_q_set_si(&me->expected_rolls, 1, 1);
			me->resolves = mpq_cmp_ui(op->tie, 1, 1) != 0;
		}
}

/* A test game's odds of a melee by accumulated hits or the pipeline:
 * from the Wounds the units had left when it began. The chain has no
 * Melee modifiers (they would change from round to round: a charge
 * counts once, below half only later), so a melee fought with some has
 * no odds here. */
static int
fight_contest(const struct eng_game *g, const struct eng_contest *c,
    const char *key, struct eng_q *q)
{
	const struct dt_tables *t = tables_of(g->ctx);
	const struct dp_state *st = (const void *)g->fam_state;
	int ta = g->u[c->a].type, tb = g->u[c->b].type, rc = 0;
	struct do_fight f;

	if (c->a_power != 0 || c->b_power != 0)
		return -1;

	do_fight_init(&f);
	if (do_fight_odds(g->ctx, ta, tb, full_wounds(t, ta) - st->taken_a,
	        full_wounds(t, tb) - st->taken_b, do_chain_limit(g->ctx), NULL,
	        &f) != 0 ||
	    !f.chained)
		rc = -1;
	else if (!strcmp(key, "attacker_wins"))
		eng_q_set_mpq(q, f.a_wins);
	else if (!strcmp(key, "defender_wins"))
		eng_q_set_mpq(q, f.b_wins);
	else if (!strcmp(key, "both_destroyed"))
		eng_q_set_mpq(q, f.both);
	else if (!strcmp(key, "expected_rounds"))
		eng_q_set_mpq(q, f.rounds);
	else
		rc = -1;
	do_fight_clear(&f);
	return rc;
}

static const char *const mr_keys[4];

/*
 * Whether markers change the rolls of the melee whose odds key asks
 * for, which its odds leave out: by the pipeline a keyword that counts
 * a marker on a to hit, to wound or save roll, either unit carrying one
 * when it began or a strike placing one (wounded); an opposed melee's
 * outcome (mr_keys) with such a keyword on a test, either carrying one
 * or a failed test placing one. An opposed roll itself reads none.
 */
static int
melee_marked(const struct dt_tables *t, const struct dp_state *st,
    const char *key)
{
	unsigned roll = 1u << DT_STEP_HIT | 1u << DT_STEP_WOUND |
	    1u << DT_STEP_SAVE;
	int k;

	if (t->melee == DT_MELEE_PIPELINE)
		return (t->mk_read & roll) &&
		    ((st->mk_a | st->mk_b) != 0 ||
		        (t->mk_placed & DT_MK_WOUNDED));
	if (t->melee != DT_MELEE_OPPOSED || !(t->mk_read & 1u << DT_STEP_TEST))
		return 0;
	for (k = 0; k < 4 && strcmp(key, mr_keys[k]) != 0; k++)
		;
	return k < 4 &&
	    ((st->mk_a | st->mk_b) != 0 || (t->mk_placed & DT_MK_FAILED_TEST));
}

static void melee_result(const struct ruleset *, const struct dt_tables *,
    int a, int d, int fa, int fd, mpq_t v[4]);

/*
 * A test game's odds: expectations, from the contest the play code
 * recorded: a and b are the game's units, weapon the weapon (fire);
 * a_power and b_power each side's factor in the opposed roll, its
 * modifiers included (melee). A volley's odds are against the Wounds
 * the target had left, with the volley's modifiers (situation): p_hit
 * (or p_wound_per_attack), p_removed, expected_damage; a melee's attacker_wins, defender_wins,
 * attacker_double, defender_double, equal, both_destroyed (0: one
 * roll); by accumulated hits or the pipeline, the melee to its end from
 * the Wounds each had left when it began: attacker_wins, defender_wins,
 * both_destroyed, expected_rounds. Returns 0, or -1 for a key it does
 * not know.
 */
int
do_contest_odds(const struct eng_game *g, const struct eng_contest *c,
    const char *key, struct eng_q *q)
{
	const struct ruleset *rs = g->ctx->rs;
	const struct dt_tables *t = tables_of(g->ctx);
	const struct dp_state *st = (const void *)g->fam_state;
	const struct dx_opposed *op;
	struct do_fire f;
	int rc = 0;

	if (c->kind == 1) {
		do_fire_init(&f);
		/* Against the Wounds the target had left when it was
		 * shot at, with the volley's modifiers. */
		if (fire_odds_marked(rs, t, c->weapon, g->u[c->b].type,
		        c->situation,
		        full_wounds(t, g->u[c->b].type) - st->taken_b,
		        dt_models_left(t, g->u[c->a].type,
		            full_wounds(t, g->u[c->a].type) - st->taken_a),
		        st->mk_a, st->mk_b, &f) != 0)
			rc = -1;
		else if (!strcmp(key, "p_hit") ||
		    !strcmp(key, "p_wound_per_attack"))
			eng_q_set_mpq(q, f.p_attack);
		else if (!strcmp(key, "p_removed"))
			eng_q_set_mpq(q, f.damage[f.wounds]);
		else if (!strcmp(key, "expected_damage"))
			eng_q_set_mpq(q, f.expected);
		else
			rc = -1;
		do_fire_clear(&f);
		return rc;
	}
	if (c->kind == 2 && melee_marked(t, st, key))
		return ENG_ODDS_MARKERS;
	if (c->kind == 2 && t->melee != DT_MELEE_OPPOSED)
		return fight_contest(g, c, key, q);
	if (c->kind != 2 || !melee_roll(t))
		return -1;
	op = do_opposed_pair(t, c->a_power, c->b_power);
	if (!strcmp(key, "attacker_wins"))
		eng_q_set_mpq(q, op->a_wins);
	else if (!strcmp(key, "defender_wins"))
		eng_q_set_mpq(q, op->b_wins);
	else if (!strcmp(key, "attacker_double"))
		eng_q_set_mpq(q, op->a_mult);
	else if (!strcmp(key, "defender_double"))
		eng_q_set_mpq(q, op->b_mult);
	else if (!strcmp(key, "equal"))
		eng_q_set_mpq(q, op->tie);
	else if (!strcmp(key, "both_destroyed"))
		eng_q_set_si(q, 0, 1);
	else {
		/* What the melee does, as the Melee outcomes table plays
		 * it from the contest's factors. */
		mpq_t v[4];
		int k;

		rc = -1;
		for (k = 0; k < 4; k++)
			mpq_init(v[k]);
		for (k = 0; k < 4 && strcmp(key, mr_keys[k]) != 0; k++)
			;
		if (k < 4) {
			melee_result(rs, t, g->u[c->a].type, g->u[c->b].type,
			    c->a_power, c->b_power, v);
			eng_q_set_mpq(q, v[k]);
			rc = 0;
		}
		for (k = 0; k < 4; k++)
			mpq_clear(v[k]);
	}
	return rc;
}

/* Whether an outcome removes the unit it befalls. */
static int
destroys(const struct dt_outcome *out)
{
	int k;

	for (k = 0; out->given && k < out->nfx; k++)
		if (out->fx[k].kind == DT_FX_DESTROYED ||
		    out->fx[k].kind == DT_FX_ROUT)
			return 1;
	return 0;
}

/* Whether a weapon's volleys at a unit type can never take a Wound,
 * worked out once for each target profile. */
struct harm {
	int have, rc, harmless, cannot_wound;
};

static void
harm_of(const struct ruleset *rs, const struct dt_tables *t, int wi, size_t b,
    struct harm *h)
{
	struct do_fire f;
	mpq_t x;

	/* No damage for certain (the volley's P(0) is 1): no attack can
	 * take a Wound, or there is no attack. By the pipeline that is
	 * told without the volley. */
	do_fire_init(&f);
	mpq_init(x);
	if (t->shooting == DT_SHOOT_ACCUMULATED) {
		h->rc = do_fire_odds(rs, t, wi, (int)b, 0, 0, 1, &f);
		h->harmless = h->rc == 0 && mpq_cmp_ui(f.damage[0], 1, 1) == 0;
	} else {
		h->rc = do_fire_steps(rs, t, wi, (int)b, 0, &f);
		h->harmless = h->rc == 0 &&
		    (mpq_sgn(f.p_attack) == 0 ||
		        (do_p_positive(t, &t->weapons[wi].attacks.dx, x) ==
		                0 &&
		            mpq_sgn(x) == 0));
	}
	h->cannot_wound = f.cannot_wound;
	h->have = 1;
	mpq_clear(x);
	do_fire_clear(&f);
}

/* A note that a weapon can never harm some unit types, for one reason:
 * the first unit type that carries it, the targets in order. */
struct harm_note {
	size_t wi, a;
	int cannot_wound;
	size_t *b, nb;
};
struct harm_notes {
	struct harm_note *v;
	size_t n, cap;
	size_t *of; /* [wi * 2 + cannot_wound]: note + 1; 0 none */
};

/*
 * One volley's findings: a target it can never harm is noted (a weapon
 * too light for some armour is a choice designers make), and a volley
 * that can take a wound marks it removable (lost Wounds are never
 * regained, so volleys enough remove it). told: the (weapon, target)
 * pairs already noted; h: the weapon's harm at the target's profile.
 */
static void
fire_finding(const struct ruleset *rs, const struct dt_tables *t, size_t a,
    int wi, size_t b, struct harm *h, unsigned char *told,
    unsigned char *removable, struct harm_notes *hn)
{
	size_t at = (size_t)wi * rs->nunits + b, *k;
	struct harm_note x, *e;

	if (!h->have)
		harm_of(rs, t, wi, b, h);
	if (h->rc != 0)
		return;
	if (!h->harmless)
		removable[b] = 1;
	if (!h->harmless || told[at])
		return;
	told[at] = 1;
	k = &hn->of[(size_t)wi * 2 + (h->cannot_wound != 0)];
	if (*k == 0) {
		memset(&x, 0, sizeof(x));
		x.wi = (size_t)wi;
		x.a = a;
		x.cannot_wound = h->cannot_wound != 0;
		x.b = xcalloc(rs->nunits + 1, sizeof(size_t));
		XPUSH(hn->v, hn->n, hn->cap, x);
		*k = hn->n;
	}
	e = &hn->v[*k - 1];
	e->b[e->nb++] = b;
}

/*
 * The notes, one for each weapon and reason: "can never harm A", "A and
 * B", "A, B, C and 12 more" — 256 unit types of four weapons could make
 * thousands of notes, one a pair, which would crowd out every other
 * finding past the diagnostics' limit.
 */
static void
harm_notes_add(const struct ruleset *rs, struct harm_notes *hn,
    struct diags *d)
{
	size_t i, j;
	char *list, *s;

	for (i = 0; i < hn->n; i++) {
		const struct harm_note *e = &hn->v[i];

		list = xstrdup(rs->units[e->b[0]].name);
		for (j = 1; j < e->nb && j < 3; j++) {
			s = xasprintf("%s%s%s", list,
			    j + 1 == e->nb ? " and " : ", ",
			    rs->units[e->b[j]].name);
			free(list);
			list = s;
		}
		if (e->nb > 3) {
			s = xasprintf("%s and %zu more unit types", list,
			    e->nb - 3);
			free(list);
			list = s;
		}
		diag_msg(d, rs->weapons[e->wi].pos, MSG(WEAPON_CAN_NEVER_HARM),
		    rs->weapons[e->wi].name, rs->units[e->a].name, list,
		    e->cannot_wound ?
		        "the Wound table gives - for its Strength against that "
		        "Toughness" :
		        "no volley of it can take a wound");
		free(list);
		free(e->b);
	}
	free(hn->v);
	free(hn->of);
}

/* One melee pair's findings: a defender some outcome can destroy is
 * removable; a pair whose totals are always equal is never decided
 * (told once for the pair, a <= b). */
static void
melee_finding(const struct ruleset *rs, const struct dt_tables *t, size_t a,
    size_t b, unsigned char *removable, struct diags *d)
{
	const struct dx_opposed *op = pair_odds(rs, t, (int)a, (int)b);

	if ((destroys(&t->out[DT_RES_DOUBLE]) && mpq_sgn(op->a_mult) > 0) ||
	    (destroys(&t->out[DT_RES_BEATEN]) && mpq_sgn(op->a_wins) > 0) ||
	    (destroys(&t->out[DT_RES_EQUAL]) && mpq_sgn(op->tie) > 0))
		removable[b] = 1;
	if (a <= b && mpq_cmp_ui(op->tie, 1, 1) == 0)
		diag_msg(d, rs->units[a].pos, MSG(MELEE_CAN_NEVER_DECIDED),
		    rs->units[a].name, rs->units[b].name);
}

/*
 * The same for a melee by accumulated hits or the pipeline: b is
 * removable when a's strike can take a Wound (rounds go on until one is
 * removed), and a pair neither of which can harm the other fights for
 * ever (told once, a <= b). One Wound each is enough to tell: the
 * chance of a strike that takes nothing does not depend on Wounds.
 */
static void
fight_finding(const struct eng_ctx *c, struct do_strikes *m, int a, int b,
    unsigned char *removable, struct diags *d)
{
	const struct ruleset *rs = c->rs;
	int ab, ba; /* each side's strike takes nothing for certain */
	mpq_t *s;

	if ((s = do_strike_get(c, m, a, b)) == NULL)
		return;
	ab = mpq_cmp_ui(s[0], 1, 1) == 0;
	if ((s = do_strike_get(c, m, b, a)) == NULL)
		return;
	ba = mpq_cmp_ui(s[0], 1, 1) == 0;
	if (!ab)
		removable[b] = 1;
	if (a <= b && ab && ba)
		diag_msg(d, rs->units[a].pos, MSG(MELEE_CAN_NEVER_END),
		    rs->units[a].name, rs->units[b].name);
}

/*
 * The melee pairs whose exact odds are of their first round only, and
 * why, so that no dash goes unexplained: a pair whose chain alone would
 * be past the budget (strikes of many dice: large fractions), and the
 * pairs whose Wounds multiply to more than the limit all pairs together
 * leave (do_chain_limit()). Pairs that never end are told elsewhere.
 */
static void
unfought_notes(const struct eng_ctx *c, struct do_strikes *m, struct diags *d)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	int lim = do_chain_limit(c), a, b, wa, wb, k, n[2] = { 0, 0 };
	int first[2][2] = { { -1, -1 }, { -1, -1 } };
	double w, heavy = 0;
	char more[64];

	for (a = 0; a < (int)rs->nunits; a++)
		for (b = 0; b < (int)rs->nunits; b++) {
			wa = full_wounds(t, a);
			wb = full_wounds(t, b);
			if ((long)wa * wb <= DO_CHAIN_MAX &&
			    (w = do_chain_work(c, a, b, wa, wb)) >
			        DO_CHAIN_PAIR)
				k = 0;
			else if ((long)wa * wb > lim)
				k = 1;
			else
				continue;
			if (never_ends(c, m, a, b) != 0)
				continue;
			if (n[k]++ == 0) {
				first[k][0] = a;
				first[k][1] = b;
				if (k == 0)
					heavy = w;
			}
		}
	for (k = 0; k < 2; k++) {
		if (n[k] == 0)
			continue;
		more[0] = '\0';
		if (n[k] > 1)
			snprintf(more, sizeof(more), " (and %d more pairs)",
			    n[k] - 1);
		if (k == 0)
			diag_msg(d, rs->units[first[0][0]].pos,
			    MSG(MELEE_FIRST_ROUND_ONLY_HEAVY),
			    rs->units[first[0][0]].name,
			    rs->units[first[0][1]].name, more, heavy / 1e6,
			    DO_CHAIN_PAIR / 1e6);
		else
			diag_msg(d, rs->units[first[1][0]].pos,
			    MSG(MELEE_FIRST_ROUND_ONLY_LIMIT),
			    rs->units[first[1][0]].name,
			    rs->units[first[1][1]].name, more, lim,
			    DO_CHAIN_WORK / 1e6);
	}
}

void
do_findings(const struct eng_ctx *c, const struct eng_stats *st,
    struct diags *d)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	unsigned char *told = xcalloc(rs->nweapons * rs->nunits + 1, 1);
	unsigned char *removable = xcalloc(rs->nunits + 1, 1);
	struct harm *h = xcalloc(rs->nweapons * rs->nunits + 1, sizeof(*h));
	size_t a, k, b, wi, *prof = target_profiles(rs, t);
	struct harm_notes hn = { NULL, 0, 0, NULL };
	const struct rs_unit *u;
	struct do_strikes m;

	(void)st;
	/* By the pipeline a weapon harms the unit types of one Toughness
	 * and Save alike; accumulated hits depend on the Wounds and class. */
	for (b = 0; t->shooting == DT_SHOOT_ACCUMULATED && b < rs->nunits; b++)
		prof[b] = b;
	hn.of = xcalloc(rs->nweapons * 2 + 1, sizeof(size_t));
	for (a = 0; t->shooting != DT_SHOOT_NONE && a < rs->nunits; a++) {
		u = &rs->units[a];
		for (k = 0; k < u->nweapons; k++)
			for (b = 0; b < rs->nunits; b++) {
				wi = (size_t)u->weapons[k];
				fire_finding(rs, t, a, (int)wi, b,
				    &h[wi * rs->nunits + prof[b]], told,
				    removable, &hn);
			}
	}
	harm_notes_add(rs, &hn, d);
	free(h);
	free(prof);
	if (t->melee != DT_MELEE_OPPOSED) {
		do_strikes_init(&m, c);
		for (a = 0; a < rs->nunits; a++)
			for (b = 0; b < rs->nunits; b++)
				fight_finding(c, &m, (int)a, (int)b, removable,
				    d);
		unfought_notes(c, &m, d);
		do_strikes_clear(&m);
	} else if (melee_roll(t)) {
		for (a = 0; a < rs->nunits; a++)
			for (b = 0; b < rs->nunits; b++)
				melee_finding(rs, t, a, b, removable, d);
	}
	for (b = 0; b < rs->nunits; b++)
		if (!removable[b])
			diag_msg(d, rs->units[b].pos,
			    MSG(UNIT_CAN_NEVER_REMOVED), rs->units[b].name);
	free(told);
	free(removable);
}

/* ---- tables (sheet and report) ---- */

static struct eng_chance *
cell(struct eng_table *t, size_t r, size_t c)
{
	return &t->cells[r * t->ncols + c];
}

static void
set_cell(struct eng_chance *e, const mpq_t x)
{
	e->p = mpq_get_d(x);
	free(e->exact);
	e->exact = q_text(x);
}

/* Shooter and weapon pairs, the rows of the shooting tables. */
static size_t
volleys(const struct ruleset *rs)
{
	size_t a, n = 0;

	for (a = 0; a < rs->nunits; a++)
		n += rs->units[a].nweapons;
	return n;
}

/* The sheet: one fight, attacker down, defender across — the chance
 * the attacker beats the defender by double. */
static void
sheet_melee(const struct ruleset *rs, const struct dt_tables *t,
    struct eng_tables *out)
{
	struct eng_table *x;
	size_t a, b;

	if (rs->nunits == 0 || !melee_roll(t))
		return;
	x = eng_table_add(out,
	    _("Melee: chance the attacker (row) beats the "
	      "defender (column) by double in one fight"),
	    rs->nunits, rs->nunits);
	x->rowhead = xstrdup(_("attacker"));
	x->colhead = xstrdup(_("defender"));
	x->legend = xstrdup(_("chance the attacker's total is at least double "
	                      "the defender's"));
	x->note = xstrdup(_("One opposed roll: each side rolls the melee roll "
	                    "plus its Combat against the other's class."));
	for (a = 0; a < rs->nunits; a++) {
		x->rows[a] = xstrdup(rs->units[a].name);
		x->cols[a] = xstrdup(rs->units[a].name);
		for (b = 0; b < rs->nunits; b++) {
			set_cell(cell(x, a, b),
			    pair_odds(rs, t, (int)a, (int)b)->a_mult);
		}
	}
}

static int test_pass(const struct ruleset *, const struct dt_tables *,
    int need, const struct dt_kwlist *, mpq_t);
static int any_test(const struct ruleset *, const struct dt_tables *);
static int test_failed_by(const struct ruleset *, const struct dt_tables *,
    int need, const struct dt_kwlist *, int by, mpq_t);

/* The sheet's quality tests: each unit's chance to pass, with the test
 * roll and its keywords (none when no unit has a Quality to fail). */
static void
sheet_tests(const struct ruleset *rs, const struct dt_tables *t,
    struct eng_tables *out)
{
	struct eng_table *x;
	size_t u, n = 0;
	mpq_t q;

	if (!any_test(rs, t))
		return;
	for (u = 0; u < rs->nunits; u++)
		n += t->units[u].quality >= 0;
	/* With a "failed by N or more" row, its chance too: "routs" when
	 * that row removes the unit. */
	x = eng_table_add(out, _("Quality test: chance to pass"), n,
	    t->fail_by > 0 ? 2 : 1);
	x->rowhead = xstrdup(_("unit"));
	x->colhead = xstrdup(_("test"));
	x->legend = xstrdup(_("chance the unit passes its quality test"));
	x->note = xstrdup(_("The test roll making the unit's Quality or more, "
	                    "with its test keywords."));
	x->cols[0] = xstrdup(_("passes"));
	if (t->fail_by > 0)
		x->cols[1] = destroys(&t->out[DT_RES_FAILED_BY]) ?
		    xstrdup(_("routs")) :
		    xasprintf(_("fails by %d or more"), t->fail_by);
	mpq_init(q);
	for (u = 0, n = 0; u < rs->nunits; u++) {
		if (t->units[u].quality < 0)
			continue;
		x->rows[n] = xstrdup(rs->units[u].name);
		if (test_pass(rs, t, t->units[u].quality, &t->units[u].kw, q))
			set_cell(cell(x, n, 0), q);
		if (t->fail_by > 0 &&
		    test_failed_by(rs, t, t->units[u].quality, &t->units[u].kw,
		        t->fail_by, q))
			set_cell(cell(x, n, 1), q);
		n++;
	}
	mpq_clear(q);
}

/* A row of the report's damage table: a volley of a shooter's weapon at
 * a target, and the memo's volley (NULL: a row of its own). */
struct damage_row {
	size_t a, k, b;
	const struct do_volley *v;
};

/*
 * The rows of the damage table in order into rows, *n of them: with
 * merge, a row whose volley is the memo's same one as an earlier row's
 * is counted there (count) instead — with 256 unit types of four weapons
 * and Wounds 99 the table has 262,144 rows of 100 cells, a few thousand
 * different.
 */
static struct damage_row *
damage_rows(const struct ruleset *rs, const struct dt_tables *t, int merge,
    size_t **count, size_t *n)
{
	size_t total = volleys(rs) * rs->nunits, slots = 1, h, a, k, b, z, wi;
	struct damage_row *rows = xcalloc(total + 1, sizeof(*rows));
	size_t *seen, *cnt = xcalloc(total + 1, sizeof(size_t));
	size_t *vp = xcalloc(rs->nunits + 1, sizeof(size_t));
	/* A weapon's volley at the unit types of one Toughness, Save,
	 * Wounds and class is one: looked up once. */
	const struct do_volley **vk = xcalloc(rs->nweapons * rs->nunits + 1,
	    sizeof(*vk));
	unsigned char *vhave = xcalloc(rs->nweapons * rs->nunits + 1, 1);
	struct do_fire f;

	for (b = 0; b < rs->nunits; b++)
		for (vp[b] = b, z = 0; z < b; z++)
			if (vp[z] == z &&
			    t->units[z].toughness == t->units[b].toughness &&
			    t->units[z].save == t->units[b].save &&
			    t->units[z].wounds == t->units[b].wounds &&
			    t->units[z].models == t->units[b].models &&
			    rs_class_slot(&rs->units[z]) ==
			        rs_class_slot(&rs->units[b])) {
				vp[b] = z;
				break;
			}

	while (slots < 2 * total)
		slots *= 2;
	seen = xcalloc(slots, sizeof(size_t)); /* row + 1; 0: none */
	*n = 0;
	for (a = 0; a < rs->nunits; a++)
		for (k = 0; k < rs->units[a].nweapons; k++)
			for (b = 0; b < rs->nunits; b++) {
				const struct do_volley *v;

				wi = (size_t)rs->units[a].weapons[k];
				z = wi * rs->nunits + vp[b];
				/* A unit of models makes a volley of its
				 * own with the weapon. */
				if (merge && (!vhave[z] || t->models)) {
					do_fire_init(&f);
					if (do_fire_odds(rs, t, (int)wi,
					        (int)b, 0, 0,
					        t->units[a].models, &f) == 0 &&
					    !f.own)
						vk[z] = f.v;
					do_fire_clear(&f);
					vhave[z] = 1;
				}
				v = merge ? vk[z] : NULL;
				h = ((uintptr_t)v >> 4) * 2654435761u &
				    (slots - 1);
				while (v != NULL && seen[h] != 0 &&
				    rows[seen[h] - 1].v != v)
					h = (h + 1) & (slots - 1);
				if (v != NULL && seen[h] != 0) {
					cnt[seen[h] - 1]++;
					continue;
				}
				if (v != NULL)
					seen[h] = *n + 1;
				rows[*n].a = a;
				rows[*n].k = k;
				rows[*n].b = b;
				rows[*n].v = v;
				cnt[(*n)++] = 1;
			}
	free(seen);
	free(vp);
	free(vk);
	free(vhave);
	*count = cnt;
	return rows;
}

/* The report: the damage of each volley at each target, exactly. */
static void
report_damage(const struct ruleset *rs, const struct dt_tables *t,
    struct eng_tables *out)
{
	struct damage_row *rows;
	struct eng_table *x;
	struct do_fire f;
	size_t nrows, row, *count;
	int maxw = 1, i, n, merge;

	if (t->shooting == DT_SHOOT_NONE || volleys(rs) == 0)
		return;
	for (row = 0; row < rs->nunits; row++)
		if (t->units[row].wounds > maxw)
			maxw = t->units[row].wounds;
	/* A table the report shares the alike rows of (cmd_report.c): the
	 * rows of one volley are given once. */
	merge = volleys(rs) * rs->nunits > ENG_TABLE_SHARE_OVER ||
	    (size_t)maxw + 1 > ENG_TABLE_SHARE_OVER;
	rows = damage_rows(rs, t, merge, &count, &nrows);
	x = eng_table_add(out, _("Shooting: damage of one volley"), nrows,
	    (size_t)maxw + 1);
	if (merge)
		x->rowcount = count;
	else
		free(count);
	x->rowhead = xstrdup(_("shooter: weapon at target"));
	x->colhead = xstrdup(_("wounds taken"));
	/* The legend is one line beside the map: what a row's last cell
	 * means is the note's. */
	x->legend = xstrdup(_("chance of exactly that damage"));
	x->note = xasprintf(
	    _("Exact chances of one volley: %s, capped at the "
	      "target's Wounds; so a row's last cell, at the target's Wounds, "
	      "is the chance the volley removes it."),
	    t->shooting == DT_SHOOT_ACCUMULATED ?
	        _("the Attacks rolled, each "
	          "a hit taking one Wound") :
	        _("Attacks, each hit, wounded and not "
	          "saved, taking Damage"));
	for (i = 0; i <= maxw; i++)
		x->cols[i] = xasprintf("%d", i);
	for (row = 0; row < nrows; row++) {
		const struct damage_row *r = &rows[row];
		int wi = rs->units[r->a].weapons[r->k];

		x->rows[row] = xasprintf("%s: %s at %s", rs->units[r->a].name,
		    rs->weapons[wi].name, rs->units[r->b].name);
		do_fire_init(&f);
		/* A volley with no distribution: no cell. */
		n = do_fire_odds(rs, t, wi, (int)r->b, 0, 0,
		        t->units[r->a].models, &f) == 0 ?
		    f.wounds :
		    -1;
		for (i = 0; i <= n; i++)
			set_cell(cell(x, row, (size_t)i), f.damage[i]);
		do_fire_clear(&f);
	}
	free(rows);
}

/* The sheet of a melee by accumulated hits or the pipeline: the first
 * round, attacker down, defender across — the chance it removes the
 * defender (the generic panel has the melee fought to its end). */
static void
sheet_fight(const struct eng_ctx *c, struct eng_tables *out)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	struct eng_table *x;
	struct do_strikes m;
	mpq_t *v;
	size_t a, b;

	if (rs->nunits == 0)
		return;
	do_strikes_init(&m, c);
	x = eng_table_add(out,
	    _("Melee: chance the attacker (row) removes the "
	      "defender (column) in the first round"),
	    rs->nunits, rs->nunits);
	x->rowhead = xstrdup(_("attacker"));
	x->colhead = xstrdup(_("defender"));
	x->legend = xstrdup(
	    _("chance the defender loses all its Wounds in the "
	      "first round"));
	x->note = xstrdup(t->melee == DT_MELEE_ACCUMULATED ?
	        _("One round: "
	          "each side rolls the melee roll, the Wounds the other loses.") :
	        _("One round: the attacker's weapons that reach the contact "
	          "distance strike first, each a volley as in shooting."));
	for (a = 0; a < rs->nunits; a++) {
		x->rows[a] = xstrdup(rs->units[a].name);
		x->cols[a] = xstrdup(rs->units[a].name);
		for (b = 0; b < rs->nunits; b++) {
			/* The first round only: a's strike takes all of
			 * b's Wounds. */
			v = do_strike_get(c, &m, (int)a, (int)b);
			if (v != NULL)
				set_cell(cell(x, a, b),
				    v[full_wounds(t, (int)b)]);
		}
	}
	do_strikes_clear(&m);
}

void
do_tables(const struct eng_ctx *c, enum eng_tables_for what,
    struct eng_tables *out)
{
	const struct dt_tables *t = tables_of(c);

	/* The sheet's shooting panel is the generic one of odds() (the
	 * same chance, by weapon); the family adds its melee doubles, or
	 * a melee of hits its first round. */
	if (what == ENG_TABLES_SHEET && t->melee == DT_MELEE_OPPOSED)
		sheet_melee(c->rs, t, out);
	else if (what == ENG_TABLES_SHEET)
		sheet_fight(c, out);
	else
		report_damage(c->rs, t, out);
	if (what == ENG_TABLES_SHEET)
		sheet_tests(c->rs, t, out);
}

/* ---- sandtable odds ---- */

/* Key as a real in the entry and as a fraction in its "exact". */
struct ex {
	const struct eng_emit *out;
	int exact; /* 0: the entry's reals; 1: its "exact" object */
};

static void
put(const struct ex *x, const char *key, const mpq_t v)
{
	if (x->exact)
		x->out->exact(x->out->arg, key, v);
	else
		x->out->real(x->out->arg, key, mpq_get_d(v));
}

/* The distribution v[0..n] under key, reals or fractions. */
static void
put_dist(const struct ex *x, const char *key, const mpq_t *v, int n)
{
	int i;

	x->out->open(x->out->arg, key, 1);
	for (i = 0; i <= n; i++)
		put(x, NULL, v[i]);
	x->out->close(x->out->arg);
}

/*
 * A volley's "damage" reals (x->exact 0) or its "exact" object: shared
 * by the memo's volley, part 0 and 1, so that entries at unit types
 * that share a volley show the same values and the odds document writes
 * them once (cmd_odds.c). A volley that is not the memo's has its own.
 */
static void
volley_doc(const struct ex *x, const struct do_fire *f)
{
	const struct eng_emit *o = x->out;
	const char *key = x->exact ? "exact" : "damage";

	if (!f->own && o->share(o->arg, key, f->v, x->exact))
		return;
	if (!x->exact) {
		put_dist(x, key, f->damage, f->wounds);
		return;
	}
	o->open(o->arg, key, 0);
	put(x, "p_wound_per_attack", f->p_attack);
	put_dist(x, "damage", f->damage, f->wounds);
	put(x, "p_removed", f->damage[f->wounds]);
	put(x, "expected_damage", f->expected);
	o->close(o->arg);
}

static void
shooting_entry(const struct ruleset *rs, const struct do_fire *f, size_t a,
    int wi, size_t b, const struct eng_emit *o)
{
	struct ex r = { o, 0 }, x = { o, 1 };

	o->open(o->arg, NULL, 0);
	o->string(o->arg, "shooter", rs->units[a].name);
	o->string(o->arg, "weapon", rs->weapons[wi].name);
	o->string(o->arg, "target", rs->units[b].name);
	o->integer(o->arg, "wounds", f->wounds);
	put(&r, "p_wound_per_attack", f->p_attack);
	volley_doc(&r, f);
	put(&r, "p_removed", f->damage[f->wounds]);
	put(&r, "expected_damage", f->expected);
	volley_doc(&x, f);
	o->close(o->arg);
}

static void
shooting_doc(const struct ruleset *rs, const struct dt_tables *t,
    const char *fa, const char *fb, const struct eng_emit *out)
{
	struct do_fire f;
	size_t a, k, b;
	int wi;

	int uw = eng_names_width(rs, 0), ww = eng_names_width(rs, 1);
	void *x = out->arg;

	out->table(x, "shooting",
	    "Shooting: one volley of each weapon at each target");
	out->column(x, "shooter", "shooter", uw);
	out->column(x, "weapon", "weapon", ww);
	out->column(x, "target", "target", uw);
	out->column(x, "exact.p_wound_per_attack", "an attack wounds", 15);
	out->column(x, "exact.p_removed", "removed", 15);
	out->column(x, "exact.expected_damage", "mean damage", 15);
	out->column(x, "exact.damage", "damage 0, 1, …", 0);
	out->note(x,
	    "damage: the chance of each number of Wounds lost, 0, "
	    "1, … up to the target's Wounds (removed: all of them)");
	for (a = 0; t->shooting != DT_SHOOT_NONE && a < rs->nunits; a++) {
		if (!name_ok(fa, rs->units[a].name))
			continue;
		for (k = 0; k < rs->units[a].nweapons; k++)
			for (b = 0; b < rs->nunits; b++) {
				if (!name_ok(fb, rs->units[b].name))
					continue;
				wi = rs->units[a].weapons[k];
				do_fire_init(&f);
				if (do_fire_odds(rs, t, wi, (int)b, 0, 0,
				        t->units[a].models, &f) == 0)
					shooting_entry(rs, &f, a, wi, b, out);
				do_fire_clear(&f);
			}
	}
}

/* A fight's chances, reals or fractions. */
static void
fight_chances(const struct ex *x, const struct do_fight *f)
{
	if (f->chained || !f->resolves) {
		put(x, "attacker_wins", f->a_wins);
		put(x, "defender_wins", f->b_wins);
		put(x, "both_destroyed", f->both);
	}
	if (f->chained)
		put(x, "expected_rounds", f->rounds);
}

/*
 * One entry of a melee by accumulated hits or the pipeline: the first
 * round's losses; the melee to its end when it was worked out
 * (fought_out), its mean rounds when it can end.
 */
static void
fight_entry(const struct ruleset *rs, const struct dt_tables *t, int a, int b,
    const struct do_fight *f, const struct eng_emit *o)
{
	struct ex r = { o, 0 }, x = { o, 1 };

	o->open(o->arg, NULL, 0);
	o->string(o->arg, _("attacker"), rs->units[a].name);
	o->string(o->arg, _("defender"), rs->units[b].name);
	o->string(o->arg, "mechanism",
	    t->melee == DT_MELEE_ACCUMULATED ? "accumulated" : "pipeline");
	o->integer(o->arg, "attacker_wounds", f->wa);
	o->integer(o->arg, "defender_wounds", f->wb);
	put_dist(&r, "attacker_loses", f->a_loses, f->wa);
	put_dist(&r, "defender_loses", f->b_loses, f->wb);
	o->boolean(o->arg, "resolves", f->resolves);
	o->boolean(o->arg, "fought_out", f->chained || !f->resolves);
	fight_chances(&r, f);
	o->open(o->arg, "exact", 0);
	put_dist(&x, "attacker_loses", f->a_loses, f->wa);
	put_dist(&x, "defender_loses", f->b_loses, f->wb);
	fight_chances(&x, f);
	o->close(o->arg);
	o->close(o->arg);
}

static void
fights_doc(const struct eng_ctx *c, const char *fa, const char *fb,
    const struct eng_emit *out)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	const struct do_fight *f;
	struct do_strikes m;
	int a, b, lim = do_chain_limit(c);

	do_strikes_init(&m, c);
	for (a = 0; a < (int)rs->nunits; a++)
		for (b = 0; b < (int)rs->nunits; b++) {
			if (!name_ok(fa, rs->units[a].name) ||
			    !name_ok(fb, rs->units[b].name))
				continue;
			f = do_fight_get(c, a, b, full_wounds(t, a),
			    full_wounds(t, b), lim, &m);
			if (f != NULL)
				fight_entry(rs, t, a, b, f, out);
		}
	do_strikes_clear(&m);
}

/* An opposed roll's chances, reals or fractions. */
static void
opposed_chances(const struct ex *x, const struct dx_opposed *op)
{
	put(x, "attacker_wins", op->a_wins);
	put(x, "defender_wins", op->b_wins);
	put(x, "attacker_double", op->a_mult);
	put(x, "defender_double", op->b_mult);
	put(x, "equal", op->tie);
}

/* The melee table's columns: an opposed roll's five chances, or a
 * fight's end and its first round's losses. */
static void
melee_columns(const struct ruleset *rs, const struct dt_tables *t,
    const struct eng_emit *o)
{
	int uw = eng_names_width(rs, 0);
	void *x = o->arg;

	o->column(x, _("attacker"), "attacker", uw);
	o->column(x, _("defender"), "defender", uw);
	o->column(x, "exact.attacker_wins", "attacker wins", 15);
	o->column(x, "exact.defender_wins", "defender wins", 15);
	if (t->melee == DT_MELEE_OPPOSED) {
		o->column(x, "exact.equal", "equal", 15);
		o->column(x, "exact.attacker_double", "attacker double", 15);
		o->column(x, "exact.defender_double", "defender double", 0);
		o->note(x,
		    "double: the chance of beating the other side by "
		    "double");
		return;
	}
	o->column(x, "exact.both_destroyed", "both removed", 15);
	o->column(x, "exact.expected_rounds", "mean rounds", 15);
	o->column(x, "resolves", "ends", 4);
	o->column(x, "exact.attacker_loses", "attacker loses", 0);
	o->column(x, "exact.defender_loses", "defender loses", 0);
	o->note(x,
	    "loses: the chance of each number of Wounds lost in the "
	    "first round, 0, 1, … up to the side's Wounds");
	o->note(x,
	    "-: not worked out (Wounds over the limit), or a melee "
	    "that never ends has no mean rounds");
}

static void
melee_doc(const struct eng_ctx *c, const char *fa, const char *fb,
    const struct eng_emit *o)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	struct ex r = { o, 0 }, x = { o, 1 };
	size_t a, b;

	o->table(o->arg, "melee",
	    t->melee == DT_MELEE_OPPOSED ?
	        "Melee: one opposed roll" :
	        "Melee: fought to its end, and its first round");
	melee_columns(rs, t, o);
	if (t->melee != DT_MELEE_OPPOSED) {
		fights_doc(c, fa, fb, o);
		return;
	}
	if (!melee_roll(t))
		return;
	for (a = 0; a < rs->nunits; a++)
		for (b = 0; b < rs->nunits; b++) {
			const struct dx_opposed *op;

			if (!name_ok(fa, rs->units[a].name) ||
			    !name_ok(fb, rs->units[b].name))
				continue;
			op = pair_odds(rs, t, (int)a, (int)b);
			o->open(o->arg, NULL, 0);
			o->string(o->arg, _("attacker"), rs->units[a].name);
			o->string(o->arg, _("defender"), rs->units[b].name);
			o->integer(o->arg, "attacker_factor",
			    do_factor(t, rs, (int)a, (int)b));
			o->integer(o->arg, "defender_factor",
			    do_factor(t, rs, (int)b, (int)a));
			opposed_chances(&r, op);
			o->open(o->arg, "exact", 0);
			opposed_chances(&x, op);
			o->close(o->arg);
			o->close(o->arg);
		}
}

/* The chance to pass a quality test needing a total of need, into q: the
 * test roll (one die of the ruleset's unless the Combat table gives one)
 * making need or more (need 0: "-", never fails). Returns 0 when the
 * roll's distribution is out of reach. */
static int
test_once(const struct ruleset *rs, const struct dt_tables *t, int need,
    mpq_t q)
{
	const struct dx_dist *dd;
	int32_t v;

	if (need <= 0) {
		mpq_set_ui(q, 1, 1);
		return 1;
	}
	if (!t->test_roll_given) {
		mpq_set_ui(q,
		    (unsigned long)(need > rs->die ? 0 : rs->die - need + 1),
		    (unsigned long)rs->die);
		mpq_canonicalize(q);
		return 1;
	}
	if ((dd = do_dist(t, &t->test_roll.dx)) == NULL)
		return 0;
	mpq_set_ui(q, 0, 1);
	for (v = need > dd->lo ? need : dd->lo; v <= dd->hi; v++)
		mpq_add(q, q, dd->p[v - dd->lo]);
	return 1;
}

/* The chance a test needing need (after keywords: see test_pass) fails
 * by by or more, into q: its last total (the re-roll's, when failures
 * are rolled again) need - by or less. 0 when out of reach. */
static int
test_failed_by(const struct ruleset *rs, const struct dt_tables *t, int need,
    const struct dt_kwlist *kw, int by, mpq_t q)
{
	struct dt_roll r;
	mpq_t one, f;
	int rc = 1;

	mpq_set_ui(q, 0, 1);
	if (need <= 0 || by <= 0)
		return 1;
	dt_roll_make(t, DT_STEP_TEST, need, 0, kw, 0, 0, 0, &r);
	if (r.need - by + 1 <= 0)
		return 1; /* no total is so low */
	mpq_inits(one, f, NULL);
	mpq_set_ui(one, 1, 1);
	/* P(total <= r.need - by) = 1 - P(total >= r.need - by + 1). */
	if (!test_once(rs, t, r.need - by + 1, q))
		rc = 0;
	mpq_sub(q, one, q);
	/* Re-rolled failures: the first failed, then the re-roll so. */
	if (rc && r.reroll) {
		if (!test_once(rs, t, r.need > 0 ? r.need : 1, f))
			rc = 0;
		mpq_sub(f, one, f);
		mpq_mul(q, q, f);
	}
	mpq_clears(one, f, NULL);
	return rc;
}

/* The same for a unit whose keywords kw (NULL: none) act on its tests:
 * their modifiers taken off the total needed, a failed test rolled
 * again once when one re-rolls failures: p + (1 - p) p. */
static int
test_pass(const struct ruleset *rs, const struct dt_tables *t, int need,
    const struct dt_kwlist *kw, mpq_t q)
{
	struct dt_roll r;
	mpq_t f;

	if (need <= 0)
		return test_once(rs, t, need, q);
	dt_roll_make(t, DT_STEP_TEST, need, 0, kw, 0, 0, 0, &r);
	/* A total of 0 or less is no total a roll can miss. */
	if (!test_once(rs, t, r.need > 0 ? r.need : 1, q))
		return 0;
	if (r.reroll) {
		mpq_init(f);
		mpq_set_ui(f, 1, 1);
		mpq_sub(f, f, q);
		mpq_mul(f, f, q);
		mpq_add(q, q, f);
		mpq_clear(f);
	}
	return 1;
}

/* Whether any unit has a Quality a test can fail. */
static int
any_test(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t u;

	for (u = 0; u < rs->nunits; u++)
		if (t->units[u].quality > 0)
			return 1;
	return 0;
}

/* The quality tests: each unit's chance to pass (a unit named by either
 * filter, or every unit). */
static void
tests_doc(const struct eng_ctx *c, const char *fa, const char *fb,
    const struct eng_emit *o)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	struct ex r = { o, 0 }, x = { o, 1 };
	char roll[16], fails[32];
	size_t u;
	int by;
	mpq_t q, qb;

	if (!any_test(rs, t))
		return;
	if (t->test_roll_given)
		snprintf(roll, sizeof(roll), "%s", t->test_roll.text);
	else
		snprintf(roll, sizeof(roll), "d%d", rs->die);
	o->table(o->arg, "tests", "Quality tests: the chance to pass");
	o->column(o->arg, "unit", "unit", eng_names_width(rs, 0));
	mpq_init(qb);
	o->column(o->arg, "quality", "quality", 8);
	o->column(o->arg, "roll", "roll", 10);
	o->column(o->arg, "exact.p_pass", "passes", t->fail_by > 0 ? 16 : 0);
	if (t->fail_by > 0) {
		/* As the sheet heads it: "routs" when that row removes. */
		if (destroys(&t->out[DT_RES_FAILED_BY]))
			snprintf(fails, sizeof(fails), "routs");
		else
			snprintf(fails, sizeof(fails), "fails by %d+",
			    t->fail_by);
		o->column(o->arg, "exact.p_failed_by", fails, 0);
	}
	mpq_init(q);
	for (u = 0; u < rs->nunits; u++) {
		if ((fa != NULL || fb != NULL) &&
		    !(fa != NULL && strcasecmp(fa, rs->units[u].name) == 0) &&
		    !(fb != NULL && strcasecmp(fb, rs->units[u].name) == 0))
			continue;
		if (t->units[u].quality < 0 ||
		    !test_pass(rs, t, t->units[u].quality, &t->units[u].kw, q))
			continue;
		o->open(o->arg, NULL, 0);
		o->string(o->arg, "unit", rs->units[u].name);
		o->integer(o->arg, "quality", t->units[u].quality);
		/* Worked out once, said as a real and as a fraction. */
		by = t->fail_by > 0 &&
		    test_failed_by(rs, t, t->units[u].quality, &t->units[u].kw,
		        t->fail_by, qb);
		o->string(o->arg, "roll", roll);
		put(&r, "p_pass", q);
		if (by)
			put(&r, "p_failed_by", qb);
		o->open(o->arg, "exact", 0);
		put(&x, "p_pass", q);
		if (by)
			put(&x, "p_failed_by", qb);
		o->close(o->arg);
		o->close(o->arg);
	}
	mpq_clears(q, qb, NULL);
}

/* ---- an opposed melee as the Melee outcomes table plays it ---- */

/*
 * What one opposed melee does to each unit, exactly, in the open: the
 * roll (beaten, beaten by double, equal) picks the Melee outcomes row,
 * "fight again" fights it again while its limit lasts, and the row's
 * effects act in order on the unit it names (the loser; on equal the
 * attacker): recoil and fall back give ground, destroyed and rout
 * remove, both recoil moves both, test quality takes the Quality test
 * (its passed or failed row), and with quality test: beaten a beaten
 * unit still there tests after. A unit's state: 0 held its ground, 1
 * gave ground, 2 removed; p[a][d] the chance of each pair of states.
 */
enum { MR_HELD, MR_GROUND, MR_REMOVED, MR__N };
struct mresult {
	mpq_t p[MR__N][MR__N];
};

static void
mr_init(struct mresult *m)
{
	int i, j;

	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++)
			mpq_init(m->p[i][j]);
}

static void
mr_clear(struct mresult *m)
{
	int i, j;

	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++)
			mpq_clear(m->p[i][j]);
}

/* m += k x, state by state. */
static void
mr_add(struct mresult *m, const struct mresult *x, const mpq_t k)
{
	mpq_t y;
	int i, j;

	mpq_init(y);
	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++) {
			mpq_mul(y, x->p[i][j], k);
			mpq_add(m->p[i][j], m->p[i][j], y);
		}
	mpq_clear(y);
}

/* The state of side s (0 attacker, 1 defender) of the pair (i, j). */
#define MR_OF(s, i, j) ((s) == 0 ? (i) : (j))

/* Unit s takes state st (a removed unit stays removed). */
static void
mr_set(struct mresult *m, int s, int st)
{
	struct mresult x;
	int i, j, ni, nj;

	mr_init(&x);
	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++) {
			ni = i;
			nj = j;
			if (s == 0 && i != MR_REMOVED && st > i)
				ni = st;
			if (s == 1 && j != MR_REMOVED && st > j)
				nj = st;
			mpq_add(x.p[ni][nj], x.p[ni][nj], m->p[i][j]);
		}
	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++)
			mpq_set(m->p[i][j], x.p[i][j]);
	mr_clear(&x);
}

static void mr_row(const struct ruleset *, const struct dt_tables *,
    const int unit[2], int r, int s, struct mresult *);

/* Unit s's quality test: its Quality test table's passed or failed row,
 * by the chance it passes (in the open). */
static void
mr_test(const struct ruleset *rs, const struct dt_tables *t, const int unit[2],
    int s, struct mresult *m)
{
	struct mresult pass, fail, by;
	const struct dt_unit *u = &t->units[unit[s]];
	mpq_t q, nq, qb;
	int i, j;

	mr_init(&pass);
	mr_init(&fail);
	mr_init(&by);
	mpq_inits(q, nq, qb, NULL);
	if (!test_pass(rs, t, u->quality, &u->kw, q))
		mpq_set_ui(q, 1, 1);
	/* Failed by the table's margin or more: its own row. */
	if (t->fail_by > 0 &&
	    !test_failed_by(rs, t, u->quality, &u->kw, t->fail_by, qb))
		mpq_set_ui(qb, 0, 1);
	mpq_set_ui(nq, 1, 1);
	mpq_sub(nq, nq, q);
	mpq_sub(nq, nq, qb);
	/* Only the pairs where the unit is still there test. */
	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++)
			if (MR_OF(s, i, j) == MR_REMOVED) {
				mpq_set(pass.p[i][j], m->p[i][j]);
			} else {
				mpq_mul(pass.p[i][j], m->p[i][j], q);
				mpq_mul(fail.p[i][j], m->p[i][j], nq);
				mpq_mul(by.p[i][j], m->p[i][j], qb);
			}
	mr_row(rs, t, unit, DT_RES_PASSED, s, &pass);
	mr_row(rs, t, unit, DT_RES_FAILED, s, &fail);
	mr_row(rs, t, unit, DT_RES_FAILED_BY, s, &by);
	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++) {
			mpq_add(m->p[i][j], pass.p[i][j], fail.p[i][j]);
			mpq_add(m->p[i][j], m->p[i][j], by.p[i][j]);
		}
	mpq_clears(q, nq, qb, NULL);
	mr_clear(&pass);
	mr_clear(&fail);
	mr_clear(&by);
}

/* The effects of outcome row r on unit s (its foe the other), in order;
 * "fight again", spent, does nothing here. */
static void
mr_row(const struct ruleset *rs, const struct dt_tables *t, const int unit[2],
    int r, int s, struct mresult *m)
{
	const struct dt_outcome *o = &t->out[r];
	int n;

	for (n = 0; n < o->nfx; n++)
		switch (o->fx[n].kind) {
		case DT_FX_NOTHING:
		case DT_FX_FIGHT_AGAIN:
		case DT_FX_PURSUED:
			break;
		case DT_FX_RECOIL:
		case DT_FX_FALL_BACK:
			mr_set(m, s, MR_GROUND);
			break;
		case DT_FX_BOTH_RECOIL:
			mr_set(m, s, MR_GROUND);
			mr_set(m, !s, MR_GROUND);
			break;
		case DT_FX_DESTROYED:
		case DT_FX_ROUT:
			mr_set(m, s, MR_REMOVED);
			break;
		case DT_FX_TEST:
			mr_test(rs, t, unit, s, m);
			break;
		}
}

/* The row's "fight again" limit, 0 none. */
static int
mr_again(const struct dt_outcome *o)
{
	int n;

	for (n = 0; n < o->nfx; n++)
		if (o->fx[n].kind == DT_FX_FIGHT_AGAIN)
			return (int)o->fx[n].amount;
	return 0;
}

/* The melee of unit types a and d (factors fa, fd) fought again times
 * times already, into m (initialised, zero); next: the same fought once
 * more (NULL when no row fights again so often). */
static void
mr_fight(const struct ruleset *rs, const struct dt_tables *t,
    const int unit[2], int fa, int fd, int times, const struct mresult *next,
    struct mresult *m)
{
	const struct dx_opposed *op = do_opposed_pair(t, fa, fd);
	int dbl = t->out[DT_RES_DOUBLE].given, k;
	struct {
		int row, s;
		mpq_t p;
	} c[5];
	struct mresult x;
	mpq_t one;

	mpq_init(one);
	mpq_set_ui(one, 1, 1);
	/* Attacker higher (not by double), by double; defender so; equal. */
	for (k = 0; k < 5; k++)
		mpq_init(c[k].p);
	c[0].row = DT_RES_BEATEN, c[0].s = 1;
	mpq_set(c[0].p, op->a_wins);
	c[1].row = DT_RES_DOUBLE, c[1].s = 1;
	c[2].row = DT_RES_BEATEN, c[2].s = 0;
	mpq_set(c[2].p, op->b_wins);
	c[3].row = DT_RES_DOUBLE, c[3].s = 0;
	c[4].row = DT_RES_EQUAL, c[4].s = 0;
	mpq_set(c[4].p, op->tie);
	if (dbl) {
		mpq_sub(c[0].p, c[0].p, op->a_mult);
		mpq_set(c[1].p, op->a_mult);
		mpq_sub(c[2].p, c[2].p, op->b_mult);
		mpq_set(c[3].p, op->b_mult);
	}
	for (k = 0; k < 5; k++) {
		if (mpq_sgn(c[k].p) == 0)
			continue;
		mr_init(&x);
		if (times < mr_again(&t->out[c[k].row]) && next != NULL)
			mr_add(&x, next, one);
		else {
			mpq_set_ui(x.p[MR_HELD][MR_HELD], 1, 1);
			mr_row(rs, t, unit, c[k].row, c[k].s, &x);
			/* quality test: beaten — the loser still there. */
			if (c[k].row != DT_RES_EQUAL &&
			    (t->quality & DT_Q_BEATEN))
				mr_test(rs, t, unit, c[k].s, &x);
		}
		mr_add(m, &x, c[k].p);
		mr_clear(&x);
	}
	for (k = 0; k < 5; k++)
		mpq_clear(c[k].p);
	mpq_clear(one);
}

/* The chance unit s of m ends in state st. */
static void
mr_marginal(const struct mresult *m, int s, int st, mpq_t q)
{
	int i, j;

	mpq_set_ui(q, 0, 1);
	for (i = 0; i < MR__N; i++)
		for (j = 0; j < MR__N; j++)
			if (MR_OF(s, i, j) == st)
				mpq_add(q, q, m->p[i][j]);
}

static const char *const mr_keys[4] = { "attacker_removed", "defender_removed",
	"attacker_gives_ground", "defender_gives_ground" };

/* The result of an opposed melee of unit types a and d, factors fa and
 * fd: the four chances of mr_keys into v. */
static void
melee_result(const struct ruleset *rs, const struct dt_tables *t, int a, int d,
    int fa, int fd, mpq_t v[4])
{
	const int unit[2] = { a, d };
	struct mresult m, next;
	int r, times, most = 0;

	/* Fought again times times: worked out from the most any row
	 * allows down to none, each from the one after it. */
	for (r = 0; r < DT_RES_PASSED; r++)
		if (mr_again(&t->out[r]) > most)
			most = mr_again(&t->out[r]);
	mr_init(&next);
	for (times = most; times >= 0; times--) {
		mr_init(&m);
		mr_fight(rs, t, unit, fa, fd, times,
		    times < most ? &next : NULL, &m);
		mr_clear(&next);
		next = m; /* next now owns m's fractions (one clear below) */
	}
	mr_marginal(&m, 0, MR_REMOVED, v[0]);
	mr_marginal(&m, 1, MR_REMOVED, v[1]);
	mr_marginal(&m, 0, MR_GROUND, v[2]);
	mr_marginal(&m, 1, MR_GROUND, v[3]);
	mr_clear(&m);
}

/* Whether unit types u and v test alike: the same Quality and the same
 * keywords (a result depends on nothing else of theirs). */
static int
tests_alike(const struct dt_tables *t, size_t u, size_t v)
{
	const struct dt_unit *a = &t->units[u], *b = &t->units[v];

	return a->quality == b->quality && a->kw.n == b->kw.n &&
	    memcmp(a->kw.v, b->kw.v, (size_t)a->kw.n * sizeof(a->kw.v[0])) ==
	    0;
}

/* One result worked out, by the factors and the two test classes. */
struct mr_memo {
	int fa, fd, ca, cd, used;
	mpq_t v[4];
};

/* The opposed melees' results, a table of the odds document. Pairs of
 * the same factors whose units test alike have the same result: each is
 * worked out once (256 unit types are 65,536 pairs, a few hundred
 * different). */
static void
results_doc(const struct eng_ctx *c, const char *fa, const char *fb,
    const struct eng_emit *o)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	struct ex r = { o, 0 }, x = { o, 1 };
	int uw = eng_names_width(rs, 0), k;
	size_t a, b, h, nmemo, nused = 0, *cls;
	struct mr_memo *memo;
	mpq_t v[4];

	if (t->melee != DT_MELEE_OPPOSED || !melee_roll(t))
		return;
	o->table(o->arg, "melee_result",
	    "Melee: what one opposed melee does, as the Melee outcomes "
	    "table plays it");
	o->column(o->arg, _("attacker"), "attacker", uw);
	o->column(o->arg, _("defender"), "defender", uw);
	o->column(o->arg, "exact.defender_removed", "defender removed", 17);
	o->column(o->arg, "exact.attacker_removed", "attacker removed", 17);
	o->column(o->arg, "exact.defender_gives_ground",
	    "defender gives ground", 22);
	o->column(o->arg, "exact.attacker_gives_ground",
	    "attacker gives ground", 0);
	o->note(o->arg,
	    "in the open: a unit that recoils or falls back gives ground; "
	    "fight again, test quality and quality test: beaten are taken "
	    "as the tables say");
	for (k = 0; k < 4; k++)
		mpq_init(v[k]);
	/* Each unit's test class: the first unit type that tests alike. */
	cls = xcalloc(rs->nunits + 1, sizeof(*cls));
	for (a = 0; a < rs->nunits; a++)
		for (cls[a] = a, b = 0; b < a; b++)
			if (cls[b] == b && tests_alike(t, a, b)) {
				cls[a] = b;
				break;
			}
	nmemo = 4 * rs->nunits + 64;
	memo = xcalloc(nmemo, sizeof(*memo));
	for (a = 0; a < rs->nunits; a++)
		for (b = 0; b < rs->nunits; b++) {
			int f1, f2;

			if (!name_ok(fa, rs->units[a].name) ||
			    !name_ok(fb, rs->units[b].name))
				continue;
			f1 = do_factor(t, rs, (int)a, (int)b);
			f2 = do_factor(t, rs, (int)b, (int)a);
			h = ((size_t)f1 * 131 + (size_t)f2 * 31 + cls[a] * 7 +
			        cls[b]) %
			    nmemo;
			while (memo[h].used &&
			    (memo[h].fa != f1 || memo[h].fd != f2 ||
			        memo[h].ca != (int)cls[a] ||
			        memo[h].cd != (int)cls[b]))
				h = (h + 1) % nmemo;
			if (!memo[h].used) {
				/* Full: work it out alone (not kept). */
				if (nused + 1 >= nmemo) {
					melee_result(rs, t, (int)a, (int)b, f1,
					    f2, v);
					goto emit;
				}
				memo[h].used = 1;
				nused++;
				memo[h].fa = f1;
				memo[h].fd = f2;
				memo[h].ca = (int)cls[a];
				memo[h].cd = (int)cls[b];
				melee_result(rs, t, (int)a, (int)b, f1, f2, v);
				for (k = 0; k < 4; k++) {
					mpq_init(memo[h].v[k]);
					mpq_set(memo[h].v[k], v[k]);
				}
			} else
				for (k = 0; k < 4; k++)
					mpq_set(v[k], memo[h].v[k]);
emit:
			o->open(o->arg, NULL, 0);
			o->string(o->arg, _("attacker"), rs->units[a].name);
			o->string(o->arg, _("defender"), rs->units[b].name);
			for (k = 0; k < 4; k++)
				put(&r, mr_keys[k], v[k]);
			o->open(o->arg, "exact", 0);
			for (k = 0; k < 4; k++)
				put(&x, mr_keys[k], v[k]);
			o->close(o->arg);
			o->close(o->arg);
		}
	for (h = 0; h < nmemo; h++)
		if (memo[h].used)
			for (k = 0; k < 4; k++)
				mpq_clear(memo[h].v[k]);
	free(memo);
	free(cls);
	for (k = 0; k < 4; k++)
		mpq_clear(v[k]);
}

/* ---- the size of the odds document ---- */

/* Bytes of a line of the document, a real, an entry's keys. */
enum { DOC_LINE = 12, DOC_REAL = 14, DOC_ENTRY = 300 };

/* A fraction's text, in quotes, on a line. */
static size_t
q_bytes(const mpq_t x)
{
	return mpz_sizeinbase(mpq_numref(x), 10) +
	    mpz_sizeinbase(mpq_denref(x), 10) + 3 + DOC_LINE;
}

/* A volley's shared values: its reals and its exact fractions (kept with
 * the memo's volley once counted). */
static size_t
volley_bytes(const struct do_fire *f)
{
	size_t n = 4 * DOC_LINE;
	int k;

	if (!f->own && f->v->doc != 0)
		return f->v->doc;
	for (k = 0; k <= f->wounds; k++)
		n += DOC_LINE + DOC_REAL + q_bytes(f->damage[k]);
	n += q_bytes(f->p_attack) + q_bytes(f->damage[f->wounds]) +
	    q_bytes(f->expected);
	if (!f->own)
		f->v->doc = n;
	return n;
}

static size_t
shooting_bytes(const struct ruleset *rs, const struct dt_tables *t,
    const char *fa, const char *fb, size_t limit)
{
	size_t a, k, b, n = 0;
	struct do_fire f;

	for (a = 0; t->shooting != DT_SHOOT_NONE && a < rs->nunits; a++) {
		if (!name_ok(fa, rs->units[a].name))
			continue;
		for (k = 0; k < rs->units[a].nweapons && n <= limit; k++)
			for (b = 0; b < rs->nunits; b++) {
				int wi = rs->units[a].weapons[k];

				if (!name_ok(fb, rs->units[b].name))
					continue;
				do_fire_init(&f);
				if (do_fire_odds(rs, t, wi, (int)b, 0, 0,
				        t->units[a].models, &f) == 0)
					n += DOC_ENTRY + volley_bytes(&f) +
					    strlen(rs->units[a].name) +
					    strlen(rs->weapons[wi].name) +
					    strlen(rs->units[b].name);
				do_fire_clear(&f);
			}
	}
	return n;
}

/* A strike's fractions, counted once a strike the memo keeps. */
static size_t
strike_bytes(const struct eng_ctx *c, struct do_strikes *m, size_t *seen,
    int x, int y)
{
	size_t slot = (size_t)m->rep[x] * (size_t)m->n + (size_t)m->trep[y];
	int k, full = full_wounds(tables_of(c), y);
	mpq_t *v;

	if (seen[slot] != 0)
		return seen[slot];
	if ((v = do_strike_get(c, m, x, y)) == NULL)
		return 0;
	for (k = 0; k <= full; k++)
		seen[slot] += DOC_LINE + DOC_REAL + q_bytes(v[k]);
	return seen[slot];
}

static size_t
melee_bytes(const struct eng_ctx *c, const char *fa, const char *fb,
    size_t limit)
{
	const struct ruleset *rs = c->rs;
	const struct dt_tables *t = tables_of(c);
	const struct dx_opposed *op;
	struct do_strikes m;
	size_t a, b, n = 0, *seen = NULL;

	if (t->melee != DT_MELEE_OPPOSED) {
		do_strikes_init(&m, c);
		seen = xcalloc(rs->nunits * rs->nunits + 1, sizeof(size_t));
	} else if (!melee_roll(t))
		return 0;
	for (a = 0; a < rs->nunits && n <= limit; a++)
		for (b = 0; b < rs->nunits; b++) {
			if (!name_ok(fa, rs->units[a].name) ||
			    !name_ok(fb, rs->units[b].name))
				continue;
			n += DOC_ENTRY + strlen(rs->units[a].name) +
			    strlen(rs->units[b].name);
			if (seen != NULL) {
				/* The first round each way, the ends. */
				n += strike_bytes(c, &m, seen, (int)b,
				         (int)a) +
				    strike_bytes(c, &m, seen, (int)a, (int)b) +
				    4 * (DOC_LINE + DOC_REAL + 40);
				continue;
			}
			op = pair_odds(rs, t, (int)a, (int)b);
			n += q_bytes(op->a_wins) + q_bytes(op->b_wins) +
			    q_bytes(op->a_mult) + q_bytes(op->b_mult) +
			    q_bytes(op->tie) + 5 * (DOC_LINE + DOC_REAL);
		}
	if (seen != NULL) {
		free(seen);
		do_strikes_clear(&m);
	}
	return n;
}

/*
 * About how many bytes of JSON do_odds_doc() writes for a and b: each
 * entry's keys and names, each real and each fraction's digits, the
 * shared values of a volley once for every entry that shows them (they
 * are written each time). Counting stops past limit.
 */
size_t
do_odds_size(const struct eng_ctx *c, const char *a, const char *b,
    size_t limit)
{
	size_t n = shooting_bytes(c->rs, tables_of(c), a, b, limit);

	if (n > limit)
		return n;
	n += melee_bytes(c, a, b, limit - n);
	/* The melees' results (opposed: an entry a pair of small
	 * fractions, as their rolls) and the tests (an entry a unit). */
	if (tables_of(c)->melee == DT_MELEE_OPPOSED)
		n += (a != NULL ? 1 : c->rs->nunits) *
		    (b != NULL ? 1 : c->rs->nunits) * DOC_ENTRY;
	return n + c->rs->nunits * DOC_ENTRY;
}

void
do_odds_doc(const struct eng_ctx *c, const char *a, const char *b,
    const struct eng_emit *out)
{
	const struct dt_tables *t = tables_of(c);

	out->string(out->arg, "ruleset", c->rs->name);
	out->string(out->arg, "engine", "dice");
	shooting_doc(c->rs, t, a, b, out);
	melee_doc(c, a, b, out);
	results_doc(c, a, b, out);
	tests_doc(c, a, b, out);
}

/* What the keywords make of roll r, for a label: " (re-roll 1s, always
 * 6+)", into buf. */
static char *
roll_words(const struct dt_roll *r, char *buf, size_t sz)
{
	size_t n = 0;

#define RW(...)                                                               \
	n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0, __VA_ARGS__)
	buf[0] = '\0';
	if (r->reroll == DT_REROLL_FAILS)
		RW("%sre-roll failures", n ? ", " : " (");
	if (r->reroll == DT_REROLL_ONES)
		RW("%sre-roll 1s", n ? ", " : " (");
	if (r->always > 0)
		RW("%salways %d+", n ? ", " : " (", r->always);
	if (r->never > 0)
		RW("%snever %d", n ? ", " : " (", r->never);
	if (r->wounds_on > 0)
		RW("%swounds %d+", n ? ", " : " (", r->wounds_on);
	if (r->nosave_on > 0)
		RW("%sno save %d+", n ? ", " : " (", r->nosave_on);
	if (r->extra_on > 0)
		RW("%s%d extra %d+", n ? ", " : " (", r->extra_n, r->extra_on);
	if (r->mortal_on > 0)
		RW("%s%d mortal %d+", n ? ", " : " (", r->mortal_n,
		    r->mortal_on);
	if (n > 0)
		RW(")");
#undef RW
	return buf;
}

/*
 * The keyed rolls self-play tallied, each by what it is (dt_tsig_build):
 * a hit, a wound, a save, a test passed, against the exact chance the
 * keywords give it (the odds' own rule, dt_roll_odds; a test's by the
 * test roll, a failure rolled again).
 */
static void
keyed_outcomes(const struct eng_ctx *ctx, const struct eng_stats *st,
    struct eng_outcomes *o, mpq_t q)
{
	const struct dt_tables *t = ctx->fam_data;
	mpq_t p[DT_ROLL__N], f;
	char words[128];
	int s, k;

	if (t == NULL)
		return;
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_init(p[k]);
	mpq_init(f);
	for (s = 0; s < t->ntsig; s++) {
		const struct dt_roll *r = &t->tsig[s];
		long h = (long)st->tally[DI_TALLY_KEYED(s, 1)];
		long n = h + (long)st->tally[DI_TALLY_KEYED(s, 0)];
		char *label;

		if (n == 0)
			continue;
		if (t->tstep[s] == DT_STEP_TEST) {
			if (!test_once(ctx->rs, t, r->need > 0 ? r->need : 1,
			        q))
				continue;
			if (r->reroll) {
				mpq_set_ui(f, 1, 1);
				mpq_sub(f, f, q);
				mpq_mul(f, f, q);
				mpq_add(q, q, f);
			}
		} else {
			dt_roll_odds(r, ctx->rs->die, p);
			mpq_set_ui(q, 1, 1);
			mpq_sub(q, q, p[DT_ROLL_FAIL]);
		}
		roll_words(r, words, sizeof(words));
		switch (t->tstep[s]) {
		case DT_STEP_HIT:
			label = xasprintf(_("Keyed hit roll of %d+%s: a hit"),
			    r->need, words);
			break;
		case DT_STEP_WOUND:
			label =
			    xasprintf(_("Keyed wound roll of %d+%s: a wound"),
			        r->need, words);
			break;
		case DT_STEP_SAVE:
			label = xasprintf(_("Keyed save of %d+%s: saved"),
			    r->need, words);
			break;
		case DT_STEP_TEST:
		case DT_STEP__N:
		default:
			label =
			    xasprintf(_("Keyed test needing %d+%s: passed"),
			        r->need, words);
			break;
		}
		eng_outcome_add(o, label, h, n, mpq_get_d(q), q_text(q));
	}
	for (k = 0; k < DT_ROLL__N; k++)
		mpq_clear(p[k]);
	mpq_clear(f);
}

/*
 * The outcomes self-play tallied (dice_play.c), each against its exact
 * chance: attacks that hit by the face To hit needs on the ruleset's
 * die, and opposed rounds the attacker's total won by the difference of
 * the two Combat factors (both roll the same melee roll).
 */
void
do_outcomes(const struct eng_ctx *ctx, const struct eng_stats *st,
    struct eng_outcomes *o)
{
	const struct dt_tables *t = ctx->fam_data;
	int die = ctx->rs->die, need, diff;
	const struct dx_opposed *op;
	mpq_t q;

	mpq_init(q);
	for (need = 1; need <= DI_TALLY_NEED_MAX && need <= die; need++) {
		long h = (long)st->tally[DI_TALLY_HIT(need, 1)];
		long n = h + (long)st->tally[DI_TALLY_HIT(need, 0)];

		if (n == 0)
			continue;
		mpq_set_ui(q, (unsigned long)(die - need + 1),
		    (unsigned long)die);
		mpq_canonicalize(q);
		eng_outcome_add(o,
		    xasprintf(_("Attack hitting on %d+: a hit"), need), h, n,
		    mpq_get_d(q), q_text(q));
	}
	/* Quality tests by the total they need: the unit passes on its
	 * Quality or more of the test roll. */
	for (need = 1; t != NULL && need <= DI_TALLY_NEED_MAX; need++) {
		long h = (long)st->tally[DI_TALLY_TEST(need, 1)];
		long n = h + (long)st->tally[DI_TALLY_TEST(need, 0)];

		if (n == 0 || !test_pass(ctx->rs, t, need, NULL, q))
			continue;
		eng_outcome_add(o,
		    xasprintf(_("Quality test needing %d+: passed"), need), h,
		    n, mpq_get_d(q), q_text(q));
	}
	keyed_outcomes(ctx, st, o, q);
	mpq_clear(q);
	if (t == NULL || !melee_roll(t))
		return;
	for (diff = -DI_TALLY_DIFF_MAX; diff <= DI_TALLY_DIFF_MAX; diff++) {
		long w = (long)st->tally[DI_TALLY_MELEE(diff, 0)];
		long n = w + (long)st->tally[DI_TALLY_MELEE(diff, 1)] +
		    (long)st->tally[DI_TALLY_MELEE(diff, 2)];

		if (n == 0)
			continue;
		/* The attacker's total: the same roll, shifted by diff. */
		op = do_opposed_pair(t, diff, 0);
		/* Short enough for the report's labels, which end in "…"
		 * past 40% of the page. */
		eng_outcome_add(o,
		    xasprintf(_("Opposed roll, factors %+d: "
		                "attacker higher"),
		        diff),
		    w, n, mpq_get_d(op->a_wins), q_text(op->a_wins));
	}
}
