/*
 * map.c: battle maps out — coordinate labels, the tiling of a table over
 * paper, and the PDF (assembly plan + tiles, or one page), PNG and SVG
 * writers. The drawing itself is map_draw.c.
 */
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <png.h>

#include "map_internal.h"

/* ---- labels ---- */

/* Bijective base 26: 1 → A, 26 → Z, 27 → AA. */
static void
letters(char *buf, size_t sz, int n)
{
	char tmp[16];
	int k = 0;
	size_t i;

	while (n > 0 && k < (int)sizeof(tmp)) {
		n--;
		tmp[k++] = (char)('A' + n % 26);
		n /= 26;
	}
	for (i = 0; i + 1 < sz && k > 0; i++)
		buf[i] = tmp[--k];
	buf[i] = '\0';
}

/*
 * v as printf's %*d (or %0*d when zero) into p, which holds 32 bytes:
 * a map labels every cell of up to 250,000 twice or more (drawn, and
 * kept clear of seams), and snprintf was a fifth of a large map's time.
 */
static void
put_number(char *p, int v, int width, int zero)
{
	char d[16];
	int k = 0, n = 0;

	if (v < 0 || width > 16) {
		snprintf(p, 32, zero ? "%0*d" : "%*d", width, v);
		return;
	}
	do
		d[k++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	for (; width > k + n; n++)
		p[n] = zero ? '0' : ' ';
	while (k > 0)
		p[n++] = d[--k];
	p[n] = '\0';
}

int
rnd_map_label(char *buf, size_t sz, const char *fmt, int c, int r, int cols,
    int rows, enum rnd_origin org)
{
	size_t n = 0;
	int col = (org == RND_ORIGIN_TR || org == RND_ORIGIN_BR) ? cols - c :
	                                                           c + 1;
	int row = (org == RND_ORIGIN_BL || org == RND_ORIGIN_BR) ? rows - r :
	                                                           r + 1;
	char piece[32], let[16];
	const char *q;
	int zero, width, rc = 0;

	buf[0] = '\0';
	for (; *fmt != '\0' && n + 1 < sz; fmt++) {
		if (*fmt != '%') {
			buf[n++] = *fmt;
			continue;
		}
		fmt++;
		zero = *fmt == '0';
		if (zero)
			fmt++;
		for (width = 0; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width < 9 ? width * 10 + (*fmt - '0') : 9;
		switch (*fmt) {
		case 'c':
		case 'r':
			put_number(piece, *fmt == 'c' ? col : row, width,
			    zero);
			break;
		case 'C':
		case 'R':
			letters(let, sizeof(let), *fmt == 'C' ? col : row);
			if (width > 0)
				snprintf(piece, sizeof(piece), "%*s", width,
				    let);
			else
				strcpy(piece, let);
			break;
		case '%':
			strcpy(piece, "%");
			break;
		default:
			rc = -1;
			goto out;
		}
		/* As much of the piece as fits, as snprintf would copy. */
		for (q = piece; *q != '\0' && n + 1 < sz; q++)
			buf[n++] = *q;
		buf[n] = '\0';
	}
out:
	buf[n < sz ? n : sz - 1] = '\0';
	return rc;
}

int
rnd_map_label_check(const char *fmt, const char **why)
{
	char buf[64];
	const char *f;
	int width;

	if (strlen(fmt) > 40) {
		*why = "the label format is too long (40 characters at most)";
		return -1;
	}
	/* A width is of one digit: a label is never wider than 9. */
	for (f = fmt; (f = strchr(f, '%')) != NULL;) {
		f++;
		if (*f == '0')
			f++;
		for (width = 0; *f >= '0' && *f <= '9'; f++)
			width = width < 100 ? width * 10 + (*f - '0') : 100;
		if (width > 9) {
			*why = "a width in the label format is from 1 to 9 "
			       "(%2c, %03r)";
			return -1;
		}
		if (*f == '%')
			f++;
	}
	if (rnd_map_label(buf, sizeof(buf), fmt, 0, 0, 1, 1, RND_ORIGIN_TL) ==
	    -1) {
		*why = "unknown % conversion in the label format (use %c, %r, "
		       "%C, %R or %%)";
		return -1;
	}
	return 0;
}

/* ---- tiling ---- */

/* How many tiles of area a, overlapping by ov, cover length t. */
static double
tiles_along(double t, double a, double ov)
{
	if (t <= a + 1e-9)
		return 1;
	return 1 + ceil((t - a) / (a - ov) - 1e-9);
}

int
rnd_map_tiling(double table_w, double table_h, double paper_w, double paper_h,
    double overlap, struct rnd_map_tiling *t, const char **why)
{
	double aw[2], ah[2], n[2], cols[2], rows[2];
	int k, best;

	memset(t, 0, sizeof(*t));
	if (!(overlap >= 0) || !isfinite(overlap)) {
		*why = "the overlap must be zero or more";
		return -1;
	}
	for (k = 0; k < 2; k++) { /* 0 portrait, 1 landscape */
		double pw = k ? fmax(paper_w, paper_h) :
		                fmin(paper_w, paper_h);
		double ph = k ? fmin(paper_w, paper_h) :
		                fmax(paper_w, paper_h);

		aw[k] = pw - 2 * RND_TILE_MARGIN;
		ah[k] = ph - RND_TILE_MARGIN - RND_TILE_BOTTOM;
		if (aw[k] < 40 || ah[k] < 40) {
			*why = "the paper is too small for map tiles";
			return -1;
		}
		if (overlap > fmin(aw[k], ah[k]) / 2) {
			*why = "the overlap is more than half a tile";
			return -1;
		}
		cols[k] = tiles_along(table_w, aw[k], overlap);
		rows[k] = tiles_along(table_h, ah[k], overlap);
		n[k] = cols[k] * rows[k];
	}
	best = n[1] < n[0] || (n[1] == n[0] && table_w > table_h);
	if (n[best] > 10000) {
		*why = "the map would need more than 10000 tiles";
		return -1;
	}
	t->landscape = best;
	t->cols = (int)cols[best];
	t->rows = (int)rows[best];
	t->page_w = best ? fmax(paper_w, paper_h) : fmin(paper_w, paper_h);
	t->page_h = best ? fmin(paper_w, paper_h) : fmax(paper_w, paper_h);
	t->area_w = aw[best];
	t->area_h = ah[best];
	t->step_x = aw[best] - overlap;
	t->step_y = ah[best] - overlap;
	t->overlap = overlap;
	t->table_w = table_w;
	t->table_h = table_h;
	return 0;
}

void
rnd_map_tile_rect(const struct rnd_map_tiling *t, int col, int row, double *x,
    double *y, double *w, double *h)
{
	/* From Blue's left corner, as the cells count: whole tiles along
	 * Blue's edge and from the left, what is left over at Red's edge
	 * and on the right. */
	double y1 = t->table_h - (t->rows - 1 - row) * t->step_y;

	*x = col * t->step_x;
	*w = fmin(t->area_w, t->table_w - *x);
	*y = fmax(0, y1 - t->area_h);
	*h = y1 - *y;
}

/* ---- PDF ---- */

/* Label size for cells of size s on paper (mm): never under 6 pt. */
static double
label_size(double s)
{
	return fmin(fmax(s * 0.13, RND_MIN_TEXT_MM), 3.5);
}

/*
 * The tiles a PDF prints and their numbers: counted as the cells are,
 * from Blue's left corner (the plan's lower left) along Blue's edge,
 * then row by row towards Red, printed tiles only, so that the sheets
 * run 1 … printed with none missing.
 */
struct tile_set {
	const struct rnd_map_tiling *t;
	int *num;    /* by row * cols + col, rows from the top (Red's edge):
	              * its number, 0 when it is not printed */
	int printed; /* tiles printed */
};
#define TILE_NUM(ts, c, r) ((ts)->num[(r) * (ts)->t->cols + (c)])

/*
 * 1 when tile (col, row) shows any terrain: drawn alone (no grid lines,
 * dots, labels or ruler) at 2 pixels a millimetre (fewer on a sheet
 * larger than 1000 x 1000 mm), some pixel of it is not white.
 */
static int
tile_has_terrain(const struct rnd_map_opts *o, const struct tr_cells *tc,
    const struct rnd_map_tiling *t, int col, int row)
{
	struct rnd_map_opts bare = *o;
	struct map_view v = { 0, 0, 0, 0, 0.3, 0, 1, 0, 0, 0, 0 };
	cairo_surface_t *s;
	cairo_t *cr;
	const unsigned char *p;
	double x, y, w, h, k = 2;
	int pw, ph, i, j, stride, found = 0;

	if (o->bf == NULL)
		return 0;
	rnd_map_tile_rect(t, col, row, &x, &y, &w, &h);
	if (w * h * k * k > 4e6)
		k = sqrt(4e6 / (w * h));
	pw = (int)ceil(w * k);
	ph = (int)ceil(h * k);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, k, k);
	cairo_translate(cr, -x, -y);
	bare.label_fmt = NULL;
	bare.lines = bare.dots = 0;
	v.x0 = x, v.y0 = y, v.x1 = x + w, v.y1 = y + h;
	v.font = label_size(o->grid->cell);
	map_draw(cr, &bare, tc, &v);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return 1; /* not known to be plain: printed */
	}
	p = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (j = 0; j < ph && !found; j++) {
		const uint32_t *px = (const uint32_t *)(const void *)(p +
		    (size_t)j * (size_t)stride);

		for (i = 0; i < pw && !found; i++)
			found = (px[i] & 0xffffff) != 0xffffff;
	}
	cairo_surface_destroy(s);
	return found;
}

