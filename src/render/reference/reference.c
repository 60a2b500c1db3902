/*
 * reference.c: the quick-reference sheet — a title band, then the unit
 * and weapon tables, sequence of play, terrain, modifiers, the odds panel
 * the CLI hands over, and each rule's short form (or the designer's own
 * selection: FORMAT.md), flowed into columns on at most two sides
 * (templates/reference.yaml decides).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../engine/engine.h"
#include "../internal.h"

struct ref {
	const struct ruleset *rs;
	const struct rs_node *tmpl;
	const struct rnd_opts *opts;
	struct diags *dg;
	struct rnd_flow *flow;
	struct rnd_style st;
	double max_pt;       /* body text grows up to this to fill the sides */
	double table_min_pt; /* a table's own size goes no lower */
	int told; /* the marks were checked (the rules are added often) */
	int condense;
	double band_h, margin;
	const char *footer;
	struct rnd_mark_key key;    /* the units' pictures or symbols */
	struct rnd_hyph *hyph;      /* the ruleset's language, for tables */
	const struct rnd_frame *fr; /* the sides' frame */
	int pages;
};

/* Add a table of strings (copied, escaped) to the flow. */
static void
ref_table(struct ref *r, struct pos p, size_t nrows, size_t ncols,
    char **cells)
{
	size_t i;

	for (i = 0; i < nrows * ncols; i++) {
		char *e = rnd_markup_escape(cells[i] != NULL ? cells[i] : "");

		free(cells[i]);
		cells[i] = e;
	}
	rnd_flow_table(r->flow, p, nrows, ncols, cells, 1);
	for (i = 0; i < nrows * ncols; i++)
		free(cells[i]);
}

/* A stat for a table: lengths in mm print as bare numbers (the unit is
 * in the heading); inches keep their mark. */
static char *
ref_stat(const struct ruleset *rs, const struct rnd_stat *st)
{
	size_t n = strlen(st->value);

	if (rs->measure != LEN_IN && n > 3 &&
	    strcmp(st->value + n - 3, " mm") == 0)
		return xstrndup(st->value, n - 3);
	return xstrdup(st->value);
}

/* Columns of a units table that a column of the sheet holds readably. */
#define REF_UNIT_COLS 7

/* The game's own stats of the units, as a table of their own: a unit a
 * row, under the ruleset's headings. */
static void
ref_units_own(struct ref *r)
{
	const struct ruleset *rs = r->rs;
	struct rnd_stat own[RS_MAX_OWN_STATS];
	size_t col[RS_MAX_OWN_STATS], no = rnd_unit_own_cols(rs, col);
	size_t i, k, nc = 1 + no;
	char **cells = xcalloc((rs->nunits + 1) * nc, sizeof(char *));

	cells[0] = xstrdup(_("Unit"));
	for (k = 0; k < no; k++)
		cells[1 + k] = xstrdup(rs->unit_own.head[col[k]]);
	for (i = 0; i < rs->nunits; i++) {
		rnd_own_stats(rs, &rs->unit_own, rs->units[i].own, own);
		cells[(i + 1) * nc] = xstrdup(rs->units[i].name);
		for (k = 0; k < no; k++)
			cells[(i + 1) * nc + 1 + k] = xstrdup(own[k].value);
	}
	ref_table(r, rs->unit_own.pos[col[0]], rs->nunits + 1, nc, cells);
	free(cells);
}

/* The units table: name (class and traits under it), the stats this
 * engine uses, weapons. */
static void
ref_units(struct ref *r)
{
	const struct ruleset *rs = r->rs;
	struct rnd_stat st[RND_MAX_STATS], own[RS_MAX_OWN_STATS];
	size_t col[RS_MAX_OWN_STATS], nown = rnd_unit_own_cols(rs, col);
	size_t i, k, ns, no, nc, wc = 0;
	char **cells, buf[128], *e, *t;

	if (rs->nunits == 0)
		return;
	/* A Weapons column only when a unit has a weapon (a print-only
	 * game may have none). */
	for (i = 0; i < rs->nunits; i++)
		if (rs->units[i].nweapons > 0)
			wc = 1;
	ns = rnd_unit_stats(rs, &rs->units[0], st);
	/* The game's own stats join the table while it stays readable in a
	 * column of the sheet; more get a table of their own after it. */
	no = 2 + ns + nown <= REF_UNIT_COLS ? nown : 0;
	nc = 1 + ns + no + wc;
	cells = xcalloc((rs->nunits + 1) * nc, sizeof(char *));
	cells[0] = xstrdup(_("Unit"));
	for (k = 0; k < ns; k++)
		cells[1 + k] = (strcmp(st[k].label, _("Move")) == 0 ||
		                   strcmp(st[k].label, _("Road move")) == 0) &&
		        rs->measure != LEN_IN ?
		    xasprintf("%s %s", st[k].abbr,
		        len_unit_name(rs->measure)) :
		    xstrdup(st[k].abbr);
	/* The game's own stats, after the family's, under its headings. */
	for (k = 0; k < no; k++)
		cells[1 + ns + k] = rnd_markup_escape(
		    rs->unit_own.head[col[k]]);
	if (wc)
		cells[1 + ns + no] = xstrdup(_("Weapons"));
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];
		char **row = cells + (i + 1) * nc;

		rnd_unit_stats(rs, u, st);
		rnd_unit_traits(buf, sizeof(buf), u);
		e = rnd_markup_escape(u->name);
		t = rnd_markup_escape(buf);
		row[0] = xasprintf("<b>%s</b>\n<i>%s%s%s</i>", e,
		    rnd_unit_class(rs, u), buf[0] ? " \xc2\xb7 " : "", t);
		free(e);
		free(t);
		for (k = 0; k < ns; k++) {
			t = ref_stat(rs, &st[k]);
			row[1 + k] = rnd_markup_escape(t);
			free(t);
		}
		rnd_own_stats(rs, &rs->unit_own, u->own, own);
		for (k = 0; k < no; k++)
			row[1 + ns + k] = rnd_markup_escape(own[k].value);
		if (wc) {
			t = rnd_unit_weapons(rs, u);
			row[1 + ns + no] = rnd_markup_escape(t);
			free(t);
		}
	}
	rnd_flow_heading(r->flow, rs->units[0].pos, 2, _("Units"));
	rnd_flow_table(r->flow, rs->units[0].pos, rs->nunits + 1, nc, cells,
	    1);
	rnd_flow_custom(r->flow, rs->units[0].pos, rnd_mark_key, &r->key);
	rnd_flow_alt(r->flow,
	    _("Key: each unit's picture or map symbol "
	      "before its name"));
	for (i = 0; i < (rs->nunits + 1) * nc; i++)
		free(cells[i]);
	free(cells);
	if (no < nown)
		ref_units_own(r);
}

