/*
 * morale.c: the morale rule family (engine: morale), which plays
 * rulesets/gauntlet-ancients.md. Units are not killed by hits: hits wear
 * their morale down, failed tests disorganise and rout them.
 *
 * A turn is the ruleset's Sequence of play, each step a phase below
 * (mo_phase_*); both sides act in every step. Everything numeric comes
 * from the ruleset: moves, dice, ranges, morale grades, the modifier
 * tables and hits_per_morale. Facing: radians, 0 towards +y, pi/2
 * towards +x; a unit's front sector is bounded by its base's diagonals
 * (Clarification 5).
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef __SSE__
#include <xmmintrin.h>
#endif

#include "engine.h"
#include "mo_odds.h"
#include "morale.h"

_Static_assert(sizeof(struct mo_state) <= ENG_FAMILY_STATE,
    "the morale family's game state must fit eng_game.fam_state");

/* ---- rule ids ---- */
static const struct eng_rule mo_rules[] = {
	[MO_R_INITIATIVE] = { "move.initiative", "Clarifications",
	    "the higher die moves all its units first; ties rolled again" },
	[MO_R_SEQUENCE] = { "turn.sequence", "Sequence of play",
	    "a turn runs the seven steps in the ruleset's order" },
	[MO_R_MOVE] = { "move.normal", "Movement",
	    "a unit moves up to its move in any direction" },
	[MO_R_MOVE_BONUS] = { "move.bonus", "Movement",
	    "half again when no enemy is within twice its move" },
	[MO_R_MOVE_STOP] = { "move.stop_30mm", "Movement",
	    "a unit must halt within 30mm of an enemy" },
	[MO_R_MOVE_NO_CLOSER] = { "move.no_closer", "Movement",
	    "a unit starting within 30mm may not get closer" },
	[MO_R_FALL_BACK] = { "move.fall_back", "Clarifications",
	    "a melee loser falls back one move, facing the enemy" },
	[MO_R_ROUT_MOVE] = { "move.rout", "Clarifications",
	    "a routing unit moves one move towards its own edge" },
	[MO_R_OFF_TABLE] = { "move.off_table", "Clarifications",
	    "a unit that leaves the table is lost" },
	[MO_R_FIRE] = { "fire.shoot", "Firing",
	    "fire dice at an enemy in range and in the front sector; 6s hit" },
	[MO_R_FIRE_HOLD] = { "fire.hold_within_30mm", "Firing",
	    "units within 30mm of an enemy do not shoot in the Firing step" },
	[MO_R_FIRE_FLANK] = { "fire.flank", "Morale modifiers",
	    "a unit fired on from a flank" },
	[MO_R_SAVE] = { "fire.saving_throw", "Firing",
	    "hits from a disorganised enemy are saved on 4-6" },
	[MO_R_PRE_FIRE] = { "fire.pre_melee", "Sequence of play",
	    "units within 30mm shoot before the clash" },
	[MO_R_MORALE_POINT] = { "morale.hits_per_point", "Morale",
	    "every hits_per_morale hits cost a point of morale" },
	[MO_R_DISORDER] = { "morale.disorganised", "Morale",
	    "a failed test disorganises" },
	[MO_R_ROUT] = { "morale.rout", "Morale",
	    "a second failure routs" },
	[MO_R_DISPERSED] = { "morale.dispersed", "Clarifications",
	    "a unit at morale 0 is dispersed" },
	[MO_R_ONLY_DEFEND] = { "morale.only_defend", "Morale",
	    "a unit at morale 2 or less may not charge" },
	[MO_R_RALLY_ROUT] = { "rally.rout", "Morale",
	    "a routing unit that passes stops, still disorganised" },
	[MO_R_RALLY_ROUT_FAIL] = { "rally.rout_fail", "Morale",
	    "a routing unit that fails takes one more hit" },
	[MO_R_RALLY_DISORDER] = { "rally.disorder", "Sequence of play",
	    "a disorganised unit that passes is in order again" },
	[MO_R_RALLY_DISORDER_FAIL] = { "rally.disorder_fail", "Clarifications",
	    "a disorganised unit that fails to rally routs" },
	[MO_R_RALLY_NEVER] = { "rally.never_again", "Clarifications",
	    "a unit rallied from a rout never rallies from disorder" },
	[MO_R_CHARGE_TEST] = { "charge.test", "Melee",
	    "a charger tests to close" },
	[MO_R_CHARGE_FAIL] = { "charge.fail", "Clarifications",
	    "a charger that fails stays where it is" },
	[MO_R_TARGET_TEST] = { "charge.target_test", "Clarifications",
	    "the charged unit tests too" },
	[MO_R_TARGET_ROUTS] = { "charge.target_routs", "Clarifications",
	    "a disorganised target that fails routs and does not strike" },
	[MO_R_FRONT_FLANK] = { "melee.front_and_flank", "Melee",
	    "charged front and flank, a unit fights its front" },
	[MO_R_TURN] = { "melee.turn_to_face", "Melee",
	    "a unit charged on one flank turns to face" },
	[MO_R_PIKE_NO_TURN] = { "melee.pike_no_turn", "Melee",
	    "pikes may not turn" },
	[MO_R_EVADE] = { "melee.evade", "Melee",
	    "open order troops evade when charged" },
	[MO_R_CAUGHT] = { "melee.caught", "Clarifications",
	    "an evader without enough move is caught" },
	[MO_R_NO_STRIKE] = { "melee.no_strike_back", "Melee",
	    "caught, routing or broken units do not strike back" },
	[MO_R_MELEE] = { "melee.round", "Melee",
	    "one round of melee dice; more hits wins" },
	[MO_R_LOSER] = { "melee.loser_falls_back", "Melee",
	    "the loser is disorganised and takes a further hit" },
	[MO_R_LOSER_ROUTS] = { "melee.loser_routs", "Clarifications",
	    "a disorganised loser routs" },
	[MO_R_TIEBREAK] = { "melee.tiebreak", "Melee",
	    "equal hits: one die each, the higher wins" },
	[MO_R_TIEBREAK_AGAIN] = { "melee.tiebreak_reroll", "Clarifications",
	    "tied tie-break dice are rolled again" },
	[MO_R_MOD_DISORDERED] = { "mod.disordered", "Morale modifiers",
	    "disorganised" },
	[MO_R_MOD_BY_CAVALRY] = { "mod.meleed_by_cavalry", "Morale modifiers",
	    "non-cavalry meleed by cavalry" },
	[MO_R_MOD_FIRED_FLANK] = { "mod.fired_on_flank", "Morale modifiers",
	    "fired on from a flank" },
	[MO_R_MOD_BY_ELEPHANTS] = { "mod.cavalry_meleed_by_elephants",
	    "Morale modifiers", "cavalry meleed by elephants" },
	[MO_R_MOD_FROM_FLANK] = { "mod.meleed_from_flank", "Morale modifiers",
	    "meleed from a flank" },
	[MO_R_MOD_UNSUPPORTED] = { "mod.unsupported", "Morale modifiers",
	    "no friend within 60mm" },
	[MO_R_MOD_HIGHER] = { "mod.higher_ground", "Morale modifiers",
	    "defending higher ground" },
	[MO_R_MOD_FORT] = { "mod.fortifications", "Morale modifiers",
	    "defending fortifications" },
	[MO_R_MOD_MELEEING_FLANK] = { "mod.meleeing_flank", "Morale modifiers",
	    "meleeing a unit on its flank" },
	[MO_R_MOD_ROUTING] = { "mod.routing", "Morale modifiers", "routing" },
	[MO_R_DIE_PIKE] = { "die.pike_front", "Melee modifiers",
	    "pikes fighting to their front" },
	[MO_R_DIE_ARMOURED] = { "die.armoured", "Melee modifiers",
	    "armoured cavalry and heavy chariots" },
	[MO_R_DIE_LEVY] = { "die.levy", "Melee modifiers", "levies" },
	[MO_R_END_BROKEN] = { "end.side_broken", "End of the battle",
	    "a side with no unit fit to fight loses" },
	[MO_R_END_ARMY_BREAKS] = { "end.army_breaks", "End of the battle",
	    "a side that has lost its break point of fighting units loses" },
	[MO_R_END_LIMIT] = { "end.turn_limit", "End of the battle",
	    "at the turn limit more units not routing wins" },
};

/* Morale modifier keys, in the order of enum mo_mod. */
static const char *const mo_mod_keys[MO_MOD__N] = {
	"disordered", "meleed_by_cavalry", "fired_on_flank",
	"cavalry_meleed_by_elephants", "meleed_from_flank", "unsupported",
	"higher_ground", "fortifications", "meleeing_flank", "routing",
};

static const char *const mo_phase_names[MO_PH__N] = {
	"Movement", "Firing", "Rally", "Pre-melee firing",
	"Pre-melee morale", "Melee", "Record",
};

/* ---- small helpers ---- */

/* The length of (x, y): plain sqrt (libm's hypot guards against
 * overflow no board length comes near, at several times the cost). */
static inline double
len2d(double x, double y)
{
	return sqrt(x * x + y * y);
}

/* Returns the family's prepared data. */
static const struct mo_ctx *
mc(const struct eng_game *g)
{
	return g->ctx->fam_data;
}

/* Returns the family's per-game state. */
static struct mo_state *
ms(struct eng_game *g)
{
	return (struct mo_state *)(void *)g->fam_state;
}

/* Returns the family's per-game state of a read-only game. */
static const struct mo_state *
msc(const struct eng_game *g)
{
	return (const struct mo_state *)(const void *)g->fam_state;
}

/* Loop j over the units of the side opposed to `side`, alive or not. */
#define FOR_ENEMIES(g, side, k, j)                                          \
	for ((k) = 0; (k) < msc(g)->sn[1 - (side)] &&                       \
	    ((j) = msc(g)->su[1 - (side)][(k)], 1); (k)++)

/* Returns the ruleset's unit type of unit i. */
static const struct rs_unit *
ut(const struct eng_game *g, int i)
{
	return &g->ctx->rs->units[g->u[i].type];
}

/* Returns 1 for mounted troops: cavalry and chariots (Clarification 9). */
static int
mounted(const struct rs_unit *t)
{
	return t->cls == RS_CLASS_CAVALRY || t->cls == RS_CLASS_CHARIOT;
}

/* Returns 1 when unit i is on the table and not routing. */
static int
steady(const struct eng_game *g, int i)
{
	return (g->u[i].alive != 0) & !(g->u[i].flags & ENG_UF_ROUTING);
}

/* Returns the squared edge-to-edge distance between units i and j: the
 * core's eng_dist2, done inline on a free table with the half sizes kept
 * per unit. */
static inline double
d2calc(const struct eng_game *g, int i, int j)
{
	const struct mo_state *s = msc(g);
	double dx, dy;

	if (s->grid)
		return eng_dist2(g, &g->u[i], &g->u[j]);
	dx = fabs(s->px[i] - s->px[j]) - (s->hw[i] + s->hw[j]);
	dy = fabs(s->py[i] - s->py[j]) - (s->hd[i] + s->hd[j]);
	dx = dx > 0 ? dx : 0;
	dy = dy > 0 ? dy : 0;
	return dx * dx + dy * dy;
}

/* Returns the row of the distance table of unit i: its squared
 * distances to the units of the other side, in their su[] order. */
static inline const double *
e2row(const struct eng_game *g, int i)
{
	const struct mo_state *s = msc(g);
	int sd = g->u[i].side;

	return &s->e2[sd][s->sk[i] * s->sn[1 - sd]];
}

/* Returns the squared edge-to-edge distance between units i and j: from
 * the distance table for enemies (the hot path of the family), worked
 * out for friends. */
static inline double
d2i(const struct eng_game *g, int i, int j)
{
	if (g->u[i].side != g->u[j].side)
		return e2row(g, i)[msc(g)->sk[j]];
	return d2calc(g, i, j);
}

/* Unit i moved: work out its row of the distance table afresh. */
static void
e2_update(struct eng_game *g, int i)
{
	struct mo_state *s = ms(g);
	int sd = g->u[i].side, so = 1 - sd, k, j, ni = s->sn[sd];
	int no = s->sn[so], ki = s->sk[i];
	double *row = &s->e2[sd][ki * no], *col = &s->e2[so][ki], t;

	for (k = 0; k < no; k++) {
		j = s->su[so][k];
		t = d2calc(g, i, j);
		row[k] = t;
		col[k * ni] = t;
	}
}

/* Returns the edge-to-edge distance between units i and j. */
static double
dist(const struct eng_game *g, int i, int j)
{
	return sqrt(d2i(g, i, j));
}

/* Find unit i's nearest enemy afresh. */
static void
near_one(struct eng_game *g, int i)
{
	struct mo_state *s = ms(g);
	const double *row = e2row(g, i);
	int best = -1, j, take;
	uint64_t m = s->live & s->sidemask[1 - g->u[i].side];
	double bd = 1e30, t;

	/* The first of the least among the enemies on the table (su[] is
	 * in unit order, as the bits are), the choice written without
	 * branches (conditional moves do not mispredict). */
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		t = row[s->sk[j]];
		take = t < bd;
		bd = take ? t : bd;
		best = take ? j : best;
	}
	s->near_j[i] = (int8_t)best;
	s->near_d2[i] = bd;
}

/* Find every unit's nearest enemy. */
static void
near_all(struct eng_game *g)
{
	int i;

	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive)
			near_one(g, i);
	ms(g)->near_ok = 1;
	ms(g)->near_dirty = 0;
}

/* Unit i moved or left the table: the enemies it came nearer to learn
 * it now; those it was nearest to, and itself, look again when asked. */
