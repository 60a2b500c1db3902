/* model.c: lookups in, the text dump of, and freeing a ruleset. */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"
#include "internal.h"

/*
 * Preset sizes. DBA frontages are by figure scale (40 mm for 15 mm
 * figures, 60 mm for 25/28 mm); depths are the usual ones for the troop
 * type. Kings of War uses squares; round bases are the common diameters.
 */
const struct rs_base_preset rs_base_presets[] = {
	{ "dba15-foot", RS_BASE_RECT, 40, 15,
	    "DBA, 15 mm figures: close foot" },
	{ "dba15-loose", RS_BASE_RECT, 40, 20,
	    "DBA, 15 mm figures: auxilia, psiloi" },
	{ "dba15-mounted", RS_BASE_RECT, 40, 30,
	    "DBA, 15 mm figures: cavalry, knights" },
	{ "dba15-large", RS_BASE_RECT, 40, 40,
	    "DBA, 15 mm figures: elephants, chariots" },
	{ "dba25-foot", RS_BASE_RECT, 60, 30, "DBA, 25/28 mm figures: foot" },
	{ "dba25-mounted", RS_BASE_RECT, 60, 40,
	    "DBA, 25/28 mm figures: mounted" },
	{ "dba25-large", RS_BASE_RECT, 60, 80,
	    "DBA, 25/28 mm figures: elephants" },
	{ "round25", RS_BASE_ROUND, 25, 25, "round 25 mm" },
	{ "round32", RS_BASE_ROUND, 32, 32, "round 32 mm" },
	{ "round40", RS_BASE_ROUND, 40, 40, "round 40 mm" },
	{ "round50", RS_BASE_ROUND, 50, 50, "round 50 mm" },
	{ "kow20", RS_BASE_RECT, 20, 20, "Kings of War square 20 mm" },
	{ "kow25", RS_BASE_RECT, 25, 25, "Kings of War square 25 mm" },
	{ "kow40", RS_BASE_RECT, 40, 40, "Kings of War square 40 mm" },
	{ "kow50", RS_BASE_RECT, 50, 50, "Kings of War square 50 mm" },
	{ NULL, RS_BASE_RECT, 0, 0, NULL },
};

/* The length part of a base size (one length or a pair) into *w, *d;
 * *pair says which. */
static int
base_lengths(const char *s, enum unit_of_length u, double *w, double *d,
    int *pair, const char **why)
{
	*pair = strpbrk(s, "xX") != NULL || strstr(s, "\xc3\x97") != NULL;
	if (*pair)
		return len_parse_pair(s, u, w, d, why);
	if (len_parse(s, u, w, why) == -1)
		return -1;
	*d = *w;
	return 0;
}

int
rs_base_parse(const char *spec, enum unit_of_length u,
    enum rs_base_shape *shape, double *w, double *d, const char **why)
{
	char *s, *sp;
	int i, pair, rc = -1;

	for (i = 0; rs_base_presets[i].name != NULL; i++)
		if (strcasecmp(spec, rs_base_presets[i].name) == 0) {
			*shape = rs_base_presets[i].shape;
			*w = rs_base_presets[i].w;
			*d = rs_base_presets[i].d;
			return 0;
		}
	s = xstrdup(spec);
	*shape = RS_BASE_RECT;
	if ((sp = strrchr(s, ' ')) != NULL && !strchr("0123456789.", sp[1])) {
		if (strcasecmp(sp + 1, "round") == 0)
			*shape = RS_BASE_ROUND;
		else if (strcasecmp(sp + 1, "oval") == 0)
			*shape = RS_BASE_OVAL;
		else if (sp > s && strchr("0123456789.", sp[-1]) != NULL) {
			/* "30 furlongs": a number and its unit, unknown. */
			if (base_lengths(spec, u, w, d, &pair, why) == 0)
				*why = "unknown base shape (use round, oval, "
				       "square or rect, or a preset)";
			goto out;
		} else if (strcasecmp(sp + 1, "square") != 0 &&
		    strcasecmp(sp + 1, "rect") != 0) {
			*why =
			    "unknown base shape (use round, oval, square or "
			    "rect, or a preset)";
			goto out;
		}
		*sp = '\0';
	}
	if (base_lengths(s, u, w, d, &pair, why) == -1)
		goto out;
	if (*w <= 0 || *d <= 0)
		*why = "a base must be larger than zero";
	else if (*w < 5 || *d < 5)
		*why = "a base smaller than 5 mm cannot be cut or labelled";
	else if (*shape == RS_BASE_ROUND && pair && fabs(*w - *d) > 1e-6)
		*why = "a round base has one diameter (use WxD oval)";
	else if (*shape == RS_BASE_OVAL && !pair)
		*why = "an oval base needs WIDTHxDEPTH, like 60x35mm oval";
	else
		rc = 0;
out:
	free(s);
	return rc;
}

