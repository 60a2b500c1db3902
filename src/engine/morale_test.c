/*
 * morale_test.c: the Morale section of the ruleset and what follows from
 * it. Hits wear a unit's morale down (every hits_per_morale hits cost a
 * point; at 0 it is dispersed, Clarification 17); a morale test is one
 * die against current morale with the Morale modifiers (Clarifications
 * 7, 9, 10); a failed test disorganises, a second routs. Also the Rally
 * step (Morale; Clarification 13), the hits of a step applied when it
 * ends (Clarification 4), and the Record step: the end of the battle and
 * the army's break point (End of the battle; Clarification 18).
 *
 * The tests before a melee, and the modifiers only they take, are the
 * Pre-melee morale step of morale_melee.c.
 */
#include <stdint.h>

#include "engine.h"
#include "morale.h"
#include "morale_internal.h"

/* ---- hits and morale ---- */

/* Returns unit i's morale grade (test games may change it). */
static int
grade(const struct eng_game *g, int i)
{
	return g->u[i].c[MO_C_GRADE];
}

/* Add hits to unit i and recompute its current morale; at 0 it is
 * dispersed (Clarification 17). */
static void
mo_hit(struct eng_game *g, int i, int hits)
{
	struct mo_state *s = state(g);
	int per_point = prep(g)->hits_per_morale, m;

	if (hits <= 0 || !g->u[i].alive)
		return;
	/* Morale: every hits_per_morale hits cost one point. */
	if ((s->hits[i] + hits) / per_point > s->hits[i] / per_point)
		ENG_COVER(g, MO_R_MORALE_POINT);
	s->hits[i] = (int16_t)(s->hits[i] + hits);
	m = grade(g, i) - s->hits[i] / per_point;
	s->morale[i] = (int16_t)(m < 0 ? 0 : m);
	if (s->morale[i] <= 0) {
		ENG_COVER(g, MO_R_DISPERSED);
		mo_remove(g, i);
	}
}

/* Apply every pending hit: the end of a firing or melee step, in which
 * both sides roll before any result applies (Clarification 4). */
void
mo_apply_pending(struct eng_game *g)
{
	struct mo_state *s = state(g);
	uint64_t m = s->pending_mask;
	int i;

	/* In unit order, as the units with hits pending are marked. */
	s->pending_mask = 0;
	for (; m != 0; m &= m - 1) {
		i = __builtin_ctzll(m);
		if (s->pending_hits[i] != 0) {
			mo_hit(g, i, s->pending_hits[i]);
			s->pending_hits[i] = 0;
		}
	}
}

/* Unit i fails a morale test (or loses in a way that disorganises):
 * disorganised, or routing when it already was (Morale). */
void
mo_fail(struct eng_game *g, int i)
{
	struct eng_unit *u = &g->u[i];

	if (u->flags & (MO_UF_DISORDERED | MO_UF_ROUTING)) {
		if (!(u->flags & MO_UF_ROUTING))
			ENG_COVER(g, MO_R_ROUT);
		u->flags |= MO_UF_ROUTING | MO_UF_DISORDERED;
	} else {
		ENG_COVER(g, MO_R_DISORDER);
		u->flags |= MO_UF_DISORDERED;
	}
	u->c[MO_C_TURN] |= MO_T_NEW_DISORDER;
}

/* ---- morale tests and their modifiers ---- */

/* Returns the value of morale modifier m when it applies (counting it),
 * 0 when the ruleset's table lacks it. */
int
mo_mod_apply(struct eng_game *g, enum mo_mod m)
{
	static const int rule[MO_MOD__N] = { MO_R_MOD_DISORDERED,
		MO_R_MOD_BY_CAVALRY, MO_R_MOD_FIRED_FLANK,
		MO_R_MOD_BY_ELEPHANTS, MO_R_MOD_FROM_FLANK,
		MO_R_MOD_UNSUPPORTED, MO_R_MOD_HIGHER, MO_R_MOD_FORT,
		MO_R_MOD_MELEEING_FLANK, MO_R_MOD_ROUTING };

	if (!prep(g)->has_morale_mod[m])
		return 0;
	ENG_COVER(g, rule[m]);
	return prep(g)->morale_mod[m];
}

/* Returns 1 when no friendly unit that is not routing stands within
 * 60mm of unit i, edge to edge (Clarification 7). */
