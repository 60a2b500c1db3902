/*
 * picture.c: the units' pictures (the Image column) for the products
 * that print them — cards, base templates, scenario markers. A PNG or
 * JPEG is decoded by gdk-pixbuf once per product, at most
 * RND_PIC_MASTER_PX on its longer side, and drawn at no more than
 * RND_PIC_DPI at its printed size: a huge image is scaled down, never
 * embedded at full resolution. An SVG is drawn as vectors by librsvg,
 * read from memory so that it can name no other file.
 * A file that cannot be decoded, or of more than RS_MAX_IMAGE_PIXELS
 * pixels, is an error at its Image cell. The ruleset reader has already
 * checked that the file is a regular, readable PNG, JPEG or SVG.
 */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define PIC_CACHE 4 /* sizes of one picture a product draws */

struct pic_size {
	int w, h; /* pixels */
	cairo_surface_t *surf;
};

struct pic {
	GdkPixbuf *master; /* a raster, decoded (NULL: none) */
	RsvgHandle *svg;   /* an SVG (NULL: none) */
	double w, h;       /* intrinsic size, for the aspect */
	int jpeg;          /* embed as JPEG (a JPEG source) */
	struct pic_size sz[PIC_CACHE];
	size_t nsz;
};

struct rnd_pics {
	struct pic *v; /* one per unit */
	size_t n;
};

/* A library's message without the newline it may end in (static). */
static const char *
why(const GError *err)
{
	static _Thread_local char buf[200];
	size_t n;

	if (err == NULL || err->message == NULL)
		return "unknown error";
	snprintf(buf, sizeof(buf), "%s", err->message);
	for (n = strlen(buf); n > 0 &&
	     (buf[n - 1] == '\n' || buf[n - 1] == ' ' || buf[n - 1] == '\r');
	     n--)
		buf[n - 1] = '\0';
	return buf;
}

/* Decode a PNG or JPEG into p; 0, or -1 with an error at the cell. */
static int
pic_raster(struct pic *p, const struct rs_unit *u, struct diags *dg)
{
	GdkPixbufFormat *fmt;
	GError *err = NULL;
	GdkPixbuf *pb, *o;
	int w = 0, h = 0;
	const char *name;

	fmt = gdk_pixbuf_get_file_info(u->image_file, &w, &h);
	name = fmt != NULL ? gdk_pixbuf_format_get_name(fmt) : NULL;
	if (name == NULL || strcmp(name, u->image_kind) != 0 || w <= 0 ||
	    h <= 0) {
		diag_add(dg, SEV_ERROR, u->image_pos,
		    "unit '%s': Image '%s' "
		    "cannot be decoded as %s",
		    u->name, u->image,
		    strcmp(u->image_kind, "png") == 0 ? "a PNG" : "a JPEG");
		return -1;
	}
	if ((long)w * h > RS_MAX_IMAGE_PIXELS) {
		diag_add(dg, SEV_ERROR, u->image_pos,
		    "unit '%s': Image '%s' "
		    "is %d x %d pixels, more than the %ld million an image may "
		    "have",
		    u->name, u->image, w, h, RS_MAX_IMAGE_PIXELS / 1000000);
		return -1;
	}
	if (w > RND_PIC_MASTER_PX || h > RND_PIC_MASTER_PX)
		pb = gdk_pixbuf_new_from_file_at_scale(u->image_file,
		    RND_PIC_MASTER_PX, RND_PIC_MASTER_PX, TRUE, &err);
	else
		pb = gdk_pixbuf_new_from_file(u->image_file, &err);
	if (pb == NULL) {
		diag_add(dg, SEV_ERROR, u->image_pos,
		    "unit '%s': Image '%s' "
		    "cannot be decoded: %s",
		    u->name, u->image, why(err));
		g_clear_error(&err);
		return -1;
	}
	/* A camera's JPEG says which way up it is. */
	o = gdk_pixbuf_apply_embedded_orientation(pb);
	g_object_unref(pb);
	p->master = o;
	p->w = gdk_pixbuf_get_width(o);
	p->h = gdk_pixbuf_get_height(o);
	p->jpeg = strcmp(u->image_kind, "jpeg") == 0 &&
	    !gdk_pixbuf_get_has_alpha(o);
	return 0;
}

