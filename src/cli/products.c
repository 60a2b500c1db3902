/*
 * products.c: what the CLI does with the table of products
 * (src/render/products.c): --lang, --products, the man page's entries
 * (--man-products), and which of the files given are rulesets.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "../render/render.h"

/* --lang TAG, when given (cli_lang_opt). */
static char *lang_opt;

int
cli_lang_opt(const char *cmd, const char *arg)
{
	size_t n = strlen(arg);
	char hint[64];

	if (strspn(arg,
	        "abcdefghijklmnopqrstuvwxyz"
	        "ABCDEFGHIJKLMNOPQRSTUVWXYZ-_") != n ||
	    n < 2 || n > 15) {
		usage_error(cmd,
		    "--lang %s: a language tag such as en, de or "
		    "fr-CH",
		    arg);
		return -1;
	}
	/* What lang: takes, as lang: says it (front.c). */
	if (!rs_lang_known(arg, hint, sizeof(hint))) {
		usage_error(cmd,
		    "--lang %s: not a language of ISO 639-1 (a code of two "
		    "letters: en, de, fr \xe2\x80\xa6; then a region if need "
		    "be: en-GB)%s",
		    arg, hint);
		return -1;
	}
	free(lang_opt);
	lang_opt = xstrdup(arg);
	return 0;
}

const char *
cli_lang_tag(const struct ruleset *rs)
{
	if (lang_opt != NULL)
		return lang_opt;
	return rs != NULL ? rs->lang : NULL;
}

/* The note is given once a language: build sets it for every ruleset. */
void
cli_lang_use(const struct ruleset *rs)
{
	static char noted[16];
	const char *tag = cli_lang_tag(rs);

	if (tag != NULL && !i18n_has(tag) && strcmp(noted, tag) != 0) {
		cli_error("note: %s %s: no translation of sandtable's labels "
		          "into this language; they are printed in English",
		    lang_opt != NULL ? "--lang" : "lang:", tag);
		snprintf(noted, sizeof(noted), "%s", tag);
	}
	i18n_lang(tag);
	/* The products say the ruleset's words in its language (labels
	 * may follow --lang). */
	rnd_doc_set_lang(rs != NULL ? rs->lang : NULL);
}

/* Print the names of the bits of a needs or uses set, or "-". */
static void
print_needs(FILE *fp, unsigned set)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {
		{ PRODUCT_RULESET, "ruleset" },
		{ PRODUCT_ENGINE, "engine" },
		{ PRODUCT_SELFPLAY, "self-play" },
		{ PRODUCT_SCENARIO, "scenario" },
	};
	size_t i;
	int n = 0;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (set & names[i].bit)
			fprintf(fp, "%s%s", n++ ? "," : "", names[i].name);
	if (n == 0)
		fputc('-', fp);
}

void
products_list(FILE *fp)
{
	const struct product *const *pp, *p;
	size_t i;

	for (pp = products; (p = *pp) != NULL; pp++) {
		fprintf(fp, "%s\t", p->cmd->name);
		for (i = 0; i < PRODUCT_MAX_FILES && p->files[i] != NULL; i++)
			fprintf(fp, "%s%s", i > 0 ? " " : "", p->files[i]);
		fputc('\t', fp);
		print_needs(fp, p->needs);
		fputc('\t', fp);
		print_needs(fp, p->uses);
		fprintf(fp, "\t%s\n", p->summary);
	}
}

/* The name of an option's value in the man page: the common options'
 * own words, else the help's in lower case, or the option's name for a
 * one-letter one (--points P: points). */
static void
man_arg(FILE *fp, const struct cli_opt *o)
{
	const char *s;

	switch (o->kind) {
	case OPT_PAPER:
		fputs(" Ar paper", fp);
		return;
	case OPT_TEMPLATE:
		fputs(" Ar template", fp);
		return;
	case OPT_LANG:
		fputs(" Ar tag", fp);
		return;
	case OPT_JOBS:
		fputs(" Ar jobs", fp);
		return;
	case OPT_SEED:
		fputs(" Ar seed", fp);
		return;
	case OPT_GAMES:
		fputs(" Ar games", fp);
		return;
	case OPT_ICC:
		fputs(" Ar file", fp);
		return;
	case OPT_OUTPUT:
	case OPT_PDFX:
	case OPT_PRINT_TEMPLATE:
	case OPT_QUIET:
	case OPT_VERBOSE:
	case OPT_HELP:
	case OPT_JSON:
	case OPT_STR:
	case OPT_SET:
	case OPT_UNSET:
	case OPT_NO_CACHE:
	case OPT_FN:
		break;
	}
	if (o->arg == NULL)
		return;
	if (o->arg[0] != '\0' && o->arg[1] == '\0') {
		fprintf(fp, " Ar %s", o->name);
		return;
	}
	fputs(" Ar ", fp);
	for (s = o->arg; *s != '\0'; s++)
		fputc(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s, fp);
}

