/*
 * report.c: the validation report — the pages, laid out from a struct
 * rnd_report that the CLI filled. A summary, win rates with confidence
 * intervals, game length, melee odds (and hit distributions), units, and
 * rule coverage. Layout only: every figure arrives computed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../chart.h"
#include "report.h"

/* The type of the report, from templates/report.yaml (report_look): set
 * once per report, before a page is drawn; per thread, so that reports
 * made at once do not share it. */
static _Thread_local struct rnd_font f_title, f_subtitle, f_head, f_body,
    f_note, f_run, f_big;
static _Thread_local unsigned ink_text, ink_head;

/* ---- the data ---- */

void
rnd_report_init(struct rnd_report *r)
{
	memset(r, 0, sizeof(*r));
}

/* Frees one matrix's parts. */
static void
matrix_free(struct rnd_matrix *m)
{
	size_t i;

	for (i = 0; i < m->nrows; i++)
		free(m->rows[i]);
	for (i = 0; i < m->ncols; i++)
		free(m->cols[i]);
	if (m->text != NULL)
		for (i = 0; i < m->nrows * m->ncols; i++)
			free(m->text[i]);
	free(m->rows);
	free(m->cols);
	free(m->text);
	free(m->v);
	free(m->rowcount);
	free(m->title);
	free(m->rowhead);
	free(m->colhead);
	free(m->legend);
	free(m->note);
}

void
rnd_report_free(struct rnd_report *r)
{
	size_t i;

	for (i = 0; i < r->nfindings; i++) {
		free(r->findings[i].where);
		free(r->findings[i].msg);
		free(r->findings[i].source);
	}
	for (i = 0; i < 2 * r->nfacts; i++)
		free(r->facts[i]);
	for (i = 0; i < r->nrates; i++)
		free(r->rates[i].label);
	for (i = 0; i < r->nagree; i++) {
		free(r->agree[i].label);
		free(r->agree[i].exact_text);
		free(r->agree[i].test_text);
	}
	free(r->agree);
	free(r->agree_test);
	for (i = 0; i < r->nmaps; i++)
		matrix_free(&r->maps[i]);
	for (i = 0; i < r->nunits; i++)
		free(r->units[i].name);
	for (i = 0; i < r->nrules; i++) {
		free(r->rules[i].id);
		free(r->rules[i].section);
		free(r->rules[i].text);
	}
	free(r->findings);
	free(r->facts);
	free(r->rates);
	free(r->maps);
	free(r->units);
	free(r->rules);
	free(r->length.count);
	free(r->length.xlabel);
	free(r->length.ylabel);
	free(r->length.note);
	free(r->title);
	free(r->ruleset);
	free(r->engine);
	memset(r, 0, sizeof(*r));
}

/* A copy of s, or NULL. */
static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

void
rnd_report_finding(struct rnd_report *r, enum severity sev, const char *where,
    const char *msg, const char *source)
{
	struct rnd_finding f = { sev, dup_or_null(where), xstrdup(msg),
		dup_or_null(source) };

	XPUSH(r->findings, r->nfindings, r->capfindings, f);
}

void
rnd_report_fact(struct rnd_report *r, const char *label, const char *value)
{
	size_t n = 2 * r->nfacts, cap = 2 * r->capfacts;

	XPUSH(r->facts, n, cap, xstrdup(label));
	XPUSH(r->facts, n, cap, xstrdup(value));
	r->nfacts = n / 2;
	r->capfacts = cap / 2;
}

void
rnd_report_rate(struct rnd_report *r, const char *label, long hits, long of,
    double p, double lo, double hi)
{
	struct rnd_rate x = { xstrdup(label), hits, of, p, lo, hi, -1, NULL,
		NULL };

	XPUSH(r->rates, r->nrates, r->caprates, x);
}

void
rnd_report_agree(struct rnd_report *r, const char *label, long hits, long of,
    double p, double lo, double hi, double exact, const char *exact_text)
{
	struct rnd_rate x = { xstrdup(label), hits, of, p, lo, hi, exact,
		dup_or_null(exact_text), NULL };

	XPUSH(r->agree, r->nagree, r->capagree, x);
}

void
rnd_report_agree_test(struct rnd_report *r, const char *test_text)
{
	struct rnd_rate *x = &r->agree[r->nagree - 1];

	free(x->test_text);
	x->test_text = dup_or_null(test_text);
}

/* Returns the new matrix (owned by the report). */
struct rnd_matrix *
rnd_report_matrix(struct rnd_report *r, const char *title, size_t nrows,
    size_t ncols)
{
	struct rnd_matrix m;
	size_t i;

	memset(&m, 0, sizeof(m));
	m.title = xstrdup(title);
	m.nrows = nrows;
	m.ncols = ncols;
	m.rows = xcalloc(nrows ? nrows : 1, sizeof(char *));
	m.cols = xcalloc(ncols ? ncols : 1, sizeof(char *));
	m.v = xcalloc(nrows * ncols + 1, sizeof(double));
	for (i = 0; i < nrows * ncols; i++)
		m.v[i] = -1;
	XPUSH(r->maps, r->nmaps, r->capmaps, m);
	return &r->maps[r->nmaps - 1];
}

void
rnd_report_unit(struct rnd_report *r, const char *name, long fielded,
    long survived, long kills)
{
	struct rnd_unit_stat u = { xstrdup(name), fielded, survived, kills };

	XPUSH(r->units, r->nunits, r->capunits, u);
}

void
rnd_report_rule(struct rnd_report *r, const char *id, const char *section,
    const char *text, unsigned long tests, unsigned long selfplay)
{
	struct rnd_rule_row x = { xstrdup(id), dup_or_null(section),
		dup_or_null(text), tests, selfplay };

	XPUSH(r->rules, r->nrules, r->caprules, x);
}

/* ---- pages ---- */

