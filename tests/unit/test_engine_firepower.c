/* The firepower family on the bundled Morschauser Modern ruleset: each
 * rule through scripted games, the bundled test games, coverage and the
 * findings. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../src/engine/engine.h"
#include "../../src/engine/firepower.h"

#define IN 25.4

static struct ruleset *rs;
static struct eng_ctx *free_ctx, *grid_ctx;
static struct diags grid_diags;

static void
setup(void)
{
	struct diags d = { 0 };

	rs = rs_read("../rulesets/morschauser-modern.md", &d);
	cr_assert_not_null(rs);
	cr_assert_lt(diags_worst(&d), SEV_ERROR);
	diags_free(&d);
	free_ctx = eng_ctx_new(rs, RS_GRID_NONE, 0, &d);
	cr_assert_not_null(free_ctx);
	diags_free(&d);
	grid_ctx = eng_ctx_new(rs, -1, 0, &grid_diags);
	cr_assert_not_null(grid_ctx);
}

static void
teardown(void)
{
	eng_ctx_free(free_ctx);
	eng_ctx_free(grid_ctx);
	diags_free(&grid_diags);
	rs_free(rs);
}

TestSuite(firepower, .init = setup, .fini = teardown);

static struct eng_game G;

/* A scripted game on the free table; units at positions in inches. */
static void
game(const int *dice, size_t n)
{
	eng_game_init(&G, free_ctx, 0, 0);
	G.turn_limit = 0;
	G.dice.script = dice;
	G.dice.nscript = n;
}

static int
unit(const char *type, int side, double x, double y)
{
	int t = rs_unit_find(rs, type);

	cr_assert_geq(t, 0, "%s", type);
	return eng_game_add(&G, t, side, x * IN, y * IN);
}

static int
act(enum eng_act_kind k, int a, int b, double x, double y)
{
	struct eng_action ac;
	char err[256];

	memset(&ac, 0, sizeof(ac));
	ac.kind = k;
	ac.unit = a;
	ac.target = b;
	ac.weapon = -1;
	ac.npath = 1;
	ac.path[0][0] = x * IN;
	ac.path[0][1] = y * IN;
	return eng_firepower.step(&G, &ac, err, sizeof(err));
}

Test(firepower, melee_roll_under_both_dice)
{
	static const int d[] = { 3, 5 };
	int a, b;

	game(d, 2);
	a = unit("Rifle", ENG_BLUE, 5, 5);
	b = unit("Machine Gun", ENG_RED, 7, 5);
	cr_assert_eq(act(ENG_ACT_MELEE, a, b, 0, 0), 0);
	cr_assert(G.u[a].alive);
	cr_assert_not(G.u[b].alive);
	cr_assert_eq(G.cov[FP_R_MELEE_ATTACKER_WINS], 1u);
	cr_assert_eq(G.dice.next, 2u);
}

Test(firepower, melee_draw_is_rolled_again)
{
	static const int d[] = { 5, 5, 6, 3, 4, 1 };
	int a, b;

	game(d, 6);
	a = unit("Rifle", ENG_BLUE, 5, 5);
	b = unit("Machine Gun", ENG_RED, 7, 5);
	act(ENG_ACT_MELEE, a, b, 0, 0);
	cr_assert_eq(G.cov[FP_R_MELEE_DRAW], 2u);
	cr_assert_eq(G.cov[FP_R_MELEE_BOTH], 1u);
	cr_assert_not(G.u[a].alive);
	cr_assert_not(G.u[b].alive);
}

Test(firepower, melee_range_edge_to_edge_inclusive)
{
	int a, b, c;

	game(NULL, 0);
	a = unit("Rifle", ENG_BLUE, 5, 5);
	b = unit("Rifle", ENG_RED, 8, 5);    /* 2" apart */
	c = unit("Rifle", ENG_RED, 5, 8.01); /* just over 2" */
	cr_assert_leq(eng_dist2(&G, &G.u[a], &G.u[b]),
	    free_ctx->melee_range * free_ctx->melee_range + 1e-6);
	cr_assert_gt(eng_dist2(&G, &G.u[a], &G.u[c]),
	    free_ctx->melee_range * free_ctx->melee_range);
	cr_assert_eq(act(ENG_ACT_MELEE, a, c, 0, 0), -1);
	cr_assert_eq(G.cov[FP_R_MELEE_RANGE], 1u);
}

