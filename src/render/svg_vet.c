/*
 * svg_vet.c: what drawing an SVG picture will cost, read before librsvg
 * sees it. librsvg expands every <use>, draws a marker at every vertex of
 * a path, a pattern's, clip's, mask's or filter's content wherever it is
 * referenced, decodes the images a data: URI embeds at full size, and has
 * filter effects whose time grows without bound: a 70 KB file can take
 * minutes and gigabytes. The document is read once with libxml2 (as
 * librsvg reads it, its internal entities expanded, no other file
 * loaded), its elements kept with their references, and then counted
 * after the references, each element's subtree once (memoised by id):
 * ten levels of ten <use> are 10^10 elements, worked out in ten steps.
 *
 * Counted, for rnd_svg_cost: elements, characters of text, numbers of
 * path data, filter primitives applied, the length of the shapes (which
 * a dash pattern cuts into dashes) and the pixels of the embedded images
 * (each distinct URI once, as librsvg decodes it once). What is set in a
 * <style> sheet is counted where its selector may match (its last
 * compound's type, class or id); a marker or dash pattern set anywhere
 * is taken to apply to every shape, which can only count too much.
 *
 * libxml2 is opened when the first SVG is read (dlib.c), not linked.
 */
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define SVG_NS "http://www.w3.org/2000/svg"
#define XLINK_NS "http://www.w3.org/1999/xlink"
#define VET_CAP 1e18     /* counts saturate here */
#define VET_MAX_DEPTH 4  /* SVG images inside SVG images */
#define CONVOLVE_ORDER 5 /* feConvolveMatrix: a larger one crashed librsvg */

#ifndef XML2_SONAME
#define XML2_SONAME "libxml2.so.2"
#endif

/* The functions of libxml2 the reading takes. */
#define XML_FNS(F)                                                            \
	F(xmlStopParser)                                                      \
	F(xmlGetExternalEntityLoader)                                         \
	F(xmlCreateMemoryParserCtxt)                                          \
	F(xmlSAXVersion)                                                      \
	F(xmlCtxtUseOptions)                                                  \
	F(xmlSetExternalEntityLoader)                                         \
	F(xmlParseDocument)                                                   \
	F(xmlCtxtGetLastError)                                                \
	F(xmlFreeDoc)                                                         \
	F(xmlFreeParserCtxt)                                                  \
	F(xmlSAX2GetLineNumber)
static struct {
	XML_FNS(DLIB_PTR)
} xmlf;
static const char *const xmlf_names[] = { XML_FNS(DLIB_NAME) };
static struct dlib xml_lib = DLIB(XML2_SONAME, xmlf, xmlf_names);

/* What is counted, per element and in its subtree after references. */
enum {
	Q_ELEMENTS,
	Q_TEXT,
	Q_NUMBERS,
	Q_PATHSQ, /* the squares of the paths' numbers */
	Q_FILTERS,
	Q_LENGTH,   /* of the shapes, in user units */
	Q_VERTICES, /* of the shapes that take markers */
	Q_DASHES,   /* of SVG images inside (the rest at the end) */
	Q__N
};

struct vnode {
	int parent, first, last, next; /* the tree; -1: none */
	int refs;                      /* first of its references; -1 */
	size_t name, cls;              /* offsets into the arena */
	double q[Q__N];                /* its own, then its subtree's */
	unsigned char state;           /* 0, 1 counting, 2 counted */
	unsigned char hidden; /* drawn only where referenced (defs …) */
	unsigned char marker; /* counted as a marker */
};

struct vref {
	int node, next;    /* the referring node, its next reference */
	int to;            /* the node referred to (-1 unresolved) */
	size_t id;         /* the id referred to, in the arena */
	unsigned char how; /* REF_DRAW or REF_MARKER */
};
enum { REF_DRAW, REF_MARKER };

/* A string-keyed multimap into the arena (ids, classes, names). */
struct vmap {
	struct vmap_ent {
		uint64_t h;
		size_t key;
		int node, next;
	} * e;
	size_t n, cap;
	int *slot; /* hash buckets: first entry, -1 */
	size_t nslot;
};

struct vet {
	xmlParserCtxtPtr ctxt;
	struct vmap ids, cls, names; /* element by id, class, name */
	int depth;                   /* of SVG images inside SVG images */
	struct vnode *v;
	size_t nv, capv;
	struct vref *r;
	size_t nr, capr;
	char *arena;
	size_t na, capa;
	int *stack; /* open elements */
	size_t nstack, capstack;
	int in_text, in_style;
	char *sheet; /* the <style> elements' text */
	size_t nsheet, capsheet;
	double text;      /* characters read, before references */
	double dash;      /* the shortest dash period set; 0: none */
	double doc;       /* the document's size, for percentages */
	long long pixels; /* of the images inside, each URI once */
	uint64_t *seen;   /* the URIs counted (hashes) */
	size_t nseen, capseen;
	int images;
	double sub_dashes; /* dashes of SVG images inside */
	char why[400];
	int failed;
};

/* ---- small helpers ---- */

/* The number v with its thousands separated by commas, in buf (at most
 * sz bytes); "more than 10^18" from 10^18 on. Returns buf. */
const char *
rnd_grouped(double v, char *buf, size_t sz)
{
	char tmp[64];
	size_t n, i, k = 0;

	if (!(v < 1e18))
		return snprintf(buf, sz, "more than 10^18"), buf;
	snprintf(tmp, sizeof(tmp), "%.0f", v);
	n = strlen(tmp);
	for (i = 0; i < n && k + 2 < sz; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = tmp[i];
	}
	buf[k] = '\0';
	return buf;
}