/* 1 when tiles of plain table are left out (see enum rnd_tiles). */
static int
tiles_skip(const struct rnd_map_opts *o)
{
	if (o->tiles != RND_TILES_AUTO)
		return o->tiles == RND_TILES_SKIP_EMPTY;
	return o->grid->kind == RS_GRID_NONE ||
	    (!o->lines && !o->dots && o->label_fmt == NULL);
}

static void
tile_set_init(struct tile_set *ts, const struct rnd_map_opts *o,
    const struct tr_cells *tc, const struct rnd_map_tiling *t)
{
	int c, r, skip = tiles_skip(o);

	ts->t = t;
	ts->num = xcalloc((size_t)t->cols * (size_t)t->rows, sizeof(int));
	ts->printed = 0;
	for (r = t->rows - 1; r >= 0; r--)
		for (c = 0; c < t->cols; c++)
			if (!skip || tile_has_terrain(o, tc, t, c, r))
				TILE_NUM(ts, c, r) = ++ts->printed;
}

/* A length on a tile's margin, in the map's measure as len_format
 * writes it (to 0.01 of the unit), without the unit: 28.3. */
static void
tile_len(char *buf, size_t sz, double mm, enum unit_of_length u)
{
	if (u == LEN_NONE)
		u = LEN_MM;
	fmt_double(buf, sz, mm / len_unit_mm(u), 2);
}

/*
 * What tile (col, row) holds, in the frame of the cells: the cells it
 * shows (1 mm or more of), from the one at its Blue-side left corner to the
 * one at the far corner, in *a ("A1\u2013H6"), *b empty; on a table
 * without a grid (or a tile that shows no cell) x and y from
 * Blue's left corner in the map's measure, in *a ("x 0\u201328.3 cm")
 * and *b ("y 0\u201318.7 cm").
 */
static void
tile_range(const struct rnd_map_opts *o, const struct rnd_map_tiling *t,
    int col, int row, char *a, char *b, size_t sz)
{
	const struct grid *g = o->grid;
	double x, y, w, h, sx, sy, xs[6], ys[6];
	int c, r, c0, c1, r0, r1, cmin = -1, cmax = -1, rmin = -1, rmax = -1;
	char n0[32], n1[32], l0[64], l1[64];
	const char *unit;
	enum unit_of_length u = o->measure == LEN_NONE ? LEN_MM : o->measure;

	rnd_map_tile_rect(t, col, row, &x, &y, &w, &h);
	*b = '\0';
	if (g->kind != RS_GRID_NONE) {
		const char *fmt = o->label_fmt != NULL ? o->label_fmt :
		    g->kind == RS_GRID_SQUARE          ? "%C%r" :
		                                         "%02c%02r";

		grid_pitch(g, &sx, &sy);
		c0 = (int)floor((x - g->ox) / sx) - 1;
		c1 = (int)ceil((x + w - g->ox) / sx) + 1;
		r0 = (int)floor((y - g->oy) / sy) - 1;
		r1 = (int)ceil((y + h - g->oy) / sy) + 1;
		for (r = r0 < 0 ? 0 : r0; r <= r1 && r < g->rows; r++)
			for (c = c0 < 0 ? 0 : c0; c <= c1 && c < g->cols;
			     c++) {
				int i, nc = grid_corners(g, c, r, xs, ys);
				double bx0 = xs[0], bx1 = xs[0], by0 = ys[0],
				       by1 = ys[0];

				for (i = 1; i < nc; i++) {
					bx0 = fmin(bx0, xs[i]);
					bx1 = fmax(bx1, xs[i]);
					by0 = fmin(by0, ys[i]);
					by1 = fmax(by1, ys[i]);
				}
				/* A cell counts when 1 mm or more of it
				 * shows each way. */
				if (fmin(bx1, x + w) - fmax(bx0, x) < 1 ||
				    fmin(by1, y + h) - fmax(by0, y) < 1)
					continue;
				if (cmin < 0 || c < cmin)
					cmin = c;
				if (c > cmax)
					cmax = c;
				if (rmin < 0 || r < rmin)
					rmin = r;
				if (r > rmax)
					rmax = r;
			}
		if (cmin >= 0 &&
		    rnd_map_label(l0, sizeof(l0), fmt, cmin, rmax, g->cols,
		        g->rows, o->origin) == 0 &&
		    rnd_map_label(l1, sizeof(l1), fmt, cmax, rmin, g->cols,
		        g->rows, o->origin) == 0) {
			if (strcmp(l0, l1) == 0)
				snprintf(a, sz, "%s", l0);
			else
				snprintf(a, sz, "%s\xe2\x80\x93%s", l0, l1);
			return;
		}
	}
	unit = u == LEN_IN ? "\xe2\x80\xb3" : len_unit_name(u);
	tile_len(n0, sizeof(n0), x, u);
	tile_len(n1, sizeof(n1), x + w, u);
	snprintf(a, sz, "x %s\xe2\x80\x93%s%s%s", n0, n1,
	    u == LEN_IN ? "" : "\xc2\xa0", unit);
	tile_len(n0, sizeof(n0), t->table_h - y - h, u);
	tile_len(n1, sizeof(n1), t->table_h - y, u);
	snprintf(b, sz, "y %s\xe2\x80\x93%s%s%s", n0, n1,
	    u == LEN_IN ? "" : "\xc2\xa0", unit);
}

/* Draw the part (x, y, w, h) of the table with its top-left at (px, py)
 * on the page, clipped. */
static void
draw_part(cairo_t *cr, const struct rnd_map_opts *o, const struct tr_cells *tc,
    double px, double py, double x, double y, double w, double h)
{
	struct map_view v = { x, y, x + w, y + h, 0.3, 0, 0, 0, 0, 0, 0 };

	v.font = label_size(o->grid->cell);
	cairo_save(cr);
	cairo_rectangle(cr, px, py, w, h);
	cairo_clip(cr);
	cairo_translate(cr, px - x, py - y);
	map_draw(cr, o, tc, &v);
	cairo_restore(cr);
}

