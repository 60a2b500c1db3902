#define _GNU_SOURCE
/* The report's charts (drawn into an image and looked at pixel by pixel)
 * and the report itself (sample data: pages, determinism). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/render/chart.h"
#include "../../src/engine/engine.h"
#include "../../src/render/report/report.h"

#define PX 4.0 /* pixels per mm of the test image */

static cairo_surface_t *img;
static cairo_t *cr;

static void
canvas(void)
{
	img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200 * PX,
	    200 * PX);
	cr = cairo_create(img);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, PX, PX);
}

static void
canvas_done(void)
{
	cairo_destroy(cr);
	cairo_surface_destroy(img);
}

/* Grey level 0..255 of the pixel at (x, y) mm. */
static int
at(double x, double y)
{
	unsigned char *d;
	uint32_t p;

	cairo_surface_flush(img);
	d = cairo_image_surface_get_data(img);
	p = *(uint32_t *)(d +
	    (int)(y * PX) * cairo_image_surface_get_stride(img) +
	    (int)(x * PX) * 4);
	return (int)(p & 0xff);
}

Test(chart, heat_map_grey_follows_value, .init = canvas, .fini = canvas_done)
{
	const char *rows[] = { "a", "b" }, *cols[] = { "c", "d" };
	double v[] = { 0.0, 1.0, -1, 0.5 };
	struct rnd_heat h = { rows, cols, 2, 2, v, NULL, NULL, NULL, "P" };
	double height = rnd_chart_heat(cr, 10, 10, 60, &h);

	cr_assert_gt(height, 20);
	/* Cells are 20 mm wide from gx; find them by scanning row 1. */
	{
		double y0 = 0, x;
		int dark = 0, light = 0;

		/* The dark cell (v = 1) and the white one (v = 0) exist. */
		for (y0 = 10; y0 < 10 + height; y0 += 0.5)
			for (x = 10; x < 70; x += 0.5) {
				int g = at(x, y0);

				if (g < 80)
					dark++;
				if (g > 250)
					light++;
			}
		cr_assert_gt(dark, 100, "a cell of 100%% is dark");
		cr_assert_gt(light, 100);
	}
}

Test(chart, bars_scale_with_value, .init = canvas, .fini = canvas_done)
{
	const char *cats[] = { "x", "y" };
	double v[] = { 1.0, 0.25 };
	struct rnd_series s = { "s", v, NULL, NULL, NULL, RND_FILL_DARK,
		NULL };
	struct rnd_bars b;
	double h, x, len[2] = { 0, 0 };
	int i;

	memset(&b, 0, sizeof(b));
	b.cats = cats;
	b.ncats = 2;
	b.series = &s;
	b.nseries = 1;
	b.vmax = 1;
	b.ref = -1;
	h = rnd_chart_bars(cr, 0, 0, 100, &b);
	cr_assert_gt(h, 10);
	/* Bar i's centre is at gap/2 + i * (bh + gap) + bh/2. */
	for (i = 0; i < 2; i++) {
		double y = 1.3 + i * (5.5 + 2.6) + 2.75;

		for (x = 0; x < 100; x += 0.25)
			if (at(x, y) < 100)
				len[i] += 0.25;
	}
	cr_assert_gt(len[0], 3.5 * len[1], "full bar %g vs quarter %g", len[0],
	    len[1]);
	cr_assert_lt(len[0], 4.5 * len[1]);
}

Test(chart, table_breaks_at_height, .init = canvas, .fini = canvas_done)
{
	static const double colw[] = { 0.5, 0.5 };
	const char *head[] = { "a", "b" };
	const char *cells[40];
	struct rnd_table t;
	size_t next, i;
	double h;

	for (i = 0; i < 40; i++)
		cells[i] = i % 2 ? "1" : "rule";
	memset(&t, 0, sizeof(t));
	t.ncols = 2;
	t.colw = colw;
	t.head = head;
	t.cells = cells;
	t.nrows = 20;
	h = rnd_chart_table(cr, 0, 0, 100, 30, &t, 0, &next);
	cr_assert_leq(h, 30.01);
	cr_assert_gt(next, 2);
	cr_assert_lt(next, 20, "20 rows do not fit in 30 mm");
	rnd_chart_table(cr, 0, 0, 100, 1000, &t, next, &next);
	cr_assert_eq(next, 20);
}

