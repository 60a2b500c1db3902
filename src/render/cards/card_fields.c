/*
 * card_fields.c: reading a card template's `fields:` map, each field a
 * box on the card (x, y, width, height from the trim's top-left, in a
 * length or a percentage of the card) with its own size, alignment,
 * colours and font. Everything is checked here, at its line:col, so
 * that cards.c only draws.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "card_fields.h"

static const char *const cf_names[RND_CF__MAX] = { "name", "class", "picture",
	"symbol", "stats", "weapons", "traits", "notes", "odds", "body",
	"credits" };

/* The settings a field may have. */
static const char *const cf_keys[] = { "x", "y", "width", "height", "size",
	"align", "valign", "colour", "fill", "font", NULL };

const char *
rnd_cf_name(enum rnd_cf_kind k)
{
	return (unsigned)k < RND_CF__MAX ? cf_names[k] : "?";
}

/* Returns 0 with *mm for a length ("12mm", "0.5in", bare mm) or a
 * percentage of whole ("50%"); -1 with an error at v. */
static int
cf_len(const struct rs_node *v, const char *key, double whole, double *mm,
    struct diags *dg)
{
	const char *why = NULL;
	size_t n;

	if (v->kind != RS_NODE_SCALAR) {
		diag_msg(dg, v->pos, MSG(TEMPLATE_FIELD_SETTING_MUST_SINGLE),
		    key);
		return -1;
	}
	n = strlen(v->scalar);
	if (n > 1 && v->scalar[n - 1] == '%') {
		char *s = xstrndup(v->scalar, n - 1);
		int neg = s[0] == '-';
		/* A plain decimal, as a length is: no exponent, hex, inf;
		 * read by len_parse, locale-free (strtod reads "29,3" in
		 * de_DE and stops at "29.3"). */
		int bad = s[neg] == '\0' ||
		    strspn(s + neg, "0123456789.") != strlen(s + neg);
		double d = 0;

		bad = bad || len_parse(s + neg, LEN_MM, &d, &why) != 0 ||
		    !isfinite(d);
		free(s);
		if (!bad) {
			*mm = (neg ? -d : d) * whole / 100;
			return 0;
		}
		why = "not a percentage";
	} else if (len_parse(v->scalar, LEN_MM, mm, &why) == 0 &&
	    isfinite(*mm))
		return 0;
	diag_msg(dg, v->pos, MSG(TEMPLATE_FIELD_SETTING), key,
	    why != NULL ? why : "not a length", v->scalar);
	return -1;
}

/* Returns 0 with a colour: "#rrggbb", "class" (the unit's) or "none". */
static int
cf_rgb(const struct rs_node *f, const char *key, unsigned *rgb,
    struct diags *dg)
{
	const struct rs_node *v = rs_node_get(f, key);
	size_t errs = diags_count(dg, SEV_ERROR);

	*rgb = RND_CF_NO_RGB;
	if (v == NULL)
		return 0;
	if (v->kind == RS_NODE_SCALAR && strcasecmp(v->scalar, "class") == 0) {
		*rgb = RND_CF_CLASS_RGB;
		return 0;
	}
	if (v->kind == RS_NODE_SCALAR && strcasecmp(v->scalar, "none") == 0)
		return 0;
	*rgb = rnd_tmpl_rgb(f, key, RND_CF_NO_RGB, dg);
	return diags_count(dg, SEV_ERROR) > errs ? -1 : 0;
}

/* Returns the index of word in words (NULL-terminated), or -1 with an
 * error at the value of key. */
static int
cf_word(const struct rs_node *f, const char *key, const char *const *words,
    const char *expect, struct diags *dg)
{
	const struct rs_node *v = rs_node_get(f, key);
	int i;

	if (v == NULL)
		return 0;
	for (i = 0; v->kind == RS_NODE_SCALAR && words[i] != NULL; i++)
		if (strcasecmp(v->scalar, words[i]) == 0)
			return i;
	diag_msg(dg, v->pos, MSG(TEMPLATE_VALUE_BAD), key, expect);
	return -1;
}