static void
near_update(struct eng_game *g, int i)
{
	struct mo_state *s = ms(g);
	const double *row;
	const int8_t *su;
	uint64_t dirty;
	int j, k, n, alive = g->u[i].alive;

	if (!s->near_ok)
		return;
	row = e2row(g, i);
	su = s->su[1 - g->u[i].side];
	n = s->sn[1 - g->u[i].side];
	dirty = s->near_dirty | (uint64_t)1 << i;
	for (k = 0; k < n; k++) {
		j = su[k];
		if (!g->u[j].alive)
			continue;
		if (s->near_j[j] == i)
			dirty |= (uint64_t)1 << j;
		else if (alive && !(dirty >> j & 1) &&
		    row[k] < s->near_d2[j]) {
			s->near_j[j] = (int8_t)i;
			s->near_d2[j] = row[k];
		}
	}
	s->near_dirty = dirty;
}

/* Bring unit i's nearest enemy up to date. */
static void
near_fresh(struct eng_game *g, int i)
{
	struct mo_state *s = ms(g);

	if (!s->near_ok)
		near_all(g);
	else {
		near_one(g, i);
		s->near_dirty &= ~((uint64_t)1 << i);
	}
}

/* Returns the squared distance from unit i to its nearest enemy, or
 * 1e300 when there is none. */
static inline double
near2(struct eng_game *g, int i)
{
	struct mo_state *s = ms(g);

	if (!s->near_ok || (s->near_dirty >> i & 1))
		near_fresh(g, i);
	return s->near_j[i] >= 0 ? s->near_d2[i] : 1e300;
}

/* Returns the nearest enemy of unit i (-1 none) and its distance. */
static inline int
nearest_enemy(struct eng_game *g, int i, double *d)
{
	struct mo_state *s = ms(g);

	if (!s->near_ok || (s->near_dirty >> i & 1))
		near_fresh(g, i);
	*d = s->near_j[i] >= 0 ? sqrt(s->near_d2[i]) : 1e300;
	return s->near_j[i];
}

/* Unit i (on the table, free table, nearest enemies known) moved: its
 * row of the distance table and the nearest enemies, as e2_update()
 * and near_update() do, in one pass. */
static void
moved(struct eng_game *g, int i)
{
	struct mo_state *s = ms(g);
	int sd = g->u[i].side, so = 1 - sd, k, j, ni = s->sn[sd];
	int no = s->sn[so], ki = s->sk[i];
	double *row = &s->e2[sd][ki * no], *col = &s->e2[so][ki], t, dx, dy;
	double xi = s->px[i], yi = s->py[i], hwi = s->hw[i], hdi = s->hd[i];
	uint64_t dirty = s->near_dirty | (uint64_t)1 << i, m;
	typedef double v2d __attribute__((vector_size(16)));
	typedef long long v2l __attribute__((vector_size(16)));
	const v2d X = { xi, xi }, Y = { yi, yi }, W = { hwi, hwi };
	const v2d D = { hdi, hdi }, half = { 0.5, 0.5 };
	const v2l abs = { LLONG_MAX, LLONG_MAX };
	v2d vx, vy;

	/* The distances, two enemies at a time: as d2calc(), |d| by
	 * clearing the sign bit, and negative gaps counting 0 without a
	 * branch: (d + |d|) / 2 is d or 0 exactly (doubling and halving
	 * are exact). */
	for (k = 0; k + 1 < no; k += 2) {
		vx = *(const v2d *)&s->qx[so][k] - X;
		vy = *(const v2d *)&s->qy[so][k] - Y;
		vx = (v2d)((v2l)vx & abs) - (W + *(const v2d *)&s->qw[so][k]);
		vy = (v2d)((v2l)vy & abs) - (D + *(const v2d *)&s->qd[so][k]);
		vx = (vx + (v2d)((v2l)vx & abs)) * half;
		vy = (vy + (v2d)((v2l)vy & abs)) * half;
		vx = vx * vx + vy * vy;
		row[k] = vx[0];
		row[k + 1] = vx[1];
	}
	if (k < no) {
		dx = fabs(xi - s->qx[so][k]) - (hwi + s->qw[so][k]);
		dy = fabs(yi - s->qy[so][k]) - (hdi + s->qd[so][k]);
		dx = (dx + fabs(dx)) * 0.5;
		dy = (dy + fabs(dy)) * 0.5;
		row[k] = dx * dx + dy * dy;
	}
	for (k = 0; k < no; k++)
		col[k * ni] = row[k];
	/* As near_update(), for the enemies on the table whose nearest
	 * is known: one whose nearest was i keeps it when i came no
	 * farther, else looks again; i may now be nearer to the others. */
	for (m = s->live & s->sidemask[so] & ~dirty; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		t = row[s->sk[j]];
		if (s->near_j[j] == i) {
			if (t <= s->near_d2[j])
				s->near_d2[j] = t;
			else
				dirty |= (uint64_t)1 << j;
		} else if (t < s->near_d2[j]) {
			s->near_j[j] = (int8_t)i;
			s->near_d2[j] = t;
		}
	}
	s->near_dirty = dirty;
}

/* Unit i's centre changed: its copy by side (moved()) and its float box,
 * which holds its base with room to spare for float rounding
 * (sight_clear()). */
static void
box(struct mo_state *s, int i)
{
	int sd = (int)(s->sidemask[1] >> i & 1), k = s->sk[i];

	s->qx[sd][k] = s->px[i];
	s->qy[sd][k] = s->py[i];
	s->qw[sd][k] = s->hw[i];
	s->qd[sd][k] = s->hd[i];
	s->bx0[i] = (float)(s->px[i] - s->hw[i]) - 1e-3f;
	s->bx1[i] = (float)(s->px[i] + s->hw[i]) + 1e-3f;
	s->by0[i] = (float)(s->py[i] - s->hd[i]) - 1e-3f;
	s->by1[i] = (float)(s->py[i] + s->hd[i]) + 1e-3f;
}

/* Returns the mask of the units (bit k: unit k, on the table or not)
 * among units from to to - 1 (and a few either side) whose float boxes
 * meet the box [x0, x1] x [y0, y1], worked out four units at a time. The float boxes hold the bases with room to spare,
 * so no unit whose base meets the box is missed; callers test the
 * units found exactly. */
static uint64_t
boxes_meeting(const struct mo_state *s, int from, int to, double x0,
    double x1, double y0, double y1)
{
	typedef float v4f __attribute__((vector_size(16)));
	typedef int v4i __attribute__((vector_size(16)));
	const float fx0 = (float)x0 - 1e-3f, fx1 = (float)x1 + 1e-3f;
	const float fy0 = (float)y0 - 1e-3f, fy1 = (float)y1 + 1e-3f;
	const v4f X0 = { fx0, fx0, fx0, fx0 }, X1 = { fx1, fx1, fx1, fx1 };
	const v4f Y0 = { fy0, fy0, fy0, fy0 }, Y1 = { fy1, fy1, fy1, fy1 };
	uint64_t m = 0;
	v4i c;
	int k;

	for (k = from & ~3; k < to; k += 4) {
		c = (*(const v4f *)&s->bx1[k] >= X0) &
		    (*(const v4f *)&s->bx0[k] <= X1) &
		    (*(const v4f *)&s->by1[k] >= Y0) &
		    (*(const v4f *)&s->by0[k] <= Y1);
#ifdef __SSE__
		m |= (uint64_t)_mm_movemask_ps((__m128)c) << k;
#else
		m |= (uint64_t)((c[0] & 1) | (c[1] & 2) | (c[2] & 4) |
		    (c[3] & 8)) << k;
#endif
	}
	return m;
}

/* Move unit i to (x, y). */
static void
place(struct eng_game *g, int i, double x, double y)
{
	eng_unit_place(g, i, x, y);
	ms(g)->px[i] = g->u[i].x;
	ms(g)->py[i] = g->u[i].y;
	box(ms(g), i);
	if (ms(g)->grid || !ms(g)->near_ok || !g->u[i].alive) {
		e2_update(g, i);
		near_update(g, i);
	} else
		moved(g, i);
}

/* Returns 1 when point (x, y) lies in the front sector of unit u whose
 * facing has sine sn and cosine cs: bounded by the diagonals of its base
 * (Clarification 5). */
static int
sector_has(const struct eng_game *g, const struct eng_unit *u, double sn,
    double cs, double x, double y)
{
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	double rx = x - u->x, ry = y - u->y;
	double fwd = rx * sn + ry * cs, lat = rx * cs - ry * sn;

	return fwd > 0 && fwd * k->hw >= fabs(lat) * k->hd - 1e-9;
}

/* Work out the sine and cosine of unit i's facing for trig()'s cache,
 * which is not part of the game's state: a const game may fill it. */
static __attribute__((noinline)) void
trig_fill(const struct eng_game *g, int i)
{
	struct mo_state *s = (struct mo_state *)(void *)
	    ((struct eng_game *)(uintptr_t)g)->fam_state;

	s->trig_f[i] = (float)g->u[i].facing;
	s->trig_s[i] = (float)sin(g->u[i].facing);
	s->trig_c[i] = (float)cos(g->u[i].facing);
	s->trig_ok |= (uint64_t)1 << i;
}

/* Sets the sine and cosine of unit i's facing (cached per game). */
static inline void
trig(const struct eng_game *g, int i, double *sn, double *cs)
{
	const struct mo_state *s = msc(g);

	if (!(s->trig_ok >> i & 1) || s->trig_f[i] != (float)g->u[i].facing)
		trig_fill(g, i);
	*sn = s->trig_s[i];
	*cs = s->trig_c[i];
}

/* Returns 1 when unit j's centre is in unit i's front sector. */
static int
in_front(const struct eng_game *g, int i, int j)
{
	double sn, cs;

	trig(g, i, &sn, &cs);
	return sector_has(g, &g->u[i], sn, cs, g->u[j].x, g->u[j].y);
}

/* Returns 1 when any part of unit j's base is in unit i's front sector
 * (shooting and charging: Clarification 5). */
static int
partly_in_front(const struct eng_game *g, int i, int j)
{
	const struct eng_unit *u = &g->u[i], *v = &g->u[j];
	const struct eng_kind *k = &g->ctx->kinds[v->type];
	double sn, cs;
	int sx, sy;

	trig(g, i, &sn, &cs);
	if (sector_has(g, u, sn, cs, v->x, v->y))
		return 1;
	for (sx = -1; sx <= 1; sx += 2)
		for (sy = -1; sy <= 1; sy += 2)
			if (sector_has(g, u, sn, cs, v->x + sx * k->hw,
			    v->y + sy * k->hd))
				return 1;
	return 0;
}

/*
 * Face unit i towards point (x, y). The angle is worked out only when it
 * is read (facing_of()): until then eng_unit.facing holds INFINITY and
 * the sine and cosine kept for trig() are the offsets over their length.
 */
static void
face_to(struct eng_game *g, int i, double x, double y)
{
	struct mo_state *s = ms(g);
	struct eng_unit *u = &g->u[i];
	double dx = x - u->x, dy = y - u->y, n;

	/* Units often stand still: already facing that way. */
	if (isinf(u->facing) && s->face_dx[i] == dx && s->face_dy[i] == dy)
		return;
	if ((n = len2d(dx, dy)) <= 1e-12) {
		u->facing = atan2(dx, dy);
		return;
	}
	s->face_dx[i] = dx;
	s->face_dy[i] = dy;
	u->facing = INFINITY;
	s->trig_f[i] = INFINITY;
	s->trig_s[i] = (float)(dx / n);
	s->trig_c[i] = (float)(dy / n);
	s->trig_ok |= (uint64_t)1 << i;
}

/* Returns unit i's facing in radians (see face_to()). */
static double
facing_of(const struct eng_game *g, int i)
{
	const struct mo_state *s = msc(g);

	if (isinf(g->u[i].facing))
		return atan2(s->face_dx[i], s->face_dy[i]);
	return g->u[i].facing;
}

/* Give every unit facing a lazy angle its angle: the battle is over,
 * and whoever reads the units next reads eng_unit.facing. */
static void
facings_resolve(struct eng_game *g)
{
	int i;

	for (i = 0; i < g->nu; i++)
		if (isinf(g->u[i].facing)) {
			g->u[i].facing = facing_of(g, i);
			ms(g)->trig_f[i] = (float)g->u[i].facing;
		}
}

/* Returns 1 when unit i is within the 30mm halt distance of an enemy. */
static int
engaged(struct eng_game *g, int i)
{
	return near2(g, i) <= mc(g)->engaged2;
}

/* ---- hits, morale, disorder ---- */

/* Returns unit i's morale grade (test games may change it). */
static int
grade(const struct eng_game *g, int i)
{
	return g->u[i].c[MO_C_GRADE];
}

/* Remove unit i from the table (dispersed, or off the table). */
static void
mo_remove(struct eng_game *g, int i)
{
	if (!g->u[i].alive)
		return;
	eng_unit_remove(g, i);
	ms(g)->live &= ~((uint64_t)1 << i);
	near_update(g, i);
}

/* Add hits to unit i and recompute its current morale; at 0 it is
 * dispersed (Clarification 17). */
static void
mo_hit(struct eng_game *g, int i, int hits)
{
	struct eng_unit *u = &g->u[i];
	int hpm = mc(g)->hpm, m;

	if (hits <= 0 || !u->alive)
		return;
	/* Morale: every hits_per_morale hits cost one point. */
	if ((u->hits + hits) / hpm > u->hits / hpm)
		ENG_COVER(g, MO_R_MORALE_POINT);
	u->hits = (int16_t)(u->hits + hits);
	m = grade(g, i) - u->hits / hpm;
	u->morale = (int16_t)(m < 0 ? 0 : m);
	if (u->morale <= 0) {
		ENG_COVER(g, MO_R_DISPERSED);
		mo_remove(g, i);
	}
}

