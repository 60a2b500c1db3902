/*
 * pdf.c: the one place that makes PDF files. Cairo draws into memory;
 * on close what Cairo cannot write (ViewerPreferences, /Lang, TrimBox and
 * BleedBox, the figures' /Alt, a deterministic /ID) is appended to its
 * file as an incremental update, or added by libqpdf where the file is
 * rewritten (a booklet's imposition, PDF/X), and the result is written
 * atomically.
 *
 * A document named .png or .svg is drawn the same way into one recording
 * per page, and each page becomes an image of its own on close: NAME.png
 * for a single page, NAME-1.png, NAME-2.png … for more (PNG at
 * RND_IMAGE_DPI on white, SVG at true size in points). What only a
 * PDF has (outline, links, metadata, print scaling, imposition) is left
 * out of them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib.h>
#include <qpdf/qpdf-c.h>

#include "internal.h"

#ifndef QPDF_SONAME
#define QPDF_SONAME "libqpdf.so.29"
#endif

struct rnd_qpdf rnd_qp;
static const char *const qp_names[] = { RND_QPDF_FNS(DLIB_NAME) };
static struct dlib qpdf_lib = DLIB(QPDF_SONAME, rnd_qp, qp_names);

int
rnd_qpdf_open(const char **why)
{
	if (dlib_open(&qpdf_lib) == 0)
		return 0;
	*why = qpdf_lib.why;
	return -1;
}

struct rnd_pagebox {
	double w_pt, h_pt, bleed_pt; /* trim size and bleed */
};

struct rnd_doc {
	char *path;
	struct diags *diags;
	cairo_surface_t *surface;
	cairo_t *cr; /* the current page's, or NULL */
	unsigned char *buf;
	size_t len, cap;
	struct rnd_pagebox *pages;
	size_t npages, cappages;
	int no_scaling;
	int failed;
	double booklet_w, booklet_h; /* sheet in pt; 0: no imposition */
	enum { DOC_PDF, DOC_PNG, DOC_SVG } kind;
	cairo_surface_t **rec; /* an image's pages, as recordings */
	size_t nrec, caprec;
	/* The alternative text of each Figure tagged, in order: cairo
	 * 1.16 writes the structure but not /Alt; the close pass adds it. */
	char **alts;
	size_t nalts, capalts;
};

/* The document this thread is drawing a page of, for the tags. */
static _Thread_local struct rnd_doc *tag_doc;

/* The language of what the documents say (/Lang): the ruleset's. */
static char doc_lang[32] = "en";

void
rnd_doc_set_lang(const char *tag)
{
	snprintf(doc_lang, sizeof(doc_lang), "%s",
	    tag != NULL && *tag != '\0' ? tag : "en");
}

/* What the last document this thread closed wrote, when that was more
 * than its path names (NAME-1.png … NAME-N.png), for rnd_written(). */
static _Thread_local char last_path[1024], last_wrote[2200];

/* Cairo's write callback: append to the doc's buffer. */
static cairo_status_t
doc_write(void *closure, const unsigned char *data, unsigned int length)
{
	struct rnd_doc *d = closure;

	if (d->len + length > d->cap) {
		while (d->len + length > d->cap)
			d->cap = d->cap ? d->cap * 2 : 65536;
		d->buf = xrealloc(d->buf, d->cap);
	}
	memcpy(d->buf + d->len, data, length);
	d->len += length;
	return CAIRO_STATUS_SUCCESS;
}

/* An ISO 8601 UTC date for Cairo's metadata, from SOURCE_DATE_EPOCH. */
static void
doc_date(char *buf, size_t sz)
{
	time_t t = (time_t)source_date_epoch();
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sz, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* A PDF date string, D:YYYYMMDDHHmmSSZ, from SOURCE_DATE_EPOCH. */
static void
pdf_date(char *buf, size_t sz)
{
	time_t t = (time_t)source_date_epoch();
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sz, "D:%Y%m%d%H%M%SZ", &tm);
}

/*
 * Fontconfig keeps its caches for the life of the process; tell the leak
 * checker of the sanitizer build (make SANITIZE=1) so that it reports only
 * real leaks. Unused in a normal build.
 */
const char *__lsan_default_suppressions(void);
const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* ...and keep quiet about having used that. */
const char *__lsan_default_options(void);
const char *
__lsan_default_options(void)
{
	return "print_suppressions=0";
}

int
rnd_image_kind(const char *path)
{
	const char *dot = strrchr(path, '.'), *sl = strrchr(path, '/');

	if (dot == NULL || (sl != NULL && dot < sl))
		return DOC_PDF;
	if (strcasecmp(dot, ".png") == 0)
		return DOC_PNG;
	if (strcasecmp(dot, ".svg") == 0)
		return DOC_SVG;
	return DOC_PDF;
}

/* Returns the new document; errors are reported on close. */
struct rnd_doc *
rnd_doc_new(const char *path, const struct rnd_meta *m, struct diags *dg)
{
	struct rnd_doc *d = xcalloc(1, sizeof(*d));
	char date[64], *creator;

	d->path = xstrdup(path);
	d->diags = dg;
	d->kind = rnd_image_kind(path);
	if (d->kind != DOC_PDF)
		return d;
	d->surface = cairo_pdf_surface_create_for_stream(doc_write, d, 595.0,
	    842.0);
	cairo_pdf_surface_restrict_to_version(d->surface,
	    CAIRO_PDF_VERSION_1_5);
	doc_date(date, sizeof(date));
	creator = m->creator != NULL ? xstrdup(m->creator) :
	                               xstrdup("sandtable " SANDTABLE_VERSION);
	if (m->title != NULL)
		cairo_pdf_surface_set_metadata(d->surface,
		    CAIRO_PDF_METADATA_TITLE, m->title);
	if (m->author != NULL)
		cairo_pdf_surface_set_metadata(d->surface,
		    CAIRO_PDF_METADATA_AUTHOR, m->author);
	if (m->subject != NULL)
		cairo_pdf_surface_set_metadata(d->surface,
		    CAIRO_PDF_METADATA_SUBJECT, m->subject);
	if (m->keywords != NULL)
		cairo_pdf_surface_set_metadata(d->surface,
		    CAIRO_PDF_METADATA_KEYWORDS, m->keywords);
	cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_CREATOR,
	    creator);
	cairo_pdf_surface_set_metadata(d->surface,
	    CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_MOD_DATE,
	    date);
	free(creator);
	return d;
}

