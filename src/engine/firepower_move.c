/*
 * firepower_move.c: Movement in the firepower family (Morschauser's
 * Modern rules, rulesets/morschauser-modern.md): Movement (once a turn,
 * never split, up to the full move; a stop in melee range, then the
 * melee at the end of the move), Vehicles (road moves, Clarification 13;
 * tanks pass through melee range and run down infantry and artillery,
 * Clarifications 7, 8 and 9; scout cars stop), the rivers and fords of
 * Special rules (Clarification 12), no move through another base
 * (Clarification 7), and moving on a grid (Playing on a grid). A free
 * table is walked in small steps, the point where something happens found
 * by bisection; a grid is walked cell by cell.
 */
#include <math.h>
#include <stdlib.h>

#include "engine.h"
#include "firepower.h"
#include "firepower_internal.h"

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

/* What happens when unit i stands at (x, y); *who gets the unit. */
static enum ev
event_at(struct eng_game *g, int i, struct walk *w, double x, double y,
    int *who)
{
	const struct eng_board *b = g->board;
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double r2 = g->ctx->melee_range * g->ctx->melee_range + EPS;
	unsigned kinds;
	int j, grid = b->grid != RS_GRID_NONE, c, melee_hit = -1;

	if (x < -EPS || y < -EPS || x > b->w - (grid ? 1 : 0) + EPS ||
	    y > b->h - (grid ? 1 : 0) + EPS)
		return EV_EDGE;
	kinds = b->nt ? eng_board_kinds_at(b, x, y) : 0;
	if ((kinds >> RS_TERRAIN_RIVER & 1) && !(kinds >> RS_TERRAIN_FORD & 1))
		return EV_RIVER;
	if (grid) {
		c = eng_cell(b, x, y);
		if (c >= 0 && g->occ[c] >= 0 && g->occ[c] != i) {
			*who = g->occ[c];
			return EV_COLLIDE;
		}
	}
	if (b->grid == RS_GRID_SQUARE && g->ctx->melee_range == 1) {
		if (w->melee)
			melee_hit = fp_melee_neighbour(g, i, x, y);
		goto terrain;
	}
	for (j = 0; j < g->nu; j++) {
		const struct eng_unit *v = &g->u[j];
		const struct eng_kind *kv;
		if (!v->alive || j == i)
			continue;
		if (!grid) {
			kv = &g->ctx->kinds[v->type];
			if (fabs(x - v->x) < k->hw + kv->hw - 1e-6 &&
			    fabs(y - v->y) < k->hd + kv->hd - 1e-6) {
				*who = j;
				return EV_COLLIDE;
			}
		}
		if (melee_hit < 0 && v->side != g->u[i].side && w->melee &&
		    melees(g, j) && d2_at(g, x, y, k->hw, k->hd, v) <= r2)
			melee_hit = j;
	}
terrain:
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

/* Whether a vehicle's whole planned path lies on a road (Clarification
 * 13): sampled along the waypoints, up to the road move. */
static int
path_on_road(struct eng_game *g, int i, const struct walk *w, double len)
{
	double x = g->u[i].x, y = g->u[i].y, dx, dy, l, s, step, done = 0;
	int p, n, q;

	if (g->board->nt == 0)
		return 0;
	step = g->board->grid != RS_GRID_NONE ? 0.25 : 1.0;
	for (p = 0; p < w->npath && done < len; p++) {
		dx = w->path[p][0] - x;
		dy = w->path[p][1] - y;
		l = g->board->grid == RS_GRID_SQUARE ?
		    fmax(fabs(dx), fabs(dy)) :
		    sqrt(dx * dx + dy * dy);
		n = (int)(l / step) + 1;
		for (q = 0; q <= n; q++) {
			s = (double)q / n;
			if (done + s * l > len + EPS)
				break;
			if (!(eng_board_kinds_at(g->board, x + dx * s,
			          y + dy * s) >>
			            RS_TERRAIN_ROAD &
			        1))
				return 0;
		}
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
	need = fmin(tx, ty);
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
	static const int sq[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
		{ 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
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
			nx = cx + sx;
			ny = cy + sy;
			if (g->board->grid != RS_GRID_SQUARE) {
				/* Hex: the neighbour that brings the
				 * waypoint nearest (distance is hex). */
				struct eng_unit tmp = *u;
				double bd = 1e9, d;
				tmp.x = tx;
				tmp.y = ty;
				for (k = 0; k < 8; k++) {
					double ax = cx + sq[k][0],
					       ay = cy + sq[k][1];
					if (eng_dist2_at(g, ax, ay, 0.5, 0.5,
					        u) != 1)
						continue;
					d = eng_dist2_at(g, ax, ay, 0.5, 0.5,
					    &tmp);
					if (d < bd) {
						bd = d;
						nx = (int)ax;
						ny = (int)ay;
					}
				}
			}
			if (used + 1 > allow + EPS) {
				if (w->scripted)
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
					int ax = cx + sq[k][0],
					    ay = cy + sq[k][1];
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
				nx = cx + sq[best][0];
				ny = cy + sq[best][1];
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

/* Free-table walk: small steps along each leg; the exact point where an
 * event begins is found by bisection. Returns the event that ended it. */
static enum ev
walk_free(struct eng_game *g, int i, struct walk *w, double allow)
{
	struct eng_unit *u = &g->u[i];
	const struct eng_kind *k = &g->ctx->kinds[u->type];
	double used = 0, step = fmax(fmin(k->hw, k->hd), 0.5);
	int t;

	/* Small enough steps that no base and no piece of terrain can be
	 * stepped over; bisection then finds where an event begins. */
	for (t = 0; t < g->board->nt; t++) {
		const struct eng_terrain *tp = &g->board->t[t];
		double m = tp->shape == ENG_SHAPE_RECT ?
		    fmin(tp->w, tp->h) / 2 :
		    tp->r;
		if (m > 0.5 && m < step)
			step = m;
	}
	double x0, y0, dx, dy, len, ux, uy, s, lo, hi, m, px, py;
	int p, who = -1, n;
	enum ev e;

	for (p = 0; p < w->npath; p++) {
		x0 = u->x;
		y0 = u->y;
		dx = w->path[p][0] - x0;
		dy = w->path[p][1] - y0;
		len = sqrt(dx * dx + dy * dy);
		if (len < 1e-9)
			continue;
		ux = dx / len;
		uy = dy / len;
		lo = 0;
		for (n = 1;; n++) {
			s = fmin(n * step, len);
			if (used + s > allow + EPS) {
				s = allow - used;
				if (s <= lo + 1e-12)
					goto allowance;
			}
			e = event_at(g, i, w, x0 + ux * s, y0 + uy * s, &who);
			if (e != EV_NONE)
				break;
			lo = s;
			if (w->vehicle)
				note_vehicle_range(g, i, x0 + ux * s,
				    y0 + uy * s);
			if (used + s >= allow - EPS && s < len - 1e-9) {
				eng_unit_place(g, i, x0 + ux * s, y0 + uy * s);
				goto allowance;
			}
			if (s >= len)
				break;
		}
		if (e == EV_NONE) {
			eng_unit_place(g, i, w->path[p][0], w->path[p][1]);
			used += len;
			continue;
		}
		/* The event begins between lo and s. */
		hi = s;
		for (n = 0; n < 32; n++) {
			m = (lo + hi) / 2;
			if (event_at(g, i, w, x0 + ux * m, y0 + uy * m,
			        &who) == EV_NONE)
				lo = m;
			else
				hi = m;
		}
		e = event_at(g, i, w, x0 + ux * hi, y0 + uy * hi, &who);
		if (e == EV_EDGE || e == EV_RIVER || e == EV_COLLIDE ||
		    (e == EV_MELEE && w->avoid_melee)) {
			px = x0 + ux * lo;
			py = y0 + uy * lo;
			eng_unit_place(g, i, px, py);
			if (e == EV_RIVER)
				ENG_COVER(g, FP_R_RIVER_IMPASSABLE);
			if (e == EV_COLLIDE)
				collide(g, i, who, w, allow - used - lo, ux,
				    uy);
			return e;
		}
		eng_unit_place(g, i, x0 + ux * hi, y0 + uy * hi);
		if (e == EV_FORD)
			ENG_COVER(g, FP_R_FORD_STOP);
		if (e == EV_MELEE)
			w->blocked_by = who;
		return e;
	}
	return EV_NONE;
allowance:
	if (w->scripted)
		ENG_COVER(g, FP_R_MOVE_ALLOWANCE);
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
	int j, stays;

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
	if ((j = fp_melee_enemy(g, i)) >= 0) {
		ENG_COVER(g, FP_R_MOVE_MELEE_STOP);
		w->blocked_by = j;
	} else if (stays)
		ENG_COVER(g, FP_R_FORD_STOP);
	else {
		allow = allowance(g, i, w);
		if (g->board->grid != RS_GRID_NONE)
			walk_grid(g, i, w, allow);
		else
			walk_free(g, i, w, allow);
		if (w->blocked_by >= 0)
			ENG_COVER(g, FP_R_MOVE_MELEE_STOP);
		if (!w->started_in_ford && u->alive && in_ford(g, u->x, u->y))
			u->c[FP_C_FORD] = 1;
	}
	/* Away from where it fought at the start, it stands at the other
	 * end of its move, where it may fire (Clarification 4); a move cut
	 * short at once (the bisection's crumb) leaves it where it was. */
	if (fabs(u->x - x0) > EPS || fabs(u->y - y0) > EPS)
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