struct page {
	struct rnd_doc *doc;
	const struct rnd_report *r;
	const struct ruleset *rs; /* NULL: no credits to print */
	cairo_t *cr;
	double pw, ph; /* paper */
	double x, w;   /* text column */
	double top, bottom;
	double y;       /* where the next block goes */
	FILE *dump;     /* --dump: the layout as text (dump.c), or NULL */
	char head[200]; /* the last heading, which names its charts */
};

/* --dump: a box of the current page. */
static void
dump(const struct page *p, const char *kind, double x, double y, double w,
    double h, const char *what)
{
	rnd_dump_box(p->dump, kind, rnd_doc_pages(p->doc), x, y, w, h, what);
}

/* Running head and page number of the current page. */
static void
page_furniture(struct page *p)
{
	char buf[64], *foot;
	char *head = xasprintf(_("Validation report \xc2\xb7 %s"),
	    p->r->title != NULL ? p->r->title : "");

	cairo_save(p->cr);
	cairo_set_source_rgb(p->cr, 0.3, 0.3, 0.3);
	rnd_text(p->cr, &f_run, p->x, p->top - 8, p->w * 0.75, 0, 0, head);
	snprintf(buf, sizeof(buf), _("page %d"), rnd_doc_pages(p->doc));
	rnd_text(p->cr, &f_run, p->x, p->top - 8, p->w, 2, 0, buf);
	cairo_set_line_width(p->cr, 0.2);
	cairo_move_to(p->cr, p->x, p->top - 3.5);
	cairo_line_to(p->cr, p->x + p->w, p->top - 3.5);
	cairo_stroke(p->cr);
	/* The ruleset's credits (FORMAT.md: on every product) and the
	 * press's own version, which made the figures. */
	foot = p->rs != NULL ?
	    rnd_credits_fit(p->cr, &f_run, p->rs,
	        RND_CREDIT_AUTHOR | RND_CREDIT_YEAR, NULL,
	        " \xc2\xb7 sandtable " SANDTABLE_VERSION, p->w) :
	    xstrdup("sandtable " SANDTABLE_VERSION);
	rnd_text(p->cr, &f_run, p->x, p->bottom + 4, p->w, 1, 0, foot);
	cairo_restore(p->cr);
	free(foot);
	free(head);
}

/* Begin a new page; returns nothing. */
static void
page_new(struct page *p)
{
	p->cr = rnd_doc_page_begin(p->doc, p->pw, p->ph, 0);
	p->y = p->top;
	dump(p, "page", 0, 0, p->pw, p->ph, NULL);
	dump(p, "frame", p->x, p->top, p->w, p->bottom - p->top, NULL);
	page_furniture(p);
}

/* Make room for h mm, starting a page when it does not fit. */
static void
page_need(struct page *p, double h)
{
	if (p->y + h > p->bottom && p->y > p->top)
		page_new(p);
}

/* A section heading with its outline entry; keep is the height of what
 * must follow it on the same page. */
static void
heading(struct page *p, const char *s, double keep)
{
	double h;

	page_need(p, 12 + keep);
	if (p->y > p->top)
		p->y += 4;
	rnd_doc_outline(p->doc, 0, s, p->y);
	rnd_set_rgb(p->cr, ink_head);
	rnd_tag_begin(p->cr, "H2");
	h = rnd_text(p->cr, &f_head, p->x, p->y, p->w, 0, 0, s);
	rnd_tag_end(p->cr, "H2");
	snprintf(p->head, sizeof(p->head), "%s", s);
	dump(p, "heading", p->x, p->y, p->w, h, s);
	p->y += h + 2;
}

/* A paragraph of plain text. */
static void
para(struct page *p, const struct rnd_font *f, const char *s)
{
	double h;

	rnd_set_rgb(p->cr, ink_text);
	rnd_tag_begin(p->cr, "P");
	h = rnd_text(p->cr, f, p->x, p->y, p->w, 0, 0, s);
	rnd_tag_end(p->cr, "P");
	dump(p, "text", p->x, p->y, p->w, h, NULL);
	p->y += h + 2;
}

/*
 * A block is something drawn at (x, y), w wide, that returns its height.
 * place() measures it on a scratch surface first, so that it goes to a
 * new page whole when it does not fit.
 */
typedef double (
    *block_fn)(cairo_t *, double x, double y, double w, const void *arg);

/* Returns the height the block would use, drawn on a scratch surface. */
static double
measure(block_fn fn, double w, const void *arg)
{
	cairo_surface_t *s =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	double h;

	cairo_scale(cr, 72.0 / 25.4, 72.0 / 25.4);
	h = fn(cr, 0, 0, w, arg);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return h;
}

/* Draw the block at the cursor, on a new page when it does not fit. */
static void
place(struct page *p, block_fn fn, const void *arg)
{
	double h;

	page_need(p, measure(fn, p->w, arg));
	{
		/* For a screen reader: the chart of the section's heading
		 * (its numbers are in the tables and notes round it). */
		char *alt = xasprintf(_("Chart: %s"), p->head);

		rnd_figure_begin(p->cr, alt);
		free(alt);
	}
	h = fn(p->cr, p->x, p->y, p->w, arg);
	rnd_figure_end(p->cr);
	dump(p, "chart", p->x, p->y, p->w, h, NULL);
	p->y += h + 3;
}

/* ---- page 1: summary ---- */

/* A box with a big number and its caption; returns nothing. */
static void
tile(cairo_t *cr, double x, double y, double w, double h, const char *big,
    const char *caption, int strong)
{
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_set_source_rgb(cr, strong ? 0.82 : 1, strong ? 0.82 : 1,
	    strong ? 0.82 : 1);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, strong ? 0.8 : 0.3);
	cairo_stroke(cr);
	rnd_text(cr, &f_big, x, y + 2.5, w, 1, 0, big);
	rnd_text(cr, &f_body, x + 1, y + h - 6, w - 2, 1, 0, caption);
	cairo_restore(cr);
}

