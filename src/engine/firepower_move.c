/*
 * firepower_move.c: Movement in the firepower family (Morschauser's
 * Modern rules, rulesets/morschauser-modern.md): Movement (once a turn,
 * never split, up to the full move; a stop in melee range, then the
 * melee at the end of the move), Vehicles (road moves, Clarification 13;
 * tanks pass through melee range and run down infantry and artillery,
 * Clarifications 7, 8 and 9; scout cars stop), the rivers and fords of
 * Special rules (Clarification 12), no move through another base
 * (Clarification 7), and moving on a grid (Playing on a grid). On a free
 * table each leg of a move is swept exactly (geom.h): the first point
 * where anything happens is found by geo_sweep, with no step size; a grid
 * is walked cell by cell.
 */
#include <math.h>
#include <stdlib.h>

#include "engine.h"
#include "firepower.h"
#include "firepower_internal.h"
#include "geom.h"

/* ---- movement ---- */

enum ev {
	EV_NONE,
	EV_EDGE,
	EV_RIVER,
	EV_COLLIDE,
	EV_FORD,
	EV_MELEE,
	EV_TARGET
};

/* What happens when unit i stands in cell (x, y) of a grid; *who gets
 * the unit. */
static enum ev
event_at(struct eng_game *g, int i, struct walk *w, double x, double y,
    int *who)
{
	const struct eng_board *b = g->board;
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double r2 = g->ctx->melee_range * g->ctx->melee_range + EPS;
	unsigned kinds;
	int j, c, melee_hit = -1;

	if (x < -EPS || y < -EPS || x > b->w - 1 + EPS || y > b->h - 1 + EPS)
		return EV_EDGE;
	kinds = b->nt ? eng_board_kinds_at(b, x, y) : 0;
	if ((kinds >> RS_TERRAIN_RIVER & 1) && !(kinds >> RS_TERRAIN_FORD & 1))
		return EV_RIVER;
	c = eng_cell(b, x, y);
	if (c >= 0 && g->occ[c] >= 0 && g->occ[c] != i) {
		*who = g->occ[c];
		return EV_COLLIDE;
	}
	if (b->grid == RS_GRID_SQUARE && g->ctx->melee_range == 1) {
		if (w->melee)
			melee_hit = fp_melee_neighbour(g, i, x, y);
	} else if (w->melee)
		for (j = 0; j < g->nu && melee_hit < 0; j++) {
			const struct eng_unit *v = &g->u[j];
			if (v->alive && j != i && v->side != g->u[i].side &&
			    melees(g, j) &&
			    d2_at(g, x, y, k->hw, k->hd, v) <= r2)
				melee_hit = j;
		}
	/* A ford crossed in one turn (ford_turns: 1) does not stop. */
	if ((kinds >> RS_TERRAIN_FORD & 1) && !w->started_in_ford &&
	    g->ctx->set.v[FP_SET_FORD_TURNS] > 1)
		return EV_FORD;
	if (melee_hit >= 0) {
		*who = melee_hit;
		return EV_MELEE;
	}
	if (w->target >= 0 &&
	    d2_at(g, x, y, k->hw, k->hd, &g->u[w->target]) <= w->stop_r2 + EPS)
		return EV_TARGET;
	return EV_NONE;
}

/* Shape s's bounding box, grown by g: lo x, lo y, hi x, hi y. */
static void
bounds(const struct geo_shape *s, double g, double box[4])
{
	int k;

	box[0] = box[2] = s->p[0][0];
	box[1] = box[3] = s->p[0][1];
	for (k = 1; k < s->n; k++) {
		box[0] = eng_fmin(box[0], s->p[k][0]);
		box[2] = eng_fmax(box[2], s->p[k][0]);
		box[1] = eng_fmin(box[1], s->p[k][1]);
		box[3] = eng_fmax(box[3], s->p[k][1]);
	}
	g += s->r;
	box[0] -= g;
	box[1] -= g;
	box[2] += g;
	box[3] += g;
}

/* geo_sweep, after a test of bounding boxes that passes over what the
 * move cannot come within d of (the exact sweep is the costly part). */
