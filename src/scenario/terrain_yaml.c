/*
 * terrain_yaml.c: a battlefield read from a scenario's YAML (through
 * rs_yaml_parse) and written back as YAML text, locale-free.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terrain.h"

/* ---- reading ---- */

struct treader {
	struct diags *d;
	enum unit_of_length measure;
	int bad;
	size_t points; /* read so far, for TR_MAX_TOTAL_POINTS */
	double
	    length; /* of the outlines and paths so far, for TR_MAX_ROUNDS */
	double tw, th; /* the table, for how far off it a point may lie */
};

/* Report an error at node n (or at the file when n is NULL). */
static void
terr(struct treader *t, const struct rs_node *n, const char *file,
    const char *msg, const char *what)
{
	struct pos at = { file, 0, 0 };

	if (n != NULL)
		at = n->pos;
	diag_msg(t->d, at, MSG(TERRAIN_FILE_BAD), msg, what ? ": " : "",
	    what ? what : "");
	t->bad = 1;
}

/* A length scalar (bare numbers in the file's measure); 0 or -1. */
static int
get_len(struct treader *t, const struct rs_node *n, double *mm)
{
	const char *why = "expected a length";
	int neg;

	/* Coordinates may lie off the table (a hill running off the edge),
	 * so a leading minus is allowed here. */
	neg = n != NULL && n->kind == RS_NODE_SCALAR && n->scalar[0] == '-';
	if (n == NULL || n->kind != RS_NODE_SCALAR ||
	    len_parse(n->scalar + neg, t->measure, mm, &why) == -1) {
		terr(t, n, NULL, "bad length", why);
		return -1;
	}
	*mm = len_file_mm(neg ? -*mm : *mm);
	return 0;
}

/* Count n more points in the file; 0, or -1 over the limit (reported
 * at n). */
static int
count_points(struct treader *t, const struct rs_node *n, size_t k)
{
	if ((t->points += k) <= TR_MAX_TOTAL_POINTS)
		return 0;
	diag_msg(t->d, n->pos, MSG(TOO_MANY_POINTS_FILE), TR_MAX_TOTAL_POINTS);
	t->bad = 1;
	return -1;
}

/*
 * A sequence of k lengths ([x, y] or [x, y, w, h]) into v: a point no
 * farther off the table than its own width or depth, a size no larger
 * than the table.
 */
static int
get_tuple(struct treader *t, const struct rs_node *n, int k, double *v)
{
	int i;

	if (n == NULL || n->kind != RS_NODE_SEQ || n->nkids != (size_t)k) {
		terr(t, n, NULL,
		    k == 2 ? "expected a point [x, y]" :
		             "expected a rectangle [x, y, w, h]",
		    NULL);
		return -1;
	}
	for (i = 0; i < k; i++)
		if (get_len(t, n->kids[i], &v[i]) == -1)
			return -1;
	if (v[0] < -t->tw || v[0] > 2 * t->tw || v[1] < -t->th ||
	    v[1] > 2 * t->th) {
		terr(t, n, NULL,
		    "the point lies farther off the table than "
		    "the table's own width or depth",
		    NULL);
		return -1;
	}
	if (k == 4 && (v[2] > t->tw || v[3] > t->th)) {
		terr(t, n, NULL, "a building larger than the table", NULL);
		return -1;
	}
	return 0;
}

/* Add the length of line l (a ring when closed) to the file's; 0, or -1
 * over the limit (reported at n). */
static int
count_length(struct treader *t, const struct rs_node *n,
    const struct tr_line *l, int closed)
{
	size_t i;

	for (i = 0; i + 1 < l->n; i++)
		t->length += hypot(l->v[i + 1].x - l->v[i].x,
		    l->v[i + 1].y - l->v[i].y);
	if (closed && l->n > 2)
		t->length += hypot(l->v[0].x - l->v[l->n - 1].x,
		    l->v[0].y - l->v[l->n - 1].y);
	if (t->length <= TR_MAX_ROUNDS * 2 * (t->tw + t->th))
		return 0;
	diag_msg(t->d, n->pos, MSG(OUTLINES_PATHS_FILE_TOO_LONG),
	    TR_MAX_ROUNDS);
	t->bad = 1;
	return -1;
}

/* A list of points into l (n NULL: missing from item it); min is the
 * fewest points allowed (3: a ring). */
