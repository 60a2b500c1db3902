/*
 * bases_layout.c: the layout maths of the bases product — sizes and
 * presets, ranges and markers read from the model, guillotine packing,
 * ruler splitting and label fitting. No drawing here.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bases_layout.h"

#define EPS 1e-6

/* The option's size, by the ruleset's parser (the front matter's base:
 * takes the same); a bare number has no unit here. */
int
bl_size_parse(const char *spec, struct bl_size *out, const char **why)
{
	enum rs_base_shape sh;

	if (rs_base_parse(spec, LEN_NONE, &sh, &out->w, &out->d, why) == -1)
		return -1;
	out->shape = sh == RS_BASE_ROUND ? BL_ROUND :
	    sh == RS_BASE_OVAL           ? BL_OVAL :
	                                   BL_RECT;
	return 0;
}

void
bl_size_format(char *buf, size_t sz, const struct bl_size *b,
    enum unit_of_length u)
{
	char w[32], d[32];
	double k;

	if (u != LEN_IN && u != LEN_CM)
		u = LEN_MM;
	k = len_unit_mm(u);
	fmt_double(w, sizeof(w), b->w / k, 2);
	fmt_double(d, sizeof(d), b->d / k, 2);
	if (b->shape == BL_ROUND)
		snprintf(buf, sz, _("%s %s round"), w, len_unit_name(u));
	else
		snprintf(buf, sz, "%s \xc3\x97 %s %s%s", w, d,
		    len_unit_name(u), b->shape == BL_OVAL ? _(" oval") : "");
}

/* ---- packing ---- */

struct pk_page {
	struct bl_rect *free;
	size_t n, cap;
};

/* Start a page's free list from the template, grown by gap so an item
 * can end gap short of the edge. */
static void
page_init(struct pk_page *p, const struct bl_page *pg, double gap)
{
	int i;

	p->free = NULL;
	p->n = p->cap = 0;
	for (i = 0; i < pg->nfree; i++) {
		struct bl_rect r = pg->free[i];

		r.w += gap;
		r.h += gap;
		XPUSH(p->free, p->n, p->cap, r);
	}
}

/* Index of the free rect that takes w x h highest then leftmost, or -1. */
static long
page_find(const struct pk_page *p, double w, double h)
{
	long best = -1;
	size_t i;

	for (i = 0; i < p->n; i++) {
		const struct bl_rect *r = &p->free[i];

		if (w > r->w + EPS || h > r->h + EPS)
			continue;
		if (best < 0 || r->y < p->free[best].y - EPS ||
		    (fabs(r->y - p->free[best].y) <= EPS &&
		        r->x < p->free[best].x - EPS))
			best = (long)i;
	}
	return best;
}

/* Put w x h at the top-left of free rect i and split what is left: the
 * rest of the row to the right, the full width below (shelf-like). */
static void
page_place(struct pk_page *p, size_t i, double w, double h, double *x,
    double *y)
{
	struct bl_rect r = p->free[i], right, below;

	*x = r.x;
	*y = r.y;
	right = (struct bl_rect){ r.x + w, r.y, r.w - w, h };
	below = (struct bl_rect){ r.x, r.y + h, r.w, r.h - h };
	p->free[i] = p->free[--p->n];
	if (right.w > EPS && right.h > EPS)
		XPUSH(p->free, p->n, p->cap, right);
	if (below.w > EPS && below.h > EPS)
		XPUSH(p->free, p->n, p->cap, below);
}

static const struct bl_item *sort_items;
static const double *sort_width;

/* Taller first; then wider (a group as wide as its widest); then the
 * given order. */
static int
cmp_items(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const struct bl_item *p = &sort_items[i], *q = &sort_items[j];

	if (fabs(p->h - q->h) > EPS)
		return p->h > q->h ? -1 : 1;
	if (fabs(sort_width[i] - sort_width[j]) > EPS)
		return sort_width[i] > sort_width[j] ? -1 : 1;
	if (p->group != q->group)
		return p->group < q->group ? -1 : 1;
	return i < j ? -1 : i > j;
}

/* The sort width of each item: its own, or its group's widest. */
static double *
group_widths(const struct bl_item *it, size_t n)
{
	double *w = xcalloc(n ? n : 1, sizeof(*w));
	size_t i, j;

	for (i = 0; i < n; i++) {
		w[i] = it[i].w;
		if (it[i].group > 0)
			for (j = 0; j < n; j++)
				if (it[j].group == it[i].group &&
				    it[j].w > w[i])
					w[i] = it[j].w;
	}
	return w;
}

