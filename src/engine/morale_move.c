/*
 * morale_move.c: the Movement step. Forced moves come first
 * (Clarification 4): the losers of last turn's melees fall back one move
 * facing their enemy (Clarification 12), routing units flee one move
 * towards their own edge (Clarification 13), each along a straight path
 * that stops where the base would first touch another base, friend or
 * enemy, found exactly (mo_forced_path(), which evading also uses); a
 * forced move that would carry the unit's centre over the table edge
 * takes it off the table, lost, and one that would not stops at the
 * edge. Then the free moves (Movement): up to the unit's move,
 * half again when no enemy is within twice its move (Clarification 15),
 * halting within 30mm of an enemy, and never closer to an enemy it
 * already stands within 30mm of. Last, the built-in players' choice of
 * each free move.
 *
 * Winners do not pursue (Clarification 12) and closing to contact is not
 * moved (Clarification 19): neither moves a unit here.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "engine.h"
#include "geom.h"
#include "morale.h"
#include "morale_internal.h"

/* ---- moving ---- */

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
		t0 = eng_fmax(t0, eng_fmin(lo, hi));
		t1 = eng_fmin(t1, eng_fmax(lo, hi));
	}
	if (fabs(uy) < 1e-12) {
		if (fabs(oy) > hy + r)
			return best;
	} else {
		lo = (-(hy + r) - oy) / uy;
		hi = (hy + r - oy) / uy;
		t0 = eng_fmax(t0, eng_fmin(lo, hi));
		t1 = eng_fmin(t1, eng_fmax(lo, hi));
	}
	if (t0 > t1)
		return best;
	/* The rounded box: two slabs and four corner circles. */
	for (b = 0; b < 2; b++) {
		double ex = hx + (b == 0 ? r : 0), ey = hy + (b == 1 ? r : 0);
		double s0 = 0, s1 = len, tt;

		if (fabs(ux) < 1e-12) {
			if (fabs(ox) > ex)
				continue;
		} else {
			lo = (-ex - ox) / ux;
			hi = (ex - ox) / ux;
			if (lo > hi) {
				tt = lo;
				lo = hi;
				hi = tt;
			}
			s0 = lo > s0 ? lo : s0;
			s1 = hi < s1 ? hi : s1;
		}
		if (fabs(uy) < 1e-12) {
			if (fabs(oy) > ey)
				continue;
		} else {
			lo = (-ey - oy) / uy;
			hi = (ey - oy) / uy;
			if (lo > hi) {
				tt = lo;
				lo = hi;
				hi = tt;
			}
			s0 = lo > s0 ? lo : s0;
			s1 = hi < s1 ? hi : s1;
		}
		if (s0 <= s1 && s0 < best)
			best = s0;
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
 * enemy is within twice its move, edge to edge (Clarification 15; the
 * settings free_move_bonus and free_move_clear). */
static double
move_allowance(struct eng_game *g, int i)
{
	double mv = g->ctx->kinds[g->u[i].type].move, d;

	nearest_enemy(g, i, &d);
	return d > prep(g)->free_clear * mv + 1e-9 ? mv * prep(g)->free_bonus :
	                                             mv;
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
	const struct eng_kind *kind = &g->ctx->kinds[u->type];
	double dx = tx - u->x, dy = ty - u->y, t, stop, r = prep(g)->stop_dist;
	double d2, stop2, reach2;
	const double *row;
	const int8_t *foes;
	uint64_t alive, cand = 0;
	int j, k, n;

	if (len < 1e-9)
		return 0;
	dx /= len;
	dy /= len;
	stop = len;
	stop2 = r * r + 1e-6;
	reach2 = (len + r + 1) * (len + r + 1);
	row = enemy_dist2_row(g, i);
	foes = cstate(g)->side_unit[1 - u->side];
	n = cstate(g)->side_count[1 - u->side];
	alive = cstate(g)->alive_mask;
	/* Enemies already within 30mm: the no-closer rule; those beyond
	 * reach of this move cannot be met (none, when the nearest is
	 * beyond). The others, by their places in side_unit[], worked out
	 * without branches. */
	for (k = nearest_enemy_dist2(g, i) > reach2 ? n : 0; k < n; k++) {
		d2 = row[k];
		cand |= (uint64_t)((d2 > stop2) & (d2 <= reach2) &
		            (int)(alive >> foes[k] & 1))
		    << k;
	}
	for (; cand != 0; cand &= cand - 1) {
		k = __builtin_ctzll(cand);
		j = foes[k];
		t = ray_enter(g, u->x, u->y, dx, dy, len, kind->hw, kind->hd,
		    j, r);
		if (t < stop)
			stop = t;
	}
	if (stop < len)
		ENG_COVER(g, MO_R_MOVE_STOP);
	mo_place(g, i, u->x + dx * stop, u->y + dy * stop);
	return stop;
}

/* Returns 1 when unit i's base lies wholly on the table. */
int
mo_on_table(const struct eng_game *g, int i, double x, double y)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];

	return x - k->hw >= -1e-9 && x + k->hw <= g->board->w + 1e-9 &&
	    y - k->hd >= -1e-9 && y + k->hd <= g->board->h + 1e-9;
}

