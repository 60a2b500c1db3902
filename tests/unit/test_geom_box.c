/*
 * The closed-form meeting of two upright bases (geo_box_meet, geom.c)
 * against the general sweep of geom.h
 * (itself checked against an outline reference in test_geom.c): random
 * boxes, moves and distances, and a lattice where moves graze corners,
 * run along sides and start touching.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>

#include "../../src/engine/geom.h"

static uint64_t st = 0x2545f4914f6cdd1du;

static double
rnd(void)
{
	st ^= st << 13;
	st ^= st >> 7;
	st ^= st << 17;
	return (double)(st >> 11) / 9007199254740992.0;
}

/* One case: the mover a point at (px, py) from the centre of a box (W,
 * H), as geom.h sees it: a box of half extents (w1, h1) against one of
 * (W - w1, H - h1). */
static void
one(double px, double py, double dx, double dy, double W, double H, double d)
{
	struct geo_shape a, b;
	double t0, t1, want, got, w1 = W / 3, h1 = H / 2;

	geo_box(&a, px, py, w1, h1);
	geo_box(&b, 0, 0, W - w1, H - h1);
	want = geo_sweep(&a, dx, dy, &b, d, &t0, &t1) ? t0 : INFINITY;
	got = geo_box_meet(px, py, dx, dy, W, H, d);
	if (isinf(want) || isinf(got)) {
		/* A graze the two see on either side of touching. */
		if (isinf(want) != isinf(got)) {
			double t = isinf(want) ? got : t0;
			struct geo_shape m;
			geo_box(&m, px + dx * t, py + dy * t, w1, h1);
			cr_assert_leq(fabs(geo_dist(&m, &b) - d), 1e-9,
			    "(%g, %g) by (%g, %g), box %g x %g, d %g: %g vs %g",
			    px, py, dx, dy, W, H, d, got, want);
		}
		return;
	}
	if (fabs(want - got) * hypot(dx, dy) > 1e-9) {
		/* A move sliding along the edge of the zone: the first
		 * point is ill-conditioned, but both must be on its edge. */
		struct geo_shape m1, m2;
		geo_box(&m1, px + dx * got, py + dy * got, w1, h1);
		geo_box(&m2, px + dx * want, py + dy * want, w1, h1);
		if (fabs(geo_dist(&m1, &b) - d) < 1e-9 &&
		    fabs(geo_dist(&m2, &b) - d) < 1e-9)
			return;
	}
	cr_assert_leq(fabs(want - got) * hypot(dx, dy), 1e-9,
	    "(%g, %g) by (%g, %g), box %g x %g, d %g: %.17g vs %.17g", px, py,
	    dx, dy, W, H, d, got, want);
}

Test(geom_box, bases_meet_as_geom_sweeps_them_random)
{
	int n;

	for (n = 0; n < 20000; n++)
		one(rnd() * 20 - 10, rnd() * 20 - 10, rnd() * 20 - 10,
		    rnd() * 20 - 10, 0.2 + rnd() * 3, 0.2 + rnd() * 3,
		    n % 3 == 0 ? 0 : rnd() * 3);
}

Test(geom_box, bases_meet_as_geom_sweeps_them_lattice)
{
	int px, py, dx, dy, d;

	for (px = -6; px <= 6; px++)
		for (py = -6; py <= 6; py++)
			for (dx = -6; dx <= 6; dx += 2)
				for (dy = -6; dy <= 6; dy += 3)
					for (d = 0; d <= 2; d++)
						one(px * 0.5, py * 0.5, dx, dy,
						    1, 1, d);
}