/* The synopsis of a product's entry: ".It Cm NAME", its options in the
 * table's order, -q | v | h, -o and the ruleset as its synopsis has it
 * ("[RULESET]": it may be left out). */
static void
man_synopsis(FILE *fp, const struct command *c, const char *ext)
{
	const struct cli_opt *o;
	const char *out = strstr(c->synopsis, "-o FILE");
	size_t n;

	fprintf(fp, ".It Cm %s", c->name);
	for (o = c->opts; o->name != NULL; o++) {
		if (o->kind == OPT_OUTPUT || o->kind == OPT_QUIET ||
		    o->kind == OPT_VERBOSE || o->kind == OPT_HELP)
			continue;
		if (o->letter != 0)
			fprintf(fp, " Oo Fl %c", o->letter);
		else
			fprintf(fp, " Oo Fl -%s", o->name);
		man_arg(fp, o);
		fputs(" Oc", fp);
	}
	fputs(" Oo Fl q | v | h Oc", fp);
	/* -o FILE.pdf|.png|.svg as the synopsis says, else FILE.EXT. */
	if (out != NULL) {
		out += strlen("-o ");
		n = strcspn(out, " \n");
		fputs(" Fl o Ar ", fp);
		for (; n > 0; n--, out++)
			fputc(*out >= 'A' && *out <= 'Z' ? *out - 'A' + 'a' :
			                                   *out,
			    fp);
	} else
		fprintf(fp, " Fl o Ar file.%s", ext);
	fputs(strstr(c->synopsis, "[RULESET]") != NULL ? " Op Ar ruleset\n" :
	                                                 " Ar ruleset\n",
	    fp);
}

void
products_man(FILE *fp)
{
	const struct product *const *pp, *p;
	size_t i, n;

	for (pp = products; (p = *pp) != NULL; pp++) {
		man_synopsis(fp, p->cmd, p->ext != NULL ? p->ext : "pdf");
		if (p->man != NULL)
			fputs(p->man, fp);
		else
			fprintf(fp, "%s\n", p->summary);
		for (n = 0; n < PRODUCT_MAX_FILES && p->files[n] != NULL; n++)
			;
		fputs("In a build:\n", fp);
		for (i = 0; i < n; i++)
			fprintf(fp, "%s.Pa %s%s\n", i > 0 ? "and\n" : "",
			    p->files[i],
			    i + 1 < n                ? "" :
			        p->man_build != NULL ? " ," :
			                               " .");
		if (p->man_build != NULL)
			fputs(p->man_build, fp);
	}
}

/* Whether the file begins with a front matter ("---" on the first line,
 * after a byte-order mark): a ruleset. */
int
cli_has_front_matter(const char *path)
{
	unsigned char b[8];
	size_t n = 0, o = 0;
	struct stat st;
	ssize_t got;
	int fd;

	/* Only a regular file is looked into (a named pipe would hold
	 * open() until a writer came); the reader says why another cannot
	 * be read. */
	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode) ||
	    (fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1)
		return 1;
	while (n < sizeof(b) &&
	    ((got = read(fd, b + n, sizeof(b) - n)) > 0 ||
	        (got == -1 && errno == EINTR)))
		if (got > 0)
			n += (size_t)got;
	close(fd);
	if (n >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
		o = 3;
	return n >= o + 4 && memcmp(b + o, "---", 3) == 0 &&
	    (b[o + 3] == '\n' || b[o + 3] == '\r');
}

/*
 * Of several files given (rulesets/\*.md, say), those that are not
 * rulesets — Markdown without a front matter, like rulesets/FORMAT.md —
 * are left out with a note; one file alone is read whatever it is, so
 * that its error says why. Returns how many are kept in files.
 */
size_t
cli_rulesets_only(char **files, size_t n, int quiet, const char *what)
{
	size_t i, k = 0;

	if (n < 2)
		return n;
	for (i = 0; i < n; i++)
		if (cli_has_front_matter(files[i]))
			files[k++] = files[i];
		else if (!quiet)
			cli_error("note: %s: not a ruleset (no front matter): "
			          "left out of %s",
			    files[i], what);
	return k;
}