/* Clarification 4: the built-in player that wins the melee it must
 * fight at the start does not fire from that spot as well (it used to:
 * its fire check asked only whether an enemy was still in range). */
Test(firepower, greedy_does_not_fire_where_it_fought)
{
	static const int d[] = { 1, 6, 6, 6, 6, 6 };
	int a, b, c;

	game(d, 6);
	a = unit("Rifle", ENG_BLUE, 5, 5);
	b = unit("Machine Gun", ENG_RED, 6.5, 5);
	c = unit("Field Gun", ENG_RED, 5,
	    20); /* in rifle range, beyond reach */
	G.player[ENG_BLUE] = ENG_PLAYER_GREEDY;
	eng_firepower.play_turn(&G);
	cr_assert(G.u[a].alive);
	cr_assert_not(G.u[b].alive);
	cr_assert(G.u[c].alive);
	cr_assert_eq(G.dice.next, 2u, "rolled %zu dice", (size_t)G.dice.next);
}

Test(firepower, attacker_uphill_and_from_a_ford_lose_power)
{
	struct eng_terrain t;
	static const int d[] = { 4, 6, 1, 6 };
	struct eng_ctx *c = xmalloc(sizeof(*c));
	int a, b;

	*c = *free_ctx;
	memset(&t, 0, sizeof(t));
	t.kind = RS_TERRAIN_HILL;
	t.shape = ENG_SHAPE_CIRCLE;
	t.x = t.y = 12 * IN;
	t.r = 4 * IN;
	eng_board_add(&c->board, &t);
	eng_game_init(&G, c, 0, 0);
	G.dice.script = d;
	G.dice.nscript = 4;
	a = unit("Rifle", ENG_BLUE, 12, 6.5);
	b = unit("Machine Gun", ENG_RED, 12, 9);
	act(ENG_ACT_MELEE, a, b, 0, 0);
	cr_assert_eq(G.contest.a_power, 3);
	cr_assert_eq(G.contest.b_power, 2);
	cr_assert_eq(G.contest.situation, FP_SIT_UPHILL);
	cr_assert_eq(G.cov[FP_R_MELEE_UPHILL], 1u);
	free(c);
}

Test(firepower, vehicles_never_melee_and_ignore_melee_range)
{
	int q, t;

	game(NULL, 0);
	q = unit("Rifle", ENG_BLUE, 5, 5);
	t = unit("Tank", ENG_RED, 5, 6.5);
	cr_assert_eq(act(ENG_ACT_MELEE, q, t, 0, 0), -1);
	cr_assert_eq(G.cov[FP_R_MELEE_NO_VEHICLES], 1u);
	cr_assert_eq(act(ENG_ACT_MOVE, q, -1, 9, 5), 0);
	cr_assert_float_eq(G.u[q].x, 9 * IN, 1e-6);
	cr_assert_eq(G.cov[FP_R_MOVE_MELEE_STOP], 0u);
}

Test(firepower, fire_class_range_and_once)
{
	static const int d[] = { 4 };
	int a, b, t;

	game(d, 1);
	a = unit("Rifle", ENG_BLUE, 5, 5);
	t = unit("Tank", ENG_RED, 5, 12); /* 6" gap: no grenade */
	b = unit("Machine Gun", ENG_RED, 10, 15);
	cr_assert_eq(act(ENG_ACT_FIRE, a, t, 0, 0), -1);
	cr_assert_eq(G.cov[FP_R_FIRE_RANGE] + G.cov[FP_R_FIRE_CLASS], 1u);
	cr_assert_eq(act(ENG_ACT_FIRE, a, b, 0, 0), 0);
	cr_assert_not(G.u[b].alive);
	cr_assert_eq(act(ENG_ACT_FIRE, a, t, 0, 0), -1);
	cr_assert_eq(G.cov[FP_R_FIRE_ONCE], 1u);
}

