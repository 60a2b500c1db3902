/* stats.c: how the model's units and weapons print — the same words on
 * the reference sheet and the cards. */
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "internal.h"

void
rnd_len(const struct ruleset *rs, char *buf, size_t sz, double mm)
{
	len_format(buf, sz, mm, rs->measure);
}

/* The faces that hit as the designer wrote them, "4, 6" or "6+", kept on
 * one line (no-break spaces); "—" for none. */
void
rnd_hits_on(char *buf, size_t sz, const struct rs_weapon *w)
{
	const char *s = w->hits_text;
	size_t n = 0;

	if (s == NULL || rs_faces_none(&w->hit_faces)) {
		snprintf(buf, sz, "\xe2\x80\x94");
		return;
	}
	for (; *s != '\0' && n + 3 < sz; s++)
		if (*s == ' ') {
			memcpy(buf + n, "\xc2\xa0", 2); /* no break inside */
			n += 2;
		} else
			buf[n++] = *s;
	buf[n] = '\0';
}

void
rnd_classes(char *buf, size_t sz, unsigned mask)
{
	size_t n = 0;
	int c;

	buf[0] = '\0';
	if ((mask & RS_CLASS_ALL) == RS_CLASS_ALL) {
		snprintf(buf, sz, "%s", _("all"));
		return;
	}
	for (c = 0; c < RS_CLASS__MAX; c++)
		if (mask & (1u << c))
			n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0,
			    "%s%s", n ? ", " : "",
			    _(rs_class_name((enum rs_class)c)));
}

const char *
rnd_unit_class(const struct ruleset *rs, const struct rs_unit *u)
{
	if (u->cls_free > 0 && (size_t)u->cls_free <= rs->nclasses)
		return rs->classes[u->cls_free - 1];
	return _(rs_class_name(u->cls));
}

char *
rnd_unit_weapons(const struct ruleset *rs, const struct rs_unit *u)
{
	char *s = xstrdup(""), *t;
	size_t i;

	for (i = 0; i < u->nweapons; i++) {
		if (u->weapons[i] < 0 || (size_t)u->weapons[i] >= rs->nweapons)
			continue;
		t = xasprintf("%s%s%s", s, *s ? ", " : "",
		    rs->weapons[u->weapons[i]].name);
		free(s);
		s = t;
	}
	return s;
}

void
rnd_unit_traits(char *buf, size_t sz, const struct rs_unit *u)
{
	buf[0] = '\0';
	if (u->traits != 0)
		rs_traits_format(buf, sz, u->traits);
}

/* The stats the family of the ruleset shows and some unit has, as
 * enum eng_stat_bit (bit k is stat k of rnd_unit_stats()). */
static unsigned
stats_used(const struct ruleset *rs)
{
	unsigned m = 0, shown = eng_show_of(rs)->stats, bit;
	char buf[RS_MAX_NAME * 4 + 1];
	size_t i;

	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		m |= ENG_STAT_MOVE;
		if (u->road_move_mm > 0)
			m |= ENG_STAT_ROAD;
		for (bit = ENG_STAT_MELEE; bit <= ENG_STAT_MELEE_DICE;
		     bit <<= 1)
			if (rnd_unit_stat(rs, u, bit, buf, sizeof(buf)))
				m |= bit;
	}
	return m & shown;
}

int
rnd_unit_stat(const struct ruleset *rs, const struct rs_unit *u, unsigned stat,
    char *buf, size_t sz)
{
	const struct eng_show *sh = eng_show_of(rs);

	buf[0] = '\0';
	return sh->stat != NULL && sh->stat(rs, u, stat, buf, sz);
}

/* Returns the number of stats written to out. */
size_t
rnd_unit_stats(const struct ruleset *rs, const struct rs_unit *u,
    struct rnd_stat *out)
{
	static const char *label[] = { N_("Move"), N_("Road move"),
		N_("Melee"), N_("Morale"), N_("Fire dice"), N_("Melee dice") };
	/* TRANSLATORS: short column headings of the same stats. */
	static const char *abbr[] = { N_("Move"), N_("Road"), N_("Melee"),
		N_("Morale"), N_("Fire"), N_("Melee") };
	static const char *dash = "\xe2\x80\x94";
	unsigned used = stats_used(rs);
	size_t n = 0;
	int k;

	for (k = 0; k < 6; k++) {
		struct rnd_stat *s = &out[n];

		if (!(used & (1u << k)))
			continue;
		s->label = _(label[k]);
		s->abbr = _(abbr[k]);
		s->value[0] = '\0';
		switch (k) {
		case 0:
			rnd_len(rs, s->value, sizeof(s->value), u->move_mm);
			break;
		case 1:
			if (u->road_move_mm > 0)
				rnd_len(rs, s->value, sizeof(s->value),
				    u->road_move_mm);
			break;
		default: /* the family's: its value, or a dash */
			rnd_unit_stat(rs, u, 1u << k, s->value,
			    sizeof(s->value));
			break;
		}
		if (s->value[0] == '\0')
			snprintf(s->value, sizeof(s->value), "%s", dash);
		n++;
	}
	return n;
}