void
rnd_doc_set_print_at_scale(struct rnd_doc *d)
{
	d->no_scaling = 1;
}

struct diags *
rnd_doc_diags(struct rnd_doc *d)
{
	return d->diags;
}

void
rnd_doc_fail(struct rnd_doc *d)
{
	d->failed = 1;
}

int
rnd_doc_pages(const struct rnd_doc *d)
{
	return (int)d->npages;
}

/* Returns the page's cairo_t, in mm from the media box's top-left. */
cairo_t *
rnd_doc_page_begin(struct rnd_doc *d, double w_mm, double h_mm,
    double bleed_mm)
{
	struct rnd_pagebox pb;
	double k = 72.0 / 25.4;

	if (d->cr != NULL)
		rnd_doc_page_end(d);
	if (bleed_mm < 0)
		bleed_mm = 0;
	pb.w_pt = w_mm * k;
	pb.h_pt = h_mm * k;
	pb.bleed_pt = bleed_mm * k;
	XPUSH(d->pages, d->npages, d->cappages, pb);
	if (d->kind != DOC_PDF) {
		cairo_rectangle_t ext = { 0, 0, pb.w_pt + 2 * pb.bleed_pt,
			pb.h_pt + 2 * pb.bleed_pt };
		cairo_surface_t *rec =
		    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA,
		        &ext);

		XPUSH(d->rec, d->nrec, d->caprec, rec);
		d->cr = cairo_create(rec);
	} else {
		cairo_pdf_surface_set_size(d->surface,
		    pb.w_pt + 2 * pb.bleed_pt, pb.h_pt + 2 * pb.bleed_pt);
		d->cr = cairo_create(d->surface);
		/* One Document element over the structure tree, as tagged
		 * PDF wants: begun with the first page, ended on close. */
		if (d->npages == 1)
			cairo_tag_begin(d->cr, "Document", "");
	}
	cairo_scale(d->cr, k, k);
	cairo_set_line_width(d->cr, 0.25);
	tag_doc = d;
	return d->cr;
}

void
rnd_doc_page_end(struct rnd_doc *d)
{
	if (d->cr == NULL)
		return;
	if (d->kind == DOC_PDF)
		cairo_show_page(d->cr);
	cairo_destroy(d->cr);
	d->cr = NULL;
}

void
rnd_tag_begin(cairo_t *cr, const char *role)
{
	cairo_tag_begin(cr, role, "");
}

void
rnd_tag_end(cairo_t *cr, const char *role)
{
	cairo_tag_end(cr, role);
}

void
rnd_figure_begin(cairo_t *cr, const char *alt)
{
	struct rnd_doc *d = tag_doc;

	/* Only a figure drawn into the document: one measured on a
	 * scratch surface is not in its structure. */
	if (d != NULL && d->kind == DOC_PDF &&
	    cairo_get_target(cr) == d->surface) {
		char *a = xstrdup(alt != NULL ? alt : "");

		XPUSH(d->alts, d->nalts, d->capalts, a);
	}
	cairo_tag_begin(cr, "Figure", "");
}

void
rnd_figure_end(cairo_t *cr)
{
	cairo_tag_end(cr, "Figure");
}

/* Returns the outline id (for children). */
int
rnd_doc_outline(struct rnd_doc *d, int parent, const char *label, double y_mm)
{
	return rnd_doc_outline_page(d, parent, label, d->npages, y_mm);
}

int
rnd_doc_outline_page(struct rnd_doc *d, int parent, const char *label,
    size_t page, double y_mm)
{
	char y[32], *attr;
	int id;

	if (page == 0 || page > d->npages || d->kind != DOC_PDF)
		return 0;
	/* Whole points: Cairo 1.16 reads tag attributes with sscanf, so a
	 * decimal point fails under a decimal-comma locale. */
	fmt_double(y, sizeof(y), y_mm * 72.0 / 25.4, 0);
	attr = xasprintf("page=%zu pos=[0 %s]", page, y);
	id = cairo_pdf_surface_add_outline(d->surface,
	    parent == 0 ? CAIRO_PDF_OUTLINE_ROOT : parent, label, attr, 0);
	free(attr);
	return id;
}

/* A PDF array [x0 y0 x1 y1] as a qpdf object. */
static qpdf_oh
box_new(qpdf_data q, double x0, double y0, double x1, double y1)
{
	qpdf_oh a = rnd_qp.qpdf_oh_new_array(q);
	double v[4] = { x0, y0, x1, y1 };
	int i;

	for (i = 0; i < 4; i++) {
		qpdf_oh n = rnd_qp.qpdf_oh_new_real_from_double(q, v[i], 3);

		rnd_qp.qpdf_oh_append_item(q, a, n);
	}
	return a;
}

void
rnd_doc_set_booklet(struct rnd_doc *d, double sheet_w_mm, double sheet_h_mm)
{
	d->booklet_w = sheet_w_mm / RND_PT_MM;
	d->booklet_h = sheet_h_mm / RND_PT_MM;
}

/* Page i's content as a Form XObject: its drawing and resources, its
 * MediaBox for a box. */
static qpdf_oh
page_form(qpdf_data q, qpdf_oh page)
{
	qpdf_oh xo = rnd_qp.qpdf_oh_new_stream(q), dict;
	unsigned char *buf = NULL;
	size_t len = 0;

	rnd_qp.qpdf_oh_get_page_content_data(q, page, &buf, &len);
	rnd_qp.qpdf_oh_replace_stream_data(q, xo, buf, len,
	    rnd_qp.qpdf_oh_new_null(q), rnd_qp.qpdf_oh_new_null(q));
	free(buf);
	dict = rnd_qp.qpdf_oh_get_dict(q, xo);
	rnd_qp.qpdf_oh_replace_key(q, dict, "/Type",
	    rnd_qp.qpdf_oh_new_name(q, "/XObject"));
	rnd_qp.qpdf_oh_replace_key(q, dict, "/Subtype",
	    rnd_qp.qpdf_oh_new_name(q, "/Form"));
	rnd_qp.qpdf_oh_replace_key(q, dict, "/BBox",
	    rnd_qp.qpdf_oh_get_key(q, page, "/MediaBox"));
	rnd_qp.qpdf_oh_replace_key(q, dict, "/Resources",
	    rnd_qp.qpdf_oh_get_key(q, page, "/Resources"));
	return xo;
}