/* Unit i fails a morale test (or loses in a way that disorganises):
 * disorganised, or routing when it already was (Morale). */
static void
mo_fail(struct eng_game *g, int i)
{
	struct eng_unit *u = &g->u[i];

	if (u->flags & (ENG_UF_DISORDERED | ENG_UF_ROUTING)) {
		if (!(u->flags & ENG_UF_ROUTING))
			ENG_COVER(g, MO_R_ROUT);
		u->flags |= ENG_UF_ROUTING | ENG_UF_DISORDERED;
	} else {
		ENG_COVER(g, MO_R_DISORDER);
		u->flags |= ENG_UF_DISORDERED;
	}
	u->c[MO_C_TURN] |= MO_T_NEW_DISORDER;
}

/* Returns the value of morale modifier m when it applies (counting it),
 * 0 when the ruleset's table lacks it. */
static int
mod_apply(struct eng_game *g, enum mo_mod m)
{
	static const int rule[MO_MOD__N] = { MO_R_MOD_DISORDERED,
		MO_R_MOD_BY_CAVALRY, MO_R_MOD_FIRED_FLANK,
		MO_R_MOD_BY_ELEPHANTS, MO_R_MOD_FROM_FLANK,
		MO_R_MOD_UNSUPPORTED, MO_R_MOD_HIGHER, MO_R_MOD_FORT,
		MO_R_MOD_MELEEING_FLANK, MO_R_MOD_ROUTING };

	if (!mc(g)->has_mod[m])
		return 0;
	ENG_COVER(g, rule[m]);
	return mc(g)->mod[m];
}

/* Returns 1 when no friendly unit that is not routing stands within
 * 60mm of unit i, edge to edge (Clarification 7). */
static int
unsupported(const struct eng_game *g, int i)
{
	double s2 = mc(g)->support * mc(g)->support, r = mc(g)->support;
	const struct mo_state *s = msc(g);
	int sd = g->u[i].side, n = s->sn[sd], j, q;
	uint64_t m;

	if (s->grid) {
		for (q = 0; q < n; q++) {
			j = s->su[sd][q];
			if (j != i && steady(g, j) &&
			    d2calc(g, i, j) <= s2 + 1e-9)
				return 0;
		}
		return 1;
	}
	/* Friends within 60mm lie in i's base grown by 60mm. */
	m = boxes_meeting(s, s->ulo[sd], s->uhi[sd] + 1,
	    s->px[i] - s->hw[i] - r,
	    s->px[i] + s->hw[i] + r, s->py[i] - s->hd[i] - r,
	    s->py[i] + s->hd[i] + r) & s->live & s->sidemask[sd] &
	    ~((uint64_t)1 << i);
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		if (steady(g, j) && d2calc(g, i, j) <= s2 + 1e-9)
			return 0;
	}
	return 1;
}

/* Returns 1 when unit i defends higher ground against unit a: on a hill
 * that a is not on, or higher up its slope (Clarification 10). */
static int
higher_ground(const struct eng_game *g, int i, int a)
{
	int hi, ha;
	double zi = eng_board_height(g->board, g->u[i].x, g->u[i].y, &hi);
	double za = eng_board_height(g->board, g->u[a].x, g->u[a].y, &ha);

	if (hi < 0)
		return 0;
	return ha != hi || za < zi - 1e-9;
}

/* Returns the modifiers every test of unit i takes: disorder or rout
 * (not both, Clarification 7) and fire from a flank this turn. */
static int
mods_common(struct eng_game *g, int i)
{
	const struct eng_unit *u = &g->u[i];
	int v = 0;

	if (u->flags & ENG_UF_ROUTING)
		v += mod_apply(g, MO_MOD_ROUTING);
	else if (u->flags & ENG_UF_DISORDERED)
		v += mod_apply(g, MO_MOD_DISORDERED);
	if (u->c[MO_C_TURN] & MO_T_FLANK_FIRED)
		v += mod_apply(g, MO_MOD_FIRED_ON_FLANK);
	return v;
}

/* One morale test of unit i with modifier total mods: returns 1 passed. */
static int
mo_test(struct eng_game *g, int i, int mods)
{
	int die = eng_die(&g->dice);

	/* Morale: a score higher than current morale fails. */
	return die <= g->u[i].morale + mods;
}

/* ---- movement ---- */

/*
 * Returns the first t in [0, len] at which a unit of half extents
 * (hw, hd) moving from (x, y) along (ux, uy) comes within r of the
 * axis-aligned base of unit j, edge to edge; len + 1 when it never does.
 */
static double
ray_enter(const struct eng_game *g, double x, double y, double ux, double uy,
    double len, double hw, double hd, int j, double r)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[j].type];
	double ox = x - g->u[j].x, oy = y - g->u[j].y;
	double hx = hw + k->hw, hy = hd + k->hd, best = len + 1;
	double lo, hi, t0 = 0, t1 = len;
	int b, sx, sy;

	/* The rounded box lies in the box grown by r both ways: a move
	 * that misses that box misses it too (the common case). */
	if (fabs(ux) < 1e-12) {
		if (fabs(ox) > hx + r)
			return best;
	} else {
		lo = (-(hx + r) - ox) / ux;
		hi = (hx + r - ox) / ux;
		t0 = fmax(t0, fmin(lo, hi));
		t1 = fmin(t1, fmax(lo, hi));
	}
	if (fabs(uy) < 1e-12) {
		if (fabs(oy) > hy + r)
			return best;
	} else {
		lo = (-(hy + r) - oy) / uy;
		hi = (hy + r - oy) / uy;
		t0 = fmax(t0, fmin(lo, hi));
		t1 = fmin(t1, fmax(lo, hi));
	}
	if (t0 > t1)
		return best;
	/* The rounded box: two slabs and four corner circles. */
	for (b = 0; b < 2; b++) {
		double ex = hx + (b == 0 ? r : 0), ey = hy + (b == 1 ? r : 0);
		double t0 = 0, t1 = len, lo, hi, tt;

		if (fabs(ux) < 1e-12) {
			if (fabs(ox) > ex)
				continue;
		} else {
			lo = (-ex - ox) / ux;
			hi = (ex - ox) / ux;
			if (lo > hi) {
				tt = lo; lo = hi; hi = tt;
			}
			t0 = lo > t0 ? lo : t0;
			t1 = hi < t1 ? hi : t1;
		}
		if (fabs(uy) < 1e-12) {
			if (fabs(oy) > ey)
				continue;
		} else {
			lo = (-ey - oy) / uy;
			hi = (ey - oy) / uy;
			if (lo > hi) {
				tt = lo; lo = hi; hi = tt;
			}
			t0 = lo > t0 ? lo : t0;
			t1 = hi < t1 ? hi : t1;
		}
		if (t0 <= t1 && t0 < best)
			best = t0;
	}
	for (sx = -1; sx <= 1; sx += 2)
		for (sy = -1; sy <= 1; sy += 2) {
			double cx = ox - sx * hx, cy = oy - sy * hy;
			double bb = cx * ux + cy * uy;
			double cc = cx * cx + cy * cy - r * r, disc, t;

			disc = bb * bb - cc;
			if (disc < 0)
				continue;
			t = -bb - sqrt(disc);
			if (t < 0)
				t = cc <= 0 ? 0 : len + 1;
			if (t <= len && t < best)
				best = t;
		}
	return best;
}

/* Returns unit i's move this turn: its normal move, half again when no
 * enemy is within twice its move, edge to edge (Clarification 15). */
static double
move_allowance(struct eng_game *g, int i)
{
	double mv = g->ctx->kinds[g->u[i].type].move, d;

	nearest_enemy(g, i, &d);
	return d > 2 * mv + 1e-9 ? mv * 1.5 : mv;
}

/*
 * Move unit i in a straight line to (tx, ty), len away (its hypot),
 * halting where it first comes within 30mm of an enemy (Movement).
 * Returns the length moved.
 */
static double
move_leg(struct eng_game *g, int i, double tx, double ty, double len)
{
	struct eng_unit *u = &g->u[i];
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	double dx = tx - u->x, dy = ty - u->y, t, stop;
	double e2, stop2, reach2;
	const double *row;
	const int8_t *su;
	uint64_t live, cand = 0;
	int j, q, n;

	if (len < 1e-9)
		return 0;
	dx /= len;
	dy /= len;
	stop = len;
	stop2 = mc(g)->stop * mc(g)->stop + 1e-6;
	reach2 = (len + mc(g)->stop + 1) * (len + mc(g)->stop + 1);
	row = e2row(g, i);
	su = msc(g)->su[1 - u->side];
	n = msc(g)->sn[1 - u->side];
	live = msc(g)->live;
	/* Enemies already within 30mm: the no-closer rule; those beyond
	 * reach of this move cannot be met (none, when the nearest is
	 * beyond). The others, by their places in su[], worked out
	 * without branches. */
	for (q = near2(g, i) > reach2 ? n : 0; q < n; q++) {
		e2 = row[q];
		cand |= (uint64_t)((e2 > stop2) & (e2 <= reach2) &
		    (int)(live >> su[q] & 1)) << q;
	}
	for (; cand != 0; cand &= cand - 1) {
		q = __builtin_ctzll(cand);
		j = su[q];
		t = ray_enter(g, u->x, u->y, dx, dy, len, k->hw, k->hd, j,
		    mc(g)->stop);
		if (t < stop)
			stop = t;
	}
	if (stop < len)
		ENG_COVER(g, MO_R_MOVE_STOP);
	place(g, i, u->x + dx * stop, u->y + dy * stop);
	return stop;
}

/* Returns 1 when unit i's base lies wholly on the table. */
static int
on_table(const struct eng_game *g, int i, double x, double y)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];

	return x - k->hw >= -1e-9 && x + k->hw <= g->board->w + 1e-9 &&
	    y - k->hd >= -1e-9 && y + k->hd <= g->board->h + 1e-9;
}

/* Returns 1 when unit i's base at (x, y) would overlap another unit. */
static int
overlaps(const struct eng_game *g, int i, double x, double y)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	int j;

	for (j = 0; j < g->nu; j++)
		if (j != i && g->u[j].alive &&
		    eng_dist2_at(g, x, y, k->hw * 0.999, k->hd * 0.999,
		    &g->u[j]) <= 0)
			return 1;
	return 0;
}

/* A forced move of unit i by its normal move along (ux, uy): falling
 * back, routing or evading. Leaving the table loses the unit. */
static void
forced_move(struct eng_game *g, int i, double ux, double uy)
{
	struct eng_unit *u = &g->u[i];
	double mv = g->ctx->kinds[u->type].move, n = len2d(ux, uy);
	double x, y;

	if (n < 1e-12) {
		ux = 0;
		uy = u->side == ENG_BLUE ? -1 : 1;
		n = 1;
	}
	x = u->x + ux / n * mv;
	y = u->y + uy / n * mv;
	if (!on_table(g, i, x, y)) {
		/* Clarification 13: a unit that leaves the table is lost. */
		ENG_COVER(g, MO_R_OFF_TABLE);
		mo_remove(g, i);
		return;
	}
	place(g, i, x, y);
}

/* Movement, forced moves first (Clarification 4): melee losers fall
 * back facing their enemy; routing units flee to their own edge. */
static void
mo_forced_moves(struct eng_game *g)
{
	int i, f;

	for (i = 0; i < g->nu; i++) {
		struct eng_unit *u = &g->u[i];

		if (!u->alive || !(u->flags & ENG_UF_LOST_MELEE))
			continue;
		u->flags &= (uint16_t)~ENG_UF_LOST_MELEE;
		u->flags |= ENG_UF_MOVED;
		if (u->flags & ENG_UF_ROUTING)
			continue; /* flees below instead */
		f = u->c[MO_C_FOE];
		ENG_COVER(g, MO_R_FALL_BACK);
		if (f >= 0 && f < g->nu) {
			face_to(g, i, g->u[f].x, g->u[f].y);
			forced_move(g, i, u->x - g->u[f].x, u->y - g->u[f].y);
		} else
			forced_move(g, i, 0, 0);
	}
	for (i = 0; i < g->nu; i++) {
		struct eng_unit *u = &g->u[i];

		if (!u->alive || !(u->flags & ENG_UF_ROUTING))
			continue;
		ENG_COVER(g, MO_R_ROUT_MOVE);
		u->flags |= ENG_UF_MOVED;
		u->facing = u->side == ENG_BLUE ? M_PI : 0;
		forced_move(g, i, 0, u->side == ENG_BLUE ? -1 : 1);
	}
}

/* Returns 1 when a step from unit i's place along (ux, uy) would bring
 * it closer to an enemy it stands within 30mm of (Movement). */
static int
gets_closer(struct eng_game *g, int i, double ux, double uy)
{
	struct eng_unit *u = &g->u[i];
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	double n = len2d(ux, uy), x, y, d0;
	int j;

	if (n < 1e-12)
		return 0;
	x = u->x + ux / n * 0.01;
	y = u->y + uy / n * 0.01;
	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive || g->u[j].side == u->side)
			continue;
		d0 = d2i(g, i, j);
		if (d0 > mc(g)->stop * mc(g)->stop + 1e-6)
			continue;
		if (eng_dist2_at(g, x, y, k->hw, k->hd, &g->u[j]) <
		    d0 - 1e-9)
			return 1;
	}
	return 0;
}

/*
 * A free move of unit i along a path for a player or a test game: within
 * its allowance, halting within 30mm of an enemy; a unit within 30mm
 * that would get closer stands instead. Returns 0, or -1 with err.
 */
