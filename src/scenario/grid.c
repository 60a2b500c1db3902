/* grid.c: square and hex grid geometry over a table (see grid.h). */
#include <math.h>

#include "grid.h"

#define SQRT3 1.7320508075688772

double
grid_hex_radius(double across_flats)
{
	return across_flats / SQRT3;
}

void
grid_extent(enum rs_grid kind, double cell, int cols, int rows, double *w,
    double *h)
{
	double R = grid_hex_radius(cell);

	switch (kind) {
	case RS_GRID_SQUARE:
		*w = cols * cell;
		*h = rows * cell;
		break;
	case RS_GRID_HEX:
		*w = cols > 0 ? 1.5 * R * cols + 0.5 * R : 0;
		*h = rows > 0 ? rows * cell + (cols > 1 ? cell / 2 : 0) : 0;
		break;
	case RS_GRID_HEX_POINTY:
		*w = cols > 0 ? cols * cell + (rows > 1 ? cell / 2 : 0) : 0;
		*h = rows > 0 ? 1.5 * R * rows + 0.5 * R : 0;
		break;
	default:
		*w = *h = 0;
	}
}

/* How many whole cells fit: columns and rows as doubles (may be huge). */
static void
grid_fit(enum rs_grid kind, double s, double W, double H, double *cols,
    double *rows)
{
	double R = grid_hex_radius(s), eps = 1e-9;

	switch (kind) {
	case RS_GRID_SQUARE:
		*cols = floor(W / s + eps);
		*rows = floor(H / s + eps);
		break;
	case RS_GRID_HEX:
		*cols = floor((W - 0.5 * R) / (1.5 * R) + eps);
		*rows = floor((H - (*cols > 1 ? s / 2 : 0)) / s + eps);
		if (*rows < 1 && *cols > 1) { /* one row: drop to one column */
			*cols = 1;
			*rows = floor(H / s + eps);
		}
		break;
	default: /* pointy */
		*rows = floor((H - 0.5 * R) / (1.5 * R) + eps);
		*cols = floor((W - (*rows > 1 ? s / 2 : 0)) / s + eps);
		if (*cols < 1 && *rows > 1) {
			*rows = 1;
			*cols = floor(W / s + eps);
		}
		break;
	}
}

int
grid_init(struct grid *g, enum rs_grid kind, double cell, double table_w,
    double table_h, const char **why)
{
	double cols, rows;

	g->kind = kind;
	g->cell = cell;
	g->table_w = table_w;
	g->table_h = table_h;
	g->cols = g->rows = 0;
	g->ox = g->oy = 0;
	g->w = table_w;
	g->h = table_h;
	if (!isfinite(table_w) || !isfinite(table_h) || table_w <= 0 ||
	    table_h <= 0) {
		*why = "the table size must be greater than zero";
		return -1;
	}
	if (kind == RS_GRID_NONE)
		return 0;
	if (!isfinite(cell) || cell <= 0) {
		*why = "the cell size must be greater than zero";
		return -1;
	}
	grid_fit(kind, cell, table_w, table_h, &cols, &rows);
	if (cols < 1 || rows < 1) {
		*why = "the cell is larger than the table";
		return -1;
	}
	if (cols * rows > GRID_MAX_CELLS) {
		*why = "the grid has too many cells (the limit is 250000)";
		return -1;
	}
	g->cols = (int)cols;
	g->rows = (int)rows;
	grid_extent(kind, cell, g->cols, g->rows, &g->w, &g->h);
	g->ox = (table_w - g->w) / 2;
	g->oy = (table_h - g->h) / 2;
	return 0;
}

int
grid_ncells(const struct grid *g)
{
	return g->cols * g->rows;
}

void
grid_center(const struct grid *g, int c, int r, double *x, double *y)
{
	double s = g->cell, R = grid_hex_radius(s);

	switch (g->kind) {
	case RS_GRID_HEX:
		*x = g->ox + R + 1.5 * R * c;
		*y = g->oy + s / 2 + r * s + ((c & 1) ? s / 2 : 0);
		break;
	case RS_GRID_HEX_POINTY:
		*x = g->ox + s / 2 + c * s + ((r & 1) ? s / 2 : 0);
		*y = g->oy + R + 1.5 * R * r;
		break;
	default:
		*x = g->ox + (c + 0.5) * s;
		*y = g->oy + (r + 0.5) * s;
	}
}