/* An alignment mark: a circle with a cross, at (x, y). */
static void
align_mark(cairo_t *cr, double x, double y)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y, 2.2, 0, 2 * M_PI);
	cairo_move_to(cr, x - 4, y);
	cairo_line_to(cr, x + 4, y);
	cairo_move_to(cr, x, y - 4);
	cairo_line_to(cr, x, y + 4);
}

/* Where an alignment mark may go: the labels' boxes near it, and a
 * scratch context (table mm) that cairo_in_fill asks about them. */
struct mark_search {
	cairo_t *scratch;
	struct map_labels *ml;
	double *box; /* x, y, w, h each */
	size_t n, cap;
	int pathed; /* the scratch's path holds the boxes */
};

/*
 * 1 when (x, y) is in one of the boxes, as cairo_in_fill of their
 * rectangles says: it rounds to 1/256 mm and counts an edge as in, so a
 * point a hair clear of every edge is answered here and only one that
 * close is asked of cairo (a seam's search asks some 10,000 times).
 */
static int
in_boxes(struct mark_search *ms, double x, double y)
{
	const double e = 0.01;
	const double *b;
	size_t i;
	int close = 0;

	for (i = 0; i < ms->n; i++) {
		b = ms->box + 4 * i;
		if (x > b[0] + e && x < b[0] + b[2] - e && y > b[1] + e &&
		    y < b[1] + b[3] - e)
			return 1;
		if (x >= b[0] - e && x <= b[0] + b[2] + e && y >= b[1] - e &&
		    y <= b[1] + b[3] + e)
			close = 1;
	}
	if (!close)
		return 0;
	if (!ms->pathed) {
		cairo_new_path(ms->scratch);
		for (i = 0; i < ms->n; i++) {
			b = ms->box + 4 * i;
			cairo_rectangle(ms->scratch, b[0], b[1], b[2], b[3]);
		}
		ms->pathed = 1;
	}
	return cairo_in_fill(ms->scratch, x, y);
}

/* 1 when an alignment mark at (x, y) (table mm) would cover no cell
 * label. */
static int
mark_clear(struct mark_search *ms, double x, double y)
{
	double r = 4.5, dx, dy, view[4] = { x - r, y - r, x + r, y + r };
	int hit = 0;

	ms->n = map_label_boxes(ms->ml, view, NULL, 0, &ms->box, &ms->cap);
	ms->pathed = 0;
	/* Label boxes are more than 1 mm across, so a 1 mm lattice over
	 * the mark finds any that it meets. */
	for (dy = -r; dy <= r + 1e-9 && !hit; dy += 1)
		for (dx = -r; dx <= r + 1e-9 && !hit; dx += 1)
			hit = in_boxes(ms, x + dx, y + dy);
	return !hit;
}

/*
 * An alignment mark on a seam: at (px, py), a quarter of the way along
 * it, or at the nearest point within room of there (along the seam's
 * direction ux, uy) where the mark covers no cell label. Both tiles of a
 * seam ask with the same numbers, so their marks meet.
 */
static void
seam_mark(cairo_t *cr, struct mark_search *ms, double px, double py, double ux,
    double uy, double room)
{
	double d;
	int k, n = (int)(room / 1.5);

	for (k = 0; k <= 2 * n; k++) {
		d = (k % 2 ? 1 : -1) * 1.5 * ((k + 1) / 2);
		if (mark_clear(ms, px + d * ux, py + d * uy)) {
			px += d * ux;
			py += d * uy;
			break;
		}
	}
	align_mark(cr, px, py);
}

/*
 * The marks of tile (col, row) in table coordinates: crosshairs in the
 * middle of each strip it shares with a neighbour, at the same table
 * points on both tiles, so they meet when the tiles are laid together,
 * and off the cell labels.
 */
static void
tile_marks(cairo_t *cr, const struct rnd_map_opts *o,
    const struct rnd_map_tiling *t, int col, int row)
{
	cairo_surface_t *ss = cairo_image_surface_create(CAIRO_FORMAT_A8, 1,
	    1);
	struct mark_search ms = { cairo_create(ss), NULL, NULL, 0, 0, 0 };
	double x, y, w, h, sx, sy, sw, sh;
	int k, side;

	ms.ml = map_labels_new(ms.scratch, o, label_size(o->grid->cell));
	rnd_map_tile_rect(t, col, row, &x, &y, &w, &h);
	for (side = 0; side < 2; side++) {
		/* Vertical seams: left (side 0) and right (side 1). */
		int sc = side ? col + 1 : col;

		if (sc < 1 || sc >= t->cols)
			continue;
		sx = sc * t->step_x + t->overlap / 2;
		for (k = 1; k <= 3; k += 2)
			seam_mark(cr, &ms, sx, y + h * k / 4, 0, 1, h / 4 - 5);
	}
	for (side = 0; side < 2; side++) {
		int sr = side ? row + 1 : row;

		if (sr < 1 || sr >= t->rows)
			continue;
		rnd_map_tile_rect(t, 0, sr, &sx, &sy, &sw, &sh);
		sy += t->overlap / 2;
		for (k = 1; k <= 3; k += 2)
			seam_mark(cr, &ms, x + w * k / 4, sy, 1, 0, w / 4 - 5);
	}
	map_labels_free(ms.ml);
	free(ms.box);
	cairo_destroy(ms.scratch);
	cairo_surface_destroy(ss);
}

/* The shared strips of a tile: dashed line where the next tile's edge
 * lies (broken where it would cross a cell label), and cut marks on the
 * edges to trim. */