/* FNV-1a of n bytes. */
static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* Record why the document is refused (the first reason). */
static void refuse(struct vet *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
static void
refuse(struct vet *vt, const char *fmt, ...)
{
	va_list ap;

	if (vt->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(vt->why, sizeof(vt->why), fmt, ap);
	va_end(ap);
	vt->failed = 1;
}

/* Stop the parser once the document is refused: only when a callback
 * ends, for stopping frees the input its arguments point into. */
static void
halt(struct vet *vt)
{
	if (vt->failed && vt->ctxt != NULL)
		xmlf.xmlStopParser(vt->ctxt);
}

/* The line the parser is at, for a message. */
static int
line(const struct vet *vt)
{
	return vt->ctxt != NULL ? xmlf.xmlSAX2GetLineNumber(vt->ctxt) : 0;
}

/* A copy of n bytes (which may be in the arena) in the arena; returns
 * its offset. */
static size_t
keep(struct vet *vt, const char *s, size_t n)
{
	uintptr_t a = (uintptr_t)vt->arena, p = (uintptr_t)s;
	size_t at = vt->na;

	if (vt->na + n + 1 > vt->capa) {
		int inside = vt->arena != NULL && p >= a && p < a + vt->na;

		vt->capa = (vt->na + n + 1) * 2;
		vt->arena = xrealloc(vt->arena, vt->capa);
		if (inside)
			s = vt->arena + (p - a);
	}
	memcpy(vt->arena + at, s, n);
	vt->arena[at + n] = '\0';
	vt->na += n + 1;
	return at;
}

/* Add key -> node to m. */
static void
vmap_add(struct vet *vt, struct vmap *m, const char *key, size_t n, int node)
{
	uint64_t h = hash(key, n);
	size_t i, b;

	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 64;
		m->e = xrealloc(m->e, m->cap * sizeof(*m->e));
	}
	if (m->n * 2 >= m->nslot) {
		m->nslot = m->nslot ? m->nslot * 4 : 128;
		free(m->slot);
		m->slot = xmalloc(m->nslot * sizeof(*m->slot));
		for (i = 0; i < m->nslot; i++)
			m->slot[i] = -1;
		for (i = 0; i < m->n; i++) {
			b = m->e[i].h & (m->nslot - 1);
			m->e[i].next = m->slot[b];
			m->slot[b] = (int)i;
		}
	}
	b = h & (m->nslot - 1);
	m->e[m->n].h = h;
	m->e[m->n].key = keep(vt, key, n);
	m->e[m->n].node = node;
	m->e[m->n].next = m->slot[b];
	m->slot[b] = (int)m->n++;
}

/* The first entry of key in m, or -1; its next by vmap_next. */
static int
vmap_find(const struct vet *vt, const struct vmap *m, const char *key,
    size_t n)
{
	uint64_t h = hash(key, n);
	int i;

	if (m->nslot == 0)
		return -1;
	for (i = m->slot[h & (m->nslot - 1)]; i != -1; i = m->e[i].next)
		if (m->e[i].h == h && strlen(vt->arena + m->e[i].key) == n &&
		    memcmp(vt->arena + m->e[i].key, key, n) == 0)
			return i;
	return -1;
}

/* The next entry after i with the same key, or -1. */
static int
vmap_next(const struct vet *vt, const struct vmap *m, int i)
{
	const char *key = vt->arena + m->e[i].key;
	uint64_t h = m->e[i].h;

	for (i = m->e[i].next; i != -1; i = m->e[i].next)
		if (m->e[i].h == h &&
		    strcmp(vt->arena + m->e[i].key, key) == 0)
			return i;
	return -1;
}

static void
vmap_free(struct vmap *m)
{
	free(m->e);
	free(m->slot);
}

/* ---- numbers and lengths as SVG writes them ---- */

static int
wsp(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}

/* The number at *s in SVG's grammar (no locale), *s moved past it;
 * returns 1, or 0 when there is none. */
static int
num(const char **s, double *v)
{
	const char *p = *s;
	double x = 0, f = 0.1;
	int neg = 0, digits = 0, e = 0, eneg = 0;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	for (; *p >= '0' && *p <= '9'; p++, digits++)
		x = x * 10 + (*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++, f /= 10)
			x += (*p - '0') * f;
	if (digits == 0)
		return 0;
	if ((*p == 'e' || *p == 'E') &&
	    ((p[1] >= '0' && p[1] <= '9') ||
	        ((p[1] == '+' || p[1] == '-') && p[2] >= '0' &&
	            p[2] <= '9'))) {
		p++;
		if (*p == '+' || *p == '-')
			eneg = *p++ == '-';
		for (; *p >= '0' && *p <= '9'; p++)
			if (e < 1000)
				e = e * 10 + (*p - '0');
		x *= pow(10, eneg ? -e : e);
	}
	*v = neg ? -x : x;
	*s = p;
	return 1;
}

/* Skip white space and one comma at *s. */
static void
sep(const char **s)
{
	while (wsp(**s))
		(*s)++;
	if (**s == ',')
		(*s)++;
	while (wsp(**s))
		(*s)++;
}

/* A coordinate or length with its unit ("10mm", "50%") in user units;
 * 0 when none. */
static double
length(const struct vet *vt, const char *s)
{
	double v;

	if (s == NULL)
		return 0;
	while (wsp(*s))
		s++;
	if (!num(&s, &v))
		return 0;
	if (strncmp(s, "mm", 2) == 0)
		return v * 96 / 25.4;
	if (strncmp(s, "cm", 2) == 0)
		return v * 96 / 2.54;
	if (strncmp(s, "in", 2) == 0)
		return v * 96;
	if (strncmp(s, "pt", 2) == 0)
		return v * 96 / 72;
	if (strncmp(s, "pc", 2) == 0)
		return v * 16;
	if (strncmp(s, "em", 2) == 0 || strncmp(s, "ex", 2) == 0)
		return v * 16;
	if (*s == '%')
		return v * vt->doc / 100;
	return v;
}

/* What a path's data holds: its numbers, the length it travels (at
 * least the curves' and arcs' length) and its vertices. */
struct pathm {
	double numbers, len, vertices;
};

/* Measure path data d into *m; what follows an error is not drawn by
 * librsvg, and not measured. */
static void
path_measure(const char *d, struct pathm *m)
{
	double a[7], x = 0, y = 0, sx = 0, sy = 0, px, py, r;
	const char *s = d;
	int cmd = 0, n, i, rel;

	memset(m, 0, sizeof(*m));
	for (;;) {
		while (wsp(*s) || *s == ',')
			s++;
		if (*s == '\0')
			return;
		if (strchr("MmLlHhVvCcSsQqTtAaZz", *s) != NULL) {
			cmd = *s++;
			if (cmd == 'Z' || cmd == 'z') {
				m->len += hypot(x - sx, y - sy);
				x = sx, y = sy;
				continue;
			}
		} else if (cmd == 0 || cmd == 'Z' || cmd == 'z')
			return;
		rel = cmd >= 'a';
		switch (cmd | 0x20) {
		case 'h':
		case 'v':
			n = 1;
			break;
		case 'm':
		case 'l':
		case 't':
			n = 2;
			break;
		case 's':
		case 'q':
			n = 4;
			break;
		case 'c':
			n = 6;
			break;
		default: /* 'a' */
			n = 7;
			break;
		}
		for (i = 0; i < n; i++) {
			sep(&s);
			if ((cmd | 0x20) == 'a' && (i == 3 || i == 4)) {
				if (*s != '0' && *s != '1')
					return;
				a[i] = *s++ - '0';
			} else if (!num(&s, &a[i]))
				return;
		}
		m->numbers += n;
		m->vertices++;
		px = x, py = y;
		switch (cmd | 0x20) {
		case 'h':
			x = rel ? x + a[0] : a[0];
			break;
		case 'v':
			y = rel ? y + a[0] : a[0];
			break;
		case 'a':
			x = rel ? x + a[5] : a[5];
			y = rel ? y + a[6] : a[6];
			/* An arc is no longer than its ellipse, or half a
			 * circle over its chord when its radii are too small. */
			r = fmax(fmax(fabs(a[0]), fabs(a[1])),
			    hypot(x - px, y - py));
			m->len += 2 * M_PI * r;
			continue;
		default:
			/* A curve is no longer than its control polygon. */
			for (i = 0; i + 1 < n; i += 2) {
				double nx = rel ? px + a[i] : a[i];
				double ny = rel ? py + a[i + 1] : a[i + 1];

				m->len += hypot(nx - x, ny - y);
				x = nx, y = ny;
			}
			if (rel) { /* relative to the segment's start */
				x = px + a[n - 2];
				y = py + a[n - 1];
			}
			break;
		}
		if ((cmd | 0x20) == 'h' || (cmd | 0x20) == 'v')
			m->len += hypot(x - px, y - py);
		if (cmd == 'M' || cmd == 'm') {
			sx = x, sy = y;
			cmd = cmd == 'M' ? 'L' : 'l'; /* pairs after it */
		}
		if (!isfinite(m->len))
			m->len = VET_CAP;
	}
}

/* A points attribute (polyline, polygon), measured as a path. */
static void
points_measure(const char *p, int closed, struct pathm *m)
{
	double x, y, x0 = 0, y0 = 0, lx = 0, ly = 0;
	const char *s = p;

	memset(m, 0, sizeof(*m));
	for (;;) {
		sep(&s);
		if (!num(&s, &x))
			break;
		sep(&s);
		if (!num(&s, &y))
			break;
		if (m->vertices == 0)
			x0 = x, y0 = y;
		else
			m->len += hypot(x - lx, y - ly);
		lx = x, ly = y;
		m->numbers += 2;
		m->vertices++;
	}
	if (closed)
		m->len += hypot(lx - x0, ly - y0);
	if (!isfinite(m->len))
		m->len = VET_CAP;
}

/* A stroke-dasharray's period (its lengths' sum, twice when odd in
 * number), or 0 when it draws no dashes. */
static double
dash_period(const struct vet *vt, const char *s)
{
	double sum = 0, v;
	int n = 0;

	for (;;) {
		sep(&s);
		if (*s == '\0')
			break;
		if (!num(&s, &v) || v < 0)
			return 0; /* invalid: not dashed */
		if (*s == '%')
			v = v * vt->doc / 100, s++;
		else
			while (*s >= 'a' && *s <= 'z')
				s++;
		sum += v;
		n++;
	}
	return n % 2 ? 2 * sum : sum;
}

/* ---- the elements ---- */

/* The node being read (the innermost open element), or -1. */
static int
top(const struct vet *vt)
{
	return vt->nstack ? vt->stack[vt->nstack - 1] : -1;
}

/* A reference from node to the id (n bytes at id). */
static void
add_ref(struct vet *vt, int node, const char *id, size_t n, int how)
{
	struct vref *r;

	if (vt->nr == vt->capr) {
		vt->capr = vt->capr ? vt->capr * 2 : 64;
		vt->r = xrealloc(vt->r, vt->capr * sizeof(*vt->r));
	}
	r = &vt->r[vt->nr];
	r->node = node;
	r->id = keep(vt, id, n);
	r->to = -1;
	r->how = (unsigned char)how;
	r->next = vt->v[node].refs;
	vt->v[node].refs = (int)vt->nr++;
	/* Each reference draws at least what it names: too many of them
	 * are too many elements however they resolve. */
	if (vt->nr > RS_MAX_SVG_ELEMENTS * 4.0) {
		char g[32];

		refuse(vt, "has more than %s references between its elements",
		    rnd_grouped(RS_MAX_SVG_ELEMENTS * 4.0, g, sizeof(g)));
	}
}

/* Every url(#id) in the value v, as references of node. */
static void
url_refs(struct vet *vt, int node, const char *v, int how)
{
	const char *p = v, *e;

	while ((p = strstr(p, "url(")) != NULL) {
		p += 4;
		while (wsp(*p) || *p == '"' || *p == '\'')
			p++;
		if (*p != '#')
			continue; /* another file: librsvg loads none */
		e = ++p;
		while (*e != '\0' && *e != ')' && *e != '"' && *e != '\'' &&
		    !wsp(*e))
			e++;
		if (e > p)
			add_ref(vt, node, p, (size_t)(e - p), how);
		p = e;
	}
}

static int
is_marker_prop(const char *prop, size_t n)
{
	return n >= 6 && strncmp(prop, "marker", 6) == 0;
}

/* One property (prop: value) of node, from an attribute, a style
 * attribute or a style sheet (node -1: applies to all). */
static void
property(struct vet *vt, int node, const char *prop, size_t n,
    const char *value)
{
	double p;

	if (n == 16 && strncmp(prop, "stroke-dasharray", 16) == 0) {
		if ((p = dash_period(vt, value)) > 0 &&
		    (vt->dash == 0 || p < vt->dash))
			vt->dash = p;
		return;
	}
	if (strstr(value, "url(") == NULL)
		return;
	if (is_marker_prop(prop, n))
		url_refs(vt, node < 0 ? 0 : node, value, REF_MARKER);
	else if (node >= 0)
		url_refs(vt, node, value, REF_DRAW);
}

/* Each declaration of a style attribute or a sheet's rule (s to end,
 * not NUL-terminated) as a property of node; rule (for a sheet) is
 * handed the declarations with url() in them. */
static void
declarations(struct vet *vt, int node, const char *s, const char *end,
    void (*rule)(struct vet *, const char *, size_t, const char *),
    const char *sel, size_t nsel)
{
	char *buf = xmalloc((size_t)(end - s) + 1), *p, *semi, *colon;

	memcpy(buf, s, (size_t)(end - s));
	buf[end - s] = '\0';
	for (p = buf; p != NULL && *p != '\0'; p = semi) {
		if ((semi = strchr(p, ';')) != NULL)
			*semi++ = '\0';
		if ((colon = strchr(p, ':')) == NULL)
			continue;
		*colon = '\0';
		while (wsp(*p))
			p++;
		{
			size_t n = strlen(p);

			while (n > 0 && wsp(p[n - 1]))
				n--;
			if (rule != NULL &&
			    strstr(colon + 1, "url(") != NULL &&
			    !is_marker_prop(p, n))
				rule(vt, sel, nsel, colon + 1);
			else
				property(vt, node, p, n, colon + 1);
		}
	}
	free(buf);
}

/* The value of attribute k of a SAX2 attribute array, NUL-terminated
 * (caller frees). */
static char *
attr_value(const xmlChar **a, int k)
{
	const char *s = (const char *)a[k * 5 + 3];
	const char *e = (const char *)a[k * 5 + 4];
	char *v = xmalloc((size_t)(e - s) + 1);

	memcpy(v, s, (size_t)(e - s));
	v[e - s] = '\0';
	return v;
}

static int
is_svg(const xmlChar *uri)
{
	return uri == NULL || strcmp((const char *)uri, SVG_NS) == 0;
}

/* Bytes of a data: URI's payload (caller frees; *n its length), or NULL
 * when v is not one. */
static unsigned char *
data_uri(const char *v, size_t *n)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *comma, *p;
	unsigned char *out;
	unsigned acc = 0;
	int bits = 0, base64;

	while (wsp(*v))
		v++;
	if (strncmp(v, "data:", 5) != 0 || (comma = strchr(v, ',')) == NULL)
		return NULL;
	base64 = comma - v >= 7 && strncmp(comma - 7, ";base64", 7) == 0;
	out = xmalloc(strlen(comma) + 1);
	*n = 0;
	for (p = comma + 1; *p != '\0'; p++) {
		const char *k;

		if (!base64) {
			if (*p == '%' && p[1] != '\0' && p[2] != '\0') {
				char hex[3] = { p[1], p[2], '\0' };

				out[(*n)++] = (unsigned char)strtoul(hex, NULL,
				    16);
				p += 2;
			} else
				out[(*n)++] = (unsigned char)*p;
			continue;
		}
		if (*p == '=' || (k = strchr(b64, *p)) == NULL || *p == '\0')
			continue;
		acc = (acc << 6) | (unsigned)(k - b64);
		if ((bits += 6) >= 8) {
			bits -= 8;
			out[(*n)++] = (unsigned char)(acc >> bits);
		}
	}
	return out;
}