static int
get_points(struct treader *t, const struct rs_node *n,
    const struct rs_node *it, size_t min, struct tr_line *l)
{
	double v[2];
	size_t i;

	if (n == NULL || n->kind != RS_NODE_SEQ || n->nkids < min) {
		terr(t, n != NULL ? n : it, NULL,
		    min > 2 ? "expected a list "
		              "of at least 3 points" :
		              "expected a list of at least 2 "
		              "points",
		    n != NULL   ? NULL :
		        min > 2 ? "no outline" :
		                  "no path");
		return -1;
	}
	if (n->nkids > TR_MAX_POINTS) {
		diag_msg(t->d, n->pos, MSG(TOO_MANY_POINTS), TR_MAX_POINTS);
		t->bad = 1;
		return -1;
	}
	if (count_points(t, n, n->nkids) == -1)
		return -1;
	for (i = 0; i < n->nkids; i++) {
		if (get_tuple(t, n->kids[i], 2, v) == -1)
			return -1;
		XPUSH(l->v, l->n, l->cap, ((struct tr_point){ v[0], v[1] }));
	}
	return count_length(t, n, l, min > 2);
}

/* A river, road or fortification; default width dflt. */
static int
get_path(struct treader *t, const struct rs_node *item, int fords, double dflt,
    struct tr_path *p)
{
	const struct rs_node *w = rs_node_get(item, "width"),
	                     *f = rs_node_get(item, "fords");
	double v[2];
	size_t i;

	memset(p, 0, sizeof(*p));
	p->width = dflt;
	if (w != NULL &&
	    (get_len(t, w, &p->width) == -1 || p->width < TR_MIN_WIDTH ||
	        p->width > fmin(t->tw, t->th) / 4)) {
		if (!t->bad)
			terr(t, w, NULL,
			    "the width must be from 1 mm to a "
			    "quarter of the table's shorter side",
			    NULL);
		return -1;
	}
	if (get_points(t, rs_node_get(item, "path"), item, 2, &p->path) == -1)
		return -1;
	if (f != NULL && !fords) {
		terr(t, f, NULL, "only a river has fords", NULL);
		return -1;
	}
	if (f != NULL && f->kind != RS_NODE_SEQ) {
		terr(t, f, NULL, "expected a list of points", NULL);
		return -1;
	}
	if (f != NULL && count_points(t, f, f->nkids) == -1)
		return -1;
	for (i = 0; f != NULL && i < f->nkids; i++) {
		if (get_tuple(t, f->kids[i], 2, v) == -1)
			return -1;
		XPUSH(p->fords, p->nfords, p->capfords,
		    ((struct tr_point){ v[0], v[1] }));
	}
	return 0;
}