int
mo_unsupported(const struct eng_game *g, int i)
{
	double r = prep(g)->support_dist, r2 = r * r;
	const struct mo_state *s = cstate(g);
	int side = g->u[i].side, n = s->side_count[side], j, k;
	uint64_t m;

	if (s->on_grid) {
		for (k = 0; k < n; k++) {
			j = s->side_unit[side][k];
			if (j != i && steady(g, j) &&
			    dist2_direct(g, i, j) <= r2 + 1e-9)
				return 0;
		}
		return 1;
	}
	/* Friends within 60mm lie in i's base grown by 60mm. */
	m = boxes_meeting(s, s->side_first[side], s->side_last[side] + 1,
	        s->centre_x[i] - s->half_w[i] - r,
	        s->centre_x[i] + s->half_w[i] + r,
	        s->centre_y[i] - s->half_d[i] - r,
	        s->centre_y[i] + s->half_d[i] + r) &
	    s->alive_mask & s->side_mask[side] & ~((uint64_t)1 << i);
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		if (steady(g, j) && dist2_direct(g, i, j) <= r2 + 1e-9)
			return 0;
	}
	return 1;
}

/* Returns 1 when unit i defends higher ground against unit a: the
 * ground under i's centre is higher than under a's, heights compared
 * across hills, a hill's height at a point being how far inside its
 * edge the point lies (Clarification 10). */
int
mo_higher_ground(const struct eng_game *g, int i, int a)
{
	int hi, ha;
	double zi = eng_board_height(g->board, g->u[i].x, g->u[i].y, &hi);
	double za = eng_board_height(g->board, g->u[a].x, g->u[a].y, &ha);

	return hi >= 0 && zi > za + 1e-9;
}

/* Returns the modifiers every test of unit i takes: disorder or rout
 * (not both, Clarification 7) and fire from a flank this turn. */
int
mo_mods_every_test(struct eng_game *g, int i)
{
	const struct eng_unit *u = &g->u[i];
	int v = 0;

	if (u->flags & MO_UF_ROUTING)
		v += mo_mod_apply(g, MO_MOD_ROUTING);
	else if (u->flags & MO_UF_DISORDERED)
		v += mo_mod_apply(g, MO_MOD_DISORDERED);
	if (u->c[MO_C_TURN] & MO_T_FLANK_FIRED)
		v += mo_mod_apply(g, MO_MOD_FIRED_ON_FLANK);
	return v;
}

/* One morale test of unit i with modifier total mods: returns 1 passed. */
int
mo_test(struct eng_game *g, int i, int mods)
{
	int was = eng_dice_by(&g->dice, ENG_BY_UNIT(i));
	int die = eng_die(&g->dice);

	eng_dice_by(&g->dice, was);
	/* Morale: a score higher than current morale fails. */
	return die <= cstate(g)->morale[i] + mods;
}

/* ---- rally ---- */

/* Returns 1 when unit i may try to rally: once a turn, routing or
 * disorganised since an earlier turn ("in later turns", Morale), and not
 * from disorder once rallied from a rout (Clarification 13). */
int
mo_may_rally(struct eng_game *g, int i, int count)
{
	const struct eng_unit *u = &g->u[i];

	if (!u->alive || (u->c[MO_C_TURN] & (MO_T_NEW_DISORDER | MO_T_TRIED)))
		return 0;
	if (u->flags & MO_UF_ROUTING)
		return 1;
	if (!(u->flags & MO_UF_DISORDERED))
		return 0;
	if (u->flags & MO_UF_RALLIED) {
		if (count)
			ENG_COVER(g, MO_R_RALLY_NEVER);
		return 0;
	}
	return 1;
}

/* Unit i tests to rally (Morale; Clarification 13). */
void
mo_rally_unit(struct eng_game *g, int i)
{
	struct eng_unit *u = &g->u[i];
	int routing = (u->flags & MO_UF_ROUTING) != 0;
	int pass = mo_test(g, i, mo_mods_every_test(g, i));

	u->c[MO_C_TURN] |= MO_T_TRIED;
	if (routing && pass) {
		ENG_COVER(g, MO_R_RALLY_ROUT);
		u->flags &= (uint16_t)~MO_UF_ROUTING;
		u->flags |= MO_UF_RALLIED | MO_UF_DISORDERED;
	} else if (routing) {
		ENG_COVER(g, MO_R_RALLY_ROUT_FAIL);
		mo_hit(g, i, 1);
	} else if (pass) {
		ENG_COVER(g, MO_R_RALLY_DISORDER);
		u->flags &= (uint16_t)~MO_UF_DISORDERED;
	} else {
		ENG_COVER(g, MO_R_RALLY_DISORDER_FAIL);
		mo_fail(g, i);
	}
}

