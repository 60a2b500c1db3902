/* test_dice_triggers.c: keywords whose natural faces score extra hits or
 * make mortal wounds (dice_keywords.c, dice_volley.c's general path).
 *
 * The exact volley against a reference worked out attack by attack, hit
 * by hit, the simplest way, for random shapes: the faces and counts of
 * the triggers, a hit that wounds or cannot be saved, re-rolled
 * failures, the To hit, wound and save rolls, Attacks and Damage, the
 * models of both sides and a model's excess lost or carried over, the
 * Wounds left. And volleys played by the family against their exact
 * odds. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/dice_odds.h"
#include "../../src/engine/engine.h"
#include "../../src/ruleset/ruleset.h"
#include "dice_ref.h"

/* One roll as the reference reads it, from the effects it was given. */
struct spec {
	int need, reroll, wounds_on, nosave_on, extra_on, mortal_on;
};

/* The result of a kept natural face f. */
static int
res_of(const struct spec *s, int f)
{
	int base;

	if (f < s->need)
		return DT_ROLL_FAIL;
	if (s->mortal_on && f >= s->mortal_on)
		return DT_ROLL_MORTAL;
	base = s->nosave_on && f >= s->nosave_on ? DT_ROLL_NO_SAVE :
	    s->wounds_on && f >= s->wounds_on    ? DT_ROLL_WOUNDS :
	                                           DT_ROLL_PLAIN;
	return s->extra_on && f >= s->extra_on ? base + DT_ROLL_EXTRA : base;
}

/* The chance of each result of a d6 roll of s, failures re-rolled once
 * when s says. */
static void
spec_odds(const struct spec *s, mpq_t p[DT_ROLL__N])
{
	int f, g, k;

	for (k = 0; k < DT_ROLL__N; k++)
		mpq_set_ui(p[k], 0, 1);
	for (f = 1; f <= 6; f++) {
		mpq_t x;

		mpq_init(x);
		if (res_of(s, f) == DT_ROLL_FAIL && s->reroll) {
			for (g = 1; g <= 6; g++) {
				mpq_set_ui(x, 1, 36);
				mpq_add(p[res_of(s, g)], p[res_of(s, g)], x);
			}
		} else {
			mpq_set_ui(x, 1, 6);
			mpq_add(p[res_of(s, f)], p[res_of(s, f)], x);
		}
		mpq_clear(x);
	}
}

struct ref {
	int full, wpm; /* Wounds left to start from; wpm 0: excess spills */
	mpq_t hit[DT_ROLL__N], wound[DT_ROLL__N];
	mpq_t unsaved;
	int extra, mh, mw;
	const struct dx_dist *dmg;
};

/* d[L] *= 0, then d[L'] += x p[L] for a state vector. */
static mpq_t *
vec(int n)
{
	mpq_t *v = calloc((size_t)n + 1, sizeof(*v));
	int k;

	for (k = 0; k <= n; k++)
		mpq_init(v[k]);
	return v;
}

static void
vec_free(mpq_t *v, int n)
{
	int k;

	for (k = 0; k <= n; k++)
		mpq_clear(v[k]);
	free(v);
}

/* out += x * (in after m mortal wounds). */
static void
add_mortal(mpq_t *out, mpq_t *in, int n, int m, const mpq_t x)
{
	mpq_t y;
	int L;

	mpq_init(y);
	for (L = 0; L <= n; L++) {
		mpq_mul(y, in[L], x);
		mpq_add(out[L > m ? L - m : 0], out[L > m ? L - m : 0], y);
	}
	mpq_clear(y);
}

/* out += x * (in after an unsaved wound's Damage). */
static void
add_damage(const struct ref *r, mpq_t *out, mpq_t *in, const mpq_t x)
{
	mpq_t y;
	int L, v, k, room;

	mpq_init(y);
	for (L = 0; L <= r->full; L++) {
		if (mpq_sgn(in[L]) == 0)
			continue;
		room = L;
		if (r->wpm > 0 && L > 0)
			room = L - (L - 1) / r->wpm * r->wpm;
		for (v = r->dmg->lo; v <= r->dmg->hi; v++) {
			k = v <= 0 ? 0 : v > room ? room : v;
			mpq_mul(y, in[L], x);
			mpq_mul(y, y, r->dmg->p[v - r->dmg->lo]);
			mpq_add(out[L - k], out[L - k], y);
		}
	}
	mpq_clear(y);
}

