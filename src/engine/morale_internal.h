/*
 * morale_internal.h: what the files of the morale rule family share, and
 * nothing else includes. morale.h holds the family's types and state;
 * this header the helpers its rules read everywhere, kept static inline
 * because the hot loops of one file call them for units of another (a
 * call across files would not be inlined), and each file's entry points:
 *
 *   morale.c        the family: rule table, setup, the sequence of play,
 *                   test games, exact odds and findings;
 *   morale_move.c   Movement, forced moves, the players' moves;
 *   morale_fire.c   Firing and pre-melee firing;
 *   morale_melee.c  charges, Pre-melee morale and Melee;
 *   morale_test.c   Morale: hits, tests, modifiers, rally, the end;
 *   morale_facing.c Facing and flanks (Clarification 5);
 *   morale_space.c  where the units stand, kept fast: distance table,
 *                   nearest enemies, float boxes.
 */
#ifndef SANDTABLE_MORALE_INTERNAL_H
#define SANDTABLE_MORALE_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#ifdef __SSE__
#include <xmmintrin.h>
#endif

#include "engine.h"
#include "morale.h"

/* ---- the family's data ---- */

/* Returns the family's prepared data. */
static inline const struct mo_ctx *
prep(const struct eng_game *g)
{
	return g->ctx->fam_data;
}

/* Returns the family's per-game state. */
static inline struct mo_state *
state(struct eng_game *g)
{
	return (struct mo_state *)(void *)g->fam_state;
}

/* Returns the family's per-game state of a read-only game. */
static inline const struct mo_state *
cstate(const struct eng_game *g)
{
	return (const struct mo_state *)(const void *)g->fam_state;
}

/* Returns the ruleset's unit type of unit i. */
static inline const struct rs_unit *
unit_type(const struct eng_game *g, int i)
{
	return &g->ctx->rs->units[g->u[i].type];
}

/* ---- facts about units ---- */

/* The length of (x, y): plain sqrt (libm's hypot guards against
 * overflow no board length comes near, at several times the cost). */
static inline double
len2d(double x, double y)
{
	return sqrt(x * x + y * y);
}

/* Returns 1 for mounted troops: cavalry and chariots (Clarification 9). */
static inline int
mounted(const struct rs_unit *t)
{
	return t->cls == RS_CLASS_CAVALRY || t->cls == RS_CLASS_CHARIOT;
}

/* Returns 1 when unit i is on the table and not routing. */
static inline int
steady(const struct eng_game *g, int i)
{
	return (g->u[i].alive != 0) & !(g->u[i].flags & MO_UF_ROUTING);
}

/* Returns unit i's type's own columns (Morale, Fire dice, Melee dice),
 * as prepared. */
static inline const struct mo_cols *
type_cols(const struct eng_game *g, int i)
{
	return &prep(g)->cols[g->u[i].type];
}

/* Returns 1 when units of type t may ever charge: melee dice, not open
 * order, not artillery (Melee: closing in). */
static inline int
type_charges(const struct ruleset *rs, const struct rs_unit *t)
{
	return mo_melee_dice(rs, t) > 0 && !(t->traits & RS_TRAIT_LIGHT) &&
	    t->cls != RS_CLASS_ARTILLERY;
}

/* type_charges() of unit i's type, from the prepared columns. */
static inline int
unit_charges(const struct eng_game *g, int i)
{
	const struct rs_unit *t = unit_type(g, i);

	return type_cols(g, i)->melee > 0 && !(t->traits & RS_TRAIT_LIGHT) &&
	    t->cls != RS_CLASS_ARTILLERY;
}

/* Returns the weapon range of unit i (its first weapon), or -1. */
static inline double
fire_range(const struct eng_game *g, int i)
{
	return cstate(g)->fire_range[i];
}

/* ---- distances (morale_space.c keeps them) ---- */

/* Loop j over the units of the side opposed to `side`, alive or not. */
#define FOR_ENEMIES(g, side, k, j)                                            \
	for ((k) = 0; (k) < cstate(g)->side_count[1 - (side)] &&              \
	     ((j) = cstate(g)->side_unit[1 - (side)][(k)], 1);                \
	     (k)++)

/* Returns the squared edge-to-edge distance between units i and j: the
 * core's eng_dist2, done inline on a free table with the half sizes kept
 * per unit. */
