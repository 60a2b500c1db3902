/*
 * i18n.c: the labels sandtable itself prints, in the ruleset's language,
 * through GNU gettext: message catalogues compiled from src/po/LL.po
 * (msgfmt, at build time) into LOCALEDIR/LL/LC_MESSAGES/sandtable.mo.
 *
 * The language is the ruleset's (lang: or --lang), not the user's locale,
 * so that a ruleset prints the same everywhere: i18n_lang() makes this
 * thread's LC_MESSAGES C.UTF-8 (uselocale) and names the language in
 * LANGUAGE, which gettext reads first whenever the messages locale is not
 * plain C; i18n_lang(NULL) puts both back. A language without a
 * catalogue prints English.
 */
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base.h"

#define I18N_DOMAIN "sandtable"

/* glibc's counter of catalogue changes: gettext caches translations, and
 * a program that changes LANGUAGE must bump it. */
extern int _nl_msg_cat_cntr;

static int bound;            /* the domain is bound to a directory */
static int active;           /* a language other than English is set */
static locale_t msgloc;      /* C.UTF-8 messages, for uselocale */
static locale_t saved;       /* the thread's locale before */
static char *saved_language; /* LANGUAGE before, or NULL */
static int had_language;
static char current[32]; /* the language set, "" for English */

/* Where the catalogues are: SANDTABLE_LOCALEDIR, else beside the binary
 * (a build directory's locale/), else the data directory's locale/ (an
 * installed tree), else the source tree's build/locale/. */
static char *
locale_dir(void)
{
	const char *env = getenv("SANDTABLE_LOCALEDIR");
	char *d, *p;

	if (env != NULL && *env != '\0')
		return xstrdup(env);
	if ((d = exe_dir()) != NULL) {
		p = xasprintf("%s/locale", d);
		free(d);
		if (path_is_dir(p))
			return p;
		free(p);
	}
	d = data_dir();
	p = xasprintf("%s/locale", d);
	if (!path_is_dir(p)) {
		free(p);
		p = xasprintf("%s/build/locale", d);
	}
	free(d);
	return p;
}

int
i18n_lang(const char *lang)
{
	char tag[32], *dir;
	size_t i;

	if (active) {
		/* Back to English and to the thread's own locale. */
		if (had_language)
			setenv("LANGUAGE", saved_language, 1);
		else
			unsetenv("LANGUAGE");
		free(saved_language);
		saved_language = NULL;
		uselocale(saved);
		active = 0;
		current[0] = '\0';
		++_nl_msg_cat_cntr;
	}
	if (lang == NULL || *lang == '\0' || strncasecmp(lang, "en", 2) == 0)
		return 0;
	if (!bound) {
		dir = locale_dir();
		bindtextdomain(I18N_DOMAIN, dir);
		bind_textdomain_codeset(I18N_DOMAIN, "UTF-8");
		free(dir);
		bound = 1;
	}
	if (msgloc == (locale_t)0 &&
	    (msgloc = newlocale(LC_MESSAGES_MASK, "C.UTF-8", (locale_t)0)) ==
	        (locale_t)0)
		return -1;
	/* de-CH: gettext's de_CH, falling back to de. */
	snprintf(tag, sizeof(tag), "%s", lang);
	for (i = 0; tag[i] != '\0'; i++)
		if (tag[i] == '-')
			tag[i] = '_';
	had_language = getenv("LANGUAGE") != NULL;
	saved_language = had_language ? xstrdup(getenv("LANGUAGE")) : NULL;
	if (strlen(tag) > 2) {
		char both[72];

		snprintf(both, sizeof(both), "%s:%.2s", tag, tag);
		setenv("LANGUAGE", both, 1);
	} else
		setenv("LANGUAGE", tag, 1);
	saved = uselocale(msgloc);
	active = 1;
	snprintf(current, sizeof(current), "%s", lang);
	++_nl_msg_cat_cntr;
	return 0;
}

const char *
i18n_text(const char *msgid)
{
	if (!active || msgid == NULL || *msgid == '\0')
		return msgid;
	return dgettext(I18N_DOMAIN, msgid);
}

const char *
i18n_current(void)
{
	return active ? current : NULL;
}

const char *
i18n_plural(const char *one, const char *many, unsigned long n)
{
	if (!active)
		return n == 1 ? one : many;
	return dngettext(I18N_DOMAIN, one, many, n);
}

int
i18n_has(const char *lang)
{
	const char *probe = "Contents";
	char was[32];
	int has;

	if (lang == NULL || strncasecmp(lang, "en", 2) == 0)
		return 1;
	snprintf(was, sizeof(was), "%s", active ? current : "");
	if (i18n_lang(lang) != 0)
		return 0;
	has = strcmp(i18n_text(probe), probe) != 0;
	i18n_lang(was);
	return has;
}
