#define _GNU_SOURCE
/* The PDF layer: paper sizes, documents written atomically and
 * deterministically, page boxes and viewer preferences. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/render/internal.h"

static void
paper(const char *spec, double w, double h)
{
	double pw = 0, ph = 0;
	const char *why = NULL;

	cr_assert_eq(rnd_paper_parse(spec, &pw, &ph, &why), 0,
	    "'%s' should parse (%s)", spec, why ? why : "");
	cr_assert_float_eq(pw, w, 1e-9, "%s: width %g", spec, pw);
	cr_assert_float_eq(ph, h, 1e-9, "%s: height %g", spec, ph);
}

Test(paper, presets_and_custom)
{
	double w, h;
	const char *why;

	paper("A4", 210, 297);
	paper("a4 landscape", 297, 210);
	paper("Letter", 215.9, 279.4);
	paper("letter,landscape", 279.4, 215.9);
	paper("A5", 148, 210);
	paper("A3", 297, 420);
	paper("Legal", 215.9, 355.6);
	paper("Tabloid", 279.4, 431.8);
	paper("8.5x11in", 215.9, 279.4);
	paper("150x210mm", 150, 210);
	paper("210x150mm portrait", 150, 210);
	paper("148x210mm landscape", 210, 148);
	cr_assert_eq(rnd_paper_parse("B7", &w, &h, &why), -1);
	cr_assert_eq(rnd_paper_parse("3x3mm", &w, &h, &why), -1);
	/* Below A5 every product but the map would clip: refused. */
	cr_assert_eq(rnd_paper_parse("100x150mm", &w, &h, &why), -1);
	cr_assert_eq(rnd_paper_parse("20x20mm", &w, &h, &why), -1);
	cr_assert_eq(rnd_paper_parse("148x200mm", &w, &h, &why), -1);
	cr_assert_eq(rnd_paper_parse("6000x300mm", &w, &h, &why), -1);
	cr_assert_eq(rnd_paper_parse("", &w, &h, &why), -1);
}

Test(paper, choice_order)
{
	struct ruleset rs;
	double w, h;
	const char *from, *why;

	memset(&rs, 0, sizeof(rs));
	/* libpaper with no opinion (no PAPERSIZE, no papersize file): the
	 * locale decides. */
	unsetenv("PAPERSIZE");
	setenv("PAPERCONF", "/nonexistent/papersize", 1);
	setenv("LC_ALL", "en_US.UTF-8", 1);
	cr_assert_eq(rnd_paper_choose(NULL, &rs, &w, &h, &from, &why), 0);
	cr_assert_float_eq(w, 215.9, 1e-9);
	cr_assert_str_eq(from, "locale");
	setenv("LC_ALL", "de_DE.UTF-8", 1);
	cr_assert_eq(rnd_paper_choose(NULL, &rs, &w, &h, &from, &why), 0);
	cr_assert_float_eq(w, 210, 1e-9);
	/* libpaper's choice comes before the locale's */
	setenv("PAPERSIZE", "letter", 1);
	cr_assert_eq(rnd_paper_choose(NULL, &rs, &w, &h, &from, &why), 0);
	cr_assert_float_eq(w, 215.9, 1e-9);
	cr_assert_str_eq(from, "system");
	setenv("LC_ALL", "en_US.UTF-8", 1);
	setenv("PAPERSIZE", "a4", 1);
	cr_assert_eq(rnd_paper_choose(NULL, &rs, &w, &h, &from, &why), 0);
	cr_assert_float_eq(w, 210, 1e-9);
	/* and after the ruleset's and the option's */
	rs.paper = "A3";
	cr_assert_eq(rnd_paper_choose(NULL, &rs, &w, &h, &from, &why), 0);
	cr_assert_float_eq(w, 297, 1e-9);
	cr_assert_eq(rnd_paper_choose("Letter landscape", &rs, &w, &h, &from,
	                 &why),
	    0);
	cr_assert_float_eq(w, 215.9, 1e-9, "the result is portrait");
	cr_assert_str_eq(from, "--paper");
	unsetenv("LC_ALL");
	unsetenv("PAPERSIZE");
	unsetenv("PAPERCONF");
}