/* Count findings of a severity. */
static size_t
nsev(const struct rnd_report *r, enum severity s)
{
	size_t i, n = 0;

	for (i = 0; i < r->nfindings; i++)
		if (r->findings[i].sev == s)
			n++;
	return n;
}

/* The four big numbers of the summary: test games, errors, warnings,
 * notes. */
static void
summary_tiles(struct page *p)
{
	const struct rnd_report *r = p->r;
	double gap = 4, tw = (p->w - 3 * gap) / 4, th = 20;
	char big[4][48];
	size_t ne = nsev(r, SEV_ERROR), nw = nsev(r, SEV_WARNING),
	       nn = nsev(r, SEV_NOTE), i;

	if (r->print_only)
		snprintf(big[0], sizeof(big[0]), "%zu", r->nunits_read);
	else
		snprintf(big[0], sizeof(big[0]), "%d/%d", r->tests_passed,
		    r->tests_total);
	snprintf(big[1], sizeof(big[1]), "%zu", ne);
	snprintf(big[2], sizeof(big[2]), "%zu", nw);
	snprintf(big[3], sizeof(big[3]), "%zu", nn);
	page_need(p, th);
	tile(p->cr, p->x, p->y, tw, th, big[0],
	    r->print_only ? _("unit types read") : _("test games passed"),
	    r->tests_passed < r->tests_total);
	tile(p->cr, p->x + (tw + gap), p->y, tw, th, big[1],
	    P_("error", "errors", ne), ne > 0);
	tile(p->cr, p->x + 2 * (tw + gap), p->y, tw, th, big[2],
	    P_("warning", "warnings", nw), 0);
	tile(p->cr, p->x + 3 * (tw + gap), p->y, tw, th, big[3],
	    P_("note", "notes", nn), 0);
	for (i = 0; i < 4; i++)
		dump(p, "tile", p->x + i * (tw + gap), p->y, tw, th, big[i]);
	p->y += th + 5;
}

/* The least size a report table shrinks to (nothing under 6 pt), the
 * step, and the fewest rows a table leaves for its last page. */
#define TABLE_MIN_PT 6.5
#define TABLE_STEP_PT 0.5
#define TABLE_LAST_ROWS 3

/* The row after the last of t's rows from `from` that fit h mm. */
static size_t
table_fits(const struct rnd_table *t, double w, double h, size_t from)
{
	cairo_surface_t *s =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	size_t next;

	cairo_scale(cr, 72.0 / 25.4, 72.0 / 25.4);
	rnd_chart_table(cr, 0, 0, w, h, t, from, &next);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return next;
}

/* How many pages t takes from the cursor; *last gets the rows on the
 * last of them. */
static int
table_pages(const struct page *p, const struct rnd_table *t, size_t *last)
{
	double y = p->y + 14 > p->bottom && p->y > p->top ? p->top : p->y;
	size_t from = 0, next;
	int n = 0;

	do {
		next = table_fits(t, p->w, p->bottom - y, from);
		*last = next - from;
		from = next;
		y = p->top;
		n++;
	} while (from < t->nrows);
	return n;
}

/*
 * Draw a table over as many pages as it needs. A table that would leave
 * a few rows for a page of their own shrinks (never under TABLE_MIN_PT)
 * when that saves the page; else the page before gives up rows so that
 * the last holds at least TABLE_LAST_ROWS.
 */
/* The size (pt) table_flow gives t from the cursor: its own, or
 * smaller when that saves a page a few rows would have alone; *pages
 * (may be NULL) gets the pages it then takes. */
static double
table_font(const struct page *p, const struct rnd_table *t, int *pages)
{
	struct rnd_table tt = *t, small = *t;
	size_t last, l2;
	int n = 1, n2;

	if (tt.font_pt <= 0)
		tt.font_pt = 7.5;
	small.font_pt = tt.font_pt;
	if (t->nrows > 0 && (n = table_pages(p, &tt, &last)) > 1 &&
	    last < 2 * TABLE_LAST_ROWS)
		for (small.font_pt -= TABLE_STEP_PT;
		     small.font_pt >= TABLE_MIN_PT - 1e-9;
		     small.font_pt -= TABLE_STEP_PT)
			if ((n2 = table_pages(p, &small, &l2)) < n) {
				tt.font_pt = small.font_pt;
				n = n2;
				break;
			}
	if (pages != NULL)
		*pages = n;
	return tt.font_pt;
}

static void
table_flow(struct page *p, const struct rnd_table *t)
{
	struct rnd_table tt = *t, small;
	size_t from = 0, next;
	char rows[64];
	double h;

	tt.font_pt = table_font(p, t, NULL);
	while (from < t->nrows || (t->nrows == 0 && from == 0)) {
		page_need(p, 14);
		/* Rows the next page would hold alone: give it more. */
		next = table_fits(&tt, p->w, p->bottom - p->y, from);
		small = tt;
		if (next < t->nrows && t->nrows - next < TABLE_LAST_ROWS &&
		    next - from > 2 * TABLE_LAST_ROWS &&
		    table_fits(&tt, p->w, p->bottom - p->top, next) >=
		        t->nrows)
			small.nrows = t->nrows - TABLE_LAST_ROWS;
		h = rnd_chart_table(p->cr, p->x, p->y, p->w, p->bottom - p->y,
		    &small, from, &next);
		snprintf(rows, sizeof(rows), "rows %zu-%zu of %zu", from, next,
		    t->nrows);
		dump(p, "table", p->x, p->y, p->w, h, rows);
		p->y += h + 3;
		if (next >= t->nrows)
			break;
		page_new(p);
		from = next;
	}
}

/*
 * A source line as a reader would see it printed, not as Markdown: a
 * table row's cells apart by " · " (empty ones left out), a list item or
 * heading without its marker, no ** or ` around words, runs of spaces
 * as one (caller frees).
 */
