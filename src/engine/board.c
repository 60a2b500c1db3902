/*
 * board.c: the table or grid, its terrain, distances and sight.
 * Positions are board units: millimetres on a free table, cells on a
 * grid (engine.h).
 */
#include <math.h>
#include <string.h>

#include "engine.h"

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
		a = fmin(x - t->x, t->x + t->w - x);
		b = fmin(y - t->y, t->y + t->h - y);
		return fmin(a, b) + EPS;
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
 * Square grid: walk the cells the line between two cell centres passes
 * through (a line through a corner touches neither cell beside it), and
 * return 1 at the first one, not an end, that holds a unit (units) or a
 * wood or hill piece of mask other than the ends' pieces.
 */
static int
square_line_blocked(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, int units, unsigned mask, int pa, int pb)
{
	const struct eng_board *bd = g->board;
	int cx = (int)(a->x + 0.5), cy = (int)(a->y + 0.5);
	int tx = (int)(b->x + 0.5), ty = (int)(b->y + 0.5);
	int sx = (tx > cx) - (tx < cx), sy = (ty > cy) - (ty < cy), c, p;
	double dx = tx - cx, dy = ty - cy;
	double mx = sx ? 0.5 / fabs(dx) : INFINITY,
	       my = sy ? 0.5 / fabs(dy) : INFINITY;
	double ddx = sx ? 1 / fabs(dx) : INFINITY,
	       ddy = sy ? 1 / fabs(dy) : INFINITY;
	int guard = 0;

	while ((cx != tx || cy != ty) && guard++ < 10000) {
		if (fabs(mx - my) < 1e-9) {
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
		c = cy * bd->cols + cx;
		if (units && g->occ[c] >= 0)
			return 1;
		if (mask && (p = bd->cell_piece[c]) != 0 && p != pa &&
		    p != pb && (mask >> bd->t[p - 1].kind & 1))
			return 1;
	}
	return 0;
}

/*
 * Hex grid: the hexes the line between two hex centres passes through,
 * one for each step of their distance (the centre of the line's point
 * at each step, a hair to one side so that a line along an edge takes
 * the same side all the way); returns 1 at the first one, not an end,
 * that holds a unit (units) or a wood or hill piece of mask other than
 * the ends' pieces.
 */
static int
hex_line_blocked(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, int units, unsigned mask, int pa, int pb)
{
	const struct eng_board *bd = g->board;
	double ax, ay, bx, by, x, y, cx, cy;
	int n = hex_cells(bd, a->x, a->y, b->x, b->y), s, c, p;
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
		if (units && g->occ[c] >= 0)
			return 1;
		if (mask && (p = bd->cell_piece[c]) != 0 && p != pa &&
		    p != pb && (mask >> bd->t[p - 1].kind & 1))
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
	double x0 = fmin(a->x, b->x), x1 = fmax(a->x, b->x);
	double y0 = fmin(a->y, b->y), y1 = fmax(a->y, b->y);
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
		a0 = fmin(t->x, t->x2) - t->r;
		a1 = fmax(t->x, t->x2) + t->r;
		b0 = fmin(t->y, t->y2) - t->r;
		b1 = fmax(t->y, t->y2) + t->r;
		break;
	}
	return a1 + m < x0 || a0 - m > x1 || b1 + m < y0 || b0 - m > y1;
}

/* The first piece (index + 1) of the n pieces in cand that holds
 * (x, y), or 0: eng_board_piece_at() over a subset. */
static int
piece_among(const struct eng_board *bd, const int *cand, int n, double x,
    double y)
{
	int i;

	for (i = 0; i < n; i++)
		if (piece_depth(&bd->t[cand[i]], x, y) > 0)
			return cand[i] + 1;
	return 0;
}

/*
 * The samples s of n along a to a + (dx, dy) that can lie in piece t:
 * *lo to *hi, from where the line crosses the piece's bounding box
 * grown by 1 mm, widened by one sample each way. Outside that range no
 * sample is within 1 mm of the box, so passing over it there changes
 * nothing; inside, the exact test decides.
 */