/* The weapons table. */
static void
ref_weapons(struct ref *r)
{
	const struct ruleset *rs = r->rs;
	int destroys = eng_show_of(rs)->weapon_destroys, notes = 0;
	int faces = eng_show_of(rs)->weapon_hits_on;
	struct rnd_stat own[RS_MAX_OWN_STATS];
	size_t i, k, nc, c;
	char **cells, buf[512];

	if (rs->nweapons == 0)
		return;
	for (i = 0; i < rs->nweapons; i++)
		notes |= rs->weapons[i].notes != NULL || rs->weapons[i].traits;
	nc = 2 + faces + destroys + rs->weapon_own.n + notes;
	cells = xcalloc((rs->nweapons + 1) * nc, sizeof(char *));
	c = 0;
	cells[c++] = xstrdup(_("Weapon"));
	cells[c++] = xstrdup(_("Range"));
	if (faces)
		cells[c++] = xstrdup(_("Hits on"));
	if (destroys)
		cells[c++] = xstrdup(_("Destroys"));
	for (k = 0; k < rs->weapon_own.n; k++)
		cells[c++] = xstrdup(rs->weapon_own.head[k]);
	if (notes)
		cells[c++] = xstrdup(_("Notes"));
	for (i = 0; i < rs->nweapons; i++) {
		const struct rs_weapon *w = &rs->weapons[i];
		char **row = cells + (i + 1) * nc;

		c = 0;
		row[c++] = xstrdup(w->name);
		rnd_len(rs, buf, sizeof(buf), w->range_mm);
		row[c++] = xstrdup(buf);
		if (faces) {
			rnd_hits_on(buf, sizeof(buf), w);
			row[c++] = xstrdup(buf);
		}
		if (destroys) {
			rnd_classes(buf, sizeof(buf), w->destroys);
			row[c++] = xstrdup(buf);
		}
		rnd_own_stats(rs, &rs->weapon_own, w->own, own);
		for (k = 0; k < rs->weapon_own.n; k++)
			row[c++] = xstrdup(own[k].value);
		if (notes)
			row[c++] = xasprintf("%s%s%s",
			    (w->traits & RS_WTRAIT_INDIRECT) ? _("Indirect.") :
			                                       "",
			    (w->traits & RS_WTRAIT_INDIRECT) && w->notes ?
			        " " :
			        "",
			    w->notes != NULL ? w->notes : "");
	}
	rnd_flow_heading(r->flow, rs->weapons[0].pos, 2, _("Weapons"));
	ref_table(r, rs->weapons[0].pos, rs->nweapons + 1, nc, cells);
	free(cells);
}

/* Terrain: name and effect. */
static void
ref_terrain(struct ref *r)
{
	const struct ruleset *rs = r->rs;
	char **cells;
	size_t i;

	if (rs->nterrain == 0)
		return;
	cells = xcalloc((rs->nterrain + 1) * 2, sizeof(char *));
	cells[0] = xstrdup(_("Terrain"));
	cells[1] = xstrdup(_("Effect"));
	for (i = 0; i < rs->nterrain; i++) {
		cells[2 * (i + 1)] = xstrdup(rs->terrain[i].name);
		cells[2 * (i + 1) + 1] = xstrdup(
		    rs->terrain[i].effect ? rs->terrain[i].effect : "");
	}
	rnd_flow_heading(r->flow, rs->terrain[0].pos, 2, _("Terrain"));
	ref_table(r, rs->terrain[0].pos, rs->nterrain + 1, 2, cells);
	free(cells);
}