/*
 * Saddle-stitch imposition: the n pages, padded with blanks to a multiple
 * of four, two up on sheets of w x h pt, in the order a duplex printer's
 * stack folds into a booklet — sheet s (from 0) of N pages has on its
 * front pages N - 2s (left) and 2s + 1 (right), on its back 2s + 2 and
 * N - 2s - 1 (1-based). Each page is scaled to its half, centred. The
 * outline and links point at pages that are no more: they go.
 */
static void
impose(qpdf_data q, double w, double h)
{
	int n = rnd_qp.qpdf_get_num_pages(q), nn = (n + 3) / 4 * 4, s, side, k;
	qpdf_oh *form = xcalloc((size_t)nn + 1, sizeof(*form)), *old;
	double pw = 0, ph = 0;

	old = xcalloc((size_t)n + 1, sizeof(*old));
	for (k = 0; k < n; k++) {
		qpdf_oh mb;

		old[k] = rnd_qp.qpdf_get_page_n(q, (size_t)k);
		form[k] = rnd_qp.qpdf_make_indirect_object(q,
		    page_form(q, old[k]));
		mb = rnd_qp.qpdf_oh_get_key(q, old[k], "/MediaBox");
		pw = rnd_qp.qpdf_oh_get_numeric_value(q,
		    rnd_qp.qpdf_oh_get_array_item(q, mb, 2));
		ph = rnd_qp.qpdf_oh_get_numeric_value(q,
		    rnd_qp.qpdf_oh_get_array_item(q, mb, 3));
	}
	for (k = 0; k < n; k++)
		rnd_qp.qpdf_remove_page(q, old[k]);
	for (s = 0; s < nn / 4; s++)
		for (side = 0; side < 2; side++) {
			int at[2] = { side == 0 ? nn - 2 * s : 2 * s + 2,
				side == 0 ? 2 * s + 1 : nn - 2 * s - 1 };
			double sc = fmin(w / 2 / pw, h / ph);
			qpdf_oh page = rnd_qp.qpdf_oh_new_dictionary(q), res,
			        xobj, cs;
			char ops[512], a[32], x[32], y[32];
			size_t used = 0;
			int j;

			xobj = rnd_qp.qpdf_oh_new_dictionary(q);
			for (j = 0; j < 2; j++) {
				if (at[j] > n)
					continue; /* a blank page */
				rnd_qp.qpdf_oh_replace_key(q, xobj,
				    j == 0 ? "/P0" : "/P1", form[at[j] - 1]);
				/* Numbers without the locale's comma. */
				fmt_double(a, sizeof(a), sc, 5);
				fmt_double(x, sizeof(x),
				    j * w / 2 + (w / 2 - pw * sc) / 2, 3);
				fmt_double(y, sizeof(y), (h - ph * sc) / 2, 3);
				used += (size_t)snprintf(ops + used,
				    sizeof(ops) - used,
				    "q %s 0 0 %s %s %s cm "
				    "/P%d Do Q\n",
				    a, a, x, y, j);
			}
			res = rnd_qp.qpdf_oh_new_dictionary(q);
			rnd_qp.qpdf_oh_replace_key(q, res, "/XObject", xobj);
			cs = rnd_qp.qpdf_oh_new_stream(q);
			rnd_qp.qpdf_oh_replace_stream_data(q, cs,
			    (const unsigned char *)ops, used,
			    rnd_qp.qpdf_oh_new_null(q),
			    rnd_qp.qpdf_oh_new_null(q));
			rnd_qp.qpdf_oh_replace_key(q, page, "/Type",
			    rnd_qp.qpdf_oh_new_name(q, "/Page"));
			rnd_qp.qpdf_oh_replace_key(q, page, "/MediaBox",
			    box_new(q, 0, 0, w, h));
			rnd_qp.qpdf_oh_replace_key(q, page, "/Resources", res);
			rnd_qp.qpdf_oh_replace_key(q, page, "/Contents",
			    rnd_qp.qpdf_make_indirect_object(q, cs));
			rnd_qp.qpdf_add_page(q, q,
			    rnd_qp.qpdf_make_indirect_object(q, page),
			    QPDF_FALSE);
		}
	rnd_qp.qpdf_oh_remove_key(q, rnd_qp.qpdf_get_root(q), "/Outlines");
	free(form);
	free(old);
}

/*
 * Give each Figure of the structure tree, in the tree's order (the order
 * they were drawn in), its alternative text: the k-th from d->alts.
 * Returns how many it gave.
 */
static size_t
figure_alts(qpdf_data q, struct rnd_doc *d, qpdf_oh el, size_t k, int depth)
{
	qpdf_oh kids;
	int i, n;

	/* Every figure given its text: the rest of the tree is not read
	 * (qpdf parses each object it is asked for). */
	if (depth > 64 || k >= d->nalts)
		return k;
	if (rnd_qp.qpdf_oh_is_dictionary(q, el)) {
		qpdf_oh s = rnd_qp.qpdf_oh_get_key(q, el, "/S");

		if (rnd_qp.qpdf_oh_is_name(q, s) &&
		    strcmp(rnd_qp.qpdf_oh_get_name(q, s), "/Figure") == 0 &&
		    k < d->nalts)
			rnd_qp.qpdf_oh_replace_key(q, el, "/Alt",
			    rnd_qp.qpdf_oh_new_unicode_string(q,
			        d->alts[k++]));
		if (!rnd_qp.qpdf_oh_has_key(q, el, "/K"))
			return k;
		kids = rnd_qp.qpdf_oh_get_key(q, el, "/K");
		if (rnd_qp.qpdf_oh_is_dictionary(q, kids))
			return figure_alts(q, d, kids, k, depth + 1);
		if (!rnd_qp.qpdf_oh_is_array(q, kids))
			return k;
		n = rnd_qp.qpdf_oh_get_array_n_items(q, kids);
		for (i = 0; i < n && k < d->nalts; i++)
			k = figure_alts(q, d,
			    rnd_qp.qpdf_oh_get_array_item(q, kids, i), k,
			    depth + 1);
	}
	return k;
}