/* in becomes in after one hit of result res (a plain, wounding or
 * no-save hit) goes on: its wound roll, its save, its Damage. */
static void
one_hit(const struct ref *r, mpq_t *in, int res)
{
	mpq_t *out = vec(r->full), x, one;
	int L;

	mpq_inits(x, one, NULL);
	mpq_set_ui(one, 1, 1);
	if (res == DT_ROLL_PLAIN) {
		/* Removed stays removed whatever the dice. */
		for (L = 0; L <= r->full; L++) {
			mpq_mul(x, in[L], r->wound[DT_ROLL_FAIL]);
			mpq_add(out[L], out[L], x);
		}
		add_mortal(out, in, r->full, r->mw, r->wound[DT_ROLL_MORTAL]);
		mpq_mul(x, r->wound[DT_ROLL_PLAIN], r->unsaved);
		add_damage(r, out, in, x);
		mpq_sub(x, one, r->unsaved);
		mpq_mul(x, x, r->wound[DT_ROLL_PLAIN]);
		for (L = 0; L <= r->full; L++) {
			mpq_t y;

			mpq_init(y);
			mpq_mul(y, in[L], x);
			mpq_add(out[L], out[L], y);
			mpq_clear(y);
		}
		add_damage(r, out, in, r->wound[DT_ROLL_NO_SAVE]);
	} else if (res == DT_ROLL_WOUNDS) {
		add_damage(r, out, in, r->unsaved);
		mpq_sub(x, one, r->unsaved);
		for (L = 0; L <= r->full; L++) {
			mpq_t y;

			mpq_init(y);
			mpq_mul(y, in[L], x);
			mpq_add(out[L], out[L], y);
			mpq_clear(y);
		}
	} else
		add_damage(r, out, in, one);
	for (L = 0; L <= r->full; L++)
		mpq_set(in[L], out[L]);
	vec_free(out, r->full);
	mpq_clears(x, one, NULL);
}

/* d after one more attack: its to hit roll, then its hit and each of
 * its extra hits in turn. */
static void
one_attack(const struct ref *r, mpq_t *d)
{
	mpq_t *out = vec(r->full), *h = vec(r->full), x;
	int res, L, e;

	mpq_init(x);
	for (res = 0; res < DT_ROLL__N; res++) {
		if (mpq_sgn(r->hit[res]) == 0)
			continue;
		if (res == DT_ROLL_FAIL) {
			for (L = 0; L <= r->full; L++) {
				mpq_mul(x, d[L], r->hit[res]);
				mpq_add(out[L], out[L], x);
			}
			continue;
		}
		if (res == DT_ROLL_MORTAL) {
			add_mortal(out, d, r->full, r->mh, r->hit[res]);
			continue;
		}
		for (L = 0; L <= r->full; L++)
			mpq_set(h[L], d[L]);
		one_hit(r, h, DT_ROLL_BASE(res));
		for (e = 0; DT_ROLL_HAS_EXTRA(res) && e < r->extra; e++)
			one_hit(r, h, DT_ROLL_PLAIN);
		for (L = 0; L <= r->full; L++) {
			mpq_mul(x, h[L], r->hit[res]);
			mpq_add(out[L], out[L], x);
		}
	}
	for (L = 0; L <= r->full; L++)
		mpq_set(d[L], out[L]);
	vec_free(out, r->full);
	vec_free(h, r->full);
	mpq_clear(x);
}

static const char *const atts[] = { "1", "2", "d3", "d6", "2d3-2", "d4+1" };
static const char *const dmgs[] = { "1", "2", "3", "d3", "d6", "d3+1",
	"d6-2" };

