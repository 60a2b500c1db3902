/*
 * template.c: finding and reading layout templates (YAML, through
 * rs_yaml_parse), with typed getters that report bad values at their
 * file:line:col and fall back to the default.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

size_t
rnd_template_dirs(char **dirs)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char *data = data_dir();
	size_t n = 0;

	dirs[n++] = xstrdup("templates");
	/* XDG: an empty or relative XDG_DATA_HOME is ignored. */
	if (xdg != NULL && xdg[0] == '/')
		dirs[n++] = xasprintf("%s/sandtable/templates", xdg);
	else if (home != NULL && home[0] != '\0')
		dirs[n++] = xasprintf("%s/.local/share/sandtable/templates",
		    home);
	dirs[n++] = xasprintf("%s/templates", data);
	free(data);
	return n;
}

void
rnd_template_dirs_free(char **dirs, size_t n)
{
	while (n > 0)
		free(dirs[--n]);
}

/* Returns the first DIR/NAME.yaml of the search order (caller frees),
 * or NULL when there is none. */
static char *
template_find(const char *name)
{
	char *dirs[RND_TMPL_DIRS], *hit = NULL;
	size_t i, n = rnd_template_dirs(dirs);
	struct stat st;

	for (i = 0; i < n && hit == NULL; i++) {
		hit = xasprintf("%s/%s.yaml", dirs[i], name);
		if (stat(hit, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(hit);
			hit = NULL;
		}
	}
	rnd_template_dirs_free(dirs, n);
	return hit;
}

/* Returns 0 when template t says no product or this one; else -1 with an
 * error at its product: key. */
static int
template_product(const struct rs_node *t, const char *product,
    struct diags *dg)
{
	const struct rs_node *v = rs_node_get(t, "product");

	if (v == NULL || product == NULL)
		return 0;
	if (v->kind != RS_NODE_SCALAR) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_PRODUCT_MUST_SINGLE_VALUE));
		return -1;
	}
	if (strcmp(v->scalar, product) == 0)
		return 0;
	diag_msg(dg, v->pos, MSG(TEMPLATE_FOR_OTHER_PRODUCT), v->scalar,
	    product, product, product);
	return -1;
}

char *
rnd_template_path(const char *spec, struct diags *dg)
{
	struct pos p = { NULL, 0, 0 };
	char *dirs[RND_TMPL_DIRS], *path, *where, *more;
	size_t i, nd, n;

	/* The default is the product row's (render/products.c), filled in
	 * there: render keeps no second map of products to templates. */
	if (spec == NULL) {
		diag_msg(dg, p, MSG(NO_TEMPLATE_GIVEN));
		return NULL;
	}
	n = strlen(spec);
	if (strchr(spec, '/') != NULL ||
	    (n > 5 && strcasecmp(spec + n - 5, ".yaml") == 0) ||
	    (n > 4 && strcasecmp(spec + n - 4, ".yml") == 0))
		return xstrdup(spec);
	if ((path = template_find(spec)) != NULL)
		return path;
	nd = rnd_template_dirs(dirs);
	where = xstrdup("");
	for (i = 0; i < nd; i++) {
		more = xasprintf("%s%s%s", where, i ? ", " : "", dirs[i]);
		free(where);
		where = more;
	}
	diag_msg(dg, p, MSG(TEMPLATE_NOT_FOUND), spec, where);
	free(where);
	rnd_template_dirs_free(dirs, nd);
	return NULL;
}

/* Returns the template tree or NULL (error in diags). */
struct rs_node *
rnd_template_load(const char *spec, const char *product, char **file,
    struct diags *dg)
{
	struct pos p = { NULL, 0, 0 };
	struct rs_node *t = NULL;
	char *path, *data = NULL, *why = NULL;
	size_t len;

