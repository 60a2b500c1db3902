/* Exact odds with rationals, and self-play frequencies against them. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../src/engine/engine.h"
#include "../../src/engine/firepower.h"

#define IN 25.4

Test(engine_odds, rifle_against_machine_gun)
{
	struct eng_odds_melee m;

	/* Per roll: both 4/6*2/6 = 2/9, attacker only 4/6*4/6 = 4/9,
	 * defender only 2/6*2/6 = 1/9, draw 2/9; draws rolled again. */
	eng_odds_melee_init(&m);
	fp_melee_odds(4, 2, &m);
	cr_assert(m.resolves);
	cr_assert(eng_q_is(&m.attacker_wins, 4, 7));
	cr_assert(eng_q_is(&m.defender_wins, 1, 7));
	cr_assert(eng_q_is(&m.both_destroyed, 2, 7));
	cr_assert(eng_q_is(&m.expected_rolls, 9, 7));
	eng_odds_melee_clear(&m);
}

Test(engine_odds, every_pair_sums_to_one)
{
	struct eng_odds_melee m;
	struct eng_q sum;
	int a, d;

	eng_odds_melee_init(&m);
	eng_q_init(&sum);
	for (a = 0; a <= 6; a++)
		for (d = 0; d <= 6; d++) {
			fp_melee_odds(a, d, &m);
			if (a == 0 && d == 0) {
				cr_assert_not(m.resolves);
				continue;
			}
			eng_q_add(&sum, &m.attacker_wins, &m.defender_wins);
			eng_q_add(&sum, &sum, &m.both_destroyed);
			cr_assert(eng_q_is(&sum, 1, 1), "%d vs %d", a, d);
		}
	eng_odds_melee_clear(&m);
	eng_q_clear(&sum);
}

Test(engine_odds, power_zero_can_only_lose)
{
	struct eng_odds_melee m;

	eng_odds_melee_init(&m);
	fp_melee_odds(0, 4, &m);
	cr_assert(eng_q_is(&m.defender_wins, 1, 1));
	cr_assert(eng_q_is(&m.attacker_wins, 0, 1));
	cr_assert(eng_q_is(&m.expected_rolls, 3, 2));
	eng_odds_melee_clear(&m);
}

static struct ruleset *
load(void)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("../rulesets/morschauser-modern.md", &d);

	diags_free(&d);
	cr_assert_not_null(rs);
	return rs;
}

/* Within 4.5 standard errors of p after n trials. */
static void
agrees(long k, long n, double p, const char *what)
{
	double f = (double)k / n, se = sqrt(p * (1 - p) / n);

	cr_assert_leq(fabs(f - p), 4.5 * se + 1e-12,
	    "%s: %ld/%ld = %f, exact %f", what, k, n, f, p);
}

