/* test_dice_models.c: units of models in the dice family.
 *
 * The exact volley of a unit of models (its Attacks rolled once for each
 * model) at a unit of models whose excess damage is lost (or carries
 * over) against a reference worked out attack by attack, the simplest
 * way, for random shapes: Attacks and Damage expressions, models and
 * Wounds a model on both sides, the Wounds left. And a melee by the
 * pipeline between units of models fought to its end, played through the
 * family's own turns, against its exact odds. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/dice_odds.h"
#include "../../src/engine/engine.h"
#include "../../src/ruleset/ruleset.h"
#include "dice_ref.h"

/* d[R] for R = 0..full: the chance of R Wounds left. One attack through
 * with chance q takes its Damage's roll, no more than the Wounds left
 * or (wpm > 0) than its model has left. */
static void
one_attack(mpq_t *d, int full, const mpq_t q, const struct dx_dist *dmg,
    int wpm)
{
	mpq_t *n, x, nq;
	int r, room, v, k;

	if (full < 0 || full > 1000)
		return;
	n = calloc((size_t)full + 1, sizeof(*n));

	mpq_inits(x, nq, NULL);
	mpq_set_ui(nq, 1, 1);
	mpq_sub(nq, nq, q);
	for (r = 0; r <= full; r++)
		mpq_init(n[r]);
	for (r = 0; r <= full; r++) {
		if (mpq_sgn(d[r]) == 0)
			continue;
		if (r == 0) {
			mpq_add(n[0], n[0], d[0]);
			continue;
		}
		mpq_mul(x, d[r], nq);
		mpq_add(n[r], n[r], x);
		room = r;
		if (wpm > 0)
			room = r - (r - 1) / wpm * wpm;
		for (v = dmg->lo; v <= dmg->hi; v++) {
			k = v <= 0 ? 0 : v > room ? room : v;
			mpq_mul(x, d[r], q);
			mpq_mul(x, x, dmg->p[v - dmg->lo]);
			mpq_add(n[r - k], n[r - k], x);
		}
	}
	for (r = 0; r <= full; r++) {
		mpq_set(d[r], n[r]);
		mpq_clear(n[r]);
	}
	free(n);
	mpq_clears(x, nq, NULL);
}

static const char *const atts[] = { "1", "2", "d3", "d6", "2d3-2", "d4+1" };
static const char *const dmgs[] = { "1", "2", "3", "d3", "d6", "d3+1",
	"d6-2" };

Test(dice_models, volley_of_models_is_exact)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("rulesets/dice-models.md", &d);
	struct eng_ctx *c;
	struct dt_tables *t;
	struct dt_expr ea, ed;
	struct dx_dist da, dd, one;
	const char *why;
	int trial, col, checked = 0;

	cr_assert_not_null(rs);
	eng_family_check(rs, &d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	t = (struct dt_tables *)c->fam_data;
	srand(7);
	for (trial = 0; trial < 240; trial++) {
		int models = 1 + rand() % 4, tm = 1 + rand() % 4,
		    wpm = 1 + rand() % 4, full = tm * wpm,
		    left = 1 + rand() % full, spill = rand() % 2, n, k, r,
		    ai = rand() % 6, di = rand() % 7;
		struct dt_weapon *w = &t->weapons[1];
		struct dt_unit *u = &t->units[1];
		struct do_fire f;
		mpq_t *dist, *acc, x;

		cr_assert_eq(dt_expr_check(atts[ai], &ea, &col, &why), 0);
		cr_assert_eq(dt_expr_check(dmgs[di], &ed, &col, &why), 0);
		w->attacks.dx = ea.dx;
		w->damage.dx = ed.dx;
		u->models = tm;
		u->wpm = wpm;
		u->wounds = full;
		t->excess_spills = spill;
		do_fire_init(&f);
		cr_assert_eq(do_fire_odds(rs, t, 1, 1, 0, left, models, &f),
		    0);
		cr_assert_eq(f.wounds, left);
		/* The reference: the models' Attacks summed, then attack by
		 * attack from the Wounds left. */
		cr_assert_eq(dx_dist(&ea.dx, &one), 0);
		cr_assert_eq(dx_dist(&ed.dx, &dd), 0);
		da = one;
		for (k = 1; k < models; k++) {
			struct dx_dist sum;

			ref_dist_sum(&da, &one, &sum);
			if (k > 1)
				dx_dist_free(&da);
			da = sum;
		}
		dist = calloc((size_t)left + 1, sizeof(*dist));
		acc = calloc((size_t)left + 1, sizeof(*acc));
		for (r = 0; r <= left; r++) {
			mpq_init(dist[r]);
			mpq_init(acc[r]);
		}
		mpq_init(x);
		mpq_set_ui(dist[left], 1, 1);
		for (n = 0; n <= da.hi; n++) {
			if (n >= da.lo)
				for (r = 0; r <= left; r++) {
					mpq_mul(x, dist[r], da.p[n - da.lo]);
					mpq_add(acc[r], acc[r], x);
				}
			if (n < da.hi)
				one_attack(dist, left, f.v->q, &dd,
				    spill ? 0 : wpm);
		}
		for (k = 0; k <= left; k++)
			cr_assert(mpq_equal(acc[left - k], f.damage[k]),
			    "trial %d: %d models of %s at %d of %d x %d "
			    "Wounds, Damage %s, %s: P(%d) differs",
			    trial, models, atts[ai], left, tm, wpm, dmgs[di],
			    spill ? "spills" : "lost", k);
		checked++;
		for (r = 0; r <= left; r++) {
			mpq_clear(dist[r]);
			mpq_clear(acc[r]);
		}
		free(dist);
		free(acc);
		mpq_clear(x);
		if (models > 1)
			dx_dist_free(&da);
		dx_dist_free(&one);
		dx_dist_free(&dd);
		do_fire_clear(&f);
	}
	cr_assert_eq(checked, 240);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* One mode of strikes: a melee by the pipeline of two units of three
 * models of three Wounds (d3 Damage, excess lost) fought to its end by
 * the family's own turns (each end of turn fights the side's melee, its
 * unit attacking), n times, against the exact chain: each end within
 * four standard errors, the mean rounds within 0.05, and the attacker's
 * losses in the first round (the defender striking back with the models
 * it has left) within four standard errors each. */