/* Returns 1 when unit i's base at (x, y) would overlap another unit. */
int
mo_overlaps(const struct eng_game *g, int i, double x, double y)
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

/* ---- forced moves ---- */

/* Returns where a point moving from the origin along the unit vector
 * (ux, uy) first enters the box of half sizes (hx, hy) centred at
 * (ox, oy), by the slab test, a hair wider; len + 1 when it does not
 * within len, or is inside it at the start. */
static double
slab_enter(double ox, double oy, double hx, double hy, double ux, double uy,
    double len)
{
	double t0 = 0, t1 = len, lo, hi;

	hx += 1e-9;
	hy += 1e-9;
	if (fabs(ux) < 1e-12) {
		if (fabs(ox) > hx)
			return len + 1;
	} else {
		lo = (ox - hx) / ux;
		hi = (ox + hx) / ux;
		t0 = eng_fmax(t0, eng_fmin(lo, hi));
		t1 = eng_fmin(t1, eng_fmax(lo, hi));
	}
	if (fabs(uy) < 1e-12) {
		if (fabs(oy) > hy)
			return len + 1;
	} else {
		lo = (oy - hy) / uy;
		hi = (oy + hy) / uy;
		t0 = eng_fmax(t0, eng_fmin(lo, hi));
		t1 = eng_fmin(t1, eng_fmax(lo, hi));
	}
	return t0 <= t1 && t0 > 0 ? t0 : len + 1;
}

/*
 * The path of a forced move of unit i from (x, y) straight along the
 * unit vector (ux, uy) for len (Clarifications 12, 13, 14): how far it
 * goes before its base first touches another unit's base, friend or
 * enemy (*met: that unit), or the table edge (*met: MO_MET_EDGE); len,
 * with *met MO_MET_NONE, when it meets neither. Exact: each base is
 * swept along the path (geo_sweep), the edge found by division. A base
 * it already overlaps (none should) does not stop it.
 */