Test(engine_odds, played_melees_agree_with_exact_odds)
{
	struct ruleset *rs = load();
	struct diags d = { 0 };
	struct eng_ctx *c = eng_ctx_new(rs, RS_GRID_NONE, 0, &d);
	struct eng_game *g = eng_game_new(c);
	struct eng_action a;
	struct eng_odds_melee m;
	long n = 20000, i, aw = 0, dw = 0, both = 0, rolls = 0;
	char err[128];

	cr_assert_not_null(c);
	for (i = 0; i < n; i++) {
		eng_game_init(g, c, 2024, (uint64_t)i);
		g->turn_limit = 0;
		eng_game_add(g, rs_unit_find(rs, "Rifle"), ENG_BLUE, 5 * IN,
		    5 * IN);
		eng_game_add(g, rs_unit_find(rs, "Machine Gun"), ENG_RED,
		    7 * IN, 5 * IN);
		memset(&a, 0, sizeof(a));
		a.kind = ENG_ACT_MELEE;
		a.unit = 0;
		a.target = 1;
		cr_assert_eq(eng_firepower.step(g, &a, err, sizeof(err)), 0);
		aw += g->u[0].alive && !g->u[1].alive;
		dw += !g->u[0].alive && g->u[1].alive;
		both += !g->u[0].alive && !g->u[1].alive;
		rolls += (long)g->dice.rolled / 2;
	}
	eng_odds_melee_init(&m);
	fp_melee_odds(4, 2, &m);
	agrees(aw, n, eng_q_double(&m.attacker_wins), "attacker wins");
	agrees(dw, n, eng_q_double(&m.defender_wins), "defender wins");
	agrees(both, n, eng_q_double(&m.both_destroyed), "both destroyed");
	eng_odds_melee_clear(&m);
	cr_assert_float_eq((double)rolls / n, 9.0 / 7, 0.03);
	free(g);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(engine_odds, self_play_frequencies_agree_with_exact_odds)
{
	struct ruleset *rs = load();
	struct diags d = { 0 };
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_stats st;
	struct eng_odds_melee m;
	int pa, pd, f, pairs = 0;
	long n, k, shots = 0;
	char what[64];

	cr_assert_not_null(c);
	eng_odds_melee_init(&m);
	eng_selfplay(c, 4000, 11, 2, &st);
	/* Every melee the players fought, by the powers it was fought at:
	 * its three results against the exact odds. */
	for (pa = 0; pa <= 6; pa++)
		for (pd = 0; pd <= 6; pd++) {
			uint64_t *t = &st.tally[FP_TALLY_MELEE(pa, pd, 0)];
			n = (long)(t[0] + t[1] + t[2]);
			if (n < 50)
				continue;
			pairs++;
			fp_melee_odds(pa, pd, &m);
			snprintf(what, sizeof(what), "%d v %d attacker", pa,
			    pd);
			agrees((long)t[FP_T_ATT_WINS], n,
			    eng_q_double(&m.attacker_wins), what);
			snprintf(what, sizeof(what), "%d v %d defender", pa,
			    pd);
			agrees((long)t[FP_T_DEF_WINS], n,
			    eng_q_double(&m.defender_wins), what);
			snprintf(what, sizeof(what), "%d v %d both", pa, pd);
			agrees((long)t[FP_T_BOTH], n,
			    eng_q_double(&m.both_destroyed), what);
		}
	eng_odds_melee_clear(&m);
	cr_assert_geq(pairs, 2, "self-play fought too few melees");
	/* Every shot, by the number of faces that hit. */
	for (f = 1; f <= 6; f++) {
		n = (long)(st.tally[FP_TALLY_SHOT(f, 0)] +
		    st.tally[FP_TALLY_SHOT(f, 1)]);
		shots += n;
		if (n < 100)
			continue;
		k = (long)st.tally[FP_TALLY_SHOT(f, 1)];
		snprintf(what, sizeof(what), "shots hitting on %d faces", f);
		agrees(k, n, (double)f / 6, what);
	}
	cr_assert_gt(shots, 10000);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(engine_odds, fire_frequency_agrees_with_p_hit)
{
	struct ruleset *rs = load();
	struct diags d = { 0 };
	struct eng_ctx *c = eng_ctx_new(rs, RS_GRID_NONE, 0, &d);
	struct eng_game *g = eng_game_new(c);
	struct eng_action a;
	long n = 20000, i, hits = 0;
	char err[128];

	for (i = 0; i < n; i++) {
		eng_game_init(g, c, 77, (uint64_t)i);
		eng_game_add(g, rs_unit_find(rs, "Machine Gun"), ENG_BLUE,
		    5 * IN, 5 * IN);
		eng_game_add(g, rs_unit_find(rs, "Rifle"), ENG_RED, 5 * IN,
		    15 * IN);
		eng_game_add(g, rs_unit_find(rs, "Rifle"), ENG_RED, 20 * IN,
		    20 * IN);
		memset(&a, 0, sizeof(a));
		a.kind = ENG_ACT_FIRE;
		a.unit = 0;
		a.target = 1;
		a.weapon = -1;
		cr_assert_eq(eng_firepower.step(g, &a, err, sizeof(err)), 0,
		    "%s", err);
		hits += !g->u[1].alive;
	}
	agrees(hits, n, 0.5, "machine gun p_hit");
	free(g);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(engine_selfplay, same_seed_same_statistics_for_any_jobs)
{
	struct ruleset *rs = load();
	struct diags d = { 0 };
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_stats a, b;

	eng_selfplay(c, 300, 5, 1, &a);
	eng_selfplay(c, 300, 5, 3, &b);
	a.seconds = b.seconds = 0;
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0);
	cr_assert_eq(a.games, 300);
	cr_assert_eq(a.wins[0] + a.wins[1] + a.draws, 300);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}
