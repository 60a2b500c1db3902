/*
 * lang.c: the words a ruleset written in German or French (lang: de or
 * fr in its front matter) gives for what the reader looks for — section
 * headings, table columns, unit classes and kinds of terrain — as the
 * English words the reader matches. A ruleset in another language, or
 * none, is read in English only. The messages stay English.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

struct word {
	const char *lang; /* "de" or "fr" */
	const char *own;  /* the word as the writer gives it */
	const char *en;   /* the reader's word */
};

/* The level-2 headings of the sections the reader reads. */
static const struct word headings[] = {
	{ "de", "Einheiten", "Units" },
	{ "de", "Einheitentypen", "Units" },
	{ "de", "Truppen", "Units" },
	{ "de", "Waffen", "Weapons" },
	{ "de", "Reichweiten", "Weapons" },
	{ "de", "Gel\xc3\xa4nde", "Terrain" },
	{ "de", "Gelaende", "Terrain" },
	{ "de", "Messlehren", "Gauges" },
	{ "de", "Marker", "Markers" },
	{ "de", "Spielablauf", "Sequence of play" },
	{ "de", "Zugfolge", "Sequence of play" },
	{ "de", "Moralmodifikatoren", "Morale modifiers" },
	{ "de", "Nahkampfmodifikatoren", "Melee modifiers" },
	{ "de", "Feuermodifikatoren", "Fire modifiers" },
	{ "de", "Nahkampfkraftmodifikatoren", "Melee power modifiers" },
	{ "de", "Testspiele", "Test games" },
	/* The sections the rule families' rules are stated in. */
	{ "de", "Bewegung", "Movement" },
	{ "de", "Feuer", "Fire" },
	{ "de", "Nahkampf", "Melee" },
	{ "de", "Moral", "Morale" },
	{ "de", "Fahrzeuge", "Vehicles" },
	{ "de", "Sonderregeln", "Special rules" },
	{ "de", "Ende der Schlacht", "End of the battle" },
	{ "de", "Klarstellungen", "Clarifications" },
	{ "de", "Spiel auf dem Raster", "Playing on a grid" },
	{ "fr", "Unit\xc3\xa9s", "Units" },
	{ "fr", "Unites", "Units" },
	{ "fr", "Troupes", "Units" },
	{ "fr", "Armes", "Weapons" },
	{ "fr", "Port\xc3\xa9\x65s", "Weapons" },
	{ "fr", "Terrain", "Terrain" },
	{ "fr", "Terrains", "Terrain" },
	{ "fr", "Gabarits", "Gauges" },
	{ "fr", "Marqueurs", "Markers" },
	{ "fr", "S\xc3\xa9quence de jeu", "Sequence of play" },
	{ "fr", "Sequence de jeu", "Sequence of play" },
	{ "fr", "Tour de jeu", "Sequence of play" },
	{ "fr", "Modificateurs de moral", "Morale modifiers" },
	{ "fr", "Modificateurs de m\xc3\xaal\xc3\xa9\x65", "Melee modifiers" },
	{ "fr", "Modificateurs de tir", "Fire modifiers" },
	{ "fr", "Modificateurs de puissance de m\xc3\xaal\xc3\xa9\x65",
	    "Melee power modifiers" },
	{ "fr", "Parties de test", "Test games" },
	{ "fr", "Mouvement", "Movement" },
	{ "fr", "Tir", "Fire" },
	{ "fr", "M\xc3\xaal\xc3\xa9\x65", "Melee" },
	{ "fr", "Moral", "Morale" },
	{ "fr", "V\xc3\xa9hicules", "Vehicles" },
	{ "fr", "R\xc3\xa8gles sp\xc3\xa9\x63iales", "Special rules" },
	{ "fr", "Fin de la bataille", "End of the battle" },
	{ "fr", "Pr\xc3\xa9\x63isions", "Clarifications" },
	{ "fr", "Jeu sur grille", "Playing on a grid" },
};

/* The columns of the Units, Weapons, Terrain, Gauges, Markers and
 * modifier tables. */
