/* Morale family: the sequence as phases, the ruleset's own test games,
 * self-play, and frequencies of the real engine against the exact odds.
 * Run from tests/. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/engine.h"
#include "../../src/engine/mo_odds.h"
#include "../../src/engine/morale.h"
#include "../../src/engine/morale_internal.h"

#define ANCIENTS "../rulesets/gauntlet-ancients.md"

/* Returns the bundled ruleset with `from` replaced by `to` (first). */
static struct ruleset *
ancients_with(const char *from, const char *to, struct diags *d)
{
	char *data, *why, *p, *s;
	size_t len;
	struct ruleset *rs;

	cr_assert_eq(file_slurp(ANCIENTS, RS_MAX_FILE, &data, &len, &why), 0);
	if (from != NULL && (p = strstr(data, from)) != NULL) {
		*p = '\0';
		s = xasprintf("%s%s%s", data, to, p + strlen(from));
		free(data);
		data = s;
	}
	rs = rs_parse(ANCIENTS, data, strlen(data), d);
	free(data);
	return rs;
}

Test(morale, sequence_with_an_unknown_step_is_an_error)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with("3. **Rally**", "3. **Parley**",
	    &d);
	struct eng_ctx *c;
	size_t i;
	int found = 0;

	cr_assert_not_null(rs);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_null(c, "an unknown step must stop play");
	for (i = 0; i < d.n; i++)
		if (d.v[i].sev == SEV_ERROR && strstr(d.v[i].msg, "Parley"))
			found = 1;
	cr_assert(found, "the error names the unknown step");
	diags_free(&d);
	rs_free(rs);
}

Test(morale, unknown_morale_modifier_is_an_error)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with("| routing | -2 |",
	    "| panicking | -2 |", &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);

	cr_assert_null(c);
	cr_assert_geq(diags_count(&d, SEV_ERROR), 1);
	diags_free(&d);
	rs_free(rs);
}