int
rnd_own_hidden(const struct ruleset *rs, size_t k)
{
	return k < rs->unit_own.n &&
	    eng_col_named(eng_show_of(rs)->stat_cols, rs->unit_own.head[k]);
}

size_t
rnd_unit_own_cols(const struct ruleset *rs, size_t *col)
{
	size_t k, n = 0;

	for (k = 0; k < rs->unit_own.n && n < RS_MAX_OWN_STATS; k++)
		if (!rnd_own_hidden(rs, k)) {
			if (col != NULL)
				col[n] = k;
			n++;
		}
	return n;
}

size_t
rnd_own_stats(const struct ruleset *rs, const struct rs_own_cols *oc,
    char *const *own, struct rnd_stat *out)
{
	size_t k, n = 0;

	for (k = 0; k < oc->n && n < RS_MAX_OWN_STATS; k++) {
		if (oc == &rs->unit_own && rnd_own_hidden(rs, k))
			continue;
		out[n].label = oc->head[k];
		out[n].abbr = oc->head[k];
		snprintf(out[n].value, sizeof(out[n].value), "%s",
		    own[k] != NULL ? own[k] : "\xe2\x80\x94");
		n++;
	}
	return n;
}

/*
 * A font the template names that is not installed: Pango would set the
 * text in another without a word. A warning at the template's line, once
 * (a build reads the template for each ruleset).
 */
void
rnd_tmpl_font_check(const struct rs_node *t, const char *key,
    const char *family, struct diags *dg)
{
	const struct rs_node *v = t != NULL ? rs_node_get(t, key) : NULL;
	struct pos at = { t != NULL ? t->pos.file : NULL, 0, 0 };
	char *used, *msg;
	size_t i;

	if (dg == NULL || (v != NULL && v->kind != RS_NODE_SCALAR) ||
	    rnd_font_installed(family, &used))
		return;
	/* A default the template does not name (DejaVu, not installed): said
	 * of the template file, or of no file without one. */
	if (v != NULL)
		at = v->pos;
	msg = xasprintf("%s%s '%s'%s is not installed%s%s%s",
	    v != NULL ? "template: " : "", key, family,
	    v != NULL ? "" : " (the default)",
	    used != NULL ? ": the text is set in " :
	                   ", nor "
	                   "is any other font: the text prints as boxes",
	    used != NULL ? used : "", used != NULL ? " instead" : "");
	for (i = 0; i < dg->n; i++)
		if (strcmp(dg->v[i].msg, msg) == 0 && dg->v[i].line == at.line)
			break;
	if (i == dg->n)
		diag_msg(dg, at, MSG(FONT_MISSING), msg);
	free(msg);
	free(used);
}

const char *
rnd_tmpl_font(const struct rs_node *t, const char *key, const char *dflt,
    struct diags *dg)
{
	const char *f = rnd_tmpl_str(t, key, dflt, dg);

	rnd_tmpl_font_check(t, key, f, dg);
	return f;
}

void
rnd_style_from(struct rnd_style *st, const struct rs_node *t, struct diags *dg)
{
	static const char *const colours[] = { "text", "accent", "shade",
		"rule", NULL };
	const struct rs_node *c = t != NULL ? rs_node_get(t, "colours") : NULL;

	rnd_tmpl_keys(c, colours, "colour", dg);
	st->hyph = NULL;
	st->font = rnd_tmpl_str(t, "font", "DejaVu Sans", dg);
	st->head_font = rnd_tmpl_str(t, "heading-font", st->font, dg);
	st->mono_font = rnd_tmpl_str(t, "mono-font", "DejaVu Sans Mono", dg);
	rnd_tmpl_font_check(t, "font", st->font, dg);
	rnd_tmpl_font_check(t, "heading-font", st->head_font, dg);
	rnd_tmpl_font_check(t, "mono-font", st->mono_font, dg);
	st->size_pt = rnd_tmpl_num(t, "size", 8.5, 4, 72, dg);
	st->min_pt = rnd_tmpl_num(t, "min-size", 6.5, 4, 72, dg);
	if (st->size_pt < st->min_pt)
		st->size_pt = st->min_pt;
	st->text = rnd_tmpl_rgb(c, "text", 0x1a1a1a, dg);
	st->accent = rnd_tmpl_rgb(c, "accent", 0x6b1d1d, dg);
	st->shade = rnd_tmpl_rgb(c, "shade", 0xf1ece1, dg);
	st->rule = rnd_tmpl_rgb(c, "rule", 0x6b1d1d, dg);
}