double
mo_forced_path(const struct eng_game *g, int i, double x, double y, double ux,
    double uy, double len, int *met)
{
	const struct mo_state *s = cstate(g);
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	struct geo_shape a, b;
	double best = len, t, t0, t1, ex, ey, near_t[ENG_MAX_UNITS];
	uint64_t m;
	int j, n, c, q, near_j[ENG_MAX_UNITS];

	*met = MO_MET_NONE;
	/* The table edge: where the base's leading sides reach it. */
	t = len + 1;
	if (ux > 1e-12)
		t = eng_fmin(t, (g->board->w - k->hw - x) / ux);
	else if (ux < -1e-12)
		t = eng_fmin(t, (x - k->hw) / -ux);
	if (uy > 1e-12)
		t = eng_fmin(t, (g->board->h - k->hd - y) / uy);
	else if (uy < -1e-12)
		t = eng_fmin(t, (y - k->hd) / -uy);
	if (t < len - 1e-9) {
		best = eng_fmax(t, 0);
		*met = MO_MET_EDGE;
	}
	/* The other bases the swept base may meet: those in its box. */
	ex = x + ux * best;
	ey = y + uy * best;
	m = boxes_meeting(s, 0, g->nu, eng_fmin(x, ex) - k->hw,
	        eng_fmax(x, ex) + k->hw, eng_fmin(y, ey) - k->hd,
	        eng_fmax(y, ey) + k->hd) &
	    s->alive_mask & ~((uint64_t)1 << i);
	if (m == 0)
		return best;
	/* Two upright boxes meet where the path enters the box of their
	 * summed half sizes: a slab test (a hair wider) passes every base
	 * the sweep meets before best and gives where, so the bases are
	 * swept nearest first, and only until one is met. A base a hair
	 * smaller meets another where they would overlap: touching is not
	 * meeting, and a base beside the path that it touches is passed
	 * by. */
	for (n = 0; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		t = slab_enter(g->u[j].x - x, g->u[j].y - y,
		    k->hw - 1e-6 + s->half_w[j], k->hd - 1e-6 + s->half_d[j],
		    ux, uy, best);
		if (t <= best) {
			near_t[n] = t;
			near_j[n++] = j;
		}
	}
	/* The base's centre, a point, swept against the other base grown
	 * by this base's half sizes (a hair less): the same as the base
	 * swept against the other base, as two upright boxes sum to an
	 * upright box, at a quarter of the corners. */
	geo_disc(&a, x, y, 0);
	while (n > 0) {
		for (c = 0, q = 1; q < n; q++)
			if (near_t[q] < near_t[c])
				c = q;
		if (near_t[c] > best + 1e-9)
			break;
		j = near_j[c];
		near_t[c] = near_t[--n];
		near_j[c] = near_j[n];
		geo_box(&b, g->u[j].x, g->u[j].y, k->hw - 1e-6 + s->half_w[j],
		    k->hd - 1e-6 + s->half_d[j]);
		if (!geo_sweep(&a, ux * len, uy * len, &b, 0, &t0, &t1) ||
		    t0 <= 0)
			continue;
		/* On a tie the base comes before the edge. */
		if (t0 * len <= best + 1e-12 &&
		    (*met < 0 || t0 * len < best)) {
			best = t0 * len;
			*met = j;
		}
	}
	return best;
}

/*
 * A forced move of unit i by its normal move along (ux, uy): falling
 * back or routing. It stops where its base touches another unit's base;
 * at the table edge it leaves the table and is lost when its full move
 * would carry its centre over the edge, else it stops there, on the
 * table (Clarifications 12, 13).
 */
static void
forced_move(struct eng_game *g, int i, double ux, double uy)
{
	struct eng_unit *u = &g->u[i];
	double mv = g->ctx->kinds[u->type].move, n = len2d(ux, uy);
	double x, y, go;
	int met;

	if (n < 1e-12) {
		ux = 0;
		uy = u->side == ENG_BLUE ? -1 : 1;
		n = 1;
	}
	ux /= n;
	uy /= n;
	x = u->x + ux * mv;
	y = u->y + uy * mv;
	if (cstate(g)->on_grid) {
		/* A grid: the end point only, as before. */
		if (!mo_on_table(g, i, x, y)) {
			ENG_COVER(g, MO_R_OFF_TABLE);
			mo_remove(g, i);
		} else
			mo_place(g, i, x, y);
		return;
	}
	go = mo_forced_path(g, i, u->x, u->y, ux, uy, mv, &met);
	if (met == MO_MET_EDGE &&
	    (x < -1e-9 || x > g->board->w + 1e-9 || y < -1e-9 ||
	        y > g->board->h + 1e-9)) {
		/* Clarification 13: a unit that leaves the table is lost. */
		ENG_COVER(g, MO_R_OFF_TABLE);
		mo_remove(g, i);
		return;
	}
	if (met == MO_MET_EDGE)
		ENG_COVER(g, MO_R_FORCED_EDGE);
	else if (met >= 0)
		ENG_COVER(g, MO_R_FORCED_BLOCKED);
	mo_place(g, i, u->x + ux * go, u->y + uy * go);
}