static const struct word columns[] = {
	{ "de", "Einheit", "Unit" },
	{ "de", "Name", "Name" },
	{ "de", "Klasse", "Class" },
	{ "de", "Typ", "Type" },
	{ "de", "Bewegung", "Move" },
	{ "de", "Stra\xc3\x9f\x65nbewegung", "Road move" },
	{ "de", "Strasse", "Road" },
	{ "de", "Stra\xc3\x9f\x65", "Road" },
	{ "de", "Nahkampf", "Melee" },
	{ "de", "Nahkampfkraft", "Melee power" },
	{ "de", "Moral", "Morale" },
	{ "de", "Feuerw\xc3\xbcrfel", "Fire dice" },
	{ "de", "Nahkampfw\xc3\xbcrfel", "Melee dice" },
	{ "de", "Waffen", "Weapons" },
	{ "de", "Waffe", "Weapon" },
	{ "de", "Base", "Base" },
	{ "de", "Eigenschaften", "Traits" },
	{ "de", "Anmerkungen", "Notes" },
	{ "de", "Bild", "Image" },
	{ "de", "Symbol", "Symbol" },
	{ "de", "Reichweite", "Range" },
	{ "de", "Trifft bei", "Hits on" },
	{ "de", "Vernichtet", "Destroys" },
	{ "de", "Gel\xc3\xa4nde", "Terrain" },
	{ "de", "Art", "Kind" },
	{ "de", "Wirkung", "Effect" },
	{ "de", "Messlehre", "Gauge" },
	{ "de", "L\xc3\xa4nge", "Length" },
	{ "de", "Marker", "Marker" },
	{ "de", "Farbe", "Colour" },
	{ "de", "Modifikator", "Modifier" },
	{ "de", "Lage", "Situation" },
	{ "de", "Schl\xc3\xbcssel", "Key" },
	{ "de", "Wert", "Value" },
	{ "fr", "Unit\xc3\xa9", "Unit" },
	{ "fr", "Nom", "Name" },
	{ "fr", "Classe", "Class" },
	{ "fr", "Type", "Type" },
	{ "fr", "Mouvement", "Move" },
	{ "fr", "Mouvement sur route", "Road move" },
	{ "fr", "Route", "Road" },
	{ "fr", "M\xc3\xaal\xc3\xa9\x65", "Melee" },
	{ "fr", "Puissance de m\xc3\xaal\xc3\xa9\x65", "Melee power" },
	{ "fr", "Moral", "Morale" },
	{ "fr", "D\xc3\xa9s de tir", "Fire dice" },
	{ "fr", "D\xc3\xa9s de m\xc3\xaal\xc3\xa9\x65", "Melee dice" },
	{ "fr", "Armes", "Weapons" },
	{ "fr", "Arme", "Weapon" },
	{ "fr", "Socle", "Base" },
	{ "fr", "Traits", "Traits" },
	{ "fr", "Notes", "Notes" },
	{ "fr", "Image", "Image" },
	{ "fr", "Symbole", "Symbol" },
	{ "fr", "Port\xc3\xa9\x65", "Range" },
	{ "fr", "Touche sur", "Hits on" },
	{ "fr", "D\xc3\xa9truit", "Destroys" },
	{ "fr", "Terrain", "Terrain" },
	{ "fr", "Nature", "Kind" },
	{ "fr", "Effet", "Effect" },
	{ "fr", "Gabarit", "Gauge" },
	{ "fr", "Longueur", "Length" },
	{ "fr", "Marqueur", "Marker" },
	{ "fr", "Couleur", "Colour" },
	{ "fr", "Modificateur", "Modifier" },
	{ "fr", "Situation", "Situation" },
	{ "fr", "Cl\xc3\xa9", "Key" },
	{ "fr", "Valeur", "Value" },
};