Test(firepower, tank_runs_down_only_with_move_to_pass)
{
	int t, r, u, q;

	game(NULL, 0);
	t = unit("Tank", ENG_BLUE, 5, 5);
	r = unit("Rifle", ENG_RED, 5, 9); /* 3" gap + 2" across: 5 */
	u = unit("Tank", ENG_BLUE, 10, 5);
	q = unit("Rifle", ENG_RED, 10, 12.01); /* 6.01 + 2 > 8... */
	act(ENG_ACT_MOVE, t, -1, 5, 14);
	cr_assert_not(G.u[r].alive);
	cr_assert_float_eq(G.u[t].y, 9 * IN, 1e-6);
	cr_assert_eq(G.cov[FP_R_VEH_RUN_DOWN], 1u);
	/* 6.01" to contact, 2" to pass: 8.01 <= 9, runs down. */
	act(ENG_ACT_MOVE, u, -1, 10, 20);
	cr_assert_not(G.u[q].alive);
	game(NULL, 0);
	u = unit("Tank", ENG_BLUE, 10, 5);
	q = unit("Rifle", ENG_RED, 10, 13.01); /* 7.01 + 2 > 9 */
	act(ENG_ACT_MOVE, u, -1, 10, 20);
	cr_assert(G.u[q].alive);
	cr_assert_float_eq(G.u[u].y, 12.01 * IN, 1e-3);
	cr_assert_eq(G.cov[FP_R_VEH_RUN_DOWN_SHORT], 1u);
}

Test(firepower, turns_alternate_and_game_turns_count)
{
	game(NULL, 0);
	unit("Rifle", ENG_BLUE, 5, 5);
	unit("Rifle", ENG_RED, 5, 20);
	cr_assert_eq(G.side, ENG_BLUE);
	act(ENG_ACT_END_TURN, -1, -1, 0, 0);
	cr_assert_eq(G.side, ENG_RED);
	cr_assert_eq(G.gturn, 1);
	act(ENG_ACT_END_TURN, -1, -1, 0, 0);
	cr_assert_eq(G.gturn, 2);
	cr_assert_eq(G.side, ENG_BLUE);
}

Test(firepower, turn_limit_more_units_wins)
{
	game(NULL, 0);
	G.turn_limit = 1;
	unit("Rifle", ENG_BLUE, 5, 5);
	unit("Rifle", ENG_BLUE, 8, 5);
	unit("Rifle", ENG_RED, 5, 22);
	act(ENG_ACT_END_TURN, -1, -1, 0, 0);
	act(ENG_ACT_END_TURN, -1, -1, 0, 0);
	cr_assert(G.over);
	cr_assert(G.timeout);
	cr_assert_eq(G.winner, ENG_BLUE);
	cr_assert_eq(G.cov[FP_R_END_TURN_LIMIT], 1u);
}

Test(firepower, bundled_test_games_pass_and_cover_every_rule)
{
	struct diags d = { 0 };
	uint64_t cov[ENG_MAX_RULES] = { 0 };
	int played, failed, k;

	failed = eng_testgames_run(free_ctx, &d, cov, &played);
	cr_assert_geq(played, 20);
	cr_assert_eq(failed, 0, "%s", d.n ? d.v[0].msg : "");
	for (k = 0; k < FP_R__MAX; k++)
		cr_assert_gt(cov[k], 0u, "rule %s untested", fp_rules[k].id);
	diags_free(&d);
}

Test(firepower, rule_ids_unique_and_named)
{
	int i, j;

	for (i = 0; i < FP_R__MAX; i++) {
		cr_assert_not_null(fp_rules[i].id);
		cr_assert_not_null(strchr(fp_rules[i].id, '.'));
		for (j = 0; j < i; j++)
			cr_assert_str_neq(fp_rules[i].id, fp_rules[j].id);
	}
	cr_assert_str_eq(fp_rules[FP_R_MELEE_DRAW].id, "melee.draw_reroll");
	cr_assert_str_eq(fp_rules[FP_R_VEH_RUN_DOWN].id, "vehicle.run_down");
}

/* A length that is not whole cells is rounded down, with a note (the
 * text states it: Clarification 9). */
Test(firepower, grenade_range_off_the_grid_noted)
{
	size_t i;
	int found = 0;

	for (i = 0; i < grid_diags.n; i++)
		if (strstr(grid_diags.v[i].msg, "Antitank Grenade") &&
		    grid_diags.v[i].sev == SEV_NOTE)
			found = 1;
	cr_assert(found);
	cr_assert_eq(grid_ctx->melee_range, 1);
	cr_assert_eq(grid_ctx->kinds[rs_unit_find(rs, "Tank")].road_move, 4);
}

Test(firepower, default_battle_is_mirrored_and_ends)
{
	int i, n[2] = { 0, 0 };

	eng_game_init(&G, grid_ctx, 5, 3);
	eng_battle_setup(&G);
	cr_assert_eq(G.nu, 26);
	for (i = 0; i < G.nu; i++) {
		n[G.u[i].side]++;
		if (i < 13)
			cr_assert_eq(G.u[i].type, G.u[i + 13].type);
	}
	cr_assert_eq(n[0], 13);
	cr_assert_eq(n[1], 13);
	eng_initiative(&G);
	eng_game_play(&G);
	cr_assert(G.over);
}

