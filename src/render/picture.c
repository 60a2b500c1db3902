/*
 * picture.c: the units' pictures (the Image column) for the products
 * that print them — cards, base templates, scenario markers, the
 * reference sheet's key. Each picture file is read once a run however
 * many units name it and however many products are made, and kept with
 * the ruleset (rs->keep): `check` reads them as the products will, and
 * the products of `build` draw what check read.
 *
 * What a picture will cost is known before any is decoded: a PNG's or
 * JPEG's size from its header, an SVG's elements, text, paths, filters
 * and embedded images from svg_vet.c. A picture past its own limits, or
 * one that brings the work of all the ruleset's pictures past
 * RS_MAX_PICTURES_WORK, is an error at its Image cell, and then nothing
 * is decoded.
 *
 * A PNG or JPEG is decoded once, straight at the size kept (its master):
 * at most RND_PIC_MASTER_PX on its longer side and at most its share of
 * RND_PIC_MASTERS_PX, and drawn at no more than RND_PIC_DPI at its
 * printed size: a huge image is scaled down, never embedded whole. An
 * SVG is drawn by librsvg once, into a recording (its effects, such as a
 * blur, at RND_SVG_PX on its longer side); a product paints the
 * recording as vectors until it has painted RND_SVG_VECTORS elements'
 * worth, then as pixels at RND_PIC_DPI. An SVG that embeds images is
 * drawn once as pixels (at most RND_SVG_PIXELS_PX a side), a master as
 * a PNG's. An SVG is read from memory, so that it reads no other file.
 * librsvg is opened when the first SVG is drawn, gdk-pixbuf when the
 * first picture is decoded (dlib.c), not linked.
 */
#include <errno.h>
#include <fcntl.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#ifndef RSVG_SONAME
#define RSVG_SONAME "librsvg-2.so.2"
#endif

/* The functions of librsvg an SVG picture takes. */
#define RSVG_FNS(F)                                                           \
	F(rsvg_handle_new_from_data)                                          \
	F(rsvg_handle_set_dpi)                                                \
	F(rsvg_handle_get_intrinsic_size_in_pixels)                           \
	F(rsvg_handle_get_intrinsic_dimensions)                               \
	F(rsvg_handle_render_document)
static struct {
	RSVG_FNS(DLIB_PTR)
} rsvgf;
static const char *const rsvgf_names[] = { RSVG_FNS(DLIB_NAME) };
static struct dlib rsvg_lib = DLIB(RSVG_SONAME, rsvgf, rsvgf_names);

#ifndef PIXBUF_SONAME
#define PIXBUF_SONAME "libgdk_pixbuf-2.0.so.0"
#endif

/* The functions of gdk-pixbuf a PNG or JPEG picture, or an SVG drawn as
 * pixels, takes. */
#define PIXBUF_FNS(F)                                                         \
	F(gdk_pixbuf_apply_embedded_orientation)                              \
	F(gdk_pixbuf_get_has_alpha)                                           \
	F(gdk_pixbuf_get_height)                                              \
	F(gdk_pixbuf_get_n_channels)                                          \
	F(gdk_pixbuf_get_pixels)                                              \
	F(gdk_pixbuf_get_rowstride)                                           \
	F(gdk_pixbuf_get_width)                                               \
	F(gdk_pixbuf_new)                                                     \
	F(gdk_pixbuf_new_from_file)                                           \
	F(gdk_pixbuf_new_from_file_at_scale)                                  \
	F(gdk_pixbuf_read_pixels)                                             \
	F(gdk_pixbuf_save_to_buffer)                                          \
	F(gdk_pixbuf_scale_simple)
static struct {
	PIXBUF_FNS(DLIB_PTR)
} pixf;
static const char *const pixf_names[] = { PIXBUF_FNS(DLIB_NAME) };
static struct dlib pixbuf_lib = DLIB(PIXBUF_SONAME, pixf, pixf_names);

#define PIC_CACHE 4 /* sizes of one picture a product draws */

enum pic_kind { PIC_RASTER, PIC_SVG, PIC_SVG_PIXELS };

/* One picture file, as read once a run. */
struct pic {
	char *file;
	dev_t dev;
	ino_t ino;
	const char *kind; /* "png", "jpeg" or "svg" (the reader's) */
	enum pic_kind k;
	long long pw, ph; /* a PNG's or JPEG's pixels, from its header */
	struct rnd_svg_cost svg;
	uint64_t sum;         /* of an SVG's bytes, as vetted */
	double work;          /* what it costs, RS_MAX_PICTURES_WORK's units */
	char *why;            /* why it cannot be drawn; NULL: it can */
	double w, h;          /* its size, for the aspect */
	GdkPixbuf *master;    /* PIC_RASTER, PIC_SVG_PIXELS */
	int jpeg;             /* embed as JPEG (a JPEG source) */
	cairo_surface_t *rec; /* PIC_SVG: the drawing, rw x rh */
	double rw, rh;
	double vcost; /* what painting rec costs, in elements */
};