/* Write a two-page document into dir/name; returns the bytes. */
static char *
make_doc(const char *path, size_t *len)
{
	struct diags dg = { 0 };
	struct rnd_meta m = { "Test", "Me", "Subject", NULL, NULL };
	struct rnd_doc *d = rnd_doc_new(path, &m, &dg);
	struct rnd_font f = { "DejaVu Sans", 10, 0, 0 };
	cairo_t *cr;
	char *data, *why;

	rnd_doc_set_print_at_scale(d);
	cr = rnd_doc_page_begin(d, 210, 297, 0);
	rnd_doc_outline(d, 0, "First", 0);
	rnd_text(cr, &f, 20, 20, 100, 0, 0, "Hello, page one");
	rnd_calibration(cr, 20, 40);
	cr = rnd_doc_page_begin(d, 63.5, 88.9, 3);
	rnd_doc_outline(d, 0, "Second", 0);
	rnd_crop_marks(cr, 3, 3, 63.5, 88.9, 3, 1);
	cr_assert_eq(rnd_doc_close(d), 0);
	cr_assert_eq(diags_worst(&dg), -1);
	cr_assert_eq(file_slurp(path, 1 << 24, &data, len, &why), 0);
	file_inputs_forget();
	return data;
}

Test(pdf, deterministic_boxes_and_preferences)
{
	char dir[] = "/tmp/rndtestXXXXXX", *path, *a, *b;
	size_t la, lb;

	cr_assert_not_null(mkdtemp(dir));
	path = xasprintf("%s/t.pdf", dir);
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	a = make_doc(path, &la);
	b = make_doc(path, &lb);
	cr_assert_eq(la, lb);
	cr_assert(memcmp(a, b, la) == 0, "two runs differ");
	cr_assert_not_null(memmem(a, la, "/PrintScaling /None", 19));
	cr_assert_not_null(memmem(a, la, "/TrimBox", 8));
	cr_assert_not_null(memmem(a, la, "/BleedBox", 9));
	cr_assert_not_null(
	    memmem(a, la, "/CreationDate (D:20231114221320Z)", 33));
	cr_assert_not_null(memmem(a, la, "/Outlines", 9));
	free(a);
	free(b);
	unlink(path);
	rmdir(dir);
	free(path);
}

Test(pdf, failure_leaves_previous_file)
{
	char dir[] = "/tmp/rndtestXXXXXX", *path, *data, *why;
	struct diags dg = { 0 };
	struct rnd_meta m = { "T", NULL, NULL, NULL, NULL };
	struct rnd_doc *d;
	size_t len;

	cr_assert_not_null(mkdtemp(dir));
	path = xasprintf("%s/t.pdf", dir);
	cr_assert_eq(atomic_write(path, "old", 3, &why), 0);
	d = rnd_doc_new(path, &m, &dg);
	rnd_doc_page_begin(d, 100, 100, 0);
	rnd_doc_fail(d);
	cr_assert_eq(rnd_doc_close(d), -1);
	cr_assert_eq(file_slurp(path, 100, &data, &len, &why), 0);
	cr_assert_str_eq(data, "old");
	free(data);
	diags_free(&dg);
	unlink(path);
	rmdir(dir);
	free(path);
}

/* A run of characters without a break opportunity reaches Pango with a
 * zero-width space after every 64 of them (Pango's line breaking goes
 * over the rest of such a run for every line: quadratic), in plain text
 * and in markup (tags and entities kept whole); text with spaces does not
 * change. */
Test(text, long_runs_get_breaks)
{
	struct rnd_font f = { "DejaVu Sans", 8, 0, 0 };
	size_t n = 100000, i, zw = 0;
	char *s = malloc(n + 1), *mk;
	const char *t, *p;
	PangoLayout *l;

	memset(s, 'x', n);
	s[n] = '\0';
	l = rnd_layout_memo(&f, 40, 0, 0, 0, s);
	t = pango_layout_get_text(l);
	for (p = t; (p = strstr(p, "\xe2\x80\x8b")) != NULL; p += 3)
		zw++;
	cr_assert_eq(zw, (n - 1) / 64, "%zu zero-width spaces", zw);
	cr_assert(strncmp(t + 64, "\xe2\x80\x8b", 3) == 0);
	cr_assert_gt(pango_layout_get_line_count(l), 100);
	g_object_unref(l);
	/* markup: 100 "&lt;" then a bold run */
	mk = malloc(4 * 100 + 200);
	for (i = 0; i < 100; i++)
		memcpy(mk + 4 * i, "&lt;", 4);
	strcpy(mk + 400, "<b>yyyyyyyyyy</b>z");
	l = rnd_layout_memo(&f, 40, 1, 0, 0, mk);
	t = pango_layout_get_text(l);
	cr_assert(strncmp(t, "<<<<", 4) == 0, "markup was parsed");
	cr_assert(strncmp(t + 64, "\xe2\x80\x8b<", 4) == 0);
	g_object_unref(l);
	l = rnd_layout_memo(&f, 40, 0, 0, 0, "a few words that are short");
	cr_assert_str_eq(pango_layout_get_text(l),
	    "a few words that are short");
	g_object_unref(l);
	free(mk);
	free(s);
}