/* A JPEG's size from its frame header; 0 when not found. */
static int
jpeg_size(const unsigned char *b, size_t n, long long *w, long long *h)
{
	size_t i = 2;

	while (i + 4 <= n) {
		unsigned m;

		if (b[i] != 0xff)
			return 0;
		while (i < n && b[i] == 0xff)
			i++;
		if (i + 3 > n)
			return 0;
		m = b[i++];
		if (m == 0xd8 || m == 0x01 || (m >= 0xd0 && m <= 0xd7))
			continue;
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 &&
		    m != 0xcc) {
			if (i + 7 > n)
				return 0;
			*h = b[i + 3] << 8 | b[i + 4];
			*w = b[i + 5] << 8 | b[i + 6];
			return *w > 0 && *h > 0;
		}
		i += (size_t)(b[i] << 8 | b[i + 1]);
	}
	return 0;
}

/* Add h to the URIs seen (an open-addressed set); 0 when it was in. */
static int
seen_add(struct vet *vt, uint64_t h)
{
	size_t i, mask;

	h |= 1; /* 0 is an empty slot */
	if ((vt->nseen + 1) * 2 > vt->capseen) {
		uint64_t *old = vt->seen;
		size_t cap = vt->capseen;

		vt->capseen = cap ? cap * 2 : 64;
		vt->seen = xcalloc(vt->capseen, sizeof(*vt->seen));
		vt->nseen = 0;
		for (i = 0; i < cap; i++)
			if (old[i] != 0)
				seen_add(vt, old[i]);
		free(old);
	}
	mask = vt->capseen - 1;
	for (i = h & mask; vt->seen[i] != 0; i = (i + 1) & mask)
		if (vt->seen[i] == h)
			return 0;
	vt->seen[i] = h;
	vt->nseen++;
	return 1;
}