/* Add the boxes and preferences; returns 0 or -1 (error in diags). */
static int
doc_qpdf(struct rnd_doc *d, unsigned char **out, size_t *outlen)
{
	struct pos p = { d->path, 0, 0 };
	qpdf_data q;
	const char *why;
	char date[64];
	int rc = -1, n, i;

	if (rnd_qpdf_open(&why) != 0) {
		diag_msg(d->diags, p, MSG(PDF_POST_PROCESSING_FAILED), why);
		return -1;
	}
	q = rnd_qp.qpdf_init();

	rnd_qp.qpdf_silence_errors(q);
	rnd_qp.qpdf_set_suppress_warnings(q, QPDF_TRUE);
	if (rnd_qp.qpdf_read_memory(q, d->path, (const char *)d->buf, d->len,
	        NULL) &
	    QPDF_ERRORS)
		goto out;
	/* Cairo 1.16 writes dates without the "D:" prefix. */
	pdf_date(date, sizeof(date));
	rnd_qp.qpdf_set_info_key(q, "/CreationDate", date);
	rnd_qp.qpdf_set_info_key(q, "/ModDate", date);
	{
		qpdf_oh root = rnd_qp.qpdf_get_root(q);
		qpdf_oh vp = rnd_qp.qpdf_oh_new_dictionary(q);

		/* Screen readers speak it in the ruleset's language. */
		rnd_qp.qpdf_oh_replace_key(q, root, "/Lang",
		    rnd_qp.qpdf_oh_new_string(q, doc_lang));
		/* The viewer's title bar shows the document's title, not
		 * its file name. */
		rnd_qp.qpdf_oh_replace_key(q, vp, "/DisplayDocTitle",
		    rnd_qp.qpdf_oh_new_bool(q, QPDF_TRUE));
		if (d->no_scaling)
			rnd_qp.qpdf_oh_replace_key(q, vp, "/PrintScaling",
			    rnd_qp.qpdf_oh_new_name(q, "/None"));
		rnd_qp.qpdf_oh_replace_key(q, root, "/ViewerPreferences", vp);
	}
	{
		qpdf_oh root = rnd_qp.qpdf_get_root(q);

		/* A structure tree: the document is tagged (cairo writes
		 * the tree, not always /MarkInfo). */
		if (rnd_qp.qpdf_oh_has_key(q, root, "/StructTreeRoot")) {
			qpdf_oh mi = rnd_qp.qpdf_oh_new_dictionary(q);

			rnd_qp.qpdf_oh_replace_key(q, mi, "/Marked",
			    rnd_qp.qpdf_oh_new_bool(q, QPDF_TRUE));
			rnd_qp.qpdf_oh_replace_key(q, root, "/MarkInfo", mi);
			if (d->nalts > 0)
				(void)figure_alts(q, d,
				    rnd_qp.qpdf_oh_get_key(q, root,
				        "/StructTreeRoot"),
				    0, 0);
		}
	}
	n = rnd_qp.qpdf_get_num_pages(q);
	for (i = 0; i < n && (size_t)i < d->npages; i++) {
		const struct rnd_pagebox *pb = &d->pages[i];
		qpdf_oh page;

		if (pb->bleed_pt <= 0)
			continue;
		page = rnd_qp.qpdf_get_page_n(q, (size_t)i);
		rnd_qp.qpdf_oh_replace_key(q, page, "/TrimBox",
		    box_new(q, pb->bleed_pt, pb->bleed_pt,
		        pb->bleed_pt + pb->w_pt, pb->bleed_pt + pb->h_pt));
		rnd_qp.qpdf_oh_replace_key(q, page, "/BleedBox",
		    box_new(q, 0, 0, pb->w_pt + 2 * pb->bleed_pt,
		        pb->h_pt + 2 * pb->bleed_pt));
	}
	if (d->booklet_w > 0)
		impose(q, d->booklet_w, d->booklet_h);
	if (rnd_pdfx_on()) {
		const char *base = strrchr(d->path, '/');
		char xdate[64];

		doc_date(xdate, sizeof(xdate));
		rnd_pdfx_apply(q, base != NULL ? base + 1 : d->path, xdate,
		    d->buf, d->len);
	}
	if (rnd_qp.qpdf_init_write_memory(q) & QPDF_ERRORS)
		goto out;
	rnd_qp.qpdf_set_deterministic_ID(q, QPDF_TRUE);
	rnd_pdfx_version(q);
	if (rnd_qp.qpdf_write(q) & QPDF_ERRORS)
		goto out;
	*outlen = rnd_qp.qpdf_get_buffer_length(q);
	*out = xmalloc(*outlen + 1);
	memcpy(*out, rnd_qp.qpdf_get_buffer(q), *outlen);
	rc = 0;
out:
	if (rc == -1) {
		qpdf_error e = rnd_qp.qpdf_get_error(q);

		diag_msg(d->diags, p, MSG(PDF_POST_PROCESSING_FAILED),
		    e != NULL ? rnd_qp.qpdf_get_error_full_text(q, e) :
		                "unknown error");
	}
	rnd_qp.qpdf_cleanup(&q);
	return rc;
}

/*
 * The close pass as an incremental update (issue 36): what Cairo
 * cannot write is appended to Cairo's own file, the objects it changes
 * written again after it with an xref of their own (PDF 1.7, 7.5.6),
 * rather than the whole file read and written again by libqpdf, which
 * parses every object (on a reference sheet of 600 objects, 60 million
 * instructions). Cairo's file is read as Cairo writes it: its one xref
 * section, a dictionary's keys one a line; a file not so (or a booklet,
 * or PDF/X, which qpdf rewrites) goes through qpdf as before.
 */