static int
sweep(const struct geo_shape *a, double dx, double dy,
    const struct geo_shape *b, double d, double *t0, double *t1)
{
	double ba[4], bb[4];

	bounds(a, 0, ba);
	bounds(b, d + 1e-9, bb);
	if (eng_fmax(ba[2], ba[2] + dx) < bb[0] ||
	    eng_fmin(ba[0], ba[0] + dx) > bb[2] ||
	    eng_fmax(ba[3], ba[3] + dy) < bb[1] ||
	    eng_fmin(ba[1], ba[1] + dy) > bb[3])
		return 0;
	return geo_sweep(a, dx, dy, b, d, t0, t1);
}

static const int king[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
	{ 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

/* Grid: the next cell (*nx, *ny) of a walk from cell (cx, cy) toward
 * cell (tx, ty): a king step on squares, on hexes the neighbour that
 * brings the waypoint nearest. u: the unit walking. */
static void
grid_next(const struct eng_game *g, const struct eng_unit *u, int cx, int cy,
    int tx, int ty, int *nx, int *ny)
{
	struct eng_unit at = *u, tmp = *u;
	double bd = 1e9, d;
	int k;

	*nx = cx + (tx > cx) - (tx < cx);
	*ny = cy + (ty > cy) - (ty < cy);
	if (g->board->grid == RS_GRID_SQUARE)
		return;
	at.x = cx;
	at.y = cy;
	tmp.x = tx;
	tmp.y = ty;
	for (k = 0; k < 8; k++) {
		double ax = cx + king[k][0], ay = cy + king[k][1];
		if (eng_dist2_at(g, ax, ay, 0.5, 0.5, &at) != 1)
			continue;
		d = eng_dist2_at(g, ax, ay, 0.5, 0.5, &tmp);
		if (d < bd) {
			bd = d;
			*nx = (int)ax;
			*ny = (int)ay;
		}
	}
}

/* Whether [0, upto] lies in the union of the n intervals [a[k], b[k]]. */
static int
covered(double *a, double *b, int n, double upto)
{
	double reach = 0;
	int k, more = 1;

	while (more && reach < upto - 1e-12) {
		more = 0;
		for (k = 0; k < n; k++)
			if (a[k] <= reach + 1e-12 && b[k] > reach + 1e-12) {
				reach = b[k];
				more = 1;
			}
	}
	return reach >= upto - 1e-12;
}

/*
 * Whether a vehicle's whole planned path lies on a road (Clarification
 * 13), up to the road move: on a free table, the centre's path covered
 * by the union of the road pieces (each piece met along each leg over
 * one interval, geo_sweep of the centre against it); on a grid, every
 * cell of the walk a road cell.
 */
static int
path_on_road(struct eng_game *g, int i, const struct walk *w, double len)
{
	const struct eng_board *b = g->board;
	double x = g->u[i].x, y = g->u[i].y, dx, dy, l, done = 0;
	double a[ENG_MAX_TERRAIN], e[ENG_MAX_TERRAIN];
	struct geo_shape pt, s;
	int p, n, k, cx, cy, tx, ty, nx, ny;

	if (b->nt == 0)
		return 0;
	if (b->grid != RS_GRID_NONE) {
		cx = iround(x);
		cy = iround(y);
		if (!(eng_board_kinds_at(b, cx, cy) >> RS_TERRAIN_ROAD & 1))
			return 0;
		for (p = 0; p < w->npath; p++) {
			tx = iround(w->path[p][0]);
			ty = iround(w->path[p][1]);
			while ((cx != tx || cy != ty) && done < len - EPS) {
				grid_next(g, &g->u[i], cx, cy, tx, ty, &nx,
				    &ny);
				cx = nx;
				cy = ny;
				done += 1;
				if (!(eng_board_kinds_at(b, cx, cy) >>
				            RS_TERRAIN_ROAD &
				        1))
					return 0;
			}
		}
		return 1;
	}
	for (p = 0; p < w->npath && done < len - EPS; p++) {
		dx = w->path[p][0] - x;
		dy = w->path[p][1] - y;
		l = sqrt(dx * dx + dy * dy);
		geo_disc(&pt, x, y, 0);
		for (n = 0, k = 0; k < b->nt; k++) {
			if (b->t[k].kind != RS_TERRAIN_ROAD)
				continue;
			eng_piece_shape(&b->t[k], &s);
			if (sweep(&pt, dx, dy, &s, 0, &a[n], &e[n]))
				n++;
		}
		if (!covered(a, e, n, l > len - done ? (len - done) / l : 1))
			return 0;
		done += l;
		x = w->path[p][0];
		y = w->path[p][1];
	}
	return 1;
}

/* The unit's allowance for this move: its road move when it has one
 * and the whole move is on the road, else its move. */
static double
allowance(struct eng_game *g, int i, const struct walk *w)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];

	if (k->road_move > k->move && path_on_road(g, i, w, k->road_move)) {
		ENG_COVER(g, FP_R_MOVE_ROAD);
		return k->road_move;
	}
	return k->move;
}