static int
mo_move(struct eng_game *g, int i, const double (*path)[2], int npath,
    double allow, char *err, size_t errsz)
{
	struct eng_unit *u = &g->u[i];
	double len = 0, px = u->x, py = u->y, d, first = 0, leg;
	int k, near;

	if (allow < 0)
		allow = move_allowance(g, i);
	if (u->flags & (ENG_UF_ROUTING | ENG_UF_MOVED)) {
		snprintf(err, errsz, "%s may not move now (%s)", u->name,
		    u->flags & ENG_UF_ROUTING ? "routing" : "already moved");
		return -1;
	}
	for (k = 0; k < npath; k++) {
		len += (leg = len2d(path[k][0] - px, path[k][1] - py));
		if (k == 0)
			first = leg;
		px = path[k][0];
		py = path[k][1];
	}
	if (len > allow + 1e-6) {
		char a[32], b[32];

		fmt_double(a, sizeof(a), allow, 1);
		fmt_double(b, sizeof(b), len, 1);
		snprintf(err, errsz, "%s may move at most %s, not %s",
		    u->name, a, b);
		return -1;
	}
	if (!on_table(g, i, px, py)) {
		snprintf(err, errsz, "%s would leave the table", u->name);
		return -1;
	}
	u->flags |= ENG_UF_MOVED;
	if (len < 1e-9)
		return 0;
	nearest_enemy(g, i, &d);
	near = d <= mc(g)->stop + 1e-6;
	ENG_COVER(g, MO_R_MOVE);
	if (len > g->ctx->kinds[u->type].move + 1e-6)
		ENG_COVER(g, MO_R_MOVE_BONUS);
	for (k = 0; k < npath; k++) {
		/* The first leg starts where the unit stands: its length is
		 * known. */
		double want = k == 0 ? first : len2d(path[k][0] - u->x,
		    path[k][1] - u->y);

		if (near && gets_closer(g, i, path[k][0] - u->x,
		    path[k][1] - u->y)) {
			ENG_COVER(g, MO_R_MOVE_NO_CLOSER);
			break;
		}
		if (move_leg(g, i, path[k][0], path[k][1], want) < want - 1e-9)
			break;
	}
	return 0;
}

/* ---- firing ---- */

/* Returns the weapon range of unit i (its first weapon), or -1. */
static double
fire_range(const struct eng_game *g, int i)
{
	return msc(g)->frange[i];
}

/* Returns the weapon range of unit i worked out from its type (kept in
 * frange[] at setup), or -1. */
static double
fire_range_of(const struct eng_game *g, int i)
{
	const struct rs_unit *t = ut(g, i);

	if (t->fire_dice <= 0 || t->nweapons == 0)
		return -1;
	return g->ctx->kinds[g->u[i].type].range[0];
}

/* Returns 1 when the segment between the centres of units i and j
 * passes through no other unit's base (Clarification 5: no shooting
 * through units); the core's eng_sight, with a cheap reject first. */
static int
sight_clear(const struct eng_game *g, int i, int j)
{
	const struct eng_unit *a = &g->u[i], *b = &g->u[j];
	double x0 = fmin(a->x, b->x), x1 = fmax(a->x, b->x);
	double y0 = fmin(a->y, b->y), y1 = fmax(a->y, b->y);
	double dx = b->x - a->x, dy = b->y - a->y;
	const struct mo_state *s = msc(g);
	uint64_t m;
	int k;

	if (g->board->grid != RS_GRID_NONE)
		return eng_sight(g, a, b, 1, 0);
	/* The other units on the table near the segment's bounding box;
	 * then those whose bases (a hair smaller) meet it, and the segment
	 * itself. */
	m = boxes_meeting(s, 0, g->nu, x0, x1, y0, y1) & s->live &
	    ~((uint64_t)1 << i) & ~((uint64_t)1 << j);
	for (; m != 0; m &= m - 1) {
		const struct eng_unit *v;
		double hw, hd, t0 = 0, t1 = 1, lo, hi, tt;

		k = __builtin_ctzll(m);
		v = &g->u[k];
		hw = s->hw[k] - 1e-6;
		hd = s->hd[k] - 1e-6;
		if (s->px[k] + hw < x0 || s->px[k] - hw > x1 ||
		    s->py[k] + hd < y0 || s->py[k] - hd > y1)
			continue;
		/* Slab test of the segment against the base. */
		if (fabs(dx) < 1e-12) {
			if (fabs(a->x - v->x) >= hw)
				continue;
		} else {
			lo = (v->x - hw - a->x) / dx;
			hi = (v->x + hw - a->x) / dx;
			if (lo > hi) {
				tt = lo; lo = hi; hi = tt;
			}
			t0 = fmax(t0, lo);
			t1 = fmin(t1, hi);
		}
		if (fabs(dy) < 1e-12) {
			if (fabs(a->y - v->y) >= hd)
				continue;
		} else {
			lo = (v->y - hd - a->y) / dy;
			hi = (v->y + hd - a->y) / dy;
			if (lo > hi) {
				tt = lo; lo = hi; hi = tt;
			}
			t0 = fmax(t0, lo);
			t1 = fmin(t1, hi);
		}
		if (t0 < t1)
			return 0;
	}
	return 1;
}

/* Returns why unit i may not shoot at unit j (NULL: it may): range,
 * front sector, sight (Firing; Clarification 5). */
static const char *
fire_illegal(const struct eng_game *g, int i, int j)
{
	double r = fire_range(g, i);

	if (!steady(g, i))
		return "it is routing or gone";
	if (!g->u[j].alive || g->u[j].side == g->u[i].side)
		return "the target is not an enemy on the table";
	if (r < 0)
		return "it has no fire dice";
	if (d2i(g, i, j) > r * r + 1e-6)
		return "the target is out of range";
	if (!partly_in_front(g, i, j))
		return "the target is not in its front sector";
	if (!sight_clear(g, i, j))
		return "other units block the line";
	return NULL;
}

/* Returns the target unit i shoots at: the nearest enemy it may shoot
 * (within 30mm only, when near), or -1. */
static int
fire_target(const struct eng_game *g, int i, int near)
{
	int k, n = 0, cand[ENG_MAX_UNITS], best, ne;
	double d2[ENG_MAX_UNITS], r = fire_range(g, i), lim;
	const double *row;
	const int8_t *su;

	/* The candidates pass fire_illegal()'s tests of the shooter (the
	 * callers'), of the target and of the range: only the sector and
	 * the line are left. */
	lim = r * r + 1e-6;
	if (near && mc(g)->stop * mc(g)->stop + 1e-3 < lim)
		lim = mc(g)->stop * mc(g)->stop + 1e-3;
	row = e2row(g, i);
	su = msc(g)->su[1 - g->u[i].side];
	ne = msc(g)->sn[1 - g->u[i].side];
	for (k = 0; k < ne; k++)
		if (row[k] <= lim && (msc(g)->live >> su[k] & 1)) {
			d2[n] = row[k];
			cand[n++] = su[k];
		}
	/* Nearest first; the first one it may shoot at. */
	while (n > 0) {
		best = 0;
		for (k = 1; k < n; k++)
			if (d2[k] < d2[best])
				best = k;
		if (partly_in_front(g, i, cand[best]) &&
		    sight_clear(g, i, cand[best]))
			return cand[best];
		cand[best] = cand[n - 1];
		d2[best] = d2[n - 1];
		n--;
	}
	return -1;
}

/* Record the first contest of a game for its exact odds. */
static void
contest(struct eng_game *g, int kind, int a, int b, int ad, int am, int as,
    int dd, int dm, int dsv)
{
	struct mo_state *s = ms(g);

	if (s->contest_set)
		return;
	s->contest_set = 1;
	g->contest.kind = kind;
	g->contest.a = a;
	g->contest.b = b;
	g->contest.weapon = kind == 1 ? ut(g, a)->weapons[0] : -1;
	s->ca_dice = ad;
	s->ca_mod = am;
	s->ca_saved = as;
	s->cd_dice = dd;
	s->cd_mod = dm;
	s->cd_saved = dsv;
}

/* Returns the hits of n dice with die_mod from unit i at unit j, after
 * j's saving throws when i is disorganised (Firing; Clarification 8). */
static int
roll_hits(struct eng_game *g, int i, int n, int die_mod)
{
	int k, hits = 0, saved = (g->u[i].flags & ENG_UF_DISORDERED) != 0;
	int kept = 0;

	for (k = 0; k < n; k++)
		if (eng_die(&g->dice) + die_mod >= 6)
			hits++;
	if (!saved)
		return hits;
	/* Saving throws: 4-6 cancels a hit from a disorganised enemy. */
	for (k = 0; k < hits; k++) {
		ENG_COVER(g, MO_R_SAVE);
		if (eng_die(&g->dice) <= 3)
			kept++;
	}
	return kept;
}

/* Unit i shoots at j: hits are pending until the step ends, so every
 * unit shoots before any result applies (Clarification 4). */
static void
shoot(struct eng_game *g, int i, int j)
{
	const struct rs_unit *t = ut(g, i);
	int mod = mo_fire_die_mod(g->ctx->rs, t), h;

	/* Fire dice at the weapon's "Hits on" face or better. */
	if (t->weapons[0] >= 0) {
		unsigned f = g->ctx->rs->weapons[t->weapons[0]].hit_faces;
		int low = 6;

		while (low > 1 && (f & (1u << (low - 1))))
			low--;
		mod += 6 - low;
	}
	ENG_COVER(g, MO_R_FIRE);
	contest(g, 1, i, j, t->fire_dice, mod,
	    (g->u[i].flags & ENG_UF_DISORDERED) != 0, 0, 0, 0);
	if (!in_front(g, j, i)) {
		ENG_COVER(g, MO_R_FIRE_FLANK);
		g->u[j].c[MO_C_TURN] |= MO_T_FLANK_FIRED;
	}
	h = roll_hits(g, i, t->fire_dice, mod);
	if (mod == 0 && t->fire_dice <= 6)
		g->tally[MO_TALLY_FIRE(t->fire_dice,
		    (g->u[i].flags & ENG_UF_DISORDERED) != 0, h)]++;
	ms(g)->pend[j] = (int16_t)(ms(g)->pend[j] + h);
	ms(g)->pend_mask |= (uint64_t)1 << j;
	g->u[i].flags |= ENG_UF_FIRED;
}

/* Apply every pending hit (end of a step). */
static void
apply_pending(struct eng_game *g)
{
	uint64_t m = ms(g)->pend_mask;
	int i;

	/* In unit order, as the units with hits pending are marked. */
	ms(g)->pend_mask = 0;
	for (; m != 0; m &= m - 1) {
		i = __builtin_ctzll(m);
		if (ms(g)->pend[i] != 0) {
			mo_hit(g, i, ms(g)->pend[i]);
			ms(g)->pend[i] = 0;
		}
	}
}

/* Firing (near = 0) or pre-melee firing (near = 1): every unit with fire
 * dice that is (not) within 30mm of an enemy shoots at one target. */
static void
mo_firing(struct eng_game *g, int near)
{
	const struct mo_state *s = msc(g);
	uint64_t m = 0;
	double r, d2;
	int i, j;

	/* The units that may shoot, as a mask made without branches:
	 * shooting changes no other unit's state until the step ends. */
	for (i = 0; i < g->nu; i++)
		m |= (uint64_t)((g->u[i].alive != 0) & (s->frange[i] >= 0) &
		    !(g->u[i].flags & (ENG_UF_ROUTING | ENG_UF_FIRED))) << i;
	for (; m != 0; m &= m - 1) {
		i = __builtin_ctzll(m);
		r = fire_range(g, i) + 1e-3;
		d2 = near2(g, i);
		if ((d2 <= mc(g)->engaged2) != near) {
			if (!near)
				ENG_COVER(g, MO_R_FIRE_HOLD);
			continue;
		}
		if (d2 > r * r)
			continue; /* nothing in range */
		if ((j = fire_target(g, i, near)) < 0)
			continue;
		if (near)
			ENG_COVER(g, MO_R_PRE_FIRE);
		shoot(g, i, j);
	}
	apply_pending(g);
}

/* ---- rally ---- */

/* Returns 1 when unit i may try to rally: once a turn, routing or
 * disorganised since an earlier turn ("in later turns", Morale), and not
 * from disorder once rallied from a rout (Clarification 13). */
static int
may_rally(struct eng_game *g, int i, int count)
{
	const struct eng_unit *u = &g->u[i];

	if (!u->alive || (u->c[MO_C_TURN] & (MO_T_NEW_DISORDER |
	    MO_T_TRIED)))
		return 0;
	if (u->flags & ENG_UF_ROUTING)
		return 1;
	if (!(u->flags & ENG_UF_DISORDERED))
		return 0;
	if (u->flags & ENG_UF_RALLIED) {
		if (count)
			ENG_COVER(g, MO_R_RALLY_NEVER);
		return 0;
	}
	return 1;
}