Test(morale, sequence_order_comes_from_the_ruleset)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	const struct mo_ctx *m;

	cr_assert_not_null(c);
	m = c->fam_data;
	cr_assert_eq(m->nphase, 7);
	cr_assert_eq(m->phase[0], MO_PH_MOVEMENT);
	cr_assert_eq(m->phase[3], MO_PH_PRE_FIRING);
	cr_assert_eq(m->phase[6], MO_PH_RECORD);
	cr_assert_eq(m->morale_mod[MO_MOD_MELEED_FROM_FLANK], -2);
	cr_assert_eq(m->hits_per_morale, 3);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(morale, the_rulesets_test_games_pass)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	uint64_t cov[ENG_MAX_RULES] = { 0 };
	int played = 0, k;

	cr_assert_not_null(c);
	cr_assert_eq(eng_testgames_run(c, &d, cov, &played), 0);
	cr_assert_geq(played, 20);
	for (k = 0; k < c->fam->nrules; k++)
		cr_expect_gt(cov[k], 0, "rule %s", c->fam->rules[k].id);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(morale, a_wrong_expectation_fails_with_its_place)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with("  B: { hits: 3, morale: 5 }",
	    "  B: { hits: 4, morale: 5 }", &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	int played = 0, found = 0;
	size_t i;

	cr_assert_not_null(c);
	cr_assert_eq(eng_testgames_run(c, &d, NULL, &played), 1);
	cr_assert_geq(diags_count(&d, SEV_ERROR), 1);
	for (i = 0; i < d.n; i++)
		if (d.v[i].sev == SEV_ERROR &&
		    strstr(d.v[i].msg, "javelins hit on 6s") &&
		    strstr(d.v[i].msg, "hits 4"))
			found = 1;
	cr_assert(found, "the failure names the test game and the check");
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(morale, self_play_ends_and_repeats_by_seed)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_stats a, b;

	cr_assert_not_null(c);
	eng_selfplay(c, 200, 42, 1, &a);
	eng_selfplay(c, 200, 42, 2, &b);
	cr_assert_eq(a.games, 200);
	cr_assert_eq(a.wins[0] + a.wins[1] + a.draws, 200);
	cr_assert_leq(a.turns_max, 20);
	cr_assert_eq(a.wins[0], b.wins[0]);
	cr_assert_eq(a.wins[1], b.wins[1]);
	cr_assert_eq(a.turns_sum, b.turns_sum);
	cr_assert_eq(memcmp(a.cov, b.cov, sizeof(a.cov)), 0);
	/* A mirror match: neither side wins far more than the other. */
	cr_assert_lt(labs(a.wins[0] - a.wins[1]), 60);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* The default battle's break point ends battles sooner than fighting to
 * the last unit, and every battle ends by it or by a side broken. */
Test(morale, the_break_point_ends_battles_sooner, .timeout = 60)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct ruleset *all = ancients_with("  break: 50%\n", "", &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_ctx *ca = eng_ctx_new(all, -1, 0, &d);
	struct eng_stats a, b;

	cr_assert_not_null(c);
	cr_assert_not_null(ca);
	cr_assert_eq(rs->break_pct, 50);
	cr_assert_eq(all->break_pct, 0);
	eng_selfplay(c, 400, 5, 2, &a);
	eng_selfplay(ca, 400, 5, 2, &b);
	cr_assert_gt(a.cov[MO_R_END_ARMY_BREAKS], 0);
	cr_assert_eq(b.cov[MO_R_END_ARMY_BREAKS], 0);
	cr_assert_eq(a.timeouts, 0);
	cr_assert_gt(b.timeouts, 0);
	cr_assert_lt(a.turns_sum * 3, b.turns_sum * 2,
	    "mean turns %g with the break point, %g without",
	    (double)a.turns_sum / a.games, (double)b.turns_sum / b.games);
	/* The side that took the first turn (not the last turn's
	 * initiative) is what first_player_wins counts: with initiative
	 * rolled every turn it wins neither almost never nor always. */
	cr_assert_gt(a.first_player_wins * 10, (a.wins[0] + a.wins[1]) * 4);
	cr_assert_lt(a.first_player_wins * 10, (a.wins[0] + a.wins[1]) * 6);
	eng_ctx_free(c);
	eng_ctx_free(ca);
	diags_free(&d);
	rs_free(rs);
	rs_free(all);
}

/* A game of two units of the named types, A (blue) at the bottom facing
 * B (red) 30mm away; grades high enough that every test passes. */
static struct eng_game *
duel(const struct eng_ctx *c, const char *ta, const char *tb, uint64_t n)
{
	struct eng_game *g = eng_game_new(c);
	const struct ruleset *rs = c->rs;

	eng_game_init(g, c, 99, n);
	eng_game_add(g, rs_unit_find(rs, ta), ENG_BLUE, 200, 100);
	eng_game_add(g, rs_unit_find(rs, tb), ENG_RED, 200, 160);
	g->u[0].c[MO_C_GRADE] = 12;
	g->u[1].c[MO_C_GRADE] = 12;
	c->fam->setup(g);
	return g;
}

/* Plays n melee rounds of A charging B through the engine's phases and
 * checks the attacker's win frequency against the exact odds, within
 * five standard errors. */
static void
melee_freq(const struct eng_ctx *c, const char *ta, const char *tb,
    const char *want)
{
	const long n = 20000;
	long wins = 0, i;
	struct mo_melee m;
	const struct rs_unit *a = &c->rs->units[rs_unit_find(c->rs, ta)];
	const struct rs_unit *b = &c->rs->units[rs_unit_find(c->rs, tb)];
	double p, f, se;
	char *s;

	mo_melee_odds(&m, mo_melee_dice(c->rs, a),
	    mo_melee_die_mod(c->rs, a, 1), 0, mo_melee_dice(c->rs, b),
	    mo_melee_die_mod(c->rs, b, 1), 0);
	s = mo_q_str(&m.a_wins);
	cr_assert_str_eq(s, want);
	free(s);
	p = mo_q_double(&m.a_wins);
	for (i = 0; i < n; i++) {
		struct eng_game *g = duel(c, ta, tb, (uint64_t)i);

		g->u[0].c[MO_C_CHARGE] = 2;
		mo_phase_run(g, MO_PH_PRE_MORALE, 1);
		mo_phase_run(g, MO_PH_MELEE, 1);
		cr_assert(g->u[0].flags & MO_UF_DISORDERED ||
		        g->u[1].flags & MO_UF_DISORDERED,
		    "one side lost");
		wins += (g->u[1].flags & MO_UF_DISORDERED) != 0;
		free(g);
	}
	f = (double)wins / n;
	se = sqrt(p * (1 - p) / n);
	cr_assert_lt(fabs(f - p), 5 * se, "%s v %s: %g played, %g exact", ta,
	    tb, f, p);
}

Test(morale, melee_frequencies_agree_with_exact_odds, .timeout = 60)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);

	cr_assert_not_null(c);
	melee_freq(c, "Close Order Infantry", "Close Order Infantry", "1/2");
	melee_freq(c, "Close Order Infantry", "Close Order Pikes",
	    "215917/839808");
	melee_freq(c, "Armoured Cavalry", "Levy Infantry", "73/81");
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

