/* Flowing text: shrink-to-fit, overflow warnings with source lines,
 * widows and orphans, tables kept together, headings kept with what
 * follows. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/render/internal.h"

static const struct rnd_style style = { "DejaVu Sans", "DejaVu Sans",
	"DejaVu Sans Mono", 9, 6.5, 0x000000, 0x6b1d1d, 0xeeeeee, 0x6b1d1d,
	NULL };

/* A paragraph of n sentences. */
static char *
para(int n)
{
	char *s = xstrdup(""), *t;
	int i;

	for (i = 0; i < n; i++) {
		t = xasprintf("%sSentence %d of a paragraph about the rules. ",
		    s, i + 1);
		free(s);
		s = t;
	}
	return s;
}

/* A flow of headings, paragraphs of varied length and small tables; the
 * source line of block k is 100 + k. */
static struct rnd_flow *
sample(int nsections)
{
	struct rnd_flow *f = rnd_flow_new(&style);
	int i, line = 100;

	for (i = 0; i < nsections; i++) {
		struct pos p = { "rules.md", 0, 1 };
		char *cells[] = { "A", "B", "1", "2", "3", "4", "5", "6" };
		char *t;

		p.line = line++;
		rnd_flow_heading(f, p, 2, "A heading");
		t = para(1 + (i * 7) % 11);
		p.line = line++;
		rnd_flow_para(f, p, t);
		free(t);
		p.line = line++;
		rnd_flow_item(f, p, 0, "\xe2\x80\xa2", "An item of a list.");
		p.line = line++;
		rnd_flow_table(f, p, 4, 2, cells, 1);
	}
	return f;
}

/* Render a flow into a throwaway document; returns pages made. */
static int
render_h(struct rnd_flow *f, int cols, int max_pages, struct diags *dg,
    double *scale, double h)
{
	struct rnd_meta m = { "t", NULL, NULL, NULL, NULL };
	struct rnd_doc *d = rnd_doc_new("/nonexistent/dir/x.pdf", &m, dg);
	struct rnd_frame fr = { 10, 10, 128, h, cols, 5, 0 };
	int n = rnd_flow_render(f, d, 148, 210, &fr, max_pages, NULL, NULL,
	    scale);

	rnd_doc_abandon(d);
	return n;
}

static int
render(struct rnd_flow *f, int cols, int max_pages, struct diags *dg,
    double *scale)
{
	return render_h(f, cols, max_pages, dg, scale, 190);
}

Test(flow, fits_at_full_size_when_short)
{
	struct diags dg = { 0 };
	struct rnd_flow *f = sample(2);
	double scale = 0;

	cr_assert_eq(render(f, 2, 1, &dg, &scale), 1);
	cr_assert_float_eq(scale, 1.0, 1e-9);
	cr_assert_eq(diags_worst(&dg), -1);
	rnd_flow_free(f);
	diags_free(&dg);
}

Test(flow, shrinks_but_not_below_the_minimum)
{
	struct diags dg = { 0 };
	struct rnd_flow *f = sample(9);
	double scale = 0;

	render(f, 2, 1, &dg, &scale);
	cr_assert(scale < 1.0, "should shrink (scale %g)", scale);
	cr_assert(scale * 9 >= 6.5 - 1e-9, "below the minimum: %g pt",
	    scale * 9);
	rnd_flow_free(f);
	diags_free(&dg);
}

Test(flow, overflow_warns_with_the_source_line)
{
	struct diags dg = { 0 };
	struct rnd_flow *f = sample(40);
	struct rnd_placed pl[2000];
	size_t n, i, last = 0;

	cr_assert_eq(render(f, 2, 1, &dg, NULL), 1);
	cr_assert_eq(diags_count(&dg, SEV_WARNING), 1);
	n = rnd_flow_placed(f, pl, 2000);
	for (i = 0; i < n; i++)
		if (pl[i].block > last)
			last = pl[i].block;
	/* The warning names the block after the last one placed (or the one
	 * cut short). */
	cr_assert_str_eq(dg.v[0].file, "rules.md");
	cr_assert(dg.v[0].line == 100 + (int)last ||
	        dg.v[0].line == 100 + (int)last + 1,
	    "line %d, last placed %zu", dg.v[0].line, last);
	cr_assert(strstr(dg.v[0].msg, "does not fit") != NULL);
	rnd_flow_free(f);
	diags_free(&dg);
}

