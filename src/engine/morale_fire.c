/*
 * morale_fire.c: the Firing step, and Pre-melee firing (Sequence of
 * play). Units with fire dice shoot at an enemy in range, at least
 * partly in their front sector and not behind other units
 * (Clarification 5); units within 30mm of an enemy hold their fire for
 * the Pre-melee firing step, and then shoot only at such an enemy. Each
 * die's score is changed by the modifiers before looking for 6s
 * (Clarification 8); hits from a disorganised enemy are saved on 4-6
 * (Firing). Every unit shoots before any hit applies (Clarification 4);
 * a unit fired on from a flank remembers it for its tests this turn
 * (Morale modifiers; Clarification 7).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "mo_odds.h"
#include "morale.h"
#include "morale_internal.h"

/* ---- who may shoot at whom ---- */

/* Returns the weapon range of unit i worked out from its type (kept in
 * mo_state.fire_range[] at setup), or -1. */
double
mo_fire_range_of(const struct eng_game *g, int i)
{
	const struct rs_unit *t = unit_type(g, i);

	if (type_cols(g, i)->fire <= 0 || t->nweapons == 0)
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
	double x0 = eng_fmin(a->x, b->x), x1 = eng_fmax(a->x, b->x);
	double y0 = eng_fmin(a->y, b->y), y1 = eng_fmax(a->y, b->y);
	double dx = b->x - a->x, dy = b->y - a->y;
	const struct mo_state *s = cstate(g);
	uint64_t m;
	int k;

	if (g->board->grid != RS_GRID_NONE)
		return eng_sight(g, a, b, 1, 0);
	/* The other units on the table near the segment's bounding box;
	 * then those whose bases (a hair smaller) meet it, and the segment
	 * itself. */
	m = boxes_meeting(s, 0, g->nu, x0, x1, y0, y1) & s->alive_mask &
	    ~((uint64_t)1 << i) & ~((uint64_t)1 << j);
	for (; m != 0; m &= m - 1) {
		const struct eng_unit *v;
		double hw, hd, t0 = 0, t1 = 1, lo, hi, tt;

		k = __builtin_ctzll(m);
		v = &g->u[k];
		hw = s->half_w[k] - 1e-6;
		hd = s->half_d[k] - 1e-6;
		if (s->centre_x[k] + hw < x0 || s->centre_x[k] - hw > x1 ||
		    s->centre_y[k] + hd < y0 || s->centre_y[k] - hd > y1)
			continue;
		/* Slab test of the segment against the base. */
		if (fabs(dx) < 1e-12) {
			if (fabs(a->x - v->x) >= hw)
				continue;
		} else {
			lo = (v->x - hw - a->x) / dx;
			hi = (v->x + hw - a->x) / dx;
			if (lo > hi) {
				tt = lo;
				lo = hi;
				hi = tt;
			}
			t0 = eng_fmax(t0, lo);
			t1 = eng_fmin(t1, hi);
		}
		if (fabs(dy) < 1e-12) {
			if (fabs(a->y - v->y) >= hd)
				continue;
		} else {
			lo = (v->y - hd - a->y) / dy;
			hi = (v->y + hd - a->y) / dy;
			if (lo > hi) {
				tt = lo;
				lo = hi;
				hi = tt;
			}
			t0 = eng_fmax(t0, lo);
			t1 = eng_fmin(t1, hi);
		}
		if (t0 < t1)
			return 0;
	}
	return 1;
}

/* Returns why unit i may not shoot at unit j (NULL: it may): range,
 * front sector, sight (Firing; Clarification 5). */
const char *
mo_fire_illegal(const struct eng_game *g, int i, int j)
{
	double r = fire_range(g, i);

	if (!steady(g, i))
		return "it is routing or gone";
	if (!g->u[j].alive || g->u[j].side == g->u[i].side)
		return "the target is not an enemy on the table";
	if (r < 0)
		return "it has no fire dice";
	if (dist2(g, i, j) > r * r + 1e-6)
		return "the target is out of range";
	if (!mo_partly_in_front(g, i, j))
		return "the target is not in its front sector";
	if (!sight_clear(g, i, j))
		return "other units block the line";
	return NULL;
}

/* Returns 1 when the built-in player of unit i shoots at enemy a rather
 * than at b, as near: the one it fires on from a flank, then the lower
 * current morale, then the more hits towards the next point lost (the
 * players' choice: Clarification 22). */
static int
fire_rather(const struct eng_game *g, int i, int a, int b)
{
	const struct mo_state *s = cstate(g);
	int per = prep(g)->hits_per_morale > 0 ? prep(g)->hits_per_morale : 1;
	int fa = !mo_in_front(g, a, i), fb = !mo_in_front(g, b, i);

	if (fa != fb)
		return fa;
	if (s->morale[a] != s->morale[b])
		return s->morale[a] < s->morale[b];
	return s->hits[a] % per > s->hits[b] % per;
}

/* Returns the target unit i shoots at: the nearest enemy it may shoot
 * (within 30mm only, when near), or -1. */
