/* tile.c: content bigger than a sheet (maps, long rulers) printed over
 * several sheets that overlap a little, with marks to line them up. */
#include <math.h>
#include <stdio.h>

#include "internal.h"

/* Sheets needed along one side: the first shows area, each next one
 * step more. */
static int
tile_count(double content, double area, double step)
{
	if (content <= area + 1e-9)
		return 1;
	return 1 + (int)ceil((content - area) / step - 1e-9);
}

/* Fill t for one orientation; returns the number of sheets or 0. */
static int
tile_try(double w, double h, double pw, double ph, double margin,
    double overlap, struct rnd_tiling *t)
{
	t->page_w = pw;
	t->page_h = ph;
	t->margin = margin;
	t->overlap = overlap;
	t->content_w = w;
	t->content_h = h;
	t->area_w = pw - 2 * margin;
	t->area_h = ph - 2 * margin;
	t->step_x = t->area_w - overlap;
	t->step_y = t->area_h - overlap;
	if (t->area_w <= 0 || t->area_h <= 0 || t->step_x <= 0 ||
	    t->step_y <= 0) {
		t->cols = t->rows = 0;
		return 0;
	}
	t->cols = tile_count(w, t->area_w, t->step_x);
	t->rows = tile_count(h, t->area_h, t->step_y);
	return t->cols * t->rows;
}

/* Returns the number of sheets (0: no room). */
int
rnd_tile_plan(double w, double h, double pw, double ph, double margin,
    double overlap, struct rnd_tiling *t)
{
	struct rnd_tiling land;
	int np, nl;

	if (pw > ph) {
		double x = pw;

		pw = ph;
		ph = x;
	}
	np = tile_try(w, h, pw, ph, margin, overlap, t);
	nl = tile_try(w, h, ph, pw, margin, overlap, &land);
	if (nl > 0 && (np == 0 || nl < np)) {
		*t = land;
		return nl;
	}
	return tile_try(w, h, pw, ph, margin, overlap, t);
}

void
rnd_tile_enter(cairo_t *cr, const struct rnd_tiling *t, int col, int row)
{
	cairo_save(cr);
	cairo_rectangle(cr, t->margin, t->margin, t->area_w, t->area_h);
	cairo_clip(cr);
	cairo_translate(cr, t->margin - col * t->step_x,
	    t->margin - row * t->step_y);
}

/* An alignment cross centred on (x, y). */
static void
cross(cairo_t *cr, double x, double y)
{
	cairo_move_to(cr, x - 3, y);
	cairo_line_to(cr, x + 3, y);
	cairo_move_to(cr, x, y - 3);
	cairo_line_to(cr, x, y + 3);
	cairo_stroke(cr);
}

void
rnd_tile_marks(cairo_t *cr, const struct rnd_tiling *t, int col, int row)
{
	static const double dash[] = { 1.5, 1.0 };
	struct rnd_font f = { "DejaVu Sans", 6.5, 0, 0 };
	double x0 = t->margin, y0 = t->margin;
	double x1 = x0 + t->area_w, y1 = y0 + t->area_h;
	char label[96];

	cairo_save(cr);
	cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
	cairo_set_line_width(cr, 0.15);
	cairo_set_dash(cr, dash, 2, 0);
	/* Where the next sheet starts: the overlap's inner edge. */
	if (col + 1 < t->cols) {
		cairo_move_to(cr, x0 + t->step_x, y0);
		cairo_line_to(cr, x0 + t->step_x, y1);
	}
	if (row + 1 < t->rows) {
		cairo_move_to(cr, x0, y0 + t->step_y);
		cairo_line_to(cr, x1, y0 + t->step_y);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	cross(cr, x0, y0);
	cross(cr, x1, y0);
	cross(cr, x0, y1);
	cross(cr, x1, y1);
	snprintf(label, sizeof(label), "%c%d (column %d of %d, row %d of %d)",
	    'A' + (col % 26), row + 1, col + 1, t->cols, row + 1, t->rows);
	rnd_text(cr, &f, x0 + 4, y1 + 0.6, 0, 0, 0, label);
	cairo_restore(cr);
}
