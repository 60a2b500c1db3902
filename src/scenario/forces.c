/*
 * forces.c: orders of battle — forces picked to a points total from unit
 * values, and the small operations the balance search uses to adjust
 * them. Pure functions of their arguments (a seeded draw, no globals).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scenario.h"

/* Returns the number of units in the force. */
int
sc_force_units(const struct sc_force *f)
{
	size_t i;
	int n = 0;

	for (i = 0; i < f->n; i++)
		n += f->v[i].count;
	return n;
}

int
sc_default_force(const struct ruleset *rs, struct sc_force *f, struct diags *d)
{
	size_t i;
	int n = 0;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < rs->nforces; i++)
		if (rs->forces[i].unit >= 0 && rs->forces[i].count > 0) {
			sc_force_add(f, rs->forces[i].unit,
			    rs->forces[i].count);
			n += rs->forces[i].count;
		}
	if (n > SC_MAX_SIDE) {
		diag_msg(d, rs->forces[0].pos,
		    MSG(BATTLE_FORCES_FIELD_UNITS_SCENARIO), n, SC_MAX_SIDE);
		sc_force_free(f);
		return -1;
	}
	for (i = 0; n == 0 && i < rs->nunits && i < SC_MAX_SIDE; i++)
		sc_force_add(f, (int)i, 1);
	return 0;
}

/* Adds n units of type, keeping the lines sorted by type. */
void
sc_force_add(struct sc_force *f, int type, int n)
{
	struct sc_entry e = { type, n };
	size_t i, j;

	for (i = 0; i < f->n; i++)
		if (f->v[i].type == type) {
			f->v[i].count += n;
			return;
		}
	XPUSH(f->v, f->n, f->cap, e);
	/* Keep the lines in the ruleset's order: one sort step. */
	for (j = f->n - 1; j > 0 && f->v[j - 1].type > f->v[j].type; j--) {
		e = f->v[j];
		f->v[j] = f->v[j - 1];
		f->v[j - 1] = e;
	}
}

/* Returns 0 when a unit of type was removed, -1 when there is none. */
int
sc_force_remove(struct sc_force *f, int type)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].type == type) {
			if (--f->v[i].count == 0) {
				memmove(&f->v[i], &f->v[i + 1],
				    (f->n - i - 1) * sizeof(f->v[0]));
				f->n--;
			}
			return 0;
		}
	return -1;
}

void
sc_force_free(struct sc_force *f)
{
	free(f->v);
	memset(f, 0, sizeof(*f));
}

int
sc_own_values(const struct ruleset *rs, struct sc_values *v)
{
	int col = rs_points_col(rs);
	const char *cell;
	char *end;
	size_t i;
	long x;

	if (col < 0)
		return -1;
	if (v == NULL)
		return (int)col;
	free(v->v);
	v->n = rs->nunits;
	v->v = xcalloc(rs->nunits ? rs->nunits : 1, sizeof(int));
	v->games = 0;
	v->own = 1;
	for (i = 0; i < rs->nunits; i++) {
		cell = rs->units[i].own[col];
		if (cell == NULL)
			continue;
		x = strtol(cell, &end, 10);
		/* "30", "30 pts": a whole number first; anything else is not
		 * for sale. */
		if (end != cell && x > 0 && x <= 100000)
			v->v[i] = (int)x;
	}
	return (int)col;
}

/* Returns the smallest positive value, or 0 when no type is fielded. */
int
sc_cheapest(const int *value, size_t n)
{
	size_t i;
	int c = 0;

	for (i = 0; i < n; i++)
		if (value[i] > 0 && (c == 0 || value[i] < c))
			c = value[i];
	return c;
}

/* Count of type in the force. */
static int
count_of(const struct sc_force *f, int type)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].type == type)
			return f->v[i].count;
	return 0;
}

/*
 * Returns the points spent. The draw: each step picks among the types
 * that still fit, weighting a type by 6 / (1 + twice its count so far),
 * so a force has a few of each rather than many of one; after the draw
 * (stopped at random once two thirds are spent) the rest is filled with
 * the dearest unit that fits, so the total comes close to `points`.
 */
int
sc_pick_force(const int *value, size_t n, int points, uint64_t seed,
    int maxunits, struct sc_force *f)
{
	struct tr_rng g;
	int spent = 0, units = 0, cheap = sc_cheapest(value, n), best;
	uint32_t w[RS_MAX_UNITS], total, r;
	size_t i;

	memset(f, 0, sizeof(*f));
	if (cheap == 0 || points < cheap || n > RS_MAX_UNITS)
		return -1;
	tr_rng_seed(&g, seed ^ 0x5c3a7f0e9d1b2468ULL);
	for (;;) {
		if (units >= maxunits)
			break;
		if (spent * 3 >= points * 2 && tr_rng_d6(&g) >= 5)
			break;
		total = 0;
		for (i = 0; i < n; i++) {
			w[i] = 0;
			if (value[i] > 0 && spent + value[i] <= points)
				w[i] = 12 / (1 + 2 * count_of(f, (int)i));
			if (value[i] > 0 && spent + value[i] <= points &&
			    w[i] == 0)
				w[i] = 1;
			total += w[i];
		}
		if (total == 0)
			break;
		r = tr_rng_below(&g, total);
		for (i = 0; r >= w[i]; i++)
			r -= w[i];
		sc_force_add(f, (int)i, 1);
		spent += value[i];
		units++;
	}
	/* Fill up with the dearest unit that still fits. */
	while (units < maxunits) {
		best = -1;
		for (i = 0; i < n; i++)
			if (value[i] > 0 && spent + value[i] <= points &&
			    (best < 0 || value[i] > value[best]))
				best = (int)i;
		if (best < 0)
			break;
		sc_force_add(f, best, 1);
		spent += value[best];
		units++;
	}
	f->points = spent;
	return spent;
}

void
sc_values_free(struct sc_values *v)
{
	free(v->v);
	memset(v, 0, sizeof(*v));
}