static int vet_doc(const char *, size_t, int depth, double q[Q__N],
    long long *pixels, int *images, char *why, size_t sz);

/* An image a data: URI embeds, in node's counts: a PNG's or JPEG's
 * pixels (each URI once), an SVG's own counts. */
static void
embedded(struct vet *vt, int node, const char *v)
{
	static const unsigned char png[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
		0x1a, '\n' };
	unsigned char *b;
	long long w = 0, h = 0;
	uint64_t hh = hash(v, strlen(v));
	size_t n, i, k = 0;
	char g[32];

	if ((b = data_uri(v, &n)) == NULL)
		return;
	vt->images = 1;
	while (k < n &&
	    (wsp(b[k]) || b[k] == 0xef || b[k] == 0xbb || b[k] == 0xbf))
		k++;
	if (n >= 24 && memcmp(b, png, 8) == 0 &&
	    memcmp(b + 12, "IHDR", 4) == 0) {
		w = (long long)b[16] << 24 | b[17] << 16 | b[18] << 8 | b[19];
		h = (long long)b[20] << 24 | b[21] << 16 | b[22] << 8 | b[23];
	} else if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff) {
		if (!jpeg_size(b, n, &w, &h))
			refuse(vt,
			    "embeds a JPEG whose size cannot be read "
			    "(line %d)",
			    line(vt));
	} else if (k < n && b[k] == '<') {
		double q[Q__N];
		long long px = 0;
		char why[300];
		int im = 0;

		if (vt->depth + 1 > VET_MAX_DEPTH)
			refuse(vt, "embeds SVG images more than %d deep",
			    VET_MAX_DEPTH);
		else if (vet_doc((const char *)b, n, vt->depth + 1, q, &px,
		             &im, why, sizeof(why)) == -1)
			refuse(vt, "embeds an SVG image (line %d) that %s",
			    line(vt), why);
		else {
			for (i = 0; i < Q__N; i++)
				vt->v[node].q[i] += q[i];
			vt->sub_dashes += q[Q_DASHES];
			vt->pixels += px;
		}
		free(b);
		return;
	} else
		refuse(vt,
		    "embeds an image that is not a PNG, JPEG or SVG "
		    "(line %d)",
		    line(vt));
	free(b);
	if (vt->failed)
		return;
	if (!seen_add(vt, hh))
		return; /* drawn from the one librsvg decodes */
	if (w <= 0 || h <= 0)
		refuse(vt,
		    "embeds an image whose size cannot be read (line %d)",
		    line(vt));
	else if (w * h > RS_MAX_IMAGE_PIXELS) {
		refuse(vt,
		    "embeds an image of %lld x %lld pixels (line %d), more "
		    "than the %s an image may have",
		    w, h, line(vt),
		    rnd_grouped(RS_MAX_IMAGE_PIXELS, g, sizeof(g)));
	}
	if (!vt->failed)
		vt->pixels += w * h;
}

