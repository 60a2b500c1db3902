/*
 * geom.c: exact plane geometry for moves, areas and sight (geom.h).
 * Everything is a rounded convex polygon; a swept shape against another
 * is a segment against their Minkowski difference, which is the convex
 * hull of the core differences grown by a radius, the union of that
 * hull and a capsule along each of its edges. Each part is convex, so
 * the segment meets each in one interval and the union in the span of
 * those intervals.
 */
#include <math.h>

#include "engine.h"
#include "geom.h"

#define MAXH (GEO_MAX_CORE * GEO_MAX_CORE)

void
geo_box(struct geo_shape *s, double cx, double cy, double hw, double hd)
{
	s->n = 4;
	s->r = 0;
	s->p[0][0] = cx - hw, s->p[0][1] = cy - hd;
	s->p[1][0] = cx + hw, s->p[1][1] = cy - hd;
	s->p[2][0] = cx + hw, s->p[2][1] = cy + hd;
	s->p[3][0] = cx - hw, s->p[3][1] = cy + hd;
}

void
geo_disc(struct geo_shape *s, double cx, double cy, double r)
{
	s->n = 1;
	s->r = r;
	s->p[0][0] = cx, s->p[0][1] = cy;
}

void
geo_band(struct geo_shape *s, double ax, double ay, double bx, double by,
    double r)
{
	s->n = 2;
	s->r = r;
	s->p[0][0] = ax, s->p[0][1] = ay;
	s->p[1][0] = bx, s->p[1][1] = by;
}

static double
cross(const double o[2], const double a[2], const double b[2])
{
	return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/*
 * The convex hull of the n points in p, counter-clockwise, into h;
 * returns its size (1 for coincident points, 2 for collinear ones).
 * Andrew's monotone chain over a handful of points: insertion sort.
 */
static int
hull(double (*p)[2], int n, double (*h)[2])
{
	double t0, t1;
	int i, j, k = 0, lo;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 &&
		     (p[j][0] < p[j - 1][0] ||
		         (p[j][0] == p[j - 1][0] && p[j][1] < p[j - 1][1]));
		     j--) {
			t0 = p[j][0], t1 = p[j][1];
			p[j][0] = p[j - 1][0], p[j][1] = p[j - 1][1];
			p[j - 1][0] = t0, p[j - 1][1] = t1;
		}
	for (i = 0; i < n; i++) {
		while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k][0] = p[i][0], h[k][1] = p[i][1];
		k++;
	}
	for (i = n - 2, lo = k + 1; i >= 0; i--) {
		while (k >= lo && cross(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k][0] = p[i][0], h[k][1] = p[i][1];
		k++;
	}
	k--; /* the first point came round again */
	if (k < 1)
		k = 1;
	/* Coincident points: the chain leaves two equal ones. */
	if (k == 2 && h[0][0] == h[1][0] && h[0][1] == h[1][1])
		k = 1;
	return k;
}

/* The hull of b's core less a's: where a's reference meets b. */
static int
diff_hull(const struct geo_shape *a, const struct geo_shape *b, double (*h)[2])
{
	double p[MAXH][2];
	int i, j, n = 0;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++) {
			p[n][0] = b->p[j][0] - a->p[i][0];
			p[n][1] = b->p[j][1] - a->p[i][1];
			n++;
		}
	return hull(p, n, h);
}

/* Distance from (x, y) to the segment p-q. */
static double
seg_dist(double x, double y, const double p[2], const double q[2])
{
	double dx = q[0] - p[0], dy = q[1] - p[1], l2 = dx * dx + dy * dy, t;

	t = l2 > 0 ? ((x - p[0]) * dx + (y - p[1]) * dy) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(p[0] + t * dx - x, p[1] + t * dy - y);
}

/* Signed distance from (x, y) into the hull h of n points: > 0 inside
 * (to the nearest side), <= 0 outside (minus the distance to it). */
static double
hull_depth(const double (*h)[2], int n, double x, double y)
{
	double in = INFINITY, out = INFINITY, ex, ey, l, c;
	int k, inside = n >= 3;

	if (n == 1)
		return -hypot(x - h[0][0], y - h[0][1]);
	for (k = 0; k < n; k++) {
		const double *p = h[k], *q = h[(k + 1) % n];

		if (n == 2 && k == 1)
			break;
		ex = q[0] - p[0];
		ey = q[1] - p[1];
		l = hypot(ex, ey);
		/* Left of a counter-clockwise edge is inside. */
		c = l > 0 ? (ex * (y - p[1]) - ey * (x - p[0])) / l : 0;
		if (c < 0)
			inside = 0;
		in = eng_fmin(in, c);
		out = eng_fmin(out, seg_dist(x, y, p, q));
	}
	return inside ? in : -out;
}