/* Unit i tests to rally (Morale; Clarification 13). */
static void
rally(struct eng_game *g, int i)
{
	struct eng_unit *u = &g->u[i];
	int routing = (u->flags & ENG_UF_ROUTING) != 0;
	int pass = mo_test(g, i, mods_common(g, i));

	u->c[MO_C_TURN] |= MO_T_TRIED;
	if (routing && pass) {
		ENG_COVER(g, MO_R_RALLY_ROUT);
		u->flags &= (uint16_t)~ENG_UF_ROUTING;
		u->flags |= ENG_UF_RALLIED | ENG_UF_DISORDERED;
	} else if (routing) {
		ENG_COVER(g, MO_R_RALLY_ROUT_FAIL);
		mo_hit(g, i, 1);
	} else if (pass) {
		ENG_COVER(g, MO_R_RALLY_DISORDER);
		u->flags &= (uint16_t)~ENG_UF_DISORDERED;
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
	const struct mo_ctx *c = mc(g);
	int m = u->morale;

	if (u->flags & ENG_UF_ROUTING)
		m += c->mod[MO_MOD_ROUTING];
	else
		m += c->mod[MO_MOD_DISORDERED];
	if (u->c[MO_C_TURN] & MO_T_FLANK_FIRED)
		m += c->mod[MO_MOD_FIRED_ON_FLANK];
	return m <= 0 ? 0 : m >= 6 ? 1 : m / 6.0;
}

/* Rally: routing units always try (nothing to lose but a hit); the
 * greedy player rallies a disorganised unit on even odds or better,
 * the random one at a coin's toss; in test games every unit that may
 * rally tries. */
static void
mo_rally(struct eng_game *g, int scripted)
{
	int i, try;

	for (i = 0; i < g->nu; i++) {
		if (!may_rally(g, i, 1))
			continue;
		if (scripted)
			try = 1;
		else if (g->u[i].flags & ENG_UF_ROUTING)
			try = 1;
		else if (g->player[g->u[i].side] == ENG_PLAYER_RANDOM)
			try = eng_rng_below(&g->ai, 2);
		else
			try = rally_chance(g, i) >= 0.5;
		if (try)
			rally(g, i);
	}
}

/* ---- charges and melee ---- */

/* Returns 1 when units of type t may ever charge: melee dice, not open
 * order, not artillery (Melee: closing in). */
static int
type_charges(const struct rs_unit *t)
{
	return t->melee_dice > 0 && !(t->traits & RS_TRAIT_LIGHT) &&
	    t->cls != RS_CLASS_ARTILLERY;
}

/* Returns why unit i may not charge unit j (NULL: it may). Only units
 * with melee dice and morale 3 or more charge; open order troops,
 * routing units and artillery never do (Melee: closing in). */
static const char *
charge_illegal(struct eng_game *g, int i, int j, int count)
{
	const struct rs_unit *t = ut(g, i);

	if (!g->u[i].alive)
		return "it is not on the table";
	if (g->u[i].flags & ENG_UF_ROUTING)
		return "it is routing";
	if (!type_charges(t))
		return "it never charges";
	if (g->u[i].morale <= 2) {
		if (count)
			ENG_COVER(g, MO_R_ONLY_DEFEND);
		return "at morale 2 or less it may only defend";
	}
	if (j < 0 || !g->u[j].alive || g->u[j].side == g->u[i].side)
		return "the target is not an enemy on the table";
	if (d2i(g, i, j) >
	    mc(g)->stop * mc(g)->stop + 1e-6)
		return "the target is not within 30mm";
	if (!partly_in_front(g, i, j))
		return "the target is not in its front sector";
	return NULL;
}

/* The players declare charges: greedy on fair odds or better by the
 * exact table, random at a coin's toss. */
static void
declare_charges(struct eng_game *g)
{
	int i, j, k, n, best;
	float bp, p;
	double s2 = mc(g)->stop * mc(g)->stop + 1e-6;
	const double *row;
	const int8_t *su;
	uint64_t m = 0;

	/* The steady units with melee dice, as a mask made without
	 * branches (declaring changes no other unit's state). */
	for (i = 0; i < g->nu; i++) {
		g->u[i].c[MO_C_CHARGE] = 0;
		m |= (uint64_t)((g->u[i].alive != 0) &
		    !(g->u[i].flags & ENG_UF_ROUTING) &
		    (ut(g, i)->melee_dice > 0)) << i;
	}
	for (; m != 0; m &= m - 1) {
		i = __builtin_ctzll(m);
		/* The charger's own conditions of charge_illegal() first:
		 * when they fail, no target is legal. */
		if (!engaged(g, i) || !type_charges(ut(g, i)) ||
		    g->u[i].morale <= 2)
			continue;
		best = -1;
		bp = -1;
		row = e2row(g, i);
		su = msc(g)->su[1 - g->u[i].side];
		n = msc(g)->sn[1 - g->u[i].side];
		for (k = 0; k < n; k++) {
			j = su[k];
			/* What charge_illegal() asks of the target: an
			 * enemy on the table within 30mm, partly in front. */
			if (row[k] > s2 || !g->u[j].alive ||
			    !partly_in_front(g, i, j))
				continue;
			p = mc(g)->p_win[g->u[i].type][g->u[j].type];
			/* A disorganised target that fails its test routs
			 * without striking: the charge wins. */
			if (g->u[j].flags & ENG_UF_DISORDERED) {
				int m = g->u[j].morale +
				    mc(g)->mod[MO_MOD_DISORDERED];
				float fail = m >= 6 ? 0.0f : m <= 0 ? 1.0f :
				    (float)(6 - m) / 6;

				p = fail + (1 - fail) * p;
			}
			if (!in_front(g, j, i))
				p += 0.2f; /* a flank attack */
			if (g->u[j].flags & ENG_UF_ROUTING)
				p = 1;
			if (g->player[g->u[i].side] == ENG_PLAYER_RANDOM)
				p = (float)eng_rng_below(&g->ai, 100) / 100;
			if (p > bp) {
				bp = p;
				best = j;
			}
		}
		if (best >= 0 && bp >= 0.4f)
			g->u[i].c[MO_C_CHARGE] = (int16_t)(best + 1);
	}
}

/* Settle declarations: the side that moved first first, in unit order;
 * a charge stands unless its unit is already charged or its target is
 * already charging (Clarification 19); illegal ones are dropped. */
static void
settle_charges(struct eng_game *g)
{
	int pass, i, j, s;

	for (i = 0; i < g->nu; i++)
		g->u[i].c[MO_C_TURN] &= (int16_t)~(MO_T_TARGET | MO_T_PASSED);
	for (pass = 0; pass < 2; pass++) {
		s = pass == 0 ? g->first : 1 - g->first;
		for (i = 0; i < g->nu; i++) {
			if (g->u[i].side != s || g->u[i].c[MO_C_CHARGE] == 0)
				continue;
			j = g->u[i].c[MO_C_CHARGE] - 1;
			if (charge_illegal(g, i, j, 1) != NULL ||
			    (g->u[i].c[MO_C_TURN] & MO_T_TARGET) ||
			    g->u[j].c[MO_C_CHARGE] != 0) {
				g->u[i].c[MO_C_CHARGE] = 0;
				continue;
			}
			g->u[j].c[MO_C_TURN] |= MO_T_TARGET;
		}
	}
	/* A target's own charge is dropped: it was declared too late. */
	for (i = 0; i < g->nu; i++) {
		ms(g)->cmask[i] = 0;
		if (g->u[i].c[MO_C_TURN] & MO_T_TARGET)
			g->u[i].c[MO_C_CHARGE] = 0;
	}
	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].c[MO_C_CHARGE] > 0)
			ms(g)->cmask[g->u[i].c[MO_C_CHARGE] - 1] |=
			    (uint64_t)1 << i;
}

/* Returns 1 when unit c charges unit t this turn. */
static int
charges(const struct eng_game *g, int c, int t)
{
	return g->u[c].alive && g->u[c].c[MO_C_CHARGE] == t + 1;
}

/* Returns the mask of the units that charged unit t when the charges
 * were settled (bit c: unit c); some may have dropped out since. */
static uint64_t
chargers_of(const struct eng_game *g, int t)
{
	return msc(g)->cmask[t];
}

/* Loop c, in unit order, over the units that charge unit t this turn
 * (after settle_charges()); m is a uint64_t. A charge dropped in the
 * loop's body is seen. */
#define FOR_CHARGERS(g, t, m, c)                                            \
	for ((m) = chargers_of((g), (t)); (m) != 0 &&                       \
	    ((c) = __builtin_ctzll(m), 1); (m) &= (m) - 1)                   \
		if (charges((g), (c), (t)))

/* Light troops evade the charge of a (the fastest charger): one normal
 * move straight away; caught when slower than a, or stopped by the
 * table edge or other units (Clarification 14). Returns 1 escaped. */
static int
evade(struct eng_game *g, int t, int a)
{
	struct eng_unit *u = &g->u[t];
	double mv = g->ctx->kinds[u->type].move;
	double dx = u->x - g->u[a].x, dy = u->y - g->u[a].y, n = len2d(dx, dy);
	double x, y;

	ENG_COVER(g, MO_R_EVADE);
	if (n < 1e-12) {
		dx = 0;
		dy = u->side == ENG_BLUE ? -1 : 1;
		n = 1;
	}
	x = u->x + dx / n * mv;
	y = u->y + dy / n * mv;
	if (mv < g->ctx->kinds[g->u[a].type].move - 1e-9 ||
	    !on_table(g, t, x, y) || overlaps(g, t, x, y)) {
		ENG_COVER(g, MO_R_CAUGHT);
		u->c[MO_C_TURN] |= MO_T_NO_STRIKE;
		return 0;
	}
	place(g, t, x, y);
	u->c[MO_C_TURN] |= MO_T_EVADED;
	return 1;
}

/* Unit c's test to close on t (Melee; Clarification 6). */
static void
charger_test(struct eng_game *g, int c, int t)
{
	int mods = mods_common(g, c);

	ENG_COVER(g, MO_R_CHARGE_TEST);
	if (!in_front(g, t, c))
		mods += mod_apply(g, MO_MOD_MELEEING_FLANK);
	if (unsupported(g, c))
		mods += mod_apply(g, MO_MOD_UNSUPPORTED);
	if (mo_test(g, c, mods)) {
		g->u[c].c[MO_C_TURN] |= MO_T_PASSED;
		return;
	}
	/* Clarification 6: a charger that fails stays where it is. */
	ENG_COVER(g, MO_R_CHARGE_FAIL);
	mo_fail(g, c);
	g->u[c].c[MO_C_CHARGE] = 0;
}

/* The charged unit t's test, with the defending modifiers
 * (Clarification 6). */
static void
target_test(struct eng_game *g, int t)
{
	const struct rs_unit *tt = ut(g, t);
	int mods = mods_common(g, t), c, cav = 0, ele = 0, flank = 0, hg = 0;
	uint64_t q;
	unsigned kinds;

	FOR_CHARGERS(g, t, q, c) {
		cav |= mounted(ut(g, c));
		ele |= ut(g, c)->cls == RS_CLASS_ELEPHANT;
		flank |= !in_front(g, t, c);
		hg |= higher_ground(g, t, c);
	}
	ENG_COVER(g, MO_R_TARGET_TEST);
	if (cav && !mounted(tt))
		mods += mod_apply(g, MO_MOD_MELEED_BY_CAVALRY);
	if (ele && mounted(tt))
		mods += mod_apply(g, MO_MOD_CAV_BY_ELEPHANTS);
	if (flank)
		mods += mod_apply(g, MO_MOD_MELEED_FROM_FLANK);
	if (unsupported(g, t))
		mods += mod_apply(g, MO_MOD_UNSUPPORTED);
	if (hg && !mounted(tt))
		mods += mod_apply(g, MO_MOD_HIGHER_GROUND);
	kinds = eng_board_kinds_at(g->board, g->u[t].x, g->u[t].y);
	if (kinds & (1u << RS_TERRAIN_FORTIFICATION))
		mods += mod_apply(g, MO_MOD_FORTIFICATIONS);
	if (mo_test(g, t, mods))
		return;
	if (g->u[t].flags & ENG_UF_DISORDERED) {
		/* Already disorganised: it routs and does not strike. */
		ENG_COVER(g, MO_R_TARGET_ROUTS);
		g->u[t].c[MO_C_TURN] |= MO_T_NO_STRIKE;
	}
	mo_fail(g, t);
}

/* Pre-melee morale: charges declared (by the players unless scripted),
 * targets evade or turn to face, and every unit about to fight tests. */
static void
mo_pre_morale(struct eng_game *g, int scripted)
{
	int t, c, nch, nfront, a, passed;
	uint64_t q;

	if (!scripted)
		declare_charges(g);
	settle_charges(g);
	for (t = 0; t < g->nu; t++) {
		if (!(g->u[t].c[MO_C_TURN] & MO_T_TARGET))
			continue;
		nch = nfront = 0;
		a = -1;
		FOR_CHARGERS(g, t, q, c) {
			nch++;
			nfront += in_front(g, t, c);
			if (a < 0 || g->ctx->kinds[g->u[c].type].move >
			    g->ctx->kinds[g->u[a].type].move)
				a = c;
		}
		if (nch == 0)
			continue;
		if (steady(g, t) && (ut(g, t)->traits & RS_TRAIT_LIGHT) &&
		    evade(g, t, a)) {
			FOR_CHARGERS(g, t, q, c)
				g->u[c].c[MO_C_CHARGE] = 0;
			continue;
		}
		/* Turning to face: one flank charger only, not pikes
		 * (Clarification 16). */
		if (steady(g, t) && nfront == 0 && nch == 1 &&
		    !(g->u[t].c[MO_C_TURN] & MO_T_NO_STRIKE)) {
			if (ut(g, t)->traits & RS_TRAIT_PIKE)
				ENG_COVER(g, MO_R_PIKE_NO_TURN);
			else {
				ENG_COVER(g, MO_R_TURN);
				face_to(g, t, g->u[a].x, g->u[a].y);
			}
		}
		passed = 0;
		FOR_CHARGERS(g, t, q, c) {
			charger_test(g, c, t);
			passed |= charges(g, c, t);
		}
		if (!passed)
			continue;
		if (g->u[t].flags & ENG_UF_ROUTING)
			g->u[t].c[MO_C_TURN] |= MO_T_NO_STRIKE;
		else
			target_test(g, t);
	}
}