static void
melee_mode(enum dt_strikes mode, long n)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("rulesets/dice-models-melee.md", &d);
	struct eng_ctx *c;
	struct do_fight f;
	long i, won = 0, lost = 0, rounds = 0, first[10] = { 0 };
	double pa, pb, se, p, fr;
	int k;

	cr_assert_not_null(rs);
	eng_family_check(rs, &d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	((struct dt_tables *)c->fam_data)->strikes = mode;
	do_fight_init(&f);
	cr_assert_eq(do_fight_odds(c, 1, 1, 9, 9, 400, NULL, &f), 0);
	cr_assert(f.chained, "the melee of units of models is fought out");
	for (i = 0; i < n; i++) {
		struct eng_game *g = eng_game_new(c);
		struct eng_action act;
		char err[256];
		int a, b;

		eng_game_init(g, c, 11, (uint64_t)i);
		a = eng_game_add(g, 1, 0, 300, 300);
		b = eng_game_add(g, 1, 1, 300, 300 + 2 * c->kinds[1].hd);
		eng_game_ready(g);
		g->side = 0;
		memset(&act, 0, sizeof(act));
		act.kind = ENG_ACT_END_TURN;
		for (k = 0; k < 400 && g->u[a].alive && g->u[b].alive; k++) {
			cr_assert_eq(c->fam->step(g, &act, err, sizeof(err)),
			    0, "%s", err);
			if (k == 0)
				first[g->u[a].alive ? g->u[a].c[3] : 9]++;
			rounds++;
		}
		won += g->u[a].alive && !g->u[b].alive;
		lost += !g->u[a].alive && g->u[b].alive;
		free(g);
	}
	pa = mpq_get_d(f.a_wins);
	pb = mpq_get_d(f.b_wins);
	se = sqrt(pa * (1 - pa) / (double)n);
	cr_assert(fabs((double)won / (double)n - pa) <= 4 * se + 1e-9,
	    "strikes %d: attacker wins: played %.4f, exact %.4f", (int)mode,
	    (double)won / (double)n, pa);
	se = sqrt(pb * (1 - pb) / (double)n);
	cr_assert(fabs((double)lost / (double)n - pb) <= 4 * se + 1e-9,
	    "strikes %d: defender wins: played %.4f, exact %.4f", (int)mode,
	    (double)lost / (double)n, pb);
	cr_assert(fabs((double)rounds / (double)n - mpq_get_d(f.rounds)) <
	        0.05,
	    "strikes %d: rounds: played %.4f, exact %.4f", (int)mode,
	    (double)rounds / (double)n, mpq_get_d(f.rounds));
	/* The first round: the attacker's Wounds lost (9: removed). */
	for (k = 0; k <= 9; k++) {
		p = mpq_get_d(f.a_loses[k]);
		fr = (double)first[k] / (double)n;
		se = sqrt(p * (1 - p) / (double)n);
		cr_assert(fabs(fr - p) <= 4 * se + 1e-9,
		    "strikes %d: the attacker loses %d in the first round: "
		    "played %.4f, exact %.4f",
		    (int)mode, k, fr, p);
	}
	do_fight_clear(&f);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(dice_models, melee_of_models_to_its_end)
{
	melee_mode(DT_STRIKES_FIRST, 20000);
}

Test(dice_models, melee_of_models_at_once)
{
	melee_mode(DT_STRIKES_AT_ONCE, 12000);
}

Test(dice_models, melee_of_models_attacker_only)
{
	melee_mode(DT_STRIKES_ONLY, 12000);
}
