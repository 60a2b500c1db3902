/*
 * hex.c: the one hex lattice of sandtable — offset coordinates, centres,
 * corners, the cell at a point, neighbours and distances. The convention
 * (flat tops odd-q, pointy tops odd-r, y down) is stated in base.h; the
 * engine's board, the scenario generator's grid and the map all use it.
 */
#include <math.h>

#include "base.h"

#define SQRT3 1.7320508075688772

double
hex_radius(double s)
{
	return s / SQRT3;
}

double
hex_flats(double corners)
{
	return corners * (SQRT3 / 2);
}

void
hex_pitch(enum hex_top top, double s, double *dx, double *dy)
{
	double R = hex_radius(s);

	*dx = top == HEX_FLAT ? 1.5 * R : s;
	*dy = top == HEX_FLAT ? s : 1.5 * R;
}

void
hex_extent(enum hex_top top, double s, int cols, int rows, double *w,
    double *h)
{
	double R = hex_radius(s);

	if (top == HEX_FLAT) {
		*w = cols > 0 ? 1.5 * R * cols + 0.5 * R : 0;
		*h = rows > 0 ? rows * s + (cols > 1 ? s / 2 : 0) : 0;
	} else {
		*w = cols > 0 ? cols * s + (rows > 1 ? s / 2 : 0) : 0;
		*h = rows > 0 ? 1.5 * R * rows + 0.5 * R : 0;
	}
}

/*
 * The counts are doubles because a tiny cell on a large table may not
 * fit an int; the caller checks them. A single row (column) of pointy
 * (flat) hexes has no half-hex stagger, so when the staggered layout
 * leaves no room the lattice falls back to one line of cells.
 */
void
hex_fit(enum hex_top top, double s, double w, double h, double *cols,
    double *rows)
{
	double R = hex_radius(s), eps = 1e-9;

	if (top == HEX_FLAT) {
		*cols = floor((w - 0.5 * R) / (1.5 * R) + eps);
		*rows = floor((h - (*cols > 1 ? s / 2 : 0)) / s + eps);
		if (*rows < 1 && *cols > 1) {
			*cols = 1;
			*rows = floor(h / s + eps);
		}
	} else {
		*rows = floor((h - 0.5 * R) / (1.5 * R) + eps);
		*cols = floor((w - (*rows > 1 ? s / 2 : 0)) / s + eps);
		if (*cols < 1 && *rows > 1) {
			*rows = 1;
			*cols = floor(w / s + eps);
		}
	}
}

/* The sums are written in one order so that a centre, and the corners
 * around it, come out bit for bit the same wherever they are asked for:
 * shared edges then coincide exactly. */
void
hex_center(enum hex_top top, double s, double ox, double oy, int c, int r,
    double *x, double *y)
{
	double R = hex_radius(s);

	if (top == HEX_FLAT) {
		*x = ox + R + 1.5 * R * c;
		*y = oy + s / 2 + r * s + ((c & 1) ? s / 2 : 0);
	} else {
		*x = ox + s / 2 + c * s + ((r & 1) ? s / 2 : 0);
		*y = oy + R + 1.5 * R * r;
	}
}

void
hex_corners(enum hex_top top, double s, double cx, double cy, double *xs,
    double *ys)
{
	double R = hex_radius(s), h = s / 2;
	double a0 = top == HEX_FLAT ? 0 : M_PI / 6;
	int i;

	for (i = 0; i < 6; i++) {
		xs[i] = cx + R * cos(a0 + i * M_PI / 3);
		ys[i] = cy + R * sin(a0 + i * M_PI / 3);
	}
	/* Exact values on the axes, so that the corner two cells share is
	 * the same number in both. */
	if (top == HEX_FLAT) {
		ys[0] = ys[3] = cy;
		ys[1] = ys[2] = cy + h;
		ys[4] = ys[5] = cy - h;
	} else {
		xs[1] = xs[4] = cx;
		xs[0] = xs[5] = cx + h;
		xs[2] = xs[3] = cx - h;
	}
}

/*
 * The hex that holds a point is the one with the nearest centre: a
 * first guess from the pitch is at most one cell off either way, so the
 * nine cells around it are compared (the first of equals wins).
 */
void
hex_locate(enum hex_top top, double s, double ox, double oy, double x,
    double y, int *c, int *r)
{
	double R = hex_radius(s), best = INFINITY, cx, cy, d;
	int c0, r0, dc, dr;

	if (top == HEX_FLAT) {
		c0 = (int)floor((x - ox - R) / (1.5 * R) + 0.5);
		r0 = (int)floor((y - oy) / s);
	} else {
		c0 = (int)floor((x - ox) / s);
		r0 = (int)floor((y - oy - R) / (1.5 * R) + 0.5);
	}
	*c = *r = 0;
	for (dc = -1; dc <= 1; dc++)
		for (dr = -1; dr <= 1; dr++) {
			hex_center(top, s, ox, oy, c0 + dc, r0 + dr, &cx, &cy);
			d = (cx - x) * (cx - x) + (cy - y) * (cy - y);
			if (d < best) {
				best = d;
				*c = c0 + dc;
				*r = r0 + dr;
			}
		}
}

/* Neighbour offsets {dc, dr} per edge, by the parity of the staggered
 * line (column for flat tops, row for pointy). Flat edges face 30°,
 * 90°, 150° … and pointy edges 60°, 120°, 180° … from +x towards +y. */
static const int flat_nb[2][6][2] = {
	{ { 1, 0 }, { 0, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } },
	{ { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } },
};
static const int pointy_nb[2][6][2] = {
	{ { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, 0 } },
	{ { 1, 1 }, { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 }, { 1, 0 } },
};

void
hex_neighbour(enum hex_top top, int c, int r, int edge, int *nc, int *nr)
{
	const int *d = top == HEX_FLAT ? flat_nb[c & 1][edge % 6] :
	                                 pointy_nb[r & 1][edge % 6];

	*nc = c + d[0];
	*nr = r + d[1];
}