/* One item of the terrain list into bf. */
static void
get_item(struct treader *t, struct battlefield *bf, const struct rs_node *it)
{
	const struct rs_node *k = rs_node_get(it, "kind"), *c;
	struct tr_path p;
	size_t i;
	double v[4];

	if (k == NULL || k->kind != RS_NODE_SCALAR) {
		terr(t, it, NULL, "a terrain item needs a kind", NULL);
		return;
	}
	if (strcmp(k->scalar, "hill") == 0) {
		struct tr_hill h = { 0 };

		c = rs_node_get(it, "contours");
		if (c == NULL || c->kind != RS_NODE_SEQ || c->nkids == 0 ||
		    c->nkids > 32) {
			terr(t, c ? c : it, NULL,
			    "a hill needs contours: a list "
			    "of 1 to 32 rings of points",
			    NULL);
			return;
		}
		for (i = 0; i < c->nkids; i++) {
			struct tr_line l = { 0 };
			int rc = get_points(t, c->kids[i], c, 3, &l);

			XPUSH(h.contours, h.n, h.cap, l);
			if (rc == -1)
				break;
		}
		XPUSH(bf->hills, bf->nhills, bf->caphills, h);
	} else if (strcmp(k->scalar, "wood") == 0) {
		struct tr_line l = { 0 };

		get_points(t, rs_node_get(it, "outline"), it, 3, &l);
		XPUSH(bf->woods, bf->nwoods, bf->capwoods, l);
	} else if (strcmp(k->scalar, "river") == 0) {
		get_path(t, it, 1, 25.4, &p);
		XPUSH(bf->rivers, bf->nrivers, bf->caprivers, p);
	} else if (strcmp(k->scalar, "road") == 0) {
		get_path(t, it, 0, 19.05, &p);
		XPUSH(bf->roads, bf->nroads, bf->caproads, p);
	} else if (strcmp(k->scalar, "fortification") == 0) {
		get_path(t, it, 0, 10, &p);
		XPUSH(bf->forts, bf->nforts, bf->capforts, p);
	} else if (strcmp(k->scalar, "town") == 0) {
		c = rs_node_get(it, "buildings");
		if (c == NULL || c->kind != RS_NODE_SEQ || c->nkids == 0) {
			terr(t, c ? c : it, NULL,
			    "a town needs buildings: a "
			    "list of [x, y, w, h]",
			    NULL);
			return;
		}
		if (count_points(t, c, c->nkids) == -1)
			return;
		for (i = 0; i < c->nkids; i++) {
			if (get_tuple(t, c->kids[i], 4, v) == -1)
				return;
			if (v[2] <= 0 || v[3] <= 0) {
				terr(t, c->kids[i], NULL,
				    "a building needs a "
				    "size greater than zero",
				    NULL);
				return;
			}
			XPUSH(bf->town, bf->ntown, bf->captown,
			    ((struct tr_rect){ v[0], v[1], v[2], v[3] }));
		}
	} else
		terr(t, k, NULL,
		    "unknown terrain kind (expected hill, wood, "
		    "river, road, town or fortification)",
		    k->scalar);
}

/*
 * The file's axes. The user sees one coordinate system everywhere: x
 * from Blue's left corner to the right, y up from Blue's edge towards
 * Red (test games, map labels, scenario pages), and files written say so
 * with `axes: y-up`. A battlefield is kept in table millimetres from the
 * top-left corner, y down (as Cairo draws it): y is flipped here and in
 * tr_to_yaml(), nowhere else. A file without the key is one of the
 * earlier versions, y down from Red's edge: read as it was, with a note.
 */
static double
user_y(double table_h, double y)
{
	/* Kept at 0.01 mm, as the generator rounds, so that a file read
	 * back is the very battlefield that was written. */
	return round((table_h - y) * 100) / 100;
}

static void
line_flip(struct tr_line *l, double h)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		l->v[i].y = user_y(h, l->v[i].y);
}

static void
path_flip(struct tr_path *p, double h)
{
	size_t i;

	line_flip(&p->path, h);
	for (i = 0; i < p->nfords; i++)
		p->fords[i].y = user_y(h, p->fords[i].y);
}

void
tr_flip_y(struct battlefield *bf)
{
	double h = bf->table_h;
	size_t i, k;

	for (i = 0; i < bf->nhills; i++)
		for (k = 0; k < bf->hills[i].n; k++)
			line_flip(&bf->hills[i].contours[k], h);
	for (i = 0; i < bf->nwoods; i++)
		line_flip(&bf->woods[i], h);
	for (i = 0; i < bf->nrivers; i++)
		path_flip(&bf->rivers[i], h);
	for (i = 0; i < bf->nroads; i++)
		path_flip(&bf->roads[i], h);
	for (i = 0; i < bf->nforts; i++)
		path_flip(&bf->forts[i], h);
	/* A building's corner: its lower left becomes its upper left. */
	for (i = 0; i < bf->ntown; i++)
		bf->town[i].y = user_y(h, bf->town[i].y + bf->town[i].h);
}

int
tr_axes_y_up(const struct rs_node *root, struct diags *d, const char *file)
{
	const struct rs_node *a = rs_node_get(root, "axes");
	struct pos at = { file, 0, 0 };

	/* d NULL: asked again, once the reader has said it. */
	if (a == NULL) {
		if (d != NULL)
			diag_msg(d, at, MSG(NO_AXES_KEY_READ_FILE));
		return 0;
	}
	if (a->kind == RS_NODE_SCALAR && strcmp(a->scalar, "y-up") == 0)
		return 1;
	if (a->kind == RS_NODE_SCALAR && strcmp(a->scalar, "y-down") == 0)
		return 0;
	if (d != NULL)
		diag_msg(d, a->pos, MSG(AXES_EXPECTED_Y_UP));
	return -1;
}