int
bl_pack(struct bl_item *it, size_t n, const struct bl_page *pg, double gap,
    size_t *bad)
{
	struct pk_page *pages = NULL;
	size_t npages = 0, cap = 0, k,
	       *order = xcalloc(n ? n : 1, sizeof(*order));
	double *widths;
	int rc = -1;

	for (k = 0; k < n; k++)
		order[k] = k;
	sort_items = it;
	sort_width = widths = group_widths(it, n);
	qsort(order, n, sizeof(*order), cmp_items);
	for (k = 0; k < n; k++) {
		struct bl_item *m = &it[order[k]];
		double w = m->w + gap, h = m->h + gap;
		size_t p;
		long f = -1;

		for (p = 0; p < npages; p++)
			if ((f = page_find(&pages[p], w, h)) >= 0)
				break;
		if (f < 0) {
			struct pk_page np;

			page_init(&np, pg, gap);
			XPUSH(pages, npages, cap, np);
			p = npages - 1;
			if ((f = page_find(&pages[p], w, h)) < 0) {
				*bad = order[k];
				goto out;
			}
		}
		m->page = (int)p;
		page_place(&pages[p], (size_t)f, w, h, &m->x, &m->y);
	}
	rc = (int)npages;
out:
	for (k = 0; k < npages; k++)
		free(pages[k].free);
	free(pages);
	free(order);
	free(widths);
	return rc;
}

/* ---- rulers ---- */

int
bl_ruler_split(double len, double tick, double maxlen, struct bl_piece *out,
    int maxout)
{
	long ticks, q, r, i, t;
	double rest;
	int n;

	if (len <= EPS || tick <= EPS || tick > maxlen + EPS)
		return -1;
	ticks = (long)floor(len / tick + EPS);
	rest = len - ticks * tick;
	if (rest < EPS)
		rest = 0;
	for (n = (int)ceil(len / maxlen - EPS); n <= maxout; n++) {
		if (n < 1)
			n = 1;
		if (n > ticks + (rest > 0))
			return -1;
		/* The last piece also takes the remainder, so give it the
		 * smaller share of whole ticks. */
		q = ticks / n;
		r = ticks % n;
		if (q * tick + (r ? tick : 0) > maxlen + EPS ||
		    q * tick + rest > maxlen + EPS)
			continue;
		for (i = 0, t = 0; i < n; i++) {
			long mine = q + (i < r ? 1 : 0);

			out[i].from = t * tick;
			t += mine;
			out[i].to = i == n - 1 ? len : t * tick;
		}
		return n;
	}
	return -1;
}

/* Append ", name" (or "name" when first) to a growing string. */
static void
list_add(char **s, const char *name)
{
	char *t = *s ? xasprintf("%s, %s", *s, name) : xstrdup(name);

	free(*s);
	*s = t;
}

/* Append "sep part" to a label; takes part. */
static void
label_add(char **label, const char *head, char *part)
{
	char *t;

	if (part == NULL)
		return;
	t = *label ? xasprintf("%s \xc2\xb7 %s%s", *label, head, part) :
	             xasprintf("%s%s", head, part);
	free(*label);
	free(part);
	*label = t;
}

/* The units that carry weapon w, comma separated, or NULL. */
static char *
weapon_users(const struct ruleset *rs, size_t w)
{
	char *s = NULL;
	size_t u, k;

	for (u = 0; u < rs->nunits; u++)
		for (k = 0; k < rs->units[u].nweapons; k++)
			if (rs->units[u].weapons[k] == (int)w) {
				list_add(&s, rs->units[u].name);
				break;
			}
	return s;
}

