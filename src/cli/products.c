/*
 * products.c: the table of products. Everything that lists the products
 * follows it: `sandtable build` makes them in this order and names them
 * in index.json, --help lists them with their summaries, `sandtable
 * help NAME` and NAME itself find their command, and the bash completion
 * asks `sandtable --commands`.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Each product's file, cmd_NAME.c, defines its command (NAME_command)
 * and its entry point for build (product_NAME); PRODUCT_OF (cli.h)
 * declares both, here and in that file, so that the compiler holds the
 * definition to the one signature. */
PRODUCT_OF(reference);
PRODUCT_OF(cards);
PRODUCT_OF(map);
PRODUCT_OF(scenario);
PRODUCT_OF(bases);
PRODUCT_OF(report);
PRODUCT_OF(rulebook);

/*
 * A seventh product touches:
 *   src/cli/cmd_NAME.c  PRODUCT_OF(NAME); its command, NAME_command
 *                       (its table of options, help, run),
 *                       and its entry point, product_NAME, which takes
 *                       build's common options (struct cli_common);
 *   this file           its PRODUCT_OF line above and its row below.
 * That is all the code: build makes it and lists it in index.json,
 * --help, --commands, --products and --options list it, the completion
 * offers it. Its documentation is checked against this table by
 * tests/check/products.sh, which fails until src/cli/sandtable.1 has its
 * entry under Products and its files in the entry of build, and by
 * tests/check/cli_scheme.sh, until that entry and the completion name
 * each of its options.
 *
 * The order is build's, and so index.json's and --help's.
 */
const struct product products[] = {
	{ &reference_command,
	    "A quick-reference sheet: tables, sequence of play, odds.",
	    { "reference.pdf" }, "reference", PRODUCT_RULESET, PRODUCT_ENGINE,
	    product_reference },
	{ &cards_command,
	    "One card per unit type, n-up on the sheet with crop marks.",
	    { "cards.pdf" }, "unit-cards", PRODUCT_RULESET, PRODUCT_ENGINE,
	    product_cards },
	{ &map_command,
	    "A battle map at true scale: PDF tiles, or PNG and SVG.",
	    { "map.pdf" }, "battle-map", 0, PRODUCT_RULESET | PRODUCT_SCENARIO,
	    product_map },
	{ &scenario_command,
	    "A scenario balanced by test games: briefing PDF and YAML.",
	    { "scenario.pdf", "scenario.yaml" }, "scenario-briefing",
	    PRODUCT_RULESET,
	    PRODUCT_ENGINE | PRODUCT_SELFPLAY | PRODUCT_SCENARIO,
	    product_scenario },
	{ &bases_command,
	    "Base templates, range rulers and markers at true scale.",
	    { "bases.pdf" }, "bases", PRODUCT_RULESET, PRODUCT_ENGINE,
	    product_bases },
	{ &report_command,
	    "The validation report: findings, win rates, odds, coverage.",
	    { "report.pdf" }, "report", PRODUCT_RULESET,
	    PRODUCT_ENGINE | PRODUCT_SELFPLAY, product_report },
	{ &rulebook_command,
	    "The whole ruleset as a book: contents, sections, index.",
	    { "rulebook.pdf" }, "rulebook", PRODUCT_RULESET, PRODUCT_ENGINE,
	    product_rulebook },
	{ NULL, NULL, { NULL }, NULL, 0, 0, NULL },
};

const struct product *
product_find(const char *name)
{
	const struct product *p;

	for (p = products; p->cmd != NULL; p++)
		if (strcmp(p->cmd->name, name) == 0)
			return p;
	return NULL;
}

/* --lang TAG, when given (cli_lang_opt). */
static char *lang_opt;

int
cli_lang_opt(const char *cmd, const char *arg)
{
	size_t n = strlen(arg);

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
	const struct product *p;
	size_t i;

	for (p = products; p->cmd != NULL; p++) {
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
