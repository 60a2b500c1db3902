/*
 * symbol.c: which military map symbol a unit is drawn with when it has
 * no picture — the Symbol column's word, else a guess from keywords of
 * the unit's name and class, each a whole word or its plural. The
 * drawing is src/render/symbol.c's; the table of keywords is
 * rulesets/FORMAT.md's, "Symbols".
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

static const char *const sym_names[RS_SYM__MAX] = {
	"none",
	"infantry",
	"heavy-infantry",
	"skirmishers",
	"pike",
	"bowmen",
	"machine-gun",
	"anti-tank",
	"engineer",
	"headquarters",
	"mechanised",
	"armour",
	"recon",
	"armoured-recon",
	"cavalry",
	"heavy-cavalry",
	"chariot",
	"elephant",
	"artillery",
};

/* Other words a Symbol cell may use. */
static const struct {
	const char *word;
	enum rs_symbol sym;
} sym_alias[] = {
	{ "armor", RS_SYM_ARMOUR },
	{ "armored-recon", RS_SYM_ARMOURED_RECON },
	{ "mechanized", RS_SYM_MECHANISED },
	{ "hq", RS_SYM_HEADQUARTERS },
	{ "command", RS_SYM_HEADQUARTERS },
	{ "archers", RS_SYM_BOWMEN },
	{ "antitank", RS_SYM_ANTI_TANK },
	{ "reconnaissance", RS_SYM_RECON },
	{ "light-infantry", RS_SYM_SKIRMISHERS },
	{ "elephants", RS_SYM_ELEPHANT },
	{ "chariots", RS_SYM_CHARIOT },
};

const char *
rs_symbol_name(enum rs_symbol s)
{
	return (unsigned)s < RS_SYM__MAX ? sym_names[s] : "none";
}

int
rs_symbol_parse(const char *s, enum rs_symbol *out)
{
	size_t i;

	for (i = 0; i < RS_SYM__MAX; i++)
		if (strcasecmp(s, sym_names[i]) == 0) {
			*out = (enum rs_symbol)i;
			return 0;
		}
	for (i = 0; i < sizeof(sym_alias) / sizeof(sym_alias[0]); i++)
		if (strcasecmp(s, sym_alias[i].word) == 0) {
			*out = sym_alias[i].sym;
			return 0;
		}
	return -1;
}

const char *
rs_symbol_names(void)
{
	return "none, infantry, heavy-infantry, skirmishers, pike, bowmen, "
	       "machine-gun, anti-tank, engineer, headquarters, mechanised, "
	       "armour, recon, armoured-recon, cavalry, heavy-cavalry, chariot, "
	       "elephant, artillery";
}

/*
 * The keywords, most particular first: the first that is a word of the
 * unit's name wins, else the first that is a word of its class. A word
 * is the keyword whole or in a plural (word_end): "gun" is "Guns" but
 * not "Gunners". A keyword of two words matches them in a row.
 */