/* What a filter primitive costs, or refuses it. */
static void
filter_primitive(struct vet *vt, int node, const char *name, const xmlChar **a,
    int na)
{
	int k;

	if (strcmp(name, "feMorphology") == 0 ||
	    strcmp(name, "feDisplacementMap") == 0) {
		refuse(vt,
		    "uses %s (line %d), which librsvg draws too slowly to "
		    "bound (a second and more at each use)",
		    name, line(vt));
		return;
	}
	if (strcmp(name, "feFuncR") == 0 || strcmp(name, "feFuncG") == 0 ||
	    strcmp(name, "feFuncB") == 0 || strcmp(name, "feFuncA") == 0 ||
	    strcmp(name, "feMergeNode") == 0 ||
	    strcmp(name, "feDistantLight") == 0 ||
	    strcmp(name, "fePointLight") == 0 ||
	    strcmp(name, "feSpotLight") == 0)
		return; /* parts of a primitive */
	/* In blurs: what each costs librsvg, a pixel at a time. */
	if (strcmp(name, "feGaussianBlur") == 0 ||
	    strcmp(name, "feDropShadow") == 0 ||
	    strcmp(name, "feConvolveMatrix") == 0)
		vt->v[node].q[Q_FILTERS] = 1;
	else if (strcmp(name, "feDiffuseLighting") == 0 ||
	    strcmp(name, "feSpecularLighting") == 0)
		vt->v[node].q[Q_FILTERS] = 0.6;
	else if (strcmp(name, "feTurbulence") == 0)
		vt->v[node].q[Q_FILTERS] = 0.5;
	else
		vt->v[node].q[Q_FILTERS] = 0.15;
	for (k = 0; k < na && !vt->failed; k++) {
		const char *an = (const char *)a[k * 5];
		char *v;

		if (strcmp(name, "feTurbulence") == 0 &&
		    strcmp(an, "numOctaves") == 0) {
			const char *s = v = attr_value(a, k);
			double o;

			/* Each octave is drawn again. */
			if (num(&s, &o) && o > 1)
				vt->v[node].q[Q_FILTERS] = fmin(o / 2,
				    VET_CAP);
			free(v);
		} else if (strcmp(name, "feConvolveMatrix") == 0 &&
		    strcmp(an, "order") == 0) {
			const char *s = v = attr_value(a, k);
			double o;

			while (sep(&s), num(&s, &o))
				if (o > CONVOLVE_ORDER)
					refuse(vt,
					    "has a feConvolveMatrix of order "
					    "%.0f (line %d), more than the %d "
					    "librsvg draws safely",
					    o, line(vt), CONVOLVE_ORDER);
			free(v);
		}
	}
}

/* A shape's length and vertices (for dashes and markers). */
static void
shape(struct vet *vt, int node, const char *name, const xmlChar **a, int na)
{
	double g[6] = { 0 }; /* x1 y1 x2 y2, w h, the largest radius */
	struct pathm m;
	int k;

	for (k = 0; k < na && !vt->failed; k++) {
		const char *an = (const char *)a[k * 5];
		char *v = attr_value(a, k);
		static const char *const geo[] = { "x1", "y1", "x2", "y2",
			"width", "height", "r", "rx", "ry" };
		size_t i;

		if ((strcmp(an, "d") == 0 && strcmp(name, "path") == 0) ||
		    (strcmp(an, "points") == 0 &&
		        (strcmp(name, "polyline") == 0 ||
		            strcmp(name, "polygon") == 0))) {
			if (an[0] == 'd')
				path_measure(v, &m);
			else
				points_measure(v, name[4] == 'g', &m);
			if (m.numbers > RS_MAX_SVG_PATH) {
				char g1[32], g2[32];

				refuse(vt,
				    "has a path of %s numbers (line %d), more "
				    "than the %s a path may have (librsvg's "
				    "time grows with their square)",
				    rnd_grouped(m.numbers, g1, sizeof(g1)),
				    line(vt),
				    rnd_grouped(RS_MAX_SVG_PATH, g2,
				        sizeof(g2)));
			}
			vt->v[node].q[Q_NUMBERS] += m.numbers;
			vt->v[node].q[Q_PATHSQ] += m.numbers * m.numbers;
			vt->v[node].q[Q_LENGTH] += m.len;
			vt->v[node].q[Q_VERTICES] += m.vertices + 1;
		}
		for (i = 0; i < sizeof(geo) / sizeof(geo[0]); i++)
			if (strcmp(an, geo[i]) == 0) {
				double l = length(vt, v);

				if (i < 4)
					g[i] = l;
				else if (i < 6)
					g[i - 4] = fmax(g[i - 4], fabs(l));
				else
					g[4] = fmax(g[4], fabs(l));
			}
		free(v);
	}
	if (strcmp(name, "line") == 0) {
		vt->v[node].q[Q_LENGTH] += hypot(g[2] - g[0], g[3] - g[1]);
		vt->v[node].q[Q_VERTICES] += 2;
	} else if (strcmp(name, "rect") == 0)
		vt->v[node].q[Q_LENGTH] += 2 * (g[0] + g[1]);
	else if (strcmp(name, "circle") == 0 || strcmp(name, "ellipse") == 0)
		vt->v[node].q[Q_LENGTH] += 2 * M_PI * g[4];
}