/* Movement, forced moves first (Clarification 4): melee losers fall
 * back facing their enemy; routing units flee to their own edge. */
void
mo_forced_moves(struct eng_game *g)
{
	int i, foe;

	for (i = 0; i < g->nu; i++) {
		struct eng_unit *u = &g->u[i];

		if (!u->alive || !(u->flags & MO_UF_LOST_MELEE))
			continue;
		u->flags &= (uint16_t)~MO_UF_LOST_MELEE;
		u->flags |= ENG_UF_MOVED;
		if (u->flags & MO_UF_ROUTING)
			continue; /* flees below instead */
		foe = u->c[MO_C_FOE];
		ENG_COVER(g, MO_R_FALL_BACK);
		if (foe >= 0 && foe < g->nu) {
			mo_face_to(g, i, g->u[foe].x, g->u[foe].y);
			forced_move(g, i, u->x - g->u[foe].x,
			    u->y - g->u[foe].y);
		} else
			forced_move(g, i, 0, 0);
	}
	for (i = 0; i < g->nu; i++) {
		struct eng_unit *u = &g->u[i];

		if (!u->alive || !(u->flags & MO_UF_ROUTING))
			continue;
		ENG_COVER(g, MO_R_ROUT_MOVE);
		u->flags |= ENG_UF_MOVED;
		u->facing = u->side == ENG_BLUE ? M_PI : 0;
		forced_move(g, i, 0, u->side == ENG_BLUE ? -1 : 1);
	}
}

/* ---- free moves ---- */

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
		d0 = dist2(g, i, j);
		if (d0 > prep(g)->stop_dist * prep(g)->stop_dist + 1e-6)
			continue;
		if (eng_dist2_at(g, x, y, k->hw, k->hd, &g->u[j]) < d0 - 1e-9)
			return 1;
	}
	return 0;
}

static int crowded(const struct eng_game *, int, double, double);

/*
 * A free move of unit i along a path for a player or a test game: within
 * its allowance, halting within 30mm of an enemy; a unit within 30mm
 * that would get closer stands instead. Returns 0, or -1 with err.
 */
int
mo_move(struct eng_game *g, int i, const double (*path)[2], int npath,
    double allow, char *err, size_t errsz)
{
	struct eng_unit *u = &g->u[i];
	double len = 0, end_x = u->x, end_y = u->y, d, first = 0, leg, x0, y0;
	int k, near;
	uint16_t flags0;

	if (allow < 0)
		allow = move_allowance(g, i);
	if (u->flags & (MO_UF_ROUTING | ENG_UF_MOVED)) {
		snprintf(err, errsz, "%s may not move now (%s)", u->name,
		    u->flags & MO_UF_ROUTING ? "routing" : "already moved");
		return -1;
	}
	for (k = 0; k < npath; k++) {
		len += (leg = len2d(path[k][0] - end_x, path[k][1] - end_y));
		if (k == 0)
			first = leg;
		end_x = path[k][0];
		end_y = path[k][1];
	}
	if (len > allow + 1e-6) {
		char a[32], b[32];

		fmt_double(a, sizeof(a), allow, 1);
		fmt_double(b, sizeof(b), len, 1);
		snprintf(err, errsz, "%s may move at most %s, not %s", u->name,
		    a, b);
		return -1;
	}
	if (!mo_on_table(g, i, end_x, end_y)) {
		snprintf(err, errsz, "%s would leave the table", u->name);
		return -1;
	}
	x0 = u->x;
	y0 = u->y;
	flags0 = u->flags;
	u->flags |= ENG_UF_MOVED;
	if (len < 1e-9)
		return 0;
	nearest_enemy(g, i, &d);
	near = d <= prep(g)->stop_dist + 1e-6;
	ENG_COVER(g, MO_R_MOVE);
	if (len > g->ctx->kinds[u->type].move + 1e-6)
		ENG_COVER(g, MO_R_MOVE_BONUS);
	for (k = 0; k < npath; k++) {
		/* The first leg starts where the unit stands: its length is
		 * known. */
		double want = k == 0 ?
		    first :
		    len2d(path[k][0] - u->x, path[k][1] - u->y);

		if (near &&
		    gets_closer(g, i, path[k][0] - u->x, path[k][1] - u->y)) {
			ENG_COVER(g, MO_R_MOVE_NO_CLOSER);
			break;
		}
		if (move_leg(g, i, path[k][0], path[k][1], want) < want - 1e-9)
			break;
	}
	/* It may pass friends but not end on one (Clarification 23): the
	 * move is not made. Only a friend can be there: an enemy halts it
	 * 30mm short. */
	if (crowded(g, i, u->x, u->y)) {
		mo_place(g, i, x0, y0);
		u->flags = flags0;
		snprintf(err, errsz,
		    "%s would end its move on another unit's base", u->name);
		return -1;
	}
	return 0;
}