static void
tile_seams(cairo_t *cr, const struct rnd_map_opts *o,
    const struct rnd_map_tiling *t, int col, int row, double w, double h)
{
	double M = RND_TILE_MARGIN, ov = t->overlap, dash = 1.5, x, y, tw, th;
	double view[4], near[8], *box = NULL;
	struct map_labels *ml;
	size_t i, n, cap = 0;
	int nn = 0;

	rnd_map_tile_rect(t, col, row, &x, &y, &tw, &th);
	cairo_save(cr);
	cairo_set_line_width(cr, 0.2);
	rnd_set_rgb(cr, 0x202020);
	/* Clip the labels out: the page less their boxes — of the labels
	 * within 2 mm of a dashed line (a box is at most 0.9 mm wider than
	 * its text), not the thousands of a fine grid that no line meets. */
	cairo_translate(cr, M - x, M - y);
	cairo_rectangle(cr, x - M, y - M, t->page_w, t->page_h);
	view[0] = x, view[1] = y, view[2] = x + w, view[3] = y + h;
	if (col + 1 < t->cols) {
		near[4 * nn] = x + w - ov - 2, near[4 * nn + 1] = y;
		near[4 * nn + 2] = x + w - ov + 2, near[4 * nn + 3] = y + h;
		nn++;
	}
	if (row + 1 < t->rows) {
		near[4 * nn] = x, near[4 * nn + 1] = y + h - ov - 2;
		near[4 * nn + 2] = x + w, near[4 * nn + 3] = y + h - ov + 2;
		nn++;
	}
	ml = map_labels_new(cr, o, label_size(o->grid->cell));
	n = nn > 0 ? map_label_boxes(ml, view, near, nn, &box, &cap) : 0;
	for (i = 0; i < n; i++)
		cairo_rectangle(cr, box[4 * i], box[4 * i + 1], box[4 * i + 2],
		    box[4 * i + 3]);
	map_labels_free(ml);
	free(box);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
	cairo_clip(cr);
	cairo_translate(cr, x - M, y - M);
	cairo_set_dash(cr, &dash, 1, 0);
	if (col + 1 < t->cols) {
		cairo_move_to(cr, M + w - ov, M);
		cairo_line_to(cr, M + w - ov, M + h);
	}
	if (row + 1 < t->rows) {
		cairo_move_to(cr, M, M + h - ov);
		cairo_line_to(cr, M + w, M + h - ov);
	}
	cairo_stroke(cr);
	cairo_reset_clip(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	/* Trim along the map's left / top edge: marks in the margin. */
	if (col > 0) {
		cairo_move_to(cr, M, 1.5);
		cairo_line_to(cr, M, M - 1.5);
		cairo_move_to(cr, M, M + h + 0.5);
		cairo_line_to(cr, M, M + h + 2.5);
	}
	if (row > 0) {
		cairo_move_to(cr, 1.5, M);
		cairo_line_to(cr, M - 1.5, M);
		cairo_move_to(cr, M + w + 1.5, M);
		cairo_line_to(cr, M + w + M - 1.5, M);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* One tile page: the map to the margins, and in the band at its foot a
 * 100 mm bar and the tile's number and what it holds, so that the top
 * margin is no wider than a printer needs. */
/* The face of the calibration bar's words (marks.c). */
static const struct rnd_font bar_font = { "DejaVu Sans", 6.5, 0, 0 };

static void
tile_page(struct rnd_doc *d, const struct rnd_map_opts *o,
    const struct tr_cells *tc, const struct tile_set *ts, int col, int row)
{
	const struct rnd_map_tiling *t = ts->t;
	cairo_t *cr = rnd_doc_page_begin(d, t->page_w, t->page_h, 0);
	double x, y, w, h, M = RND_TILE_MARGIN, fy = M + t->area_h + 2.0;
	double lw, lh, room;
	char name[32], left[32], above[32], ra[160], rb[160], holds[330], *s;
	int num = TILE_NUM(ts, col, row);
	int nl = col > 0 ? TILE_NUM(ts, col - 1, row) : 0;
	int na = row > 0 ? TILE_NUM(ts, col, row - 1) : 0;
	PangoLayout *l;
	const char *how = _("Dashed line: where the next tile's edge "
	                    "lies. Crosshairs meet crosshairs.");

	rnd_map_tile_rect(t, col, row, &x, &y, &w, &h);
	snprintf(name, sizeof(name), "%d", num);
	tile_range(o, t, col, row, ra, rb, sizeof(ra));
	if (*rb != '\0')
		snprintf(holds, sizeof(holds), "%s, %s", ra, rb);
	else {
		s = xasprintf(_("cells %s"), ra);
		snprintf(holds, sizeof(holds), "%s", s);
		free(s);
	}
	/* --dump: the page (the plan is page 1), and the part of the table
	 * it shows, named, with its corner at Blue's left on the table (x
	 * from Blue's left, y from Blue's edge, as the cells count). */
	if (o->dump != NULL) {
		char at[128], ax[32], ay[32];

		fmt_double(ax, sizeof(ax), x, 3);
		fmt_double(ay, sizeof(ay), t->table_h - y - h, 3);
		snprintf(at, sizeof(at), "%s at %s %s", name, ax, ay);
		rnd_dump_box(o->dump, "page", num + 1, 0, 0, t->page_w,
		    t->page_h, NULL);
		rnd_dump_box(o->dump, "tile", num + 1, M, M, w, h, at);
	}
	s = xasprintf(_("Tile %s"), name);
	rnd_doc_outline(d, 0, s, 0);
	free(s);
	/* For a screen reader: what part of the table the tile shows. */
	s = xasprintf(_("Tile %s of %d of the map: %s"), name, ts->printed,
	    holds);
	rnd_figure_begin(cr, s);
	free(s);
	draw_part(cr, o, tc, M, M, x, y, w, h);
	cairo_save(cr);
	cairo_rectangle(cr, M, M, w, h);
	cairo_clip(cr);
	cairo_translate(cr, M - x, M - y);
	rnd_set_rgb(cr, 0x000000);
	cairo_set_line_width(cr, 0.25);
	tile_marks(cr, o, t, col, row);
	cairo_stroke(cr);
	cairo_restore(cr);
	cairo_rectangle(cr, M, M, w, h);
	rnd_set_rgb(cr, 0x808080);
	cairo_set_line_width(cr, 0.15);
	cairo_stroke(cr);
	tile_seams(cr, o, t, col, row, w, h);
	rnd_figure_end(cr);
	rnd_set_rgb(cr, 0x000000);
	/* The bar starts clear of the trim mark below the map's left edge;
	 * on a sheet too narrow for its words (A5 upright), the bar alone
	 * and "100 mm" beside it (the plan says how to print). */
	l = rnd_layout_memo(&bar_font, 0, 0, 0, 0,
	    _("100 mm: print at 100% (actual size)"));
	rnd_layout_size(l, &lw, &lh);
	g_object_unref(l);
	if (M + 3 + 102 + lw <= t->page_w - M)
		rnd_calibration_line(cr, M + 3, fy);
	else {
		cairo_save(cr);
		cairo_rectangle(cr, M + 2, fy - 1, 101.5, 6);
		cairo_clip(cr);
		rnd_calibration_line(cr, M + 3, fy);
		cairo_restore(cr);
		rnd_text(cr, &bar_font, M + 3 + 102, fy - 0.3, 0, 0, 0,
		    "100 mm");
	}
	l = rnd_layout_memo(&MAP_LOOK(o)->small, 0, 0, 0, 0, how);
	rnd_layout_size(l, &lw, &lh);
	g_object_unref(l);
	/* The how-to beside the bar where the sheet is wide enough. */
	if (M + 3 + 162 + lw <= t->page_w - M) {
		rnd_tag_begin(cr, "P");
		rnd_text(cr, &MAP_LOOK(o)->small, t->page_w - M - lw, fy - 0.3,
		    0, 0, 0, how);
		rnd_tag_end(cr, "P");
	}
	/* The printed neighbours it lies over: a plain one is not there. */
	left[0] = above[0] = '\0';
	if (nl > 0)
		snprintf(left, sizeof(left), "%d", nl);
	if (na > 0)
		snprintf(above, sizeof(above), "%d", na);
	s = xasprintf(_("<b>Tile %s</b>  \xc2\xb7  %s  \xc2\xb7  "
	                "%d of %d%s%s%s%s%s%s"),
	    name, holds, num, ts->printed,
	    nl || na ? _("  \xc2\xb7  lies over ") : "", left,
	    nl ? _(" (left)") : "", nl && na ? _(" and ") : "", above,
	    na ? _(" (above)") : "");
	l = rnd_layout_memo(&MAP_LOOK(o)->body, 0, 1, 0, 0, s);
	rnd_layout_size(l, &lw, &lh);
	g_object_unref(l);
	/* Too wide for the sheet: the neighbours are left to the plan. */
	if (lw > t->page_w - 2 * M) {
		free(s);
		s = xasprintf(_("<b>Tile %s</b>  \xc2\xb7  %s  \xc2\xb7  "
		                "%d of %d%s%s%s%s%s%s"),
		    name, holds, num, ts->printed, "", "", "", "", "", "");
		l = rnd_layout_memo(&MAP_LOOK(o)->body, 0, 1, 0, 0, s);
		rnd_layout_size(l, &lw, &lh);
		g_object_unref(l);
	}
	rnd_tag_begin(cr, "P");
	rnd_text(cr, &MAP_LOOK(o)->body, M, fy + 4.8, 0, 0, 1, s);
	rnd_tag_end(cr, "P");
	free(s);
	/* The title to the right of the name, on one line (cut short with
	 * an ellipsis when the sheet is narrow). */
	room = t->page_w - 2 * M - lw - 6;
	if (room > 20) {
		const char *title = o->title ? o->title : _("Battle map");

		l = rnd_layout_memo(&MAP_LOOK(o)->small, 0, 0, 0, 0, title);
		rnd_layout_size(l, &lw, &lh);
		g_object_unref(l);
		if (lw > room)
			lw = room;
		l = rnd_layout_memo(&MAP_LOOK(o)->small, lw, 0, 0, 1, title);
		rnd_layout_draw(cr, l, t->page_w - M - lw, fy + 5.3);
		g_object_unref(l);
	}
	rnd_doc_page_end(d);
}

/* The axes key of the plan, naming the cell at Blue's left corner as
 * the map labels it. */
static void
plan_axes(cairo_t *cr, const struct rnd_map_opts *o, double x, double y)
{
	const struct grid *g = o->grid;
	char a1[32];

	if (o->label_fmt == NULL || g == NULL || g->kind == RS_GRID_NONE ||
	    rnd_map_label(a1, sizeof(a1), o->label_fmt, 0, g->rows - 1,
	        g->cols, g->rows, o->origin) == -1)
		rnd_axes_key(cr, x, y, NULL);
	else {
		char *s = xasprintf(_("cell %s"), a1);

		rnd_axes_key(cr, x, y, s);
		free(s);
	}
}

/* The height of the calibration bars (mm), measured once. */
static double
calibration_h(void)
{
	cairo_surface_t *s =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	double h = rnd_calibration(cr, 0, 0);

	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return h;
}

/*
 * The plan's notes under the map: the axes key, the steps and the key to
 * the terrain, from (x, y) within width w. Returns their height; cr NULL
 * measures them without drawing.
 */
static double
plan_notes(cairo_t *cr, const struct rnd_map_opts *o,
    const struct tile_set *ts, double x, double y, double w)
{
	const struct rnd_map_tiling *t = ts->t;
	int plain = t->cols * t->rows - ts->printed;
	double y0 = y;
	char ov[32], *s, *s4;
	cairo_surface_t *rec = NULL;

	if (cr == NULL) {
		rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA,
		    NULL);
		cr = cairo_create(rec);
	}
	/* Under the plan's Blue-side left corner, where A1 is. */
	plan_axes(cr, o, x, y);
	y += RND_AXES_KEY_H + 2;
	fmt_double(ov, sizeof(ov), t->overlap, 1);
	s4 = plain > 0 ?
	    xasprintf(P_("<b>4.</b> The hatched tile is plain table and is "
	                 "not printed: lay each printed tile at its place on "
	                 "the table, as the plan shows.",
	                  "<b>4.</b> The %d hatched tiles are plain table "
	                  "and are not printed: lay each printed tile at its "
	                  "place on the table, as the plan shows.",
	                  plain),
	        plain) :
	    xstrdup("");
	s = xasprintf(
	    _("<b>1.</b> Print every page at 100%% (\xe2\x80\x9c"
	      "actual "
	      "size\xe2\x80\x9d, not \xe2\x80\x9c"
	      "fit to page\xe2\x80\x9d); the bars "
	      "below must measure 100 mm and 4 in, and the bar at the foot of "
	      "each tile 100 mm.\n"
	      "<b>2.</b> Tiles are numbered as the cells count: tile 1 at "
	      "Blue's left corner, then along Blue's edge and row by row "
	      "towards Red; under each number, the cells the tile holds (on a "
	      "table without a grid, its x and y from Blue's left corner). "
	      "Trim each tile along the left and top edges of its map, except "
	      "tiles in the left column and the top row.\n"
	      "<b>3.</b> Lay each tile over its left and upper neighbours so the "
	      "crosshairs meet and its edge lies on their dashed line (%s mm of "
	      "overlap); glue or tape."),
	    ov);
	if (*s4 != '\0') {
		char *all = xasprintf("%s\n%s", s, s4);

		free(s);
		s = all;
	}
	free(s4);
	if (MAP_LOOK(o)->instructions)
		y += rnd_text(cr, &MAP_LOOK(o)->body, x, y, w, 0, 1, s) + 5;
	free(s);
	if (o->bf != NULL && MAP_LOOK(o)->legend_on)
		y = map_legend(cr, MAP_LOOK(o), o->bf, o->rs, x, y, w);
	if (rec != NULL) {
		cairo_destroy(cr);
		cairo_surface_destroy(rec);
	}
	return y - y0;
}

/* A tile of plain table on the plan (x, y, w, h on the page): hatched,
 * and said so where the words fit. */
static void
plan_plain(cairo_t *cr, const struct rnd_map_opts *o, double x, double y,
    double w, double h, double fs)
{
	const char *l1 = _("not printed:"), *l2 = _("plain table");
	cairo_text_extents_t e1, e2;
	double d;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	rnd_set_rgb(cr, 0xb0b0b0);
	cairo_set_line_width(cr, 0.2);
	for (d = -h; d < w; d += 3) {
		cairo_move_to(cr, x + d, y + h);
		cairo_line_to(cr, x + d + h, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	cairo_save(cr);
	cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	cairo_text_extents(cr, l1, &e1);
	cairo_text_extents(cr, l2, &e2);
	if (fmax(e1.x_advance, e2.x_advance) + 2 <= w && 2.6 * fs + 2 <= h) {
		/* On a white ground, over the hatching. */
		double bw = fmax(e1.x_advance, e2.x_advance) + 1.5;

		cairo_rectangle(cr, x + w / 2 - bw / 2, y + h / 2 - 1.3 * fs,
		    bw, 2.6 * fs);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
		rnd_set_rgb(cr, 0x606060);
		cairo_move_to(cr, x + w / 2 - e1.x_advance / 2,
		    y + h / 2 - 0.25 * fs);
		cairo_show_text(cr, l1);
		cairo_move_to(cr, x + w / 2 - e2.x_advance / 2,
		    y + h / 2 + 0.95 * fs);
		cairo_show_text(cr, l2);
	}
	cairo_restore(cr);
}

/* Text at (x, y) in the current ink on a white halo lw wide, readable
 * over woods and contours; the text stays text. */
static void
plan_show(cairo_t *cr, const char *s, double x, double y, double lw)
{
	cairo_pattern_t *ink = cairo_pattern_reference(cairo_get_source(cr));

	cairo_save(cr);
	cairo_move_to(cr, x, y);
	cairo_text_path(cr, s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, lw);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	cairo_restore(cr);
	cairo_set_source(cr, ink);
	cairo_pattern_destroy(ink);
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

/* A printed tile's number on the plan, centred in (x, y, w, h) on the
 * page, with the cells (or x and y) it holds under it where they fit,
 * on a white halo over what the tile shows. */
static void
plan_name(cairo_t *cr, const struct rnd_map_opts *o, const struct tile_set *ts,
    int c, int r, double x, double y, double w, double h, double fs)
{
	char name[32], ra[160], rb[160];
	cairo_text_extents_t te, ea, eb;
	double tfs, sfs = fmax(fs * 0.45, RND_MIN_TEXT_MM), ty;
	int lines;

	snprintf(name, sizeof(name), "%d", TILE_NUM(ts, c, r));
	tile_range(o, ts->t, c, r, ra, rb, sizeof(ra));
	cairo_save(cr);
	/* The range in small type: on one line or two, or left out where it
	 * does not fit. */
	cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, sfs);
	cairo_text_extents(cr, ra, &ea);
	memset(&eb, 0, sizeof(eb));
	if (*rb != '\0')
		cairo_text_extents(cr, rb, &eb);
	lines = *rb != '\0' ? 2 : 1;
	if (fmax(ea.x_advance, eb.x_advance) + 1 > w)
		lines = 0;
	/* Narrow end tiles get a smaller number, but not one under 6 pt. */
	tfs = fmax(fmin(fs, w / (0.75 * (double)strlen(name))),
	    RND_MIN_TEXT_MM);
	if (tfs * 1.1 + lines * sfs * 1.2 + 1 > h)
		lines = 0;
	ty = y + h / 2 + tfs * 0.35 - lines * sfs * 0.6;
	cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, tfs);
	cairo_text_extents(cr, name, &te);
	plan_show(cr, name, x + w / 2 - te.x_advance / 2, ty, tfs * 0.25);
	if (lines > 0) {
		cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
		    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
		cairo_set_font_size(cr, sfs);
		ty += sfs * 1.35;
		plan_show(cr, ra, x + w / 2 - ea.x_advance / 2, ty, sfs * 0.4);
		if (lines == 2) {
			ty += sfs * 1.2;
			plan_show(cr, rb, x + w / 2 - eb.x_advance / 2, ty,
			    sfs * 0.4);
		}
	}
	cairo_restore(cr);
}

/* The assembly plan: the whole map small, with every tile outlined,
 * numbered with what it holds, or hatched when it is not printed. */
static void
plan_page(struct rnd_doc *d, const struct rnd_map_opts *o,
    const struct tr_cells *tc, const struct tile_set *ts)
{
	const struct rnd_map_tiling *t = ts->t;
	struct rnd_map_opts small = *o;
	struct map_view v = { 0, 0, t->table_w, t->table_h, 0, 0, 0, 0, 0, 0,
		0 };
	double M = RND_TILE_MARGIN, y = M, k, bw, bh, x, ty, w, h, fs;
	double pw = fmin(t->page_w, t->page_h),
	       ph = fmax(t->page_w, t->page_h), cal = calibration_h(), notes;
	char *s, ov[32];
	int c, r, all = t->cols * t->rows;
	cairo_t *cr;

	/* The plan takes the sheet's way round that shows the table larger
	 * (about 100 mm go to text and the bars). */
	if (fmin(ph / t->table_w, (pw - 100) / t->table_h) >
	    fmin(pw / t->table_w, (ph - 100) / t->table_h)) {
		double tmp = pw;

		pw = ph;
		ph = tmp;
	}
	cr = rnd_doc_page_begin(d, pw, ph, 0);

	rnd_doc_outline(d, 0, _("Assembly plan"), 0);
	rnd_tag_begin(cr, "H1");
	y += rnd_text(cr, &MAP_LOOK(o)->title, M, y, pw - 2 * M, 0, 0,
	    o->title ? o->title : _("Battle map"));
	rnd_tag_end(cr, "H1");
	fmt_double(ov, sizeof(ov), t->overlap, 1);
	s = xasprintf(t->landscape ?
	        P_("%s. %d tile (%d across, %d down) on landscape sheet, "
	           "overlapping by %s mm. Assembly plan:",
	            "%s. %d tiles (%d across, %d down) on landscape sheets, "
	            "overlapping by %s mm. Assembly plan:",
	            all) :
	        P_("%s. %d tile (%d across, %d down) on portrait sheet, "
	           "overlapping by %s mm. Assembly plan:",
	            "%s. %d tiles (%d across, %d down) on portrait sheets, "
	            "overlapping by %s mm. Assembly plan:",
	            all),
	    o->grid_desc ? o->grid_desc : "", all, t->cols, t->rows, ov);
	rnd_tag_begin(cr, "P");
	y += 1.5 +
	    rnd_text(cr, &MAP_LOOK(o)->body, M, y + 1.5, pw - 2 * M, 0, 0, s);
	rnd_tag_end(cr, "P");
	free(s);
	/* The map as large as the notes under it and the bars at the foot,
	 * inside the margin, leave room for. */
	bw = pw - 2 * M;
	notes = plan_notes(NULL, o, ts, M, 0, pw - 2 * M);
	bh = ph - y - 4 - 2 - notes - 3 - cal - M;
	k = fmin(bw / t->table_w, bh / t->table_h);
	if (o->dump != NULL) {
		rnd_dump_box(o->dump, "page", 1, 0, 0, pw, ph, NULL);
		rnd_dump_box(o->dump, "plan", 1, M, y + 4, t->table_w * k,
		    t->table_h * k, o->grid_desc);
	}
	s = xasprintf(P_("The assembly plan: the table in %d tile, %d "
	                 "printed, numbered from Blue's left corner",
	                  "The assembly plan: the table in %d tiles, %d "
	                  "printed, numbered from Blue's left corner",
	                  all),
	    all, ts->printed);
	rnd_figure_begin(cr, s);
	free(s);
	cairo_save(cr);
	cairo_translate(cr, M, y + 4);
	cairo_scale(cr, k, k);
	small.label_fmt = NULL;
	small.dots = 0;
	v.line = 0.2 / k;
	map_draw(cr, &small, tc, &v);
	cairo_restore(cr);
	/* Tiles: outlines and numbers at the plan's scale; the plain ones
	 * hatched. */
	fs = fmin(fmax(fmin(t->area_w, t->area_h) * k * 0.22, RND_MIN_TEXT_MM),
	    5);
	for (r = 0; r < t->rows; r++)
		for (c = 0; c < t->cols; c++) {
			rnd_map_tile_rect(t, c, r, &x, &ty, &w, &h);
			if (TILE_NUM(ts, c, r) == 0)
				plan_plain(cr, o, M + x * k, y + 4 + ty * k,
				    w * k, h * k,
				    fmax(fs * 0.45, RND_MIN_TEXT_MM));
		}
	cairo_save(cr);
	rnd_set_rgb(cr, MAP_LOOK(o)->tiles);
	cairo_set_line_width(cr, 0.3);
	for (r = 0; r < t->rows; r++)
		for (c = 0; c < t->cols; c++) {
			rnd_map_tile_rect(t, c, r, &x, &ty, &w, &h);
			cairo_rectangle(cr, M + x * k, y + 4 + ty * k, w * k,
			    h * k);
			cairo_stroke(cr);
			if (TILE_NUM(ts, c, r) > 0)
				plan_name(cr, o, ts, c, r, M + x * k,
				    y + 4 + ty * k, w * k, h * k, fs);
		}
	cairo_restore(cr);
	rnd_figure_end(cr);
	y += 4 + t->table_h * k + 2;
	rnd_tag_begin(cr, "Sect");
	plan_notes(cr, o, ts, M, y, pw - 2 * M);
	rnd_tag_end(cr, "Sect");
	/* The bars at the foot, inside the margin: all of "4 in" on the
	 * sheet. */
	rnd_figure_begin(cr,
	    _("Calibration bars: 100 mm and 4 in, to check "
	      "the print is at 100%"));
	rnd_calibration(cr, M, ph - M - cal);
	rnd_figure_end(cr);
	rnd_doc_page_end(d);
}

/* The whole table on one page of its own size plus a margin. */
static void
single_page(struct rnd_doc *d, const struct rnd_map_opts *o,
    const struct tr_cells *tc)
{
	const struct grid *g = o->grid;
	/* A print shop's sheet: room to spare, and both bars at the foot. */
	double M = MAP_LOOK(o)->margin, pw = g->table_w + 2 * M,
	       ph = g->table_h + M + 24;
	cairo_t *cr = rnd_doc_page_begin(d, pw, ph, 0);
	char *s;

	rnd_doc_outline(d, 0, o->title ? o->title : _("Map"), 0);
	rnd_dump_box(o->dump, "page", 1, 0, 0, pw, ph, NULL);
	rnd_dump_box(o->dump, "map", 1, M, M, g->table_w, g->table_h,
	    o->grid_desc);
	s = xasprintf("<b>%s</b>  \xc2\xb7  %s",
	    o->title ? o->title : _("Map"), o->grid_desc ? o->grid_desc : "");
	rnd_tag_begin(cr, "H1");
	rnd_text(cr, &MAP_LOOK(o)->body, M, 3.2, pw - 2 * M, 0, 1, s);
	rnd_tag_end(cr, "H1");
	free(s);
	rnd_figure_begin(cr, o->grid_desc ? o->grid_desc : _("Map"));
	draw_part(cr, o, tc, M, M, 0, 0, g->table_w, g->table_h);
	rnd_figure_end(cr);
	rnd_calibration(cr, M, M + g->table_h + 2.5);
	rnd_text(cr, &MAP_LOOK(o)->small, M + 110, M + g->table_h + 2.5,
	    pw - 2 * M - 110, 2, 0,
	    _("Print at 100% \xe2\x80\x94 full size, one sheet."));
	rnd_doc_page_end(d);
}

static int
map_pdf(const char *path, const struct rnd_map_opts *o,
    const struct tr_cells *tc, struct diags *dg)
{
	struct rnd_meta meta = { o->title, NULL, _("Battle map at true scale"),
		"wargame, map, grid", NULL };
	struct rnd_map_tiling t;
	struct rnd_doc *d;
	struct pos nowhere = { NULL, 0, 0 };
	const char *why;
	int c, r;

	if (o->paper_w > 0 &&
	    rnd_map_tiling(o->grid->table_w, o->grid->table_h, o->paper_w,
	        o->paper_h, o->overlap, &t, &why) == -1) {
		diag_msg(dg, nowhere, MSG(MAP_TILING_FAILED), path, why);
		return -1;
	}
	if (o->paper_w <= 0 &&
	    (o->grid->table_w > 5080 || o->grid->table_h > 5080)) {
		diag_msg(dg, nowhere, MSG(TABLE_LARGER_PDF_PAGE_CAN), path);
		return -1;
	}
	d = rnd_doc_new(path, &meta, dg);
	rnd_doc_set_print_at_scale(d);
	if (o->paper_w <= 0)
		single_page(d, o, tc);
	else {
		struct tile_set ts;

		tile_set_init(&ts, o, tc, &t);
		plan_page(d, o, tc, &ts);
		/* In their numbers' order: from Blue's left corner. */
		for (r = t.rows - 1; r >= 0; r--)
			for (c = 0; c < t.cols; c++)
				if (TILE_NUM(&ts, c, r) > 0)
					tile_page(d, o, tc, &ts, c, r);
		if (o->count != NULL) {
			o->count->sheets = 1 + ts.printed;
			o->count->tiles = t.cols * t.rows;
			o->count->skipped = t.cols * t.rows - ts.printed;
		}
		free(ts.num);
	}
	return rnd_doc_close(d);
}

/* ---- PNG and SVG ---- */

static cairo_status_t
to_file(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS :
	                                              CAIRO_STATUS_WRITE_ERROR;
}

/* The area a raster or SVG shows: the grid's box, or the whole table. */
void
rnd_map_image_area(const struct grid *g, double *x, double *y, double *w,
    double *h)
{
	*x = g->kind == RS_GRID_NONE ? 0 : g->ox;
	*y = g->kind == RS_GRID_NONE ? 0 : g->oy;
	*w = g->kind == RS_GRID_NONE ? g->table_w : g->w;
	*h = g->kind == RS_GRID_NONE ? g->table_h : g->h;
}

/*
 * A PNG is drawn a band of rows at a time and its rows are handed to
 * libpng as they are made, so that the 64-million-pixel image at the
 * limit takes a band's memory (at most 20,000 x 256 pixels, 20 MB), not
 * its own 256 MB. Each band draws only what can reach it, but leaves out
 * a label only where the whole image would cut it.
 */
#define PNG_BAND 256

/* What the bands of one PNG share. */
struct png_job {
	const struct rnd_map_opts *o;
	const struct tr_cells *tc;
	double x, y, w, h; /* the area shown (table mm) */
	double scale;      /* pixels per mm */
	int pw, ph;        /* the image (pixels) */
	cairo_surface_t *band;
	unsigned char *rgb; /* one row as the PNG holds it */
	cairo_status_t status;
};

/* libpng's error: back to png_guarded's setjmp (the message is ours). */
static void
png_fail(png_structp png, png_const_charp msg)
{
	(void)msg;
	png_longjmp(png, 1);
}

static void
png_quiet(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

static void
png_out(png_structp png, png_bytep data, png_size_t len)
{
	if (fwrite(data, 1, len, png_get_io_ptr(png)) != len)
		png_error(png, "write");
}

static void
png_flush(png_structp png)
{
	(void)png;
}

/* Draw the rows from y0 of the image into the band surface. */
static void
png_draw_band(struct png_job *j, int y0, int rows)
{
	cairo_t *cr = cairo_create(j->band);
	/* Culling reaches 4 pixels past the band: a grid line 2 pixels
	 * wide, and its antialiasing, drawn from beyond it still shows. */
	double pad = 4 / j->scale;
	struct map_view v;

	memset(&v, 0, sizeof(v));
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_translate(cr, 0, -y0);
	cairo_scale(cr, j->scale, j->scale);
	cairo_translate(cr, -j->x, -j->y);
	v.x0 = j->x, v.x1 = j->x + j->w;
	v.y0 = j->y + y0 / j->scale - pad;
	v.y1 = j->y + (y0 + rows) / j->scale + pad;
	v.ex0 = j->x, v.ey0 = j->y, v.ex1 = j->x + j->w, v.ey1 = j->y + j->h;
	v.line = 2 / j->scale; /* two pixels, centred on the cell boundary */
	v.font = j->o->grid->cell * 0.14;
	v.png = 1;
	map_draw(cr, j->o, j->tc, &v);
	cairo_surface_flush(j->band);
	j->status = cairo_status(cr);
	cairo_destroy(cr);
}

/* Hand rows of the band to libpng as 8-bit RGB (cairo's xRGB words). */
static void
png_put_band(png_structp png, struct png_job *j, int rows)
{
	const unsigned char *data = cairo_image_surface_get_data(j->band);
	int stride = cairo_image_surface_get_stride(j->band), x, y;
	const uint32_t *px;

	for (y = 0; y < rows; y++) {
		px = (const uint32_t *)(const void *)(data +
		    (size_t)y * stride);
		for (x = 0; x < j->pw; x++) {
			j->rgb[3 * x] = (unsigned char)(px[x] >> 16);
			j->rgb[3 * x + 1] = (unsigned char)(px[x] >> 8);
			j->rgb[3 * x + 2] = (unsigned char)px[x];
		}
		png_write_row(png, j->rgb);
	}
}

/*
 * The image, band by band, as cairo_surface_write_to_png writes one:
 * 8-bit RGB, a white background chunk, libpng's filters and zlib's level
 * 6 -- but for an image over PNG_FAST pixels, whose every row is
 * filtered Up and deflated at level 3. Choosing a filter for each row
 * and level 6 took half a large PNG's time and more: the 64-million-
 * pixel map of 249,705 hexes takes 4.2 s of CPU so, 7.4 s else, the
 * Modern map at that size 0.8 s, not 2.9. The pixels are the same; the
 * file is from 7 % smaller (hexes of an inch) to twice as large (the
 * Modern map).
 */
#define PNG_FAST (16.0 * 1024 * 1024)

static void
png_rows(png_structp png, png_infop info, struct png_job *j)
{
	png_color_16 white = { 0, 255, 255, 255, 255 };
	int y0, rows;

	png_set_IHDR(png, info, (png_uint_32)j->pw, (png_uint_32)j->ph, 8,
	    PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
	    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_bKGD(png, info, &white);
	if ((double)j->pw * j->ph > PNG_FAST) {
		png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
		png_set_compression_level(png, 3);
	}
	png_write_info(png, info);
	for (y0 = 0; y0 < j->ph; y0 += PNG_BAND) {
		rows = j->ph - y0 < PNG_BAND ? j->ph - y0 : PNG_BAND;
		png_draw_band(j, y0, rows);
		if (j->status != CAIRO_STATUS_SUCCESS)
			return;
		png_put_band(png, j, rows);
	}
	png_write_end(png, info);
}

/* png_rows under libpng's setjmp: 0, or -1 when libpng failed. */
static int
png_guarded(png_structp png, png_infop info, FILE *fp, struct png_job *j)
{
	if (setjmp(png_jmpbuf(png)))
		return -1;
	png_set_write_fn(png, fp, png_out, png_flush);
	png_rows(png, info, j);
	return 0;
}

/* Write the image to fp; returns 0, or -1 when libpng failed (j->status
 * says when drawing did). */
static int
png_write(FILE *fp, struct png_job *j)
{
	png_structp png;
	png_infop info = NULL;
	int rc = -1;

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail,
	    png_quiet);
	if (png != NULL && (info = png_create_info_struct(png)) != NULL)
		rc = png_guarded(png, info, fp, j);
	png_destroy_write_struct(&png, &info);
	return rc;
}

static int
map_png(const char *path, const struct rnd_map_opts *o,
    const struct tr_cells *tc, struct diags *dg)
{
	const struct grid *g = o->grid;
	struct pos nowhere = { NULL, 0, 0 };
	double unit = g->kind == RS_GRID_NONE ? 25.4 : g->cell, pw, ph;
	struct png_job j;
	struct atomic_file af;
	char *why = NULL;
	int rc = -1;

	memset(&j, 0, sizeof(j));
	j.o = o;
	j.tc = tc;
	j.scale = o->px_per_cell / unit;
	rnd_map_image_area(g, &j.x, &j.y, &j.w, &j.h);
	pw = round(j.w * j.scale);
	ph = round(j.h * j.scale);
	if (!(o->px_per_cell > 0) || pw < 1 || ph < 1 || pw > RND_MAP_MAX_PX ||
	    ph > RND_MAP_MAX_PX || pw * ph > RND_MAP_MAX_PIXELS) {
		diag_msg(dg, nowhere, MSG(IMAGE_WOULD_X_PIXELS_USE), path, pw,
		    ph, RND_MAP_MAX_PX);
		return -1;
	}
	j.pw = (int)pw;
	j.ph = (int)ph;
	if (atomic_open(&af, path, &why) == -1)
		goto out;
	j.band = cairo_image_surface_create(CAIRO_FORMAT_RGB24, j.pw,
	    j.ph < PNG_BAND ? j.ph : PNG_BAND);
	j.rgb = xmalloc((size_t)j.pw * 3);
	if (cairo_surface_status(j.band) != CAIRO_STATUS_SUCCESS)
		j.status = cairo_surface_status(j.band);
	else if (png_write(af.fp, &j) == 0 &&
	    j.status == CAIRO_STATUS_SUCCESS) {
		rc = atomic_commit(&af, &why);
		goto out;
	}
	atomic_abandon(&af);
	why = j.status != CAIRO_STATUS_SUCCESS ?
	    xasprintf("%s: %s", path, cairo_status_to_string(j.status)) :
	    xasprintf("%s: cannot write the PNG", path);
out:
	cairo_surface_destroy(j.band);
	free(j.rgb);
	if (rc == -1) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
	}
	return rc;
}

static int
map_svg(const char *path, const struct rnd_map_opts *o,
    const struct tr_cells *tc, struct diags *dg)
{
	const struct grid *g = o->grid;
	struct pos nowhere = { NULL, 0, 0 };
	struct map_view v;
	struct atomic_file af;
	cairo_surface_t *s;
	cairo_t *cr;
	double x, y, w, h;
	char *why = NULL;
	int rc = -1;

	if (atomic_open(&af, path, &why) == -1) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		return -1;
	}
	rnd_map_image_area(g, &x, &y, &w, &h);
	/* Document unit mm: one user unit is one millimetre. */
	s = cairo_svg_surface_create_for_stream(to_file, af.fp, w, h);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_MM);
	cr = cairo_create(s);
	cairo_translate(cr, -x, -y);
	v.x0 = x, v.y0 = y, v.x1 = x + w, v.y1 = y + h;
	v.line = 0.3;
	v.font = label_size(g->cell);
	v.png = 1;
	map_draw(cr, o, tc, &v);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		atomic_abandon(&af);
		why = xasprintf("%s: cannot write the SVG", path);
	} else
		rc = atomic_commit(&af, &why);
	cairo_surface_destroy(s);
	if (rc == -1) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
	}
	return rc;
}

