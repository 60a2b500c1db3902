/*
 * board.c: the table or grid, its terrain, distances and sight.
 * Positions are board units: millimetres on a free table, cells on a
 * grid (engine.h).
 */
#include <math.h>
#include <string.h>

#include "engine.h"
#include "geom.h"

#define EPS 1e-9

/* The lattice of a hex grid kind. */
static enum hex_top
hex_top_of(enum rs_grid g)
{
	return g == RS_GRID_HEX_POINTY ? HEX_POINTY : HEX_FLAT;
}

/*
 * Hex boards and the map's lattice. The board counts its rows up the
 * table from Blue's edge (engine.h); the lattice of hex.c counts them
 * down the page from Red's: board row r is lattice row rows - 1 - r.
 * These two are the one place where the two meet.
 */
static int
lattice_row(const struct eng_board *b, int r)
{
	return b->rows - 1 - r;
}

void
eng_board_cell(const struct eng_board *b, double x, double y, double *bx,
    double *by)
{
	int c, r;

	switch (b->grid) {
	case RS_GRID_NONE:
		*bx = x;
		*by = y;
		break;
	case RS_GRID_SQUARE:
		*bx = floor(x / b->cell_mm + 1e-9);
		*by = floor(y / b->cell_mm + 1e-9);
		break;
	case RS_GRID_HEX:
	case RS_GRID_HEX_POINTY:
		hex_locate(hex_top_of(b->grid), b->cell_mm, b->ox, b->oy, x,
		    b->table_h - y, &c, &r);
		*bx = c;
		*by = lattice_row(b, r);
		break;
	}
}

void
eng_board_point(const struct eng_board *b, double bx, double by, double *x,
    double *y)
{
	double px, py;

	switch (b->grid) {
	case RS_GRID_NONE:
		*x = bx;
		*y = by;
		break;
	case RS_GRID_SQUARE:
		*x = (bx + 0.5) * b->cell_mm;
		*y = (by + 0.5) * b->cell_mm;
		break;
	case RS_GRID_HEX:
	case RS_GRID_HEX_POINTY:
		hex_center(hex_top_of(b->grid), b->cell_mm, b->ox, b->oy,
		    (int)lround(bx), lattice_row(b, (int)lround(by)), &px,
		    &py);
		*x = px;
		*y = b->table_h - py;
		break;
	}
}

/*
 * Where the pieces are measured at a point of the board: pieces on a
 * grid are given in cells with centres at integers (mm / cell - 0.5),
 * and a hex's centre lies where the lattice has it, not at its indices.
 */
static void
piece_xy(const struct eng_board *b, double x, double y, double *px, double *py)
{
	if (b->grid != RS_GRID_HEX && b->grid != RS_GRID_HEX_POINTY) {
		*px = x;
		*py = y;
		return;
	}
	eng_board_point(b, x, y, px, py);
	*px = *px / b->cell_mm - 0.5;
	*py = *py / b->cell_mm - 0.5;
}

int
eng_board_init(struct eng_board *b, double w_mm, double h_mm,
    enum rs_grid grid, double cell_mm, const char **why)
{
	double cols, rows, lw, lh;

	memset(b, 0, sizeof(*b));
	b->grid = grid;
	if (w_mm <= 0 || h_mm <= 0) {
		*why = "the table has no size";
		return -1;
	}
	b->table_w = w_mm;
	b->table_h = h_mm;
	b->ox = b->oy = 0;
	if (grid == RS_GRID_NONE) {
		b->cell_mm = 1;
		b->w = w_mm;
		b->h = h_mm;
		return 0;
	}
	if (!(cell_mm > 0)) {
		*why = "the grid has no cell size";
		return -1;
	}
	b->cell_mm = cell_mm;
	if (grid == RS_GRID_SQUARE) {
		cols = floor(w_mm / cell_mm + 1e-6);
		rows = floor(h_mm / cell_mm + 1e-6);
	} else
		hex_fit(hex_top_of(grid), cell_mm, w_mm, h_mm, &cols, &rows);
	if (cols < 1 || rows < 1) {
		*why = "the table is smaller than one cell";
		return -1;
	}
	if (cols * rows > ENG_MAX_CELLS) {
		*why = "the grid has more than 16384 cells";
		return -1;
	}
	b->cols = (int)cols;
	b->rows = (int)rows;
	if (grid != RS_GRID_SQUARE) {
		/* The map's lattice: whole hexes, centred on the table. */
		hex_extent(hex_top_of(grid), cell_mm, b->cols, b->rows, &lw,
		    &lh);
		b->ox = (w_mm - lw) / 2;
		b->oy = (h_mm - lh) / 2;
	}
	b->w = b->cols;
	b->h = b->rows;
	return 0;
}

