/*
 * morale_space.c: where the units of a morale game stand, kept so that
 * the rules ask it cheaply. No rule is decided here: the rules measure
 * edge to edge (Clarification 20) through dist2() and
 * nearest_enemy_dist2() of morale_internal.h, and the answers are the
 * core's eng_dist2 exactly, worked out ahead of time:
 *
 *   - each unit's centre and half base beside the core's, and again by
 *     side (side_x[s][k] ...), so that a moving unit's distances to the
 *     enemies are worked out two at a time;
 *   - the distance table: the squared distance between every unit and
 *     each enemy, brought up to date when a unit moves;
 *   - each unit's nearest enemy, corrected as units move and looked for
 *     again only when it may have changed;
 *   - each unit's base as a float box, for quick overlap tests
 *     (boxes_meeting()).
 *
 * Every move of a unit goes through mo_place() and every loss through
 * mo_remove(), so that all of it follows the units.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "engine.h"
#include "morale.h"
#include "morale_internal.h"

/* Unit i moved: work out its row of the distance table afresh (and the
 * column of the other side's table that mirrors it). */
static void
enemy_dist2_update(struct eng_game *g, int i)
{
	struct mo_state *s = state(g);
	int side = g->u[i].side, foe = 1 - side, k, j;
	int nown = s->side_count[side], nfoe = s->side_count[foe];
	int place = s->side_place[i];
	double *row = &s->enemy_dist2[side][place * nfoe];
	double *col = &s->enemy_dist2[foe][place], t;

	for (k = 0; k < nfoe; k++) {
		j = s->side_unit[foe][k];
		t = dist2_direct(g, i, j);
		row[k] = t;
		col[k * nown] = t;
	}
}

/* Find unit i's nearest enemy afresh. */
static void
nearest_find(struct eng_game *g, int i)
{
	struct mo_state *s = state(g);
	const double *row = enemy_dist2_row(g, i);
	int best = -1, j, take;
	uint64_t m = s->alive_mask & s->side_mask[1 - g->u[i].side];
	double best_d2 = 1e30, t;

	/* The first of the least among the enemies on the table
	 * (side_unit[] is in unit order, as the bits are), the choice
	 * written without branches (conditional moves do not mispredict). */
	for (; m != 0; m &= m - 1) {
		j = __builtin_ctzll(m);
		t = row[s->side_place[j]];
		take = t < best_d2;
		best_d2 = take ? t : best_d2;
		best = take ? j : best;
	}
	s->nearest[i] = (int8_t)best;
	s->nearest_dist2[i] = best_d2;
}

/* Find every unit's nearest enemy. */
static void
nearest_find_all(struct eng_game *g)
{
	int i;

	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive)
			nearest_find(g, i);
	state(g)->nearest_known = 1;
	state(g)->nearest_stale = 0;
}

/* Unit i moved or left the table: the enemies it came nearer to learn
 * it now; those it was nearest to, and itself, look again when asked. */
static void
nearest_after_move(struct eng_game *g, int i)
{
	struct mo_state *s = state(g);
	const double *row;
	const int8_t *foes;
	uint64_t stale;
	int j, k, n, alive = g->u[i].alive;

	if (!s->nearest_known)
		return;
	row = enemy_dist2_row(g, i);
	foes = s->side_unit[1 - g->u[i].side];
	n = s->side_count[1 - g->u[i].side];
	stale = s->nearest_stale | (uint64_t)1 << i;
	for (k = 0; k < n; k++) {
		j = foes[k];
		if (!g->u[j].alive)
			continue;
		if (s->nearest[j] == i)
			stale |= (uint64_t)1 << j;
		else if (alive && !(stale >> j & 1) &&
		    row[k] < s->nearest_dist2[j]) {
			s->nearest[j] = (int8_t)i;
			s->nearest_dist2[j] = row[k];
		}
	}
	s->nearest_stale = stale;
}

/* Bring unit i's nearest enemy up to date (nearest_enemy_dist2()). */
void
mo_nearest_refresh(struct eng_game *g, int i)
{
	struct mo_state *s = state(g);

	if (!s->nearest_known)
		nearest_find_all(g);
	else {
		nearest_find(g, i);
		s->nearest_stale &= ~((uint64_t)1 << i);
	}
}

/* Unit i (on the table, free table, nearest enemies known) moved: its
 * row of the distance table and the nearest enemies, as
 * enemy_dist2_update() and nearest_after_move() do, in one pass. */