double
geo_dist(const struct geo_shape *a, const struct geo_shape *b)
{
	double h[MAXH][2], d;
	int n = diff_hull(a, b, h);

	d = -hull_depth((const double(*)[2])h, n, 0, 0);
	d -= a->r + b->r;
	return d > 0 ? d : 0;
}

double
geo_depth(const struct geo_shape *s, double x, double y)
{
	double p[GEO_MAX_CORE][2], h[GEO_MAX_CORE + 1][2];
	int i, n;

	for (i = 0; i < s->n; i++)
		p[i][0] = s->p[i][0], p[i][1] = s->p[i][1];
	n = hull(p, s->n, h);
	return s->r + hull_depth((const double(*)[2])h, n, x, y);
}

/*
 * Clip the line t (vx, vy) to the convex polygon q of m points (either
 * orientation): narrows [*lo, *hi]. Returns 0 when nothing is left.
 */
static int
clip_poly(const double (*q)[2], int m, double vx, double vy, double *lo,
    double *hi)
{
	double area = 0, nx, ny, num, den;
	int k;

	for (k = 0; k < m; k++)
		area += q[k][0] * q[(k + 1) % m][1] -
		    q[(k + 1) % m][0] * q[k][1];
	for (k = 0; k < m; k++) {
		const double *p = q[k], *r = q[(k + 1) % m];

		/* Outward normal of a counter-clockwise edge. */
		nx = r[1] - p[1];
		ny = p[0] - r[0];
		if (area < 0)
			nx = -nx, ny = -ny;
		num = nx * p[0] + ny * p[1];
		den = nx * vx + ny * vy;
		if (den == 0) {
			if (num < 0)
				return 0;
			continue;
		}
		if (den > 0)
			*hi = eng_fmin(*hi, num / den);
		else
			*lo = eng_fmax(*lo, num / den);
		if (*lo > *hi)
			return 0;
	}
	return 1;
}

/* The line t (vx, vy) in the disc of radius r at c: [*lo, *hi], or 0. */
static int
clip_disc(const double c[2], double r, double vx, double vy, double *lo,
    double *hi)
{
	double a = vx * vx + vy * vy, b = vx * c[0] + vy * c[1];
	double e = b * b - a * (c[0] * c[0] + c[1] * c[1] - r * r), s;

	if (e < 0)
		return 0;
	s = sqrt(e);
	*lo = (b - s) / a;
	*hi = (b + s) / a;
	return 1;
}

/* The line t (vx, vy) on the segment p-r (a point when they coincide):
 * [*lo, *hi], or 0. Only a shape with no radius and no area needs it. */
static int
clip_seg(const double p[2], const double r[2], double vx, double vy,
    double *lo, double *hi)
{
	double ex = r[0] - p[0], ey = r[1] - p[1], den, t, u, a, b, vv;

	den = vx * ey - vy * ex;
	if (den != 0) {
		t = (p[0] * ey - p[1] * ex) / den;
		u = (p[0] * vy - p[1] * vx) / den;
		if (u < 0 || u > 1)
			return 0;
		*lo = *hi = t;
		return 1;
	}
	/* Parallel: on the line only when p is. */
	if (p[0] * vy - p[1] * vx != 0)
		return 0;
	vv = vx * vx + vy * vy;
	a = (p[0] * vx + p[1] * vy) / vv;
	b = (r[0] * vx + r[1] * vy) / vv;
	*lo = eng_fmin(a, b);
	*hi = eng_fmax(a, b);
	return 1;
}

