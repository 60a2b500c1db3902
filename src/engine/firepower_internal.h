/*
 * firepower_internal.h: what firepower.c and firepower_move.c share, and
 * nothing else includes but its unit test: facts about units kept static inline (the
 * movement asks them of every unit on every leg of a move), the walk a
 * move follows, and the entry points of each file.
 */
#ifndef SANDTABLE_FIREPOWER_INTERNAL_H
#define SANDTABLE_FIREPOWER_INTERNAL_H

#include <math.h>

#include "engine.h"
#include "firepower.h"

#define EPS 1e-7

/* Nearest integer (cells), without a libm call. */
static inline int
iround(double x)
{
	return x >= 0 ? (int)(x + 0.5) : -(int)(-x + 0.5);
}

static inline const struct rs_unit *
utype(const struct eng_game *g, int i)
{
	return &g->ctx->rs->units[g->u[i].type];
}

/* Per unit type, what the players ask most often (fam_data). */
struct fp_type {
	uint8_t melees, vehicle, cls;
	int8_t melee;
	int nweap;
	int w[RS_MAX_WEAPONS_PER_UNIT];
	double p[RS_MAX_WEAPONS_PER_UNIT];  /* chance to hit */
	double r2[RS_MAX_WEAPONS_PER_UNIT]; /* range squared */
	unsigned destroys[RS_MAX_WEAPONS_PER_UNIT];
	int indirect[RS_MAX_WEAPONS_PER_UNIT];
};

static inline const struct fp_type *
ftype(const struct eng_game *g, int i)
{
	return &((const struct fp_type *)g->ctx->fam_data)[g->u[i].type];
}

static inline int
melees(const struct eng_game *g, int i)
{
	return ftype(g, i)->melees;
}

static inline int
is_vehicle(const struct eng_game *g, int i)
{
	const struct rs_unit *u = utype(g, i);

	return u->cls == RS_CLASS_VEHICLE || (u->traits & RS_TRAIT_NO_MELEE);
}

/* eng_dist2_at with the square grid and the free table inline. */
static inline double
d2_at(const struct eng_game *g, double x, double y, double hw, double hd,
    const struct eng_unit *v)
{
	double dx = fabs(x - v->x), dy = fabs(y - v->y);

	if (g->board->grid == RS_GRID_SQUARE) {
		dx = dx > dy ? dx : dy;
		return dx * dx;
	}
	if (g->board->grid == RS_GRID_NONE) {
		const struct eng_kind *k = &g->ctx->kinds[v->type];
		dx -= hw + k->hw;
		dy -= hd + k->hd;
		dx = dx > 0 ? dx : 0;
		dy = dy > 0 ? dy : 0;
		return dx * dx + dy * dy;
	}
	return eng_dist2_at(g, x, y, hw, hd, v);
}

/* Whether j stands (or stood) in melee range of unit i. */
static inline int
fp_melee_in_range(const struct eng_game *g, int i, int j)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double r = g->ctx->melee_range;

	return d2_at(g, g->u[i].x, g->u[i].y, k->hw, k->hd, &g->u[j]) <=
	    r * r + EPS;
}

static inline int
in_ford(const struct eng_game *g, double x, double y)
{
	return (eng_board_kinds_at(g->board, x, y) >> RS_TERRAIN_FORD) & 1;
}

/*
 * A move along a path (fp_move()): what the mover may do and where the
 * built-in players want it to stop, and what stopped it.
 */
struct walk {
	int npath;
	double (*path)[2];
	int sidestep; /* grid, AI: step round a blocked cell */
	int target;   /* AI: stop once within stop_r2 of it (-1) */
	double stop_r2;
	int avoid_melee; /* AI: stop short of enemy melee range */
	int started_in_ford;
	int vehicle, melee, runs_down;
	int scripted;
	int named; /* test game: index + 1 of the enemy it fights at the end
	           * when stopped in range of several (0: its pick) */
	/* results */
	int blocked_by; /* melee enemy that stopped the move, or -1 */
};

/* The family's settings, in the order of fp_settings[] (firepower.c). */
enum fp_set {
	FP_SET_MELEE_RANGE,
	FP_SET_UPHILL,
	FP_SET_FORD_TURNS,
	FP_SET_WOOD_DEPTH,
	FP_SET_HILL_RISE
};
/* The unit counters (eng_unit.c) the family keeps: turns in a ford; the
 * index + 1 of the enemy it last attacked in a melee. */
enum { FP_C_FORD, FP_C_FOUGHT };
/* Fought a melee this turn where it stands: its shot at this end of the
 * move was the melee (Clarification 4); a move that takes it out of
 * melee range of where that enemy stood clears it. */
#define FP_UF_FOUGHT_HERE ENG_UF_FAMILY1

/* ---- firepower.c ---- */

/* Square grid, melee range 1: the first enemy of i that melees in the 8
 * cells round (x, y), or -1. */
int fp_melee_neighbour(const struct eng_game *, int i, double x, double y);
/* The first enemy that can melee within melee range of i, or -1. */
int fp_melee_enemy(const struct eng_game *, int i);
/* End of the battle as soon as one side has no units left. */
void fp_after_loss(struct eng_game *);
/* The opponent i melees among the enemies in range: the one it is most
 * likely to beat (rnd: any one); -1 none. */
int fp_pick_opponent(struct eng_game *, int i, int rnd);
/* Fight a melee, a attacking b. Returns 0. */
int fp_fight(struct eng_game *, int a, int b);

/* ---- firepower_move.c ---- */

/* Move unit i along w (Movement), fighting at the end of the move when
 * stopped in melee range. Returns 0. */
int fp_move(struct eng_game *, int i, struct walk *w);

#endif