/* Read one field's box and look; returns -1 on an error. */
static int
cf_read(const struct rs_node *f, struct rnd_card_field *fd, double cw,
    double ch, double min_pt, struct diags *dg)
{
	static const char *const al[] = { "left", "centre", "right", "center",
		NULL };
	static const char *const va[] = { "top", "middle", "bottom", "centre",
		"center", NULL };
	const char *const box[] = { "x", "y", "width", "height" };
	const double whole[] = { cw, ch, cw, ch };
	double d[4];
	size_t errs = diags_count(dg, SEV_ERROR), k;
	const char *name = rnd_cf_name(fd->kind);
	char a[32], b[32];

	if (f->kind != RS_NODE_MAP) {
		diag_msg(dg, f->pos, MSG(TEMPLATE_FIELD_MUST_MAP_X), name);
		return -1;
	}
	rnd_tmpl_keys(f, cf_keys, "field setting", dg);
	for (k = 0; k < 4; k++) {
		const struct rs_node *v = rs_node_get(f, box[k]);

		if (v == NULL) {
			diag_msg(dg, f->pos, MSG(TEMPLATE_FIELD_NO), name,
			    box[k]);
			return -1;
		}
		if (cf_len(v, box[k], whole[k], &d[k], dg) == -1)
			return -1;
	}
	fd->x = d[0];
	fd->y = d[1];
	fd->w = d[2];
	fd->h = d[3];
	for (k = 2; k < 4; k++)
		if (d[k] <= 0) {
			diag_msg(dg, rs_node_get(f, box[k])->pos,
			    MSG(TEMPLATE_FIELD_MUST_MORE), name, box[k]);
			return -1;
		}
	/* Inside the trim: a box past the cut would be cut off. */
	for (k = 0; k < 2; k++) {
		double lo = d[k], hi = d[k] + d[k + 2];

		if (lo < -1e-6) {
			diag_msg(dg, rs_node_get(f, box[k])->pos,
			    MSG(TEMPLATE_FIELD_STARTS_OUTSIDE_CARD), name,
			    box[k]);
			return -1;
		}
		if (hi > whole[k] + 1e-6) {
			fmt_double(a, sizeof(a), whole[k], 2);
			fmt_double(b, sizeof(b), hi, 2);
			diag_msg(dg, rs_node_get(f, box[k + 2])->pos,
			    MSG(TEMPLATE_FIELD_RUNS_PAST_CARD), name,
			    k == 0 ? "right" : "bottom", box[k], box[k + 2], b,
			    a, k == 0 ? "wide" : "high");
			return -1;
		}
	}
	fd->size_pt = rnd_tmpl_num(f, "size", 0, min_pt < 6 ? 6 : min_pt, 72,
	    dg);
	fd->align = cf_word(f, "align", al, "left, centre or right", dg);
	fd->valign = cf_word(f, "valign", va, "top, middle or bottom", dg);
	if (fd->align == 3)
		fd->align = 1;
	if (fd->valign >= 3)
		fd->valign = 1;
	cf_rgb(f, "colour", &fd->colour, dg);
	cf_rgb(f, "fill", &fd->fill, dg);
	fd->font = rnd_tmpl_str(f, "font", NULL, dg);
	if (fd->font != NULL)
		rnd_tmpl_font_check(f, "font", fd->font, dg);
	return diags_count(dg, SEV_ERROR) > errs ? -1 : 0;
}

/* Warn about boxes that overlap (touching is not overlapping): one
 * field's text would print over another's. */
static void
cf_overlaps(const struct rnd_card_layout *lay, struct diags *dg)
{
	size_t i, j;

	for (j = 1; j < lay->n; j++)
		for (i = 0; i < j; i++) {
			const struct rnd_card_field *p = &lay->v[i],
			                            *q = &lay->v[j];
			double ox = fmin(p->x + p->w, q->x + q->w) -
			    fmax(p->x, q->x);
			double oy = fmin(p->y + p->h, q->y + q->h) -
			    fmax(p->y, q->y);

			if (ox > 0.01 && oy > 0.01)
				diag_msg(dg, q->pos,
				    MSG(TEMPLATE_FIELD_OVERLAPS_FIELD_ONE),
				    rnd_cf_name(q->kind), rnd_cf_name(p->kind),
				    p->pos.line);
		}
}

int
rnd_card_fields(const struct rs_node *fields, double cw, double ch,
    double min_pt, struct rnd_card_layout *lay, struct diags *dg)
{
	size_t i, k, j;
	int rc = 0;

	lay->n = 0;
	if (fields == NULL ||
	    (fields->kind == RS_NODE_SCALAR && fields->scalar[0] == '\0'))
		return 0;
	if (fields->kind != RS_NODE_MAP) {
		diag_msg(dg, fields->pos, MSG(TEMPLATE_FIELDS_MUST_MAP_FIELD));
		return -1;
	}
	for (i = 0; i + 1 < fields->nkids; i += 2) {
		const struct rs_node *key = fields->kids[i];
		struct rnd_card_field *fd;

		if (key->kind != RS_NODE_SCALAR)
			continue;
		for (k = 0; k < RND_CF__MAX; k++)
			if (strcmp(cf_names[k], key->scalar) == 0)
				break;
		if (k == RND_CF__MAX) {
			diag_msg(dg, key->pos, MSG(TEMPLATE_UNKNOWN_FIELD),
			    key->scalar);
			continue;
		}
		for (j = 0; j < lay->n; j++)
			if (lay->v[j].kind == (enum rnd_cf_kind)k)
				break;
		if (j < lay->n) {
			diag_msg(dg, key->pos,
			    MSG(TEMPLATE_FIELD_PLACED_ALREADY_ONE),
			    key->scalar, lay->v[j].pos.line);
			continue;
		}
		if (lay->n == RND_CF_MAX)
			break;
		fd = &lay->v[lay->n];
		memset(fd, 0, sizeof(*fd));
		fd->kind = (enum rnd_cf_kind)k;
		fd->pos = key->pos;
		if (cf_read(fields->kids[i + 1], fd, cw, ch, min_pt, dg) == -1)
			rc = -1;
		else
			lay->n++;
	}
	/* The body holds the stats, weapons, traits, notes and odds: one
	 * of them in a box of its own as well prints twice. */
	for (i = 0; i < lay->n; i++)
		if (lay->v[i].kind == RND_CF_BODY)
			for (j = 0; j < lay->n; j++) {
				enum rnd_cf_kind q = lay->v[j].kind;

				if (q == RND_CF_STATS || q == RND_CF_WEAPONS ||
				    q == RND_CF_TRAITS || q == RND_CF_NOTES ||
				    q == RND_CF_ODDS)
					diag_msg(dg, lay->v[j].pos,
					    MSG(TEMPLATE_FIELD_BODY_WELL_PRINTS),
					    rnd_cf_name(q));
			}
	if (rc == 0)
		cf_overlaps(lay, dg);
	return rc;
}