/* The pictures of a ruleset (rs->keep->p). */
struct pic_store {
	struct pic *v;
	size_t n;
	int *of; /* each unit's picture in v, or -1 */
	size_t nunits;
	struct diags dg; /* what reading them found */
	int failed;      /* units whose picture cannot be drawn */
	const char *key; /* a template's picture (rnd_pics_tmpl): its key */
};

struct pic_size {
	int w, h; /* pixels */
	cairo_surface_t *surf;
};

struct pic_sizes {
	struct pic_size sz[PIC_CACHE];
	size_t n;
};

/* The pictures as one product draws them. */
struct rnd_pics {
	struct pic_store *st;
	int own;                 /* st is this product's (no rs->keep) */
	struct pic_sizes *sizes; /* per picture of st: what was drawn */
	double vectors;          /* elements painted as vectors */
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

/* Set p's reason (formatted), unless it has one. */
static void pic_fail(struct pic *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void
pic_fail(struct pic *p, const char *fmt, ...)
{
	va_list ap;

	if (p->why != NULL)
		return;
	va_start(ap, fmt);
	p->why = xvasprintf(fmt, ap);
	va_end(ap);
}

/* FNV-1a of n bytes. */
static uint64_t
sum_of(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* Read p's file, a regular file of at most RS_MAX_IMAGE_FILE bytes, into
 * *data (caller frees). Returns 0, or -1 with p's reason set. */
static int
pic_read(struct pic *p, char **data, size_t *len)
{
	struct stat st;
	size_t n = 0, cap;
	ssize_t got;
	int fd;

	*data = NULL;
	if ((fd = open(p->file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1 ||
	    fstat(fd, &st) == -1) {
		pic_fail(p, "cannot be read: %s", strerror(errno));
		if (fd != -1)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		pic_fail(p, "is no longer a regular file");
		close(fd);
		return -1;
	}
	cap = (size_t)st.st_size + 1;
	if (cap > RS_MAX_IMAGE_FILE + 1)
		cap = RS_MAX_IMAGE_FILE + 1;
	*data = xmalloc(cap + 1);
	while (n < cap &&
	    ((got = read(fd, *data + n, cap - n)) > 0 ||
	        (got == -1 && errno == EINTR)))
		if (got > 0)
			n += (size_t)got;
	close(fd);
	if (n > RS_MAX_IMAGE_FILE) {
		pic_fail(p, "is more than the %u MiB an image may have",
		    RS_MAX_IMAGE_FILE / (1024 * 1024));
		free(*data);
		*data = NULL;
		return -1;
	}
	(*data)[n] = '\0';
	*len = n;
	return 0;
}

/* The work of an SVG, in RS_MAX_PICTURES_WORK's units; effects drawn at
 * px on the longer side. */
static double
svg_work(const struct rnd_svg_cost *c, double px)
{
	double fx = (px / RND_SVG_PX) * (px / RND_SVG_PX);

	return (double)c->pixels + c->elements * RND_WORK_ELEMENT +
	    c->text * RND_WORK_CHAR + c->numbers * RND_WORK_NUMBER +
	    c->path_sq / RND_WORK_PATH_SQ + c->dashes * RND_WORK_DASH +
	    c->filters * RND_WORK_FILTER * fx;
}

/* What makes most of p's work, for a message (static). */
static const char *
work_part(const struct pic *p)
{
	static char buf[120];
	const struct rnd_svg_cost *c = &p->svg;
	double part[6],
	    px = p->k == PIC_SVG_PIXELS ? RND_SVG_PIXELS_PX : RND_SVG_PX;
	static const char *const what[6] = { "pixels of its images",
		"elements", "characters of text", "numbers of path data",
		"dashes", "filter effects" };
	double n[6];
	char g[32];
	int i, best = 0;

	if (p->k == PIC_RASTER) {
		snprintf(buf, sizeof(buf), "%lld x %lld pixels", p->pw, p->ph);
		return buf;
	}
	part[0] = (double)c->pixels, n[0] = (double)c->pixels;
	part[1] = c->elements * RND_WORK_ELEMENT, n[1] = c->elements;
	part[2] = c->text * RND_WORK_CHAR, n[2] = c->text;
	part[3] = c->numbers * RND_WORK_NUMBER + c->path_sq / RND_WORK_PATH_SQ;
	n[3] = c->numbers;
	part[4] = c->dashes * RND_WORK_DASH, n[4] = c->dashes;
	part[5] = c->filters * RND_WORK_FILTER * (px / RND_SVG_PX) *
	    (px / RND_SVG_PX);
	n[5] = ceil(c->filters);
	for (i = 1; i < 6; i++)
		if (part[i] > part[best])
			best = i;
	snprintf(buf, sizeof(buf), "most of it %s %s",
	    rnd_grouped(n[best], g, sizeof(g)), what[best]);
	return buf;
}

/* The n bytes of file fd at off into b; returns how many were read. */
static size_t
read_at(int fd, off_t off, unsigned char *b, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n &&
	    ((r = pread(fd, b + got, n - got, off + (off_t)got)) > 0 ||
	        (r == -1 && errno == EINTR)))
		if (r > 0)
			got += (size_t)r;
	return got;
}

/* A PNG's (its IHDR) or a JPEG's (its frame header, after any number of
 * segments) size in pixels, read from its header alone; 0 when it has
 * none to read. */
static int
raster_size(const char *file, int png, long long *w, long long *h)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
		0x1a, '\n' };
	unsigned char b[10];
	off_t off = 2;
	int fd, ok = 0;

	if ((fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1)
		return 0;
	if (png) {
		unsigned char head[24];

		if (read_at(fd, 0, head, 24) == 24 &&
		    memcmp(head, sig, 8) == 0 &&
		    memcmp(head + 12, "IHDR", 4) == 0) {
			*w = (long long)head[16] << 24 | head[17] << 16 |
			    head[18] << 8 | head[19];
			*h = (long long)head[20] << 24 | head[21] << 16 |
			    head[22] << 8 | head[23];
			ok = *w > 0 && *h > 0;
		}
		close(fd);
		return ok;
	}
	/* JPEG: from segment to segment (at most one a 4 bytes of a file
	 * of RS_MAX_IMAGE_FILE) to the frame's. */
	while (off < (off_t)RS_MAX_IMAGE_FILE && read_at(fd, off, b, 2) == 2) {
		unsigned m = b[1];

		if (b[0] != 0xff)
			break;
		if (m == 0xff) { /* fill */
			off++;
			continue;
		}
		if (m == 0xd8 || m == 0x01 || (m >= 0xd0 && m <= 0xd7)) {
			off += 2;
			continue;
		}
		if (read_at(fd, off + 2, b + 2, 7) != 7)
			break;
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 &&
		    m != 0xcc) {
			*h = b[5] << 8 | b[6];
			*w = b[7] << 8 | b[8];
			ok = *w > 0 && *h > 0;
			break;
		}
		off += 2 + (b[2] << 8 | b[3]);
	}
	close(fd);
	return ok;
}

/* Look at a PNG or JPEG without decoding it: its pixels. */
static void
raster_look(struct pic *p)
{
	p->k = PIC_RASTER;
	if (!raster_size(p->file, strcmp(p->kind, "png") == 0, &p->pw,
	        &p->ph)) {
		pic_fail(p, "cannot be decoded as %s",
		    strcmp(p->kind, "png") == 0 ? "a PNG" : "a JPEG");
		return;
	}
	if (p->pw * p->ph > RS_MAX_IMAGE_PIXELS) {
		pic_fail(p,
		    "is %lld x %lld pixels, more than the %ld million an "
		    "image may have",
		    p->pw, p->ph, RS_MAX_IMAGE_PIXELS / 1000000);
		return;
	}
	p->work = (double)p->pw * p->ph;
}

/* An SVG's intrinsic size from its handle; -1 with p's reason set. */
static int
svg_size(struct pic *p, RsvgHandle *h)
{
	gboolean hw, hh, hv;
	RsvgLength lw, lh;
	RsvgRectangle vb;
	double w = 0, hgt = 0;

	rsvgf.rsvg_handle_set_dpi(h, 96);
	if (!rsvgf.rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt)) {
		rsvgf.rsvg_handle_get_intrinsic_dimensions(h, &hw, &lw, &hh,
		    &lh, &hv, &vb);
		if (hv) {
			w = vb.width;
			hgt = vb.height;
		}
	}
	if (!(w > 0) || !(hgt > 0) || !isfinite(w) || !isfinite(hgt)) {
		pic_fail(p,
		    "has no size (give the svg element a width and "
		    "height or a viewBox)");
		return -1;
	}
	p->w = w;
	p->h = hgt;
	return 0;
}

/* librsvg's handle of an SVG's bytes, from memory with no base file (it
 * reads no other file); NULL with p's reason set. */
static RsvgHandle *
svg_open(struct pic *p, const char *data, size_t len)
{
	GError *err = NULL;
	RsvgHandle *h;

	if (dlib_open(&rsvg_lib) != 0) {
		pic_fail(p, "cannot be drawn: %s", rsvg_lib.why);
		return NULL;
	}
	h = rsvgf.rsvg_handle_new_from_data((const guint8 *)data, len, &err);
	if (h == NULL) {
		pic_fail(p, "cannot be read as SVG: %s", why(err));
		g_clear_error(&err);
		return NULL;
	}
	if (svg_size(p, h) == -1) {
		g_object_unref(h);
		return NULL;
	}
	return h;
}

/* Read an SVG and vet it (svg_vet.c), without drawing it. */
static void
svg_look(struct pic *p)
{
	char reason[400], *data;
	size_t len;

	p->k = PIC_SVG;
	if (pic_read(p, &data, &len) == -1)
		return;
	p->sum = sum_of(data, len);
	if (rnd_svg_vet(data, len, &p->svg, reason, sizeof(reason)) == -1)
		pic_fail(p, "%s", reason);
	else {
		p->k = p->svg.images ? PIC_SVG_PIXELS : PIC_SVG;
		p->work = svg_work(&p->svg,
		    p->k == PIC_SVG_PIXELS ? RND_SVG_PIXELS_PX : RND_SVG_PX);
	}
	free(data);
}

/* The size (w x h fitting box x box, its aspect kept) in *rw, *rh. */
static void
fit(double w, double h, double box, double *rw, double *rh)
{
	double k = box / fmax(w, h);

	*rw = fmax(1, w * k);
	*rh = fmax(1, h * k);
}

/* Draw an SVG of vectors once, into a recording RND_SVG_PX on its longer
 * side; its effects (filters, masks) are pixels at that size. */
static void
svg_record(struct pic *p)
{
	RsvgRectangle vp;
	cairo_rectangle_t ext;
	GError *err = NULL;
	RsvgHandle *h;
	char *data;
	size_t len;
	cairo_t *cr;

	if (pic_read(p, &data, &len) == -1)
		return;
	if (sum_of(data, len) != p->sum)
		pic_fail(p, "changed while it was read");
	else if ((h = svg_open(p, data, len)) != NULL) {
		fit(p->w, p->h, RND_SVG_PX, &p->rw, &p->rh);
		ext.x = ext.y = 0;
		ext.width = p->rw;
		ext.height = p->rh;
		p->rec =
		    cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA,
		        &ext);
		cr = cairo_create(p->rec);
		vp.x = vp.y = 0;
		vp.width = p->rw;
		vp.height = p->rh;
		if (!rsvgf.rsvg_handle_render_document(h, cr, &vp, &err)) {
			pic_fail(p, "cannot be drawn: %s", why(err));
			g_clear_error(&err);
		}
		cairo_destroy(cr);
		g_object_unref(h);
		p->vcost = p->svg.elements + p->svg.text * RND_SVG_CHAR;
	}
	free(data);
}