static void
axes_from_file(struct treader *t, struct battlefield *bf,
    const struct rs_node *root, const char *file)
{
	int up = tr_axes_y_up(root, t->d, file);

	if (up < 0)
		t->bad = 1;
	else if (up)
		tr_flip_y(bf);
}

/* The table, measure and seed keys of the top-level map. */
static void
get_header(struct treader *t, struct battlefield *bf,
    const struct rs_node *root)
{
	const struct rs_node *m = rs_node_get(root, "measure"),
	                     *tb = rs_node_get(root, "table"),
	                     *s = rs_node_get(root, "seed");
	const char *why = NULL;
	long seed;

	if (m != NULL) {
		t->measure = m->kind == RS_NODE_SCALAR ?
		    len_unit_from_name(m->scalar) :
		    LEN_NONE;
		if (t->measure == LEN_NONE) {
			terr(t, m, NULL,
			    "unknown measure (expected mm, cm, in "
			    "or ft)",
			    NULL);
			t->measure = LEN_MM;
		}
	}
	if (tb != NULL &&
	    (tb->kind != RS_NODE_SCALAR ||
	        len_parse_pair(tb->scalar, t->measure, &bf->table_w,
	            &bf->table_h, &why) == -1 ||
	        bf->table_w <= 0 || bf->table_h <= 0))
		terr(t, tb, NULL, "bad table size",
		    why ? why : "the size must be greater than zero");
	else if (tb != NULL &&
	    ((bf->table_w = len_file_mm(bf->table_w)) <= 0 ||
	        (bf->table_h = len_file_mm(bf->table_h)) <= 0))
		terr(t, tb, NULL, "bad table size",
		    "the size must be greater "
		    "than zero");
	if (s != NULL) {
		if (rs_node_int(s, &seed) == -1 || seed < 0)
			terr(t, s, NULL,
			    "the seed must be a whole number >= 0", NULL);
		else
			bf->seed = (uint64_t)seed;
	}
}

struct battlefield *
tr_parse(const char *file, const char *data, size_t len, double table_w,
    double table_h, struct diags *d)
{
	struct treader t = { d, LEN_MM, 0, 0, 0, 0, 0 };
	struct rs_node *root = rs_yaml_parse(file, data, len, 0, d);
	const struct rs_node *list;
	struct battlefield *bf;
	size_t i;

	if (root == NULL)
		return NULL;
	bf = tr_new(table_w, table_h);
	if (root->kind != RS_NODE_MAP) {
		terr(&t, root, file,
		    "a scenario file is a map with a terrain "
		    "list",
		    NULL);
		goto out;
	}
	get_header(&t, bf, root);
	t.tw = bf->table_w;
	t.th = bf->table_h;
	list = rs_node_get(root, "terrain");
	if (list != NULL && list->kind != RS_NODE_SEQ)
		terr(&t, list, file, "terrain must be a list", NULL);
	else if (list != NULL && list->nkids > TR_MAX_FEATURES) {
		diag_msg(d, list->pos, MSG(TOO_MANY_TERRAIN_ITEMS),
		    TR_MAX_FEATURES);
		t.bad = 1;
	} else
		for (i = 0; list != NULL && i < list->nkids && !t.bad; i++)
			get_item(&t, bf, list->kids[i]);
	if (!t.bad)
		axes_from_file(&t, bf, root, file);
out:
	rs_node_free(root);
	if (t.bad) {
		tr_free(bf);
		return NULL;
	}
	return bf;
}

struct battlefield *
tr_read(const char *path, double table_w, double table_h, struct diags *d)
{
	char *data, *why;
	size_t len;
	struct battlefield *bf;
	struct pos at = { path, 0, 0 };

	if (file_slurp(path, RS_MAX_FILE, &data, &len, &why) != 0) {
		diag_msg(d, at, MSG(INPUT_NOT_READ), why);
		free(why);
		return NULL;
	}
	bf = tr_parse(path, data, len, table_w, table_h, d);
	free(data);
	return bf;
}

/* ---- writing ---- */

struct sbuf {
	char *s;
	size_t n, cap;
	double h; /* the table's depth: y is written up from Blue's edge */
	enum unit_of_length u; /* the file's measure */
};