/* One modifiers table for a scope, when the ruleset has any. */
static void
ref_mods_scope(struct ref *r, const char *sc, const char *title)
{
	const struct ruleset *rs = r->rs;
	char **cells;
	size_t i, n = 0, k = 1;

	for (i = 0; i < rs->nmods; i++)
		n += strcmp(rs->mods[i].section, sc) == 0;
	if (n == 0)
		return;
	cells = xcalloc((n + 1) * 2, sizeof(char *));
	cells[0] = xstrdup(_("Modifier"));
	cells[1] = xstrdup("");
	for (i = 0; i < rs->nmods; i++) {
		const struct rs_modifier *m = &rs->mods[i];

		if (strcmp(m->section, sc) != 0)
			continue;
		cells[2 * k] = xstrdup(m->text != NULL ? m->text : m->key);
		cells[2 * k + 1] = m->value > 0 ? xasprintf("+%d", m->value) :
		    m->value < 0 ? xasprintf("\xe2\x88\x92%d", -m->value) :
		                   xstrdup("0");
		k++;
	}
	for (i = 0; i < rs->nmods; i++)
		if (strcmp(rs->mods[i].section, sc) == 0)
			break;
	rnd_flow_heading(r->flow, rs->mods[i].pos, 2, title);
	ref_table(r, rs->mods[i].pos, n + 1, 2, cells);
	free(cells);
}

static void
ref_modifiers(struct ref *r)
{
	ref_mods_scope(r, "Morale modifiers", _("Morale modifiers"));
	ref_mods_scope(r, "Melee modifiers", _("Melee modifiers"));
	ref_mods_scope(r, "Fire modifiers", _("Fire modifiers"));
	ref_mods_scope(r, "Melee power modifiers", _("Melee power"));
}

/* Sequence of play: numbered phases, name in bold. */
static void
ref_sequence(struct ref *r)
{
	const struct ruleset *rs = r->rs;
	size_t i;

	if (rs->nphases == 0)
		return;
	rnd_flow_heading(r->flow, rs->phases[0].pos, 2, _("Sequence of play"));
	for (i = 0; i < rs->nphases; i++) {
		const struct rs_phase *p = &rs->phases[i];
		char *name = rnd_markup_escape(p->name), *text;
		char *num = xasprintf("%zu.", i + 1), *mk;
		const char *t = p->text;

		/* The phase's text starts with its name: don't repeat it. */
		if (strncmp(t, p->name, strlen(p->name)) == 0) {
			t += strlen(p->name);
			while (*t == ' ' || *t == '.' || *t == ':' ||
			    strncmp(t, "\xe2\x80\x94", 3) == 0)
				t += (*t == ' ' || *t == '.' || *t == ':') ?
				    1 :
				    3;
		}
		text = rnd_markup_escape(t);
		mk = xasprintf("<b>%s</b> \xe2\x80\x94 %s", name, text);
		rnd_flow_item(r->flow, p->pos, 0, num, mk);
		free(name);
		free(text);
		free(num);
		free(mk);
	}
}

/* The odds panels handed over by the CLI; nothing when there are none. */
static void
ref_odds(struct ref *r)
{
	const struct rnd_odds_set *os = r->opts->odds;
	size_t i, j, k;
	struct pos p = { r->rs->path, 0, 0 };

	if (os == NULL || os->n == 0)
		return;
	/* The odds are the units': a message about them names the Units
	 * table's line. */
	if (r->rs->nunits > 0)
		p = r->rs->units[0].pos;
	rnd_flow_heading(r->flow, p, 2, _("Odds"));
	for (i = 0; i < os->n; i++) {
		const struct rnd_odds *o = &os->v[i];
		size_t nc = o->ncols + 1;
		char **cells = xcalloc((o->nrows + 1) * nc, sizeof(char *));

		if (o->title != NULL) {
			char *t = rnd_markup_escape(o->title);

			rnd_flow_heading(r->flow, p, 3, t);
			free(t);
		}
		cells[0] = xstrdup("");
		for (k = 0; k < o->ncols; k++)
			cells[1 + k] = xstrdup(o->cols[k]);
		for (j = 0; j < o->nrows; j++) {
			cells[(j + 1) * nc] = xstrdup(o->rows[j].label);
			for (k = 0; k < o->ncols; k++)
				cells[(j + 1) * nc + 1 + k] = xstrdup(
				    o->rows[j].cells[k]);
		}
		ref_table(r, p, o->nrows + 1, nc, cells);
		free(cells);
	}
}

/* Is a heading's text in the template's skip list (or taken by a table
 * section)? */
static int
ref_skipped(const struct ref *r, const char *title)
{
	static const char *tables[] = { "units", "weapons", "terrain",
		"sequence of play", "test games", NULL };
	const struct rs_node *sk = rs_node_get(r->tmpl, "skip");
	/* A German or French heading as its section's English one. */
	const char *en = rs_heading_en(r->rs->lang, title);
	size_t i, n = strlen(en);

	for (i = 0; tables[i] != NULL; i++)
		if (strcasecmp(en, tables[i]) == 0)
			return 1;
	if (n >= 9 && strcasecmp(en + n - 9, "modifiers") == 0)
		return 1;
	if (sk != NULL && sk->kind == RS_NODE_SEQ)
		for (i = 0; i < sk->nkids; i++)
			if (sk->kids[i]->kind == RS_NODE_SCALAR &&
			    (strcasecmp(sk->kids[i]->scalar, title) == 0 ||
			        strcasecmp(sk->kids[i]->scalar, en) == 0))
				return 1;
	return 0;
}

/* Whether an HTML node is the quick-reference marker, <!-- quick -->
 * (case and spaces as one likes). */
