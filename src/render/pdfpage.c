/*
 * pdfpage.c: a page of a PDF product drawn as a PNG by poppler onto a
 * Cairo image surface, for the live preview (`sandtable serve`), which
 * shows every page of every PDF product in the browser.
 *
 * poppler-glib is opened when serve first draws a page (dlopen), not
 * linked: linked, its libraries cost every command 20 million
 * instructions of start-up (callgrind: `sandtable --version` 44M without
 * them, 64M with), and only serve draws. Its soname is the one the
 * build found (POPPLER_GLIB_SONAME, from the Makefile).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <poppler.h>

#include "../base/base.h"
#include "internal.h"
#include "pdfpage.h"

#ifndef POPPLER_GLIB_SONAME
#define POPPLER_GLIB_SONAME "libpoppler-glib.so.8"
#endif

/* The five functions of poppler-glib a page takes, once it is open. */
static struct {
	PopplerDocument *(*doc_new)(GBytes *, const char *, GError **);
	int (*n_pages)(PopplerDocument *);
	PopplerPage *(*get_page)(PopplerDocument *, int);
	void (*page_size)(PopplerPage *, double *, double *);
	void (*render)(PopplerPage *, cairo_t *);
	int ok;
} pop;
static pthread_once_t pop_once = PTHREAD_ONCE_INIT;

static void
pop_open(void)
{
	void *h = dlopen(POPPLER_GLIB_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (h == NULL)
		return;
	/* POSIX's way from a void * to a function pointer. */
	*(void **)&pop.doc_new = dlsym(h, "poppler_document_new_from_bytes");
	*(void **)&pop.n_pages = dlsym(h, "poppler_document_get_n_pages");
	*(void **)&pop.get_page = dlsym(h, "poppler_document_get_page");
	*(void **)&pop.page_size = dlsym(h, "poppler_page_get_size");
	*(void **)&pop.render = dlsym(h, "poppler_page_render");
	pop.ok = pop.doc_new != NULL && pop.n_pages != NULL &&
	    pop.get_page != NULL && pop.page_size != NULL &&
	    pop.render != NULL;
}

/* A page's scale from points to pixels, at dpi, its longer side at
 * most RND_PAGE_PX_MAX pixels; *pw and *ph its size in pixels. */
static double
page_scale(double w, double h, double dpi, int *pw, int *ph)
{
	double scale = dpi / 72;

	if ((w > h ? w : h) * scale > RND_PAGE_PX_MAX)
		scale = RND_PAGE_PX_MAX / (w > h ? w : h);
	*pw = (int)(w * scale + 0.5);
	*ph = (int)(h * scale + 0.5);
	return scale;
}

/* Page (from 1) of doc as PNG bytes: 0, or -1 with why. */
static int
draw(PopplerDocument *doc, int page, double dpi, unsigned char **png,
    size_t *len, const char **why)
{
	PopplerPage *pg;
	cairo_surface_t *s;
	cairo_t *cr;
	double w, h, scale;
	int rc = -1, pw, ph;

	if ((pg = pop.get_page(doc, page - 1)) == NULL) {
		*why = "no such page";
		return -1;
	}
	pop.page_size(pg, &w, &h);
	if (w < 1 || h < 1) {
		*why = "a page of no size";
		goto out;
	}
	scale = page_scale(w, h, dpi, &pw, &ph);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	pop.render(pg, cr);
	cairo_destroy(cr);
	if (rnd_png_bytes(s, png, len) == 0)
		rc = 0;
	else
		*why = "the page could not be drawn";
	cairo_surface_destroy(s);
out:
	g_object_unref(pg);
	return rc;
}

/* Each page's size in pixels as draw() draws it: 2 ints a page. */
static int *
page_sizes(PopplerDocument *doc, int n, double dpi)
{
	int *wh = xcalloc((size_t)(n > 0 ? n : 1) * 2, sizeof(int)), i;
	PopplerPage *pg;
	double w, h;

	for (i = 0; i < n; i++)
		if ((pg = pop.get_page(doc, i)) != NULL) {
			pop.page_size(pg, &w, &h);
			if (w >= 1 && h >= 1)
				page_scale(w, h, dpi, &wh[2 * i],
				    &wh[2 * i + 1]);
			g_object_unref(pg);
		}
	return wh;
}

int
rnd_pdf_page_png(const void *pdf, size_t pdflen, int page, double dpi,
    int *npages, int **sizes, unsigned char **png, size_t *len,
    const char **why)
{
	PopplerDocument *doc;
	GBytes *bytes = g_bytes_new_static(pdf, pdflen);
	GError *err = NULL;
	int rc = 0;

	*why = "";
	*png = NULL;
	*len = 0;
	pthread_once(&pop_once, pop_open);
	if (!pop.ok) {
		*why = "poppler-glib (" POPPLER_GLIB_SONAME
		       ") cannot be opened";
		g_bytes_unref(bytes);
		return -1;
	}
	if ((doc = pop.doc_new(bytes, NULL, &err)) == NULL) {
		*why = "not a PDF poppler can read";
		g_clear_error(&err);
		g_bytes_unref(bytes);
		return -1;
	}
	*npages = pop.n_pages(doc);
	if (page > 0)
		rc = draw(doc, page, dpi, png, len, why);
	else
		*sizes = page_sizes(doc, *npages, dpi);
	g_object_unref(doc);
	g_bytes_unref(bytes);
	return rc;
}