int
geo_sweep(const struct geo_shape *a, double dx, double dy,
    const struct geo_shape *b, double d, double *t0, double *t1)
{
	double h[MAXH][2], R = a->r + b->r + d, lo, hi, s0 = INFINITY,
	                   s1 = -INFINITY, q[4][2], ex, ey, l;
	int n = diff_hull(a, b, h), k, m;

	if (R < 0)
		R = 0;
	if (dx == 0 && dy == 0) {
		if (-hull_depth((const double(*)[2])h, n, 0, 0) > R)
			return 0;
		*t0 = 0;
		*t1 = 1;
		return 1;
	}
	if (n >= 3) {
		lo = -INFINITY;
		hi = INFINITY;
		if (clip_poly((const double(*)[2])h, n, dx, dy, &lo, &hi))
			s0 = lo, s1 = hi;
	}
	m = n == 1 ? 0 : n == 2 ? 1 : n;
	for (k = 0; k < n; k++) {
		if (R > 0 && clip_disc(h[k], R, dx, dy, &lo, &hi)) {
			s0 = eng_fmin(s0, lo);
			s1 = eng_fmax(s1, hi);
		}
		if (k >= m)
			continue;
		/* The edge's capsule, less its end discs: a box. */
		const double *p = h[k], *r = h[(k + 1) % n];
		ex = r[0] - p[0];
		ey = r[1] - p[1];
		l = hypot(ex, ey);
		if (l == 0)
			continue;
		ex *= R / l;
		ey *= R / l;
		q[0][0] = p[0] + ey, q[0][1] = p[1] - ex;
		q[1][0] = r[0] + ey, q[1][1] = r[1] - ex;
		q[2][0] = r[0] - ey, q[2][1] = r[1] + ex;
		q[3][0] = p[0] - ey, q[3][1] = p[1] + ex;
		lo = -INFINITY;
		hi = INFINITY;
		if (R > 0 ?
		        clip_poly((const double(*)[2])q, 4, dx, dy, &lo, &hi) :
		        n == 2 && clip_seg(p, r, dx, dy, &lo, &hi)) {
			s0 = eng_fmin(s0, lo);
			s1 = eng_fmax(s1, hi);
		}
	}
	if (n == 1 && R == 0) {
		/* A point against a point: met only where they coincide. */
		lo = -INFINITY;
		hi = INFINITY;
		if (clip_seg(h[0], h[0], dx, dy, &lo, &hi))
			s0 = lo, s1 = hi;
	}
	s0 = eng_fmax(s0, 0);
	s1 = eng_fmin(s1, 1);
	if (s0 > s1)
		return 0;
	*t0 = s0;
	*t1 = s1;
	return 1;
}

/* The height of the ground of s above the line at t of the sight line
 * from (ax, ay, za) to (bx, by, zb); *best keeps the most. */
static void
rise_at(const struct geo_shape *s, double ax, double ay, double za, double bx,
    double by, double zb, double t, double *best)
{
	double g;

	if (!(t >= 0 && t <= 1))
		return;
	g = geo_depth(s, ax + t * (bx - ax), ay + t * (by - ay));
	if (g > 0)
		g -= za + t * (zb - za);
	else
		g = -za - t * (zb - za); /* off the hill: the table */
	if (g > *best)
		*best = g;
}