Test(flow, no_widows_orphans_split_tables_or_stranded_headings)
{
	struct rnd_placed pl[2000];
	size_t n, i;
	int splits = 0, h;

	/* Many column heights, so that paragraphs meet column ends at every
	 * line. */
	for (h = 60; h <= 190; h += 3) {
		struct diags dg = { 0 };
		struct rnd_flow *f = sample(14);

		render_h(f, 3, 3, &dg, NULL, h);
		n = rnd_flow_placed(f, pl, 2000);
		cr_assert(n > 0);
		for (i = 0; i < n; i++) {
			if (pl[i].kind == 'p' &&
			    (pl[i].a > 0 || pl[i].b < pl[i].units)) {
				splits++;
				cr_assert(pl[i].b - pl[i].a >= 2,
				    "h %d: a split leaves "
				    "%d line(s) of block %zu",
				    h, pl[i].b - pl[i].a, pl[i].block);
			}
			/* Only a flow that is cut anyway shows the rows
			 * of a short table that fit, as its last piece. */
			if (pl[i].kind == 't' &&
			    (pl[i].a > 0 || pl[i].b < pl[i].units))
				cr_assert(diags_count(&dg, SEV_WARNING) > 0 &&
				        i + 1 == n,
				    "h %d: a short table was split", h);
			if (pl[i].kind == 'h')
				cr_assert(i + 1 < n &&
				        pl[i + 1].page == pl[i].page &&
				        pl[i + 1].col == pl[i].col,
				    "h %d: heading %zu ends "
				    "a column",
				    h, pl[i].block);
		}
		rnd_flow_free(f);
		diags_free(&dg);
	}
	cr_assert(splits > 0, "the sample should split a paragraph somewhere");
}

/* Box a flow (sections of sample(), then a table with long words when
 * wide != 0) into a frame w mm wide with a first guess (0: none);
 * returns the body size found, *pieces the pieces placed. */
static double
box_size(int nsections, int wide, double w, double guess, size_t *pieces)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 4);
	cairo_t *cr = cairo_create(s);
	struct rnd_flow *f = sample(nsections);
	struct rnd_frame fr = { 0, 0, w, 120, 1, 0, 0 };
	struct rnd_placed pl[500];
	struct diags dg = { 0 };
	struct pos p = { "rules.md", 1, 1 };
	char *cells[] = { "Name", "Unbreakablewordhere", "Somewhatlongword",
		"x", "Anotherlongwordhere", "y" };
	double size;

	if (wide)
		rnd_flow_table(f, p, 2, 3, cells, 1);
	if (guess > 0)
		rnd_flow_guess(f, guess);
	rnd_flow_box(f, cr, &fr, &dg);
	size = rnd_flow_size(f);
	*pieces = rnd_flow_placed(f, pl, 500);
	rnd_flow_free(f);
	diags_free(&dg);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return size;
}

/* Cards guess the last card's size; sizes where a table's words
 * overflow are ruled out without a try: neither may change the size
 * found, whatever the guess. */
Test(flow, guesses_and_skipped_sizes_find_the_same_size)
{
	static const double guesses[] = { 9, 8.5, 8, 7.5, 7, 6.5, 7.3, 3, 20 };
	int n, wide;
	double w;
	size_t i;

	for (wide = 0; wide <= 1; wide++)
		for (n = 1; n <= 4; n++)
			for (w = 40; w <= 100; w += 12) {
				size_t p0, p;
				double s0 = box_size(n, wide, w, 0, &p0);

				cr_assert(s0 >= 6.5 - 1e-9 && s0 <= 9 + 1e-9);
				for (i = 0;
				     i < sizeof(guesses) / sizeof(guesses[0]);
				     i++) {
					double s = box_size(n, wide, w,
					    guesses[i], &p);

					cr_assert_float_eq(s, s0, 1e-9,
					    "%d sections"
					    "%s, %g mm, guess %g: %g pt, not %g",
					    n, wide ? " + wide table" : "", w,
					    guesses[i], s, s0);
					cr_assert_eq(p, p0);
				}
			}
}

/* Layouts are made at one size and scaled (RND_LAYOUT_PT): a layout at
 * size s and width w measures and wraps as the same text at twice the
 * size and twice the width, halved; set widths and markup spans follow
 * the scale. */
Test(text, scaled_layouts_measure_and_wrap_as_their_size)
{
	struct rnd_font a = { "DejaVu Sans", 7, 0, 0 };
	struct rnd_font b = { "DejaVu Sans", 14, 0, 0 };
	char *s = para(6), *mk;
	PangoLayout *la = rnd_layout_memo(&a, 60, 0, 0, 0, s);
	PangoLayout *lb = rnd_layout_memo(&b, 120, 0, 0, 0, s);
	PangoLayout *lc, *ld;
	double wa, ha, wb, hb, wc, wd;

	cr_assert_float_eq(rnd_layout_scale(la), 0.7, 1e-3);
	cr_assert_float_eq(rnd_layout_scale(lb), 1.4, 1e-3);
	rnd_layout_size(la, &wa, &ha);
	rnd_layout_size(lb, &wb, &hb);
	cr_assert_gt(pango_layout_get_line_count(la), 3);
	cr_assert_eq(pango_layout_get_line_count(la),
	    pango_layout_get_line_count(lb));
	cr_assert_leq(wa, 60 + 1e-6);
	cr_assert_float_eq(wb, 2 * wa, 0.02, "%g against %g", wb, 2 * wa);
	cr_assert_float_eq(hb, 2 * ha, 0.02, "%g against %g", hb, 2 * ha);
	/* A 7 pt span in a 14 pt layout is as wide as a 7 pt layout. */
	mk = xasprintf("<span size=\"%d\">Movement and firing</span>",
	    rnd_markup_size(&b, 7));
	lc = rnd_layout_memo(&b, 0, 1, 0, 0, mk);
	ld = rnd_layout_memo(&a, 0, 0, 0, 0, "Movement and firing");
	rnd_layout_size(lc, &wc, NULL);
	rnd_layout_size(ld, &wd, NULL);
	cr_assert_float_eq(wc, wd, 0.02, "%g against %g", wc, wd);
	/* A width set later is in mm too. */
	g_object_unref(lc);
	lc = rnd_layout_new(NULL, &a, 0);
	rnd_layout_text(lc, s);
	rnd_layout_set_width(lc, 60);
	cr_assert_eq(pango_layout_get_line_count(lc),
	    pango_layout_get_line_count(la));
	g_object_unref(la);
	g_object_unref(lb);
	g_object_unref(lc);
	g_object_unref(ld);
	free(mk);
	free(s);
}

