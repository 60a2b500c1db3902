/*
 * chart.h: charts drawn by the project with Cairo — bar charts with
 * error bars, histograms, heat maps with a legend, and tables. They take
 * plain arrays and draw them; they compute no statistic. Everything reads
 * in black and white: series differ by grey level and hatching, heat
 * maps by grey level with the value printed in each cell.
 *
 * All positions and sizes are millimetres; each function draws at
 * (x, y) top-left, w wide, and returns the height it used.
 */
#ifndef SANDTABLE_RENDER_CHART_H
#define SANDTABLE_RENDER_CHART_H

#include "internal.h"

/* Fill styles a series can have (grey levels and hatching). */
enum rnd_fill {
	RND_FILL_DARK,
	RND_FILL_LIGHT,
	RND_FILL_HATCH,
	RND_FILL_CROSS,
	RND_FILL__MAX
};

/* One series of a bar chart: v[i] for category i; lo/hi (may be NULL)
 * the ends of an error bar; text (may be NULL) a label after each bar. */
struct rnd_series {
	const char *name;
	const double *v, *lo, *hi;
	const char *const *text;
	enum rnd_fill fill;
	const double *mark; /* may be NULL: a diamond at mark[i] (< 0: none) */
};

/* Horizontal bars: one group per category, one bar per series. */
struct rnd_bars {
	const char *const *cats;
	size_t ncats;
	const struct rnd_series *series;
	size_t nseries;
	const char *axis; /* title of the value axis */
	double vmax;      /* value axis from 0 to at least vmax (rounded
	                          up to a tick); <= 0: from the data */
	int percent;      /* values are 0..1 shown as % */
	double ref;       /* a dashed reference line at this value; < 0 none */
	const char *ref_label;  /* its legend entry */
	const char *err_label;  /* legend entry of the error bars, or NULL */
	const char *mark_label; /* legend entry of the diamonds, or NULL */
	int text_right;         /* bar texts in a column right of the plot */
};
double rnd_chart_bars(cairo_t *, double x, double y, double w,
    const struct rnd_bars *);

/* A histogram of counts: count[i] is the number of times value first + i
 * was seen; h is the plot's height. */
double rnd_chart_hist(cairo_t *, double x, double y, double w, double h,
    const long *count, size_t n, long first, const char *xlabel,
    const char *ylabel, const char *legend);

/* A heat map: v[r * ncols + c] in 0..1 (< 0: no value), text (may be
 * NULL) printed under the percentage in each cell. */
struct rnd_heat {
	const char *const *rows, *const *cols;
	size_t nrows, ncols;
	const double *v;
	const char *const *text;
	const char *rowhead, *colhead, *legend;
};
double rnd_chart_heat(cairo_t *, double x, double y, double w,
    const struct rnd_heat *);

/*
 * A table: ncols columns of relative widths colw (summing to 1), a header
 * row, and rows cells[r * ncols + c] drawn from row `from` until the next
 * row would pass y + maxh. Rows with mark[r] == 1 are highlighted (grey
 * band, bold, a black bar in the margin), mark[r] == 2 half marked (an
 * open bar in the margin). *next gets the first row not drawn.
 */
struct rnd_table {
	size_t ncols;
	const double *colw;
	const int *align; /* per column: 0 left, 2 right; may be NULL */
	const char *const *head;
	const char *const *cells;
	size_t nrows;
	const int *mark; /* may be NULL */
	double font_pt;
};
double rnd_chart_table(cairo_t *, double x, double y, double w, double maxh,
    const struct rnd_table *, size_t from, size_t *next);
double rnd_chart_col_need(const struct rnd_table *, size_t c);

/* A legend entry: a swatch of fill, or (fill < 0) -1 an error bar, -2 a
 * dashed line, -3 a diamond, and its text at (x, y); returns the width
 * used. */
double rnd_chart_key(cairo_t *, double x, double y, int fill,
    const char *label);

/* Fill a rectangle in one of the styles, outlined. */
void rnd_chart_fill(cairo_t *, double x, double y, double w, double h,
    enum rnd_fill);

#endif