/* Whether an SVG element is drawn only where it is referenced (or
 * never): what it holds counts there, not where it is written. */
static int
never_drawn(const char *name)
{
	static const char *const names[] = { "defs", "symbol", "marker",
		"pattern", "clipPath", "mask", "filter", "linearGradient",
		"radialGradient", "style", "title", "desc", "metadata",
		"script" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

static void
vet_start(void *ctx, const xmlChar *local, const xmlChar *prefix,
    const xmlChar *uri, int nns, const xmlChar **ns, int na, int ndef,
    const xmlChar **a)
{
	struct vet *vt = ((xmlParserCtxtPtr)ctx)->_private;
	const char *name = (const char *)local;
	struct vnode *nd;
	int node, k, svg = is_svg(uri);
	char g[32];

	(void)prefix, (void)nns, (void)ns, (void)ndef;
	if (vt->failed)
		return;
	if (vt->nv >= RS_MAX_SVG_ELEMENTS) {
		refuse(vt,
		    "has more than %s elements, the most a picture may "
		    "have",
		    rnd_grouped(RS_MAX_SVG_ELEMENTS, g, sizeof(g)));
		halt(vt);
		return;
	}
	if (vt->nv == vt->capv) {
		vt->capv = vt->capv ? vt->capv * 2 : 256;
		vt->v = xrealloc(vt->v, vt->capv * sizeof(*vt->v));
	}
	node = (int)vt->nv++;
	nd = &vt->v[node];
	memset(nd, 0, sizeof(*nd));
	nd->parent = top(vt);
	nd->first = nd->last = nd->next = nd->refs = -1;
	nd->name = keep(vt, name, strlen(name));
	nd->cls = keep(vt, "", 0);
	nd->q[Q_ELEMENTS] = 1;
	nd->hidden = !svg || never_drawn(name);
	if (nd->parent >= 0) {
		struct vnode *p = &vt->v[nd->parent];

		if (p->last >= 0)
			vt->v[p->last].next = node;
		else
			p->first = node;
		p->last = node;
	}
	if (vt->nstack == vt->capstack) {
		vt->capstack = vt->capstack ? vt->capstack * 2 : 64;
		vt->stack = xrealloc(vt->stack,
		    vt->capstack * sizeof(*vt->stack));
	}
	vt->stack[vt->nstack++] = node;
	if (svg && strcmp(name, "text") == 0)
		vt->in_text++;
	if (strcmp(name, "style") == 0)
		vt->in_style++;
	if (node == 0) { /* the root: its size, for percentages */
		for (k = 0; k < na; k++)
			if (strcmp((const char *)a[k * 5], "width") == 0 ||
			    strcmp((const char *)a[k * 5], "height") == 0) {
				char *v = attr_value(a, k);

				if (strchr(v, '%') == NULL)
					vt->doc = fmax(vt->doc, length(vt, v));
				free(v);
			}
		if (!(vt->doc > 0))
			vt->doc = 100;
	}
	if (svg && strncmp(name, "fe", 2) == 0)
		filter_primitive(vt, node, name, a, na);
	if (svg && !vt->failed)
		shape(vt, node, name, a, na);
	for (k = 0; k < na && !vt->failed; k++) {
		const char *an = (const char *)a[k * 5];
		const char *auri = (const char *)a[k * 5 + 2];
		char *v = attr_value(a, k);

		if (strcmp(an, "href") == 0 &&
		    (auri == NULL || strcmp(auri, XLINK_NS) == 0)) {
			const char *s = v;

			while (wsp(*s))
				s++;
			if (*s == '#' && strcmp(name, "a") != 0)
				add_ref(vt, node, s + 1, strlen(s + 1),
				    REF_DRAW);
			else
				embedded(vt, node, s);
		} else if (auri == NULL && strcmp(an, "id") == 0) {
			/* The first element of an id is the one drawn. */
			if (vmap_find(vt, &vt->ids, v, strlen(v)) == -1)
				vmap_add(vt, &vt->ids, v, strlen(v), node);
		} else if (auri == NULL && strcmp(an, "class") == 0)
			vt->v[node].cls = keep(vt, v, strlen(v));
		else if (auri == NULL && strcmp(an, "style") == 0)
			declarations(vt, node, v, v + strlen(v), NULL, NULL,
			    0);
		else if (auri == NULL)
			property(vt, node, an, strlen(an), v);
		free(v);
	}
	halt(vt);
}

static void
vet_end(void *ctx, const xmlChar *local, const xmlChar *prefix,
    const xmlChar *uri)
{
	struct vet *vt = ((xmlParserCtxtPtr)ctx)->_private;

	(void)prefix;
	if (vt->nstack == 0)
		return;
	vt->nstack--;
	if (is_svg(uri) && strcmp((const char *)local, "text") == 0)
		vt->in_text--;
	if (strcmp((const char *)local, "style") == 0)
		vt->in_style--;
}

static void
vet_chars(void *ctx, const xmlChar *s, int n)
{
	struct vet *vt = ((xmlParserCtxtPtr)ctx)->_private;
	int i, chars = 0, node = top(vt);

	if (vt->failed || node < 0)
		return;
	if (vt->in_style > 0) {
		if (vt->nsheet + (size_t)n + 1 > vt->capsheet) {
			vt->capsheet = (vt->nsheet + (size_t)n + 1) * 2;
			vt->sheet = xrealloc(vt->sheet, vt->capsheet);
		}
		memcpy(vt->sheet + vt->nsheet, s, (size_t)n);
		vt->nsheet += (size_t)n;
		vt->sheet[vt->nsheet] = '\0';
	}
	if (vt->in_text == 0)
		return;
	for (i = 0; i < n; i++)
		chars += (s[i] & 0xc0) != 0x80;
	vt->v[node].q[Q_TEXT] += chars;
}

/* Every element by its name and its classes, for the style sheet. */
static void
map_classes(struct vet *vt)
{
	size_t i, c, e;

	for (i = 0; i < vt->nv; i++) {
		const char *nm = vt->arena + vt->v[i].name;

		vmap_add(vt, &vt->names, nm, strlen(nm), (int)i);
		/* Offsets: each vmap_add may move the arena. */
		for (c = vt->v[i].cls;;) {
			while (wsp(vt->arena[c]))
				c++;
			if (vt->arena[c] == '\0')
				break;
			for (e = c; vt->arena[e] != '\0' && !wsp(vt->arena[e]);
			     e++)
				;
			vmap_add(vt, &vt->cls, vt->arena + c, e - c, (int)i);
			c = e;
		}
	}
}

/* ---- the style sheet ---- */

/* Add the references of a sheet's declaration (value, with url()) to
 * every element its selectors (sel, nsel bytes) may match: by the last
 * compound of each, its class, else its id, else its name; one of only
 * attributes or pseudo-classes, or *, matches every element. */
static void
sheet_rule(struct vet *vt, const char *sel, size_t nsel, const char *value)
{
	const char *p = sel, *end = sel + nsel;

	while (p < end && !vt->failed) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *s_end = comma != NULL ? comma : end;
		const char *last = p, *c, *q;
		struct vmap *m = NULL;
		char key[256];
		size_t nk = 0, i;
		int e;

		for (q = p; q < s_end; q++)
			if (wsp(*q) || *q == '>' || *q == '+' || *q == '~')
				last = q + 1;
		for (c = last; c < s_end && m != &vt->cls; c++)
			if ((*c == '.' || (*c == '#' && m == NULL)) &&
			    c + 1 < s_end) {
				const char *k = c + 1;

				m = *c == '.' ? &vt->cls : &vt->ids;
				for (nk = 0; k < s_end &&
				     nk + 1 < sizeof(key) &&
				     strchr(".#[:", *k) == NULL && !wsp(*k);)
					key[nk++] = *k++;
			}
		if (m == NULL)
			for (c = last; c < s_end && nk + 1 < sizeof(key) &&
			     strchr(".#[:*", *c) == NULL && !wsp(*c);)
				key[nk++] = *c++;
		if (m == NULL && nk > 0)
			m = &vt->names;
		if (m == NULL) /* every element */
			for (i = 0; i < vt->nv && !vt->failed; i++)
				url_refs(vt, (int)i, value, REF_DRAW);
		else
			for (e = vmap_find(vt, m, key, nk);
			     e != -1 && !vt->failed; e = vmap_next(vt, m, e))
				url_refs(vt, m->e[e].node, value, REF_DRAW);
		p = s_end + 1;
	}
}

/* Read the style sheet: each rule's declarations; @media and @supports
 * blocks are read as their rules, other at-rules skipped. */
static void
read_sheet(struct vet *vt)
{
	const char *s = vt->sheet, *end = s + vt->nsheet;

	while (s < end && !vt->failed) {
		const char *open, *close, *c;
		int depth;

		while (s < end && (wsp(*s) || *s == '}'))
			s++;
		if (end - s >= 2 && s[0] == '/' && s[1] == '*') {
			c = strstr(s + 2, "*/");
			s = c != NULL ? c + 2 : end;
			continue;
		}
		if (s >= end)
			break;
		for (open = s; open < end && *open != '{' && *open != ';';
		     open++)
			;
		if (open >= end)
			break;
		if (*s == '@') {
			if (*open == ';' || strncmp(s, "@media", 6) == 0 ||
			    strncmp(s, "@supports", 9) == 0) {
				s = open + 1; /* read the rules inside */
				continue;
			}
		} else if (*open == ';') {
			s = open + 1;
			continue;
		}
		for (close = open + 1, depth = 1; close < end; close++)
			if (*close == '{')
				depth++;
			else if (*close == '}' && --depth == 0)
				break;
		if (*s != '@')
			declarations(vt, -1, open + 1, close, sheet_rule, s,
			    (size_t)(open - s));
		s = close + 1;
	}
}

/* ---- counting after the references ---- */

/* Resolve the references to nodes. */
static void
resolve(struct vet *vt)
{
	struct vmap *ids = &vt->ids;
	size_t i;

	for (i = 0; i < vt->nr; i++) {
		const char *id = vt->arena + vt->r[i].id;
		int e = vmap_find(vt, ids, id, strlen(id));

		vt->r[i].to = e == -1 ? -1 : ids->e[e].node;
	}
}

/* Push node onto the work stack. */
static void
push(int **st, size_t *n, size_t *cap, int node)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		*st = xrealloc(*st, *cap * sizeof(**st));
	}
	(*st)[(*n)++] = node;
}