/* The box a master of w x h pixels is decoded into: 0, its own size,
 * when that is at most RND_PIC_MASTER_PX a side and share pixels; 1,
 * RND_PIC_MASTER_PX a side, when only that bounds it; else 2, bw x bh
 * (its share), both fitted with the aspect kept. */
static int
master_box(double w, double h, double share, int *bw, int *bh)
{
	double k = 1;
	int how = 0;

	if (w > RND_PIC_MASTER_PX || h > RND_PIC_MASTER_PX) {
		k = RND_PIC_MASTER_PX / fmax(w, h);
		how = 1;
	}
	if (w * h * k * k > share) {
		k = sqrt(share / (w * h));
		how = 2;
	}
	*bw = (int)fmax(1, floor(w * k));
	*bh = (int)fmax(1, floor(h * k));
	return how;
}

/* Decode a PNG or JPEG into its master, at most share pixels. */
static void
raster_decode(struct pic *p, double share)
{
	GError *err = NULL;
	GdkPixbuf *pb, *o;
	int bw, bh, how;

	if (dlib_open(&pixbuf_lib) != 0) {
		pic_fail(p, "cannot be decoded: %s", pixbuf_lib.why);
		return;
	}
	how = master_box((double)p->pw, (double)p->ph, share, &bw, &bh);
	if (how == 0)
		pb = pixf.gdk_pixbuf_new_from_file(p->file, &err);
	else if (how == 1)
		pb = pixf.gdk_pixbuf_new_from_file_at_scale(p->file,
		    RND_PIC_MASTER_PX, RND_PIC_MASTER_PX, TRUE, &err);
	else
		pb = pixf.gdk_pixbuf_new_from_file_at_scale(p->file, bw, bh,
		    TRUE, &err);
	if (pb == NULL) {
		pic_fail(p, "cannot be decoded: %s", why(err));
		g_clear_error(&err);
		return;
	}
	/* Whatever the file became since its header was read, no more
	 * than the box is kept. */
	if ((double)pixf.gdk_pixbuf_get_width(pb) *
	        pixf.gdk_pixbuf_get_height(pb) >
	    fmax(share, (double)RND_PIC_MASTER_PX * RND_PIC_MASTER_PX)) {
		pic_fail(p, "changed while it was read");
		g_object_unref(pb);
		return;
	}
	/* A camera's JPEG says which way up it is. */
	o = pixf.gdk_pixbuf_apply_embedded_orientation(pb);
	g_object_unref(pb);
	p->master = o;
	p->w = pixf.gdk_pixbuf_get_width(o);
	p->h = pixf.gdk_pixbuf_get_height(o);
	p->jpeg = strcmp(p->kind, "jpeg") == 0 &&
	    !pixf.gdk_pixbuf_get_has_alpha(o);
}