struct raw {
	const char *b;
	size_t len;
	size_t *off; /* object i's offset, 0: none */
	size_t n;    /* objects, 0 the free one */
	size_t xref; /* the offset of Cairo's xref */
	long root, info;
};

/* A changed object: its number and its dictionary. */
struct upd {
	long num;
	GString *text;
};

/* The first n bytes of needle in [h, h + hl), or NULL (memmem is a GNU
 * and BSD extension). */
static const char *
raw_find(const char *h, size_t hl, const char *needle, size_t n)
{
	const char *p, *e = h + hl;

	for (p = h; p != NULL && (size_t)(e - p) >= n;
	     p = memchr(p + 1, needle[0], (size_t)(e - p - 1)))
		if (memcmp(p, needle, n) == 0)
			return p;
	return NULL;
}

/* The value after "/Key " in Cairo's dictionary [s, e): a key of its
 * own, first ("<< /Key") or at the start of a line ("\n   /Key"; a
 * dictionary inside it is indented further), not a longer name; NULL
 * when it has none. */
static const char *
raw_key(const char *s, const char *e, const char *key)
{
	size_t kl = strlen(key);
	const char *p, *k;

	for (p = s; p != NULL && p + kl + 4 < e;
	     p = memchr(p + 1, '\n', (size_t)(e - p - 1))) {
		k = p + 3; /* "<< " or "\n   " */
		if (p != s && memcmp(p + 1, "   /", 4) != 0)
			continue;
		if (p != s)
			k = p + 4;
		if ((size_t)(e - k) > kl && memcmp(k, key, kl) == 0 &&
		    strchr(" \n[<(/", k[kl]) != NULL) {
			for (k += kl; k < e && *k == ' '; k++)
				;
			return k;
		}
	}
	return NULL;
}

/* Object num's dictionary, [*s, *e) from "<<" to after ">>": 0, or -1
 * when it is not one Cairo wrote so. */
static int
raw_obj(const struct raw *r, long num, const char **s, const char **e)
{
	char head[32];
	const char *p, *end;
	int hl;

	if (num < 1 || (size_t)num >= r->n || r->off[num] == 0)
		return -1;
	hl = snprintf(head, sizeof(head), "%ld 0 obj\n", num);
	p = r->b + r->off[num];
	if ((size_t)(r->len - r->off[num]) < (size_t)hl ||
	    memcmp(p, head, (size_t)hl) != 0)
		return -1;
	p += hl;
	end = raw_find(p, r->len - (size_t)(p - r->b), "\nendobj", 7);
	if (end == NULL || end - p < 4 || memcmp(p, "<<", 2) != 0 ||
	    memcmp(end - 2, ">>", 2) != 0)
		return -1;
	*s = p;
	*e = end;
	return 0;
}

/* The object number of a reference "N 0 R" at p (*end after it), or
 * -1. */
static long
raw_ref(const char *p, const char *e, const char **end)
{
	char *q;
	long n = strtol(p, &q, 10);

	if (q == p || n < 1 || e - q < 4 || memcmp(q, " 0 R", 4) != 0)
		return -1;
	if (end != NULL)
		*end = q + 4;
	return n;
}

/* The references of an array value at p ("[ 7 0 R 8 0 R ]"), not those
 * in a dictionary inside it (a marked-content reference's /Pg), into
 * *refs (n of them, caller frees); or one reference "7 0 R". */
static size_t
raw_refs(const char *p, const char *e, long **refs)
{
	size_t n = 0, cap = 0;
	const char *q;
	int nest = 0;
	long k;

	*refs = NULL;
	if (p >= e)
		return 0;
	if (*p != '[') {
		if ((k = raw_ref(p, e, NULL)) > 0)
			XPUSH(*refs, n, cap, k);
		return n;
	}
	for (p++; p < e && *p != ']'; p++) {
		if (p + 1 < e && p[0] == '<' && p[1] == '<') {
			nest++;
			p++;
		} else if (p + 1 < e && p[0] == '>' && p[1] == '>') {
			nest--;
			p++;
		} else if (nest == 0 && *p >= '1' && *p <= '9' &&
		    p[-1] == ' ' && (k = raw_ref(p, e, &q)) > 0) {
			XPUSH(*refs, n, cap, k);
			p = q - 1;
		}
	}
	return n;
}

/* Cairo's xref and trailer: 0, or -1 when they are not as it writes
 * them. */
static int
raw_read(struct raw *r, const unsigned char *buf, size_t len)
{
	const char *b = (const char *)buf, *p, *t;
	char *q;
	size_t i, n;

	memset(r, 0, sizeof(*r));
	r->b = b;
	r->len = len;
	if (len < 64 ||
	    (p = raw_find(b + len - 40, 40, "startxref\n", 10)) == NULL)
		return -1;
	r->xref = (size_t)strtoul(p + 10, NULL, 10);
	if (r->xref >= len || memcmp(b + r->xref, "xref\n0 ", 7) != 0)
		return -1;
	p = b + r->xref + 7;
	n = (size_t)strtoul(p, &q, 10);
	if (*q != '\n' || n < 2 || n > len / 20)
		return -1;
	p = q + 1;
	if ((size_t)(p - b) + n * 20 + 8 > len ||
	    memcmp(p + n * 20, "trailer\n", 8) != 0)
		return -1;
	r->off = xcalloc(n, sizeof(*r->off));
	r->n = n;
	for (i = 1; i < n; i++)
		if (p[i * 20 + 17] == 'n')
			r->off[i] = (size_t)strtoul(p + i * 20, NULL, 10);
	t = p + n * 20 + 8;
	if ((p = raw_find(t, len - (size_t)(t - b), "/Root ", 6)) == NULL ||
	    (r->root = raw_ref(p + 6, b + len, NULL)) < 0 ||
	    (p = raw_find(t, len - (size_t)(t - b), "/Info ", 6)) == NULL ||
	    (r->info = raw_ref(p + 6, b + len, NULL)) < 0)
		return -1;
	return 0;
}

/* A changed object: the start of its dictionary, n bytes of Cairo's
 * (all but its closing ">>"), to which the caller appends its keys and
 * ">>". */
