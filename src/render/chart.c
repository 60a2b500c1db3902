/*
 * chart.c: bar charts with error bars, histograms, heat maps and tables,
 * drawn with Cairo in millimetres. Grey levels and hatching only, so a
 * chart reads the same printed in black and white.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define FONT "DejaVu Sans"

static const struct rnd_font f_tick = { FONT, 7.0, 0, 0 };
static const struct rnd_font f_label = { FONT, 8.0, 0, 0 };
static const struct rnd_font f_cell = { FONT, 7.5, 1, 0 };
static const struct rnd_font f_small = { FONT, 6.0, 0, 0 };

/* Width and height of a text in a font (mm). */
static void
text_size(cairo_t *cr, const struct rnd_font *f, const char *s, double *w,
    double *h)
{
	PangoLayout *l = rnd_layout_new(cr, f, 0);

	rnd_layout_text(l, s);
	rnd_layout_size(l, w, h);
	g_object_unref(l);
}

/* Draw s with its anchor at (x, y): ax 0 left, 1 centre, 2 right; ay 0
 * top, 1 middle, 2 bottom. Returns the text's width. */
static double
text_at(cairo_t *cr, const struct rnd_font *f, double x, double y, int ax,
    int ay, const char *s)
{
	PangoLayout *l = rnd_layout_new(cr, f, 0);
	double w, h;

	rnd_layout_text(l, s);
	rnd_layout_size(l, &w, &h);
	rnd_layout_draw(cr, l, x - w * ax / 2.0, y - h * ay / 2.0);
	g_object_unref(l);
	return w;
}

/* The same turned a quarter left (reading upwards), centred on (x, y). */
static void
text_up(cairo_t *cr, const struct rnd_font *f, double x, double y,
    const char *s)
{
	PangoLayout *l = rnd_layout_new(cr, f, 0);
	double w, h;

	rnd_layout_text(l, s);
	rnd_layout_size(l, &w, &h);
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_rotate(cr, -M_PI / 2);
	rnd_layout_draw(cr, l, -w / 2, -h / 2);
	cairo_restore(cr);
	g_object_unref(l);
}

/* Returns a "nice" tick step (1, 2 or 5 times a power of ten) giving
 * about n ticks up to vmax. */
static double
nice_step(double vmax, int n)
{
	double raw = vmax / n, p = pow(10, floor(log10(raw))), m = raw / p;

	if (m <= 1)
		return p;
	if (m <= 2)
		return 2 * p;
	if (m <= 5)
		return 5 * p;
	return 10 * p;
}

/* A tick label: "40%" for percentages, else the shortest number. */
static void
tick_label(char *buf, size_t sz, double v, int percent)
{
	char n[24];

	fmt_double(n, sizeof(n), percent ? v * 100 : v, 1);
	snprintf(buf, sz, "%s%s", n, percent ? "%" : "");
}

/* Set a grey source, 0 black to 1 white. */
static void
grey(cairo_t *cr, double g)
{
	cairo_set_source_rgb(cr, g, g, g);
}

/* Parallel lines at the given angle (radians) every gap mm across the
 * rectangle, clipped to it. */