/* An ARGB32 surface as a pixbuf (RGBA, not premultiplied). Returns a
 * new pixbuf. */
static GdkPixbuf *
surface_pixbuf(cairo_surface_t *s)
{
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), x, y, rs;
	GdkPixbuf *pb = pixf.gdk_pixbuf_new(GDK_COLORSPACE_RGB, TRUE, 8, w, h);
	const unsigned char *src;
	guchar *dst;

	cairo_surface_flush(s);
	src = cairo_image_surface_get_data(s);
	dst = pixf.gdk_pixbuf_get_pixels(pb);
	rs = pixf.gdk_pixbuf_get_rowstride(pb);
	for (y = 0; y < h; y++) {
		const uint32_t *sp = (const uint32_t *)(const void *)(src +
		    (size_t)y * stride);
		guchar *dp = dst + (size_t)y * rs;

		for (x = 0; x < w; x++, dp += 4) {
			unsigned a = sp[x] >> 24, c;

			for (c = 0; c < 3; c++) {
				unsigned v = sp[x] >> (16 - 8 * c) & 0xff;

				dp[c] = (guchar)(a ? (v * 255 + a / 2) / a :
				                     0);
			}
			dp[3] = (guchar)a;
		}
	}
	return pb;
}

/* Draw an SVG that embeds images once, as a master of pixels: at most
 * RND_SVG_PIXELS_PX on its longer side and share pixels. The images are
 * decoded (by librsvg) then, and freed with its handle. */
