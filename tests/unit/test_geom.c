/*
 * Exact geometry (engine/geom.c) against a reference that shares none of
 * its method: the distance between two shapes from their outlines (every
 * pair of core edges, and a corner inside the other core), and a move's
 * meeting interval from that distance, which is convex along a move:
 * its least by ternary search, then each end by bisection to 1e-13 of
 * the move. Random shapes, and shapes on a coarse lattice, where moves
 * graze corners and run along sides.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../src/engine/geom.h"

/* A reference shape: its core as built (boxes in order round), radius. */
struct ref {
	int n;
	double p[4][2], r;
};

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double
rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A coordinate: anywhere in a 100 mm square, or on its 10 mm lattice. */
static double
coord(int lattice)
{
	return lattice ? floor(rnd() * 11) * 10 : rnd() * 100;
}

static void
random_shape(struct geo_shape *s, int lattice, int point_ok)
{
	double x = coord(lattice), y = coord(lattice);
	int kind = (int)(rnd() * (point_ok ? 4 : 3));

	switch (kind) {
	case 0:
		geo_box(s, x, y,
		    lattice ? 5 + floor(rnd() * 3) * 5 : 1 + rnd() * 20,
		    lattice ? 5 + floor(rnd() * 3) * 5 : 1 + rnd() * 20);
		break;
	case 1:
		geo_disc(s, x, y, lattice ? 10 : 1 + rnd() * 20);
		break;
	case 2:
		geo_band(s, x, y, coord(lattice), coord(lattice),
		    lattice ? 5 : 0.5 + rnd() * 8);
		break;
	default:
		geo_disc(s, x, y, 0);
		break;
	}
}

static double seg_seg(const double *a, const double *b, const double *c,
    const double *d);

static double
pt_seg(const double *p, const double *a, const double *b)
{
	double dx = b[0] - a[0], dy = b[1] - a[1], l = dx * dx + dy * dy, t;

	t = l > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}

static double
orient(const double *a, const double *b, const double *c)
{
	return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

static double
seg_seg(const double *a, const double *b, const double *c, const double *d)
{
	double o1 = orient(a, b, c), o2 = orient(a, b, d);
	double o3 = orient(c, d, a), o4 = orient(c, d, b);

	if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) &&
	    ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
		return 0;
	return fmin(fmin(pt_seg(a, c, d), pt_seg(b, c, d)),
	    fmin(pt_seg(c, a, b), pt_seg(d, a, b)));
}

/* Whether p lies inside the 4-point core c (built in order round). */
static int
in_box(const double *p, const struct geo_shape *c)
{
	int k, pos = 0, neg = 0;

	if (c->n != 4)
		return 0;
	for (k = 0; k < 4; k++) {
		double o = orient(c->p[k], c->p[(k + 1) % 4], p);

		pos |= o > 0;
		neg |= o < 0;
	}
	return !(pos && neg);
}

/* Reference distance between a moved by (mx, my) and b. */
static double
ref_dist(const struct geo_shape *a, double mx, double my,
    const struct geo_shape *b)
{
	double pa[4][2], best = INFINITY, d;
	int i, j, na = a->n, nb = b->n;

	for (i = 0; i < na; i++)
		pa[i][0] = a->p[i][0] + mx, pa[i][1] = a->p[i][1] + my;
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++) {
			const double *a0 = pa[i], *a1 = pa[(i + 1) % na];
			const double *b0 = b->p[j], *b1 = b->p[(j + 1) % nb];

			d = seg_seg(a0, a1, b0, b1);
			best = fmin(best, d);
		}
	{
		struct geo_shape m = *a;

		for (i = 0; i < na; i++)
			m.p[i][0] = pa[i][0], m.p[i][1] = pa[i][1];
		for (i = 0; i < na; i++)
			if (in_box(pa[i], b))
				best = 0;
		for (j = 0; j < nb; j++)
			if (in_box(b->p[j], &m))
				best = 0;
	}
	d = best - a->r - b->r;
	return d > 0 ? d : 0;
}

/* Reference meeting interval: returns 0 when none (or only a graze
 * within 1e-9 of d, which either answer may count: *graze set). */
static int
ref_sweep(const struct geo_shape *a, double dx, double dy,
    const struct geo_shape *b, double d, double *t0, double *t1, int *graze)
{
	double lo = 0, hi = 1, m1, m2, tm, x, y;
	int k;

	for (k = 0; k < 200; k++) {
		m1 = lo + (hi - lo) / 3;
		m2 = hi - (hi - lo) / 3;
		if (ref_dist(a, m1 * dx, m1 * dy, b) <
		    ref_dist(a, m2 * dx, m2 * dy, b))
			hi = m2;
		else
			lo = m1;
	}
	tm = (lo + hi) / 2;
	*graze = fabs(ref_dist(a, tm * dx, tm * dy, b) - d) < 1e-7;
	if (ref_dist(a, tm * dx, tm * dy, b) > d)
		return 0;
	for (x = 0, y = tm, k = 0; k < 200 && ref_dist(a, 0, 0, b) > d; k++) {
		double m = (x + y) / 2;

		if (ref_dist(a, m * dx, m * dy, b) > d)
			x = m;
		else
			y = m;
	}
	*t0 = ref_dist(a, 0, 0, b) > d ? y : 0;
	for (x = tm, y = 1, k = 0; k < 200 && ref_dist(a, dx, dy, b) > d;
	     k++) {
		double m = (x + y) / 2;

		if (ref_dist(a, m * dx, m * dy, b) > d)
			y = m;
		else
			x = m;
	}
	*t1 = ref_dist(a, dx, dy, b) > d ? x : 1;
	return 1;
}