static int
ref_marker(const struct rs_md *m)
{
	const char *t = m->text;
	size_t n;

	if (m->kind != RS_MD_HTML || t == NULL)
		return 0;
	while (*t == ' ' || *t == '\t' || *t == '\n')
		t++;
	if (strncmp(t, "<!--", 4) != 0)
		return 0;
	for (t += 4; *t == ' ' || *t == '\t' || *t == '\n'; t++)
		;
	if (strncasecmp(t, "quick", 5) != 0)
		return 0;
	for (t += 5; *t == ' ' || *t == '\t' || *t == '\n'; t++)
		;
	n = strlen(t);
	while (
	    n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\n' || t[n - 1] == '\t'))
		n--;
	return n == 3 && strncmp(t, "-->", 3) == 0;
}

/* Whether a paragraph carries the marker among its inline nodes. */
static int
ref_marked_inline(const struct rs_md *m)
{
	size_t i;

	if (ref_marker(m))
		return 1;
	for (i = 0; i < m->nkids; i++)
		if (m->kids[i]->kind != RS_MD_LIST &&
		    ref_marked_inline(m->kids[i]))
			return 1;
	return 0;
}

/* Whether block k of parent is marked: the marker on a line of its own
 * just before it, or (a paragraph, a list item) inside it. */
static int
ref_marked(const struct rs_md *parent, size_t k)
{
	const struct rs_md *m = parent->kids[k];
	size_t i;

	if (k > 0 && ref_marker(parent->kids[k - 1]))
		return 1;
	if (m->kind == RS_MD_PARAGRAPH)
		return ref_marked_inline(m);
	if (m->kind == RS_MD_ITEM)
		for (i = 0; i < m->nkids; i++)
			if (ref_marker(m->kids[i]) ||
			    (m->kids[i]->kind == RS_MD_PARAGRAPH &&
			        ref_marked_inline(m->kids[i])))
				return 1;
	return 0;
}

/* Whether m is the heading of the designer's own sheet text. */
static int
ref_quick_heading(const struct ruleset *rs, const struct rs_md *m)
{
	char *t;
	int yes;

	if (m->kind != RS_MD_HEADING || m->level != 2)
		return 0;
	t = rs_md_text(m);
	yes = rs_heading_eq(rs->lang, t, "Quick reference");
	free(t);
	return yes;
}

/* Headings waiting for the first marked block under them. */
struct ref_heads {
	const struct rs_md *h[6];
};

/* Print the headings waiting, and forget them. */
static void
ref_heads_flush(struct ref *r, struct ref_heads *hd)
{
	size_t l;

	for (l = 0; l < 6; l++)
		if (hd->h[l] != NULL) {
			rnd_flow_md(r->flow, hd->h[l], 0);
			hd->h[l] = NULL;
		}
}

/* The marked blocks among parent's kids, in full, under the headings
 * they stand under (of a list, its marked items, numbered as written);
 * and those inside its lists, items and quotes. */
static void
ref_marked_in(struct ref *r, const struct rs_md *parent, struct ref_heads *hd)
{
	size_t k, l;

	for (k = 0; k < parent->nkids; k++) {
		const struct rs_md *m = parent->kids[k];

		if (m->kind == RS_MD_HEADING) {
			l = m->level >= 1 && m->level <= 6 ? m->level - 1 : 5;
			hd->h[l] = m->level >= 2 ? m : NULL;
			for (l++; l < 6; l++)
				hd->h[l] = NULL;
		} else if (ref_marked(parent, k)) {
			ref_heads_flush(r, hd);
			if (parent->kind == RS_MD_LIST) {
				/* One item as a list of its own. */
				struct rs_md one = *parent;
				struct rs_md *it = parent->kids[k];

				one.kids = &it;
				one.nkids = 1;
				one.start = parent->start + (int)k;
				rnd_flow_md(r->flow, &one, 0);
			} else
				rnd_flow_md(r->flow, m, 0);
		} else if (m->kind == RS_MD_LIST || m->kind == RS_MD_ITEM ||
		    m->kind == RS_MD_BLOCKQUOTE)
			ref_marked_in(r, m, hd);
	}
}

/* The first mark under m, or NULL. */
static const struct rs_md *
ref_first_mark(const struct rs_md *m)
{
	const struct rs_md *f;
	size_t i;

	if (ref_marker(m))
		return m;
	for (i = 0; i < m->nkids; i++)
		if ((f = ref_first_mark(m->kids[i])) != NULL)
			return f;
	return NULL;
}

/*
 * Warn at each mark that marks nothing ref_marked_in prints: in a
 * heading, a table or a footnote, or on a line of its own with no block
 * after it (in an item, such a line marks the item). in: what m is in,
 * or NULL.
 */
static void
ref_marks_check(struct ref *r, const struct rs_md *m, const char *in)
{
	size_t i;

	if (m->kind == RS_MD_HEADING)
		in = "it is in a heading";
	else if (m->kind == RS_MD_TABLE)
		in = "it is in a table";
	else if (m->kind == RS_MD_FOOTNOTE_DEF)
		in = "it is in a footnote";
	for (i = 0; i < m->nkids; i++) {
		const struct rs_md *k = m->kids[i];
		const char *why = in;

		if (why == NULL && ref_marker(k) && m->kind != RS_MD_ITEM &&
		    m->kind != RS_MD_PARAGRAPH &&
		    (i + 1 == m->nkids ||
		        m->kids[i + 1]->kind == RS_MD_HEADING ||
		        m->kids[i + 1]->kind == RS_MD_THEMATIC_BREAK ||
		        m->kids[i + 1]->kind == RS_MD_HTML))
			why = "no paragraph, list or table follows it";
		if (why != NULL && ref_marker(k))
			diag_msg(r->dg, k->pos, MSG(QUICK_MARK_MARKS_NOTHING),
			    why);
		ref_marks_check(r, k, in);
	}
}

/*
 * The prose: the designer's "## Quick reference" section as written,
 * else the blocks marked <!-- quick --> in full, else section by section
 * (level-2 headings, minus skipped ones) condensed as the template says
 * — by default each rule's first sentence (of a paragraph, of a bullet).
 */
static void
ref_rules(struct ref *r)
{
	const struct rs_md *doc = r->rs->doc;
	const struct rs_md *mk;
	int on = 0;
	size_t i, k, q;

	if (doc == NULL)
		return;
	for (q = 0; q < doc->nkids; q++)
		if (ref_quick_heading(r->rs, doc->kids[q]))
			break;
	if (q < doc->nkids) {
		/* Under a heading of its own unless it starts with one. */
		if (q + 1 < doc->nkids &&
		    doc->kids[q + 1]->kind != RS_MD_HEADING)
			rnd_flow_heading(r->flow, doc->kids[q]->pos, 2,
			    _("Rules"));
		for (i = q + 1; i < doc->nkids; i++) {
			const struct rs_md *m = doc->kids[i];

			if (m->kind == RS_MD_HEADING && m->level <= 2)
				break;
			rnd_flow_md(r->flow, m, 0);
		}
		/* Marks outside the section (in it, they are its text's). */
		for (mk = NULL, k = 0; mk == NULL && k < doc->nkids; k++)
			if (k < q || k >= i)
				mk = ref_first_mark(doc->kids[k]);
		if (!r->told && mk != NULL) {
			char *t = rs_md_text(doc->kids[q]);

			diag_msg(r->dg, mk->pos, MSG(QUICK_MARKS_SECTION_WINS),
			    t, doc->kids[q]->pos.line);
			free(t);
		}
		r->told = 1;
		return;
	}
	if (ref_first_mark(doc) != NULL) {
		struct ref_heads hd;

		memset(&hd, 0, sizeof(hd));
		ref_marked_in(r, doc, &hd);
		if (!r->told)
			ref_marks_check(r, doc, NULL);
		r->told = 1;
		return;
	}
	for (i = 0; i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];

		if (m->kind == RS_MD_HEADING && m->level <= 2) {
			char *t = rs_md_text(m);

			on = m->level == 2 && !ref_skipped(r, t);
			free(t);
		}
		if (on)
			rnd_flow_md(r->flow, m, r->condense);
	}
}