static void
svg_pixels(struct pic *p, double share)
{
	GError *err = NULL;
	cairo_surface_t *s;
	RsvgRectangle vp;
	RsvgHandle *h;
	double rw, rh, k;
	size_t len;
	char *data;
	cairo_t *cr;

	if (dlib_open(&pixbuf_lib) != 0) {
		pic_fail(p, "cannot be drawn: %s", pixbuf_lib.why);
		return;
	}
	if (pic_read(p, &data, &len) == -1)
		return;
	if (sum_of(data, len) != p->sum) {
		pic_fail(p, "changed while it was read");
		free(data);
		return;
	}
	h = svg_open(p, data, len);
	free(data);
	if (h == NULL)
		return;
	fit(p->w, p->h, RND_SVG_PIXELS_PX, &rw, &rh);
	if (rw * rh > share) {
		k = sqrt(share / (rw * rh));
		rw *= k, rh *= k;
	}
	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    (int)fmax(1, floor(rw)), (int)fmax(1, floor(rh)));
	cr = cairo_create(s);
	vp.x = vp.y = 0;
	vp.width = cairo_image_surface_get_width(s);
	vp.height = cairo_image_surface_get_height(s);
	if (!rsvgf.rsvg_handle_render_document(h, cr, &vp, &err)) {
		pic_fail(p, "cannot be drawn: %s", why(err));
		g_clear_error(&err);
	}
	cairo_destroy(cr);
	g_object_unref(h);
	if (p->why == NULL)
		p->master = surface_pixbuf(s);
	cairo_surface_destroy(s);
}