static void
hatch(cairo_t *cr, double x, double y, double w, double h, double angle,
    double gap)
{
	double d = w + h, t;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_translate(cr, x + w / 2, y + h / 2);
	cairo_rotate(cr, angle);
	for (t = -d; t <= d; t += gap) {
		cairo_move_to(cr, t, -d);
		cairo_line_to(cr, t, d);
	}
	cairo_set_line_width(cr, 0.25);
	grey(cr, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

void
rnd_chart_fill(cairo_t *cr, double x, double y, double w, double h,
    enum rnd_fill f)
{
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	switch (f) {
	case RND_FILL_DARK:
		grey(cr, 0.3);
		cairo_fill(cr);
		break;
	case RND_FILL_LIGHT:
		grey(cr, 0.78);
		cairo_fill(cr);
		break;
	case RND_FILL_HATCH:
		grey(cr, 1);
		cairo_fill(cr);
		hatch(cr, x, y, w, h, M_PI / 4, 1.1);
		break;
	case RND_FILL_CROSS:
	case RND_FILL__MAX:
	default:
		grey(cr, 1);
		cairo_fill(cr);
		hatch(cr, x, y, w, h, M_PI / 4, 1.4);
		hatch(cr, x, y, w, h, -M_PI / 4, 1.4);
		break;
	}
	cairo_rectangle(cr, x, y, w, h);
	cairo_set_line_width(cr, 0.2);
	grey(cr, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A diamond centred on (x, y), black with a white rim; returns
 * nothing. */
static void
diamond(cairo_t *cr, double x, double y, double r)
{
	cairo_save(cr);
	cairo_move_to(cr, x, y - r);
	cairo_line_to(cr, x + r, y);
	cairo_line_to(cr, x, y + r);
	cairo_line_to(cr, x - r, y);
	cairo_close_path(cr);
	grey(cr, 0);
	cairo_fill_preserve(cr);
	grey(cr, 1);
	cairo_set_line_width(cr, 0.25);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Returns the width used by the key. fill -1: an error bar; -2: a
 * dashed reference line; -3: a diamond. */
double
rnd_chart_key(cairo_t *cr, double x, double y, int fill, const char *label)
{
	double w;

	cairo_save(cr);
	if (fill >= 0)
		rnd_chart_fill(cr, x, y + 0.6, 5, 2.8, (enum rnd_fill)fill);
	else if (fill == -3)
		diamond(cr, x + 2.5, y + 2, 1.6);
	else {
		grey(cr, 0);
		cairo_set_line_width(cr, 0.3);
		if (fill == -2) {
			double dash[] = { 1.0, 0.8 };

			cairo_set_dash(cr, dash, 2, 0);
			cairo_move_to(cr, x + 2.5, y);
			cairo_line_to(cr, x + 2.5, y + 4);
		} else {
			cairo_move_to(cr, x, y + 2);
			cairo_line_to(cr, x + 5, y + 2);
			cairo_move_to(cr, x, y + 1);
			cairo_line_to(cr, x, y + 3);
			cairo_move_to(cr, x + 5, y + 1);
			cairo_line_to(cr, x + 5, y + 3);
		}
		cairo_stroke(cr);
	}
	grey(cr, 0);
	w = text_at(cr, &f_label, x + 6.5, y + 2, 0, 1, label);
	cairo_restore(cr);
	return 6.5 + w + 5;
}

/* A legend entry at (*kx, *y), on a new line from x0 when it would pass
 * x1; advances *kx (and *y). */
static void
key_flow(cairo_t *cr, double x0, double x1, double *kx, double *y, int fill,
    const char *label)
{
	double tw;

	text_size(cr, &f_label, label, &tw, NULL);
	if (*kx > x0 && *kx + 6.5 + tw > x1) {
		*kx = x0;
		*y += 5;
	}
	*kx += rnd_chart_key(cr, *kx, *y, fill, label);
}

/* The largest value of the bar chart (bar ends and error bars). */
static double
bars_max(const struct rnd_bars *b)
{
	double m = 0;
	size_t s, i;

	for (s = 0; s < b->nseries; s++)
		for (i = 0; i < b->ncats; i++) {
			if (b->series[s].v[i] > m)
				m = b->series[s].v[i];
			if (b->series[s].hi != NULL && b->series[s].hi[i] > m)
				m = b->series[s].hi[i];
		}
	return m > 0 ? m : 1;
}

/* The value axis under a plot from px to px + pw at y: ticks, labels,
 * grid lines up to top, and the axis title. Returns the height used. */
static double
value_axis(cairo_t *cr, double px, double pw, double top, double y,
    double vmax, double step, int percent, const char *title)
{
	char buf[32];
	double v, h = 0, th;

	cairo_save(cr);
	for (v = 0; v <= vmax + step * 1e-6; v += step) {
		double tx = px + pw * v / vmax;

		grey(cr, 0.82);
		cairo_set_line_width(cr, 0.15);
		cairo_move_to(cr, tx, top);
		cairo_line_to(cr, tx, y);
		cairo_stroke(cr);
		grey(cr, 0);
		cairo_move_to(cr, tx, y);
		cairo_line_to(cr, tx, y + 1.2);
		cairo_stroke(cr);
		tick_label(buf, sizeof(buf), v, percent);
		text_size(cr, &f_tick, buf, NULL, &th);
		text_at(cr, &f_tick, tx, y + 1.6, 1, 0, buf);
	}
	grey(cr, 0);
	cairo_set_line_width(cr, 0.3);
	cairo_move_to(cr, px, y);
	cairo_line_to(cr, px + pw, y);
	cairo_stroke(cr);
	h = 1.6 + th + 0.8;
	if (title != NULL) {
		text_size(cr, &f_label, title, NULL, &th);
		text_at(cr, &f_label, px + pw / 2, y + h, 1, 0, title);
		h += th;
	}
	cairo_restore(cr);
	return h;
}

/* Draws one bar with its error bar and text; returns nothing. */
static void
bar_one(cairo_t *cr, const struct rnd_series *s, size_t i, double px,
    double pw, double vmax, double by, double bh, int right)
{
	double end = px + pw * s->v[i] / vmax, tx = end;

	if (s->v[i] > 0)
		rnd_chart_fill(cr, px, by, end - px, bh, s->fill);
	if (s->lo != NULL && s->hi != NULL) {
		double x0 = px + pw * s->lo[i] / vmax;
		double x1 = px + pw * s->hi[i] / vmax, cy = by + bh / 2;

		cairo_save(cr);
		/* A white halo keeps the bar visible on dark fills. */
		grey(cr, 1);
		cairo_set_line_width(cr, 0.9);
		cairo_move_to(cr, x0, cy);
		cairo_line_to(cr, x1, cy);
		cairo_stroke(cr);
		grey(cr, 0);
		cairo_set_line_width(cr, 0.35);
		cairo_move_to(cr, x0, cy);
		cairo_line_to(cr, x1, cy);
		cairo_move_to(cr, x0, by + 0.3);
		cairo_line_to(cr, x0, by + bh - 0.3);
		cairo_move_to(cr, x1, by + 0.3);
		cairo_line_to(cr, x1, by + bh - 0.3);
		cairo_stroke(cr);
		cairo_restore(cr);
		if (x1 > tx)
			tx = x1;
	}
	if (right)
		tx = px + pw + 1;
	if (s->mark != NULL && s->mark[i] >= 0)
		diamond(cr, px + pw * s->mark[i] / vmax, by + bh / 2,
		    bh * 0.38);
	if (s->text != NULL && s->text[i] != NULL) {
		grey(cr, 0);
		text_at(cr, &f_tick, tx + 1.5, by + bh / 2, 0, 1, s->text[i]);
	}
}

/* Returns the height used. */
double
rnd_chart_bars(cairo_t *cr, double x, double y, double w,
    const struct rnd_bars *b)
{
	double labw = 0, textw = 0, tw, th, bh = b->nseries > 1 ? 4.2 : 5.5;
	double gap = 2.6, px, pw, gy;
	double vmax = b->vmax > 0 ? b->vmax : 0, step, kx, top = y;
	size_t i, s;

	if (b->ncats == 0 || b->nseries == 0)
		return 0;
	for (i = 0; i < b->ncats; i++) {
		text_size(cr, &f_label, b->cats[i], &tw, NULL);
		if (tw > labw)
			labw = tw;
		for (s = 0; s < b->nseries; s++)
			if (b->series[s].text != NULL &&
			    b->series[s].text[i] != NULL) {
				text_size(cr, &f_tick, b->series[s].text[i],
				    &tw, NULL);
				if (tw > textw)
					textw = tw;
			}
	}
	if (labw > w * 0.4)
		labw = w * 0.4;
	px = x + labw + 3;
	pw = w - (px - x) - textw - 3;
	if (vmax <= 0)
		vmax = bars_max(b);
	step = nice_step(vmax, 5);
	vmax = ceil(vmax / step - 1e-9) * step;
	gy = y + gap / 2;
	/* Grid and axis first, so bars are drawn over the grid lines. */
	y += b->ncats * (b->nseries * bh + gap);
	y += value_axis(cr, px, pw, top, y, vmax, step, b->percent, b->axis);
	for (i = 0; i < b->ncats; i++) {
		double cy = gy + b->nseries * bh / 2;
		PangoLayout *l = rnd_layout_new(cr, &f_label, labw);

		rnd_layout_text(l, b->cats[i]);
		pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
		rnd_layout_size(l, NULL, &th);
		grey(cr, 0);
		rnd_layout_draw(cr, l, x, cy - th / 2);
		g_object_unref(l);
		for (s = 0; s < b->nseries; s++)
			bar_one(cr, &b->series[s], i, px, pw, vmax,
			    gy + s * bh, bh, b->text_right);
		gy += b->nseries * bh + gap;
	}
	/* The value axis' zero line. */
	cairo_save(cr);
	grey(cr, 0);
	cairo_set_line_width(cr, 0.3);
	cairo_move_to(cr, px, top);
	cairo_line_to(cr, px, gy - gap / 2);
	cairo_stroke(cr);
	if (b->ref >= 0 && b->ref <= vmax) {
		double rx = px + pw * b->ref / vmax, dash[] = { 1.0, 0.8 };

		cairo_set_dash(cr, dash, 2, 0);
		cairo_set_line_width(cr, 0.3);
		cairo_move_to(cr, rx, top);
		cairo_line_to(cr, rx, gy - gap / 2);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
	/* Legend, in as many lines as it needs. */
	y += 2;
	kx = px;
	for (s = 0; s < b->nseries; s++)
		if (b->series[s].name != NULL)
			key_flow(cr, px, x + w, &kx, &y, b->series[s].fill,
			    b->series[s].name);
	if (b->err_label != NULL)
		key_flow(cr, px, x + w, &kx, &y, -1, b->err_label);
	if (b->mark_label != NULL && b->series[0].mark != NULL)
		key_flow(cr, px, x + w, &kx, &y, -3, b->mark_label);
	if (b->ref >= 0 && b->ref_label != NULL)
		key_flow(cr, px, x + w, &kx, &y, -2, b->ref_label);
	y += 5;
	return y - top;
}

/* Returns the height used. */
double
rnd_chart_hist(cairo_t *cr, double x, double y, double w, double h,
    const long *count, size_t n, long first, const char *xlabel,
    const char *ylabel, const char *legend)
{
	double left = 16, bottom, px = x + left, pw = w - left - 2, ph, th;
	double vmax = 0, step, v, bw, lw, every;
	char buf[32];
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (count[i] > vmax)
			vmax = (double)count[i];
	if (vmax <= 0)
		vmax = 1;
	step = nice_step(vmax, 5);
	if (step < 1)
		step = 1;
	vmax = ceil(vmax / step - 1e-9) * step;
	text_size(cr, &f_tick, "0", NULL, &th);
	bottom = 1.6 + th + 1 + th + 1;
	ph = h - bottom;
	bw = pw / n;
	cairo_save(cr);
	/* y axis: grid, ticks, labels. */
	for (v = 0; v <= vmax + 1e-9; v += step) {
		double ty = y + ph - ph * v / vmax;

		grey(cr, 0.82);
		cairo_set_line_width(cr, 0.15);
		cairo_move_to(cr, px, ty);
		cairo_line_to(cr, px + pw, ty);
		cairo_stroke(cr);
		grey(cr, 0);
		cairo_move_to(cr, px - 1.2, ty);
		cairo_line_to(cr, px, ty);
		cairo_stroke(cr);
		fmt_double(buf, sizeof(buf), v, 0);
		text_at(cr, &f_tick, px - 1.8, ty, 2, 1, buf);
	}
	if (ylabel != NULL)
		text_up(cr, &f_label, x + 2, y + ph / 2, ylabel);
	/* Bars: dark grey, white seams between neighbours. */
	for (i = 0; i < n; i++) {
		double bh = ph * count[i] / vmax;

		if (count[i] <= 0)
			continue;
		cairo_rectangle(cr, px + i * bw, y + ph - bh, bw, bh);
		grey(cr, 0.35);
		cairo_fill_preserve(cr);
		grey(cr, 1);
		cairo_set_line_width(cr, bw > 2 ? 0.3 : 0.1);
		cairo_stroke(cr);
	}
	/* x axis: a label under every `every`-th bin. */
	snprintf(buf, sizeof(buf), "%ld", first + (long)n);
	text_size(cr, &f_tick, buf, &lw, NULL);
	every = ceil((lw + 2) / bw);
	for (i = 0; i < n; i++) {
		long val = first + (long)i;
		double cx = px + (i + 0.5) * bw;

		grey(cr, 0);
		cairo_set_line_width(cr, 0.2);
		cairo_move_to(cr, cx, y + ph);
		cairo_line_to(cr, cx,
		    y + ph + (val % (long)every == 0 ? 1.2 : 0.6));
		cairo_stroke(cr);
		if (val % (long)every != 0)
			continue;
		snprintf(buf, sizeof(buf), "%ld", val);
		text_at(cr, &f_tick, cx, y + ph + 1.6, 1, 0, buf);
	}
	grey(cr, 0);
	cairo_set_line_width(cr, 0.3);
	cairo_move_to(cr, px, y);
	cairo_line_to(cr, px, y + ph);
	cairo_line_to(cr, px + pw, y + ph);
	cairo_stroke(cr);
	if (xlabel != NULL)
		text_at(cr, &f_label, px + pw / 2, y + ph + 1.6 + th + 1, 1, 0,
		    xlabel);
	cairo_restore(cr);
	if (legend != NULL) {
		cairo_save(cr);
		cairo_rectangle(cr, px + 0.3, y + h + 2.6, 5, 2.8);
		grey(cr, 0.35);
		cairo_fill(cr);
		grey(cr, 0);
		text_at(cr, &f_label, px + 6.8, y + h + 4, 0, 1, legend);
		cairo_restore(cr);
		return h + 7;
	}
	return h;
}

/* Grey level of a heat-map cell of value v (0 white, 1 dark). */
static double
heat_grey(double v)
{
	return 1 - 0.8 * v;
}

/* What a heat map prints in its cells, as room allows. */
enum heat_label { HEAT_NONE, HEAT_SMALL, HEAT_PCT, HEAT_TEXT };

/* Draws one heat-map cell; returns nothing. */
static void
heat_cell(cairo_t *cr, double x, double y, double cw, double ch, double v,
    const char *text, enum heat_label lab)
{
	char buf[32], n[24];
	double ink;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, cw, ch);
	if (v < 0) {
		grey(cr, 1);
		cairo_fill(cr);
		cairo_set_line_width(cr, 0.15);
		grey(cr, 0.7);
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x + cw, y + ch);
		cairo_move_to(cr, x + cw, y);
		cairo_line_to(cr, x, y + ch);
		cairo_stroke(cr);
		grey(cr, 0.3);
		if (lab != HEAT_NONE)
			text_at(cr, &f_small, x + cw / 2, y + ch / 2, 1, 1,
			    _("n/a"));
		cairo_restore(cr);
		return;
	}
	grey(cr, heat_grey(v));
	cairo_fill(cr);
	ink = heat_grey(v) < 0.55 ? 1 : 0;
	grey(cr, ink);
	fmt_double(n, sizeof(n), v * 100, v * 100 < 9.95 && v > 0 ? 1 : 0);
	snprintf(buf, sizeof(buf), "%s%%", n);
	if (lab == HEAT_TEXT && text != NULL) {
		text_at(cr, &f_cell, x + cw / 2, y + ch / 2, 1, 2, buf);
		text_at(cr, &f_small, x + cw / 2, y + ch / 2 + 0.2, 1, 0,
		    text);
	} else if (lab == HEAT_PCT || lab == HEAT_TEXT)
		text_at(cr, &f_cell, x + cw / 2, y + ch / 2, 1, 1, buf);
	else if (lab == HEAT_SMALL)
		text_at(cr, &f_small, x + cw / 2, y + ch / 2, 1, 1, buf);
	cairo_restore(cr);
}

/* The grey ramp legend at (x, y), its title above it wrapped at w (a
 * family's long title ran off a Letter page): returns the height used. */
static double
heat_legend(cairo_t *cr, double x, double y, double w, const char *title)
{
	double lw = 60, i, th = 0;
	char buf[16];
	cairo_pattern_t *pat;

	cairo_save(cr);
	grey(cr, 0);
	if (title != NULL) {
		PangoLayout *l = rnd_layout_new(cr, &f_label, w);

		rnd_layout_text(l, title);
		rnd_layout_size(l, NULL, &th);
		rnd_layout_draw(cr, l, x, y);
		g_object_unref(l);
		th += 1;
	}
	y += th;
	pat = cairo_pattern_create_linear(x, 0, x + lw, 0);
	cairo_pattern_add_color_stop_rgb(pat, 0, heat_grey(0), heat_grey(0),
	    heat_grey(0));
	cairo_pattern_add_color_stop_rgb(pat, 1, heat_grey(1), heat_grey(1),
	    heat_grey(1));
	cairo_rectangle(cr, x, y, lw, 4);
	cairo_set_source(cr, pat);
	cairo_fill_preserve(cr);
	cairo_pattern_destroy(pat);
	grey(cr, 0);
	cairo_set_line_width(cr, 0.2);
	cairo_stroke(cr);
	for (i = 0; i <= 4; i++) {
		double tx = x + lw * i / 4;

		cairo_move_to(cr, tx, y + 4);
		cairo_line_to(cr, tx, y + 5.2);
		cairo_stroke(cr);
		snprintf(buf, sizeof(buf), "%d%%", (int)(i * 25));
		text_at(cr, &f_tick, tx, y + 5.5, 1, 0, buf);
	}
	heat_cell(cr, x + lw + 8, y, 6, 4, -1, NULL, HEAT_NONE);
	cairo_rectangle(cr, x + lw + 8, y, 6, 4);
	grey(cr, 0);
	cairo_set_line_width(cr, 0.2);
	cairo_stroke(cr);
	text_at(cr, &f_label, x + lw + 15.5, y + 2, 0, 1, _("no value"));
	cairo_restore(cr);
	return th + 10;
}

/* The column labels of a heat map at y: upright over their column when
 * the longest (colw wide) fits, else written upwards. Returns their
 * height. */
static double
col_labels(cairo_t *cr, const struct rnd_heat *m, double gx, double y,
    double cw, double colw, double lineh)
{
	double tw, th;
	size_t c;

	if (colw <= cw - 1) {
		for (c = 0; c < m->ncols; c++)
			text_at(cr, &f_label, gx + (c + 0.5) * cw, y, 1, 0,
			    m->cols[c]);
		return lineh;
	}
	for (c = 0; c < m->ncols; c++) {
		PangoLayout *l = rnd_layout_new(cr, &f_label, 0);

		rnd_layout_text(l, m->cols[c]);
		rnd_layout_size(l, &tw, &th);
		cairo_save(cr);
		cairo_translate(cr, gx + (c + 0.5) * cw - th / 2, y + colw);
		cairo_rotate(cr, -M_PI / 2);
		rnd_layout_draw(cr, l, 0, 0);
		cairo_restore(cr);
		g_object_unref(l);
	}
	return colw;
}

/* What the cells of a map with cells cw wide can print: the texts too
 * when every one fits, else the percentage, smaller, or nothing. */
static enum heat_label
heat_label(cairo_t *cr, const struct rnd_heat *m, double cw)
{
	double tw;
	size_t i;
	int fit = m->text != NULL && cw >= 7.5;

	for (i = 0; fit && i < m->nrows * m->ncols; i++)
		if (m->text[i] != NULL) {
			text_size(cr, &f_small, m->text[i], &tw, NULL);
			fit = tw <= cw - 0.8;
		}
	text_size(cr, &f_cell, "100%", &tw, NULL);
	if (tw > cw - 0.8) {
		text_size(cr, &f_small, "100%", &tw, NULL);
		return tw <= cw - 0.4 ? HEAT_SMALL : HEAT_NONE;
	}
	return fit ? HEAT_TEXT : HEAT_PCT;
}

/* Returns the height used. */
double
rnd_chart_heat(cairo_t *cr, double x, double y, double w,
    const struct rnd_heat *m)
{
	double labw = 0, colh = 0, tw, cw, ch, gx, gy, top = y, headh;
	enum heat_label lab;
	size_t r, c;

	if (m->nrows == 0 || m->ncols == 0)
		return 0;
	for (r = 0; r < m->nrows; r++) {
		text_size(cr, &f_label, m->rows[r], &tw, NULL);
		if (tw > labw)
			labw = tw;
	}
	for (c = 0; c < m->ncols; c++) {
		text_size(cr, &f_label, m->cols[c], &tw, NULL);
		if (tw > colh)
			colh = tw;
	}
	text_size(cr, &f_label, "Xg", NULL, &headh);
	gx = x + headh + 2 + labw + 2;
	cw = (x + w - gx) / m->ncols;
	if (cw > 20)
		cw = 20;
	lab = heat_label(cr, m, cw);
	ch = lab == HEAT_TEXT ? (cw < 11 ? cw : 11) : (cw < 8 ? cw : 8);
	if (ch < 5)
		ch = 5;
	cairo_save(cr);
	grey(cr, 0);
	/* Column heading and the column labels, written upwards. */
	if (m->colhead != NULL)
		text_at(cr, &f_label, gx + cw * m->ncols / 2, y, 1, 0,
		    m->colhead);
	y += headh + 1;
	colh = col_labels(cr, m, gx, y, cw, colh, headh);
	gy = y + colh + 1.5;
	if (m->rowhead != NULL)
		text_up(cr, &f_label, x + headh / 2, gy + ch * m->nrows / 2,
		    m->rowhead);
	for (r = 0; r < m->nrows; r++) {
		grey(cr, 0);
		text_at(cr, &f_label, gx - 1.5, gy + (r + 0.5) * ch, 2, 1,
		    m->rows[r]);
		for (c = 0; c < m->ncols; c++)
			heat_cell(cr, gx + c * cw, gy + r * ch, cw, ch,
			    m->v[r * m->ncols + c],
			    m->text != NULL ? m->text[r * m->ncols + c] : NULL,
			    lab);
	}
	/* Cell borders. */
	grey(cr, 0);
	cairo_set_line_width(cr, 0.15);
	for (r = 0; r <= m->nrows; r++) {
		cairo_move_to(cr, gx, gy + r * ch);
		cairo_line_to(cr, gx + m->ncols * cw, gy + r * ch);
	}
	for (c = 0; c <= m->ncols; c++) {
		cairo_move_to(cr, gx + c * cw, gy);
		cairo_line_to(cr, gx + c * cw, gy + m->nrows * ch);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	y = gy + m->nrows * ch + 3;
	y += heat_legend(cr, gx, y, x + w - gx, m->legend);
	return y - top;
}

/* Height of row r of the table (the tallest cell, wrapped). */
static double
row_height(cairo_t *cr, const struct rnd_font *f, const char *const *cells,
    size_t ncols, const double *colw, double w)
{
	double h = 0, ch;
	size_t c;

	for (c = 0; c < ncols; c++) {
		PangoLayout *l = rnd_layout_new(cr, f, colw[c] * w - 2);

		rnd_layout_text(l, cells[c] != NULL ? cells[c] : "");
		rnd_layout_size(l, NULL, &ch);
		g_object_unref(l);
		if (ch > h)
			h = ch;
	}
	return h + 1.6;
}

/* Draws one table row of height rh at y; returns nothing. */
static void
row_draw(cairo_t *cr, const struct rnd_font *f, const char *const *cells,
    const struct rnd_table *t, double x, double y, double w, int head)
{
	double cx = x;
	size_t c;

	rnd_tag_begin(cr, "TR");
	for (c = 0; c < t->ncols; c++) {
		double cw = t->colw[c] * w;
		int al = t->align != NULL ? t->align[c] : 0;

		grey(cr, 0);
		rnd_tag_begin(cr, head ? "TH" : "TD");
		rnd_text(cr, f, cx + 1, y + 0.8, cw - 2, al, 0,
		    cells[c] != NULL ? cells[c] : "");
		rnd_tag_end(cr, head ? "TH" : "TD");
		cx += cw;
	}
	rnd_tag_end(cr, "TR");
}

/* The width (mm) column c of a table needs for its header (bold) and
 * each of its cells on one line at the table's size, with the cells'
 * padding: a column of single words that must not break (a severity,
 * "avertissement" in French). */
double
rnd_chart_col_need(const struct rnd_table *t, size_t c)
{
	struct rnd_font f = { FONT, t->font_pt > 0 ? t->font_pt : 7.5, 0, 0 };
	struct rnd_font fb = f;
	double most = 0, w, h;
	size_t r;

	fb.bold = 1;
	for (r = 0; r <= t->nrows; r++) {
		const char *s = r == 0 ?
		    (t->head != NULL ? t->head[c] : NULL) :
		    t->cells[(r - 1) * t->ncols + c];
		PangoLayout *l;

		if (s == NULL)
			continue;
		l = rnd_layout_memo(r == 0 ? &fb : &f, 0, 0, 0, 0, s);
		rnd_layout_size(l, &w, &h);
		g_object_unref(l);
		if (w > most)
			most = w;
	}
	return most + 2;
}

/* Returns the height used; *next is the first row not drawn. */
double
rnd_chart_table(cairo_t *cr, double x, double y, double w, double maxh,
    const struct rnd_table *t, size_t from, size_t *next)
{
	struct rnd_font f = { FONT, t->font_pt > 0 ? t->font_pt : 7.5, 0, 0 };
	struct rnd_font fb = f;
	double top = y, hh, rh;
	size_t r = from;

	fb.bold = 1;
	cairo_save(cr);
	hh = row_height(cr, &fb, t->head, t->ncols, t->colw, w);
	grey(cr, 0.88);
	cairo_rectangle(cr, x, y, w, hh);
	cairo_fill(cr);
	rnd_tag_begin(cr, "Table");
	row_draw(cr, &fb, t->head, t, x, y, w, 1);
	grey(cr, 0);
	cairo_set_line_width(cr, 0.35);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x + w, y);
	cairo_move_to(cr, x, y + hh);
	cairo_line_to(cr, x + w, y + hh);
	cairo_stroke(cr);
	y += hh;
	for (; r < t->nrows; r++) {
		const char *const *cells = t->cells + r * t->ncols;
		int mk = t->mark != NULL && t->mark[r] == 1;
		int weak = t->mark != NULL && t->mark[r] == 2;

		rh = row_height(cr, mk ? &fb : &f, cells, t->ncols, t->colw,
		    w);
		if (y + rh > top + maxh && r > from)
			break;
		if (mk) {
			/* Highlighted: a grey band, bold text and a black
			 * bar in the margin, so it shows without colour. */
			grey(cr, 0.85);
			cairo_rectangle(cr, x, y, w, rh);
			cairo_fill(cr);
			grey(cr, 0);
			cairo_rectangle(cr, x - 2.2, y + 0.3, 1.2, rh - 0.6);
			cairo_fill(cr);
		} else if (weak) {
			/* Half marked: an open bar in the margin only. */
			grey(cr, 0);
			cairo_set_line_width(cr, 0.25);
			cairo_rectangle(cr, x - 2.1, y + 0.4, 1.0, rh - 0.8);
			cairo_stroke(cr);
		}
		row_draw(cr, mk ? &fb : &f, cells, t, x, y, w, 0);
		y += rh;
		grey(cr, 0.6);
		cairo_set_line_width(cr, 0.1);
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x + w, y);
		cairo_stroke(cr);
	}
	grey(cr, 0);
	cairo_set_line_width(cr, 0.35);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x + w, y);
	cairo_stroke(cr);
	rnd_tag_end(cr, "Table");
	cairo_restore(cr);
	*next = r;
	return y - top;
}