/* Run-down: returns 1 when tank i may run down j (Vehicles: enough move
 * left to pass right across the base; Clarifications 8, 9). left is the
 * move left at contact; (ux, uy) the direction of travel. */
static int
can_run_down(struct eng_game *g, int i, int j, double left, double ux,
    double uy)
{
	const struct eng_unit *t = &g->u[i], *e = &g->u[j];
	const struct eng_kind *kt = &g->ctx->kinds[t->type],
	                      *ke = &g->ctx->kinds[e->type];
	double tx = INFINITY, ty = INFINITY, need;

	if (g->board->grid != RS_GRID_NONE)
		return left >= 2 - EPS; /* into its square and one beyond */
	if (fabs(ux) > 1e-9)
		tx = ((e->x - t->x) + (ux > 0 ? 1 : -1) * (kt->hw + ke->hw)) /
		    ux;
	if (fabs(uy) > 1e-9)
		ty = ((e->y - t->y) + (uy > 0 ? 1 : -1) * (kt->hd + ke->hd)) /
		    uy;
	need = eng_fmin(tx, ty);
	return need <= left + 1e-6;
}

/* What a collision with unit j does to mover i: runs j down (returns 1)
 * or stops the move (0), counting the rule that applied. */
static int
collide(struct eng_game *g, int i, int j, struct walk *w, double left,
    double ux, double uy)
{
	const struct rs_unit *e = utype(g, j);

	if (w->runs_down && g->u[j].side != g->u[i].side) {
		if (e->cls == RS_CLASS_VEHICLE || !melees(g, j)) {
			ENG_COVER(g, FP_R_VEH_NO_RUN_DOWN_VEHICLE);
			return 0;
		}
		if (!can_run_down(g, i, j, left, ux, uy)) {
			ENG_COVER(g, FP_R_VEH_RUN_DOWN_SHORT);
			return 0;
		}
		ENG_COVER(g, FP_R_VEH_RUN_DOWN);
		double x = g->u[j].x, y = g->u[j].y;
		eng_unit_kill(g, j, i);
		eng_unit_place(g, i, x, y);
		fp_after_loss(g);
		return 1;
	}
	if (w->vehicle && !w->runs_down)
		ENG_COVER(g, FP_R_VEH_SCOUT_STOPS);
	else
		ENG_COVER(g, FP_R_MOVE_BASE_BLOCKS);
	return 0;
}

/* The distance a sweep asks for "within r": r itself, with half the
 * slack of the engine's test of a squared distance (d2 <= r2 + EPS), so
 * that where a move stops within r the engine finds it within r. */
static inline double
within(double r)
{
	return sqrt(r * r + EPS / 2);
}

/* Count a vehicle passing through enemy melee range without stopping. */
static void
note_vehicle_range(struct eng_game *g, int i, double x, double y)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double r2 = g->ctx->melee_range * g->ctx->melee_range + EPS;
	int j;

	if (g->board->grid == RS_GRID_SQUARE && g->ctx->melee_range == 1) {
		if (fp_melee_neighbour(g, i, x, y) >= 0)
			ENG_COVER(g, FP_R_VEH_IGNORE_RANGE);
		return;
	}
	for (j = 0; j < g->nu; j++)
		if (g->u[j].alive && g->u[j].side != g->u[i].side &&
		    melees(g, j) &&
		    eng_dist2_at(g, x, y, k->hw, k->hd, &g->u[j]) <= r2) {
			ENG_COVER(g, FP_R_VEH_IGNORE_RANGE);
			return;
		}
}

/* Grid walk: king steps (hex: the neighbour nearest the waypoint), one
 * cell each. Returns the event that ended it. */
