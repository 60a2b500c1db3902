/* cmd_rulebook.c: sandtable rulebook — the whole ruleset as a book. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../check/analysis.h"
#include "../render/render.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(rulebook);

static int
book_write(struct analysis *a, const char *path, const char *paper,
    int booklet, const char *lang, const char *tmpl, FILE *dump)
{
	struct rnd_book_opts o = { paper, booklet, NULL, 0, NULL, 0, lang,
		tmpl, dump };
	struct diags d = { 0 };
	int rc;

	rc = rnd_rulebook_of(a, path, &o, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	return rc;
}

/* rulebook's own option. */
struct rulebook_own {
	int booklet;
	FILE *dump; /* --dump */
};

static const struct cli_opt rulebook_options[] = {
	CLI_OUTPUT("FILE",
	    "FILE.pdf (- for standard output), or\n"
	    ".png/.svg: a file a page"),
	CLI_PAPER("PAPER",
	    "A4, Letter, A5, … (default: the ruleset's,\n"
	    "else PAPERSIZE or /etc/papersize, else the\n"
	    "locale's)"),
	CLI_TEMPLATE("T", "a template NAME or PATH (default: {template})"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_LANG("the language of the book's own words and of\n"
	         "its hyphenation: en, de, fr (default: the\n"
	         "ruleset's lang:, else English)"),
	CLI_SET("booklet", 0, struct rulebook_own, booklet,
	    "a booklet: pages half the paper (A5 on A4,\n"
	    "half-letter on Letter), two up on each\n"
	    "landscape side in saddle-stitch order, padded\n"
	    "with blank pages to a multiple of four: print\n"
	    "both sides (flip on the short edge), fold, staple"),
	CLI_DUMP(struct rulebook_own, dump),
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_rulebook(int argc, char **argv)
{
	struct rulebook_own own = { 0 };
	struct cli_common c;
	const char *out;
	struct analysis *a;
	struct ruleset *rs;
	char *path;
	int worst, rc;

	if ((rc = cli_parse(&rulebook_command, argc, argv, &c, &own)) !=
	    CLI_GO)
		return rc;
	out = c.output;
	if (optind >= argc)
		return usage_error("rulebook", "no ruleset given");
	if (optind + 1 < argc)
		return usage_error("rulebook", "one ruleset at a time");
	if (out == NULL)
		return usage_error("rulebook", "no output file (-o FILE.pdf)");
	if (CLI_IS_STDOUT(out) && own.dump != NULL)
		return usage_error("rulebook",
		    "--dump prints to standard output: -o - cannot be used "
		    "with it");
	rnd_fonts_warm();
	if ((rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	cli_lang_use(rs);
	if (cli_output_check(out, CLI_PDF) == -1 ||
	    (path = cli_out_begin(out, "pdf")) == NULL) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	/* The analysis build would share, made the same way. */
	a = ana_new(rs, -1, 0);
	rc = book_write(a, path, c.paper, own.booklet, cli_lang_tag(rs),
	    c.tmpl, own.dump);
	ana_free(a);
	if (cli_out_end(out, path, rc == 0) != 0)
		rc = -1;
	/* --dump's lines are the output: nothing else on stdout. */
	if (rc == 0 && !c.quiet && own.dump == NULL && !CLI_IS_STDOUT(out))
		printf("%s: wrote %s\n", rs->path, rnd_written(out));
	rs_free(rs);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}

const struct command rulebook_command = {
	.name = "rulebook",
	.run = cmd_rulebook,
	.synopsis = "rulebook [options] RULESET -o FILE.pdf",
	.about =
	    "The whole ruleset typeset as a book to read and print: a title page\n"
	    "(title, author, year, version), the contents with page numbers\n"
	    "(each a link), every section of the ruleset in order with its\n"
	    "tables, at one size to read, hyphenated in the ruleset's lang: —\n"
	    "headings kept with what follows, no widows or orphans, footnotes at\n"
	    "the end of their section — and an index of the rule family's rule\n"
	    "ids by the section that states each. The test games marked example:\n"
	    "are played and drawn as examples of play where their rules are\n"
	    "explained (a diagram, the dice, the rules applied, the exact odds);\n"
	    "one that fails is an error and no book is written. Running heads,\n"
	    "page numbers and a PDF outline.\n"
	    "\n",
	.opts = rulebook_options,
	.col = 24,
};

int
product_rulebook(struct analysis *a, const char *path,
    const struct cli_common *c)
{
	return book_write(a, path, c->paper, 0, cli_lang_tag(a->rs), c->tmpl,
	    NULL);
}

/* Its row of the product table (products.c). */
const struct product rulebook_product = {
	.cmd = &rulebook_command,
	.summary = "The whole ruleset as a book: contents, sections, index.",
	.files = { "rulebook.pdf" },
	.tmpl = "rulebook",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE,
	.make = product_rulebook,
};