/* Distance from (px, py) to the segment (ax, ay)-(bx, by). */
static double
seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
	double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy, t;

	t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	dx = ax + t * dx - px;
	dy = ay + t * dy - py;
	return sqrt(dx * dx + dy * dy);
}

/* Returns how far inside the piece (x, y) lies: > 0 inside, <= 0 out. */
static double
piece_depth(const struct eng_terrain *t, double x, double y)
{
	double dx, dy, a, b;

	switch (t->shape) {
	case ENG_SHAPE_CIRCLE:
		dx = x - t->x;
		dy = y - t->y;
		return t->r - sqrt(dx * dx + dy * dy) + EPS;
	case ENG_SHAPE_RECT:
		a = eng_fmin(x - t->x, t->x + t->w - x);
		b = eng_fmin(y - t->y, t->y + t->h - y);
		return eng_fmin(a, b) + EPS;
	case ENG_SHAPE_BAND:
		return t->r - seg_dist(x, y, t->x, t->y, t->x2, t->y2) + EPS;
	}
	return 0;
}

/* Where a grid cell's centre lies in the pieces' coordinates: pieces on
 * a grid are given in cells with centres at integers. */
int
eng_board_add(struct eng_board *b, const struct eng_terrain *t)
{
	double px, py;
	int c, r;

	if (b->nt >= ENG_MAX_TERRAIN)
		return -1;
	b->t[b->nt] = *t;
	if (b->grid != RS_GRID_NONE)
		for (r = 0; r < b->rows; r++)
			for (c = 0; c < b->cols; c++) {
				piece_xy(b, c, r, &px, &py);
				if (piece_depth(t, px, py) <= 0)
					continue;
				b->cell_kinds[r * b->cols + c] |= 1u
				    << t->kind;
				if (t->kind == RS_TERRAIN_HILL ||
				    t->kind == RS_TERRAIN_WOOD)
					b->cell_piece[r * b->cols + c] =
					    (uint8_t)(b->nt + 1);
			}
	b->nt++;
	return 0;
}

int
eng_cell(const struct eng_board *b, double x, double y)
{
	int c, r;

	if (x < -0.5 || y < -0.5)
		return -1;
	c = (int)(x + 0.5);
	r = (int)(y + 0.5);
	if (b->grid == RS_GRID_NONE || c >= b->cols || r >= b->rows)
		return -1;
	return r * b->cols + c;
}

unsigned
eng_board_kinds_at(const struct eng_board *b, double x, double y)
{
	unsigned m = 0;
	int i;

	if (b->grid != RS_GRID_NONE) {
		i = eng_cell(b, x, y);
		return i < 0 ? 0 : b->cell_kinds[i];
	}
	for (i = 0; i < b->nt; i++)
		if (piece_depth(&b->t[i], x, y) > 0)
			m |= 1u << b->t[i].kind;
	return m;
}

double
eng_board_height(const struct eng_board *b, double x, double y, int *hill)
{
	double best = 0, d;
	int i;

	*hill = -1;
	piece_xy(b, x, y, &x, &y);
	for (i = 0; i < b->nt; i++) {
		if (b->t[i].kind != RS_TERRAIN_HILL)
			continue;
		d = piece_depth(&b->t[i], x, y);
		if (d > 0 && d > best) {
			best = d;
			*hill = i;
		}
	}
	return best;
}

int
eng_board_piece_at(const struct eng_board *b, double x, double y,
    unsigned kindmask)
{
	int i;

	if (b->grid != RS_GRID_NONE) {
		i = eng_cell(b, x, y);
		if (i < 0 || b->cell_piece[i] == 0)
			return 0;
		return (kindmask >> b->t[b->cell_piece[i] - 1].kind) & 1 ?
		    b->cell_piece[i] :
		    0;
	}
	for (i = 0; i < b->nt; i++)
		if ((kindmask >> b->t[i].kind) & 1 &&
		    piece_depth(&b->t[i], x, y) > 0)
			return i + 1;
	return 0;
}

double
eng_board_len(const struct eng_board *b, double mm, int *whole)
{
	double c, f;

	*whole = 1;
	if (b->grid == RS_GRID_NONE)
		return mm;
	c = mm / b->cell_mm;
	f = floor(c + 1e-6);
	if (fabs(c - f) > 1e-6)
		*whole = 0;
	return f;
}

/* Cells between two hexes of the board, counted on the map's lattice;
 * positions round to cells. */