	*file = NULL;
	if ((path = rnd_template_path(spec, dg)) == NULL)
		return NULL;
	p.file = path;
	if (file_slurp(path, RND_TMPL_MAX, &data, &len, &why) != 0) {
		diag_msg(dg, p, MSG(CANNOT_READ_TEMPLATE),
		    why != NULL ? why : "larger than 1 MiB");
		free(why);
		free(path);
		return NULL;
	}
	t = rs_yaml_parse(path, data, len, 0, dg);
	free(data);
	if (t != NULL && t->kind != RS_NODE_MAP) {
		diag_msg(dg, t->pos, MSG(TEMPLATE_MAP_SETTINGS));
		rs_node_free(t);
		t = NULL;
	}
	if (t != NULL && template_product(t, product, dg) == -1) {
		rs_node_free(t);
		t = NULL;
	}
	if (t == NULL) {
		if (diags_worst(dg) < SEV_ERROR)
			diag_msg(dg, p, MSG(TEMPLATE_UNREADABLE));
		free(path); /* messages keep their own copy of the name */
		return NULL;
	}
	*file = path;
	return t;
}

/* Returns the scalar at key, or NULL (a non-scalar is reported). */
static const struct rs_node *
tmpl_scalar(const struct rs_node *m, const char *key, struct diags *dg)
{
	const struct rs_node *v = m != NULL ? rs_node_get(m, key) : NULL;

	if (v != NULL && v->kind != RS_NODE_SCALAR) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_MUST_SINGLE_VALUE), key);
		return NULL;
	}
	return v;
}

/* Returns d when it is in [lo, hi], else dflt with an error at v. */
static double
tmpl_range(const struct rs_node *v, const char *key, double d, double dflt,
    double lo, double hi, const char *unit, struct diags *dg)
{
	char a[32], b[32];

	if (d >= lo && d <= hi)
		return d;
	fmt_double(a, sizeof(a), lo, 2);
	fmt_double(b, sizeof(b), hi, 2);
	diag_msg(dg, v->pos, MSG(TEMPLATE_VALUE_OUT_OF_RANGE), key, a, unit, b,
	    unit, v->scalar);
	return dflt;
}

double
rnd_tmpl_num(const struct rs_node *m, const char *key, double dflt, double lo,
    double hi, struct diags *dg)
{
	const struct rs_node *v = tmpl_scalar(m, key, dg);
	double d;

	if (v == NULL)
		return dflt;
	if (rs_node_double(v, &d) == -1) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_MUST_NUMBER_NOT), key,
		    v->scalar);
		return dflt;
	}
	return tmpl_range(v, key, d, dflt, lo, hi, "", dg);
}

double
rnd_tmpl_len(const struct rs_node *m, const char *key, double dflt, double lo,
    double hi, struct diags *dg)
{
	const struct rs_node *v = tmpl_scalar(m, key, dg);
	const char *why;
	double d;

	if (v == NULL)
		return dflt;
	if (len_parse(v->scalar, LEN_MM, &d, &why) == -1) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_NOT_LENGTH), key, why);
		return dflt;
	}
	return tmpl_range(v, key, d, dflt, lo, hi, " mm", dg);
}

const char *
rnd_tmpl_str(const struct rs_node *m, const char *key, const char *dflt,
    struct diags *dg)
{
	const struct rs_node *v = tmpl_scalar(m, key, dg);

	/* A font name or a label: a line's worth, not a megabyte for
	 * fontconfig to match. */
	if (v != NULL && utf8_chars(v->scalar) > RND_TMPL_MAX_STR) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_LONGER_CHARACTERS), key,
		    RND_TMPL_MAX_STR);
		return dflt;
	}
	return v != NULL ? v->scalar : dflt;
}

int
rnd_colour_parse(const char *s, unsigned *rgb)
{
	PangoColor c;

	/* Pango would take "#rgb" and "#rrrrggggbbbb" too, and X11's
	 * names ("navy", "olive", "dark slate grey"). */
	if (s[0] == '\0' || !pango_color_parse(&c, s))
		return -1;
	*rgb = (unsigned)(c.red >> 8) << 16 | (unsigned)(c.green >> 8) << 8 |
	    (unsigned)(c.blue >> 8);
	return 0;
}

unsigned
rnd_tmpl_rgb(const struct rs_node *m, const char *key, unsigned dflt,
    struct diags *dg)
{
	const struct rs_node *v = tmpl_scalar(m, key, dg);
	unsigned rgb;