/* Returns the melee die modifier of unit i fighting towards unit j from
 * the Melee modifiers table, counting each that applies. */
static int
melee_mod(struct eng_game *g, int i, int j)
{
	const struct rs_unit *t = ut(g, i);
	const struct mo_ctx *c = mc(g);
	int v = 0;

	if ((t->traits & RS_TRAIT_PIKE) && c->has_die[0] && in_front(g, i, j)) {
		ENG_COVER(g, MO_R_DIE_PIKE);
		v += c->die[0];
	}
	if ((t->traits & RS_TRAIT_ARMOURED) && c->has_die[1]) {
		ENG_COVER(g, MO_R_DIE_ARMOURED);
		v += c->die[1];
	}
	if ((t->traits & RS_TRAIT_LEVY) && c->has_die[2]) {
		ENG_COVER(g, MO_R_DIE_LEVY);
		v += c->die[2];
	}
	return v;
}

/* The loser l of a melee against w: disorganised with a further hit,
 * falling back next Movement; routing if it already was disorganised
 * (Melee: the loser; Clarification 12). */
static void
lose(struct eng_game *g, int l, int w)
{
	struct eng_unit *u = &g->u[l];

	ENG_COVER(g, MO_R_LOSER);
	ms(g)->pend[l]++;
	ms(g)->pend_mask |= (uint64_t)1 << l;
	if (u->flags & (ENG_UF_DISORDERED | ENG_UF_ROUTING)) {
		ENG_COVER(g, MO_R_LOSER_ROUTS);
		if (!(u->flags & ENG_UF_ROUTING))
			ENG_COVER(g, MO_R_ROUT);
		u->flags |= ENG_UF_ROUTING | ENG_UF_DISORDERED;
	} else {
		u->flags |= ENG_UF_DISORDERED | ENG_UF_LOST_MELEE;
		u->c[MO_C_FOE] = (int16_t)w;
	}
	u->c[MO_C_TURN] |= MO_T_NEW_DISORDER;
}

/* Returns 1 when the chargers' side wins a tie-break: one die each,
 * never modified, rolled again while equal (Clarifications 8, 11). */
static int
tiebreak(struct eng_game *g)
{
	int a, d;

	ENG_COVER(g, MO_R_TIEBREAK);
	for (;;) {
		a = eng_die(&g->dice);
		d = eng_die(&g->dice);
		if (a != d || g->dice.out)
			return a > d;
		ENG_COVER(g, MO_R_TIEBREAK_AGAIN);
	}
}

/* One melee round at target t (Melee: the fight). */
static void
fight(struct eng_game *g, int t)
{
	const struct rs_unit *tt = ut(g, t);
	int c, opp = -1, nfront = 0, nflank = 0, ah = 0, dh = 0, n = 0;
	uint64_t q;
	int amod = 0, dmod = 0, strike, win;

	FOR_CHARGERS(g, t, q, c) {
		n++;
		if (in_front(g, t, c)) {
			if (nfront++ == 0)
				opp = c;
		} else
			nflank++;
	}
	if (opp < 0)
		FOR_CHARGERS(g, t, q, c)
			if (opp < 0)
				opp = c;
	if (nfront > 0 && nflank > 0)
		ENG_COVER(g, MO_R_FRONT_FLANK);
	ENG_COVER(g, MO_R_MELEE);
	FOR_CHARGERS(g, t, q, c) {
		amod = melee_mod(g, c, t);
		ah += roll_hits(g, c, ut(g, c)->melee_dice, amod);
	}
	strike = steady(g, t) && tt->melee_dice > 0 &&
	    !(g->u[t].c[MO_C_TURN] & MO_T_NO_STRIKE);
	if (!strike && (g->u[t].c[MO_C_TURN] & MO_T_NO_STRIKE ||
	    !steady(g, t)))
		ENG_COVER(g, MO_R_NO_STRIKE);
	if (strike) {
		dmod = melee_mod(g, t, opp);
		dh = roll_hits(g, t, tt->melee_dice, dmod);
	}
	contest(g, 2, opp, t, ut(g, opp)->melee_dice, amod,
	    (g->u[opp].flags & ENG_UF_DISORDERED) != 0,
	    strike ? tt->melee_dice : 0, dmod,
	    (g->u[t].flags & ENG_UF_DISORDERED) != 0);
	if (ms(g)->contest_set && g->contest.b == t && g->contest.kind == 2)
		ms(g)->ca_n = n;
	ms(g)->pend[t] = (int16_t)(ms(g)->pend[t] + ah);
	ms(g)->pend[opp] = (int16_t)(ms(g)->pend[opp] + dh);
	ms(g)->pend_mask |= (uint64_t)1 << t | (uint64_t)1 << opp;
	win = ah > dh ? 1 : ah < dh ? 0 : tiebreak(g);
	if (n == 1 && amod == 0 && dmod == 0 &&
	    !(g->u[opp].flags & ENG_UF_DISORDERED) &&
	    !(strike && (g->u[t].flags & ENG_UF_DISORDERED)) &&
	    ut(g, opp)->melee_dice <= 6 && tt->melee_dice <= 6)
		g->tally[MO_TALLY_MELEE(ut(g, opp)->melee_dice, strike ?
		    tt->melee_dice : 0, win)]++;
	if (win)
		lose(g, t, opp);
	else
		FOR_CHARGERS(g, t, q, c)
			lose(g, c, t);
}

/* Melee: every charger that passed fights its target; one round. */
static void
mo_melee(struct eng_game *g)
{
	int t, c, any;
	uint64_t q;

	for (t = 0; t < g->nu; t++) {
		if (!(g->u[t].c[MO_C_TURN] & MO_T_TARGET) || !g->u[t].alive)
			continue;
		any = 0;
		FOR_CHARGERS(g, t, q, c) {
			any = 1;
			break;
		}
		if (any)
			fight(g, t);
	}
	for (c = 0; c < g->nu; c++)
		g->u[c].c[MO_C_CHARGE] = 0;
	apply_pending(g);
}

/* ---- record and the end of the battle ---- */

/* Returns 1 when side's army has broken: with a break point, it has
 * fit fighting units left of the fit0 it brought, and has lost that
 * share of them or more. */
static int
broken(const struct eng_game *g, int side, int fit)
{
	int n = msc(g)->fit0[side];

	return g->break_pct > 0 && n > 0 &&
	    (n - fit) * 100 >= n * g->break_pct;
}

/* Record: the battle ends when a side has no unit fit to fight (on the
 * table, not routing, able to charge) or its army breaks, or on the turn
 * limit the side with more units not routing wins (End of the battle;
 * Clarification 18). */
static void
mo_record(struct eng_game *g)
{
	int fit[2] = { 0, 0 }, count[2] = { 0, 0 }, i;

	apply_pending(g);
	ENG_COVER(g, MO_R_SEQUENCE);
	for (i = 0; i < g->nu; i++) {
		if (steady(g, i))
			count[g->u[i].side]++;
		if (steady(g, i) && type_charges(ut(g, i)))
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
	} else if (g->break_pct > 0 && (broken(g, 0, fit[0]) ||
	    broken(g, 1, fit[1]))) {
		ENG_COVER(g, MO_R_END_ARMY_BREAKS);
		g->over = 1;
		g->winner = !broken(g, 0, fit[0]) ? ENG_BLUE :
		    !broken(g, 1, fit[1]) ? ENG_RED : -1;
	} else if (g->turn_limit > 0 && g->gturn >= g->turn_limit) {
		ENG_COVER(g, MO_R_END_LIMIT);
		g->over = 1;
		g->timeout = 1;
		g->winner = count[0] > count[1] ? ENG_BLUE :
		    count[1] > count[0] ? ENG_RED : -1;
	}
	if (!g->over)
		g->gturn++;
	else
		facings_resolve(g);
}

/* ---- the built-in players' moves ---- */

/* Returns 1 when unit i standing at (x, y) would overlap the base of a
 * friendly unit. */
static int
crowded(const struct eng_game *g, int i, double x, double y)
{
	const struct mo_state *s = msc(g);
	int side = g->u[i].side, j;
	uint64_t m = s->live & s->sidemask[side] & ~((uint64_t)1 << i);
	double hwi = s->hw[i], hdi = s->hd[i];

	if (!s->grid)
		m &= boxes_meeting(s, s->ulo[side], s->uhi[side] + 1,
		    x - hwi, x + hwi, y - hdi, y + hdi);
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		if (fabs(x - s->px[j]) < hwi + s->hw[j] - 1e-6 &&
		    fabs(y - s->py[j]) < hdi + s->hd[j] - 1e-6)
			return 1;
	}
	return 0;
}

/* A player's free move of unit i (Movement): greedy closes with the
 * nearest enemy, keeps skirmishers and artillery at their range and
 * broken units back; random wanders. Both face the nearest enemy. */
static void
player_move(struct eng_game *g, int i)
{
	struct eng_unit *u = &g->u[i];
	const struct rs_unit *t = ut(g, i);
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	double d, allow, range, want, step, ang, path[1][2], ux, uy, n;
	char err[8];
	int e;

	if (!steady(g, i) || (u->flags & ENG_UF_MOVED))
		return;
	if ((e = nearest_enemy(g, i, &d)) < 0)
		return;
	/* Clarification 15, as in move_allowance(). */
	allow = k->move * (d > 2 * k->move + 1e-9 ? 1.5 : 1);
	range = fire_range(g, i);
	/* Routing enemies are out of the fight, and light troops evade
	 * what is not faster than they are: a greedy unit that charges
	 * closes with the nearest enemy that stands and that it can
	 * catch, else the nearest that stands, when there is one. */
	if (d > mc(g)->stop + 1e-3 &&
	    ((g->u[e].flags & ENG_UF_ROUTING) ||
	    (g->player[u->side] != ENG_PLAYER_RANDOM && type_charges(t) &&
	    (ut(g, e)->traits & RS_TRAIT_LIGHT)))) {
		int q, j, best = -1, cbest = -1;
		double bd = 1e300, cd = 1e300, t2;

		FOR_ENEMIES(g, u->side, q, j) {
			if (!steady(g, j))
				continue;
			t2 = d2i(g, i, j);
			if (t2 < bd) {
				bd = t2;
				best = j;
			}
			if (t2 < cd && (!(ut(g, j)->traits & RS_TRAIT_LIGHT) ||
			    g->ctx->kinds[g->u[j].type].move < k->move)) {
				cd = t2;
				cbest = j;
			}
		}
		if (cbest >= 0 && type_charges(t) &&
		    g->player[u->side] != ENG_PLAYER_RANDOM) {
			e = cbest;
			d = sqrt(cd);
		} else if (best >= 0) {
			e = best;
			d = sqrt(bd);
		}
	}
	ux = g->u[e].x - u->x;
	uy = g->u[e].y - u->y;
	if ((n = len2d(ux, uy)) > 1e-12) {
		ux /= n;
		uy /= n;
	}
	if (g->player[u->side] == ENG_PLAYER_RANDOM) {
		if (eng_rng_below(&g->ai, 3) == 0)
			step = 0;
		else {
			ang = atan2(ux, uy) + ((double)eng_rng_below(&g->ai,
			    181) - 90) * M_PI / 180;
			ux = sin(ang);
			uy = cos(ang);
			step = allow * eng_rng_below(&g->ai, 101) / 100;
		}
	} else if (d <= mc(g)->stop + 1e-6)
		step = 0;
	else if ((t->traits & RS_TRAIT_LIGHT) || t->melee_dice <= 0 ||
	    u->morale <= 2) {
		want = range > 0 ? range - 5 : d;
		if (want < mc(g)->stop + 5)
			want = mc(g)->stop + 5;
		step = d - want;
		if (step < -allow)
			step = -allow;
	} else
		step = allow;
	if (step > allow)
		step = allow;
	path[0][0] = u->x + ux * step;
	path[0][1] = u->y + uy * step;
	if (path[0][0] < k->hw)
		path[0][0] = k->hw;
	if (path[0][0] > g->board->w - k->hw)
		path[0][0] = g->board->w - k->hw;
	if (path[0][1] < k->hd)
		path[0][1] = k->hd;
	if (path[0][1] > g->board->h - k->hd)
		path[0][1] = g->board->h - k->hd;
	/* Players do not end a move on a friend's base: half the move,
	 * or none. */
	if (fabs(step) > 1e-9 && crowded(g, i, path[0][0], path[0][1])) {
		path[0][0] = (path[0][0] + u->x) / 2;
		path[0][1] = (path[0][1] + u->y) / 2;
		if (crowded(g, i, path[0][0], path[0][1]))
			step = 0;
	}
	if (fabs(step) > 1e-9)
		mo_move(g, i, (const double (*)[2])path, 1, allow, err,
		    sizeof(err));
	u->flags |= ENG_UF_MOVED;
	face_to(g, i, g->u[e].x, g->u[e].y);
}

/* ---- the sequence ---- */

int
mo_phase_find(const char *name)
{
	int k;

	for (k = 0; k < MO_PH__N; k++)
		if (strcasecmp(name, mo_phase_names[k]) == 0)
			return k;
	return -1;
}