static char *
source_text(const char *src)
{
	size_t n = strlen(src), i, k = 0, cell = 0;
	char *out = xmalloc(3 * n + 1);
	int row;

	while (*src == ' ' || *src == '\t')
		src++;
	row = *src == '|';
	if (row)
		src++;
	else if ((src[0] == '-' || src[0] == '*' || src[0] == '+') &&
	    src[1] == ' ')
		src += 2;
	else if (*src == '#') {
		while (*src == '#')
			src++;
	} else {
		for (i = 0; src[i] >= '0' && src[i] <= '9'; i++)
			;
		if (i > 0 && src[i] == '.' && src[i + 1] == ' ')
			src += i + 2;
	}
	while (*src == ' ')
		src++;
	for (i = 0; src[i] != '\0'; i++) {
		if (src[i] == '\\' && src[i + 1] == '|') {
			out[k++] = '|';
			i++;
		} else if (row && src[i] == '|') {
			/* The cell ends: drop its trailing spaces, and the
			 * whole cell when it was empty. */
			while (k > cell && out[k - 1] == ' ')
				k--;
			if (k > cell) {
				memcpy(out + k, " \xc2\xb7 ", 4);
				k += 4;
				cell = k;
			}
			while (src[i + 1] == ' ')
				i++;
		} else if (src[i] == '`' ||
		    (src[i] == '*' && src[i + 1] == '*')) {
			i += src[i] == '*';
		} else if (src[i] != ' ' || (k > cell && out[k - 1] != ' '))
			out[k++] = src[i]; /* a cell's padding: one space */
	}
	/* A row's last separator, and spaces at the end. */
	if (row && k == cell && k >= 4)
		k -= 4;
	while (k > 0 && out[k - 1] == ' ')
		k--;
	out[k] = '\0';
	return out;
}

/* A finding's severity in the language of the labels (the tiles' words,
 * one of each). */
static const char *
sev_word(enum severity sev)
{
	switch (sev) {
	case SEV_NOTE:
		return P_("note", "notes", 1);
	case SEV_WARNING:
		return P_("warning", "warnings", 1);
	case SEV_ERROR:
	default:
		return P_("error", "errors", 1);
	}
}

/* The findings, each with its line and column, errors marked. */
static void
findings_table(struct page *p)
{
	const struct rnd_report *r = p->r;
	double colw[] = { 0.10, 0.13, 0.77 }, need;
	const char *head[] = { _("Severity"), _("Line:col"), _("Finding") };
	char **cells;
	int *mark;
	struct rnd_table t;
	size_t i;

	heading(p, _("Findings"), 14);
	if (r->nfindings == 0) {
		para(p, &f_body,
		    r->print_only ?
		        _("No findings: the static "
		          "checks found nothing to report.") :
		        _("No findings: the "
		          "static checks, the test games and self-play found "
		          "nothing to report."));
		return;
	}
	cells = xcalloc(3 * r->nfindings, sizeof(char *));
	mark = xcalloc(r->nfindings, sizeof(int));
	for (i = 0; i < r->nfindings; i++) {
		const struct rnd_finding *f = &r->findings[i];

		cells[3 * i] = xstrdup(sev_word(f->sev));
		cells[3 * i + 1] = xstrdup(
		    f->where != NULL ? f->where : "\xe2\x80\x94");
		/* The source line under the message, after a pointer, as
		 * text: a table row's bars read as noise on paper. */
		if (f->source != NULL) {
			char *src = source_text(f->source);

			cells[3 * i + 2] = xasprintf("%s\n\xe2\x96\xb8 %s",
			    f->msg, src);
			free(src);
		} else
			cells[3 * i + 2] = xstrdup(f->msg);
		mark[i] = r->findings[i].sev == SEV_ERROR;
	}
	memset(&t, 0, sizeof(t));
	t.ncols = 3;
	t.colw = colw;
	t.head = head;
	t.cells = (const char *const *)cells;
	t.nrows = r->nfindings;
	t.mark = mark;
	/* The severity on one line in every language ("avertissement"
	 * broke in two in French), the findings' column narrower. */
	if ((need = rnd_chart_col_need(&t, 0) / p->w) > colw[0]) {
		colw[2] -= need - colw[0];
		colw[0] = need;
	}
	table_flow(p, &t);
	for (i = 0; i < 3 * r->nfindings; i++)
		free(cells[i]);
	free(cells);
	free(mark);
}

/* The self-play figures as a two-column table. */
static void
facts_table(struct page *p)
{
	static const double colw[] = { 0.55, 0.45 };
	static const int align[] = { 0, 2 };
	const char *head[] = { _("Self-play of the default battle"),
		_("Value") },
	           *read_head[] = { _("What was read"), _("Value") };
	struct rnd_table t;

	if (p->r->nfacts == 0)
		return;
	memset(&t, 0, sizeof(t));
	t.ncols = 2;
	t.colw = colw;
	t.align = align;
	t.head = p->r->print_only ? read_head : head;
	t.cells = (const char *const *)p->r->facts;
	t.nrows = p->r->nfacts;
	t.font_pt = 8;
	heading(p, p->r->print_only ? _("The ruleset") : _("Self-play"), 20);
	table_flow(p, &t);
}

/* Page 1: title, run settings, the big numbers, findings, self-play. */
static void
page_summary(struct page *p)
{
	const struct rnd_report *r = p->r;
	char *line;

	rnd_set_rgb(p->cr, ink_head);
	rnd_doc_outline(p->doc, 0, _("Summary"), p->y);
	rnd_tag_begin(p->cr, "H1");
	p->y += rnd_text(p->cr, &f_title, p->x, p->y, p->w, 0, 0,
	    _("Validation report"));
	rnd_tag_end(p->cr, "H1");
	rnd_tag_begin(p->cr, "P");
	p->y += rnd_text(p->cr, &f_subtitle, p->x, p->y, p->w, 0, 0,
	            r->title != NULL ? r->title : "") +
	    2;
	rnd_tag_end(p->cr, "P");
	rnd_set_rgb(p->cr, ink_text);
	if (r->print_only)
		line = xasprintf(
		    _("Ruleset %s \xc2\xb7 engine %s \xc2\xb7 "
		      "print only: no test games or self-play, nothing played"),
		    r->ruleset ? r->ruleset : "?",
		    r->engine ? r->engine : "?");
	else
		line = xasprintf(
		    P_("Ruleset %s \xc2\xb7 engine %s \xc2\xb7 seed "
		       "%llu \xc2\xb7 %ld self-play game",
		        "Ruleset %s \xc2\xb7 engine %s \xc2\xb7 seed "
		        "%llu \xc2\xb7 %ld self-play games",
		        r->games),
		    r->ruleset ? r->ruleset : "?", r->engine ? r->engine : "?",
		    r->seed, r->games);
	para(p, &f_body, line);
	free(line);
	p->y += 3;
	summary_tiles(p);
	findings_table(p);
	facts_table(p);
}