/* The label of the range mm: who moves, drives or shoots that far. */
static char *
range_label(const struct ruleset *rs, double mm)
{
	char *label = NULL, *mv = NULL, *road = NULL, *fire = NULL;
	struct eng_gauge g[BL_MAX_GAUGES];
	size_t i, ng = bl_gauges(rs, g);

	for (i = 0; i < ng; i++)
		if (fabs(g[i].mm - mm) < 0.01)
			label_add(&label, "", xstrdup(g[i].label));
	for (i = 0; i < rs->nunits; i++) {
		if (fabs(rs->units[i].move_mm - mm) < 0.01)
			list_add(&mv, rs->units[i].name);
		if (fabs(rs->units[i].road_move_mm - mm) < 0.01)
			list_add(&road, rs->units[i].name);
	}
	for (i = 0; i < rs->nweapons; i++) {
		char *users, *one;

		if (fabs(rs->weapons[i].range_mm - mm) >= 0.01)
			continue;
		users = weapon_users(rs, i);
		if (users == NULL ||
		    strcasecmp(users, rs->weapons[i].name) == 0)
			one = xstrdup(rs->weapons[i].name);
		else
			one = xasprintf("%s (%s)", rs->weapons[i].name, users);
		list_add(&fire, one);
		free(one);
		free(users);
	}
	label_add(&label, _("Move: "), mv);
	label_add(&label, _("Road: "), road);
	label_add(&label, _("Fire: "), fire);
	return label ? label : xstrdup("");
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

size_t
bl_ranges(const struct ruleset *rs, struct bl_range **out)
{
	double *v = NULL;
	size_t n = 0, cap = 0, i, k, m = 0;
	struct eng_gauge g[BL_MAX_GAUGES];
	size_t ng = bl_gauges(rs, g);

	for (i = 0; i < rs->nunits; i++) {
		XPUSH(v, n, cap, rs->units[i].move_mm);
		XPUSH(v, n, cap, rs->units[i].road_move_mm);
	}
	for (i = 0; i < rs->nweapons; i++)
		XPUSH(v, n, cap, rs->weapons[i].range_mm);
	for (i = 0; i < ng; i++)
		XPUSH(v, n, cap, g[i].mm);
	qsort(v, n, sizeof(*v), cmp_double);
	*out = xcalloc(n ? n : 1, sizeof(**out));
	for (i = 0; i < n; i++) {
		if (v[i] < 0.5 || (m > 0 && v[i] - (*out)[m - 1].mm < 0.01))
			continue;
		(*out)[m].mm = v[i];
		(*out)[m].label = range_label(rs, v[i]);
		m++;
	}
	for (k = m; k < n; k++)
		(*out)[k].label = NULL;
	free(v);
	return m;
}

void
bl_ranges_free(struct bl_range *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(r[i].label);
	free(r);
}

/*
 * The gauges and markers come from the rule family that plays the
 * ruleset (src/engine): the renderer only prints them.
 */
size_t
bl_gauges(const struct ruleset *rs, struct eng_gauge *out)
{
	const struct eng_family *f = eng_family_of(rs);
	size_t n = f->gauges != NULL ? f->gauges(rs, out) : 0, i;

	/* The ruleset's own Gauges table, after the family's. */
	for (i = 0; i < rs->ngauges && i < RS_MAX_GAUGES; i++) {
		out[n].mm = rs->gauges[i].mm;
		out[n++].label = rs->gauges[i].name;
	}
	return n;
}

size_t
bl_markers(const struct ruleset *rs, char ***out)
{
	const struct eng_family *f = eng_family_of(rs);
	size_t n, i;

	*out = NULL;
	n = f->markers != NULL ? f->markers(rs, out) : 0;
	/* The ruleset's own Markers table, after the family's. */
	if (rs->nmarkers > 0)
		*out = xrealloc(*out, (n + rs->nmarkers) * sizeof(**out));
	for (i = 0; i < rs->nmarkers; i++)
		(*out)[n++] = xstrdup(rs->markers[i].label);
	return n;
}

void
bl_markers_free(char **v, size_t n)
{
	eng_markers_free(v, n);
}

/* ---- labels ---- */

struct bl_fit
bl_label_fit(const char *const *cand, int n, double w, double h,
    double nominal_pt, double min_pt, bl_measure_fn measure, void *ctx)
{
	struct bl_fit f = { -1, 0, 0, 0 };
	double size, mw, mh;
	int c, step;

	if (w <= 0 || h <= 0)
		return f;
	for (c = 0; c < n; c++)
		for (step = 0;
		     (size = nominal_pt - step * 0.25) >= min_pt - EPS;
		     step++) {
			measure(ctx, cand[c], size, w, &mw, &mh);
			if (mw <= w + EPS && mh <= h + EPS) {
				f.candidate = c;
				f.size_pt = size;
				f.shrunk = step > 0;
				f.abbreviated = c > 0;
				return f;
			}
		}
	return f;
}

/* Bytes of the first k UTF-8 characters of s (fewer if s is shorter). */
static size_t
utf8_prefix(const char *s, size_t k)
{
	size_t i = 0;

	while (s[i] != '\0' && k > 0) {
		i++;
		while ((s[i] & 0xc0) == 0x80)
			i++;
		k--;
	}
	return i;
}

char *
bl_abbrev(const char *name, int level)
{
	char *out = xcalloc(strlen(name) * 2 + 4, 1), *o = out;
	const char *s = name, *e;
	int words = 0;

	while (*s != '\0') {
		size_t len, chars = 0, i;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		for (e = s; *e != '\0' && *e != ' '; e++)
			chars += (*e & 0xc0) != 0x80;
		len = (size_t)(e - s);
		if (level >= 2) {
			i = utf8_prefix(s, 1);
			memcpy(o, s, i);
			o += i;
		} else {
			if (words > 0)
				*o++ = ' ';
			if (chars > 6) {
				i = utf8_prefix(s, 3);
				memcpy(o, s, i);
				o += i;
				*o++ = '.';
			} else {
				memcpy(o, s, len);
				o += len;
			}
		}
		words++;
		s = e;
	}
	*o = '\0';
	/* One word at level 2: keep three letters, not one. */
	if (level >= 2 && words == 1) {
		size_t i = utf8_prefix(name + strspn(name, " "), 3);

		memcpy(out, name + strspn(name, " "), i);
		out[i] = '\0';
	}
	return out;
}