static void
piece_samples(const struct eng_terrain *t, double ax, double ay, double dx,
    double dy, int n, int *lo, int *hi)
{
	double b[4], t0 = 0, t1 = 1, u, v;
	int k;

	switch (t->shape) {
	case ENG_SHAPE_CIRCLE:
		b[0] = t->x - t->r, b[1] = t->x + t->r;
		b[2] = t->y - t->r, b[3] = t->y + t->r;
		break;
	case ENG_SHAPE_RECT:
		b[0] = t->x, b[1] = t->x + t->w;
		b[2] = t->y, b[3] = t->y + t->h;
		break;
	case ENG_SHAPE_BAND:
	default:
		b[0] = fmin(t->x, t->x2) - t->r,
		b[1] = fmax(t->x, t->x2) + t->r;
		b[2] = fmin(t->y, t->y2) - t->r,
		b[3] = fmax(t->y, t->y2) + t->r;
		break;
	}
	for (k = 0; k < 2; k++) {
		double o = k ? ay : ax, d = k ? dy : dx;
		double m0 = b[2 * k] - 1.0, m1 = b[2 * k + 1] + 1.0;

		if (fabs(d) < 1e-12)
			continue; /* the box test of terrain_blocks holds */
		u = (m0 - o) / d;
		v = (m1 - o) / d;
		t0 = fmax(t0, fmin(u, v));
		t1 = fmin(t1, fmax(u, v));
	}
	*lo = t0 > t1 ? n : (int)floor(t0 * n) - 1;
	*hi = t0 > t1 ? -1 : (int)ceil(t1 * n) + 1;
}

/*
 * Free table: whether a wood or hill of kindmask between a and b hides
 * one from the other; a piece that holds either end does not
 * (Clarification 15). The line is sampled every 2 mm; only the pieces
 * whose bounding box meets the line's can hold a sample, so the others
 * are passed over (the first piece holding a point is the same), and a
 * line that meets none, or only those that hold its ends, is clear.
 */
static int
terrain_blocks(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, unsigned mask)
{
	const struct eng_board *bd = g->board;
	int pa, pb, p, s, n, i, nc = 0, cand[ENG_MAX_TERRAIN], other = 0;
	int lo[ENG_MAX_TERRAIN], hi[ENG_MAX_TERRAIN], s0, s1;
	double dx = b->x - a->x, dy = b->y - a->y, len, step;

	if (bd->nt == 0 || mask == 0)
		return 0;
	for (i = 0; i < bd->nt; i++)
		if ((mask >> bd->t[i].kind & 1) &&
		    !piece_misses(&bd->t[i], fmin(a->x, b->x),
		        fmin(a->y, b->y), fmax(a->x, b->x), fmax(a->y, b->y),
		        1.0))
			cand[nc++] = i;
	if (nc == 0)
		return 0;
	pa = piece_among(bd, cand, nc, a->x, a->y);
	pb = piece_among(bd, cand, nc, b->x, b->y);
	for (i = 0; i < nc; i++)
		other |= cand[i] + 1 != pa && cand[i] + 1 != pb;
	if (!other)
		return 0;
	len = sqrt(dx * dx + dy * dy);
	step = 2.0;
	n = (int)(len / step) + 1;
	/* Only a sample in a piece that holds neither end can block. */
	s0 = n;
	s1 = 0;
	for (i = 0; i < nc; i++) {
		piece_samples(&bd->t[cand[i]], a->x, a->y, dx, dy, n, &lo[i],
		    &hi[i]);
		if (cand[i] + 1 != pa && cand[i] + 1 != pb) {
			s0 = lo[i] < s0 ? lo[i] : s0;
			s1 = hi[i] > s1 ? hi[i] : s1;
		}
	}
	for (s = s0 < 1 ? 1 : s0; s < n && s <= s1; s++) {
		double x = a->x + dx * s / n + 1e-7,
		       y = a->y + dy * s / n + 2e-7;

		for (p = 0, i = 0; i < nc && p == 0; i++)
			if (s >= lo[i] && s <= hi[i] &&
			    piece_depth(&bd->t[cand[i]], x, y) > 0)
				p = cand[i] + 1;
		if (p != 0 && p != pa && p != pb)
			return 1;
	}
	return 0;
}

int
eng_sight(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b, int units, unsigned kindmask)
{
	if (g->board->grid != RS_GRID_NONE) {
		unsigned m = g->board->nt ? kindmask : 0;
		int pa = m ? eng_board_piece_at(g->board, a->x, a->y, m) : 0;
		int pb = m ? eng_board_piece_at(g->board, b->x, b->y, m) : 0;

		return g->board->grid == RS_GRID_SQUARE ?
		    !square_line_blocked(g, a, b, units, m, pa, pb) :
		    !hex_line_blocked(g, a, b, units, m, pa, pb);
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