static int
hex_cells(const struct eng_board *b, double x1, double y1, double x2,
    double y2)
{
	return hex_distance(hex_top_of(b->grid), (int)lround(x1),
	    lattice_row(b, (int)lround(y1)), (int)lround(x2),
	    lattice_row(b, (int)lround(y2)));
}

double
eng_dist2_at(const struct eng_game *g, double x, double y, double hw,
    double hd, const struct eng_unit *v)
{
	const struct eng_board *b = g->board;
	const struct eng_kind *k = &g->ctx->kinds[v->type];
	double dx, dy;
	int d;

	if (b->grid == RS_GRID_SQUARE) {
		dx = fabs(x - v->x);
		dy = fabs(y - v->y);
		d = (int)(dx > dy ? dx : dy);
		return (double)d * d;
	}
	if (b->grid != RS_GRID_NONE) {
		d = hex_cells(b, x, y, v->x, v->y);
		return (double)d * d;
	}
	/* Clarification 1: nearest edges of the two bases. */
	dx = fabs(x - v->x) - (hw + k->hw);
	dy = fabs(y - v->y) - (hd + k->hd);
	dx = dx > 0 ? dx : 0;
	dy = dy > 0 ? dy : 0;
	return dx * dx + dy * dy;
}

double
eng_dist2(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b)
{
	const struct eng_kind *k = &g->ctx->kinds[a->type];

	return eng_dist2_at(g, a->x, a->y, k->hw, k->hd, b);
}

/* Whether the segment p-q passes through the box (cx±hw, cy±hd). */
static int
seg_box(double px, double py, double qx, double qy, double cx, double cy,
    double hw, double hd)
{
	double t0 = 0, t1 = 1, d[2] = { qx - px, qy - py };
	double p[2] = { px - cx, py - cy }, h[2] = { hw, hd }, a, b, t;
	int i;

	for (i = 0; i < 2; i++) {
		if (fabs(d[i]) < 1e-12) {
			if (fabs(p[i]) >= h[i])
				return 0;
			continue;
		}
		a = (-h[i] - p[i]) / d[i];
		b = (h[i] - p[i]) / d[i];
		if (a > b) {
			t = a;
			a = b;
			b = t;
		}
		if (a > t0)
			t0 = a;
		if (b < t1)
			t1 = b;
		if (t0 >= t1)
			return 0;
	}
	return 1;
}

/*
 * What blocks a line of sight on a grid, cell by cell (eng_sight): the
 * wood squares passed so far, and the height a hill square must pass.
 */
struct cell_sight {
	int units;
	unsigned mask;
	double wood;     /* cells of wood passed */
	double wood_max; /* cells of wood a line may pass */
	double top;      /* a hill square higher than this blocks */
};

static void
cell_sight_init(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, int units, unsigned mask, struct cell_sight *cs)
{
	const struct eng_board *bd = g->board;
	int h;

	cs->units = units;
	cs->mask = bd->nt ? mask : 0;
	cs->wood = 0;
	cs->wood_max = g->ctx->wood_depth / bd->cell_mm + 1e-9;
	cs->top = eng_fmax(eng_board_height(bd, a->x, a->y, &h),
	              eng_board_height(bd, b->x, b->y, &h)) +
	    g->ctx->hill_rise / bd->cell_mm + 1e-9;
}

/* Whether the line is blocked at cell c, between its ends. */
static int
cell_blocks(const struct eng_game *g, struct cell_sight *cs, int c)
{
	const struct eng_board *bd = g->board;
	double x, y;
	int h;

	if (cs->units && g->occ[c] >= 0)
		return 1;
	if ((cs->mask >> RS_TERRAIN_WOOD & 1) &&
	    (bd->cell_kinds[c] >> RS_TERRAIN_WOOD & 1) &&
	    (cs->wood += 1) > cs->wood_max)
		return 1;
	if ((cs->mask >> RS_TERRAIN_HILL & 1) &&
	    (bd->cell_kinds[c] >> RS_TERRAIN_HILL & 1)) {
		x = c % bd->cols;
		y = c / bd->cols;
		if (eng_board_height(bd, x, y, &h) > cs->top)
			return 1;
	}
	return 0;
}

/*
 * Square grid: walk the cells the line between two cell centres passes
 * through and return 1 at the first one, not an end, that blocks it
 * (cell_blocks). A line through a corner passes between the two cells
 * beside it, unless both hold a unit.
 */