/* The fixture's keywords, given new effects: Sustained (to hit) extra
 * hits, Devastating (to wound) and Hexed (to hit) mortal wounds, and
 * Torrent (to hit) wounds, no save or re-roll failures. */
static void
set_fx(struct dt_keyword *k, enum dt_kfx_kind kind, int face, int count)
{
	memset(k->fx, 0, sizeof(k->fx));
	k->fx[0].kind = kind;
	k->fx[0].n = face;
	k->fx[0].count = count;
	k->nfx = 1;
}

Test(dice_triggers, volley_with_triggers_is_exact)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("rulesets/dice-triggers.md", &d);
	struct eng_ctx *c;
	struct dt_tables *t;
	struct dt_expr ea, ed;
	struct dx_dist da, dd, one;
	const char *why;
	int trial, col, checked = 0, general = 0;

	cr_assert_not_null(rs);
	eng_family_check(rs, &d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	t = (struct dt_tables *)c->fam_data;
	cr_assert_eq(t->nkw, 4);
	srand(11);
	for (trial = 0; trial < 300; trial++) {
		int models = 1 + rand() % 3, tm = 1 + rand() % 4,
		    wpm = 1 + rand() % 4, full = tm * wpm,
		    left = 1 + rand() % full, spill = rand() % 2, n, k, L,
		    ai = rand() % 6, di = rand() % 7, hit = 2 + rand() % 5,
		    wn = 2 + rand() % 5,
		    save = rand() % 2 ? 0 : 2 + rand() % 5, ap = rand() % 3,
		    ex = 4 + rand() % 3, exn = 1 + rand() % 3,
		    mw = 3 + rand() % 4, mwn = 1 + rand() % 3,
		    mh = 5 + rand() % 2, mhn = 1 + rand() % 2,
		    other = rand() % 3, oface = 5 + rand() % 2,
		    pick = rand() % 16;
		struct dt_weapon *w = &t->weapons[0];
		struct dt_unit *u = &t->units[1];
		struct spec hs = { 0 }, ws = { 0 };
		struct ref r;
		struct do_fire f, steps;
		mpq_t *dist, *acc, x;

		if (pick == 0)
			pick = 1 + trial % 15;
		cr_assert_eq(dt_expr_check(atts[ai], &ea, &col, &why), 0);
		cr_assert_eq(dt_expr_check(dmgs[di], &ed, &col, &why), 0);
		w->attacks.dx = ea.dx;
		w->damage.dx = ed.dx;
		w->to_hit = hit;
		w->ap = ap;
		t->need[0][0] = (signed char)wn;
		u->models = tm;
		u->wpm = wpm;
		u->wounds = full;
		u->save = save;
		u->kw.n = 0;
		t->excess_spills = spill;
		set_fx(&t->kw[0], DT_KFX_EXTRA_HITS, ex, exn);
		set_fx(&t->kw[1], DT_KFX_MORTAL, mw, mwn);
		set_fx(&t->kw[2], DT_KFX_MORTAL, mh, mhn);
		set_fx(&t->kw[3],
		    other == 0     ? DT_KFX_WOUNDS :
		        other == 1 ? DT_KFX_NO_SAVE :
		                     DT_KFX_REROLL_FAILS,
		    oface, 0);
		w->kw.n = 0;
		for (k = 0; k < 4; k++)
			if (pick >> k & 1) {
				w->kw.v[w->kw.n].k = k;
				w->kw.v[w->kw.n++].x = 1;
			}
		/* The reference's rolls, from the effects given. */
		hs.need = hit;
		ws.need = wn;
		if (pick & 1)
			hs.extra_on = ex;
		if (pick & 2)
			ws.mortal_on = mw;
		if (pick & 4)
			hs.mortal_on = mh;
		if (pick & 8) {
			if (other == 0)
				hs.wounds_on = oface;
			else if (other == 1)
				hs.nosave_on = oface;
			else
				hs.reroll = 1;
		}
		memset(&r, 0, sizeof(r));
		for (k = 0; k < DT_ROLL__N; k++)
			mpq_inits(r.hit[k], r.wound[k], NULL);
		mpq_init(r.unsaved);
		spec_odds(&hs, r.hit);
		spec_odds(&ws, r.wound);
		/* Save plus AP: the faces below it fail; none, or past the
		 * die, always. */
		if (save == 0 || save + ap > 6)
			mpq_set_ui(r.unsaved, 1, 1);
		else {
			mpq_set_ui(r.unsaved, (unsigned long)(save + ap - 1),
			    6);
			mpq_canonicalize(r.unsaved);
		}
		r.full = left;
		r.wpm = spill || tm == 1 || ed.dx.hi <= 1 ? 0 : wpm;
		r.extra = exn;
		r.mh = mhn;
		r.mw = mwn;
		do_fire_init(&f);
		cr_assert_eq(do_fire_odds(rs, t, 0, 1, 0, left, models, &f),
		    0);
		cr_assert_eq(f.wounds, left);
		general += f.v->sh != NULL;
		/* The reference: the models' Attacks summed, then attack by
		 * attack from the Wounds left. */
		cr_assert_eq(dx_dist(&ea.dx, &one), 0);
		cr_assert_eq(dx_dist(&ed.dx, &dd), 0);
		r.dmg = &dd;
		da = one;
		for (k = 1; k < models; k++) {
			struct dx_dist sum;

			ref_dist_sum(&da, &one, &sum);
			if (k > 1)
				dx_dist_free(&da);
			da = sum;
		}
		dist = vec(left);
		acc = vec(left);
		mpq_init(x);
		/* One attack from the Wounds left: the chance it takes at
		 * least one. */
		mpq_set_ui(dist[left], 1, 1);
		one_attack(&r, dist);
		mpq_set_ui(x, 1, 1);
		mpq_sub(x, x, dist[left]);
		cr_assert(mpq_equal(x, f.p_attack),
		    "trial %d: p_attack %s, the reference's %s", trial,
		    mpq_get_str(NULL, 10, f.p_attack),
		    mpq_get_str(NULL, 10, x));
		do_fire_init(&steps);
		cr_assert_eq(do_fire_steps(rs, t, 0, 1, 0, &steps), 0);
		cr_assert(mpq_equal(steps.p_attack, f.p_attack),
		    "trial %d: the steps' p_attack differs", trial);
		do_fire_clear(&steps);
		for (L = 0; L <= left; L++)
			mpq_set_ui(dist[L], L == left, 1);
		for (n = 0; n <= da.hi; n++) {
			if (n >= da.lo)
				for (L = 0; L <= left; L++) {
					mpq_mul(x, dist[L], da.p[n - da.lo]);
					mpq_add(acc[L], acc[L], x);
				}
			if (n < da.hi)
				one_attack(&r, dist);
		}
		for (k = 0; k <= left; k++)
			cr_assert(mpq_equal(acc[left - k], f.damage[k]),
			    "trial %d: %d models of %s at %d of %d x %d "
			    "Wounds, Damage %s, %s, keywords %d: P(%d) is "
			    "%s, the reference's %s",
			    trial, models, atts[ai], left, tm, wpm, dmgs[di],
			    spill ? "spills" : "lost", pick, k,
			    mpq_get_str(NULL, 10, f.damage[k]),
			    mpq_get_str(NULL, 10, acc[left - k]));
		checked++;
		vec_free(dist, left);
		vec_free(acc, left);
		mpq_clear(x);
		for (k = 0; k < DT_ROLL__N; k++)
			mpq_clears(r.hit[k], r.wound[k], NULL);
		mpq_clear(r.unsaved);
		if (models > 1)
			dx_dist_free(&da);
		dx_dist_free(&one);
		dx_dist_free(&dd);
		do_fire_clear(&f);
	}
	cr_assert_eq(checked, 300);
	cr_assert(general > 100, "the general path was taken %d times",
	    general);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* Volleys played by the family, 20,000 of each, against their exact
 * odds: the chance the target is removed within four standard errors,
 * the mean damage within four of its own. The Ripper (an extra hit on a
 * six, two mortal wounds on a six to wound) at Reavers and at Wardens,
 * and the Hexgun (a mortal wound on a six to hit, Damage 2) of three
 * Wardens at three Wardens of 2 Wounds, excess lost. */
Test(dice_triggers, played_volleys_match_exact)
{
	static const struct {
		int shooter, weapon, target;
	} v[] = { { 0, 0, 0 }, { 1, 1, 1 }, { 0, 0, 1 } };
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("rulesets/dice-triggers.md", &d);
	struct eng_ctx *c;
	size_t i;

	cr_assert_not_null(rs);
	eng_family_check(rs, &d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		const struct dt_tables *t = c->fam_data;
		long n = 20000, g, removed = 0;
		double sum = 0, pr, mean, var, se;
		struct do_fire f;
		int full = t->units[v[i].target].wounds, k;

		do_fire_init(&f);
		cr_assert_eq(do_fire_odds(rs, t, v[i].weapon, v[i].target, 0,
		                 0, t->units[v[i].shooter].models, &f),
		    0);
		cr_assert_not_null(f.v->sh,
		    "volley %zu takes the general path", i);
		for (g = 0; g < n; g++) {
			struct eng_game *gm = eng_game_new(c);
			struct eng_action act;
			char err[256];
			int a, b, lost, taken[1];

			eng_game_init(gm, c, 13, (uint64_t)g);
			a = eng_game_add(gm, v[i].shooter, 0, 300, 100);
			b = eng_game_add(gm, v[i].target, 1, 300, 250);
			eng_game_ready(gm);
			gm->side = 0;
			memset(&act, 0, sizeof(act));
			act.kind = ENG_ACT_FIRE;
			act.unit = a;
			act.target = b;
			act.weapon = v[i].weapon;
			cr_assert_eq(c->fam->step(gm, &act, err, sizeof(err)),
			    0, "%s", err);
			dp_unit_gauges(gm, b, taken);
			lost = gm->u[b].alive ? taken[0] : full;
			removed += !gm->u[b].alive;
			sum += lost;
			free(gm);
		}
		pr = mpq_get_d(f.damage[full]);
		se = sqrt(pr * (1 - pr) / (double)n) + 1e-9;
		cr_assert(fabs((double)removed / (double)n - pr) <= 4 * se,
		    "volley %zu removes: played %.4f, exact %.4f", i,
		    (double)removed / (double)n, pr);
		mean = mpq_get_d(f.expected);
		var = 0;
		for (k = 0; k <= full; k++)
			var += mpq_get_d(f.damage[k]) * (k - mean) *
			    (k - mean);
		se = sqrt(var / (double)n) + 1e-9;
		cr_assert(fabs(sum / (double)n - mean) <= 4 * se,
		    "volley %zu damage: played %.4f, exact %.4f", i,
		    sum / (double)n, mean);
		do_fire_clear(&f);
	}
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* The greedy player's Wounds expected of one attack: the exact mean of a
 * volley of one attack where no cap binds. The Ripper at Wardens (6
 * Wounds; an attack takes at most 4): 1/3; at Reavers (3 Wounds, no
 * save) uncapped 4/9 (the capped mean is 95/216). */
Test(dice_triggers, greedy_expects_the_triggers)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("rulesets/dice-triggers.md", &d);
	struct eng_ctx *c;
	const struct dt_tables *t;

	cr_assert_not_null(rs);
	eng_family_check(rs, &d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	t = c->fam_data;
	cr_assert_float_eq(do_attack_mean(rs, t, 0, 1, 1.0), 1.0 / 3, 1e-12);
	cr_assert_float_eq(do_attack_mean(rs, t, 0, 0, 1.0), 4.0 / 9, 1e-12);
	cr_assert_float_eq(t->ev[0 * t->nunits + 1], 1.0 / 3, 1e-12);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}