/* Open an SVG into p; 0, or -1 with an error at the cell. */
static int
pic_svg(struct pic *p, const struct rs_unit *u, struct diags *dg)
{
	GError *err = NULL;
	RsvgHandle *h = NULL;
	gboolean hw, hh, hv;
	RsvgLength lw, lh;
	RsvgRectangle vb;
	double w = 0, hgt = 0;
	gchar *data = NULL;
	gsize len = 0;

	/* From memory, with no base file: an SVG reads no other file. */
	if (g_file_get_contents(u->image_file, &data, &len, &err))
		h = rsvg_handle_new_from_data((const guint8 *)data, len, &err);
	g_free(data);
	if (h == NULL) {
		diag_add(dg, SEV_ERROR, u->image_pos,
		    "unit '%s': Image '%s' "
		    "cannot be read as SVG: %s",
		    u->name, u->image, why(err));
		g_clear_error(&err);
		return -1;
	}
	rsvg_handle_set_dpi(h, 96);
	if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt)) {
		rsvg_handle_get_intrinsic_dimensions(h, &hw, &lw, &hh, &lh,
		    &hv, &vb);
		if (hv) {
			w = vb.width;
			hgt = vb.height;
		}
	}
	if (!(w > 0) || !(hgt > 0) || !isfinite(w) || !isfinite(hgt)) {
		diag_add(dg, SEV_ERROR, u->image_pos,
		    "unit '%s': Image '%s' "
		    "has no size (give the svg element a width and height or "
		    "a viewBox)",
		    u->name, u->image);
		g_object_unref(h);
		return -1;
	}
	p->svg = h;
	p->w = w;
	p->h = hgt;
	return 0;
}

struct rnd_pics *
rnd_pics_new(const struct ruleset *rs, struct diags *dg, int *failed)
{
	struct rnd_pics *ps = xcalloc(1, sizeof(*ps));
	size_t i;

	*failed = 0;
	ps->n = rs->nunits;
	ps->v = xcalloc(ps->n ? ps->n : 1, sizeof(*ps->v));
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];
		int rc;

		if (u->image_file == NULL || u->image_kind == NULL)
			continue;
		rc = strcmp(u->image_kind, "svg") == 0 ?
		    pic_svg(&ps->v[i], u, dg) :
		    pic_raster(&ps->v[i], u, dg);
		*failed += rc == -1;
	}
	return ps;
}

void
rnd_pics_free(struct rnd_pics *ps)
{
	size_t i, k;

	if (ps == NULL)
		return;
	for (i = 0; i < ps->n; i++) {
		struct pic *p = &ps->v[i];

		for (k = 0; k < p->nsz; k++)
			cairo_surface_destroy(p->sz[k].surf);
		if (p->master != NULL)
			g_object_unref(p->master);
		if (p->svg != NULL)
			g_object_unref(p->svg);
	}
	free(ps->v);
	free(ps);
}

int
rnd_pics_has(const struct rnd_pics *ps, size_t unit)
{
	return ps != NULL && unit < ps->n &&
	    (ps->v[unit].master != NULL || ps->v[unit].svg != NULL);
}

int
rnd_pictures_check(const struct ruleset *rs, struct diags *dg)
{
	int failed;

	rnd_pics_free(rnd_pics_new(rs, dg, &failed));
	return failed;
}

/* A pixbuf as a Cairo image surface (premultiplied ARGB, or RGB24 when
 * it has no alpha); a JPEG source keeps a JPEG encoding of it, which the
 * PDF embeds instead of the pixels. Returns a new surface. */
