/* The hex lattice (base/hex.c): the stated convention, and neighbours,
 * distances and centres that describe one and the same lattice. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "../../src/base/base.h"
#include "../../src/engine/engine.h"
#include "../../src/scenario/grid.h"

#define N 12 /* a patch of N x N cells, with a border of N on every side */

/* Flat tops: odd columns half a hex lower (+y); pointy tops: odd rows
 * half a hex further right (+x); y runs down. */
Test(hex, the_stated_convention)
{
	double x0, y0, x1, y1;

	hex_center(HEX_FLAT, 50, 0, 0, 0, 0, &x0, &y0);
	hex_center(HEX_FLAT, 50, 0, 0, 1, 0, &x1, &y1);
	cr_assert_float_eq(y1 - y0, 25, 1e-9);
	cr_assert_float_eq(x1 - x0, 1.5 * hex_radius(50), 1e-9);
	hex_center(HEX_POINTY, 50, 0, 0, 0, 0, &x0, &y0);
	hex_center(HEX_POINTY, 50, 0, 0, 0, 1, &x1, &y1);
	cr_assert_float_eq(x1 - x0, 25, 1e-9);
	cr_assert_float_eq(y1 - y0, 1.5 * hex_radius(50), 1e-9);
	hex_center(HEX_POINTY, 50, 0, 0, 0, 2, &x1, &y1);
	cr_assert_float_eq(x1, x0, 1e-9);
	cr_assert_float_eq(hex_flats(2 * hex_radius(50)), 50, 1e-9);
}

/* Breadth-first steps across edges from (c0, r0) give hex_distance, and
 * every neighbour's centre is one size away. */
static void
check_lattice(enum hex_top top)
{
	static int dist[3 * N][3 * N];
	int q[9 * N * N][2], head, tail, c, r, e, nc, nr;
	int c0 = N + 3, r0 = N + 4;
	double x, y, nx, ny;

	for (c = 0; c < 3 * N; c++)
		for (r = 0; r < 3 * N; r++)
			dist[c][r] = -1;
	dist[c0][r0] = 0;
	q[0][0] = c0;
	q[0][1] = r0;
	for (head = 0, tail = 1; head < tail; head++) {
		c = q[head][0];
		r = q[head][1];
		hex_center(top, 50, 0, 0, c, r, &x, &y);
		for (e = 0; e < 6; e++) {
			hex_neighbour(top, c, r, e, &nc, &nr);
			hex_center(top, 50, 0, 0, nc, nr, &nx, &ny);
			cr_assert_float_eq(hypot(nx - x, ny - y), 50, 1e-9);
			if (nc < 0 || nr < 0 || nc >= 3 * N || nr >= 3 * N ||
			    dist[nc][nr] >= 0)
				continue;
			dist[nc][nr] = dist[c][r] + 1;
			q[tail][0] = nc;
			q[tail][1] = nr;
			tail++;
		}
	}
	/* Far enough from the border that no shortest path leaves it. */
	for (c = N; c < 2 * N; c++)
		for (r = N; r < 2 * N; r++)
			cr_assert_eq(hex_distance(top, c0, r0, c, r),
			    dist[c][r], "%d,%d to %d,%d", c0, r0, c, r);
}

Test(hex, flat_neighbours_and_distances_agree)
{
	check_lattice(HEX_FLAT);
}

Test(hex, pointy_neighbours_and_distances_agree)
{
	check_lattice(HEX_POINTY);
}

/* Every point of a cell, up to its corners, is located in it. */
Test(hex, locate_inverts_center)
{
	enum hex_top top;
	double x, y, xs[6], ys[6];
	int c, r, i, lc, lr;

	for (top = HEX_FLAT; top <= HEX_POINTY; top++)
		for (c = -2; c < 6; c++)
			for (r = -2; r < 6; r++) {
				hex_center(top, 40, 10, 20, c, r, &x, &y);
				hex_locate(top, 40, 10, 20, x, y, &lc, &lr);
				cr_assert(lc == c && lr == r);
				hex_corners(top, 40, x, y, xs, ys);
				for (i = 0; i < 6; i++) {
					hex_locate(top, 40, 10, 20,
					    x + 0.95 * (xs[i] - x),
					    y + 0.95 * (ys[i] - y), &lc, &lr);
					cr_assert(lc == c && lr == r,
					    "corner %d of %d,%d", i, c, r);
				}
			}
}

/*
 * The engine plays on the lattice the map draws (scenario/grid.c): the
 * same columns and rows on the same table, each board cell's centre in
 * the map's cell of that column and row (rows turned: the board counts
 * from Blue's edge, the map down from Red's), and a point of the table
 * in the cell the map has there.
 */
static void
board_is_the_map(enum rs_grid kind, double cell, double w, double h)
{
	struct eng_board *b = calloc(1, sizeof(*b));
	struct grid g;
	const char *why;
	double x, y, bx, by;
	int c, r, gc, gr;

	cr_assert_eq(eng_board_init(b, w, h, kind, cell, &why), 0);
	cr_assert_eq(grid_init(&g, kind, cell, w, h, &why), 0);
	cr_assert_eq(b->cols, g.cols);
	cr_assert_eq(b->rows, g.rows);
	for (r = 0; r < b->rows; r++)
		for (c = 0; c < b->cols; c++) {
			eng_board_point(b, c, r, &x, &y);
			cr_assert_eq(grid_locate(&g, x, h - y, &gc, &gr), 1);
			cr_assert_eq(gc, c);
			cr_assert_eq(gr, b->rows - 1 - r);
			/* A point a third of a hex off the centre. */
			eng_board_cell(b, x + cell / 3, y - cell / 4, &bx,
			    &by);
			cr_assert_eq(grid_locate(&g, x + cell / 3,
			                 h - y + cell / 4, &gc, &gr),
			    1);
			cr_assert_eq((int)bx, gc);
			cr_assert_eq((int)by, b->rows - 1 - gr);
		}
	free(b);
}

Test(hex, the_board_is_the_maps_lattice)
{
	board_is_the_map(RS_GRID_HEX, 76.2, 1828.8, 1219.2);
	board_is_the_map(RS_GRID_HEX, 30, 600, 415);
	board_is_the_map(RS_GRID_HEX_POINTY, 76.2, 1828.8, 1219.2);
	board_is_the_map(RS_GRID_HEX_POINTY, 30, 610, 400);
}