static GString *
upd_add(struct upd *u, size_t *nu, long num, const char *s, size_t n)
{
	u[*nu].num = num;
	u[*nu].text = g_string_new_len(s, (gssize)n);
	return u[(*nu)++].text;
}

/* PDFDocEncoding's bytes 0x80 to 0x9e (PDF 1.7, D.2), as Unicode. */
static const gunichar pdfdoc_80[] = { 0x2022, 0x2020, 0x2021, 0x2026, 0x2014,
	0x2013, 0x0192, 0x2044, 0x2039, 0x203a, 0x2212, 0x2030, 0x201e, 0x201c,
	0x201d, 0x2018, 0x2019, 0x201a, 0x2122, 0xfb01, 0xfb02, 0x0141, 0x0152,
	0x0160, 0x0178, 0x017d, 0x0131, 0x0142, 0x0153, 0x0161, 0x017e };

/* Character c's byte in PDFDocEncoding, or -1 when it has none. */
static int
pdfdoc_byte(gunichar c)
{
	size_t i;

	if ((c >= 0x20 && c < 0x7f) || (c >= 0xa1 && c <= 0xff && c != 0xad))
		return (int)c;
	if (c == 0x20ac)
		return 0xa0;
	for (i = 0; i < sizeof(pdfdoc_80) / sizeof(*pdfdoc_80); i++)
		if (pdfdoc_80[i] == c)
			return 0x80 + (int)i;
	return -1;
}

/* A text string as qpdf's unicode strings are written: in
 * PDFDocEncoding where it has every character, else UTF-16BE. */
static void
pdf_text(GString *g, const char *s)
{
	GString *b = g_string_new("(");
	const char *p;
	gunichar2 *u;
	glong i, n;
	int c = 0;

	for (p = s; *p != '\0' && c >= 0; p = g_utf8_next_char(p)) {
		c = pdfdoc_byte(g_utf8_get_char_validated(p, -1));
		if (c == '(' || c == ')' || c == '\\')
			g_string_append_c(b, '\\');
		if (c >= 0)
			g_string_append_c(b, (char)c);
	}
	if (c >= 0) {
		g_string_append_c(b, ')');
		g_string_append_len(g, b->str, (gssize)b->len);
		g_string_free(b, TRUE);
		return;
	}
	g_string_free(b, TRUE);
	u = g_utf8_to_utf16(s, -1, NULL, &n, NULL);
	g_string_append(g, "<FEFF");
	for (i = 0; u != NULL && i < n; i++)
		g_string_append_printf(g, "%04X", (unsigned)u[i]);
	g_string_append_c(g, '>');
	g_free(u);
}

/* A number of points to 3 decimals, whatever the locale's point. */
static void
pdf_num(GString *g, double v)
{
	long long m = llround(v * 1000);

	g_string_append_printf(g, " %s%lld.%03lld", m < 0 ? "-" : "",
	    llabs(m) / 1000, llabs(m) % 1000);
}

static void
pdf_box(GString *g, const char *key, double x0, double y0, double x1,
    double y1)
{
	g_string_append_printf(g, "   %s [", key);
	pdf_num(g, x0);
	pdf_num(g, y0);
	pdf_num(g, x1);
	pdf_num(g, y1);
	g_string_append(g, " ]\n");
}

/* The Figures of the structure tree under num, in the tree's order,
 * given the alternative text d->alts[k...]; returns the next k, or -1
 * when an element is not as Cairo writes one. */
static long
raw_alts(const struct raw *r, struct rnd_doc *d, struct upd *u, size_t *nu,
    long num, size_t k, int depth)
{
	const char *s, *e, *v;
	long *kids;
	size_t i, n;
	long rc = (long)k;

	if (depth > 64 || k >= d->nalts)
		return rc;
	if (raw_obj(r, num, &s, &e) == -1)
		return -1;
	if ((v = raw_key(s, e, "/S")) != NULL &&
	    strncmp(v, "/Figure\n", 8) == 0) {
		GString *g;

		if (raw_key(s, e, "/Alt") != NULL)
			return -1;
		g = upd_add(u, nu, num, s, (size_t)(e - s - 2));
		g_string_append(g, "   /Alt ");
		pdf_text(g, d->alts[k]);
		g_string_append(g, "\n>>");
		rc = (long)++k;
	}
	if ((v = raw_key(s, e, "/K")) == NULL)
		return rc;
	n = raw_refs(v, e, &kids);
	for (i = 0; i < n && rc >= 0 && (size_t)rc < d->nalts; i++)
		rc = raw_alts(r, d, u, nu, kids[i], (size_t)rc, depth + 1);
	free(kids);
	return rc;
}

static int
upd_cmp(const void *a, const void *b)
{
	const struct upd *x = a, *y = b;

	return x->num < y->num ? -1 : x->num > y->num;
}

/* The catalog's and the Info's keys, the pages' boxes, the figures'
 * alternative text, appended as an update of Cairo's file: 0, or -1
 * when Cairo's file is not as expected (nothing is changed then). */