/* The title band: the title on the left, shrunk (to 11 pt, then on two
 * lines, then cut short) to leave room for author, year, "Quick
 * reference" and where the full rules are on the right. */
static void
ref_band(struct ref *r, cairo_t *cr, double pw)
{
	const struct ruleset *rs = r->rs;
	struct rnd_font title = { r->st.head_font, 15, 1, 0 };
	struct rnd_font sub = { r->st.font, 7.5, 0, 0 };
	double m = r->margin, th, sw, room;
	PangoLayout *l, *sl;
	char *s;

	rnd_set_rgb(cr, r->st.accent);
	cairo_rectangle(cr, m, m, pw - 2 * m, r->band_h);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	/* Where the full text is: the sheet holds each rule's short form. */
	s = xasprintf("%s%s%s\n%s\n%s", rs->author ? rs->author : "",
	    rs->year ? ", " : "", rs->year ? rs->year : "",
	    _("Quick reference"), _("Full rules: the rulebook, rulebook.pdf"));
	sl = rnd_layout_new(cr, &sub, (pw - 2 * m) * 0.4);
	pango_layout_set_alignment(sl, PANGO_ALIGN_RIGHT);
	rnd_layout_text(sl, s);
	free(s);
	rnd_layout_size(sl, &sw, &th);
	room = pw - 2 * m - 6 - 6 - sw;
	for (;;) {
		double w;

		l = rnd_layout_new(cr, &title, 0);
		rnd_layout_text(l, rs->title != NULL ? rs->title : rs->name);
		rnd_layout_size(l, &w, &th);
		if (w <= room || title.size_pt <= 11)
			break;
		g_object_unref(l);
		title.size_pt -= 0.5;
	}
	rnd_glyph_check(l, rs->title_pos, r->dg);
	/* Still too long: two lines, then cut short. */
	rnd_layout_set_width(l, room);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_height(l, -2);
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	rnd_layout_size(l, NULL, &th);
	/* Read as the sheet's heading, then its credits. */
	rnd_tag_begin(cr, "H1");
	rnd_layout_draw(cr, l, m + 3, m + (r->band_h - th) / 2);
	rnd_tag_end(cr, "H1");
	g_object_unref(l);
	rnd_layout_size(sl, NULL, &th);
	rnd_tag_begin(cr, "P");
	rnd_layout_draw(cr, sl, pw - m - 3 - (pw - 2 * m) * 0.4,
	    m + (r->band_h - th) / 2);
	rnd_tag_end(cr, "P");
	g_object_unref(sl);
}