static int
square_line_blocked(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, struct cell_sight *cs)
{
	const struct eng_board *bd = g->board;
	int cx = (int)(a->x + 0.5), cy = (int)(a->y + 0.5);
	int tx = (int)(b->x + 0.5), ty = (int)(b->y + 0.5);
	int sx = (tx > cx) - (tx < cx), sy = (ty > cy) - (ty < cy);
	double dx = tx - cx, dy = ty - cy;
	double mx = sx ? 0.5 / fabs(dx) : INFINITY,
	       my = sy ? 0.5 / fabs(dy) : INFINITY;
	double ddx = sx ? 1 / fabs(dx) : INFINITY,
	       ddy = sy ? 1 / fabs(dy) : INFINITY;
	int guard = 0;

	while ((cx != tx || cy != ty) && guard++ < 10000) {
		if (fabs(mx - my) < 1e-9) {
			if (cs->units &&
			    g->occ[cy * bd->cols + cx + sx] >= 0 &&
			    g->occ[(cy + sy) * bd->cols + cx] >= 0)
				return 1;
			cx += sx;
			cy += sy;
			mx += ddx;
			my += ddy;
		} else if (mx < my) {
			cx += sx;
			mx += ddx;
		} else {
			cy += sy;
			my += ddy;
		}
		if (cx == tx && cy == ty)
			break;
		if (cell_blocks(g, cs, cy * bd->cols + cx))
			return 1;
	}
	return 0;
}

/*
 * Hex grid: the hexes the line between two hex centres passes through,
 * one for each step of their distance (the centre of the line's point
 * at each step, a hair to one side so that a line along an edge takes
 * the same side all the way); returns 1 at the first one, not an end,
 * that blocks it (cell_blocks).
 */
static int
hex_line_blocked(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, struct cell_sight *cs)
{
	const struct eng_board *bd = g->board;
	double ax, ay, bx, by, x, y, cx, cy;
	int n = hex_cells(bd, a->x, a->y, b->x, b->y), s, c;
	int ca = eng_cell(bd, a->x, a->y), cb = eng_cell(bd, b->x, b->y);

	eng_board_point(bd, a->x, a->y, &ax, &ay);
	eng_board_point(bd, b->x, b->y, &bx, &by);
	for (s = 1; s < n; s++) {
		x = ax + (bx - ax) * s / n + 1e-6 * bd->cell_mm;
		y = ay + (by - ay) * s / n + 2e-6 * bd->cell_mm;
		eng_board_cell(bd, x, y, &cx, &cy);
		c = eng_cell(bd, cx, cy);
		if (c < 0 || c == ca || c == cb)
			continue;
		if (cell_blocks(g, cs, c))
			return 1;
	}
	return 0;
}

/* Free table: whether another unit's base stands on the line between
 * a and b. A base outside the line's bounding box cannot: that cheap
 * test passes over most of them before the exact one. */
static int
units_block(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b)
{
	double x0 = eng_fmin(a->x, b->x), x1 = eng_fmax(a->x, b->x);
	double y0 = eng_fmin(a->y, b->y), y1 = eng_fmax(a->y, b->y);
	int i;

	for (i = 0; i < g->nu; i++) {
		const struct eng_unit *v = &g->u[i];
		const struct eng_kind *k = &g->ctx->kinds[v->type];

		if (!v->alive || v == a || v == b || v->x + k->hw < x0 ||
		    v->x - k->hw > x1 || v->y + k->hd < y0 ||
		    v->y - k->hd > y1)
			continue;
		if (seg_box(a->x, a->y, b->x, b->y, v->x, v->y, k->hw - 1e-6,
		        k->hd - 1e-6))
			return 1;
	}
	return 0;
}

/* Whether piece t's bounding box, grown by m, misses the box x0-x1 by
 * y0-y1. */
static int
piece_misses(const struct eng_terrain *t, double x0, double y0, double x1,
    double y1, double m)
{
	double a0, b0, a1, b1;

	switch (t->shape) {
	case ENG_SHAPE_CIRCLE:
		a0 = t->x - t->r;
		a1 = t->x + t->r;
		b0 = t->y - t->r;
		b1 = t->y + t->r;
		break;
	case ENG_SHAPE_RECT:
		a0 = t->x;
		a1 = t->x + t->w;
		b0 = t->y;
		b1 = t->y + t->h;
		break;
	case ENG_SHAPE_BAND:
	default:
		a0 = eng_fmin(t->x, t->x2) - t->r;
		a1 = eng_fmax(t->x, t->x2) + t->r;
		b0 = eng_fmin(t->y, t->y2) - t->r;
		b1 = eng_fmax(t->y, t->y2) + t->r;
		break;
	}
	return a1 + m < x0 || a0 - m > x1 || b1 + m < y0 || b0 - m > y1;
}