static int
fire_target(const struct eng_game *g, int i, int near)
{
	int k, n = 0, cand[ENG_MAX_UNITS], best, nfoe;
	double d2[ENG_MAX_UNITS], r = fire_range(g, i), reach2;
	double stop = prep(g)->stop_dist;
	const double *row;
	const int8_t *foes;

	/* The candidates pass mo_fire_illegal()'s tests of the shooter (the
	 * callers'), of the target and of the range: only the sector and
	 * the line are left. */
	reach2 = r * r + 1e-6;
	if (near && stop * stop + 1e-3 < reach2)
		reach2 = stop * stop + 1e-3;
	row = enemy_dist2_row(g, i);
	foes = cstate(g)->side_unit[1 - g->u[i].side];
	nfoe = cstate(g)->side_count[1 - g->u[i].side];
	for (k = 0; k < nfoe; k++)
		if (row[k] <= reach2 &&
		    (cstate(g)->alive_mask >> foes[k] & 1)) {
			d2[n] = row[k];
			cand[n++] = foes[k];
		}
	/* Nearest first, equally near ones as fire_rather() says; the
	 * first one it may shoot at. */
	while (n > 0) {
		best = 0;
		for (k = 1; k < n; k++)
			if (d2[k] < d2[best] - 1e-9 ||
			    (d2[k] <= d2[best] + 1e-9 &&
			        fire_rather(g, i, cand[k], cand[best])))
				best = k;
		if (mo_partly_in_front(g, i, cand[best]) &&
		    sight_clear(g, i, cand[best]))
			return cand[best];
		cand[best] = cand[n - 1];
		d2[best] = d2[n - 1];
		n--;
	}
	return -1;
}

/* ---- shooting ---- */

/* Returns the hits of n dice with die_mod from unit i (fire or melee
 * dice), after the target's saving throws when i is disorganised
 * (Firing; Clarification 8). */
int
mo_roll_hits(struct eng_game *g, int i, int n, int die_mod)
{
	int k, hits = 0, saved = (g->u[i].flags & MO_UF_DISORDERED) != 0;
	int kept = 0;

	eng_dice_by(&g->dice, ENG_BY_UNIT(i));
	for (k = 0; k < n; k++)
		if (eng_die(&g->dice) + die_mod >= 6)
			hits++;
	/* The saves are the target's: not said here. */
	eng_dice_by(&g->dice, 0);
	if (!saved)
		return hits;
	/* Saving throws: 4-6 (the setting saving_throw) cancels a hit
	 * from a disorganised enemy. */
	for (k = 0; k < hits; k++) {
		ENG_COVER(g, MO_R_SAVE);
		if (!(prep(g)->save_mask >> eng_die(&g->dice) & 1))
			kept++;
	}
	return kept;
}

/* Unit i shoots at j: hits are pending until the step ends, so every
 * unit shoots before any result applies (Clarification 4). */
void
mo_shoot(struct eng_game *g, int i, int j)
{
	const struct rs_unit *t = unit_type(g, i);
	int mod = mo_fire_die_mod(g->ctx->rs, t), hits;

	/* Fire dice at the weapon's "Hits on" face or better. */
	if (t->weapons[0] >= 0) {
		/* A d6 (prepare() sees to it): faces 1-6. */
		unsigned f = g->ctx->rs->weapons[t->weapons[0]].hit_faces.w[0];
		int low = 6;

		while (low > 1 && (f & (1u << (low - 1))))
			low--;
		mod += 6 - low;
	}
	ENG_COVER(g, MO_R_FIRE);
	mo_contest_record(g, 1, i, j, type_cols(g, i)->fire, mod,
	    (g->u[i].flags & MO_UF_DISORDERED) != 0, 0, 0, 0);
	if (!mo_in_front(g, j, i)) {
		ENG_COVER(g, MO_R_FIRE_FLANK);
		g->u[j].c[MO_C_TURN] |= MO_T_FLANK_FIRED;
	}
	hits = mo_roll_hits(g, i, type_cols(g, i)->fire, mod);
	if (mod == 0 && type_cols(g, i)->fire <= 6)
		g->tally[MO_TALLY_FIRE(type_cols(g, i)->fire,
		    (g->u[i].flags & MO_UF_DISORDERED) != 0, hits)]++;
	state(g)->pending_hits[j] = (int16_t)(state(g)->pending_hits[j] +
	    hits);
	state(g)->pending_mask |= (uint64_t)1 << j;
	g->u[i].flags |= ENG_UF_FIRED;
}

/* Firing (near = 0) or pre-melee firing (near = 1): every unit with fire
 * dice that is (not) within 30mm of an enemy shoots at one target. */
void
mo_firing(struct eng_game *g, int near)
{
	const struct mo_state *s = cstate(g);
	uint64_t m = 0;
	double r, d2;
	int i, j;

	/* The units that may shoot, as a mask made without branches:
	 * shooting changes no other unit's state until the step ends. */
	for (i = 0; i < g->nu; i++)
		m |= (uint64_t)((g->u[i].alive != 0) &
		         (s->fire_range[i] >= 0) &
		         !(g->u[i].flags & (MO_UF_ROUTING | ENG_UF_FIRED)))
		    << i;
	for (; m != 0; m &= m - 1) {
		i = __builtin_ctzll(m);
		r = fire_range(g, i) + 1e-3;
		d2 = nearest_enemy_dist2(g, i);
		if ((d2 <= prep(g)->engaged_dist2) != near) {
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
		mo_shoot(g, i, j);
	}
	mo_apply_pending(g);
}