static inline double
dist2_direct(const struct eng_game *g, int i, int j)
{
	const struct mo_state *s = cstate(g);
	double dx, dy;

	if (s->on_grid)
		return eng_dist2(g, &g->u[i], &g->u[j]);
	dx = fabs(s->centre_x[i] - s->centre_x[j]) -
	    (s->half_w[i] + s->half_w[j]);
	dy = fabs(s->centre_y[i] - s->centre_y[j]) -
	    (s->half_d[i] + s->half_d[j]);
	dx = dx > 0 ? dx : 0;
	dy = dy > 0 ? dy : 0;
	return dx * dx + dy * dy;
}

/* Returns unit i's row of the distance table: its squared distances to
 * the units of the other side, in their side_unit[] order. */
static inline const double *
enemy_dist2_row(const struct eng_game *g, int i)
{
	const struct mo_state *s = cstate(g);
	int side = g->u[i].side;

	return &s->enemy_dist2[side]
	                      [s->side_place[i] * s->side_count[1 - side]];
}

/* Returns the squared edge-to-edge distance between units i and j: from
 * the distance table for enemies (the hot path of the family), worked
 * out for friends. */
static inline double
dist2(const struct eng_game *g, int i, int j)
{
	if (g->u[i].side != g->u[j].side)
		return enemy_dist2_row(g, i)[cstate(g)->side_place[j]];
	return dist2_direct(g, i, j);
}

/* Returns the edge-to-edge distance between units i and j. */
static inline double
dist(const struct eng_game *g, int i, int j)
{
	return sqrt(dist2(g, i, j));
}

/* Bring unit i's nearest enemy up to date (morale_space.c). */
void mo_nearest_refresh(struct eng_game *, int i);

/* Returns the squared distance from unit i to its nearest enemy, or
 * 1e300 when there is none. */
static inline double
nearest_enemy_dist2(struct eng_game *g, int i)
{
	struct mo_state *s = state(g);

	if (!s->nearest_known || (s->nearest_stale >> i & 1))
		mo_nearest_refresh(g, i);
	return s->nearest[i] >= 0 ? s->nearest_dist2[i] : 1e300;
}

/* Returns the nearest enemy of unit i (-1 none) and its distance. */
static inline int
nearest_enemy(struct eng_game *g, int i, double *d)
{
	struct mo_state *s = state(g);

	if (!s->nearest_known || (s->nearest_stale >> i & 1))
		mo_nearest_refresh(g, i);
	*d = s->nearest[i] >= 0 ? sqrt(s->nearest_dist2[i]) : 1e300;
	return s->nearest[i];
}

/* Returns 1 when unit i is within the 30mm halt distance of an enemy. */
static inline int
engaged(struct eng_game *g, int i)
{
	return nearest_enemy_dist2(g, i) <= prep(g)->engaged_dist2;
}

/*
 * Returns the mask of the units (bit k: unit k, on the table or not)
 * among units from to to - 1 (and a few either side) whose float boxes
 * meet the box [x0, x1] x [y0, y1], worked out four units at a time. The
 * float boxes hold the bases with room to spare, so no unit whose base
 * meets the box is missed; callers test the units found exactly.
 */
static inline uint64_t
boxes_meeting(const struct mo_state *s, int from, int to, double x0, double x1,
    double y0, double y1)
{
	typedef float v4f __attribute__((vector_size(16)));
	typedef int v4i __attribute__((vector_size(16)));
	const float fx0 = (float)x0 - 1e-3f, fx1 = (float)x1 + 1e-3f;
	const float fy0 = (float)y0 - 1e-3f, fy1 = (float)y1 + 1e-3f;
	const v4f X0 = { fx0, fx0, fx0, fx0 }, X1 = { fx1, fx1, fx1, fx1 };
	const v4f Y0 = { fy0, fy0, fy0, fy0 }, Y1 = { fy1, fy1, fy1, fy1 };
	uint64_t m = 0;
	v4i meets;
	int k;

	for (k = from & ~3; k < to; k += 4) {
		meets = (*(const v4f *)&s->box_x1[k] >= X0) &
		    (*(const v4f *)&s->box_x0[k] <= X1) &
		    (*(const v4f *)&s->box_y1[k] >= Y0) &
		    (*(const v4f *)&s->box_y0[k] <= Y1);
#ifdef __SSE__
		m |= (uint64_t)_mm_movemask_ps((__m128)meets) << k;
#else
		m |= (uint64_t)((meets[0] & 1) | (meets[1] & 2) |
		         (meets[2] & 4) | (meets[3] & 8))
		    << k;
#endif
	}
	return m;
}