/* Title band on the first side, footer on every side. */
static void
ref_decorate(cairo_t *cr, void *arg, int page, int npages, double scale)
{
	struct ref *r = arg;
	const struct ruleset *rs = r->rs;
	double pw, ph, m = r->margin;
	struct rnd_font foot = { r->st.font, 6.5, 0, 0 };
	char *s, *side;

	(void)scale;
	cairo_clip_extents(cr, NULL, NULL, &pw, &ph);
	if (page == 0)
		ref_band(r, cr, pw);
	rnd_set_rgb(cr, 0x666666);
	/* The credits (FORMAT.md: on every product), then the side. */
	side = xasprintf(_(" \xc2\xb7 quick reference \xc2\xb7 side %d of %d"),
	    page + 1, npages);
	s = rnd_credits_fit(cr, &foot, rs, RND_CREDIT_AUTHOR | RND_CREDIT_YEAR,
	    NULL, side, pw - 2 * m);
	rnd_text(cr, &foot, m, ph - m + 1.2, pw - 2 * m, 1, 0, s);
	free(side);
	free(s);
}

/* Add the template's sections in order; returns -1 on a bad name. */
static int
ref_sections(struct ref *r)
{
	static const struct {
		const char *name;
		void (*add)(struct ref *);
	} kinds[] = {
		{ "units", ref_units },
		{ "weapons", ref_weapons },
		{ "terrain", ref_terrain },
		{ "modifiers", ref_modifiers },
		{ "sequence", ref_sequence },
		{ "odds", ref_odds },
		{ "rules", ref_rules },
		{ NULL, NULL },
	};
	static const char *dflt[] = { "units", "weapons", "odds", "sequence",
		"terrain", "modifiers", "rules", NULL };
	const struct rs_node *s = rs_node_get(r->tmpl, "sections");
	size_t i, k, n;
	int rc = 0;

	if (s != NULL && s->kind != RS_NODE_SEQ) {
		diag_msg(r->dg, s->pos, MSG(TEMPLATE_SECTIONS_MUST_LIST));
		return -1;
	}
	n = s != NULL ? s->nkids : 7;
	for (i = 0; i < n; i++) {
		const char *name = s != NULL ? s->kids[i]->scalar : dflt[i];

		for (k = 0; name != NULL && kinds[k].name != NULL; k++)
			if (strcmp(kinds[k].name, name) == 0)
				break;
		if (name == NULL || kinds[k].name == NULL) {
			diag_msg(r->dg, s->kids[i]->pos,
			    MSG(TEMPLATE_UNKNOWN_REFERENCE_SECTION),
			    name ? name : "?");
			rc = -1;
			continue;
		}
		kinds[k].add(r);
	}
	return rc;
}

/* The narrowest column (mm) and the least height under the title band
 * (mm) a reference sheet is laid out in. */
#define REF_MIN_COL 25.0
#define REF_MIN_BODY 40.0

/* Returns 0 when the columns, gutters and title band fit the paper (pw x
 * ph, as turned), else -1 with an error at the template's setting. */
/*
 * The template's sides, margin and gutter are for A4 (or Letter, or
 * larger). Smaller paper holds the same sheet on as many more sides as
 * have the same area (A5: twice the sides), with the margin and gutter
 * shrunk by the paper's linear scale, to no less than 5 mm and 3 mm
 * (FORMAT.md, The quick-reference sheet).
 */
static void
ref_small_paper(struct ref *r, double pw, double ph, int *pages,
    double *gutter)
{
	const double a4 = 210.0 * 297.0;
	double k = a4 / (pw * ph), lin;
	long n;

	if (k < 1.25)
		return;
	n = lround(*pages * k);
	*pages = n > 50 ? 50 : (int)n;
	lin = sqrt(1 / k);
	if (r->margin * lin >= 5)
		r->margin *= lin;
	else if (r->margin > 5)
		r->margin = 5;
	if (*gutter * lin >= 3)
		*gutter *= lin;
	else if (*gutter > 3)
		*gutter = 3;
}

static int
ref_room(struct ref *r, const struct rs_node *t, double pw, double ph,
    const struct rnd_frame *fr)
{
	double w = pw - 2 * r->margin, h = ph - 2 * r->margin - 3;
	char a[32], b[32];

	if ((w - (fr->cols - 1) * fr->gutter) / fr->cols < REF_MIN_COL) {
		fmt_double(a, sizeof(a), w, 1);
		fmt_double(b, sizeof(b), fr->gutter, 1);
		diag_msg(r->dg,
		    rnd_tmpl_pos(t,
		        rs_node_get(t, "gutter") != NULL ? "gutter" :
		                                           "columns"),
		    MSG(TEMPLATE_COLUMNS_MM_GUTTERS_DO), fr->cols, b, a,
		    (int)REF_MIN_COL);
		return -1;
	}
	if (h - r->band_h - 4 < REF_MIN_BODY) {
		fmt_double(a, sizeof(a), h, 1);
		diag_msg(r->dg, rnd_tmpl_pos(t, "title-height"),
		    MSG(TEMPLATE_TITLE_BAND_LEAVES_LESS), (int)REF_MIN_BODY,
		    a);
		return -1;
	}
	return 0;
}

/* The settings templates/reference.yaml may have. */
static const char *const ref_keys[] = { "orientation", "pages", "margin",
	"title-height", "paper", "columns", "gutter", "font", "heading-font",
	"mono-font", "size", "min-size", "max-size", "condense",
	"comfortable-size", "colours", "sections", "skip", "product",
	"table-min-size", NULL };