/* 1 when path ends in ext (case-insensitive). */
static int
ends_with(const char *path, const char *ext)
{
	size_t n = strlen(path), m = strlen(ext);

	return n >= m && strcasecmp(path + n - m, ext) == 0;
}

/* The settings templates/battle-map.yaml may have. */
static const char *const map_keys[] = { "product", "font", "label-font",
	"title-size", "size", "small-size", "legend-size", "colours",
	"instructions", "legend", "margin", NULL };

/* Read the template's look into *l; returns -1 on a bad value (errors
 * in dg, at their lines). */
static int
map_look_from(const struct rs_node *t, struct rnd_map_look *l,
    struct diags *dg)
{
	static const char *const colours[] = { "grid", "label", "ruler",
		"tiles", NULL };
	const struct rnd_map_look *d = &map_look_default;
	const struct rs_node *c = rs_node_get(t, "colours");
	size_t errs = diags_count(dg, SEV_ERROR);
	const char *font;

	rnd_tmpl_keys(t, map_keys, "setting", dg);
	rnd_tmpl_keys(c, colours, "colour", dg);
	*l = *d;
	font = rnd_tmpl_font(t, "font", d->body.family, dg);
	l->title.family = l->body.family = l->small.family = l->legend.family =
	    font;
	l->label_font = rnd_tmpl_font(t, "label-font", d->label_font, dg);
	l->title.size_pt = rnd_tmpl_num(t, "title-size", d->title.size_pt, 4,
	    72, dg);
	l->body.size_pt = rnd_tmpl_num(t, "size", d->body.size_pt, 4, 72, dg);
	l->small.size_pt = rnd_tmpl_num(t, "small-size", d->small.size_pt, 4,
	    72, dg);
	l->legend.size_pt = rnd_tmpl_num(t, "legend-size", d->legend.size_pt,
	    4, 72, dg);
	l->grid = rnd_tmpl_rgb(c, "grid", d->grid, dg);
	l->label = rnd_tmpl_rgb(c, "label", d->label, dg);
	l->ruler = rnd_tmpl_rgb(c, "ruler", d->ruler, dg);
	l->tiles = rnd_tmpl_rgb(c, "tiles", d->tiles, dg);
	l->instructions = rnd_tmpl_bool(t, "instructions", 1, dg);
	l->legend_on = rnd_tmpl_bool(t, "legend", 1, dg);
	l->margin = rnd_tmpl_len(t, "margin", d->margin, 5, 50, dg);
	return diags_count(dg, SEV_ERROR) > errs ? -1 : 0;
}