static void
store_free(void *v)
{
	struct pic_store *st = v;
	size_t i;

	if (st == NULL)
		return;
	for (i = 0; i < st->n; i++) {
		struct pic *p = &st->v[i];

		free(p->file);
		free(p->why);
		if (p->master != NULL)
			g_object_unref(p->master);
		if (p->rec != NULL)
			cairo_surface_destroy(p->rec);
	}
	free(st->v);
	free(st->of);
	diags_free(&st->dg);
	free(st);
}

/* The picture of file in st, added when it is not yet (the same file
 * named twice, or by two paths, is one picture). */
static size_t
store_pic(struct pic_store *st, const struct rs_unit *u)
{
	struct stat sb;
	size_t i;
	int known = stat(u->image_file, &sb) == 0, err = errno;

	for (i = 0; known && i < st->n; i++)
		if (st->v[i].dev == sb.st_dev && st->v[i].ino == sb.st_ino)
			return i;
	st->v = xrealloc(st->v, (st->n + 1) * sizeof(*st->v));
	memset(&st->v[st->n], 0, sizeof(st->v[0]));
	st->v[st->n].file = xstrdup(u->image_file);
	st->v[st->n].kind = u->image_kind;
	if (known) {
		st->v[st->n].dev = sb.st_dev;
		st->v[st->n].ino = sb.st_ino;
	} else
		pic_fail(&st->v[st->n], "cannot be read: %s", strerror(err));
	return st->n++;
}

/*
 * Read the ruleset's pictures: look at each (its header, or its SVG
 * vetted), add up their work in the units' order, and only when all of
 * them are within their limits decode the rasters and draw the SVGs.
 * Every problem is an error at the Image cell of each unit naming the
 * picture.
 */
static struct pic_store *
store_new(const struct ruleset *rs, const char *key)
{
	struct pic_store *st = xcalloc(1, sizeof(*st));
	double total = 0, share;
	size_t i, nmasters = 0;
	long over = -1; /* the unit whose picture passed the work */
	char g1[32], g2[32], g3[32];

	st->key = key;
	st->of = xcalloc(rs->nunits ? rs->nunits : 1, sizeof(*st->of));
	st->nunits = rs->nunits;
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];
		size_t k, before = st->n;
		struct pic *p;

		st->of[i] = -1;
		if (u->image_file == NULL || u->image_kind == NULL)
			continue;
		k = store_pic(st, u);
		st->of[i] = (int)k;
		if (k < before)
			continue; /* counted once */
		p = &st->v[k];
		if (p->why == NULL && strcmp(p->kind, "svg") == 0)
			svg_look(p);
		else if (p->why == NULL)
			raster_look(p);
		if (p->why != NULL)
			continue;
		total += p->work;
		if (total > RS_MAX_PICTURES_WORK && over == -1) {
			over = (long)i;
			pic_fail(p,
			    "brings the work of the ruleset's pictures to %s "
			    "(this one %s, %s), more than the %s they may "
			    "take together",
			    rnd_grouped(total, g1, sizeof(g1)),
			    rnd_grouped(p->work, g2, sizeof(g2)), work_part(p),
			    rnd_grouped(RS_MAX_PICTURES_WORK, g3, sizeof(g3)));
		}
	}
	/* Decoded and drawn only when every picture is within its limits
	 * and all of them within the work: then the time is known. */
	for (i = 0; i < st->n; i++)
		if (st->v[i].why != NULL)
			break;
		else if (st->v[i].k != PIC_SVG)
			nmasters++;
	if (i == st->n) {
		/* The SVGs with images first, whose images librsvg holds
		 * whole while it draws; the SVGs of vectors, whose handles
		 * are large while they draw; the rasters, decoded one at a
		 * time beside what is kept. */
		share = RND_PIC_MASTERS_PX / (double)(nmasters ? nmasters : 1);
		for (i = 0; i < st->n; i++)
			if (st->v[i].k == PIC_SVG_PIXELS)
				svg_pixels(&st->v[i], share);
		for (i = 0; i < st->n; i++)
			if (st->v[i].k == PIC_SVG)
				svg_record(&st->v[i]);
		for (i = 0; i < st->n; i++)
			if (st->v[i].k == PIC_RASTER)
				raster_decode(&st->v[i], share);
	}
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];
		struct pic *p;

		if (st->of[i] < 0 || (p = &st->v[st->of[i]])->why == NULL)
			continue;
		/* The work's error at the unit that passed it only. */
		if (strncmp(p->why, "brings the work", 15) == 0 &&
		    (long)i != over)
			continue;
		if (st->key != NULL)
			diag_msg(&st->dg, u->image_pos, MSG(TEMPLATE_PICTURE),
			    st->key, u->image, p->why);
		else
			diag_msg(&st->dg, u->image_pos, MSG(UNIT_IMAGE),
			    u->name, u->image, p->why);
		st->failed++;
	}
	return st;
}