static const struct {
	const char *kw;
	enum rs_symbol sym;
} keywords[] = {
	{ "hq", RS_SYM_HEADQUARTERS },
	{ "headquarters", RS_SYM_HEADQUARTERS },
	{ "commander", RS_SYM_HEADQUARTERS },
	{ "command post", RS_SYM_HEADQUARTERS },
	{ "general", RS_SYM_HEADQUARTERS },
	{ "leader", RS_SYM_HEADQUARTERS },
	{ "staff", RS_SYM_HEADQUARTERS },
	{ "engineer", RS_SYM_ENGINEER },
	{ "sapper", RS_SYM_ENGINEER },
	{ "pioneer", RS_SYM_ENGINEER },
	{ "antitank", RS_SYM_ANTI_TANK },
	{ "anti-tank", RS_SYM_ANTI_TANK },
	{ "at gun", RS_SYM_ANTI_TANK },
	{ "bazooka", RS_SYM_ANTI_TANK },
	{ "machine gun", RS_SYM_MACHINE_GUN },
	{ "machinegun", RS_SYM_MACHINE_GUN },
	{ "mg", RS_SYM_MACHINE_GUN },
	{ "mechanised", RS_SYM_MECHANISED },
	{ "mechanized", RS_SYM_MECHANISED },
	{ "mech", RS_SYM_MECHANISED },
	{ "apc", RS_SYM_MECHANISED },
	{ "panzergrenadier", RS_SYM_MECHANISED },
	{ "scout", RS_SYM_RECON },
	{ "recon", RS_SYM_RECON },
	{ "elephant", RS_SYM_ELEPHANT },
	{ "chariot", RS_SYM_CHARIOT },
	{ "archer", RS_SYM_BOWMEN },
	{ "bowmen", RS_SYM_BOWMEN },
	{ "bow", RS_SYM_BOWMEN },
	{ "crossbow", RS_SYM_BOWMEN },
	{ "longbow", RS_SYM_BOWMEN },
	{ "skirmish", RS_SYM_SKIRMISHERS },
	{ "skirmisher", RS_SYM_SKIRMISHERS },
	{ "slinger", RS_SYM_SKIRMISHERS },
	{ "javelinmen", RS_SYM_SKIRMISHERS },
	{ "peltast", RS_SYM_SKIRMISHERS },
	{ "psiloi", RS_SYM_SKIRMISHERS },
	{ "pike", RS_SYM_PIKE },
	{ "phalanx", RS_SYM_PIKE },
	{ "spearmen", RS_SYM_PIKE },
	{ "cataphract", RS_SYM_HEAVY_CAVALRY },
	{ "knight", RS_SYM_HEAVY_CAVALRY },
	{ "lancer", RS_SYM_HEAVY_CAVALRY },
	{ "cavalry", RS_SYM_CAVALRY },
	{ "horse", RS_SYM_CAVALRY },
	{ "rider", RS_SYM_CAVALRY },
	{ "hussar", RS_SYM_CAVALRY },
	{ "dragoon", RS_SYM_CAVALRY },
	{ "camel", RS_SYM_CAVALRY },
	{ "tank", RS_SYM_ARMOUR },
	{ "armour", RS_SYM_ARMOUR },
	{ "armor", RS_SYM_ARMOUR },
	{ "panzer", RS_SYM_ARMOUR },
	{ "artillery", RS_SYM_ARTILLERY },
	{ "gun", RS_SYM_ARTILLERY },
	{ "howitzer", RS_SYM_ARTILLERY },
	{ "mortar", RS_SYM_ARTILLERY },
	{ "cannon", RS_SYM_ARTILLERY },
	{ "catapult", RS_SYM_ARTILLERY },
	{ "ballista", RS_SYM_ARTILLERY },
	{ "battery", RS_SYM_ARTILLERY },
	{ "hoplite", RS_SYM_HEAVY_INFANTRY },
	{ "legion", RS_SYM_HEAVY_INFANTRY },
	{ "legionary", RS_SYM_HEAVY_INFANTRY },
	{ "infantry", RS_SYM_INFANTRY },
	{ "foot", RS_SYM_INFANTRY },
	{ "rifle", RS_SYM_INFANTRY },
	{ "warband", RS_SYM_INFANTRY },
	{ "militia", RS_SYM_INFANTRY },
	{ "guard", RS_SYM_INFANTRY },
	{ "levy", RS_SYM_INFANTRY },
};

/* The length of the run of letters and digits at p (a byte past ASCII
 * counted a letter). */
static size_t
word_len(const char *p)
{
	size_t m;

	for (m = 0;
	     isalnum((unsigned char)p[m]) || (unsigned char)p[m] >= 0x80; m++)
		;
	return m;
}

/*
 * Whether the text at p is kw (n bytes) whole, ending a word, or a
 * plural of it: kw followed by "s", "es", "men" or "man" ("Riders",
 * "Bowmen"), or a kw ending in y with "ies" for it ("Batteries").
 */