	if (v == NULL)
		return dflt;
	if (rnd_colour_parse(v->scalar, &rgb) == -1) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_MUST_COLOUR_LIKE_F3A5F), key,
		    v->scalar);
		return dflt;
	}
	return rgb;
}

int
rnd_tmpl_bool(const struct rs_node *m, const char *key, int dflt,
    struct diags *dg)
{
	const struct rs_node *v = tmpl_scalar(m, key, dg);

	if (v == NULL)
		return dflt;
	if (strcasecmp(v->scalar, "true") == 0 ||
	    strcasecmp(v->scalar, "yes") == 0)
		return 1;
	if (strcasecmp(v->scalar, "false") == 0 ||
	    strcasecmp(v->scalar, "no") == 0)
		return 0;
	diag_msg(dg, v->pos, MSG(TEMPLATE_MUST_TRUE_FALSE), key);
	return dflt;
}

struct pos
rnd_tmpl_pos(const struct rs_node *m, const char *key)
{
	const struct rs_node *v = m != NULL ? rs_node_get(m, key) : NULL;
	struct pos none = { NULL, 0, 0 };

	return v != NULL ? v->pos : m != NULL ? m->pos : none;
}

/* Warn about each key of map not in known (NULL-terminated): a typo in
 * a template should not pass silently. */
void
rnd_tmpl_keys(const struct rs_node *m, const char *const *known,
    const char *what, struct diags *dg)
{
	size_t i, k;

	if (m == NULL || m->kind != RS_NODE_MAP)
		return;
	/* Without case, as rs_node_get reads them. */
	for (i = 0; i + 1 < m->nkids; i += 2) {
		const struct rs_node *key = m->kids[i];

		if (key->kind != RS_NODE_SCALAR)
			continue;
		for (k = 0; known[k] != NULL; k++)
			if (strcasecmp(known[k], key->scalar) == 0)
				break;
		if (known[k] == NULL)
			diag_msg(dg, key->pos, MSG(TEMPLATE_UNKNOWN), what,
			    key->scalar);
	}
}

/* Returns 0 with the portrait paper for a product, or -1 (error in dg at
 * the place of the bad spec). */
int
rnd_paper_for(const struct rs_node *t, const char *opt,
    const struct ruleset *rs, double *w, double *h, struct diags *dg)
{
	const struct rs_node *tp = t != NULL ? rs_node_get(t, "paper") : NULL;
	const char *from, *why;
	struct pos p = { NULL, 0, 0 };

	if (opt == NULL && (rs == NULL || rs->paper == NULL) && tp != NULL &&
	    tp->kind == RS_NODE_SCALAR) {
		if (rnd_paper_parse(tp->scalar, w, h, &why) == -1) {
			diag_msg(dg, tp->pos, MSG(TEMPLATE_PAPER), why);
			return -1;
		}
		if (*w > *h) {
			double x = *w;

			*w = *h;
			*h = x;
		}
		return 0;
	}
	if (rnd_paper_choose(opt, rs, w, h, &from, &why) == -1) {
		if (strcmp(from, "ruleset") == 0 && rs != NULL)
			p.file = rs->path;
		diag_msg(dg, p, MSG(PAPER_BAD), from,
		    strcmp(from, "ruleset") == 0 ? rs->paper : opt, why);
		return -1;
	}
	return 0;
}

char *
rnd_template_product(const char *path)
{
	struct diags dg = { 0 };
	struct rs_node *t;
	const struct rs_node *v;
	char *data = NULL, *why = NULL, *product = NULL;
	size_t len;

	if (file_slurp(path, RND_TMPL_MAX, &data, &len, &why) != 0) {
		free(why);
		return NULL;
	}
	t = rs_yaml_parse(path, data, len, 0, &dg);
	free(data);
	if (t != NULL && t->kind == RS_NODE_MAP &&
	    (v = rs_node_get(t, "product")) != NULL &&
	    v->kind == RS_NODE_SCALAR)
		product = xstrdup(v->scalar);
	rs_node_free(t);
	diags_free(&dg);
	return product;
}
