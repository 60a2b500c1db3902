/*
 * grid.c: square and hex grids laid over a table (see grid.h). Squares
 * are done here; hexes are the lattice of base.h (hex.c), whose y runs
 * down as the table's does, so its rows are the grid's rows as they are.
 */
#include <math.h>

#include "grid.h"

/* The hex orientation of a hex grid kind. */
static enum hex_top
top_of(enum rs_grid kind)
{
	return kind == RS_GRID_HEX ? HEX_FLAT : HEX_POINTY;
}

void
grid_extent(enum rs_grid kind, double cell, int cols, int rows, double *w,
    double *h)
{
	switch (kind) {
	case RS_GRID_SQUARE:
		*w = cols * cell;
		*h = rows * cell;
		break;
	case RS_GRID_HEX:
	case RS_GRID_HEX_POINTY:
		hex_extent(top_of(kind), cell, cols, rows, w, h);
		break;
	case RS_GRID_NONE:
	default:
		*w = *h = 0;
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
	/* Whole cells only; doubles, since a tiny cell may not fit an int. */
	if (kind == RS_GRID_SQUARE) {
		cols = floor(table_w / cell + 1e-9);
		rows = floor(table_h / cell + 1e-9);
	} else
		hex_fit(top_of(kind), cell, table_w, table_h, &cols, &rows);
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
grid_pitch(const struct grid *g, double *dx, double *dy)
{
	if (g->kind == RS_GRID_HEX || g->kind == RS_GRID_HEX_POINTY)
		hex_pitch(top_of(g->kind), g->cell, dx, dy);
	else
		*dx = *dy = g->cell;
}

void
grid_center(const struct grid *g, int c, int r, double *x, double *y)
{
	double s = g->cell;

	if (g->kind == RS_GRID_HEX || g->kind == RS_GRID_HEX_POINTY) {
		hex_center(top_of(g->kind), s, g->ox, g->oy, c, r, x, y);
		return;
	}
	*x = g->ox + (c + 0.5) * s;
	*y = g->oy + (r + 0.5) * s;
}

int
grid_corners(const struct grid *g, int c, int r, double *xs, double *ys)
{
	double cx, cy, h = g->cell / 2;

	grid_center(g, c, r, &cx, &cy);
	if (g->kind == RS_GRID_SQUARE) {
		xs[0] = cx - h, ys[0] = cy - h;
		xs[1] = cx + h, ys[1] = cy - h;
		xs[2] = cx + h, ys[2] = cy + h;
		xs[3] = cx - h, ys[3] = cy + h;
		return 4;
	}
	hex_corners(top_of(g->kind), g->cell, cx, cy, xs, ys);
	return 6;
}

/* Square neighbours per edge {dc, dr}: up, right, down, left (y down). */
static const int sq_nb[4][2] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };

int
grid_neighbour(const struct grid *g, int c, int r, int edge, int *nc, int *nr)
{
	switch (g->kind) {
	case RS_GRID_SQUARE:
		*nc = c + sq_nb[edge & 3][0];
		*nr = r + sq_nb[edge & 3][1];
		break;
	case RS_GRID_HEX:
	case RS_GRID_HEX_POINTY:
		hex_neighbour(top_of(g->kind), c, r, edge, nc, nr);
		break;
	case RS_GRID_NONE:
	default:
		return 0;
	}
	return *nc >= 0 && *nr >= 0 && *nc < g->cols && *nr < g->rows;
}

int
grid_locate(const struct grid *g, double x, double y, int *c, int *r)
{
	int bc, br;

	switch (g->kind) {
	case RS_GRID_SQUARE:
		bc = (int)floor((x - g->ox) / g->cell);
		br = (int)floor((y - g->oy) / g->cell);
		break;
	case RS_GRID_HEX:
	case RS_GRID_HEX_POINTY:
		hex_locate(top_of(g->kind), g->cell, g->ox, g->oy, x, y, &bc,
		    &br);
		break;
	case RS_GRID_NONE:
	default:
		return 0;
	}
	if (bc < 0 || br < 0 || bc >= g->cols || br >= g->rows)
		return 0;
	*c = bc;
	*r = br;
	return 1;
}