Test(morale, fire_frequencies_agree_with_exact_odds, .timeout = 60)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	const long n = 20000;
	long count[5] = { 0 }, i;
	struct mo_dist dist;
	int h;

	cr_assert_not_null(c);
	mo_hits_dist(&dist, 4, 0, 0);
	for (i = 0; i < n; i++) {
		/* Archers 60mm from their target shoot in the Firing step. */
		struct eng_game *g = duel(c, "Close Order Archers",
		    "Levy Infantry", (uint64_t)i);

		eng_unit_place(g, 1, 200, 190);
		c->fam->setup(g);
		mo_phase_run(g, MO_PH_FIRING, 1);
		cr_assert_leq(((struct mo_state *)g->fam_state)->hits[1], 4);
		count[((struct mo_state *)g->fam_state)->hits[1]]++;
		free(g);
	}
	for (h = 0; h <= 4; h++) {
		double p = mo_q_double(&dist.p[h]), f = (double)count[h] / n;
		double se = sqrt(p * (1 - p) / n) + 1e-9;

		cr_assert_lt(fabs(f - p), 5 * se + 1e-4,
		    "%d hits: %g played, "
		    "%g exact",
		    h, f, p);
	}
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* Self-play of the default battle: the tallied volleys and melee rounds
 * agree with the exact odds within five standard errors. */
Test(morale, self_play_frequencies_agree_with_exact_odds, .timeout = 120)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_stats st;
	struct mo_dist dist;
	struct mo_melee m;
	int n, sv, h, ad, dd, checked = 0;

	cr_assert_not_null(c);
	eng_selfplay(c, 1000, 3, 2, &st);
	for (n = 1; n <= 6; n++)
		for (sv = 0; sv <= 1; sv++) {
			uint64_t tot = 0;

			for (h = 0; h <= n; h++)
				tot += st.tally[MO_TALLY_FIRE(n, sv, h)];
			if (tot < 500)
				continue;
			mo_hits_dist(&dist, n, 0,
			    sv ? 3 : 0); /* saves on 4-6 */
			for (h = 0; h <= n; h++) {
				double p = mo_q_double(&dist.p[h]);
				double f =
				    (double)st.tally[MO_TALLY_FIRE(n, sv, h)] /
				    (double)tot;
				double se = sqrt(p * (1 - p) / (double)tot);

				cr_assert_lt(fabs(f - p), 5 * se + 1e-3,
				    "%d dice%s, %d hits: %g played, %g exact",
				    n, sv ? " saved" : "", h, f, p);
			}
			checked++;
		}
	for (ad = 0; ad <= 6; ad++)
		for (dd = 0; dd <= 6; dd++) {
			uint64_t w = st.tally[MO_TALLY_MELEE(ad, dd, 1)];
			uint64_t tot = w + st.tally[MO_TALLY_MELEE(ad, dd, 0)];
			double p, f, se;

			if (tot < 300)
				continue;
			mo_melee_odds(&m, ad, 0, 0, dd, 0, 0);
			p = mo_q_double(&m.a_wins);
			f = (double)w / (double)tot;
			se = sqrt(p * (1 - p) / (double)tot);
			cr_assert_lt(fabs(f - p), 5 * se + 1e-3,
			    "melee %d v %d "
			    "dice: %g played, %g exact (%llu rounds)",
			    ad, dd, f, p, (unsigned long long)tot);
			checked++;
		}
	cr_assert_geq(checked, 4, "enough volleys and rounds to compare");
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* hits_per_morale (a setting, in the front matter): with 1, every hit
 * costs a point. */