Test(firepower, findings_on_a_sound_ruleset_are_quiet)
{
	struct diags d = { 0 };
	size_t i;

	eng_firepower.findings(free_ctx, NULL, &d);
	for (i = 0; i < d.n; i++)
		cr_assert_neq(d.v[i].sev, SEV_WARNING, "%s", d.v[i].msg);
	diags_free(&d);
}

/* On hexes the board counts cells on the map's lattice (base/hex.c),
 * whose rows run down the page: board row r is lattice row rows-1-r. */
Test(firepower, hex_grid_distances)
{
	struct diags d = { 0 };
	struct eng_ctx *c = eng_ctx_new(rs, RS_GRID_HEX, 3 * IN, &d);
	int r = rs_unit_find(rs, "Rifle"), a, b, e, nc, nr, top;

	cr_assert_not_null(c);
	top = c->board.rows - 1;
	eng_game_init(&G, c, 0, 0);
	a = eng_game_add(&G, r, ENG_BLUE, 4, 4);
	b = eng_game_add(&G, r, ENG_RED, 4, 5);
	cr_assert_eq(eng_dist2(&G, &G.u[a], &G.u[b]), 1);
	/* Every neighbour the map draws is one hex away, both parities. */
	for (e = 0; e < 6; e++) {
		hex_neighbour(HEX_FLAT, 4, top - 4, e, &nc, &nr);
		eng_unit_place(&G, b, nc, top - nr);
		cr_assert_eq(eng_dist2(&G, &G.u[a], &G.u[b]), 1, "edge %d", e);
		hex_neighbour(HEX_FLAT, 5, top - 4, e, &nc, &nr);
		eng_unit_place(&G, a, 5, 4);
		eng_unit_place(&G, b, nc, top - nr);
		cr_assert_eq(eng_dist2(&G, &G.u[a], &G.u[b]), 1,
		    "odd, edge %d", e);
		eng_unit_place(&G, a, 4, 4);
	}
	eng_unit_place(&G, b, 4, 7);
	cr_assert_eq(eng_dist2(&G, &G.u[a], &G.u[b]), 9);
	eng_unit_place(&G, b, 8, 4);
	cr_assert_eq(eng_dist2(&G, &G.u[a], &G.u[b]), 16);
	eng_ctx_free(c);
	diags_free(&d);
}

/* On hexes a unit on the hexes between two others hides them from
 * each other; one beside the line does not. */
Test(firepower, hex_grid_sight_through_hexes)
{
	struct diags d = { 0 };
	struct eng_ctx *c = eng_ctx_new(rs, RS_GRID_HEX, 3 * IN, &d);
	int r = rs_unit_find(rs, "Rifle"), a, b, m;

	cr_assert_not_null(c);
	eng_game_init(&G, c, 0, 0);
	a = eng_game_add(&G, r, ENG_BLUE, 4, 2);
	b = eng_game_add(&G, r, ENG_RED, 4, 8);
	m = eng_game_add(&G, r, ENG_BLUE, 7, 5);
	cr_assert(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
	eng_unit_place(&G, m, 4, 5);
	cr_assert_not(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
	cr_assert(eng_sight(&G, &G.u[a], &G.u[b], 0, 0));
	eng_unit_place(&G, m, 5, 5);
	cr_assert(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
	eng_ctx_free(c);
	diags_free(&d);
}

Test(firepower, square_grid_sight_through_cells)
{
	int a, b, m;

	eng_game_init(&G, grid_ctx, 0, 0);
	a = eng_game_add(&G, rs_unit_find(rs, "Rifle"), ENG_BLUE, 2, 2);
	b = eng_game_add(&G, rs_unit_find(rs, "Rifle"), ENG_RED, 6, 2);
	m = eng_game_add(&G, rs_unit_find(rs, "Rifle"), ENG_BLUE, 4, 3);
	cr_assert(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
	eng_unit_place(&G, m, 4, 2);
	cr_assert_not(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
	/* A line through a corner touches neither square beside it. */
	eng_unit_place(&G, b, 4, 4);
	eng_unit_place(&G, m, 3, 2);
	cr_assert(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
	eng_unit_place(&G, m, 3, 3);
	cr_assert_not(eng_sight(&G, &G.u[a], &G.u[b], 1, 0));
}