/* The words of the Class and Kind columns (and of Destroys). */
static const struct word values[] = {
	{ "de", "Infanterie", "infantry" },
	{ "de", "Artillerie", "artillery" },
	{ "de", "Fahrzeug", "vehicle" },
	{ "de", "Kavallerie", "cavalry" },
	{ "de", "Elefant", "elephant" },
	{ "de", "Streitwagen", "chariot" },
	{ "de", "alle", "all" },
	{ "de", "offen", "open" },
	{ "de", "H\xc3\xbcgel", "hill" },
	{ "de", "Wald", "wood" },
	{ "de", "Fluss", "river" },
	{ "de", "Furt", "ford" },
	{ "de", "Stra\xc3\x9f\x65", "road" },
	{ "de", "Ortschaft", "town" },
	{ "de", "Befestigung", "fortification" },
	{ "fr", "infanterie", "infantry" },
	{ "fr", "artillerie", "artillery" },
	{ "fr", "v\xc3\xa9hicule", "vehicle" },
	{ "fr", "cavalerie", "cavalry" },
	{ "fr", "\xc3\xa9l\xc3\xa9phant", "elephant" },
	{ "fr", "char", "chariot" },
	{ "fr", "toutes", "all" },
	{ "fr", "d\xc3\xa9\x63ouvert", "open" },
	{ "fr", "colline", "hill" },
	{ "fr", "bois", "wood" },
	{ "fr", "rivi\xc3\xa8re", "river" },
	{ "fr", "gu\xc3\xa9", "ford" },
	{ "fr", "route", "road" },
	{ "fr", "village", "town" },
	{ "fr", "fortification", "fortification" },
};

/* The English for s among n words of lang, else s itself. */
static const char *
look(const struct word *w, size_t n, const char *lang, const char *s)
{
	size_t i;

	if (lang == NULL || s == NULL || strlen(lang) < 2)
		return s;
	for (i = 0; i < n; i++)
		if (strncasecmp(lang, w[i].lang, 2) == 0 &&
		    (lang[2] == '\0' || lang[2] == '-' || lang[2] == '_') &&
		    rd_name_eq(s, w[i].own))
			return w[i].en;
	return s;
}

const char *
rs_heading_en(const char *lang, const char *title)
{
	return look(headings, sizeof(headings) / sizeof(headings[0]), lang,
	    title);
}

int
rs_heading_eq(const char *lang, const char *a, const char *b)
{
	return rd_name_eq(rs_heading_en(lang, a), rs_heading_en(lang, b));
}

const char *
rd_column_en(const char *lang, const char *head)
{
	return look(columns, sizeof(columns) / sizeof(columns[0]), lang, head);
}