static int
doc_append(struct rnd_doc *d, unsigned char **out, size_t *outlen)
{
	struct raw r;
	struct upd *u = NULL;
	size_t nu = 0, i, j, npg = 0, xref;
	const char *s, *e, *v;
	long *pg = NULL, tree = -1;
	GString *g, *o = NULL;
	GChecksum *md5;
	char date[64];
	int rc = -1, bleed = 0;

	if (raw_read(&r, d->buf, d->len) == -1 ||
	    raw_obj(&r, r.root, &s, &e) == -1 ||
	    raw_key(s, e, "/Lang") != NULL ||
	    raw_key(s, e, "/ViewerPreferences") != NULL)
		goto out;
	for (i = 0; i < d->npages; i++)
		bleed |= d->pages[i].bleed_pt > 0;
	/* The catalog, the Info, each page, each figure: at most. */
	u = xcalloc(2 + d->npages + d->nalts, sizeof(*u));
	g = upd_add(u, &nu, r.root, s, (size_t)(e - s - 2));
	g_string_append(g, "   /Lang ");
	pdf_text(g, doc_lang);
	g_string_append(g, "\n   /ViewerPreferences << /DisplayDocTitle true");
	if (d->no_scaling)
		g_string_append(g, " /PrintScaling /None");
	g_string_append(g, " >>\n");
	if ((v = raw_key(s, e, "/StructTreeRoot")) != NULL) {
		tree = raw_ref(v, e, NULL);
		if (raw_key(s, e, "/MarkInfo") == NULL)
			g_string_append(g,
			    "   /MarkInfo << /Marked true >>\n");
	}
	g_string_append(g, ">>");
	if (bleed &&
	    ((v = raw_key(s, e, "/Pages")) == NULL ||
	        raw_obj(&r, raw_ref(v, e, NULL), &s, &e) == -1 ||
	        (v = raw_key(s, e, "/Kids")) == NULL ||
	        (npg = raw_refs(v, e, &pg)) != d->npages))
		goto out;
	for (i = 0; bleed && i < npg; i++) {
		const struct rnd_pagebox *pb = &d->pages[i];

		if (pb->bleed_pt <= 0)
			continue;
		if (raw_obj(&r, pg[i], &s, &e) == -1 ||
		    raw_key(s, e, "/TrimBox") != NULL)
			goto out;
		g = upd_add(u, &nu, pg[i], s, (size_t)(e - s - 2));
		pdf_box(g, "/TrimBox", pb->bleed_pt, pb->bleed_pt,
		    pb->bleed_pt + pb->w_pt, pb->bleed_pt + pb->h_pt);
		pdf_box(g, "/BleedBox", 0, 0, pb->w_pt + 2 * pb->bleed_pt,
		    pb->h_pt + 2 * pb->bleed_pt);
		g_string_append(g, ">>");
	}
	if (tree > 0 && d->nalts > 0 &&
	    raw_alts(&r, d, u, &nu, tree, 0, 0) < 0)
		goto out;
	if (raw_obj(&r, r.info, &s, &e) == -1)
		goto out;
	/* Cairo 1.16 writes dates without the "D:" prefix: its lines of
	 * them left out, and given again. */
	pdf_date(date, sizeof(date));
	g = upd_add(u, &nu, r.info, s, 0);
	while (s < e - 2) {
		const char *nl = memchr(s, '\n', (size_t)(e - 2 - s));
		size_t n = nl != NULL ? (size_t)(nl - s) + 1 :
		                        (size_t)(e - 2 - s);

		if (!(n > 4 &&
		        (strncmp(s, "   /CreationDate ", 17) == 0 ||
		            strncmp(s, "   /ModDate ", 12) == 0)))
			g_string_append_len(g, s, (gssize)n);
		s += n;
	}
	g_string_append_printf(g,
	    "   /CreationDate (%s)\n   /ModDate (%s)\n>>", date, date);
	qsort(u, nu, sizeof(*u), upd_cmp);
	for (i = 1; i < nu; i++)
		if (u[i].num == u[i - 1].num)
			goto out;
	o = g_string_sized_new(d->len + 4096);
	g_string_append_len(o, (const char *)d->buf, (gssize)d->len);
	{
		size_t *at = xcalloc(nu, sizeof(*at));

		for (i = 0; i < nu; i++) {
			at[i] = o->len;
			g_string_append_printf(o, "%ld 0 obj\n%s\nendobj\n",
			    u[i].num, u[i].text->str);
		}
		xref = o->len;
		g_string_append(o, "xref\n");
		/* A subsection a run of consecutive numbers. */
		for (i = 0; i < nu; i = j) {
			for (j = i + 1; j < nu && u[j].num == u[j - 1].num + 1;
			     j++)
				;
			g_string_append_printf(o, "%ld %zu\n", u[i].num,
			    j - i);
			for (; i < j; i++)
				g_string_append_printf(o, "%010zu 00000 n \n",
				    at[i]);
		}
		free(at);
	}
	/* A deterministic /ID: the MD5 of what PDF 1.7 (14.4) suggests, the
	 * file's size and its Info, here with Cairo's xref (every object's
	 * place, so its size) and the whole update; not of every byte (a
	 * sheet's 100 KB cost 4 million instructions). */
	md5 = g_checksum_new(G_CHECKSUM_MD5);
	{
		char size[32];

		snprintf(size, sizeof(size), "%zu", d->len);
		g_checksum_update(md5, (const guchar *)size, -1);
	}
	g_checksum_update(md5, (const guchar *)o->str + r.xref,
	    (gssize)(o->len - r.xref));
	g_string_append_printf(o,
	    "trailer\n<< /Size %zu\n   /Root %ld 0 R\n   /Info %ld 0 R\n"
	    "   /ID [ <%s> <%s> ]\n   /Prev %zu\n>>\nstartxref\n%zu\n%%%%EOF\n",
	    r.n, r.root, r.info, g_checksum_get_string(md5),
	    g_checksum_get_string(md5), r.xref, xref);
	g_checksum_free(md5);
	*outlen = o->len;
	*out = xmalloc(o->len + 1);
	memcpy(*out, o->str, o->len + 1);
	rc = 0;
out:
	for (i = 0; i < nu; i++)
		g_string_free(u[i].text, TRUE);
	free(u);
	if (o != NULL)
		g_string_free(o, TRUE);
	free(pg);
	free(r.off);
	return rc;
}

/* Frees the doc's parts (not the file). */
static void
doc_free(struct rnd_doc *d)
{
	size_t i;

	if (tag_doc == d)
		tag_doc = NULL;
	for (i = 0; i < d->nalts; i++)
		free(d->alts[i]);
	free(d->alts);

	for (i = 0; i < d->nrec; i++)
		cairo_surface_destroy(d->rec[i]);
	free(d->rec);
	if (d->cr != NULL)
		cairo_destroy(d->cr);
	if (d->surface != NULL)
		cairo_surface_destroy(d->surface);
	free(d->buf);
	free(d->pages);
	free(d->path);
	free(d);
}

/* The file page i (from 0) of an image document goes to: the path for
 * one page, else NAME-<i+1>.EXT, numbered to the same width. */