/* A table of nrows x ncols cells "wR.C" (a header row of "Head C"), added
 * to f at line 500. */
static void
add_table(struct rnd_flow *f, size_t nrows, size_t ncols)
{
	struct pos p = { "rules.md", 500, 1 };
	char **cells = xcalloc(nrows * ncols, sizeof(char *));
	size_t i;

	for (i = 0; i < nrows * ncols; i++)
		cells[i] = i < ncols ?
		    xasprintf("Head %zu", i) :
		    xasprintf("w%zu.%zu", i / ncols, i % ncols);
	rnd_flow_table(f, p, nrows, ncols, cells, 1);
	for (i = 0; i < nrows * ncols; i++)
		free(cells[i]);
	free(cells);
}

/* A book's table too wide for its page even at its least size of its own
 * goes in parts of its columns, each under a caption, its words whole (no
 * warning); one a little too wide takes a smaller size and stays whole. */
Test(flow, a_wide_table_goes_in_parts_with_words_whole)
{
	static const struct rnd_style book = { "DejaVu Sans", "DejaVu Sans",
		"DejaVu Sans Mono", 10, 10, 0x000000, 0x6b1d1d, 0xeeeeee,
		0x6b1d1d, NULL };
	struct rnd_placed pl[200];
	size_t ncols[] = { 30, 11 }, want[] = { 3, 1 }, k, n, i;

	for (k = 0; k < 2; k++) {
		struct diags dg = { 0 };
		struct rnd_flow *f = rnd_flow_new(&book);

		rnd_flow_own_tables(f, 1);
		rnd_flow_table_parts(f, 128, 8);
		add_table(f, 20, ncols[k]);
		if (want[k] > 1)
			cr_assert_geq(rnd_flow_count(f), want[k],
			    "%zu columns: %zu blocks", ncols[k],
			    rnd_flow_count(f));
		else
			cr_assert_eq(rnd_flow_count(f), 1);
		cr_assert_geq(render(f, 1, 5, &dg, NULL), 1);
		cr_assert_eq(diags_count(&dg, SEV_WARNING), 0);
		n = rnd_flow_placed(f, pl, 200);
		for (i = 0; i < n; i++)
			cr_assert_eq(pl[i].kind, 't');
		rnd_flow_free(f);
		diags_free(&dg);
	}
}

/* A table no page of the frame could hold even at the least size is left
 * out: a note in its place, a warning at its line, the rest at full size;
 * a table that might fit is kept. */
Test(flow, a_table_no_page_could_hold_is_a_note)
{
	struct rnd_frame fr = { 10, 10, 128, 190, 2, 5, 0 };
	struct rnd_placed pl[200];
	size_t rows[] = { 400, 12 }, k, n, i;

	for (k = 0; k < 2; k++) {
		struct diags dg = { 0 };
		struct rnd_flow *f = sample(1);
		double scale = 0;
		int tables = 0;

		rnd_flow_long_tables(f, &fr, 1, "See the book.");
		add_table(f, rows[k], 3);
		cr_assert_eq(render(f, 2, 1, &dg, &scale), 1);
		n = rnd_flow_placed(f, pl, 200);
		for (i = 0; i < n; i++)
			tables += pl[i].kind == 't' &&
			    pl[i].block + 1 == rnd_flow_count(f);
		if (k == 0) {
			cr_assert_eq(tables, 0);
			cr_assert_float_eq(scale, 1.0, 1e-9);
			cr_assert_eq(diags_count(&dg, SEV_WARNING), 1);
			cr_assert_eq(dg.v[0].line, 500);
			cr_assert(strstr(dg.v[0].msg,
			              "a table of 399 rows does not fit even "
			              "at the least size") != NULL,
			    "%s", dg.v[0].msg);
		} else {
			cr_assert_eq(tables, 1);
			cr_assert_eq(diags_count(&dg, SEV_WARNING), 0);
		}
		rnd_flow_free(f);
		diags_free(&dg);
	}
}