static enum ev
walk_grid(struct eng_game *g, int i, struct walk *w, double allow)
{
	struct eng_unit *u = &g->u[i];
	double used = 0;
	int p, who = -1, nx, ny, k, best, cx, cy, tx, ty;
	enum ev e;

	for (p = 0; p < w->npath; p++) {
		tx = (int)iround(w->path[p][0]);
		ty = (int)iround(w->path[p][1]);
		for (;;) {
			cx = (int)iround(u->x);
			cy = (int)iround(u->y);
			if (cx == tx && cy == ty)
				break;
			int sx = (tx > cx) - (tx < cx),
			    sy = (ty > cy) - (ty < cy);
			grid_next(g, u, cx, cy, tx, ty, &nx, &ny);
			if (used + 1 > allow + EPS) {
				/* The allowance ends the move, the
				 * player's as a test game's. */
				ENG_COVER(g, FP_R_MOVE_ALLOWANCE);
				return EV_NONE;
			}
			e = event_at(g, i, w, nx, ny, &who);
			if (w->sidestep && e == EV_COLLIDE &&
			    g->u[who].side == u->side) {
				/* Round a friend: another step that still
				 * closes on the waypoint. */
				int d0 = abs(tx - cx) > abs(ty - cy) ?
				    abs(tx - cx) :
				    abs(ty - cy);
				for (best = -1, k = 0; k < 8; k++) {
					int ax = cx + king[k][0],
					    ay = cy + king[k][1];
					int d1 = abs(tx - ax) > abs(ty - ay) ?
					    abs(tx - ax) :
					    abs(ty - ay);
					if (d1 >= d0)
						continue;
					if (event_at(g, i, w, ax, ay, &who) ==
					        EV_COLLIDE ||
					    event_at(g, i, w, ax, ay, &who) ==
					        EV_EDGE)
						continue;
					best = k;
					break;
				}
				if (best < 0)
					return EV_COLLIDE;
				nx = cx + king[best][0];
				ny = cy + king[best][1];
				e = event_at(g, i, w, nx, ny, &who);
			}
			if (e == EV_EDGE)
				return e;
			if (e == EV_RIVER) {
				ENG_COVER(g, FP_R_RIVER_IMPASSABLE);
				return e;
			}
			if (e == EV_COLLIDE) {
				if (collide(g, i, who, w, allow - used, sx,
				        sy))
					return EV_COLLIDE;
				return e;
			}
			if (e == EV_MELEE && w->avoid_melee)
				return e;
			eng_unit_place(g, i, nx, ny);
			used += 1;
			if (w->vehicle && g->ctx->melee_range > 0)
				note_vehicle_range(g, i, nx, ny);
			if (e == EV_FORD) {
				ENG_COVER(g, FP_R_FORD_STOP);
				return e;
			}
			if (e == EV_MELEE) {
				w->blocked_by = who;
				return e;
			}
			if (e == EV_TARGET)
				return e;
		}
	}
	return EV_NONE;
}

/* ---- the free table: exact ---- */

/* The first t in [0, 1] of a move by (dx, dy) that brings shape a
 * within d of shape b, or INFINITY. */
static double
first_meet(const struct geo_shape *a, double dx, double dy,
    const struct geo_shape *b, double d)
{
	double t0, t1;

	return sweep(a, dx, dy, b, d, &t0, &t1) ? t0 : INFINITY;
}

/* The first t in [0, 1] at which the centre, moving from (x, y) by
 * (dx, dy), leaves the table (beyond EPS, as event_at), or INFINITY;
 * *at gets the t where it reaches the edge. */
static double
leaves_table(const struct eng_board *b, double x, double y, double dx,
    double dy, double *at)
{
	double t = INFINITY, e = INFINITY, c;

	if (dx < 0 && (c = (-EPS - x) / dx) < t)
		t = c, e = eng_fmax(0, -x / dx);
	if (dx > 0 && (c = (b->w + EPS - x) / dx) < t)
		t = c, e = eng_fmax(0, (b->w - x) / dx);
	if (dy < 0 && (c = (-EPS - y) / dy) < t)
		t = c, e = eng_fmax(0, -y / dy);
	if (dy > 0 && (c = (b->h + EPS - y) / dy) < t)
		t = c, e = eng_fmax(0, (b->h - y) / dy);
	*at = e;
	return t <= 1 ? eng_fmax(t, 0) : INFINITY;
}