double
geo_rise(const struct geo_shape *s, double ax, double ay, double za, double bx,
    double by, double zb)
{
	double p[GEO_MAX_CORE][2], h[GEO_MAX_CORE + 1][2], best = -INFINITY;
	double vx = bx - ax, vy = by - ay, vv = vx * vx + vy * vy;
	double sl = zb - za, e[GEO_MAX_CORE][3], wx, wy, B, C, q, t, den;
	int i, j, n, m;

	for (i = 0; i < s->n; i++)
		p[i][0] = s->p[i][0], p[i][1] = s->p[i][1];
	n = hull(p, s->n, h);
	rise_at(s, ax, ay, za, bx, by, zb, 0, &best);
	rise_at(s, ax, ay, za, bx, by, zb, 1, &best);
	if (vv == 0)
		return best;
	/*
	 * The ground is r less the distance to the core outside it, r
	 * plus the distance to the nearest side inside: smooth but at
	 * the sides' lines, the perpendiculars at the corners and where
	 * two sides are equally near; between those, a distance to a
	 * corner (its stationary points below) or to a line (linear, its
	 * highest point at an end).
	 */
	m = n == 1 ? 0 : n == 2 ? 1 : n;
	for (i = 0; i < m; i++) {
		const double *a = h[i], *b = h[(i + 1) % n];
		double ex = b[0] - a[0], ey = b[1] - a[1], l = hypot(ex, ey);

		if (l == 0) {
			e[i][0] = e[i][1] = e[i][2] = 0;
			continue;
		}
		/* Signed distance to the side's line: e[0] + t e[1]. */
		e[i][0] = (ex * (ay - a[1]) - ey * (ax - a[0])) / l;
		e[i][1] = (ex * vy - ey * vx) / l;
		if (e[i][1] != 0)
			rise_at(s, ax, ay, za, bx, by, zb, -e[i][0] / e[i][1],
			    &best);
		den = ex * vx + ey * vy;
		if (den != 0) {
			rise_at(s, ax, ay, za, bx, by, zb,
			    (ex * (a[0] - ax) + ey * (a[1] - ay)) / den,
			    &best);
			rise_at(s, ax, ay, za, bx, by, zb,
			    (ex * (b[0] - ax) + ey * (b[1] - ay)) / den,
			    &best);
		}
		for (j = 0; j < i; j++)
			if (e[i][1] != e[j][1])
				rise_at(s, ax, ay, za, bx, by, zb,
				    (e[j][0] - e[i][0]) / (e[i][1] - e[j][1]),
				    &best);
	}
	/* Near a corner q: r - |w + t v| - (za + t sl) is highest where
	 * the distance's slope (vv t + B) / |w + t v| is -sl. */
	for (i = 0; i < n; i++) {
		wx = ax - h[i][0];
		wy = ay - h[i][1];
		B = vx * wx + vy * wy;
		C = wx * wx + wy * wy;
		if (vv - sl * sl <= 0)
			continue;
		q = B * B - vv * (B * B - sl * sl * C) / (vv - sl * sl);
		if (q < 0)
			continue;
		t = (-B - sqrt(q)) / vv;
		rise_at(s, ax, ay, za, bx, by, zb, t, &best);
		t = (-B + sqrt(q)) / vv;
		rise_at(s, ax, ay, za, bx, by, zb, t, &best);
	}
	return best;
}

/* The first t in [0, 1] at which point p, moved by (dx, dy), lies in
 * the box of half extents (a, b) round the origin, or INFINITY. */
static double
box_entry(double px, double py, double dx, double dy, double a, double b)
{
	double lo = 0, hi = 1, t1, t2, p[2] = { px, py }, d[2] = { dx, dy },
	       h[2] = { a, b };
	int k;

	for (k = 0; k < 2; k++) {
		if (d[k] == 0) {
			if (fabs(p[k]) > h[k])
				return INFINITY;
			continue;
		}
		t1 = (-h[k] - p[k]) / d[k];
		t2 = (h[k] - p[k]) / d[k];
		if (t1 > t2) {
			double x = t1;
			t1 = t2;
			t2 = x;
		}
		lo = eng_fmax(lo, t1);
		hi = eng_fmin(hi, t2);
		if (lo > hi)
			return INFINITY;
	}
	return lo;
}

/* The same for the disc of radius r round the origin. */
static double
disc_entry(double px, double py, double dx, double dy, double r)
{
	double A = dx * dx + dy * dy, B = px * dx + py * dy,
	       C = px * px + py * py - r * r, q, t0, t1;

	if (C <= 0)
		return 0;
	if (A == 0 || (q = B * B - A * C) < 0)
		return INFINITY;
	q = sqrt(q);
	t0 = (-B - q) / A;
	t1 = (-B + q) / A;
	if (t1 < 0 || t0 > 1)
		return INFINITY;
	return eng_fmax(t0, 0);
}

/*
 * Two bases, both upright boxes: the first t in [0, 1] at which a point
 * at (px, py) from the centre of a box of half extents (W, H), moved by
 * (dx, dy), comes within d of the box, or INFINITY. Two bases meet where
 * the centre of one meets their Minkowski difference, such a box (their
 * half extents added) grown by d: two boxes and four corner discs, each
 * met exactly (geo_sweep in closed form for this one case).
 */
double
geo_box_meet(double px, double py, double dx, double dy, double W, double H,
    double d)
{
	double t, c;
	int sx, sy;

	if ((t = box_entry(px, py, dx, dy, W + d, H + d)) == INFINITY ||
	    d <= 0)
		return t; /* no corner discs: the box is all */
	t = eng_fmin(box_entry(px, py, dx, dy, W + d, H),
	    box_entry(px, py, dx, dy, W, H + d));
	for (sx = -1; sx <= 1; sx += 2)
		for (sy = -1; sy <= 1; sy += 2)
			if ((c = disc_entry(px - sx * W, py - sy * H, dx, dy,
			         d)) < t)
				t = c;
	return t;
}