/* ---- morale_space.c ---- */

/* Set up the copies, boxes and distance table of a game's units. */
void mo_space_setup(struct eng_game *);
/* Move unit i to (x, y), or take it off the table: every move and loss
 * goes through these, so that the tables follow the units. */
void mo_place(struct eng_game *, int i, double x, double y);
void mo_remove(struct eng_game *, int i);

/* ---- morale_facing.c ---- */

/* 1 when unit j's centre, or any part of its base, is in unit i's front
 * sector. */
int mo_in_front(const struct eng_game *, int i, int j);
int mo_partly_in_front(const struct eng_game *, int i, int j);
/* Face unit i towards (x, y); its facing in radians; every facing an
 * angle again (the battle is over). */
void mo_face_to(struct eng_game *, int i, double x, double y);
double mo_facing_of(const struct eng_game *, int i);
void mo_facings_resolve(struct eng_game *);

/* ---- morale_test.c ---- */

/* Apply the hits of the step that ends. */
void mo_apply_pending(struct eng_game *);
/* Unit i fails a test: disorganised, or routing. */
void mo_fail(struct eng_game *, int i);
/* Morale modifier m's value when the ruleset has it (counted). */
int mo_mod_apply(struct eng_game *, enum mo_mod m);
/* 1 when no steady friend is within 60mm of unit i; when unit i defends
 * higher ground against unit a. */
int mo_unsupported(const struct eng_game *, int i);
int mo_higher_ground(const struct eng_game *, int i, int a);
/* The modifiers every test of unit i takes; one test (1: passed). */
int mo_mods_every_test(struct eng_game *, int i);
int mo_test(struct eng_game *, int i, int mods);
/* The Rally step; whether unit i may try (count: count the rule that
 * forbids it); unit i's rally test. */
void mo_rally(struct eng_game *, int scripted);
int mo_may_rally(struct eng_game *, int i, int count);
void mo_rally_unit(struct eng_game *, int i);
/* The Record step: the end of the turn, or of the battle. */
void mo_record(struct eng_game *);

/* ---- morale_move.c ---- */

/* Forced moves: falling back and routing. */
void mo_forced_moves(struct eng_game *);
/* How far a forced move of unit i from (x, y) along unit vector (ux, uy)
 * goes, up to len, and what stops it: a unit, the edge or nothing. */
enum { MO_MET_NONE = -1, MO_MET_EDGE = -2 };
double mo_forced_path(const struct eng_game *, int i, double x, double y,
    double ux, double uy, double len, int *met);
/* A free move of unit i along a path within allow (-1: its move this
 * turn); 0, or -1 with err. */
int mo_move(struct eng_game *, int i, const double (*path)[2], int npath,
    double allow, char *err, size_t errsz);
/* The built-in player's free move of unit i. */
void mo_player_move(struct eng_game *, int i);
/* 1 when unit i's base at (x, y) lies wholly on the table; overlaps
 * another unit. */
int mo_on_table(const struct eng_game *, int i, double x, double y);
int mo_overlaps(const struct eng_game *, int i, double x, double y);

/* ---- morale_fire.c ---- */

/* Firing (near 0) or Pre-melee firing (near 1). */
void mo_firing(struct eng_game *, int near);
/* Unit i's weapon range from its type, or -1; why unit i may not shoot
 * at unit j (NULL: it may); unit i shoots at unit j. */
double mo_fire_range_of(const struct eng_game *, int i);
const char *mo_fire_illegal(const struct eng_game *, int i, int j);
void mo_shoot(struct eng_game *, int i, int j);
/* The hits of n dice from unit i with die_mod, after saving throws. */
int mo_roll_hits(struct eng_game *, int i, int n, int die_mod);

/* ---- morale_melee.c ---- */

/* The Pre-melee morale and Melee steps. */
void mo_pre_morale(struct eng_game *, int scripted);
void mo_melee(struct eng_game *);
/* Why unit i may not charge unit j (NULL: it may). */
const char *mo_charge_illegal(struct eng_game *, int i, int j, int count);

/* ---- morale.c ---- */

/* Record the first fire (kind 1) or melee (kind 2) of a game. */
void mo_contest_record(struct eng_game *, int kind, int a, int b, int att_dice,
    int att_mod, int att_saved, int def_dice, int def_mod, int def_saved);

#endif