/* ---- page 2: win rates and game length ---- */

/*
 * How many of n rows go on a page, for a block that is h1 high with one
 * row and hn with all n (a heading above it): all of them when they fit.
 */
static size_t
rows_per_page(const struct page *p, double h1, double hn, size_t n)
{
	double avail = p->bottom - p->top - 20, per;
	size_t k;

	if (n <= 1 || hn <= avail)
		return n ? n : 1;
	per = (hn - h1) / (double)(n - 1);
	k = per > 0 ? (size_t)((avail - (h1 - per)) / per) : n;
	return k < 1 ? 1 : k > n ? n : k;
}

struct rates_arg {
	const char **cats, **text;
	double *v, *lo, *hi, *mark;
	size_t n, i0, ni;
	int agree; /* the agreement chart: exact markers, no 50% line */
};

/* Returns the height of a rates chart's categories (a block). */
static double
rates_block(cairo_t *cr, double x, double y, double w, const void *arg)
{
	const struct rates_arg *a = arg;
	size_t o = a->i0;
	struct rnd_series s = { a->agree ? _("self-play frequency") :
		                           _("win rate"),
		a->v + o, a->lo + o, a->hi + o, a->text + o, RND_FILL_LIGHT,
		a->agree ? a->mark + o : NULL };
	struct rnd_bars b;

	memset(&b, 0, sizeof(b));
	b.cats = a->cats + o;
	b.ncats = a->ni;
	b.series = &s;
	b.nseries = 1;
	b.axis = a->agree ? _("chance of the outcome named on the left, each "
	                      "time it could happen") :
	                    _("share of games won");
	b.vmax = 1;
	b.percent = 1;
	b.ref = a->agree ? -1 : 0.5;
	b.ref_label = _("even (50%)");
	/* xgettext:no-c-format */
	b.err_label = _("95% confidence interval (Wilson)");
	b.mark_label = _("exact odds");
	b.text_right = 1;
	return rnd_chart_bars(cr, x, y, w, &b);
}

/* Fill a rates chart's arrays from n rates; returns nothing. */
static void
rates_fill(struct rates_arg *a, const struct rnd_rate *r, size_t n, int agree)
{
	size_t i;

	memset(a, 0, sizeof(*a));
	a->n = a->ni = n;
	a->agree = agree;
	a->cats = xcalloc(n, sizeof(char *));
	a->text = xcalloc(n, sizeof(char *));
	a->v = xcalloc(n, sizeof(double));
	a->lo = xcalloc(n, sizeof(double));
	a->hi = xcalloc(n, sizeof(double));
	a->mark = xcalloc(n, sizeof(double));
	for (i = 0; i < n; i++) {
		char pc[16], lo[16], hi[16];

		fmt_double(pc, sizeof(pc), r[i].p * 100, 1);
		fmt_double(lo, sizeof(lo), r[i].lo * 100, 1);
		fmt_double(hi, sizeof(hi), r[i].hi * 100, 1);
		a->cats[i] = r[i].label;
		if (r[i].exact_text != NULL && r[i].test_text != NULL)
			a->text[i] =
			    xasprintf(_("%s%% (%ld of %ld); exact %s %s"), pc,
			        r[i].hits, r[i].of, r[i].exact_text,
			        r[i].test_text);
		else if (r[i].exact_text != NULL)
			a->text[i] =
			    xasprintf(_("%s%% (%ld of %ld); exact %s"), pc,
			        r[i].hits, r[i].of, r[i].exact_text);
		else
			a->text[i] =
			    xasprintf(_("%s%% (%ld of %ld; %s\xe2\x80\x93"
			                "%s%%)"),
			        pc, r[i].hits, r[i].of, lo, hi);
		a->v[i] = r[i].p;
		a->lo[i] = r[i].lo;
		a->hi[i] = r[i].hi;
		a->mark[i] = r[i].exact;
	}
}

/* Frees a rates chart's arrays. */
static void
rates_free(struct rates_arg *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free((char *)a->text[i]);
	free(a->text);
	free(a->cats);
	free(a->v);
	free(a->lo);
	free(a->hi);
	free(a->mark);
}

/* A rates chart with its heading and note, over pages when long. */
static void
rates_section(struct page *p, const struct rnd_rate *r, size_t n, int agree,
    const char *title, const char *note, const char *note2)
{
	struct rates_arg a;
	size_t per;
	double h1;

	if (n == 0)
		return;
	rates_fill(&a, r, n, agree);
	a.ni = 1;
	h1 = measure(rates_block, p->w, &a);
	a.ni = n;
	per = rows_per_page(p, h1, measure(rates_block, p->w, &a), n);
	a.ni = per;
	heading(p, title, measure(rates_block, p->w, &a) + 10);
	para(p, &f_note, note);
	if (note2 != NULL)
		para(p, &f_note, note2);
	for (a.i0 = 0; a.i0 < n; a.i0 += per) {
		a.ni = n - a.i0 < per ? n - a.i0 : per;
		place(p, rates_block, &a);
	}
	rates_free(&a);
}