void
eng_piece_shape(const struct eng_terrain *t, struct geo_shape *s)
{
	switch (t->shape) {
	case ENG_SHAPE_CIRCLE:
		geo_disc(s, t->x, t->y, t->r);
		break;
	case ENG_SHAPE_RECT:
		geo_box(s, t->x + t->w / 2, t->y + t->h / 2, t->w / 2,
		    t->h / 2);
		break;
	case ENG_SHAPE_BAND:
	default:
		geo_band(s, t->x, t->y, t->x2, t->y2, t->r);
		break;
	}
}

/*
 * Free table: whether woods or hills of mask hide b from a, exactly.
 * The line's stretches inside woods (one interval per piece, from
 * geo_sweep of a point along it) are joined and measured against
 * wood_depth; each hill's ground is raised against a level line
 * hill_rise above the higher unit (geo_rise). Only the pieces whose
 * bounding box meets the line's can count.
 */
static int
terrain_blocks(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, unsigned mask)
{
	const struct eng_board *bd = g->board;
	double dx = b->x - a->x, dy = b->y - a->y, len = hypot(dx, dy);
	double iv[ENG_MAX_TERRAIN][2], t0, t1, run, end, top = -1;
	struct geo_shape pt, s;
	int i, j, n = 0, h;

	if (bd->nt == 0 || mask == 0)
		return 0;
	geo_disc(&pt, a->x, a->y, 0);
	for (i = 0; i < bd->nt; i++) {
		const struct eng_terrain *t = &bd->t[i];

		if (!(mask >> t->kind & 1) ||
		    piece_misses(t, eng_fmin(a->x, b->x), eng_fmin(a->y, b->y),
		        eng_fmax(a->x, b->x), eng_fmax(a->y, b->y), 0))
			continue;
		eng_piece_shape(t, &s);
		if (t->kind == RS_TERRAIN_WOOD) {
			if (!geo_sweep(&pt, dx, dy, &s, 0, &t0, &t1))
				continue;
			/* In order of their starts, for joining below. */
			for (j = n++; j > 0 && iv[j - 1][0] > t0; j--) {
				iv[j][0] = iv[j - 1][0];
				iv[j][1] = iv[j - 1][1];
			}
			iv[j][0] = t0;
			iv[j][1] = t1;
		} else if (t->kind == RS_TERRAIN_HILL) {
			if (top < 0)
				top = eng_fmax(eng_board_height(bd, a->x, a->y,
				                   &h),
				          eng_board_height(bd, b->x, b->y,
				              &h)) +
				    g->ctx->hill_rise;
			if (geo_rise(&s, a->x, a->y, top, b->x, b->y, top) >
			    1e-9)
				return 1;
		}
	}
	for (run = 0, end = 0, i = 0; i < n; i++) {
		t0 = eng_fmax(iv[i][0], end);
		if (iv[i][1] > t0)
			run += iv[i][1] - t0;
		end = eng_fmax(end, iv[i][1]);
	}
	return run * len > g->ctx->wood_depth + 1e-9;
}

int
eng_sight(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, int units, unsigned kindmask)
{
	struct cell_sight cs;

	if (g->board->grid != RS_GRID_NONE) {
		cell_sight_init(g, a, b, units, kindmask, &cs);
		return g->board->grid == RS_GRID_SQUARE ?
		    !square_line_blocked(g, a, b, &cs) :
		    !hex_line_blocked(g, a, b, &cs);
	}
	if (units && units_block(g, a, b))
		return 0;
	return !terrain_blocks(g, a, b, kindmask);
}

void
eng_unit_place(struct eng_game *g, int i, double x, double y)
{
	int c;

	if (g->board->grid != RS_GRID_NONE) {
		c = eng_cell(g->board, g->u[i].x, g->u[i].y);
		if (c >= 0 && g->occ[c] == i)
			g->occ[c] = -1;
		c = eng_cell(g->board, x, y);
		if (c >= 0)
			g->occ[c] = (int8_t)i;
	}
	g->u[i].x = x;
	g->u[i].y = y;
}

void
eng_unit_remove(struct eng_game *g, int i)
{
	int c;

	if (!g->u[i].alive)
		return;
	if (g->board->grid != RS_GRID_NONE) {
		c = eng_cell(g->board, g->u[i].x, g->u[i].y);
		if (c >= 0 && g->occ[c] == i)
			g->occ[c] = -1;
	}
	g->u[i].alive = 0;
	g->alive[g->u[i].side]--;
}

void
eng_unit_kill(struct eng_game *g, int i, int by)
{
	if (g->u[i].alive && by >= 0 && g->u[by].side != g->u[i].side)
		g->kills[by]++;
	eng_unit_remove(g, i);
}