static void
moved_on_free_table(struct eng_game *g, int i)
{
	struct mo_state *s = state(g);
	int side = g->u[i].side, foe = 1 - side, k, j;
	int nown = s->side_count[side], nfoe = s->side_count[foe];
	int place = s->side_place[i];
	double *row = &s->enemy_dist2[side][place * nfoe];
	double *col = &s->enemy_dist2[foe][place], t, dx, dy;
	double xi = s->centre_x[i], yi = s->centre_y[i];
	double hwi = s->half_w[i], hdi = s->half_d[i];
	uint64_t stale = s->nearest_stale | (uint64_t)1 << i, m;
	typedef double v2d __attribute__((vector_size(16)));
	typedef long long v2l __attribute__((vector_size(16)));
	/* Unit i's centre and half base in both lanes. */
	const v2d X = { xi, xi }, Y = { yi, yi }, HW = { hwi, hwi };
	const v2d HD = { hdi, hdi }, half = { 0.5, 0.5 };
	const v2l abs = { LLONG_MAX, LLONG_MAX };
	v2d vx, vy;

	/* The distances, two enemies at a time: as dist2_direct(), |d| by
	 * clearing the sign bit, and negative gaps counting 0 without a
	 * branch: (d + |d|) / 2 is d or 0 exactly (doubling and halving
	 * are exact). */
	for (k = 0; k + 1 < nfoe; k += 2) {
		vx = *(const v2d *)&s->side_x[foe][k] - X;
		vy = *(const v2d *)&s->side_y[foe][k] - Y;
		vx = (v2d)((v2l)vx & abs) -
		    (HW + *(const v2d *)&s->side_half_w[foe][k]);
		vy = (v2d)((v2l)vy & abs) -
		    (HD + *(const v2d *)&s->side_half_d[foe][k]);
		vx = (vx + (v2d)((v2l)vx & abs)) * half;
		vy = (vy + (v2d)((v2l)vy & abs)) * half;
		vx = vx * vx + vy * vy;
		row[k] = vx[0];
		row[k + 1] = vx[1];
	}
	if (k < nfoe) {
		dx = fabs(xi - s->side_x[foe][k]) -
		    (hwi + s->side_half_w[foe][k]);
		dy = fabs(yi - s->side_y[foe][k]) -
		    (hdi + s->side_half_d[foe][k]);
		dx = (dx + fabs(dx)) * 0.5;
		dy = (dy + fabs(dy)) * 0.5;
		row[k] = dx * dx + dy * dy;
	}
	for (k = 0; k < nfoe; k++)
		col[k * nown] = row[k];
	/* As nearest_after_move(), for the enemies on the table whose
	 * nearest is known: one whose nearest was i keeps it when i came
	 * no farther, else looks again; i may now be nearer to the
	 * others. */
	for (m = s->alive_mask & s->side_mask[foe] & ~stale; m != 0;
	     m &= m - 1) {
		j = __builtin_ctzll(m);
		t = row[s->side_place[j]];
		if (s->nearest[j] == i) {
			if (t <= s->nearest_dist2[j])
				s->nearest_dist2[j] = t;
			else
				stale |= (uint64_t)1 << j;
		} else if (t < s->nearest_dist2[j]) {
			s->nearest[j] = (int8_t)i;
			s->nearest_dist2[j] = t;
		}
	}
	s->nearest_stale = stale;
}

/* Unit i's centre changed: its copy by side (moved_on_free_table()) and
 * its float box, which holds its base with room to spare for float
 * rounding (boxes_meeting()). */
static void
copies_update(struct mo_state *s, int i)
{
	int side = (int)(s->side_mask[1] >> i & 1), k = s->side_place[i];

	s->side_x[side][k] = s->centre_x[i];
	s->side_y[side][k] = s->centre_y[i];
	s->side_half_w[side][k] = s->half_w[i];
	s->side_half_d[side][k] = s->half_d[i];
	s->box_x0[i] = (float)(s->centre_x[i] - s->half_w[i]) - 1e-3f;
	s->box_x1[i] = (float)(s->centre_x[i] + s->half_w[i]) + 1e-3f;
	s->box_y0[i] = (float)(s->centre_y[i] - s->half_d[i]) - 1e-3f;
	s->box_y1[i] = (float)(s->centre_y[i] + s->half_d[i]) + 1e-3f;
}

/* The units are placed (mo_setup(), after clearing the state): make the
 * side lists, the copies, the float boxes and the distance table. The
 * nearest enemies are found when first asked. */
void
mo_space_setup(struct eng_game *g)
{
	struct mo_state *s = state(g);
	int i, side;

	s->on_grid = g->board->grid != RS_GRID_NONE;
	for (i = 0; i < g->nu; i++) {
		side = g->u[i].side;
		if (g->u[i].alive)
			s->alive_mask |= (uint64_t)1 << i;
		s->side_mask[side] |= (uint64_t)1 << i;
		s->side_place[i] = s->side_count[side];
		if (s->side_count[side] == 0)
			s->side_first[side] = (int8_t)i;
		s->side_last[side] = (int8_t)i;
		s->side_unit[side][s->side_count[side]++] = (int8_t)i;
		s->half_w[i] = g->ctx->kinds[g->u[i].type].hw;
		s->half_d[i] = g->ctx->kinds[g->u[i].type].hd;
		s->centre_x[i] = g->u[i].x;
		s->centre_y[i] = g->u[i].y;
		copies_update(s, i);
	}
	/* One side's rows fill the other's columns. */
	for (i = 0; i < s->side_count[0]; i++)
		enemy_dist2_update(g, s->side_unit[0][i]);
}

/* Move unit i to (x, y). */
void
mo_place(struct eng_game *g, int i, double x, double y)
{
	struct mo_state *s = state(g);

	eng_unit_place(g, i, x, y);
	s->centre_x[i] = g->u[i].x;
	s->centre_y[i] = g->u[i].y;
	copies_update(s, i);
	if (s->on_grid || !s->nearest_known || !g->u[i].alive) {
		enemy_dist2_update(g, i);
		nearest_after_move(g, i);
	} else
		moved_on_free_table(g, i);
}

/* Remove unit i from the table (dispersed, or off the table). */
void
mo_remove(struct eng_game *g, int i)
{
	if (!g->u[i].alive)
		return;
	eng_unit_remove(g, i);
	state(g)->alive_mask &= ~((uint64_t)1 << i);
	nearest_after_move(g, i);
}