/* Win rates with their intervals and the counts they come from. */
static void
section_rates(struct page *p)
{
	rates_section(p, p->r->rates, p->r->nrates, 0, _("Win rates"),
	    /* xgettext:no-c-format */
	    _("Bars are the share of games won, whiskers the 95% confidence "
	      "interval. A fair mirror battle keeps both sides and the first "
	      "player near the dashed 50% line; a greedy player that beats a "
	      "random one shows that skill matters."),
	    NULL);
}

/* How often self-play saw each outcome against its exact chance. */
static void
section_agree(struct page *p)
{
	rates_section(p, p->r->agree, p->r->nagree, 1,
	    _("Self-play against the exact odds"),
	    /* xgettext:no-c-format */
	    _("For each kind of melee and shot that self-play resolved often "
	      "enough (without modifiers): how often the outcome came up (bar, "
	      "with its 95% confidence interval) and its exact chance "
	      "(diamond). A diamond far outside the whiskers would mean the "
	      "engine does not play the odds it computes."),
	    p->r->agree_test);
}

/* Returns the height of the game-length histogram (a block). */
static double
length_block(cairo_t *cr, double x, double y, double w, const void *arg)
{
	const struct rnd_hist *h = arg;

	return rnd_chart_hist(cr, x, y, w, 62, h->count, h->n, h->first,
	    h->xlabel, h->ylabel, _("games that lasted that many turns"));
}

/* The histogram of game length and its summary line. */
static void
section_length(struct page *p)
{
	const struct rnd_hist *h = &p->r->length;

	if (h->n == 0)
		return;
	heading(p, _("Game length"), measure(length_block, p->w, h));
	place(p, length_block, h);
	if (h->note != NULL)
		para(p, &f_note, h->note);
}

/* ---- melee odds and hit distributions ---- */

/* A heat map's rows r0 .. r0 + nr - 1. */
struct heat_arg {
	const struct rnd_matrix *m;
	size_t r0, nr;
};

/* Returns the height of a heat map's rows (a block). */
static double
heat_block(cairo_t *cr, double x, double y, double w, const void *arg)
{
	const struct heat_arg *a = arg;
	const struct rnd_matrix *m = a->m;
	struct rnd_heat h;

	h.rows = (const char *const *)m->rows + a->r0;
	h.cols = (const char *const *)m->cols;
	h.nrows = a->nr;
	h.ncols = m->ncols;
	h.v = m->v + a->r0 * m->ncols;
	h.text = m->text != NULL ?
	    (const char *const *)m->text + a->r0 * m->ncols :
	    NULL;
	h.rowhead = m->rowhead;
	h.colhead = m->colhead;
	h.legend = m->legend;
	return rnd_chart_heat(cr, x, y, w, &h);
}

/* Every heat map: melee odds, chance to hit, hit distributions. */
static void
section_maps(struct page *p)
{
	size_t i;

	for (i = 0; i < p->r->nmaps; i++) {
		const struct rnd_matrix *m = &p->r->maps[i];
		struct heat_arg one = { m, 0, 1 }, all = { m, 0, m->nrows }, a;
		size_t per;

		if (m->nrows == 0 || m->ncols == 0)
			continue;
		/* A map too tall for a page goes on in pieces of rows. */
		per = rows_per_page(p, measure(heat_block, p->w, &one),
		    measure(heat_block, p->w, &all), m->nrows);
		a.m = m;
		a.r0 = 0;
		a.nr = per;
		heading(p, m->title, measure(heat_block, p->w, &a));
		for (a.r0 = 0; a.r0 < m->nrows; a.r0 += per) {
			a.nr = m->nrows - a.r0 < per ? m->nrows - a.r0 : per;
			place(p, heat_block, &a);
		}
		if (m->note != NULL)
			para(p, &f_note, m->note);
	}
}

/* ---- units ---- */

struct units_arg {
	const char **cats;
	double *v[3];
	char **text[3];
	size_t n;
	size_t i0, ni; /* the categories drawn */
	double vmax;   /* the same axis for every piece */
};

/* Returns the height of the units chart's categories (a block). */
static double
units_block(cairo_t *cr, double x, double y, double w, const void *arg)
{
	const struct units_arg *a = arg;
	size_t o = a->i0;
	struct rnd_series s[3] = {
		{ _("fielded"), a->v[0] + o, NULL, NULL,
		    (const char *const *)a->text[0] + o, RND_FILL_LIGHT,
		    NULL },
		{ _("survived"), a->v[1] + o, NULL, NULL,
		    (const char *const *)a->text[1] + o, RND_FILL_DARK, NULL },
		{ _("enemy units destroyed"), a->v[2] ? a->v[2] + o : NULL,
		    NULL, NULL,
		    a->text[2] ? (const char *const *)a->text[2] + o : NULL,
		    RND_FILL_HATCH, NULL },
	};
	struct rnd_bars b;

	memset(&b, 0, sizeof(b));
	b.cats = a->cats + o;
	b.ncats = a->ni;
	b.vmax = a->vmax;
	b.series = s;
	b.nseries = a->v[2] != NULL ? 3 : 2;
	b.axis = _("units, summed over all self-play games");
	b.ref = -1;
	return rnd_chart_bars(cr, x, y, w, &b);
}

/* Fill the units chart's arrays from the report; returns whether kills
 * are known. */
static int
units_fill(const struct rnd_report *r, struct units_arg *a)
{
	size_t i, k;
	int kills = 0;

	memset(a, 0, sizeof(*a));
	a->n = r->nunits;
	for (i = 0; i < a->n; i++)
		if (r->units[i].kills >= 0)
			kills = 1;
	a->cats = xcalloc(a->n, sizeof(char *));
	for (k = 0; k < (kills ? 3u : 2u); k++) {
		a->v[k] = xcalloc(a->n, sizeof(double));
		a->text[k] = xcalloc(a->n, sizeof(char *));
	}
	for (i = 0; i < a->n; i++) {
		const struct rnd_unit_stat *u = &r->units[i];
		long val[3] = { u->fielded, u->survived, u->kills };

		a->cats[i] = u->name;
		for (k = 0; k < (kills ? 3u : 2u); k++) {
			a->v[k][i] = val[k] > 0 ? (double)val[k] : 0;
			a->text[k][i] = val[k] >= 0 ?
			    xasprintf("%ld", val[k]) :
			    xstrdup("?");
			if (a->v[k][i] > a->vmax)
				a->vmax = a->v[k][i];
		}
	}
	return kills;
}