/*
 * Where a base moved by (dx, dy) first enters the water (Clarification
 * 12): the first t at which it overlaps a river without touching a ford,
 * or INFINITY; *at gets where the move halts, its base touching the
 * water (or, leaving a ford along the river, touching the ford).
 */
static double
enters_water(const struct eng_board *b, const struct geo_shape *base,
    const struct geo_shape *inner, double dx, double dy, double *at)
{
	double r0[ENG_MAX_TERRAIN], r1[ENG_MAX_TERRAIN],
	    touch[ENG_MAX_TERRAIN], f0[ENG_MAX_TERRAIN], f1[ENG_MAX_TERRAIN];
	double best = INFINITY, c, t0, t1;
	int nr = 0, nf = 0, k, q, t;
	struct geo_shape s;

	for (t = 0; t < b->nt; t++) {
		const struct eng_terrain *tp = &b->t[t];
		if (tp->kind != RS_TERRAIN_RIVER &&
		    tp->kind != RS_TERRAIN_FORD)
			continue;
		eng_piece_shape(tp, &s);
		if (tp->kind == RS_TERRAIN_FORD) {
			if (sweep(base, dx, dy, &s, 0, &t0, &t1))
				f0[nf] = t0, f1[nf++] = t1;
		} else if (sweep(inner, dx, dy, &s, 0, &t0, &t1)) {
			r0[nr] = t0;
			r1[nr] = t1;
			touch[nr++] = first_meet(base, dx, dy, &s, 0);
		}
	}
	if (nr == 0)
		return INFINITY;
	/* The water without a ford begins where a river's does, or where
	 * the base stops touching a ford while still in a river. */
	for (k = 0; k < nr + nf; k++) {
		c = k < nr ? r0[k] : f1[k - nr];
		if (c >= best || (k >= nr && c >= 1))
			continue;
		for (q = 0; q < nr; q++)
			if (r0[q] <= c && c < r1[q])
				break;
		if (q == nr)
			continue;
		for (q = 0; q < nf; q++)
			if (q != k - nr && f0[q] <= c &&
			    (k < nr ? c <= f1[q] : c < f1[q]))
				break;
		if (q < nf)
			continue;
		best = c;
		*at = k < nr ? eng_fmin(touch[k], c) : c;
	}
	return best;
}

/* The first t at which the centre, moved by (dx, dy) from (x, y),
 * enters a ford, or INFINITY. */
static double
enters_ford(const struct eng_board *b, double x, double y, double dx,
    double dy)
{
	struct geo_shape p, s;
	double best = INFINITY, t;
	int k;

	geo_disc(&p, x, y, 0);
	for (k = 0; k < b->nt; k++)
		if (b->t[k].kind == RS_TERRAIN_FORD) {
			eng_piece_shape(&b->t[k], &s);
			if ((t = first_meet(&p, dx, dy, &s, 0)) < best)
				best = t;
		}
	return best;
}

/* The first t at which a base of half extents (hw, hd) at (x, y), moved
 * by (dx, dy), comes within d of v's base, or INFINITY. */
static double
base_meet(const struct eng_game *g, double x, double y, double hw, double hd,
    double dx, double dy, const struct eng_unit *v, double d)
{
	const struct eng_kind *kv = &g->ctx->kinds[v->type];

	return geo_box_meet(x - v->x, y - v->y, dx, dy, hw + kv->hw,
	    hd + kv->hd, d);
}

/* Count a vehicle passing through enemy melee range without stopping:
 * its base, moved by (dx, dy) up to t = upto, comes within melee range
 * of an enemy that melees (coverage of Clarification 7 only). */
static void
note_vehicle_pass(struct eng_game *g, int i, double x, double y, double dx,
    double dy, double upto)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double reach = within(g->ctx->melee_range);
	int j;

	for (j = 0; j < g->nu; j++) {
		const struct eng_unit *v = &g->u[j];
		if (!v->alive || v->side == g->u[i].side || !melees(g, j))
			continue;
		if (base_meet(g, x, y, k->hw, k->hd, dx, dy, v, reach) <=
		    upto) {
			ENG_COVER(g, FP_R_VEH_IGNORE_RANGE);
			return;
		}
	}
}