static int
word_end(const char *p, const char *kw, size_t n)
{
	static const char *const ends[] = { "", "s", "es", "men", "man" };
	size_t i, m;

	if (strncasecmp(p, kw, n) == 0) {
		m = word_len(p + n);
		for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
			if (m == strlen(ends[i]) &&
			    strncasecmp(p + n, ends[i], m) == 0)
				return 1;
	}
	return n > 1 && tolower((unsigned char)kw[n - 1]) == 'y' &&
	    strncasecmp(p, kw, n - 1) == 0 &&
	    strncasecmp(p + n - 1, "ies", 3) == 0 && word_len(p + n + 2) == 0;
}

/* Whether kw is a word of s, or a plural of one (case aside). */
static int
has_word(const char *s, const char *kw)
{
	size_t n = strlen(kw);
	const char *p;

	for (p = s; *p != '\0'; p++)
		if ((p == s ||
		        !(isalnum((unsigned char)p[-1]) ||
		            (unsigned char)p[-1] >= 0x80)) &&
		    word_end(p, kw, n))
			return 1;
	return 0;
}

/* The first keyword's symbol that starts a word of s; -1: none. */
static int
keyword_of(const char *s)
{
	size_t i;

	for (i = 0; s != NULL && i < sizeof(keywords) / sizeof(keywords[0]);
	     i++)
		if (has_word(s, keywords[i].kw))
			return (int)keywords[i].sym;
	return -1;
}

/* Whether the unit's name or class has any of the words (NULL-ended). */
static int
says(const char *name, const char *cls, const char *const *words)
{
	for (; *words != NULL; words++)
		if (has_word(name, *words) || has_word(cls, *words))
			return 1;
	return 0;
}

enum rs_symbol
rs_symbol_guess(const struct ruleset *rs, const struct rs_unit *u)
{
	static const char *const heavy[] = { "heavy", "armoured", "armored",
		"close order", "cataphract", "knight", "lancer", NULL };
	static const char *const light[] = { "light", "open order", "skirmish",
		"skirmisher", NULL };
	static const enum rs_symbol by_class[RS_CLASS__MAX] = {
		RS_SYM_INFANTRY, RS_SYM_ARTILLERY, RS_SYM_ARMOUR,
		RS_SYM_CAVALRY, RS_SYM_ELEPHANT, RS_SYM_CHARIOT
	};
	const char *cls = rs_unit_class(rs, u);
	int s = keyword_of(u->name);
	int is_heavy = (u->traits & (RS_TRAIT_ARMOURED | RS_TRAIT_HEAVY)) ||
	    says(u->name, cls, heavy);
	int is_light = (u->traits & RS_TRAIT_LIGHT) ||
	    says(u->name, cls, light);

	if (s < 0)
		s = keyword_of(cls);
	if (s < 0)
		s = u->cls_free > 0 ?
		    RS_SYM_NONE :
		    by_class[(unsigned)u->cls < RS_CLASS__MAX ? u->cls : 0];
	/* Scouts in a vehicle are armoured reconnaissance (NATO's slash and
	 * oval); foot and horse are made heavy or light by their words. */
	if (s == RS_SYM_RECON && u->cls_free == 0 &&
	    u->cls == RS_CLASS_VEHICLE)
		s = RS_SYM_ARMOURED_RECON;
	else if (s == RS_SYM_INFANTRY && is_light)
		s = RS_SYM_SKIRMISHERS;
	else if (s == RS_SYM_INFANTRY && is_heavy)
		s = RS_SYM_HEAVY_INFANTRY;
	else if (s == RS_SYM_CAVALRY && is_heavy && !is_light &&
	    (u->traits & (RS_TRAIT_ARMOURED | RS_TRAIT_HEAVY) ||
	        !says(u->name, cls,
	            (const char *const[]){ "close order", NULL })))
		s = RS_SYM_HEAVY_CAVALRY;
	return (enum rs_symbol)s;
}