Test(morale, hits_per_morale_comes_from_the_front_matter)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with("hits_per_morale: 3",
	    "hits_per_morale: 1", &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_game *g;
	static const int dice[] = { 6, 6, 1, 1 };

	cr_assert_not_null(c);
	cr_assert_eq(c->set.v[MO_SET_HITS], 1); /* a setting of the family */
	g = duel(c, "Close Order Archers", "Close Order Infantry", 0);
	g->u[1].c[MO_C_GRADE] = 6;
	eng_unit_place(g, 1, 200, 190);
	c->fam->setup(g);
	g->dice.script = dice;
	g->dice.nscript = 4;
	g->dice.next = 0;
	mo_phase_run(g, MO_PH_FIRING, 1);
	cr_assert_eq(((struct mo_state *)g->fam_state)->hits[1], 2);
	cr_assert_eq(((struct mo_state *)g->fam_state)->morale[1], 4,
	    "two hits, two points");
	cr_assert_eq(g->dice.out, 0);
	free(g);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* Checks, turn by turn through games of the default battle on the board
 * of c, that the family's table of squared distances between enemies
 * matches the core's eng_dist2 for every pair on the table, and that
 * every nearest enemy it keeps (not stale) is at the least distance. */
static void
check_distance_table(const struct eng_ctx *c)
{
	struct eng_game *g = eng_game_new(c);
	const struct mo_state *s = (const struct mo_state *)(const void *)
	                               g->fam_state;
	long n;
	int i, j, k, checked = 0;

	for (n = 0; n < 6; n++) {
		eng_game_init(g, c, 5, (uint64_t)n);
		if (n & 1)
			g->player[1] = ENG_PLAYER_RANDOM;
		eng_battle_setup(g);
		c->fam->setup(g);
		eng_initiative(g);
		while (!g->over) {
			c->fam->play_turn(g);
			for (i = 0; i < g->nu; i++) {
				double least = 1e300, t;
				int side = g->u[i].side, foe = 1 - side;
				const double *row =
				    &s->enemy_dist2[side][s->side_place[i] *
				        s->side_count[foe]];

				if (!g->u[i].alive)
					continue;
				cr_assert_eq(s->side_unit[side]
				                         [s->side_place[i]],
				    i);
				for (k = 0; k < s->side_count[foe]; k++) {
					j = s->side_unit[foe][k];
					if (!g->u[j].alive)
						continue;
					t = eng_dist2(g, &g->u[i], &g->u[j]);
					cr_assert_eq(row[k], t,
					    "game %ld turn "
					    "%d: table %d-%d stale",
					    n, g->gturn, i, j);
					least = t < least ? t : least;
					checked++;
				}
				if (s->nearest_known &&
				    !(s->nearest_stale >> i & 1) &&
				    least < 1e300) {
					cr_assert_geq(s->nearest[i], 0);
					cr_assert_float_eq(s->nearest_dist2[i],
					    least, 1e-9 * (1 + least),
					    "unit "
					    "%d's nearest enemy is not the "
					    "nearest",
					    i);
				}
			}
		}
	}
	cr_assert_gt(checked, 1000);
	free(g);
}

Test(morale, the_distance_table_follows_the_units)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d), *h;

	cr_assert_not_null(c);
	check_distance_table(c);
	h = eng_ctx_new(rs, RS_GRID_HEX, 30, &d);
	cr_assert_not_null(h);
	check_distance_table(h);
	eng_ctx_free(h);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* The players face units towards their enemies without working out the
 * angle (face_to); the angle is there when the battle is over, and
 * agrees with the direction the sector tests used. */
Test(morale, facings_are_angles_when_the_battle_ends)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	uint64_t n;
	int i, lazy = 0;

	cr_assert_not_null(c);
	for (n = 0; n < 20; n++) {
		struct eng_game *g = eng_game_new(c);
		const struct mo_state *s;

		eng_game_init(g, c, 7, n);
		eng_battle_setup(g);
		c->fam->setup(g);
		eng_initiative(g);
		/* One turn: players have faced units, lazily. */
		mo_phase_run(g, MO_PH_MOVEMENT, 0);
		for (i = 0; i < g->nu; i++)
			lazy += isinf(g->u[i].facing);
		eng_game_play(g);
		cr_assert(g->over);
		s = (const struct mo_state *)(const void *)g->fam_state;
		for (i = 0; i < g->nu; i++) {
			cr_assert(isfinite(g->u[i].facing), "unit %d", i);
			if (g->u[i].alive && (s->trig_valid >> i & 1) &&
			    s->trig_facing[i] == (float)g->u[i].facing) {
				cr_assert_float_eq(sin(g->u[i].facing),
				    s->facing_sin[i], 1e-5);
				cr_assert_float_eq(cos(g->u[i].facing),
				    s->facing_cos[i], 1e-5);
			}
		}
		free(g);
	}
	cr_assert_gt(lazy, 0);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* Returns 1 when a base of half sizes (hw, hd) a hair smaller (the
 * forced path's "meeting": touching is not) at (x, y) overlaps unit j's
 * base, its summed sizes widened by slack. */
static int
base_meets(const struct eng_game *g, int j, double x, double y, double hw,
    double hd, double slack)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[j].type];

	return fabs(x - g->u[j].x) < hw - 1e-6 + k->hw + slack &&
	    fabs(y - g->u[j].y) < hd - 1e-6 + k->hd + slack;
}