Test(chart, histogram_empty_draws_nothing, .init = canvas, .fini = canvas_done)
{
	long c[] = { 1, 5, 2 };

	cr_assert_eq(rnd_chart_hist(cr, 0, 0, 100, 50, c, 0, 1, "x", "y",
	                 NULL),
	    0);
	cr_assert_gt(rnd_chart_hist(cr, 0, 0, 100, 50, c, 3, 1, "x", "y", "l"),
	    50);
}

/* Render the sample report; returns its bytes. */
static char *
sample(const char *path, size_t *len)
{
	struct rnd_report r;
	struct rnd_opts o;
	struct diags dg = { 0 };
	char *data, *why;

	rnd_report_init(&r);
	rnd_report_sample(&r);
	rnd_opts_init(&o);
	o.tmpl = "report";
	cr_assert_eq(rnd_report(NULL, &r, path, &o, &dg), 0);
	cr_assert_eq(diags_worst(&dg), -1);
	rnd_report_free(&r);
	cr_assert_eq(file_slurp(path, 1 << 24, &data, len, &why), 0);
	file_inputs_forget();
	return data;
}

Test(report, sample_is_deterministic)
{
	char dir[] = "/tmp/rpttestXXXXXX", *path, *a, *b;
	size_t la, lb;

	cr_assert_not_null(mkdtemp(dir));
	path = xasprintf("%s/r.pdf", dir);
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	a = sample(path, &la);
	b = sample(path, &lb);
	cr_assert_eq(la, lb);
	cr_assert(memcmp(a, b, la) == 0, "two runs differ");
	cr_assert_not_null(memmem(a, la, "/Outlines", 9));
	free(a);
	free(b);
	unlink(path);
	rmdir(dir);
	free(path);
}

Test(report, helpers_copy_and_free)
{
	struct rnd_report r;
	struct rnd_matrix *m;
	char label[] = "blue";

	rnd_report_init(&r);
	rnd_report_rate(&r, label, 4, 10, 0.4, 0.2, 0.6);
	label[0] = 'X';
	cr_assert_str_eq(r.rates[0].label, "blue");
	m = rnd_report_matrix(&r, "m", 2, 3);
	cr_assert_eq(m->v[5], -1);
	rnd_report_fact(&r, "a", "1");
	rnd_report_fact(&r, "b", "2");
	cr_assert_str_eq(r.facts[3], "2");
	rnd_report_free(&r);
	cr_assert_eq(r.nrates, 0);
}

/* Self-play's counts for the report: every game in the length histogram,
 * every destroyed unit credited to exactly one enemy (firepower), and the
 * same counts for any number of threads. */
Test(report, selfplay_counts_for_the_report)
{
	struct diags dg = { 0 };
	struct ruleset *rs = rs_read("../rulesets/morschauser-modern.md", &dg);
	struct eng_ctx *c;
	struct eng_stats *a = xcalloc(1, sizeof(*a)),
	                 *b = xcalloc(1, sizeof(*b));
	long games = 0, fielded = 0, survived = 0, kills = 0;
	size_t k;

	cr_assert_not_null(rs);
	c = eng_ctx_new(rs, -1, 0, &dg);
	cr_assert_not_null(c);
	eng_selfplay(c, 200, 7, 1, a);
	eng_selfplay(c, 200, 7, 2, b);
	for (k = 0; k < ENG_TURNS_HIST; k++) {
		games += a->turns_hist[k];
		cr_assert_eq(a->turns_hist[k], b->turns_hist[k]);
	}
	cr_assert_eq(games, 200);
	for (k = 0; k < RS_MAX_UNITS; k++) {
		fielded += a->fielded[k];
		survived += a->survived[k];
		kills += a->kills[k];
		cr_assert_eq(a->kills[k], b->kills[k]);
		cr_assert_eq(a->survived[k], b->survived[k]);
	}
	cr_assert_gt(fielded, 0);
	cr_assert_eq(kills, fielded - survived, "%ld kills, %ld units lost",
	    kills, fielded - survived);
	eng_ctx_free(c);
	rs_free(rs);
	diags_free(&dg);
	free(a);
	free(b);
}