/* ---- the built-in players' moves ---- */

/* Returns 1 when unit i standing at (x, y) would overlap the base of a
 * friendly unit. */
static int
crowded(const struct eng_game *g, int i, double x, double y)
{
	const struct mo_state *s = cstate(g);
	int side = g->u[i].side, j;
	uint64_t m = s->alive_mask & s->side_mask[side] & ~((uint64_t)1 << i);
	double hwi = s->half_w[i], hdi = s->half_d[i];

	if (!s->on_grid)
		m &= boxes_meeting(s, s->side_first[side],
		    s->side_last[side] + 1, x - hwi, x + hwi, y - hdi,
		    y + hdi);
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		if (fabs(x - s->centre_x[j]) < hwi + s->half_w[j] - 1e-6 &&
		    fabs(y - s->centre_y[j]) < hdi + s->half_d[j] - 1e-6)
			return 1;
	}
	return 0;
}

/*
 * Cut the move of unit i to p short of the first friend's base it would
 * run onto (geo_box_meet, bases a hair smaller: touching is no
 * overlap). Returns 1 when some of the move is left.
 */
static int
friend_short(const struct eng_game *g, int i, double *p)
{
	const struct mo_state *s = cstate(g);
	double dx = p[0] - s->centre_x[i], dy = p[1] - s->centre_y[i], t,
	       best = 1;
	uint64_t m = s->alive_mask & s->side_mask[g->u[i].side] &
	    ~((uint64_t)1 << i);
	int j;

	if (!s->on_grid)
		m &= boxes_meeting(s, s->side_first[g->u[i].side],
		    s->side_last[g->u[i].side] + 1,
		    eng_fmin(s->centre_x[i], p[0]) - s->half_w[i],
		    eng_fmax(s->centre_x[i], p[0]) + s->half_w[i],
		    eng_fmin(s->centre_y[i], p[1]) - s->half_d[i],
		    eng_fmax(s->centre_y[i], p[1]) + s->half_d[i]);
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		t = geo_box_meet(s->centre_x[i] - s->centre_x[j],
		    s->centre_y[i] - s->centre_y[j], dx, dy,
		    s->half_w[i] + s->half_w[j] - 1e-6,
		    s->half_d[i] + s->half_d[j] - 1e-6, 0);
		if (t < best)
			best = t;
	}
	if (best <= 1e-6)
		return 0;
	best -= 1e-6;
	p[0] = s->centre_x[i] + dx * best;
	p[1] = s->centre_y[i] + dy * best;
	return 1;
}

/* A player's free move of unit i (Movement): greedy closes with the
 * nearest enemy, keeps skirmishers and artillery at their range and
 * broken units back; random wanders. Both face the nearest enemy. */