/* Body text grows at most to this (pt) when a template says no max-size. */
#define REF_MAX_PT 10.0

/* A new flow of the template's sections at body size pt into r->flow;
 * 0, or -1 on a bad section name (errors in dg). */
static int
ref_build(struct ref *r, double pt)
{
	r->st.size_pt = pt;
	rnd_flow_free(r->flow);
	r->flow = rnd_flow_new(&r->st);
	/* A wide odds table takes a size of its own: the prose keeps its. */
	rnd_flow_own_tables(r->flow, 1);
	rnd_flow_balance(r->flow, 1);
	rnd_flow_table_parts(r->flow, 0, r->table_min_pt);
	rnd_flow_table_hyph(r->flow, r->hyph);
	/* A table the sides could not hold even at the least size (1,000
	 * rows of a prose section) is left out, with a note. */
	rnd_flow_long_tables(r->flow, r->fr, r->pages,
	    _("The rulebook prints it in full."));
	return ref_sections(r);
}

/* The flow at body size pt: its blocks kept (the same at every size),
 * unless the flow must be built anew (rnd_flow_resize). 0, or -1 as
 * ref_build. */
static int
ref_size(struct ref *r, double pt)
{
	r->st.size_pt = pt;
	if (r->flow != NULL && rnd_flow_resize(r->flow, pt) == 0)
		return 0;
	return ref_build(r, pt);
}

/*
 * The sheet's flow in r->flow, its text grown to fill the sides before
 * any is left empty: when it fits them at the template's size, at the
 * largest size up to max-size (steps of half a point down from it) at
 * which it still does — Modern's prose takes a side and a half at 8.5 pt
 * and fills both at 9.5. Else at the template's size (rnd_flow_render
 * shrinks it). A sheet that fits at max-size (most do) is laid out there
 * first, and once. Else the room its text took there guesses the size
 * that fills the sides, and the search starts a step above the guess,
 * going down to the first that fits (or up, while they fit, when the
 * guess was short): one flow, resized (ref_size), and the last try the
 * answer, kept for rnd_flow_render, unless the guess was short. Returns
 * 0, or -1 on a bad template (errors in dg).
 */
static int
ref_grow(struct ref *r, const struct rnd_frame *fr, int pages)
{
	double base = r->st.size_pt, pt, top = r->max_pt;
	int k, n, start;

	if (top <= base + 1e-9)
		return ref_build(r, base);
	if (ref_build(r, top) == -1)
		return -1;
	if (rnd_flow_fits_at(r->flow, fr, pages, top))
		return 0;
	/* The sizes below max-size: top - k/2 pt for k = 1 … n - 1 while
	 * above the template's size, and the template's size (k = n). */
	n = (int)ceil((top - base) / 0.5 - 1e-9);
	pt = rnd_flow_area_pt(r->flow, fr, pages);
	start = (int)ceil((top - pt) / 0.5 - 1e-9) - 1;
	start = start < 1 ? 1 : start > n ? n : start;
	for (k = start; k <= n; k++) {
		pt = k == n ? base : top - 0.5 * k;
		if (ref_size(r, pt) == -1)
			return -1;
		if (rnd_flow_fits_at(r->flow, fr, pages, pt))
			break;
	}
	if (k != start)
		return 0; /* the first fit going down, or none at all */
	/* The guess was short: up while the sizes fit, then the last that
	 * did again. */
	for (k = start - 1; k >= 1; k--) {
		pt = top - 0.5 * k;
		if (ref_size(r, pt) == -1)
			return -1;
		if (!rnd_flow_fits_at(r->flow, fr, pages, pt))
			break;
	}
	if (k < 1)
		return 0;
	pt = k + 1 == n ? base : top - 0.5 * (k + 1);
	if (ref_size(r, pt) == -1)
		return -1;
	(void)rnd_flow_fits_at(r->flow, fr, pages, pt);
	return 0;
}

/* --dump: each side, the title band, the frame of the text, then every
 * piece of the text as it was drawn (flow.c). */
static void
ref_dump(const struct ref *r, const struct rnd_frame *fr, double pw, double ph,
    int pages, FILE *fp)
{
	const struct ruleset *rs = r->rs;
	int p;

	if (fp == NULL)
		return;
	for (p = 1; p <= pages; p++) {
		rnd_dump_box(fp, "page", p, 0, 0, pw, ph, NULL);
		if (p == 1)
			rnd_dump_box(fp, "band", p, r->margin, r->margin,
			    pw - 2 * r->margin, r->band_h,
			    rs->title != NULL ? rs->title : rs->name);
		rnd_dump_box(fp, "frame", p, fr->x,
		    fr->y + (p == 1 ? fr->first_top : 0), fr->w,
		    fr->h - (p == 1 ? fr->first_top : 0), NULL);
	}
	rnd_flow_dump(r->flow, fr, 0, 1, fp);
}