static void
sb_put(struct sbuf *b, const char *s)
{
	size_t l = strlen(s);

	if (b->n + l + 1 > b->cap) {
		b->cap = (b->n + l + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, l + 1);
	b->n += l;
}

/* A length of mm in the file's measure, locale-free, to 0.01 mm. */
static void
sb_num(struct sbuf *b, double mm)
{
	char num[48];

	fmt_double(num, sizeof(num), mm / len_unit_mm(b->u),
	    len_file_decimals(b->u));
	sb_put(b, num);
}

static void
sb_points(struct sbuf *b, const struct tr_point *v, size_t n)
{
	size_t i;

	sb_put(b, "[");
	for (i = 0; i < n; i++) {
		sb_put(b, i ? ", [" : "[");
		sb_num(b, v[i].x);
		sb_put(b, ", ");
		sb_num(b, user_y(b->h, v[i].y));
		sb_put(b, "]");
	}
	sb_put(b, "]");
}

static void
sb_path(struct sbuf *b, const char *kind, const struct tr_path *p)
{
	sb_put(b, "  - kind: ");
	sb_put(b, kind);
	sb_put(b, "\n    width: ");
	sb_num(b, p->width);
	sb_put(b, "\n    path: ");
	sb_points(b, p->path.v, p->path.n);
	if (p->nfords > 0) {
		sb_put(b, "\n    fords: ");
		sb_points(b, p->fords, p->nfords);
	}
	sb_put(b, "\n");
}

char *
tr_to_yaml(const struct battlefield *bf)
{
	return tr_to_yaml_in(bf, LEN_MM);
}

char *
tr_to_yaml_in(const struct battlefield *bf, enum unit_of_length u)
{
	struct sbuf b = { NULL, 0, 0, bf->table_h, u };
	char seed[32];
	size_t i, k;

	if (len_unit_mm(u) <= 0)
		b.u = LEN_MM;
	sb_put(&b, TR_YAML_FIRST " ");
	sb_put(&b, len_unit_words(b.u));
	sb_put(&b,
	    "\naxes: y-up   # x from Blue's left corner, y up from "
	    "Blue's edge\nmeasure: ");
	sb_put(&b, len_unit_name(b.u));
	sb_put(&b, "\ntable: ");
	sb_num(&b, bf->table_w);
	sb_put(&b, "x");
	sb_num(&b, bf->table_h);
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)bf->seed);
	sb_put(&b, len_unit_name(b.u));
	sb_put(&b, "\nseed: ");
	sb_put(&b, seed);
	sb_put(&b, "\nterrain:");
	if (bf->nhills + bf->nwoods + bf->nrivers + bf->nroads + bf->ntown +
	        bf->nforts ==
	    0)
		sb_put(&b, " []");
	sb_put(&b, "\n");
	for (i = 0; i < bf->nhills; i++) {
		sb_put(&b, "  - kind: hill\n    contours:\n");
		for (k = 0; k < bf->hills[i].n; k++) {
			sb_put(&b, "      - ");
			sb_points(&b, bf->hills[i].contours[k].v,
			    bf->hills[i].contours[k].n);
			sb_put(&b, "\n");
		}
	}
	for (i = 0; i < bf->nwoods; i++) {
		sb_put(&b, "  - kind: wood\n    outline: ");
		sb_points(&b, bf->woods[i].v, bf->woods[i].n);
		sb_put(&b, "\n");
	}
	for (i = 0; i < bf->nrivers; i++)
		sb_path(&b, "river", &bf->rivers[i]);
	for (i = 0; i < bf->nroads; i++)
		sb_path(&b, "road", &bf->roads[i]);
	if (bf->ntown > 0) {
		sb_put(&b, "  - kind: town\n    buildings:\n");
		for (i = 0; i < bf->ntown; i++) {
			sb_put(&b, "      - [");
			sb_num(&b, bf->town[i].x);
			sb_put(&b, ", ");
			sb_num(&b, user_y(b.h, bf->town[i].y + bf->town[i].h));
			sb_put(&b, ", ");
			sb_num(&b, bf->town[i].w);
			sb_put(&b, ", ");
			sb_num(&b, bf->town[i].h);
			sb_put(&b, "]\n");
		}
	}
	for (i = 0; i < bf->nforts; i++)
		sb_path(&b, "fortification", &bf->forts[i]);
	return b.s;
}
