/*
 * morale_facing.c: Facing and flanks (Clarification 5). A base faces
 * across its front edge; its front sector is bounded by the extended
 * diagonals of the base. Shooting and charging need the target partly
 * in the front sector; a unit whose enemy stands outside its front is
 * fired on, or meleed, from a flank (Morale modifiers). Facing: radians,
 * 0 towards +y, pi/2 towards +x.
 *
 * The players face units towards their enemies every turn, and the
 * sector tests read the sine and cosine of a facing far more often than
 * a facing changes: a unit faced towards a point keeps the offsets
 * instead of an angle (mo_face_to()), and the sine and cosine are kept
 * per unit (facing_trig()).
 */
#include <math.h>
#include <stdint.h>

#include "engine.h"
#include "morale.h"
#include "morale_internal.h"

/* Returns 1 when point (x, y) lies in the front sector of unit u, whose
 * facing has that sine and cosine: bounded by the diagonals of its base
 * (Clarification 5). */
static int
sector_has(const struct eng_game *g, const struct eng_unit *u, double sine,
    double cosine, double x, double y)
{
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	double rx = x - u->x, ry = y - u->y;
	double fwd = rx * sine + ry * cosine, lat = rx * cosine - ry * sine;

	return fwd > 0 && fwd * k->hw >= fabs(lat) * k->hd - 1e-9;
}

/* Work out the sine and cosine of unit i's facing for facing_trig()'s
 * cache, which is not part of the game's state: a const game may fill
 * it. */
static __attribute__((noinline)) void
facing_trig_fill(const struct eng_game *g, int i)
{
	struct mo_state *s =
	    (struct mo_state *)(void *)((struct eng_game *)(uintptr_t)g)
	        ->fam_state;

	s->trig_facing[i] = (float)g->u[i].facing;
	s->facing_sin[i] = (float)sin(g->u[i].facing);
	s->facing_cos[i] = (float)cos(g->u[i].facing);
	s->trig_valid |= (uint64_t)1 << i;
}

/* Sets the sine and cosine of unit i's facing (cached per game). */
static inline void
facing_trig(const struct eng_game *g, int i, double *sine, double *cosine)
{
	const struct mo_state *s = cstate(g);

	if (!(s->trig_valid >> i & 1) ||
	    s->trig_facing[i] != (float)g->u[i].facing)
		facing_trig_fill(g, i);
	*sine = s->facing_sin[i];
	*cosine = s->facing_cos[i];
}

/* Returns 1 when unit j's centre is in unit i's front sector. */
int
mo_in_front(const struct eng_game *g, int i, int j)
{
	double sine, cosine;

	facing_trig(g, i, &sine, &cosine);
	return sector_has(g, &g->u[i], sine, cosine, g->u[j].x, g->u[j].y);
}

/* Returns 1 when any part of unit j's base is in unit i's front sector
 * (shooting and charging: Clarification 5). */
int
mo_partly_in_front(const struct eng_game *g, int i, int j)
{
	const struct eng_unit *u = &g->u[i], *v = &g->u[j];
	const struct eng_kind *k = &g->ctx->kinds[v->type];
	double sine, cosine;
	int sx, sy;

	facing_trig(g, i, &sine, &cosine);
	if (sector_has(g, u, sine, cosine, v->x, v->y))
		return 1;
	for (sx = -1; sx <= 1; sx += 2)
		for (sy = -1; sy <= 1; sy += 2)
			if (sector_has(g, u, sine, cosine, v->x + sx * k->hw,
			        v->y + sy * k->hd))
				return 1;
	return 0;
}

/*
 * Face unit i towards point (x, y). The angle is worked out only when it
 * is read (mo_facing_of()): until then eng_unit.facing holds INFINITY
 * and the sine and cosine kept for facing_trig() are the offsets over
 * their length.
 */
void
mo_face_to(struct eng_game *g, int i, double x, double y)
{
	struct mo_state *s = state(g);
	struct eng_unit *u = &g->u[i];
	double dx = x - u->x, dy = y - u->y, n;

	/* Units often stand still: already facing that way. */
	if (isinf(u->facing) && s->faced_dx[i] == dx && s->faced_dy[i] == dy)
		return;
	if ((n = len2d(dx, dy)) <= 1e-12) {
		u->facing = atan2(dx, dy);
		return;
	}
	s->faced_dx[i] = dx;
	s->faced_dy[i] = dy;
	u->facing = INFINITY;
	s->trig_facing[i] = INFINITY;
	s->facing_sin[i] = (float)(dx / n);
	s->facing_cos[i] = (float)(dy / n);
	s->trig_valid |= (uint64_t)1 << i;
}

/* Returns unit i's facing in radians (see mo_face_to()). */
double
mo_facing_of(const struct eng_game *g, int i)
{
	const struct mo_state *s = cstate(g);

	if (isinf(g->u[i].facing))
		return atan2(s->faced_dx[i], s->faced_dy[i]);
	return g->u[i].facing;
}

/* Give every unit facing a lazy angle its angle: the battle is over,
 * and whoever reads the units next reads eng_unit.facing. */
void
mo_facings_resolve(struct eng_game *g)
{
	int i;

	for (i = 0; i < g->nu; i++)
		if (isinf(g->u[i].facing)) {
			g->u[i].facing = mo_facing_of(g, i);
			state(g)->trig_facing[i] = (float)g->u[i].facing;
		}
}