/* Returns 0 written, -1 failed (errors in dg). */
int
rnd_reference(const struct ruleset *rs, const char *path,
    const struct rnd_opts *opts, struct diags *dg)
{
	struct ref r;
	struct rnd_frame fr;
	struct rnd_doc *doc = NULL;
	struct rnd_meta meta;
	struct rs_node *t;
	char *tfile = NULL;
	const char *orient, *cond;
	double pw, ph;
	size_t errs = diags_count(dg, SEV_ERROR);
	int rc = -1, pages;

	memset(&r, 0, sizeof(r));
	if ((t = rnd_template_load(opts->tmpl, "reference", &tfile, dg)) ==
	    NULL)
		goto out;
	rnd_tmpl_keys(t, ref_keys, "setting", dg);
	r.rs = rs;
	r.tmpl = t;
	r.opts = opts;
	r.dg = dg;
	rnd_style_from(&r.st, t, dg);
	/* A table too wide even at the least size breaks its words as the
	 * ruleset's language hyphenates them (English by default). */
	r.hyph = rnd_hyph_open(rs->lang);
	r.key.rs = rs;
	r.key.pics = rnd_pics_new(rs, dg, &pages);
	r.key.font = r.st.font;
	r.key.size_pt = r.st.size_pt;
	r.key.min_pt = r.st.min_pt;
	r.key.ink = r.st.text;
	if (pages > 0)
		goto out;
	cond = rnd_tmpl_str(t, "condense", "short", dg);
	if (strcmp(cond, "auto") == 0)
		r.condense = -1;
	else if (strcmp(cond, "short") == 0)
		r.condense = 2;
	else
		r.condense = rnd_tmpl_bool(t, "condense", 1, dg);
	/* comfortable-size: read (its range still checked) for templates
	 * of earlier versions, no longer used: full prose at any size
	 * beats first sentences at a larger one. */
	(void)rnd_tmpl_num(t, "comfortable-size", 7.5, 4, 72, dg);
	r.max_pt = rnd_tmpl_num(t, "max-size",
	    REF_MAX_PT > r.st.size_pt ? REF_MAX_PT : r.st.size_pt, 4, 72, dg);
	/* A table too wide for its column at the body size takes a size
	 * of its own, down to this (the body text keeps min-size); a
	 * template without it, min-size as before. */
	r.table_min_pt = rnd_tmpl_num(t, "table-min-size", r.st.min_pt, 4, 72,
	    dg);
	r.margin = rnd_tmpl_len(t, "margin", 9, 0, 100, dg);
	r.band_h = rnd_tmpl_len(t, "title-height", 13, 5, 100, dg);
	pages = (int)rnd_tmpl_num(t, "pages", 2, 1, 50, dg);
	orient = rnd_tmpl_str(t, "orientation", "landscape", dg);
	if (rnd_paper_for(t, opts->paper, rs, &pw, &ph, dg) == -1)
		goto out;
	if (strcmp(orient, "landscape") == 0) {
		double x = pw;

		pw = ph;
		ph = x;
	} else if (strcmp(orient, "portrait") != 0)
		diag_msg(dg, rnd_tmpl_pos(t, "orientation"),
		    MSG(TEMPLATE_ORIENTATION_MUST_LANDSCAPE_PORTRAIT));
	fr.cols = (int)rnd_tmpl_num(t, "columns", 3, 1, 8, dg);
	fr.gutter = rnd_tmpl_len(t, "gutter", 6, 0, 50, dg);
	ref_small_paper(&r, pw, ph, &pages, &fr.gutter);
	if (2 * r.margin + 40 > pw || 2 * r.margin + 40 > ph)
		diag_msg(dg, rnd_tmpl_pos(t, "margin"),
		    MSG(TEMPLATE_MARGIN_LEAVES_NO_ROOM));
	else if (ref_room(&r, t, pw, ph, &fr) == -1)
		goto out;
	if (diags_count(dg, SEV_ERROR) > errs)
		goto out;
	fr.x = r.margin;
	fr.y = r.margin;
	fr.w = pw - 2 * r.margin;
	fr.h = ph - 2 * r.margin - 3;
	fr.first_top = r.band_h + 4;
	r.fr = &fr;
	r.pages = pages;

	memset(&meta, 0, sizeof(meta));
	meta.title = rs->title != NULL ? rs->title : rs->name;
	meta.author = rs->author;
	meta.subject = _("Quick-reference sheet");
	meta.keywords = "wargame, quick reference";
	doc = rnd_doc_new(path, &meta, dg);
	/* condense: auto prints the prose in full when it fits on the
	 * sides at any size down to the least: both sides fill before a
	 * word is dropped. Only then its first sentences (and those that
	 * carry a number, mdtext.c). */
	if (r.condense == -1) {
		r.condense = 0;
		if (ref_build(&r, r.st.size_pt) == -1)
			goto out;
		if (!rnd_flow_fits_at(r.flow, &fr, pages, r.st.min_pt))
			r.condense = 1;
	}
	/* Then the text grows to fill the sides (a sheet condensed has
	 * filled them at the least size already). */
	if (ref_grow(&r, &fr, pages) == -1)
		goto out;
	pages = rnd_flow_render(r.flow, doc, pw, ph, &fr, pages, ref_decorate,
	    &r, NULL);
	ref_dump(&r, &fr, pw, ph, pages, opts->dump);
	rc = rnd_doc_close(doc);
	doc = NULL;
out:
	if (doc != NULL)
		rnd_doc_abandon(doc);
	rnd_flow_free(r.flow);
	rnd_hyph_close(r.hyph);
	rnd_pics_free(r.key.pics);
	rs_node_free(t);
	free(tfile);
	return rc;
}