const char *
rd_column_own(const char *lang, const char *en)
{
	size_t i;

	if (lang == NULL || strlen(lang) < 2 ||
	    strncasecmp(lang, "en", 2) == 0)
		return NULL;
	for (i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
		if (strncasecmp(lang, columns[i].lang, 2) == 0 &&
		    (lang[2] == '\0' || lang[2] == '-' || lang[2] == '_') &&
		    strcmp(columns[i].en, en) == 0)
			return rd_name_eq(columns[i].own, en) ? NULL :
			                                        columns[i].own;
	return NULL;
}

char *
rd_columns_said(const char *lang, const char *const *cols)
{
	char *s = xstrdup(""), *t;
	const char *own;
	size_t i, n = 0;

	while (cols[n] != NULL)
		n++;
	for (i = 0; i < n; i++) {
		own = rd_column_own(lang, cols[i]);
		t = xasprintf("%s%s%s%s%s%s", s,
		    i == 0         ? "" :
		        i + 1 == n ? " and " :
		                     ", ",
		    cols[i], own != NULL ? " (" : "", own != NULL ? own : "",
		    own != NULL ? ")" : "");
		free(s);
		s = t;
	}
	return s;
}

const char *
rd_value_en(const char *lang, const char *word)
{
	return look(values, sizeof(values) / sizeof(values[0]), lang, word);
}

/* ---- the language's code ---- */

/* The 184 two-letter codes of ISO 639-1. */
static const char *const iso639[] = { "aa", "ab", "ae", "af", "ak", "am", "an",
	"ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm", "bn",
	"bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy",
	"da", "de", "dv", "dz", "ee", "el", "en", "eo", "es", "et", "eu", "fa",
	"ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu", "gv",
	"ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia", "id", "ie",
	"ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki",
	"kj", "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky",
	"la", "lb", "lg", "li", "ln", "lo", "lt", "lu", "lv", "mg", "mh", "mi",
	"mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd", "ne", "ng",
	"nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa",
	"pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc",
	"sd", "se", "sg", "si", "sk", "sl", "sm", "sn", "so", "sq", "sr", "ss",
	"st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti", "tk", "tl", "tn",
	"to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi",
	"vo", "wa", "wo", "xh", "yi", "yo", "za", "zh", "zu" };

/* What a writer gives for a language instead of its code: its name, its
 * three-letter code, or a country's code. */
static const struct word misnamed[] = { { "en", "english", NULL },
	{ "en", "eng", NULL }, { "en", "us", NULL }, { "en", "gb", NULL },
	{ "de", "german", NULL }, { "de", "deutsch", NULL },
	{ "de", "deu", NULL }, { "de", "ger", NULL }, { "fr", "french", NULL },
	{ "fr", "francais", NULL }, { "fr", "fran\xc3\xa7\x61is", NULL },
	{ "fr", "fra", NULL }, { "fr", "fre", NULL },
	{ "es", "spanish", NULL }, { "es", "espanol", NULL },
	{ "es", "spa", NULL }, { "it", "italian", NULL },
	{ "it", "italiano", NULL }, { "it", "ita", NULL },
	{ "nl", "dutch", NULL }, { "nl", "nederlands", NULL },
	{ "nl", "nld", NULL }, { "nl", "dut", NULL },
	{ "pt", "portuguese", NULL }, { "pt", "por", NULL },
	{ "pl", "polish", NULL }, { "pl", "pol", NULL },
	{ "ru", "russian", NULL }, { "ru", "rus", NULL },
	{ "ja", "japanese", NULL }, { "ja", "jpn", NULL },
	{ "ja", "jp", NULL }, { "zh", "chinese", NULL }, { "zh", "zho", NULL },
	{ "zh", "chi", NULL }, { "zh", "cn", NULL }, { "sv", "swedish", NULL },
	{ "sv", "swe", NULL }, { "da", "danish", NULL }, { "da", "dan", NULL },
	{ "da", "dk", NULL }, { "el", "greek", NULL }, { "el", "gr", NULL },
	{ "cs", "czech", NULL }, { "cs", "cz", NULL },
	{ "fi", "finnish", NULL }, { "no", "norwegian", NULL } };

/*
 * Whether the language of tag (en, en-GB, fr_CH, es-419: its letters up
 * to the first '-' or '_') is a code of ISO 639-1. When it is not, hint
 * gets "; did you mean 'de'?" for a language's name, its three-letter
 * code or a code a letter off, or "".
 */
int
rd_lang_known(const char *tag, char *hint, size_t sz)
{
	char lang[16];
	size_t i, n = strcspn(tag, "-_");

	if (sz > 0)
		hint[0] = '\0';
	if (n >= sizeof(lang))
		n = sizeof(lang) - 1;
	memcpy(lang, tag, n);
	lang[n] = '\0';
	for (i = 0; i < sizeof(iso639) / sizeof(iso639[0]); i++)
		if (strcasecmp(iso639[i], lang) == 0)
			return 1;
	for (i = 0; i < sizeof(misnamed) / sizeof(misnamed[0]); i++)
		if (strcasecmp(misnamed[i].own, lang) == 0) {
			snprintf(hint, sz, "; did you mean '%s'?",
			    misnamed[i].lang);
			return 0;
		}
	/* A two-letter code a letter off is as near most others: no hint. */
	if (n > 2)
		str_did_you_mean(hint, sz, lang, iso639,
		    sizeof(iso639) / sizeof(iso639[0]));
	return 0;
}

int
rs_lang_known(const char *tag, char *hint, size_t sz)
{
	return rd_lang_known(tag, hint, sz);
}
