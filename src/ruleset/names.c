/*
 * names.c: the words of a ruleset — how the reader compares names and
 * recognises an empty cell, the length limit on names and titles, and
 * the vocabularies of unit classes, traits and terrain kinds, read from
 * a cell and named again for print (with the grids); whether a ruleset
 * is print only (the engines are the engine's to name).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

char *
rd_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

int
rd_name_eq(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '-' || *a == '_' || *a == '.')
			a++;
		while (*b == ' ' || *b == '-' || *b == '_' || *b == '.')
			b++;
		if (*a == '\0' || *b == '\0')
			return *a == *b;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++, b++;
	}
}

int
rd_is_none(const char *s)
{
	return *s == '\0' || strcmp(s, "\xe2\x80\x94") == 0 || /* — */
	    strcmp(s, "\xe2\x80\x93") == 0 || strcmp(s, "-") == 0 ||
	    strcasecmp(s, "n/a") == 0 || strcasecmp(s, "none") == 0;
}

int
rs_is_none(const char *s)
{
	return rd_is_none(s);
}

int
rs_name_long(struct diags *d, struct pos at, const char *what,
    const char *name, size_t max)
{
	return rd_name_long(d, at, what, name, max);
}

/*
 * Names and titles are printed on cards, headings and tabs: past max
 * characters they are an error at their place (a name of 100 KB would
 * take minutes to typeset).
 */
int
rd_name_long(struct diags *d, struct pos at, const char *what,
    const char *name, size_t max)
{
	size_t n = utf8_chars(name), cut = 0, k = 0;

	if (n <= max)
		return 0;
	/* Quote its first 40 characters. */
	while (name[cut] != '\0' && k < 40)
		if (((unsigned char)name[++cut] & 0xc0) != 0x80)
			k++;
	diag_msg(d, at, MSG(TEXT_TOO_LONG), what, n, max, (int)cut, name);
	return -1;
}

/* ---- vocabularies ---- */

static const struct {
	const char *name;
	enum rs_class cls;
} class_names[] = {
	{ "infantry", RS_CLASS_INFANTRY },
	{ "artillery", RS_CLASS_ARTILLERY },
	{ "vehicle", RS_CLASS_VEHICLE },
	{ "vehicles", RS_CLASS_VEHICLE },
	{ "cavalry", RS_CLASS_CAVALRY },
	{ "elephant", RS_CLASS_ELEPHANT },
	{ "elephants", RS_CLASS_ELEPHANT },
	{ "chariot", RS_CLASS_CHARIOT },
	{ "chariots", RS_CLASS_CHARIOT },
};

static const struct {
	const char *name;
	unsigned bit;
} trait_names[] = {
	{ "runs-down", RS_TRAIT_RUNS_DOWN },
	{ "no-melee", RS_TRAIT_NO_MELEE },
	{ "light", RS_TRAIT_LIGHT },
	{ "pike", RS_TRAIT_PIKE },
	{ "armoured", RS_TRAIT_ARMOURED },
	{ "levy", RS_TRAIT_LEVY },
	{ "heavy", RS_TRAIT_HEAVY },
};

static const char *const terrain_kind_names[RS_TERRAIN__MAX] = {
	"open",
	"hill",
	"wood",
	"river",
	"ford",
	"road",
	"town",
	"fortification",
};

int
rd_class_parse(const char *s, enum rs_class *c)
{
	size_t i;

	for (i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++)
		if (rd_name_eq(s, class_names[i].name)) {
			*c = class_names[i].cls;
			return 0;
		}
	return -1;
}

int
rd_trait_parse(const char *s, unsigned *bit)
{
	size_t i;

	for (i = 0; i < sizeof(trait_names) / sizeof(trait_names[0]); i++)
		if (rd_name_eq(s, trait_names[i].name)) {
			*bit = trait_names[i].bit;
			return 0;
		}
	return -1;
}