/* The Units table's own column of points (Points, Pts, Cost or Value:
 * what a scenario picks forces by), or -1. */
int
rs_points_col(const struct ruleset *rs)
{
	static const char *const names[] = { "points", "pts", "cost",
		"value" };
	size_t i, k;

	for (k = 0; k < rs->unit_own.n; k++)
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strcasecmp(rs->unit_own.head[k], names[i]) == 0)
				return (int)k;
	return -1;
}

int
rs_unit_find(const struct ruleset *rs, const char *name)
{
	size_t i;

	for (i = 0; i < rs->nunits; i++)
		if (strcasecmp(rs->units[i].name, name) == 0)
			return (int)i;
	return -1;
}

int
rs_weapon_find(const struct ruleset *rs, const char *name)
{
	size_t i;

	for (i = 0; i < rs->nweapons; i++)
		if (strcasecmp(rs->weapons[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *
rs_unit_hint(const struct ruleset *rs, const char *name, char *buf, size_t sz)
{
	const char **names = xcalloc(rs->nunits + 1, sizeof(*names));
	const char *r;
	size_t i;

	for (i = 0; i < rs->nunits; i++)
		names[i] = rs->units[i].name;
	r = str_did_you_mean(buf, sz, name, names, rs->nunits);
	free(names);
	return r;
}

const char *
rs_weapon_hint(const struct ruleset *rs, const char *name, char *buf,
    size_t sz)
{
	const char **names = xcalloc(rs->nweapons + 1, sizeof(*names));
	const char *r;
	size_t i;

	for (i = 0; i < rs->nweapons; i++)
		names[i] = rs->weapons[i].name;
	r = str_did_you_mean(buf, sz, name, names, rs->nweapons);
	free(names);
	return r;
}

const struct rs_modifier *
rs_mod_find(const struct ruleset *rs, const char *section, const char *key)
{
	size_t i;

	for (i = 0; i < rs->nmods; i++)
		if (strcmp(rs->mods[i].section, section) == 0 &&
		    strcasecmp(rs->mods[i].key, key) == 0)
			return &rs->mods[i];
	return NULL;
}

int
rs_class_slot(const struct rs_unit *u)
{
	return u->cls_free > 0 ? RS_CLASS__MAX + u->cls_free - 1 : (int)u->cls;
}

int
rs_class_slot_find(const struct ruleset *rs, const char *word)
{
	size_t k;
	int c;

	for (c = 0; c < RS_CLASS__MAX; c++)
		if (rs_name_eq(rs_class_name((enum rs_class)c), word))
			return c;
	for (k = 0; k < rs->nclasses; k++)
		if (rs_name_eq(rs->classes[k], word))
			return RS_CLASS__MAX + (int)k;
	return -1;
}

const char *
rs_unit_class(const struct ruleset *rs, const struct rs_unit *u)
{
	if (u->cls_free > 0 && (size_t)u->cls_free <= rs->nclasses)
		return rs->classes[u->cls_free - 1];
	return rs_class_name(u->cls);
}

const char *
rd_keep_name(struct ruleset *rs, const char *name)
{
	char *s = xstrdup(name);

	XPUSH(rs->names, rs->nnames, rs->capnames, s);
	return s;
}

void
rs_free(struct ruleset *rs)
{
	size_t i, k;

	if (rs == NULL)
		return;
	if (rs->keep != NULL && rs->keep->free_p != NULL)
		rs->keep->free_p(rs->keep->p);
	free(rs->keep);
	for (i = 0; i < rs->nnames; i++)
		free(rs->names[i]);
	free(rs->names);
	free(rs->src);
	for (i = 0; i < rs->nunits; i++) {
		free(rs->units[i].name);
		free(rs->units[i].notes);
		free(rs->units[i].image);
		free(rs->units[i].image_file);
		for (k = 0; k < rs->unit_own.n; k++)
			free(rs->units[i].own[k]);
	}
	free(rs->units);
	for (i = 0; i < rs->nweapons; i++) {
		free(rs->weapons[i].name);
		free(rs->weapons[i].notes);
		free(rs->weapons[i].hits_text);
		for (k = 0; k < rs->weapon_own.n; k++)
			free(rs->weapons[i].own[k]);
	}
	for (k = 0; k < rs->unit_own.n; k++)
		free(rs->unit_own.head[k]);
	for (k = 0; k < rs->nclasses; k++)
		free(rs->classes[k]);
	free(rs->classes);
	for (i = 0; i < rs->ntables; i++) {
		struct rs_table *t = &rs->tables[i];

		for (k = 0; k < t->nrows * t->ncols; k++)
			free(t->cell[k]);
		free(t->cell);
		free(t->cpos);
		free(t->section);
	}
	free(rs->tables);
	for (k = 0; k < rs->weapon_own.n; k++)
		free(rs->weapon_own.head[k]);
	free(rs->weapons);
	for (i = 0; i < rs->nterrain; i++) {
		free(rs->terrain[i].name);
		free(rs->terrain[i].effect);
	}
	free(rs->terrain);
	for (i = 0; i < rs->ngauges; i++)
		free(rs->gauges[i].name);
	free(rs->gauges);
	for (i = 0; i < rs->nmarkers; i++) {
		free(rs->markers[i].label);
		free(rs->markers[i].placed);
		free(rs->markers[i].removed);
		free(rs->markers[i].most);
	}
	free(rs->markers);
	for (i = 0; i < rs->nmods; i++) {
		free(rs->mods[i].key);
		free(rs->mods[i].text);
	}
	free(rs->mods);
	for (i = 0; i < rs->nphases; i++) {
		free(rs->phases[i].name);
		free(rs->phases[i].text);
	}
	free(rs->phases);
	for (i = 0; i < rs->ntests; i++) {
		free(rs->tests[i].name);
		rs_node_free(rs->tests[i].doc);
	}
	free(rs->tests);
	free(rs->forces);
	for (i = 0; i < rs->nchecks; i++) {
		free(rs->checks[i].text);
		free(rs->checks[i].name);
	}
	free(rs->checks);
	free(rs->engine);
	rs_node_free(rs->front);
	rs_md_free(rs->doc);
	free(rs->title);
	free(rs->author);
	free(rs->cover);
	free(rs->cover_file);
	free(rs->year);
	free(rs->version);
	free(rs->lang);
	free(rs->paper);
	free(rs->name);
	free(rs->path);
	free(rs);
}

static void
dump_len(FILE *fp, const char *label, double mm, enum unit_of_length u)
{
	char a[32], b[32];

	len_format(a, sizeof(a), mm, u);
	fmt_double(b, sizeof(b), mm, 2);
	fprintf(fp, "%s %s (%s mm)", label, a, b);
}

void
rs_faces_format(char *buf, size_t sz, const struct rs_faces *s,
    const char *sep)
{
	size_t n = 0;
	int f, g;

	buf[0] = '\0';
	for (f = 1; f <= RS_MAX_FACES; f = g) {
		g = f + 1;
		if (!rs_faces_has(s, f))
			continue;
		while (rs_faces_has(s, g))
			g++;
		/* A long run reads better as its ends: 11–20 on a d20. */
		if (g - f > 6) {
			n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0,
			    "%s%d\xe2\x80\x93%d", n ? sep : "", f, g - 1);
			continue;
		}
		for (; f < g; f++)
			n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0,
			    "%s%d", n ? sep : "", f);
	}
}

/* 1 when written (a cell) says faces (a list "4,6") other than by the
 * list itself, spaces aside. */
static int
faces_spelt_other(const char *written, const char *faces)
{
	const char *a = written, *b = faces;

	for (;;) {
		while (*a == ' ')
			a++;
		if (*a == '\0' || *b == '\0')
			return *a != *b;
		if (*a++ != *b++)
			return 1;
	}
}

/* A weapon's Hits on as written, then the faces it was read as when they
 * are spelt otherwise, as a length is ("4+ (4,5,6)"; "4, 6" is
 * "4,6"): the dump says what the products print and what the engine
 * rolls (issue 34's one spelling). */
static void
dump_hits(FILE *fp, const struct rs_weapon *w)
{
	char buf[512];
	const char *t = w->hits_text;

	rs_faces_format(buf, sizeof(buf), &w->hit_faces, ",");
	if (t == NULL || *t == '\0' || !faces_spelt_other(t, buf)) {
		fputs(buf[0] ? buf : "-", fp);
		return;
	}
	fprintf(fp, "%s (%s)", t, buf[0] ? buf : "-");
}

/* The game's own stats of a unit or weapon, "Quality 3+"; nothing when
 * the table has none (so the dump of a ruleset without them is as it
 * was). */
static void
dump_own(FILE *fp, const struct rs_own_cols *oc, char *const *own,
    const char *const *skip)
{
	const char *const *s;
	size_t k, n = 0;

	/* The game's own up to what a card holds (the engine says the rest
	 * is too many). */
	for (k = 0; k < oc->n && n < RS_MAX_OWN_STATS; k++) {
		for (s = skip;
		     s != NULL && *s != NULL && !rs_name_eq(*s, oc->head[k]);
		     s++)
			;
		if (s != NULL && *s != NULL)
			continue;
		n++;
		fprintf(fp, ", %s %s", oc->head[k],
		    own[k] != NULL ? own[k] : "\xe2\x80\x94");
	}
}

void
rs_dump(const struct ruleset *rs, const char *engine, rs_dump_fn *fam,
    const char *const *cols, FILE *fp)
{
	size_t i, k;
	char buf[256];
	enum unit_of_length u = rs->measure;

	fprintf(fp, "ruleset %s\n", rs->name);
	fprintf(fp, "title: %s\n", rs->title ? rs->title : "-");
	fprintf(fp, "author: %s\n", rs->author ? rs->author : "-");
	fprintf(fp, "year: %s\n", rs->year ? rs->year : "-");
	fprintf(fp, "engine: %s\n", engine);
	fprintf(fp, "measure: %s\n", len_unit_name(rs->measure));
	dump_len(fp, "base:", rs->base_w_mm, u);
	dump_len(fp, " x", rs->base_d_mm, u);
	fputc('\n', fp);
	dump_len(fp, "table:", rs->table_w_mm, u);
	dump_len(fp, " x", rs->table_h_mm, u);
	fputc('\n', fp);
	fprintf(fp, "grid: %s", rs_grid_name(rs->grid));
	if (rs->grid != RS_GRID_NONE)
		dump_len(fp, "", rs->cell_mm, u);
	fputc('\n', fp);
	if (fam != NULL)
		fam(rs, RS_DUMP_HEAD, 0, fp);
	fprintf(fp, "\nunits (%zu)\n", rs->nunits);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *un = &rs->units[i];

		fprintf(fp, "  %d:%d %s: %s", un->pos.line, un->pos.col,
		    un->name, rs_unit_class(rs, un));
		dump_len(fp, ", move", un->move_mm, u);
		if (un->road_move_mm > 0)
			dump_len(fp, ", road", un->road_move_mm, u);
		if (fam != NULL)
			fam(rs, RS_DUMP_UNIT, i, fp);
		for (k = 0; k < un->nweapons; k++)
			fprintf(fp, "%s%s", k ? ", " : ", weapons ",
			    rs->weapons[un->weapons[k]].name);
		if (un->traits) {
			rs_traits_format(buf, sizeof(buf), un->traits);
			fprintf(fp, ", traits %s", buf);
		}
		dump_own(fp, &rs->unit_own, un->own, cols);
		fputc('\n', fp);
	}
	fprintf(fp, "\nweapons (%zu)\n", rs->nweapons);
	for (i = 0; i < rs->nweapons; i++) {
		const struct rs_weapon *w = &rs->weapons[i];

		fprintf(fp, "  %d:%d %s:", w->pos.line, w->pos.col, w->name);
		dump_len(fp, " range", w->range_mm, u);
		fputs(", hits on ", fp);
		dump_hits(fp, w);
		if (fam != NULL)
			fam(rs, RS_DUMP_WEAPON, i, fp);
		if (w->traits & RS_WTRAIT_INDIRECT)
			fputs(", indirect", fp);
		dump_own(fp, &rs->weapon_own, w->own, NULL);
		fputc('\n', fp);
	}
	fprintf(fp, "\nterrain (%zu)\n", rs->nterrain);
	for (i = 0; i < rs->nterrain; i++)
		fprintf(fp, "  %d:%d %s: %s\n", rs->terrain[i].pos.line,
		    rs->terrain[i].pos.col, rs->terrain[i].name,
		    rs_terrain_kind_name(rs->terrain[i].kind));
	/* Only when written: older dumps stay as they were. */
	if (rs->ngauges > 0)
		fprintf(fp, "\ngauges (%zu)\n", rs->ngauges);
	for (i = 0; i < rs->ngauges; i++) {
		fprintf(fp, "  %d:%d %s:", rs->gauges[i].pos.line,
		    rs->gauges[i].pos.col, rs->gauges[i].name);
		dump_len(fp, "", rs->gauges[i].mm, u);
		fputc('\n', fp);
	}
	if (rs->nmarkers > 0)
		fprintf(fp, "\nmarkers (%zu)\n", rs->nmarkers);
	for (i = 0; i < rs->nmarkers; i++) {
		const struct rs_marker *m = &rs->markers[i];

		fprintf(fp, "  %d:%d %s: #%06x", m->pos.line, m->pos.col,
		    m->label, (unsigned)m->rgb);
		/* The columns a family plays markers by, as written. */
		if (m->placed != NULL)
			fprintf(fp, "; placed %s", m->placed);
		if (m->removed != NULL)
			fprintf(fp, "; removed %s", m->removed);
		if (m->most != NULL)
			fprintf(fp, "; most %s", m->most);
		fputc('\n', fp);
	}
	fprintf(fp, "\nmodifiers (%zu)\n", rs->nmods);
	for (i = 0; i < rs->nmods; i++)
		fprintf(fp, "  %d:%d %s: %s %+d\n", rs->mods[i].pos.line,
		    rs->mods[i].pos.col, rs->mods[i].section, rs->mods[i].key,
		    rs->mods[i].value);
	fprintf(fp, "\nsequence of play (%zu)\n", rs->nphases);
	for (i = 0; i < rs->nphases; i++)
		fprintf(fp, "  %d:%d %zu. %s\n", rs->phases[i].pos.line,
		    rs->phases[i].pos.col, i + 1, rs->phases[i].name);
	fprintf(fp, "\ndefault battle:");
	if (rs->turn_limit)
		fprintf(fp, " %d %s%s", rs->turn_limit,
		    plural(rs->turn_limit, "turn", "turns"),
		    rs->deploy_mm > 0 ? "," : "");
	if (rs->deploy_mm > 0)
		dump_len(fp, " deploy", rs->deploy_mm, u);
	if (rs->break_pct > 0)
		fprintf(fp, "; army breaks at %d%%", rs->break_pct);
	fputc('\n', fp);
	for (i = 0; i < rs->nforces; i++)
		if (rs->forces[i].unit >= 0)
			fprintf(fp, "  %d x %s\n", rs->forces[i].count,
			    rs->units[rs->forces[i].unit].name);
	fprintf(fp, "\ntest games (%zu)\n", rs->ntests);
	for (i = 0; i < rs->ntests; i++)
		fprintf(fp, "  %d:%d %s\n", rs->tests[i].pos.line,
		    rs->tests[i].pos.col, rs->tests[i].name);
}

int
rs_grid_parse(const char *s, enum unit_of_length bare, enum rs_grid *grid,
    double *cell, const char **why)
{
	static const struct {
		const char *name;
		enum rs_grid g;
	} kinds[] = {
		{ "none", RS_GRID_NONE },
		{ "square", RS_GRID_SQUARE },
		{ "hex", RS_GRID_HEX },
		{ "hex-flat", RS_GRID_HEX },
		{ "hex-pointy", RS_GRID_HEX_POINTY },
	};
	size_t n, k;

	*cell = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	n = strcspn(s, " \t:");
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (strlen(kinds[k].name) == n &&
		    strncasecmp(kinds[k].name, s, n) == 0)
			break;
	if (k == sizeof(kinds) / sizeof(kinds[0])) {
		*why = "not a grid: use none, square, hex (or hex-flat) or "
		       "hex-pointy, then the cell size (square 3in)";
		return -1;
	}
	*grid = kinds[k].g;
	s += n;
	while (*s == ' ' || *s == '\t' || *s == ':')
		s++;
	if (*s == '\0')
		return 0;
	if (*grid == RS_GRID_NONE) {
		*why = "no grid has no cell size";
		return -1;
	}
	if (len_parse(s, bare == LEN_NONE ? LEN_MM : bare, cell, why) != 0)
		return -1;
	if (!(*cell > 0)) {
		*why = "the cell size must be greater than zero";
		return -1;
	}
	return 0;
}