/* Units fielded, surviving and destroying, per type. */
static void
section_units(struct page *p)
{
	struct units_arg a;
	size_t i, k, per;
	double h1;
	int kills;

	if (p->r->nunits == 0)
		return;
	kills = units_fill(p->r, &a);
	a.ni = 1;
	h1 = measure(units_block, p->w, &a);
	a.ni = a.n;
	per = rows_per_page(p, h1, measure(units_block, p->w, &a), a.n);
	a.ni = per;
	heading(p,
	    kills ? _("Units: survival and kills") : _("Units: survival"),
	    measure(units_block, p->w, &a) + 10);
	para(p, &f_note,
	    kills ?
	        _("For each unit type: how many took the "
	          "field over all self-play games, how many of those were still "
	          "alive at the end, and how many enemy units they destroyed.") :
	        _("For each unit type: how many took the field over all self-play "
	          "games and how many of those were still alive at the end (this "
	          "engine family credits no unit with a kill)."));
	for (a.i0 = 0; a.i0 < a.n; a.i0 += per) {
		a.ni = a.n - a.i0 < per ? a.n - a.i0 : per;
		place(p, units_block, &a);
	}
	for (k = 0; k < 3; k++) {
		if (a.text[k] != NULL)
			for (i = 0; i < a.n; i++)
				free(a.text[k][i]);
		free(a.text[k]);
		free(a.v[k]);
	}
	free(a.cats);
}

/* ---- rule coverage ---- */

/* The height (mm) of s in font f across the text column. */
static double
text_h(const struct page *p, const struct rnd_font *f, const char *s)
{
	cairo_surface_t *rs =
	    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rs);
	double h;

	cairo_scale(cr, 72.0 / 25.4, 72.0 / 25.4);
	h = rnd_text(cr, f, 0, 0, p->w, 0, 0, s);
	cairo_destroy(cr);
	cairo_surface_destroy(rs);
	return h;
}

/*
 * Whether the coverage (heading, note and table t) begins on the page
 * in hand rather than on a page of its own: only when that takes fewer
 * new pages. On Letter, Modern's table begun on a page of its own left
 * six rows on one more, under a chart with a third of its page free.
 */
static int
coverage_here(const struct page *p, const struct rnd_table *t,
    const char *note)
{
	struct page q = *p;
	double lead = text_h(p, &f_head, _("Rule coverage")) + 2 +
	    text_h(p, &f_note, note) + 2;
	int here, fresh;

	if (p->y <= p->top || p->y + 4 + 12 + 30 > p->bottom)
		return p->y <= p->top;
	q.y = p->y + 4 + lead;
	table_font(&q, t, &here);
	q.y = p->top + lead;
	table_font(&q, t, &fresh);
	return here - 1 < fresh;
}

/* The rule coverage table, never-exercised rules highlighted. */
static void
section_coverage(struct page *p)
{
	const struct rnd_report *r = p->r;
	static const double colw[] = { 0.23, 0.19, 0.38, 0.10, 0.10 };
	static const int align[] = { 0, 0, 0, 2, 2 };
	const char *head[] = { _("Rule"), _("Stated in"), _("What it says"),
		_("Test games"), _("Self-play") };
	char **cells;
	int *mark;
	size_t i, never = 0, half = 0;
	struct rnd_table t;
	char *line;

	if (r->nrules == 0)
		return;
	cells = xcalloc(5 * r->nrules, sizeof(char *));
	mark = xcalloc(r->nrules, sizeof(int));
	for (i = 0; i < r->nrules; i++) {
		const struct rnd_rule_row *rr = &r->rules[i];

		cells[5 * i] = xstrdup(rr->id);
		cells[5 * i + 1] = xstrdup(rr->section ? rr->section : "");
		cells[5 * i + 2] = xstrdup(rr->text ? rr->text : "");
		cells[5 * i + 3] = xasprintf("%lu", rr->tests);
		cells[5 * i + 4] = xasprintf("%lu", rr->selfplay);
		mark[i] = rr->tests == 0 && rr->selfplay == 0 ? 1 :
		    rr->tests == 0 || rr->selfplay == 0       ? 2 :
		                                                0;
		never += mark[i] == 1;
		half += mark[i] == 2;
	}
	line = xasprintf(
	    _("Times each rule decided something in test games and "
	      "self-play (a limit: each step refused, target passed over, "
	      "move ended, one move or shot spent). %zu of %zu %s never "
	      "exercised: grey band, black bar. %zu more %s exercised by only "
	      "one: open bar."),
	    never, r->nrules, P_("rule was", "rules were", never), half,
	    P_("was", "were", half));
	memset(&t, 0, sizeof(t));
	t.ncols = 5;
	t.colw = colw;
	t.align = align;
	t.head = head;
	t.cells = (const char *const *)cells;
	t.nrows = r->nrules;
	t.mark = mark;
	t.font_pt = 7;
	if (!coverage_here(p, &t, line))
		page_new(p);
	heading(p, _("Rule coverage"), 30);
	para(p, &f_note, line);
	free(line);
	table_flow(p, &t);
	for (i = 0; i < 5 * r->nrules; i++)
		free(cells[i]);
	free(cells);
	free(mark);
}

/* The sections after the summary, in the default order. */
static const struct {
	const char *name;
	void (*fn)(struct page *);
} report_sections[] = {
	{ "rates", section_rates },
	{ "length", section_length },
	{ "maps", section_maps },
	{ "agree", section_agree },
	{ "units", section_units },
	{ "coverage", section_coverage },
};
#define NSECTIONS (sizeof(report_sections) / sizeof(report_sections[0]))