/* Count every node's subtree after its references (REF_DRAW), each
 * once, without recursion (a chain of references may be long); a
 * reference back into what is being counted (a cycle, which librsvg
 * does not draw) counts nothing. */
static void
count(struct vet *vt)
{
	int *st = NULL;
	size_t n = 0, cap = 0, root;

	for (root = 0; root < vt->nv; root++) {
		if (vt->v[root].state != 0 || vt->v[root].parent != -1)
			continue;
		push(&st, &n, &cap, (int)root);
		while (n > 0) {
			int x = st[n - 1], c, r, k;
			struct vnode *nd = &vt->v[x];

			if (nd->state == 2) {
				n--;
				continue;
			}
			if (nd->state == 0) {
				nd->state = 1;
				for (c = nd->first; c != -1; c = vt->v[c].next)
					if (vt->v[c].state == 0)
						push(&st, &n, &cap, c);
				for (r = nd->refs; r != -1; r = vt->r[r].next)
					if (vt->r[r].how == REF_DRAW &&
					    vt->r[r].to >= 0 &&
					    vt->v[vt->r[r].to].state == 0)
						push(&st, &n, &cap,
						    vt->r[r].to);
				continue;
			}
			n--;
			for (c = nd->first; c != -1; c = vt->v[c].next)
				if (vt->v[c].state == 2 && !vt->v[c].hidden)
					for (k = 0; k < Q__N; k++)
						nd->q[k] += vt->v[c].q[k];
			for (r = nd->refs; r != -1; r = vt->r[r].next) {
				int t = vt->r[r].to;

				if (vt->r[r].how != REF_DRAW || t < 0 ||
				    vt->v[t].state != 2)
					continue;
				for (k = 0; k < Q__N; k++)
					nd->q[k] += vt->v[t].q[k];
			}
			for (k = 0; k < Q__N; k++)
				nd->q[k] = fmin(nd->q[k], VET_CAP);
			nd->state = 2;
		}
	}
	free(st);
}

/* The document's counts: the root's, with the markers at every vertex
 * and the dashes along every shape. */