struct rnd_pics *
rnd_pics_new(const struct ruleset *rs, struct diags *dg, int *failed)
{
	struct rnd_pics *ps = xcalloc(1, sizeof(*ps));
	size_t i;

	if (rs->keep != NULL && rs->keep->p != NULL)
		ps->st = rs->keep->p;
	else {
		ps->st = store_new(rs, NULL);
		if (rs->keep != NULL) {
			rs->keep->p = ps->st;
			rs->keep->free_p = store_free;
		} else
			ps->own = 1;
	}
	for (i = 0; i < ps->st->dg.n; i++)
		diag_copy(dg, &ps->st->dg.v[i]);
	*failed = ps->st->failed;
	ps->sizes = xcalloc(ps->st->n ? ps->st->n : 1, sizeof(*ps->sizes));
	return ps;
}

struct rnd_pics *
rnd_pics_tmpl(const char *tfile, const char *key, const char *name,
    struct pos at, struct diags *dg)
{
	struct ruleset rs;
	struct rs_unit u;
	struct rnd_pics *ps;
	const char *kind = NULL;
	char why[256];
	size_t i;

	memset(&rs, 0, sizeof(rs));
	memset(&u, 0, sizeof(u));
	rs.path = (char *)tfile;
	if ((u.image_file = rs_image_file(&rs, name, &kind, why,
	         sizeof(why))) == NULL) {
		diag_msg(dg, at, MSG(TEMPLATE_PICTURE), key, name, why);
		return NULL;
	}
	u.name = (char *)key;
	u.image = (char *)name;
	u.image_kind = kind;
	u.image_pos = at;
	rs.units = &u;
	rs.nunits = 1;
	ps = xcalloc(1, sizeof(*ps));
	ps->st = store_new(&rs, key);
	ps->own = 1;
	for (i = 0; i < ps->st->dg.n; i++)
		diag_copy(dg, &ps->st->dg.v[i]);
	ps->sizes = xcalloc(ps->st->n ? ps->st->n : 1, sizeof(*ps->sizes));
	free(u.image_file);
	if (ps->st->failed > 0) {
		rnd_pics_free(ps);
		return NULL;
	}
	return ps;
}

void
rnd_pics_free(struct rnd_pics *ps)
{
	size_t i, k;

	if (ps == NULL)
		return;
	for (i = 0; i < ps->st->n; i++)
		for (k = 0; k < ps->sizes[i].n; k++)
			cairo_surface_destroy(ps->sizes[i].sz[k].surf);
	free(ps->sizes);
	if (ps->own)
		store_free(ps->st);
	free(ps);
}

/* The picture of unit, or NULL when it has none to draw. */
static struct pic *
pic_of(const struct rnd_pics *ps, size_t unit)
{
	struct pic *p;

	if (ps == NULL || unit >= ps->st->nunits || ps->st->of[unit] < 0)
		return NULL;
	p = &ps->st->v[ps->st->of[unit]];
	if (p->why != NULL || (p->master == NULL && p->rec == NULL))
		return NULL;
	return p;
}

int
rnd_pic_aspect(const struct rnd_pics *ps, size_t unit, double *h_over_w)
{
	struct pic *p = pic_of(ps, unit);

	if (p == NULL || p->w <= 0 || p->h <= 0)
		return -1;
	*h_over_w = p->h / p->w;
	return 0;
}

int
rnd_pics_has(const struct rnd_pics *ps, size_t unit)
{
	return pic_of(ps, unit) != NULL;
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
	int w = pixf.gdk_pixbuf_get_width(pb),
	    h = pixf.gdk_pixbuf_get_height(pb);
	int nc = pixf.gdk_pixbuf_get_n_channels(pb),
	    rs = pixf.gdk_pixbuf_get_rowstride(pb);
	int alpha = pixf.gdk_pixbuf_get_has_alpha(pb), x, y, stride;
	const guchar *src = pixf.gdk_pixbuf_read_pixels(pb);
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
	    pixf.gdk_pixbuf_save_to_buffer(pb, &buf, &len, "jpeg", NULL,
	        "quality", "90", NULL))
		cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG,
		    (unsigned char *)buf, len, g_free, buf);
	return s;
}