static cairo_surface_t *
pixbuf_surface(GdkPixbuf *pb, int jpeg)
{
	int w = gdk_pixbuf_get_width(pb), h = gdk_pixbuf_get_height(pb);
	int nc = gdk_pixbuf_get_n_channels(pb),
	    rs = gdk_pixbuf_get_rowstride(pb);
	int alpha = gdk_pixbuf_get_has_alpha(pb), x, y, stride;
	const guchar *src = gdk_pixbuf_read_pixels(pb);
	cairo_surface_t *s = cairo_image_surface_create(alpha ?
	        CAIRO_FORMAT_ARGB32 :
	        CAIRO_FORMAT_RGB24,
	    w, h);
	unsigned char *dst;
	gchar *buf = NULL;
	gsize len = 0;

	cairo_surface_flush(s);
	dst = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (y = 0; y < h; y++) {
		const guchar *sp = src + (size_t)y * rs;
		uint32_t *dp = (uint32_t *)(void *)(dst + (size_t)y * stride);

		for (x = 0; x < w; x++, sp += nc) {
			unsigned a = alpha ? sp[3] : 255;
			unsigned r = sp[0] * a / 255, g = sp[1] * a / 255,
			         b = sp[2] * a / 255;

			dp[x] = (uint32_t)a << 24 | r << 16 | g << 8 | b;
		}
	}
	cairo_surface_mark_dirty(s);
	if (jpeg && !alpha &&
	    gdk_pixbuf_save_to_buffer(pb, &buf, &len, "jpeg", NULL, "quality",
	        "90", NULL))
		cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG,
		    (unsigned char *)buf, len, g_free, buf);
	return s;
}

/* The picture at w x h pixels (or its own size, when smaller), made
 * once per product: every base of a unit embeds the same image. */
static cairo_surface_t *
pic_at(struct pic *p, int w, int h)
{
	GdkPixbuf *pb;
	size_t k;

	if (w >= gdk_pixbuf_get_width(p->master) ||
	    h >= gdk_pixbuf_get_height(p->master)) {
		w = gdk_pixbuf_get_width(p->master);
		h = gdk_pixbuf_get_height(p->master);
	}
	for (k = 0; k < p->nsz; k++)
		if (p->sz[k].w == w && p->sz[k].h == h)
			return p->sz[k].surf;
	pb = w == gdk_pixbuf_get_width(p->master) ?
	    g_object_ref(p->master) :
	    gdk_pixbuf_scale_simple(p->master, w, h, GDK_INTERP_HYPER);
	if (p->nsz == PIC_CACHE) {
		cairo_surface_destroy(p->sz[0].surf);
		memmove(p->sz, p->sz + 1, (PIC_CACHE - 1) * sizeof(p->sz[0]));
		p->nsz--;
	}
	p->sz[p->nsz].w = w;
	p->sz[p->nsz].h = h;
	p->sz[p->nsz].surf = pixbuf_surface(pb, p->jpeg);
	g_object_unref(pb);
	return p->sz[p->nsz++].surf;
}

int
rnd_pic_draw(struct rnd_pics *ps, cairo_t *cr, size_t unit, double x, double y,
    double w, double h)
{
	struct pic *p;
	double k, dw, dh;

	if (!rnd_pics_has(ps, unit) || w <= 0 || h <= 0)
		return -1;
	p = &ps->v[unit];
	k = fmin(w / p->w, h / p->h);
	dw = p->w * k;
	dh = p->h * k;
	x += (w - dw) / 2;
	y += (h - dh) / 2;
	cairo_save(cr);
	if (p->svg != NULL) {
		RsvgRectangle vp = { x, y, dw, dh };

		cairo_rectangle(cr, x, y, dw, dh);
		cairo_clip(cr);
		rsvg_handle_render_document(p->svg, cr, &vp, NULL);
	} else {
		/* At most RND_PIC_DPI at the size printed. */
		int pw = (int)floor(dw / RND_IN_MM * RND_PIC_DPI + 1e-6);
		int ph = (int)floor(dh / RND_IN_MM * RND_PIC_DPI + 1e-6);
		cairo_surface_t *s = pic_at(p, pw < 1 ? 1 : pw,
		    ph < 1 ? 1 : ph);
		int sw = cairo_image_surface_get_width(s);
		int sh = cairo_image_surface_get_height(s);

		cairo_translate(cr, x, y);
		cairo_scale(cr, dw / sw, dh / sh);
		cairo_set_source_surface(cr, s, 0, 0);
		cairo_pattern_set_filter(cairo_get_source(cr),
		    CAIRO_FILTER_GOOD);
		cairo_rectangle(cr, 0, 0, sw, sh);
		cairo_fill(cr);
	}
	cairo_restore(cr);
	return 0;
}