/* Returns the chance that unit i passes a rally test now. */
static double
rally_chance(const struct eng_game *g, int i)
{
	const struct eng_unit *u = &g->u[i];
	const struct mo_ctx *c = prep(g);
	int m = cstate(g)->morale[i];

	if (u->flags & MO_UF_ROUTING)
		m += c->morale_mod[MO_MOD_ROUTING];
	else
		m += c->morale_mod[MO_MOD_DISORDERED];
	if (u->c[MO_C_TURN] & MO_T_FLANK_FIRED)
		m += c->morale_mod[MO_MOD_FIRED_ON_FLANK];
	return m <= 0 ? 0 : m >= 6 ? 1 : m / 6.0;
}

/* Rally: routing units always try (nothing to lose but a hit); the
 * greedy player rallies a disorganised unit on even odds or better,
 * the random one at a coin's toss; in test games every unit that may
 * rally tries. */
void
mo_rally(struct eng_game *g, int scripted)
{
	int i, try;

	for (i = 0; i < g->nu; i++) {
		if (!mo_may_rally(g, i, 1))
			continue;
		if (scripted)
			try = 1;
		else if (g->u[i].flags & MO_UF_ROUTING)
			try = 1;
		else if (g->player[g->u[i].side] == ENG_PLAYER_RANDOM)
			try = eng_rng_below(&g->ai, 2);
		else
			try = rally_chance(g, i) >= 0.5;
		if (try)
			mo_rally_unit(g, i);
	}
}

/* ---- record and the end of the battle ---- */

/* Returns 1 when side's army has broken: with a break point, it has
 * fit fighting units left of the fit_at_start it brought, and has lost
 * that share of them or more. */
static int
broken(const struct eng_game *g, int side, int fit)
{
	int n = cstate(g)->fit_at_start[side], pct = cstate(g)->break_pct;

	return pct > 0 && n > 0 && (n - fit) * 100 >= n * pct;
}

/* Record: the battle ends when a side has no unit fit to fight (on the
 * table, not routing, able to charge) or its army breaks, or on the turn
 * limit the side with more units not routing wins (End of the battle;
 * Clarification 18). */
void
mo_record(struct eng_game *g)
{
	int fit[2] = { 0, 0 }, count[2] = { 0, 0 }, i;

	state(g)->script_at = 0;
	state(g)->script_moves = 0;
	mo_apply_pending(g);
	ENG_COVER(g, MO_R_SEQUENCE);
	for (i = 0; i < g->nu; i++) {
		if (steady(g, i))
			count[g->u[i].side]++;
		if (steady(g, i) && unit_charges(g, i))
			fit[g->u[i].side]++;
		g->u[i].c[MO_C_TURN] = 0;
		g->u[i].flags &= (uint16_t)~ENG_UF_TURN;
	}
	/* Clarification 18: a side with no fighting unit left is beaten;
	 * with a break point, so is a side that has lost that share of the
	 * fighting units it brought (both at once: a draw). */
	if (fit[0] == 0 || fit[1] == 0) {
		ENG_COVER(g, MO_R_END_BROKEN);
		g->over = 1;
		g->winner = fit[0] ? ENG_BLUE : fit[1] ? ENG_RED : -1;
	} else if (cstate(g)->break_pct > 0 &&
	    (broken(g, 0, fit[0]) || broken(g, 1, fit[1]))) {
		ENG_COVER(g, MO_R_END_ARMY_BREAKS);
		g->over = 1;
		g->winner = !broken(g, 0, fit[0]) ? ENG_BLUE :
		    !broken(g, 1, fit[1])         ? ENG_RED :
		                                    -1;
	} else if (g->turn_limit > 0 && g->gturn >= g->turn_limit) {
		ENG_COVER(g, MO_R_END_LIMIT);
		g->over = 1;
		g->timeout = 1;
		g->winner = count[0] > count[1] ? ENG_BLUE :
		    count[1] > count[0]         ? ENG_RED :
		                                  -1;
	}
	if (!g->over)
		g->gturn++;
	else
		mo_facings_resolve(g);
}