int
grid_corners(const struct grid *g, int c, int r, double *xs, double *ys)
{
	double cx, cy, R = grid_hex_radius(g->cell), h = g->cell / 2, a0;
	int i;

	grid_center(g, c, r, &cx, &cy);
	if (g->kind == RS_GRID_SQUARE) {
		xs[0] = cx - h, ys[0] = cy - h;
		xs[1] = cx + h, ys[1] = cy - h;
		xs[2] = cx + h, ys[2] = cy + h;
		xs[3] = cx - h, ys[3] = cy + h;
		return 4;
	}
	/* Flat tops: corners at 0°, 60° …; pointy: 30°, 90° … (y down). */
	a0 = g->kind == RS_GRID_HEX ? 0 : M_PI / 6;
	for (i = 0; i < 6; i++) {
		xs[i] = cx + R * cos(a0 + i * M_PI / 3);
		ys[i] = cy + R * sin(a0 + i * M_PI / 3);
	}
	/* Exact values on the axes keep shared edges identical. */
	if (g->kind == RS_GRID_HEX) {
		ys[0] = ys[3] = cy;
		ys[1] = ys[2] = cy + h;
		ys[4] = ys[5] = cy - h;
	} else {
		xs[1] = xs[4] = cx;
		xs[0] = xs[5] = cx + h;
		xs[2] = xs[3] = cx - h;
	}
	return 6;
}

/* Neighbour offsets per edge: [parity][edge] = {dc, dr}. */
static const int sq_nb[4][2] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };
/* Flat tops, odd-q; edges face 30°, 90°, 150°, 210°, 270°, 330°. */
static const int flat_nb[2][6][2] = {
	{ { 1, 0 }, { 0, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } },
	{ { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } },
};
/* Pointy tops, odd-r; edges face 60°, 120°, 180°, 240°, 300°, 0°. */
static const int pointy_nb[2][6][2] = {
	{ { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, 0 } },
	{ { 1, 1 }, { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 }, { 1, 0 } },
};

int
grid_neighbour(const struct grid *g, int c, int r, int edge, int *nc, int *nr)
{
	const int *d;

	switch (g->kind) {
	case RS_GRID_SQUARE:
		d = sq_nb[edge & 3];
		break;
	case RS_GRID_HEX:
		d = flat_nb[c & 1][edge % 6];
		break;
	case RS_GRID_HEX_POINTY:
		d = pointy_nb[r & 1][edge % 6];
		break;
	default:
		return 0;
	}
	*nc = c + d[0];
	*nr = r + d[1];
	return *nc >= 0 && *nr >= 0 && *nc < g->cols && *nr < g->rows;
}

/* Centre of (c, r) without bounds: the infinite lattice. */
static double
dist2_to_center(const struct grid *g, int c, int r, double x, double y)
{
	double cx, cy;

	grid_center(g, c, r, &cx, &cy);
	return (cx - x) * (cx - x) + (cy - y) * (cy - y);
}

int
grid_locate(const struct grid *g, double x, double y, int *c, int *r)
{
	double R = grid_hex_radius(g->cell), best = INFINITY, d;
	int c0, r0, dc, dr, bc = 0, br = 0;

	switch (g->kind) {
	case RS_GRID_SQUARE:
		bc = (int)floor((x - g->ox) / g->cell);
		br = (int)floor((y - g->oy) / g->cell);
		break;
	case RS_GRID_HEX:
	case RS_GRID_HEX_POINTY:
		if (g->kind == RS_GRID_HEX) {
			c0 = (int)floor((x - g->ox - R) / (1.5 * R) + 0.5);
			r0 = (int)floor((y - g->oy) / g->cell);
		} else {
			c0 = (int)floor((x - g->ox) / g->cell);
			r0 = (int)floor((y - g->oy - R) / (1.5 * R) + 0.5);
		}
		/* The hex holding a point is the one with the nearest centre. */
		for (dc = -1; dc <= 1; dc++)
			for (dr = -1; dr <= 1; dr++) {
				d = dist2_to_center(g, c0 + dc, r0 + dr, x, y);
				if (d < best) {
					best = d;
					bc = c0 + dc;
					br = r0 + dr;
				}
			}
		break;
	default:
		return 0;
	}
	if (bc < 0 || br < 0 || bc >= g->cols || br >= g->rows)
		return 0;
	*c = bc;
	*r = br;
	return 1;
}