void
mo_phase_run(struct eng_game *g, enum mo_phase ph, int scripted)
{
	int s, i;

	switch (ph) {
	case MO_PH_MOVEMENT:
		mo_forced_moves(g);
		if (scripted)
			break;
		/* Clarification 4: the higher die moves all its units
		 * first. */
		eng_initiative(g);
		for (s = 0; s < 2; s++)
			for (i = 0; i < g->nu; i++)
				if (g->u[i].side == (s ? 1 - g->first :
				    g->first))
					player_move(g, i);
		break;
	case MO_PH_FIRING:
		mo_firing(g, 0);
		break;
	case MO_PH_RALLY:
		mo_rally(g, scripted);
		break;
	case MO_PH_PRE_FIRING:
		mo_firing(g, 1);
		break;
	case MO_PH_PRE_MORALE:
		mo_pre_morale(g, scripted);
		break;
	case MO_PH_MELEE:
		mo_melee(g);
		break;
	case MO_PH_RECORD:
	default:
		mo_record(g);
		break;
	}
}

/* One game turn with the built-in players: every step of the ruleset's
 * sequence, in its order. */
static void
mo_play_turn(struct eng_game *g)
{
	int k;

	for (k = 0; k < mc(g)->nphase && !g->over; k++)
		mo_phase_run(g, (enum mo_phase)mc(g)->phase[k], 0);
}

/* ---- family hooks ---- */

/* Add an error to d when there is one. */
static void
prep_error(struct diags *d, struct pos p, const char *fmt, const char *s)
{
	if (d != NULL)
		diag_add(d, SEV_ERROR, p, fmt, s);
}

/* Read the sequence of play: every step must be one the engine knows;
 * Record is added at the end when missing, so that battles end. */
static int
prep_sequence(struct mo_ctx *c, const struct ruleset *rs, struct diags *d)
{
	size_t i;
	int k, rc = 0, rec = 0;

	for (i = 0; i < rs->nphases && c->nphase < 15; i++) {
		if ((k = mo_phase_find(rs->phases[i].name)) < 0) {
			prep_error(d, rs->phases[i].pos, "the morale engine "
			    "does not know the step '%s' (known: Movement, "
			    "Firing, Rally, Pre-melee firing, Pre-melee "
			    "morale, Melee, Record)", rs->phases[i].name);
			rc = -1;
			continue;
		}
		rec |= k == MO_PH_RECORD;
		c->phase[c->nphase++] = k;
	}
	if (!rec)
		c->phase[c->nphase++] = MO_PH_RECORD;
	return rc;
}

/* Read the modifier tables: every key must be one the engine knows. */
static int
prep_mods(struct mo_ctx *c, const struct ruleset *rs, struct diags *d)
{
	static const char *const die_keys[3] = { "pike_front", "armoured",
		"levy" };
	size_t i;
	int k, rc = 0;

	for (i = 0; i < rs->nmods; i++) {
		const struct rs_modifier *m = &rs->mods[i];

		if (m->scope == RS_MOD_MORALE) {
			for (k = 0; k < MO_MOD__N; k++)
				if (strcasecmp(m->key, mo_mod_keys[k]) == 0)
					break;
			if (k == MO_MOD__N) {
				prep_error(d, m->pos, "the morale engine does "
				    "not know the morale modifier '%s'",
				    m->key);
				rc = -1;
				continue;
			}
			c->mod[k] = m->value;
			c->has_mod[k] = 1;
		} else if (m->scope == RS_MOD_MELEE_DIE) {
			for (k = 0; k < 3; k++)
				if (strcasecmp(m->key, die_keys[k]) == 0)
					break;
			if (k == 3) {
				prep_error(d, m->pos, "the morale engine does "
				    "not know the melee modifier '%s'", m->key);
				rc = -1;
				continue;
			}
			c->die[k] = m->value;
			c->has_die[k] = 1;
		}
	}
	return rc;
}

/* Returns unit type u's melee die modifier, from the prepared table. */
static int
type_melee_mod(const struct mo_ctx *c, const struct rs_unit *u, int front)
{
	int v = 0;

	if ((u->traits & RS_TRAIT_PIKE) && front)
		v += c->die[0];
	if (u->traits & RS_TRAIT_ARMOURED)
		v += c->die[1];
	if (u->traits & RS_TRAIT_LEVY)
		v += c->die[2];
	return v;
}

/* Returns 1 when unit type u strikes back when charged to its front. */
static int
type_strikes(const struct rs_unit *u)
{
	return u->melee_dice > 0 && !(u->traits & RS_TRAIT_LIGHT);
}


/*
 * One melee round's outcome, memoised by its parameters: many unit types
 * share dice and modifiers, and the exact arithmetic is the costly part.
 * The round depends on each side's dice and the faces that hit, so the
 * memo is indexed by those (21 x 7 x 21 x 7 slots).
 */
struct melee_memo {
	struct mo_q aw, dw; /* the charger wins, the defender wins */
};

struct melee_memos {
	int *slot; /* index into v + 1; 0: not yet worked out */
	struct melee_memo *v;
	size_t n, cap;
};

static void
melee_memos_free(struct melee_memos *m)
{
	free(m->slot);
	free(m->v);
}

/* Returns the memo entry of a round (made on first use). */
static const struct melee_memo *
melee_memo_get(struct melee_memos *m, int ad, int am, int dd, int dm)
{
	enum { D = MO_MAX_DICE + 1, F = 7 };
	struct melee_memo e;
	struct mo_melee r;
	size_t k;

	ad = ad < 0 ? 0 : ad > MO_MAX_DICE ? MO_MAX_DICE : ad;
	dd = dd < 0 ? 0 : dd > MO_MAX_DICE ? MO_MAX_DICE : dd;
	k = (((size_t)ad * F + (size_t)mo_hit_faces(am)) * D + (size_t)dd) *
	    F + (size_t)mo_hit_faces(dm);
	if (m->slot == NULL)
		m->slot = xcalloc((size_t)D * F * D * F, sizeof(int));
	if (m->slot[k] == 0) {
		mo_melee_odds(&r, ad, am, 0, dd, dm, 0);
		e.aw = r.a_wins;
		e.dw = r.d_wins;
		XPUSH(m->v, m->n, m->cap, e);
		m->slot[k] = (int)m->n;
	}
	return &m->v[m->slot[k] - 1];
}

/* Family hook: read the sequence and modifier tables, convert the 30mm
 * and 60mm distances, and tabulate the greedy player's melee odds.
 * Returns 0, or -1 with errors in d (when given). */
static int
mo_prepare(struct eng_ctx *ctx, struct diags *d)
{
	const struct ruleset *rs = ctx->rs;
	struct mo_ctx *c = xcalloc(1, sizeof(*c));
	struct melee_memos memo = { 0 };
	size_t a, b;
	int whole, rc = 0;

	ctx->fam_data = c;
	rc |= prep_sequence(c, rs, d);
	rc |= prep_mods(c, rs, d);
	c->hpm = rs->hits_per_morale > 0 ? rs->hits_per_morale : 3;
	/* Movement: halt within 30mm; Morale modifiers: support 60mm. */
	c->stop = eng_board_len(&ctx->board, 30, &whole);
	c->engaged2 = (c->stop + 1e-3) * (c->stop + 1e-3);
	c->support = eng_board_len(&ctx->board, 60, &whole);
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *u = &rs->units[a];

		c->fire_mod[a] = mo_fire_die_mod(rs, u);
		if (u->nweapons > 0 && u->weapons[0] >= 0) {
			unsigned f = rs->weapons[u->weapons[0]].hit_faces;
			int low = 6;

			while (low > 1 && (f & (1u << (low - 1))))
				low--;
			c->fire_mod[a] += 6 - low;
		}
	}
	for (a = 0; a < rs->nunits; a++)
		for (b = 0; b < rs->nunits; b++) {
			const struct rs_unit *x = &rs->units[a], *y = &rs->units[b];
			const struct melee_memo *k = melee_memo_get(&memo,
			    x->melee_dice, type_melee_mod(c, x, 1),
			    type_strikes(y) ? y->melee_dice : 0,
			    type_melee_mod(c, y, 1));

			c->p_win[a][b] = (float)mo_q_double(&k->aw);
		}
	melee_memos_free(&memo);
	return rc;
}

/* Family hook: free what mo_prepare() made. */
static void
mo_release(struct eng_ctx *ctx)
{
	free(ctx->fam_data);
	ctx->fam_data = NULL;
}

/* Family hook: the units are placed; set grades, current morale and the
 * per-game state (side lists, half bases). */
static void
mo_setup(struct eng_game *g)
{
	int i, m;

	memset(ms(g), 0, offsetof(struct mo_state, e2));
	ms(g)->grid = g->board->grid != RS_GRID_NONE;
	for (i = 0; i < g->nu; i++) {
		int sd = g->u[i].side;

		if (g->u[i].alive)
			ms(g)->live |= (uint64_t)1 << i;
		ms(g)->sidemask[sd] |= (uint64_t)1 << i;
		ms(g)->frange[i] = fire_range_of(g, i);
		ms(g)->sk[i] = ms(g)->sn[sd];
		if (ms(g)->sn[sd] == 0)
			ms(g)->ulo[sd] = (int8_t)i;
		ms(g)->uhi[sd] = (int8_t)i;
		ms(g)->su[sd][ms(g)->sn[sd]++] = (int8_t)i;
		ms(g)->hw[i] = g->ctx->kinds[g->u[i].type].hw;
		ms(g)->hd[i] = g->ctx->kinds[g->u[i].type].hd;
		ms(g)->px[i] = g->u[i].x;
		ms(g)->py[i] = g->u[i].y;
		box(ms(g), i);
		if (g->u[i].alive && type_charges(ut(g, i)))
			ms(g)->fit0[sd]++;
	}
	for (i = 0; i < ms(g)->sn[0]; i++)
		e2_update(g, ms(g)->su[0][i]);
	for (i = 0; i < g->nu; i++) {
		struct eng_unit *u = &g->u[i];

		if (u->c[MO_C_GRADE] == 0)
			u->c[MO_C_GRADE] = (int16_t)(ut(g, i)->morale > 0 ?
			    ut(g, i)->morale : 5);
		if (!(u->flags & ENG_UF_LOST_MELEE))
			u->c[MO_C_FOE] = -1;
		m = u->c[MO_C_GRADE] - u->hits / mc(g)->hpm;
		u->morale = (int16_t)(m < 0 ? 0 : m);
	}
	if (g->gturn <= 0)
		g->gturn = 1;
}

/* Returns 0/1 for a YAML boolean, -1 otherwise. */
static int
node_bool(const struct rs_node *v)
{
	if (v == NULL || v->kind != RS_NODE_SCALAR)
		return -1;
	if (!strcasecmp(v->scalar, "true") || !strcasecmp(v->scalar, "yes"))
		return 1;
	if (!strcasecmp(v->scalar, "false") || !strcasecmp(v->scalar, "no"))
		return 0;
	return -1;
}

/* Set or clear flag bits f of unit u from a boolean. */
static void
set_flag(struct eng_unit *u, unsigned f, int on)
{
	if (on)
		u->flags |= (uint16_t)f;
	else
		u->flags &= (uint16_t)~f;
}

/* Family hook: a test game's unit key (morale, hits, disordered,
 * routing, rallied, fired_on_flank). Returns 0, or -1 with err. */
static int
mo_unit_key(struct eng_game *g, int i, const char *key,
    const struct rs_node *v, char *err, size_t errsz)
{
	struct eng_unit *u = &g->u[i];
	long n;
	int b = node_bool(v);

	if (!strcmp(key, "morale") || !strcmp(key, "grade")) {
		if (rs_node_int(v, &n) || n < 1 || n > 12) {
			snprintf(err, errsz, "%s is a morale grade, 1 to 12",
			    key);
			return -1;
		}
		u->c[MO_C_GRADE] = (int16_t)n;
		return 0;
	}
	if (!strcmp(key, "hits")) {
		if (rs_node_int(v, &n) || n < 0 || n > 200) {
			snprintf(err, errsz, "hits is a number of hits");
			return -1;
		}
		u->hits = (int16_t)n;
		return 0;
	}
	if (b < 0) {
		snprintf(err, errsz, "unknown key '%s' (known: morale, hits, "
		    "disordered, routing, rallied, fired_on_flank)", key);
		return -1;
	}
	if (!strcmp(key, "disordered") || !strcmp(key, "disorganised"))
		set_flag(u, ENG_UF_DISORDERED, b);
	else if (!strcmp(key, "routing"))
		set_flag(u, ENG_UF_ROUTING | (b ? ENG_UF_DISORDERED : 0), b);
	else if (!strcmp(key, "rallied"))
		set_flag(u, ENG_UF_RALLIED | (b ? ENG_UF_DISORDERED : 0), b);
	else if (!strcmp(key, "fired_on_flank"))
		u->c[MO_C_TURN] = (int16_t)(b ? MO_T_FLANK_FIRED : 0);
	else {
		snprintf(err, errsz, "unknown key '%s' (known: morale, hits, "
		    "disordered, routing, rallied, fired_on_flank)", key);
		return -1;
	}
	return 0;
}

/* Returns the unit labelled by a scalar node, or -1. */
static int
unit_named(const struct eng_game *g, const struct rs_node *v)
{
	int i;

	if (v == NULL || v->kind != RS_NODE_SCALAR)
		return -1;
	for (i = 0; i < g->nu; i++)
		if (strcmp(g->u[i].name, v->scalar) == 0)
			return i;
	return -1;
}