/* The picture at w x h pixels made once per product (every base of a
 * unit embeds the same image): from its master (no larger than it), or
 * an SVG's recording drawn at that size. Returns the product's surface. */
static cairo_surface_t *
pic_at(struct pic *p, struct pic_sizes *c, int w, int h)
{
	cairo_surface_t *s;
	GdkPixbuf *pb;
	size_t k;

	if (p->master != NULL &&
	    (w >= pixf.gdk_pixbuf_get_width(p->master) ||
	        h >= pixf.gdk_pixbuf_get_height(p->master))) {
		w = pixf.gdk_pixbuf_get_width(p->master);
		h = pixf.gdk_pixbuf_get_height(p->master);
	}
	for (k = 0; k < c->n; k++)
		if (c->sz[k].w == w && c->sz[k].h == h)
			return c->sz[k].surf;
	if (p->master != NULL) {
		pb = w == pixf.gdk_pixbuf_get_width(p->master) ?
		    g_object_ref(p->master) :
		    pixf.gdk_pixbuf_scale_simple(p->master, w, h,
		        GDK_INTERP_HYPER);
		s = pixbuf_surface(pb, p->jpeg);
		g_object_unref(pb);
	} else {
		cairo_t *cr;

		s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
		cr = cairo_create(s);
		cairo_scale(cr, w / p->rw, h / p->rh);
		cairo_set_source_surface(cr, p->rec, 0, 0);
		cairo_paint(cr);
		cairo_destroy(cr);
	}
	if (c->n == PIC_CACHE) {
		cairo_surface_destroy(c->sz[0].surf);
		memmove(c->sz, c->sz + 1, (PIC_CACHE - 1) * sizeof(c->sz[0]));
		c->n--;
	}
	c->sz[c->n].w = w;
	c->sz[c->n].h = h;
	c->sz[c->n].surf = s;
	return c->sz[c->n++].surf;
}

int
rnd_pic_draw(struct rnd_pics *ps, cairo_t *cr, size_t unit, double x, double y,
    double w, double h)
{
	struct pic *p = pic_of(ps, unit);
	double k, dw, dh;

	if (p == NULL || w <= 0 || h <= 0)
		return -1;
	k = fmin(w / p->w, h / p->h);
	dw = p->w * k;
	dh = p->h * k;
	x += (w - dw) / 2;
	y += (h - dh) / 2;
	cairo_save(cr);
	if (p->rec != NULL && ps->vectors + p->vcost <= RND_SVG_VECTORS) {
		/* As vectors: the recording, which the PDF holds once. */
		ps->vectors += p->vcost;
		cairo_translate(cr, x, y);
		cairo_scale(cr, dw / p->rw, dh / p->rh);
		cairo_set_source_surface(cr, p->rec, 0, 0);
		cairo_rectangle(cr, 0, 0, p->rw, p->rh);
		cairo_fill(cr);
	} else {
		/* At most RND_PIC_DPI at the size printed. */
		int pw = (int)floor(dw / RND_IN_MM * RND_PIC_DPI + 1e-6);
		int ph = (int)floor(dh / RND_IN_MM * RND_PIC_DPI + 1e-6);
		cairo_surface_t *s;
		int sw, sh;

		pw = pw < 1                ? 1 :
		    pw > RND_PIC_MASTER_PX ? RND_PIC_MASTER_PX :
		                             pw;
		ph = ph < 1                ? 1 :
		    ph > RND_PIC_MASTER_PX ? RND_PIC_MASTER_PX :
		                             ph;
		s = pic_at(p, &ps->sizes[p - ps->st->v], pw, ph);
		sw = cairo_image_surface_get_width(s);
		sh = cairo_image_surface_get_height(s);
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

/* cairo_write_func_t into a growing buffer (rnd_png_bytes). */
struct png_mem {
	unsigned char *p;
	size_t n, cap;
};

static cairo_status_t
png_mem_put(void *arg, const unsigned char *data, unsigned int len)
{
	struct png_mem *b = arg;

	if (b->n + len > b->cap) {
		b->cap = (b->n + len) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, data, len);
	b->n += len;
	return CAIRO_STATUS_SUCCESS;
}

int
rnd_png_bytes(cairo_surface_t *s, unsigned char **data, size_t *len)
{
	struct png_mem b = { NULL, 0, 0 };

	if (cairo_surface_write_to_png_stream(s, png_mem_put, &b) !=
	    CAIRO_STATUS_SUCCESS) {
		free(b.p);
		*data = NULL;
		*len = 0;
		return -1;
	}
	*data = b.p;
	*len = b.n;
	return 0;
}