/* Forced moves (falling back, routing, evading) go along a straight path
 * that stops where the base first meets another base or the table edge
 * (Clarifications 12 to 14): for random places, on a 5mm lattice a third
 * of the time so that bases touch and moves run along their sides, and
 * random and axis-aligned directions, no base that the moving one did not
 * already overlap is met anywhere before the stop (2,000 points along
 * it), the base stays on the table, and just past the stop it meets the
 * unit named or the edge; a move that meets nothing goes its length. */
Test(morale, forced_paths_stop_at_the_first_base_or_the_edge)
{
	struct diags d = { 0 };
	struct ruleset *rs = ancients_with(NULL, NULL, &d);
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, &d);
	struct eng_game *g;
	uint64_t seed = 12345;
	int trial, i, j, k, met, blocked = 0, edges = 0, free_runs = 0;

	cr_assert_not_null(c);
	g = eng_game_new(c);
	eng_game_init(g, c, 7, 0);
	eng_battle_setup(g);
	c->fam->setup(g);
#define RND()                                                                 \
	(seed = seed * 6364136223846793005ULL + 1442695040888963407ULL,       \
	    (double)(seed >> 11) / 9007199254740992.0)
	for (trial = 0; trial < 3000; trial++) {
		int lattice = trial % 3 == 0;
		double ux, uy, len, go, hw, hd, x, y, a, t;

		for (j = 0; j < g->nu; j++) {
			if (!g->u[j].alive)
				continue;
			hw = g->ctx->kinds[g->u[j].type].hw;
			hd = g->ctx->kinds[g->u[j].type].hd;
			x = hw + RND() * (g->board->w - 2 * hw);
			y = hd + RND() * (g->board->h - 2 * hd);
			if (lattice) {
				x = hw + 5 * floor((x - hw) / 5);
				y = hd + 5 * floor((y - hd) / 5);
			}
			mo_place(g, j, x, y);
		}
		i = (int)(RND() * g->nu);
		if (lattice) {
			k = (int)(RND() * 8);
			ux = k < 2 ? (k ? 1 : -1) : k < 4 ? 0 : k & 1 ? 1 : -1;
			uy = k < 2 ? 0 :
			    k < 4  ? (k & 1 ? 1 : -1) :
			    k & 2  ? 1 :
			             -1;
			a = sqrt(ux * ux + uy * uy);
			ux /= a;
			uy /= a;
		} else {
			a = RND() * 2 * M_PI;
			ux = sin(a);
			uy = cos(a);
		}
		len = 1 + RND() * 150;
		x = g->u[i].x;
		y = g->u[i].y;
		hw = g->ctx->kinds[g->u[i].type].hw;
		hd = g->ctx->kinds[g->u[i].type].hd;
		go = mo_forced_path(g, i, x, y, ux, uy, len, &met);
		cr_assert(go >= 0 && go <= len + 1e-9);
		for (j = 0; j < g->nu; j++) {
			if (j == i || !g->u[j].alive ||
			    base_meets(g, j, x, y, hw, hd, 0))
				continue;
			for (k = 0; k <= 2000; k++) {
				t = go * k / 2000;
				cr_assert(!base_meets(g, j, x + ux * t,
				              y + uy * t, hw, hd, -1e-7),
				    "trial %d: unit %d meets unit %d at %g "
				    "before the stop at %g",
				    trial, i, j, t, go);
			}
		}
		t = go;
		cr_assert(x + ux * t - hw >= -1e-7 &&
		    x + ux * t + hw <= g->board->w + 1e-7 &&
		    y + uy * t - hd >= -1e-7 &&
		    y + uy * t + hd <= g->board->h + 1e-7);
		if (met >= 0) {
			blocked++;
			t = go + 1e-4;
			cr_assert(base_meets(g, met, x + ux * t, y + uy * t,
			              hw, hd, 1e-4),
			    "trial %d: past the stop unit %d does not meet "
			    "unit %d",
			    trial, i, met);
		} else if (met == MO_MET_EDGE) {
			edges++;
			t = go + 1e-4;
			cr_assert(x + ux * t - hw < 0 ||
			    x + ux * t + hw > g->board->w ||
			    y + uy * t - hd < 0 ||
			    y + uy * t + hd > g->board->h);
		} else {
			free_runs++;
			cr_assert_float_eq(go, len, 1e-12);
		}
	}
#undef RND
	cr_assert_gt(blocked, 300);
	cr_assert_gt(edges, 30);
	cr_assert_gt(free_runs, 300);
	free(g);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}