/*
 * Free-table walk, exact: along each leg, the first t at which an event
 * begins, found by sweeping the base along the leg (geo_sweep) against
 * every base and piece of terrain: the centre leaving the table, the
 * base entering the water (Clarification 12), overlapping another base,
 * coming within melee range of an enemy that melees (exactly 2"
 * included), the centre entering a ford, the built-in player's stop.
 * Returns the event that ended it.
 */
static enum ev
walk_free(struct eng_game *g, int i, struct walk *w, double allow)
{
	struct eng_unit *u = &g->u[i];
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	const struct eng_board *b = g->board;
	struct geo_shape base, inner;
	double used = 0, x0, y0, dx, dy, len, te, at, t, place, ta;
	double mr = g->ctx->melee_range;
	int p, j, who;
	enum ev e;

	for (p = 0; p < w->npath; p++) {
		x0 = u->x;
		y0 = u->y;
		dx = w->path[p][0] - x0;
		dy = w->path[p][1] - y0;
		len = sqrt(dx * dx + dy * dy);
		if (len < 1e-9)
			continue;
		geo_box(&base, x0, y0, k->hw, k->hd);
		geo_box(&inner, x0, y0, k->hw - 5e-7, k->hd - 5e-7);
		/* The allowance ends the move at ta (> 1: not on this leg). */
		ta = (allow - used) / len;
		e = EV_NONE;
		te = INFINITY;
		place = 0;
		who = -1;
		if ((t = leaves_table(b, x0, y0, dx, dy, &at)) < te)
			e = EV_EDGE, te = t, place = at;
		if (b->nt &&
		    (t = enters_water(b, &base, &inner, dx, dy, &at)) < te)
			e = EV_RIVER, te = t, place = at;
		for (j = 0; j < g->nu; j++) {
			const struct eng_unit *v = &g->u[j];
			if (!v->alive || j == i)
				continue;
			if ((t = base_meet(g, x0, y0, k->hw - 5e-7,
			         k->hd - 5e-7, dx, dy, v, 0)) < te) {
				e = EV_COLLIDE, te = t, who = j;
				place = eng_fmin(t,
				    base_meet(g, x0, y0, k->hw, k->hd, dx, dy,
				        v, 0));
			}
		}
		/* A ford crossed in one turn (ford_turns: 1) does not stop. */
		if (b->nt && !w->started_in_ford &&
		    g->ctx->set.v[FP_SET_FORD_TURNS] > 1 &&
		    (t = enters_ford(b, x0, y0, dx, dy)) < te)
			e = EV_FORD, te = t, place = t;
		if (w->melee)
			for (j = 0; j < g->nu; j++) {
				const struct eng_unit *v = &g->u[j];
				if (!v->alive || v->side == u->side ||
				    !melees(g, j))
					continue;
				if ((t = base_meet(g, x0, y0, k->hw, k->hd, dx,
				         dy, v, within(mr))) >= te)
					continue;
				e = EV_MELEE, te = t, who = j, place = t;
				/* The built-in player's halt short of it. */
				if (w->avoid_melee)
					place = eng_fmax(0,
					    base_meet(g, x0, y0, k->hw, k->hd,
					        dx, dy, v, mr + 1e-6));
			}
		if (w->target >= 0 && w->target != i) {
			const struct eng_unit *v = &g->u[w->target];
			if ((t = base_meet(g, x0, y0, k->hw, k->hd, dx, dy, v,
			         sqrt(w->stop_r2 + EPS / 2))) < te)
				e = EV_TARGET, te = t, place = t;
		}
		if (te > ta + 1e-12) {
			/* Nothing happens before the allowance or the leg's
			 * end. */
			t = eng_fmin(ta, 1);
			if (w->vehicle && mr > 0)
				note_vehicle_pass(g, i, x0, y0, dx, dy, t);
			if (ta >= 1 - 1e-12) {
				eng_unit_place(g, i, w->path[p][0],
				    w->path[p][1]);
				used += len;
				continue;
			}
			eng_unit_place(g, i, x0 + dx * t, y0 + dy * t);
			ENG_COVER(g, FP_R_MOVE_ALLOWANCE);
			return EV_NONE;
		}
		if (w->vehicle && mr > 0)
			note_vehicle_pass(g, i, x0, y0, dx, dy, place);
		eng_unit_place(g, i, x0 + dx * place, y0 + dy * place);
		switch (e) {
		case EV_RIVER:
			ENG_COVER(g, FP_R_RIVER_IMPASSABLE);
			break;
		case EV_COLLIDE:
			collide(g, i, who, w, allow - used - place * len,
			    dx / len, dy / len);
			break;
		case EV_FORD:
			ENG_COVER(g, FP_R_FORD_STOP);
			break;
		case EV_MELEE:
			if (!w->avoid_melee)
				w->blocked_by = who;
			break;
		case EV_NONE:
		case EV_EDGE:
		case EV_TARGET:
		default:
			break;
		}
		return e;
	}
	return EV_NONE;
}