/* The family's own steps: charge: [A, B], rally: A, phase: NAME. */
static int
family_step(struct eng_game *g, const struct eng_action *a, char *err,
    size_t errsz)
{
	const struct rs_node *v = a->node;
	const char *why;
	int i, j, ph;

	if (!strcmp(a->verb, "charge")) {
		if (v == NULL || v->kind != RS_NODE_SEQ || v->nkids != 2 ||
		    (i = unit_named(g, v->kids[0])) < 0 ||
		    (j = unit_named(g, v->kids[1])) < 0) {
			snprintf(err, errsz, "charge: [A, B] with units of "
			    "the test game");
			return -1;
		}
		if ((why = charge_illegal(g, i, j, 1)) != NULL) {
			snprintf(err, errsz, "%s may not charge %s: %s",
			    g->u[i].name, g->u[j].name, why);
			return -1;
		}
		g->u[i].c[MO_C_CHARGE] = (int16_t)(j + 1);
		return 0;
	}
	if (!strcmp(a->verb, "rally")) {
		if ((i = unit_named(g, v)) < 0) {
			snprintf(err, errsz, "rally: A with a unit of the "
			    "test game");
			return -1;
		}
		if (!may_rally(g, i, 1)) {
			snprintf(err, errsz, "%s may not rally", g->u[i].name);
			return -1;
		}
		rally(g, i);
		return 0;
	}
	if (!strcmp(a->verb, "phase")) {
		if (v == NULL || v->kind != RS_NODE_SCALAR ||
		    (ph = mo_phase_find(v->scalar)) < 0) {
			snprintf(err, errsz, "phase: one of Movement, Firing, "
			    "Rally, Pre-melee firing, Pre-melee morale, "
			    "Melee, Record");
			return -1;
		}
		mo_phase_run(g, (enum mo_phase)ph, 1);
		return 0;
	}
	snprintf(err, errsz, "unknown step '%s' (the morale family has "
	    "move, fire, charge, rally, phase, initiative, end turn, play)",
	    a->verb);
	return -1;
}

/* Family hook: one scripted step of a test game. Returns 0, or -1 with
 * err when the step is illegal. */
static int
mo_step(struct eng_game *g, const struct eng_action *a, char *err,
    size_t errsz)
{
	const char *why;
	const struct rs_node *f;
	double deg;
	int i = a->unit, j = a->target;

	switch (a->kind) {
	case ENG_ACT_MOVE:
		if (mo_move(g, i, (const double (*)[2])a->path, a->npath, -1,
		    err, errsz) != 0)
			return -1;
		if (a->node != NULL && (f = rs_node_get(a->node, "facing")) !=
		    NULL) {
			if (rs_node_double(f, &deg)) {
				snprintf(err, errsz, "facing is in degrees");
				return -1;
			}
			g->u[i].facing = deg * M_PI / 180;
		}
		return 0;
	case ENG_ACT_FIRE:
		if ((why = fire_illegal(g, i, j)) != NULL) {
			snprintf(err, errsz, "%s may not shoot at %s: %s",
			    g->u[i].name, g->u[j].name, why);
			return -1;
		}
		if (engaged(g, i)) {
			if (dist(g, i, j) > mc(g)->stop + 1e-6) {
				snprintf(err, errsz, "%s is within 30mm of an "
				    "enemy and shoots only at it",
				    g->u[i].name);
				return -1;
			}
			ENG_COVER(g, MO_R_PRE_FIRE);
		}
		shoot(g, i, j);
		apply_pending(g);
		return 0;
	case ENG_ACT_MELEE:
		snprintf(err, errsz, "the morale family charges: use "
		    "charge: [A, B] and the Pre-melee morale and Melee phases");
		return -1;
	case ENG_ACT_END_TURN:
		mo_record(g);
		return 0;
	default:
		return family_step(g, a, err, errsz);
	}
}

/* Returns 1 when flag-like expectation word s holds for unit i, 0 when
 * not, -1 for an unknown word. */
static int
state_word(const struct eng_game *g, int i, const char *s)
{
	unsigned f = g->u[i].flags;

	if (!strcmp(s, "disordered") || !strcmp(s, "disorganised"))
		return (f & ENG_UF_DISORDERED) != 0;
	if (!strcmp(s, "routing"))
		return (f & ENG_UF_ROUTING) != 0;
	if (!strcmp(s, "rallied"))
		return (f & ENG_UF_RALLIED) != 0;
	if (!strcmp(s, "falls back") || !strcmp(s, "falls_back"))
		return (f & ENG_UF_LOST_MELEE) != 0;
	if (!strcmp(s, "steady"))
		return g->u[i].alive &&
		    !(f & (ENG_UF_DISORDERED | ENG_UF_ROUTING));
	return -1;
}

/* Family hook: a unit expectation of a test game. Returns 1 met, 0 not
 * met (err says why), -1 unknown. */
static int
mo_expect_unit(const struct eng_game *g, int i, const struct rs_node *v,
    char *err, size_t errsz)
{
	const struct eng_unit *u = &g->u[i];
	size_t k;
	long n;
	double deg, diff;
	int r, b;

	if (v->kind == RS_NODE_SCALAR) {
		if ((r = state_word(g, i, v->scalar)) < 0)
			return -1;
		if (r == 0)
			snprintf(err, errsz, "%s is not %s", u->name,
			    v->scalar);
		return r;
	}
	if (v->kind != RS_NODE_MAP)
		return -1;
	for (k = 0; k + 1 < v->nkids; k += 2) {
		const char *key = v->kids[k]->scalar;
		const struct rs_node *x = v->kids[k + 1];

		if (key == NULL || !strcmp(key, "at") || !strcmp(key, "alive"))
			continue;
		if (!strcmp(key, "hits") || !strcmp(key, "morale")) {
			int have = key[0] == 'h' ? u->hits : u->morale;

			if (rs_node_int(x, &n))
				return -1;
			if (have != n) {
				snprintf(err, errsz, "%s %ld, but it is %d",
				    key, n, have);
				return 0;
			}
		} else if (!strcmp(key, "facing")) {
			if (rs_node_double(x, &deg))
				return -1;
			diff = fmod(fabs(facing_of(g, i) * 180 / M_PI - deg),
			    360);
			if (diff > 0.5 && diff < 359.5) {
				char a[32], b[32];

				fmt_double(a, sizeof(a), deg, 1);
				fmt_double(b, sizeof(b), facing_of(g, i) *
				    180 / M_PI, 1);
				snprintf(err, errsz, "facing %s, but it is %s", a,
				    b);
				return 0;
			}
		} else {
			if ((b = node_bool(x)) < 0 ||
			    (r = state_word(g, i, key)) < 0) {
				snprintf(err, errsz, "unknown key '%s' (known: "
				    "hits, morale, facing, disordered, "
				    "routing, rallied, falls back, steady)",
				    key);
				return -1;
			}
			if (r != b) {
				snprintf(err, errsz, "%s %s, but it is%s",
				    key, b ? "true" : "false", r ? "" : " not");
				return 0;
			}
		}
	}
	return 1;
}

/* Store an exact probability as an eng_q; -1 when it does not fit. */
static int
to_eng_q(const struct mo_q *x, struct eng_q *q)
{
	int64_t num, den;

	if (mo_q_to_i64(x, &num, &den) != 0)
		return -1;
	*q = eng_q_make(num, den);
	return 0;
}

/* Family hook: the exact odds of the first volley or melee round of a
 * test game by key. Returns 0, or -1 for an unknown key. */
static int
mo_contest_odds(const struct eng_game *g, const struct eng_contest *c,
    const char *key, struct eng_q *q)
{
	const struct mo_state *s = (const struct mo_state *)(const void *)
	    g->fam_state;
	struct mo_dist d;
	struct mo_melee m;
	struct mo_q one, t;

	if (c->kind == 1) {
		mo_hits_dist(&d, s->ca_dice, s->ca_mod, s->ca_saved);
		if (strcmp(key, "p_hit") != 0)
			return -1;
		/* p_hit: at least one hit stands. */
		mo_q_set(&one, 1, 0, 0);
		mo_q_sub(&t, &one, &d.p[0]);
		return to_eng_q(&t, q);
	}
	if (c->kind != 2 || s->ca_n != 1)
		return -1;
	mo_melee_odds(&m, s->ca_dice, s->ca_mod, s->ca_saved, s->cd_dice,
	    s->cd_mod, s->cd_saved);
	if (!strcmp(key, "attacker_wins"))
		return to_eng_q(&m.a_wins, q);
	if (!strcmp(key, "defender_wins"))
		return to_eng_q(&m.d_wins, q);
	if (!strcmp(key, "tiebreak"))
		return to_eng_q(&m.tiebreak, q);
	if (!strcmp(key, "both_destroyed")) {
		*q = eng_q_make(0, 1);
		return 0;
	}
	return -1;
}

/* Every fire and melee matchup of the ruleset in the core's table:
 * p_hit is the chance of at least one hit; melee is one round, charger
 * and defender to their fronts (the full tables: mo_odds_json). */
static void
mo_odds(const struct eng_ctx *ctx, struct eng_odds *o)
{
	const struct ruleset *rs = ctx->rs;
	const struct mo_ctx *c = ctx->fam_data;
	struct mo_dist d;
	struct melee_memos memo = { 0 };
	struct mo_q one, t;
	size_t a, b;

	mo_q_set(&one, 1, 0, 0);
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *x = &rs->units[a];

		if (x->fire_dice <= 0 || x->nweapons == 0)
			continue;
		mo_hits_dist(&d, x->fire_dice, c->fire_mod[a], 0);
		mo_q_sub(&t, &one, &d.p[0]);
		for (b = 0; b < rs->nunits; b++) {
			struct eng_odds_fire f;

			f.shooter = (int)a;
			f.weapon = x->weapons[0];
			f.target = (int)b;
			if (to_eng_q(&t, &f.p_hit) == 0)
				XPUSH(o->fire, o->nfire, o->capfire, f);
		}
	}
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *x = &rs->units[a];

		if (x->melee_dice <= 0 || (x->traits & RS_TRAIT_LIGHT) ||
		    x->cls == RS_CLASS_ARTILLERY)
			continue;
		for (b = 0; b < rs->nunits; b++) {
			const struct rs_unit *y = &rs->units[b];
			struct eng_odds_melee e;

			const struct melee_memo *k = melee_memo_get(&memo,
			    x->melee_dice, type_melee_mod(c, x, 1),
			    type_strikes(y) ? y->melee_dice : 0,
			    type_melee_mod(c, y, 1));

			memset(&e, 0, sizeof(e));
			e.attacker = (int)a;
			e.defender = (int)b;
			e.situation = "front";
			e.resolves = 1;
			e.expected_rolls = eng_q_make(1, 1);
			e.both_destroyed = eng_q_make(0, 1);
			if (to_eng_q(&k->aw, &e.attacker_wins) == 0 &&
			    to_eng_q(&k->dw, &e.defender_wins) == 0)
				XPUSH(o->melee, o->nmelee, o->capmelee, e);
		}
	}
	melee_memos_free(&memo);
}

/* Findings on the ruleset: units that can harm nothing, units whose
 * melee dice can never hit, skirmishers no charger can catch. */
static void
mo_findings(const struct eng_ctx *ctx, const struct eng_stats *st,
    struct diags *d)
{
	const struct ruleset *rs = ctx->rs;
	double fastest = 0;
	char x[32], y[32];
	size_t a;

	(void)st;
	for (a = 0; a < rs->nunits; a++)
		if (type_charges(&rs->units[a]) &&
		    rs->units[a].move_mm > fastest)
			fastest = rs->units[a].move_mm;
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *u = &rs->units[a];
		int shoots = u->fire_dice > 0 && u->nweapons > 0;
		int fights = u->melee_dice > 0 && !(u->traits & RS_TRAIT_LIGHT);

		if (!shoots && !fights)
			diag_add(d, SEV_WARNING, u->pos, "unit '%s' can harm "
			    "nothing: it has no fire dice and never fights a "
			    "melee", u->name);
		if (fights && mo_hit_faces(mo_melee_die_mod(rs, u, 1)) == 0)
			diag_add(d, SEV_NOTE, u->pos, "unit '%s' can never "
			    "score a melee hit (its die modifier is %d): it "
			    "wins a melee only on the tie-break", u->name,
			    mo_melee_die_mod(rs, u, 1));
		if ((u->traits & RS_TRAIT_LIGHT) && fastest > 0 &&
		    u->move_mm > fastest) {
			fmt_double(x, sizeof(x), u->move_mm, 2);
			fmt_double(y, sizeof(y), fastest, 2);
			diag_add(d, SEV_NOTE, u->pos, "unit '%s' outpaces every "
			    "unit that may charge (%smm against %smm): it is "
			    "caught only against the table edge or other "
			    "units", u->name, x, y);
		}
	}
}

/* Melee: "All units must stop when within 30mm of an enemy unit." */
static const struct eng_gauge mo_gauges[] = {
	{ 30.0, "Stop distance" },
};

/* Morale: failing a test disorganises, failing again routs; every
 * hits_per_morale hits cost a point of morale. Returns the number of
 * markers. */
static size_t
mo_markers(const struct ruleset *rs, char ***out)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	int i, hpm = rs->hits_per_morale > 0 ? rs->hits_per_morale : 3;

	XPUSH(v, n, cap, xstrdup("Disordered"));
	XPUSH(v, n, cap, xstrdup("Routing"));
	for (i = 1; i < hpm && i <= 5; i++)
		XPUSH(v, n, cap, xasprintf("%d hit%s", i, i > 1 ? "s" : ""));
	for (i = 1; i <= 3; i++)
		XPUSH(v, n, cap, xasprintf("\xe2\x88\x92%d morale", i));
	*out = v;
	return n;
}

const struct eng_family eng_morale = {
	"morale", RS_ENGINE_MORALE, mo_rules, MO_R__N,
	mo_prepare, mo_release, mo_setup, mo_unit_key, mo_play_turn,
	mo_step, mo_expect_unit, mo_contest_odds, mo_odds, mo_findings,
	mo_gauges, 1, mo_markers, &mo_show,
};