void
mo_player_move(struct eng_game *g, int i)
{
	struct eng_unit *u = &g->u[i];
	const struct rs_unit *t = unit_type(g, i);
	const struct eng_kind *kind = &g->ctx->kinds[u->type];
	double d, allow, range, want, step, ang, path[1][2], ux, uy, n;
	char err[8];
	int foe;

	if (!steady(g, i) || (u->flags & ENG_UF_MOVED))
		return;
	if ((foe = nearest_enemy(g, i, &d)) < 0)
		return;
	/* Clarification 15, as in move_allowance(). */
	allow = kind->move *
	    (d > prep(g)->free_clear * kind->move + 1e-9 ?
	            prep(g)->free_bonus :
	            1);
	range = fire_range(g, i);
	/* Routing enemies are out of the fight, and light troops evade
	 * what is not faster than they are: a greedy unit that charges
	 * closes with the nearest enemy that stands and that it can
	 * catch, else the nearest that stands, when there is one. */
	if (d > prep(g)->stop_dist + 1e-3 &&
	    ((g->u[foe].flags & MO_UF_ROUTING) ||
	        (g->player[u->side] != ENG_PLAYER_RANDOM &&
	            unit_charges(g, i) &&
	            (unit_type(g, foe)->traits & RS_TRAIT_LIGHT)))) {
		int k, j, stands = -1, catchable = -1;
		double stands_d2 = 1e300, catch_d2 = 1e300, d2;

		FOR_ENEMIES(g, u->side, k, j)
		{
			if (!steady(g, j))
				continue;
			d2 = dist2(g, i, j);
			if (d2 < stands_d2) {
				stands_d2 = d2;
				stands = j;
			}
			if (d2 < catch_d2 &&
			    (!(unit_type(g, j)->traits & RS_TRAIT_LIGHT) ||
			        g->ctx->kinds[g->u[j].type].move <
			            kind->move)) {
				catch_d2 = d2;
				catchable = j;
			}
		}
		if (catchable >= 0 && unit_charges(g, i) &&
		    g->player[u->side] != ENG_PLAYER_RANDOM) {
			foe = catchable;
			d = sqrt(catch_d2);
		} else if (stands >= 0) {
			foe = stands;
			d = sqrt(stands_d2);
		}
	}
	ux = g->u[foe].x - u->x;
	uy = g->u[foe].y - u->y;
	if ((n = len2d(ux, uy)) > 1e-12) {
		ux /= n;
		uy /= n;
	}
	if (g->player[u->side] == ENG_PLAYER_RANDOM) {
		if (eng_rng_below(&g->ai, 3) == 0)
			step = 0;
		else {
			ang = atan2(ux, uy) +
			    ((double)eng_rng_below(&g->ai, 181) - 90) * M_PI /
			        180;
			ux = sin(ang);
			uy = cos(ang);
			step = allow * eng_rng_below(&g->ai, 101) / 100;
		}
	} else if (d <= prep(g)->stop_dist + 1e-6)
		step = 0;
	else if ((t->traits & RS_TRAIT_LIGHT) || type_cols(g, i)->melee <= 0 ||
	    cstate(g)->morale[i] <= 2) {
		want = range > 0 ? range - 5 : d;
		if (want < prep(g)->stop_dist + 5)
			want = prep(g)->stop_dist + 5;
		step = d - want;
		if (step < -allow)
			step = -allow;
	} else
		step = allow;
	if (step > allow)
		step = allow;
	path[0][0] = u->x + ux * step;
	path[0][1] = u->y + uy * step;
	if (path[0][0] < kind->hw)
		path[0][0] = kind->hw;
	if (path[0][0] > g->board->w - kind->hw)
		path[0][0] = g->board->w - kind->hw;
	if (path[0][1] < kind->hd)
		path[0][1] = kind->hd;
	if (path[0][1] > g->board->h - kind->hd)
		path[0][1] = g->board->h - kind->hd;
	/* Players do not run onto a friend's base: they stop short of
	 * the first on the way, so that wherever the move halts it is not
	 * on one (Clarification 23). */
	if (fabs(step) > 1e-9 && !friend_short(g, i, path[0]))
		step = 0;
	if (fabs(step) > 1e-9)
		mo_move(g, i, (const double(*)[2])path, 1, allow, err,
		    sizeof(err));
	u->flags |= ENG_UF_MOVED;
	mo_face_to(g, i, g->u[foe].x, g->u[foe].y);
}