/* The settings templates/report.yaml may have. */
static const char *const report_keys[] = { "product", "font", "heading-font",
	"title-size", "subtitle-size", "heading-size", "size", "note-size",
	"running-size", "figure-size", "margin", "colours", "sections", NULL };

/* Read the template's type, colours and margin (*margin -1: auto) and
 * the sections in order into order[] (indexes into report_sections);
 * returns how many sections, or -1 on a bad name (error in dg). */
static int
report_look(const struct rs_node *t, double *margin, size_t *order,
    struct diags *dg)
{
	static const char *const colours[] = { "text", "heading", NULL };
	const struct rs_node *c = rs_node_get(t, "colours"),
	                     *sec = rs_node_get(t, "sections");
	const char *font, *head;
	size_t i, k, n = 0;

	rnd_tmpl_keys(t, report_keys, "setting", dg);
	rnd_tmpl_keys(c, colours, "colour", dg);
	font = rnd_tmpl_font(t, "font", "DejaVu Sans", dg);
	head = rnd_tmpl_font(t, "heading-font", font, dg);
	f_title = (struct rnd_font){ head,
		rnd_tmpl_num(t, "title-size", 20, 4, 72, dg), 1, 0 };
	f_subtitle = (struct rnd_font){ head,
		rnd_tmpl_num(t, "subtitle-size", 13, 4, 72, dg), 0, 0 };
	f_head = (struct rnd_font){ head,
		rnd_tmpl_num(t, "heading-size", 13, 4, 72, dg), 1, 0 };
	f_body = (struct rnd_font){ font,
		rnd_tmpl_num(t, "size", 8.5, 4, 72, dg), 0, 0 };
	f_note = (struct rnd_font){ font,
		rnd_tmpl_num(t, "note-size", 7.5, 4, 72, dg), 0, 1 };
	f_run = (struct rnd_font){ font,
		rnd_tmpl_num(t, "running-size", 7, 4, 72, dg), 0, 0 };
	f_big = (struct rnd_font){ head,
		rnd_tmpl_num(t, "figure-size", 22, 4, 72, dg), 1, 0 };
	ink_text = rnd_tmpl_rgb(c, "text", 0x000000, dg);
	ink_head = rnd_tmpl_rgb(c, "heading", 0x000000, dg);
	*margin = -1;
	if (strcmp(rnd_tmpl_str(t, "margin", "auto", dg), "auto") != 0)
		*margin = rnd_tmpl_len(t, "margin", 18, 5, 60, dg);
	if (sec == NULL) {
		for (i = 0; i < NSECTIONS; i++)
			order[i] = i;
		return (int)NSECTIONS;
	}
	if (sec->kind != RS_NODE_SEQ) {
		diag_msg(dg, sec->pos, MSG(TEMPLATE_REPORT_SECTIONS_LIST));
		return -1;
	}
	for (i = 0; i < sec->nkids && n < NSECTIONS; i++) {
		const struct rs_node *v = sec->kids[i];

		for (k = 0; v->kind == RS_NODE_SCALAR && k < NSECTIONS; k++)
			if (strcmp(v->scalar, report_sections[k].name) == 0)
				break;
		if (k == NSECTIONS) {
			diag_msg(dg, v->pos,
			    MSG(TEMPLATE_UNKNOWN_REPORT_SECTION),
			    v->kind == RS_NODE_SCALAR ? v->scalar : "?");
			return -1;
		}
		order[n++] = k;
	}
	return (int)n;
}

/* Returns 0 written, -1 failed (error in diags). */
int
rnd_report(const struct ruleset *rs, const struct rnd_report *r,
    const char *path, const struct rnd_opts *opts, struct diags *dg)
{
	struct rnd_meta meta;
	struct page p;
	const char *from, *why;
	char *title, *tfile = NULL;
	struct rs_node *t;
	size_t order[NSECTIONS], i, errs;
	double margin;
	int nsec;

	memset(&p, 0, sizeof(p));
	errs = diags_count(dg, SEV_ERROR);
	if ((t = rnd_template_load(opts->tmpl, "report", &tfile, dg)) == NULL)
		return -1;
	nsec = report_look(t, &margin, order, dg);
	if (nsec < 0 || diags_count(dg, SEV_ERROR) > errs) {
		rs_node_free(t);
		free(tfile);
		return -1;
	}
	if (rs != NULL) {
		if (rnd_paper_choose(opts->paper, rs, &p.pw, &p.ph, &from,
		        &why) == -1) {
			struct pos ps = { NULL, 0, 0 };

			diag_msg(dg, ps, MSG(BAD_PAPER), from, why);
			rs_node_free(t);
			free(tfile);
			return -1;
		}
	} else if (opts->paper == NULL ||
	    rnd_paper_parse(opts->paper, &p.pw, &p.ph, &why) == -1) {
		p.pw = 210;
		p.ph = 297;
	}
	title = xasprintf(_("Validation report: %s"),
	    r->title ? r->title : "");
	memset(&meta, 0, sizeof(meta));
	meta.title = title;
	meta.subject = _("Test games, self-play statistics, odds and rule "
	                 "coverage");
	meta.keywords = "wargame, rules, validation";
	p.doc = rnd_doc_new(path, &meta, dg);
	p.dump = opts->dump;
	p.r = r;
	p.rs = rs;
	p.x = margin >= 0 ? margin : p.pw < 180 ? 12 : 18;
	p.w = p.pw - 2 * p.x;
	p.top = 22;
	p.bottom = p.ph - 14;
	page_new(&p);
	page_summary(&p);
	/* (The coverage begins a page of its own unless it saves one
	 * where it is.) */
	for (i = 0; i < (size_t)nsec; i++)
		report_sections[order[i]].fn(&p);
	free(title);
	/* The fonts' names point into the template: freed once the
	 * document is closed. */
	nsec = rnd_doc_close(p.doc);
	rs_node_free(t);
	free(tfile);
	return nsec;
}