/* Kinds, and the plurals "woods" and "hills" that tables use. */
int
rd_terrain_kind_parse(const char *s, enum rs_terrain_kind *kind)
{
	size_t k;

	for (k = 0; k < RS_TERRAIN__MAX; k++)
		if (rd_name_eq(s, terrain_kind_names[k]) ||
		    (k == RS_TERRAIN_WOOD && rd_name_eq(s, "woods")) ||
		    (k == RS_TERRAIN_HILL && rd_name_eq(s, "hills"))) {
			*kind = (enum rs_terrain_kind)k;
			return 0;
		}
	return -1;
}

const char *
rd_terrain_kind_hint(const char *s, char *buf, size_t sz)
{
	/* The words a designer writes for a kind (a forest is a wood to
	 * the engine), then a kind spelt a letter off. */
	static const char *const like[][2] = { { "forest", "wood" },
		{ "trees", "wood" }, { "jungle", "wood" },
		{ "orchard", "wood" }, { "copse", "wood" },
		{ "ridge", "hill" }, { "rise", "hill" }, { "slope", "hill" },
		{ "stream", "river" }, { "brook", "river" },
		{ "creek", "river" }, { "water", "river" },
		{ "bridge", "ford" }, { "crossing", "ford" },
		{ "track", "road" }, { "path", "road" }, { "street", "road" },
		{ "village", "town" }, { "building", "town" },
		{ "buildings", "town" }, { "houses", "town" },
		{ "city", "town" }, { "ruins", "town" },
		{ "wall", "fortification" }, { "walls", "fortification" },
		{ "trench", "fortification" }, { "trenches", "fortification" },
		{ "fort", "fortification" }, { "earthworks", "fortification" },
		{ "field", "open" }, { "fields", "open" }, { "plain", "open" },
		{ "grass", "open" } };
	size_t i;

	for (i = 0; i < sizeof(like) / sizeof(like[0]); i++)
		if (rd_name_eq(s, like[i][0])) {
			snprintf(buf, sz, "; a %s is terrain of kind '%s'",
			    like[i][0], like[i][1]);
			return buf;
		}
	return str_did_you_mean(buf, sz, s, terrain_kind_names,
	    RS_TERRAIN__MAX);
}

const char *
rs_class_name(enum rs_class c)
{
	/* Marked for the products, which print them translated
	 * (rnd_unit_class); the reader matches them in English. */
	static const char *const n[RS_CLASS__MAX] = { N_("infantry"),
		N_("artillery"), N_("vehicle"), N_("cavalry"), N_("elephant"),
		N_("chariot") };

	return (unsigned)c < RS_CLASS__MAX ? n[c] : "?";
}

const char *
rs_terrain_kind_name(enum rs_terrain_kind k)
{
	return (unsigned)k < RS_TERRAIN__MAX ? terrain_kind_names[k] : "?";
}

/*
 * The designer's name for a kind of terrain: the first Terrain row of
 * that kind, unless it is only the kind's own word in another case
 * ("Hill" for hill): then, as without a Terrain table or a row of that
 * kind, NULL, and the products keep their own wording ("hill,
 * contours", "The hill").
 */
const char *
rs_terrain_name(const struct ruleset *rs, enum rs_terrain_kind k)
{
	size_t i;

	for (i = 0; rs != NULL && i < rs->nterrain; i++)
		if (rs->terrain[i].kind == k && rs->terrain[i].name != NULL)
			return strcasecmp(rs->terrain[i].name,
			           rs_terrain_kind_name(k)) == 0 ?
			    NULL :
			    rs->terrain[i].name;
	return NULL;
}

const char *
rs_grid_name(enum rs_grid g)
{
	/* Marked for the scenario briefing, which prints them translated. */
	return g == RS_GRID_SQUARE  ? N_("square") :
	    g == RS_GRID_HEX        ? N_("hex") :
	    g == RS_GRID_HEX_POINTY ? N_("hex-pointy") :
	                              "none";
}

void
rs_traits_format(char *buf, size_t sz, unsigned traits)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(trait_names) / sizeof(trait_names[0]); i++)
		if (traits & trait_names[i].bit) {
			n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0,
			    "%s%s", n ? ", " : "", trait_names[i].name);
			if (n >= sz)
				return;
		}
}