/*
 * Move unit i along w (Movement): once per turn, up to its allowance,
 * stopping in melee range (then fighting at the end of the move), at a
 * ford, at a river or a base. Returns 0.
 */
int
fp_move(struct eng_game *g, int i, struct walk *w)
{
	struct eng_unit *u = &g->u[i];
	const struct rs_unit *t = utype(g, i);
	double allow, x0 = u->x, y0 = u->y;
	int stays;

	w->vehicle = is_vehicle(g, i);
	w->melee = melees(g, i);
	w->runs_down = (t->traits & RS_TRAIT_RUNS_DOWN) != 0;
	w->started_in_ford = in_ford(g, u->x, u->y);
	w->blocked_by = -1;
	u->flags |= ENG_UF_MOVED;
	/*
	 * A crossing takes ford_turns turns (the sources' two: in on one,
	 * out on the next); c[0] counts the turns a unit that walked in
	 * has spent in the ford, and it stays until the last of them.
	 */
	stays = w->started_in_ford && u->c[FP_C_FORD] > 0 &&
	    u->c[FP_C_FORD] + 1 < (int)g->ctx->set.v[FP_SET_FORD_TURNS];
	if (stays)
		u->c[FP_C_FORD]++;
	else if (w->started_in_ford) {
		ENG_COVER(g, FP_R_FORD_LEAVE);
		u->c[FP_C_FORD] = 0;
	}
	/* Already in melee range of another enemy: it may not slip past. */
	if (fp_melee_enemy(g, i) >= 0) {
		ENG_COVER(g, FP_R_MOVE_MELEE_STOP);
		w->blocked_by = fp_pick_opponent(g, i, 0);
	} else if (stays)
		ENG_COVER(g, FP_R_FORD_STOP);
	else {
		allow = allowance(g, i, w);
		if (g->board->grid != RS_GRID_NONE)
			walk_grid(g, i, w, allow);
		else
			walk_free(g, i, w, allow);
		if (w->blocked_by >= 0) {
			ENG_COVER(g, FP_R_MOVE_MELEE_STOP);
			/* Stopped in range of several at once: the commander
			 * picks (Clarification 6). */
			if (u->alive && fp_melee_enemy(g, i) >= 0)
				w->blocked_by = fp_pick_opponent(g, i, 0);
		}
		if (!w->started_in_ford && u->alive && in_ford(g, u->x, u->y))
			u->c[FP_C_FORD] = 1;
	}
	/* The opponent a test game names, when in range at the end. */
	if (w->blocked_by >= 0 && w->named > 0 && g->u[w->named - 1].alive &&
	    fp_melee_in_range(g, i, w->named - 1))
		w->blocked_by = w->named - 1;
	/* It fires at the other end of its move only once the move has
	 * taken it out of melee range of where the enemy it fought stood
	 * (Clarification 4). */
	if ((u->flags & FP_UF_FOUGHT_HERE) && u->c[FP_C_FOUGHT] > 0 &&
	    (fabs(u->x - x0) > EPS || fabs(u->y - y0) > EPS) &&
	    !fp_melee_in_range(g, i, u->c[FP_C_FOUGHT] - 1))
		u->flags &= (uint16_t)~FP_UF_FOUGHT_HERE;
	if (w->blocked_by >= 0 && u->alive && g->u[w->blocked_by].alive &&
	    !(u->flags & ENG_UF_MELEE_END)) {
		/* A unit brought within melee range fights at the end of its
		 * move (Melee, When). */
		ENG_COVER(g, FP_R_MELEE_BLOCKED_END);
		u->flags |= ENG_UF_MELEE_END;
		fp_fight(g, i, w->blocked_by);
	}
	return 0;
}
