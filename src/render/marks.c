/* marks.c: what printed sheets carry besides content — crop marks and
 * calibration bars. All in mm. */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

void
rnd_set_rgb(cairo_t *cr, unsigned rgb)
{
	cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0,
	    ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

/* One hairline from (x0, y0) to (x1, y1). */
static void
hairline(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

void
rnd_crop_marks(cairo_t *cr, double x, double y, double w, double h, double len,
    double off)
{
	rnd_crop_marks_grid(cr, x, y, 1, 1, w, h, 0, len, off);
}

void
rnd_crop_marks_grid(cairo_t *cr, double x, double y, int cols, int rows,
    double cw, double ch, double gap, double len, double off)
{
	double gw = cols * cw + (cols - 1) * gap;
	double gh = rows * ch + (rows - 1) * gap;
	int i;

	if (len <= 0)
		return;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.12);
	/* Vertical cut lines: left and right edge of every column. */
	for (i = 0; i < cols; i++) {
		double xs[2] = { x + i * (cw + gap), x + i * (cw + gap) + cw };
		int k;

		for (k = 0; k < 2; k++) {
			if (k == 1 && gap == 0 && i < cols - 1)
				continue;
			hairline(cr, xs[k], y - off, xs[k], y - off - len);
			hairline(cr, xs[k], y + gh + off, xs[k],
			    y + gh + off + len);
		}
	}
	/* Horizontal cut lines. */
	for (i = 0; i < rows; i++) {
		double ys[2] = { y + i * (ch + gap), y + i * (ch + gap) + ch };
		int k;

		for (k = 0; k < 2; k++) {
			if (k == 1 && gap == 0 && i < rows - 1)
				continue;
			hairline(cr, x - off, ys[k], x - off - len, ys[k]);
			hairline(cr, x + gw + off, ys[k], x + gw + off + len,
			    ys[k]);
		}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* One bar of length mm with ticks every step mm (major every major);
 * returns nothing. */
static void
bar(cairo_t *cr, double x, double y, double length, double step, int major)
{
	int i, n = (int)(length / step + 0.5);

	cairo_rectangle(cr, x, y, length, 1.2);
	cairo_fill(cr);
	for (i = 0; i <= n; i++) {
		double t = (i % major == 0) ? 2.5 : 1.5;

		hairline(cr, x + i * step, y + 1.2, x + i * step, y + 1.2 + t);
	}
	cairo_stroke(cr);
}

/* Returns the height used (mm). */
double
rnd_calibration(cairo_t *cr, double x, double y)
{
	struct rnd_font f = { "DejaVu Sans", 6.5, 0, 0 };
	double h;

	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.15);
	bar(cr, x, y, 100.0, 1.0, 10);
	h = rnd_text(cr, &f, x, y + 4.0, 0, 0, 0,
	    _("100 mm \xe2\x80\x94 if this bar is not 100 mm, print at 100% "
	      "(\xe2\x80\x9c"
	      "actual size\xe2\x80\x9d)"));
	y += 4.0 + h + 1.0;
	bar(cr, x, y, 4 * RND_IN_MM, RND_IN_MM / 8, 8);
	h += rnd_text(cr, &f, x, y + 4.0, 0, 0, 0, "4 in");
	cairo_restore(cr);
	return 4.0 + h + 1.0 + 4.0;
}

/* Returns the height used (mm): one 100 mm bar with its label beside it. */
double
rnd_calibration_line(cairo_t *cr, double x, double y)
{
	struct rnd_font f = { "DejaVu Sans", 6.5, 0, 0 };

	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.15);
	bar(cr, x, y, 100.0, 1.0, 10);
	rnd_text(cr, &f, x + 102, y - 0.3, 0, 0, 0,
	    _("100 mm: print at 100% (actual size)"));
	cairo_restore(cr);
	return 4.0;
}

/* An arrow from (x0, y0) to (x1, y1), its head filled. */
static void
arrow(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	double a = atan2(y1 - y0, x1 - x0), l = 1.2;

	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
	cairo_move_to(cr, x1, y1);
	cairo_line_to(cr, x1 - l * cos(a - 0.45), y1 - l * sin(a - 0.45));
	cairo_line_to(cr, x1 - l * cos(a + 0.45), y1 - l * sin(a + 0.45));
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* The axes every product and file share, drawn small. */
void
rnd_axes_key(cairo_t *cr, double x, double y, const char *a1)
{
	struct rnd_font f = { "DejaVu Sans", 6.5, 0, 0 };
	double ox = x + 1, oy = y + RND_AXES_KEY_H - 1;
	char *s;

	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.25);
	arrow(cr, ox, oy, ox, y + 0.3);
	arrow(cr, ox, oy, ox + 7, oy);
	cairo_arc(cr, ox, oy, 0.5, 0, 2 * M_PI);
	cairo_fill(cr);
	rnd_text(cr, &f, ox + 1.5, y - 0.4, 0, 0, 0,
	    _("y: north, to Red's edge"));
	s = xasprintf(_("x: east%s%s at Blue's left corner"),
	    a1 != NULL ? "; " : "", a1 != NULL ? a1 : "");
	rnd_text(cr, &f, ox + 8, oy - 1.6, 0, 0, 0, s);
	free(s);
	cairo_restore(cr);
}