static char *
image_name(const struct rnd_doc *d, size_t i)
{
	const char *dot = strrchr(d->path, '.');
	int w = d->npages >= 100 ? 3 : d->npages >= 10 ? 2 : 1;

	if (d->npages == 1)
		return xstrdup(d->path);
	return xasprintf("%.*s-%0*zu%s", (int)(dot - d->path), d->path, w,
	    i + 1, dot);
}

/* Page i as a PNG or SVG file in memory (*out, caller frees). */
static int
image_page(struct rnd_doc *d, size_t i, unsigned char **out, size_t *n)
{
	const struct rnd_pagebox *pb = &d->pages[i];
	double w = pb->w_pt + 2 * pb->bleed_pt,
	       h = pb->h_pt + 2 * pb->bleed_pt;
	double k = RND_IMAGE_DPI / 72.0;
	cairo_surface_t *s;
	cairo_status_t st;
	cairo_t *cr;

	d->buf = NULL;
	d->len = d->cap = 0;
	if (d->kind == DOC_SVG) {
		s = cairo_svg_surface_create_for_stream(doc_write, d, w, h);
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PT);
		k = 1;
	} else
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
		    (int)ceil(w * k), (int)ceil(h * k));
	cr = cairo_create(s);
	cairo_scale(cr, k, k);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_surface(cr, d->rec[i], 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	if (d->kind == DOC_PNG)
		st = cairo_surface_write_to_png_stream(s, doc_write, d);
	else {
		cairo_surface_finish(s);
		st = cairo_surface_status(s);
	}
	cairo_surface_destroy(s);
	*out = d->buf;
	*n = d->len;
	d->buf = NULL;
	d->len = d->cap = 0;
	return st == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

/* Write an image document's pages, each checked before any is written
 * (an input or a file of another kind is not replaced). 0, or -1. */
static int
image_write(struct rnd_doc *d)
{
	const char *sig = d->kind == DOC_PNG ? "\x89PNG" : "<?xml";
	struct pos p = { d->path, 0, 0 };
	unsigned char *out;
	char *name, *why = NULL;
	size_t i, n;

	for (i = 0; i < d->npages; i++) {
		name = image_name(d, i);
		if (atomic_check(name, sig, &why) != 0) {
			p.file = NULL;
			diag_msg(d->diags, p, MSG(OUTPUT_NOT_WRITTEN), why);
			free(why);
			free(name);
			return -1;
		}
		free(name);
	}
	/* The pages are one version: renamed together, at the end. */
	file_group_begin();
	for (i = 0; i < d->npages; i++) {
		if (image_page(d, i, &out, &n) != 0) {
			diag_msg(d->diags, p, MSG(CANNOT_DRAW_PAGE_IMAGE),
			    i + 1);
			free(out);
			file_group_abandon();
			return -1;
		}
		name = image_name(d, i);
		if (atomic_write(name, out, n, &why) == -1) {
			p.file = NULL;
			diag_msg(d->diags, p, MSG(OUTPUT_NOT_WRITTEN), why);
			free(why);
			free(name);
			free(out);
			file_group_abandon();
			return -1;
		}
		free(out);
		if (d->npages > 1 && i == 0)
			snprintf(last_wrote, sizeof(last_wrote), "%s", name);
		else if (d->npages > 1 && i + 1 == d->npages) {
			size_t at = strlen(last_wrote);

			snprintf(last_wrote + at, sizeof(last_wrote) - at,
			    " \xe2\x80\xa6 %s (%zu images)", name, d->npages);
		}
		free(name);
	}
	if (file_group_end(&why) == -1) {
		p.file = NULL;
		diag_msg(d->diags, p, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		return -1;
	}
	snprintf(last_path, sizeof(last_path), "%s",
	    d->npages > 1 ? d->path : "");
	return 0;
}

const char *
rnd_written(const char *path)
{
	return last_path[0] != '\0' && strcmp(last_path, path) == 0 ?
	    last_wrote :
	    path;
}

/* Returns 0 when the file was written, -1 otherwise (reported). */
int
rnd_doc_close(struct rnd_doc *d)
{
	struct pos p = { d->path, 0, 0 };
	unsigned char *out = NULL;
	size_t outlen = 0;
	char *why = NULL;
	int rc = -1;

	rnd_doc_page_end(d);
	last_path[0] = '\0';
	if (d->npages == 0 && !d->failed) {
		diag_msg(d->diags, p, MSG(NOTHING_TO_PRINT));
		d->failed = 1;
	}
	if (d->kind != DOC_PDF) {
		if (!d->failed && image_write(d) == 0)
			rc = 0;
		goto out;
	}
	if (d->npages > 0) {
		cairo_t *cr = cairo_create(d->surface);

		cairo_tag_end(cr, "Document");
		cairo_destroy(cr);
	}
	cairo_surface_finish(d->surface);
	if (!d->failed &&
	    cairo_surface_status(d->surface) != CAIRO_STATUS_SUCCESS) {
		diag_msg(d->diags, p, MSG(CANNOT_DRAW_PDF),
		    cairo_status_to_string(cairo_surface_status(d->surface)));
		d->failed = 1;
	}
	if (d->failed)
		goto out;
	/* A NUL after Cairo's bytes: its numbers end within the buffer. */
	doc_write(d, (const unsigned char *)"", 1);
	d->len--;
	/* A booklet is imposed, a PDF/X given its intent, by qpdf; the
	 * rest appended to Cairo's file, or by qpdf if it is not as
	 * expected. */
	if ((d->booklet_w > 0 || rnd_pdfx_on() ||
	        doc_append(d, &out, &outlen) == -1) &&
	    doc_qpdf(d, &out, &outlen) == -1)
		goto out;
	if (atomic_write(d->path, out, outlen, &why) == -1) {
		p.file = NULL; /* why names the file */
		diag_msg(d->diags, p, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
		goto out;
	}
	rc = 0;
out:
	free(out);
	doc_free(d);
	return rc;
}

void
rnd_doc_abandon(struct rnd_doc *d)
{
	if (d->cr != NULL) {
		cairo_destroy(d->cr);
		d->cr = NULL;
	}
	if (d->surface != NULL)
		cairo_surface_finish(d->surface);
	doc_free(d);
}
