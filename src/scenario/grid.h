/*
 * grid.h: the geometry of a playing grid laid over a table — square
 * cells, or hexes with flat or pointy tops. Pure arithmetic in
 * millimetres (table coordinates: origin at the top-left corner of the
 * table, x to the right, y down); no drawing. Used by the map renderer
 * and by the scenario generator to snap terrain and units to cells.
 *
 * Cells are numbered by column c (0 … cols-1, left to right) and row r
 * (0 … rows-1, top to bottom); index = r * cols + c. Only whole cells
 * are laid out; the grid is centred on the table, so a table that is not
 * a whole number of cells keeps an even border.
 *
 * Hexes are the lattice of base.h (hex.c), laid with its y down like the
 * table's: "odd-q" for flat tops (odd columns are half a hex lower) and
 * "odd-r" for pointy tops (odd rows are half a hex further right).
 */
#ifndef SANDTABLE_GRID_H
#define SANDTABLE_GRID_H

#include "../ruleset/ruleset.h"

/* The most cells a grid may have: beyond this a map is refused. */
#define GRID_MAX_CELLS 250000

struct grid {
	enum rs_grid kind;
	double cell; /* square side, or hex size across the flats */
	double table_w, table_h; /* the table */
	int cols, rows; /* whole cells laid out (0 for RS_GRID_NONE) */
	double ox, oy;  /* table position of the grid's bounding box */
	double w, h;    /* size of the grid's bounding box */
};

/*
 * Lay out a grid of the given kind and cell size over a table. Returns 0,
 * or -1 with a static reason in *why: a size that is zero, negative or
 * not finite, a cell larger than the table, or more than GRID_MAX_CELLS
 * cells. RS_GRID_NONE always succeeds (no cells).
 */
int grid_init(struct grid *, enum rs_grid kind, double cell, double table_w,
    double table_h, const char **why);

/*
 * The bounding box (w, h) of a grid of cols × rows cells of this kind and
 * size, used to size a table from a cell count (the "portable" preset).
 */
void grid_extent(enum rs_grid kind, double cell, int cols, int rows, double *w,
    double *h);

/* Number of cells (cols * rows). */
int grid_ncells(const struct grid *);
/* Distance between neighbouring columns (*dx) and rows (*dy). */
void grid_pitch(const struct grid *, double *dx, double *dy);
/* Centre of cell (c, r) in table coordinates. */
void grid_center(const struct grid *, int c, int r, double *x, double *y);
/*
 * Corners of cell (c, r): 4 for squares, 6 for hexes, in order around
 * the cell. Returns the number of corners written to xs, ys (size >= 6).
 * Edge i runs from corner i to corner i+1 (mod n).
 */
int grid_corners(const struct grid *, int c, int r, double *xs, double *ys);
/*
 * The cell across edge i of cell (c, r) (edge numbering as in
 * grid_corners). Returns 1 and sets *nc, *nr when that cell is on the
 * grid, 0 when the edge is on the grid's border.
 */
int grid_neighbour(const struct grid *, int c, int r, int edge, int *nc,
    int *nr);
/* The cell that holds table point (x, y): 1 and *c, *r; 0 when off grid. */
int grid_locate(const struct grid *, double x, double y, int *c, int *r);

#endif