static void
sweep_cases(int lattice, int cases)
{
	struct geo_shape a, b;
	double dx, dy, d, t0, t1, r0, r1;
	int c, got, want, graze, met = 0;

	for (c = 0; c < cases; c++) {
		random_shape(&a, lattice, 1);
		random_shape(&b, lattice, 1);
		dx = coord(lattice) - 50;
		dy = coord(lattice) - 50;
		d = lattice ? floor(rnd() * 3) * 5 :
		              (rnd() < 0.3 ? 0 : rnd() * 10);
		got = geo_sweep(&a, dx, dy, &b, d, &t0, &t1);
		want = ref_sweep(&a, dx, dy, &b, d, &r0, &r1, &graze);
		if (graze)
			continue;
		cr_assert_eq(got, want,
		    "case %d: met %d, reference %d (a n%d r%g, b n%d r%g, "
		    "move %g,%g, d %g)",
		    c, got, want, a.n, a.r, b.n, b.r, dx, dy, d);
		if (!got)
			continue;
		met++;
		cr_assert(fabs(t0 - r0) < 1e-6 && fabs(t1 - r1) < 1e-6,
		    "case %d: [%.9f, %.9f], reference [%.9f, %.9f]", c, t0, t1,
		    r0, r1);
		/* And the distance at the ends is d (or the move's end). */
		cr_assert(t0 == 0 ||
		    fabs(ref_dist(&a, t0 * dx, t0 * dy, &b) - d) < 1e-6);
	}
	cr_assert(met > cases / 10, "only %d of %d moves met", met, cases);
}

Test(geom, sweep_random_shapes)
{
	sweep_cases(0, 4000);
}

Test(geom, sweep_lattice_shapes_graze_and_slide)
{
	sweep_cases(1, 4000);
}

Test(geom, distance_matches_reference)
{
	struct geo_shape a, b;
	int c;

	for (c = 0; c < 4000; c++) {
		random_shape(&a, c & 1, 1);
		random_shape(&b, c & 1, 1);
		cr_assert_float_eq(geo_dist(&a, &b), ref_dist(&a, 0, 0, &b),
		    1e-9, "case %d", c);
	}
}

/* The cases a step size missed: a path 1.99 from a corner within 2, a
 * corner clipped by 0.1 mm, a path through contact and out again. */
Test(geom, the_corner_cases_a_step_missed)
{
	struct geo_shape a, b;
	double t0, t1;

	/* A 10 mm box moving past another's corner, 1.99 mm off. */
	geo_box(&a, 0, 0, 5, 5);
	geo_box(&b, 50, 11.99, 5, 5);
	cr_assert(geo_sweep(&a, 100, 0, &b, 2, &t0, &t1));
	cr_assert(!geo_sweep(&a, 100, 0, &b, 1.98, &t0, &t1));
	/* A corner clipped by 0.1 mm: the boxes overlap. */
	geo_box(&b, 50, 9.9, 5, 5);
	cr_assert(geo_sweep(&a, 100, 0, &b, 0, &t0, &t1));
	cr_assert_float_eq(t0, 0.4, 1e-12);
	cr_assert_float_eq(t1, 0.6, 1e-12);
	/* A diagonal move past a corner. */
	geo_box(&b, 20, 0, 5, 5);
	cr_assert(!geo_sweep(&a, 0, 100, &b, 9.99, &t0, &t1));
	cr_assert(geo_sweep(&a, 0, 100, &b, 10, &t0, &t1));
}

/* Depth and a hill's rise: a box's, disc's and band's, against the
 * formulas and a ternary search of the concave ground over the line. */
Test(geom, depth_and_rise)
{
	struct geo_shape s;
	int c, k;

	geo_box(&s, 10, 10, 5, 3);
	cr_assert_float_eq(geo_depth(&s, 10, 10), 3, 1e-12);
	cr_assert_float_eq(geo_depth(&s, 14, 10), 1, 1e-12);
	cr_assert_float_eq(geo_depth(&s, 18, 10), -3, 1e-12);
	geo_disc(&s, 0, 0, 10);
	cr_assert_float_eq(geo_depth(&s, 6, 0), 4, 1e-12);
	geo_band(&s, 0, 0, 10, 0, 2);
	cr_assert_float_eq(geo_depth(&s, 5, 1), 1, 1e-12);
	cr_assert_float_eq(geo_depth(&s, 13, 0), -1, 1e-12);
	for (c = 0; c < 3000; c++) {
		double ax = coord(c & 1), ay = coord(c & 1), bx = coord(0),
		       by = coord(0), za = rnd() * 20, zb = rnd() * 20;
		double lo = 0, hi = 1, m1, m2, got, want;

		random_shape(&s, c & 1, 0);
#define G(t)                                                                  \
	(geo_depth(&s, ax + (t) * (bx - ax), ay + (t) * (by - ay)) -          \
	    (za + (t) * (zb - za)))
		for (k = 0; k < 200; k++) {
			m1 = lo + (hi - lo) / 3;
			m2 = hi - (hi - lo) / 3;
			if (G(m1) < G(m2))
				lo = m1;
			else
				hi = m2;
		}
		want = fmax(G((lo + hi) / 2), fmax(-za, -zb));
		got = geo_rise(&s, ax, ay, za, bx, by, zb);
		cr_assert_float_eq(got, want, 1e-7,
		    "case %d: %g, reference %g", c, got, want);
#undef G
	}
}