/* Write the map as its path's ending says; returns 0 or -1. */
static int
map_write(const char *path, const struct rnd_map_opts *o, struct diags *dg)
{
	struct tr_cells *tc = NULL;
	struct pos nowhere = { NULL, 0, 0 };
	int rc;

	if (o->bf != NULL && o->snap && o->grid->kind != RS_GRID_NONE)
		tc = tr_snap(o->bf, o->grid);
	if (ends_with(path, ".png"))
		rc = map_png(path, o, tc, dg);
	else if (ends_with(path, ".svg"))
		rc = map_svg(path, o, tc, dg);
	else if (ends_with(path, ".pdf"))
		rc = map_pdf(path, o, tc, dg);
	else {
		diag_msg(dg, nowhere, MSG(OUTPUT_MUST_END_PDF_PNG), path);
		rc = -1;
	}
	tr_cells_free(tc);
	return rc;
}

int
rnd_map(const char *path, const struct rnd_map_opts *opts, struct diags *dg)
{
	struct rnd_map_opts with = *opts, *o = &with;
	struct rnd_map_look look;
	struct rs_node *t;
	char *tfile = NULL;
	int rc;

	if ((t = rnd_template_load(opts->tmpl, "map", &tfile, dg)) == NULL)
		return -1;
	rc = map_look_from(t, &look, dg);
	if (rc == 0) {
		with.look = &look;
		rc = map_write(path, o, dg);
	}
	/* The look points into the template: free it after. */
	rs_node_free(t);
	free(tfile);
	return rc;
}