static void
totals(struct vet *vt, double q[Q__N])
{
	double w[Q__N] = { 0 };
	size_t i;
	int k;

	memset(q, 0, Q__N * sizeof(*q));
	for (i = 0; i < vt->nv; i++)
		if (vt->v[i].parent == -1)
			for (k = 0; k < Q__N; k++)
				q[k] += vt->v[i].q[k];
	for (i = 0; i < vt->nr; i++) {
		int t = vt->r[i].to;

		if (vt->r[i].how != REF_MARKER || t < 0 || vt->v[t].marker)
			continue;
		vt->v[t].marker = 1; /* each marker once */
		for (k = 0; k < Q__N; k++)
			w[k] += vt->v[t].q[k];
	}
	for (k = 0; k < Q__N; k++)
		if (k != Q_VERTICES)
			q[k] = fmin(q[k] + q[Q_VERTICES] * w[k], VET_CAP);
	/* Each element is read and kept by librsvg, drawn or not. */
	q[Q_ELEMENTS] = fmax(q[Q_ELEMENTS], (double)vt->nv);
	q[Q_DASHES] = vt->sub_dashes;
	if (vt->dash > 0)
		q[Q_DASHES] = fmin(q[Q_DASHES] + q[Q_LENGTH] / vt->dash,
		    VET_CAP);
}

/* An external entity or DTD: never loaded (an SVG reads no file). */
static xmlParserInputPtr
no_file(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url, (void)id, (void)ctxt;
	return NULL;
}

static void
vet_free(struct vet *vt)
{
	free(vt->v);
	free(vt->r);
	free(vt->arena);
	free(vt->stack);
	free(vt->sheet);
	free(vt->seen);
	vmap_free(&vt->ids);
	vmap_free(&vt->cls);
	vmap_free(&vt->names);
}

/*
 * Read and count the document of len bytes (depth: of SVG images inside
 * SVG images). Returns 0 with the counts in q and the embedded images'
 * pixels in *pixels, or -1 with why it is refused in why.
 */
static int
vet_doc(const char *doc, size_t len, int depth, double q[Q__N],
    long long *pixels, int *images, char *why, size_t sz)
{
	xmlExternalEntityLoader old = xmlf.xmlGetExternalEntityLoader();
	struct vet vt = { 0 };
	xmlParserCtxtPtr ctxt;
	xmlSAXHandlerPtr sax;
	int ok;

	if (len > RS_MAX_IMAGE_FILE * 2 ||
	    (ctxt = xmlf.xmlCreateMemoryParserCtxt(doc, (int)len)) == NULL) {
		snprintf(why, sz, "cannot be read as SVG");
		return -1;
	}
	sax = ctxt->sax;
	xmlf.xmlSAXVersion(sax, 2);
	sax->startElementNs = vet_start;
	sax->endElementNs = vet_end;
	sax->characters = vet_chars;
	sax->cdataBlock = vet_chars;
	sax->ignorableWhitespace = vet_chars;
	sax->comment = NULL;
	sax->processingInstruction = NULL;
	ctxt->_private = &vt;
	vt.ctxt = ctxt;
	vt.depth = depth;
	xmlf.xmlCtxtUseOptions(ctxt,
	    XML_PARSE_NOENT | XML_PARSE_NONET | XML_PARSE_NOERROR |
	        XML_PARSE_NOWARNING);
	xmlf.xmlSetExternalEntityLoader(no_file);
	xmlf.xmlParseDocument(ctxt);
	xmlf.xmlSetExternalEntityLoader(old);
	ok = ctxt->wellFormed && !vt.failed && vt.nv > 0;
	if (!vt.failed && !ok) {
		const xmlError *e = xmlf.xmlCtxtGetLastError(ctxt);
		size_t n;

		snprintf(vt.why, sizeof(vt.why), "cannot be read as SVG: %s",
		    e != NULL && e->message != NULL ? e->message :
		                                      "no element");
		if (e != NULL && e->message != NULL && e->line > 0)
			snprintf(vt.why, sizeof(vt.why),
			    "cannot be read as SVG: line %d: %s", e->line,
			    e->message);
		n = strlen(vt.why);
		while (
		    n > 0 && (vt.why[n - 1] == '\n' || vt.why[n - 1] == ' '))
			vt.why[--n] = '\0';
	}
	vt.ctxt = NULL;
	if (ctxt->myDoc != NULL)
		xmlf.xmlFreeDoc(ctxt->myDoc);
	ctxt->myDoc = NULL;
	xmlf.xmlFreeParserCtxt(ctxt);
	if (ok) {
		/* The sheet's rules are references of the elements they
		 * match; then every reference is resolved and counted. */
		map_classes(&vt);
		read_sheet(&vt);
	}
	if (ok && !vt.failed) {
		resolve(&vt);
		count(&vt);
		totals(&vt, q);
		*pixels = vt.pixels;
		*images = vt.images;
	}
	if (!ok || vt.failed)
		snprintf(why, sz, "%s", vt.why);
	vet_free(&vt);
	return ok && !vt.failed ? 0 : -1;
}

int
rnd_svg_vet(const char *doc, size_t len, struct rnd_svg_cost *c, char *why,
    size_t sz)
{
	double q[Q__N];
	char g1[32], g2[32];

	memset(c, 0, sizeof(*c));
	if (dlib_open(&xml_lib) != 0) {
		snprintf(why, sz, "cannot be read: %s", xml_lib.why);
		return -1;
	}
	if (vet_doc(doc, len, 0, q, &c->pixels, &c->images, why, sz) == -1)
		return -1;
	c->elements = q[Q_ELEMENTS];
	c->text = q[Q_TEXT];
	c->numbers = q[Q_NUMBERS];
	c->path_sq = q[Q_PATHSQ];
	c->filters = q[Q_FILTERS];
	c->dashes = q[Q_DASHES];
	if (c->elements > RS_MAX_SVG_ELEMENTS) {
		snprintf(why, sz,
		    "expands to %s elements (its <use> and other references "
		    "counted where they draw), more than the %s a picture may "
		    "have",
		    rnd_grouped(c->elements, g1, sizeof(g1)),
		    rnd_grouped(RS_MAX_SVG_ELEMENTS, g2, sizeof(g2)));
		return -1;
	}
	if (c->pixels > RS_MAX_IMAGE_PIXELS) {
		snprintf(why, sz,
		    "embeds images of %s pixels together, more than the %s "
		    "an image may have",
		    rnd_grouped((double)c->pixels, g1, sizeof(g1)),
		    rnd_grouped(RS_MAX_IMAGE_PIXELS, g2, sizeof(g2)));
		return -1;
	}
	return 0;
}
