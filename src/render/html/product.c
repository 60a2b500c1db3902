/* html/product.c: the rulebook as one web page, a product of its own so
 * that build makes it beside the PDF book (rulebook.html) and --only can
 * name it: the same analysis and the same book as the rulebook product,
 * written by its HTML writer (rulebook/html.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../check/analysis.h"
#include "../product.h"
#include "../render.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(html);

static const struct cli_opt html_options[] = {
	CLI_OUTPUT("FILE", "FILE.html"),
	CLI_TEMPLATE("T",
	    "a rulebook template NAME or PATH (default:\n"
	    "{template})"),
	CLI_LANG("the language of the book's own words: en, de,\n"
	         "fr (default: the ruleset's lang:, else English)"),
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

const struct command html_command = {
	.name = "html",
	.synopsis = "html [options] RULESET -o FILE.html",
	.about =
	    "The rulebook as one self-contained web page: the same sections,\n"
	    "tables and examples of play as the PDF book (rulebook -o FILE.html\n"
	    "writes the same), the examples and odds as inline SVG, pictures\n"
	    "inlined, the contents as links; readable on a phone, printable from\n"
	    "the browser, with no request to another site.\n"
	    "\n",
	.opts = html_options,
	.col = 24,
};

int
product_html(struct analysis *a, const char *path, const struct cli_common *c,
    const void *own, struct diags *d)
{
	struct rnd_book_opts o = { NULL, 0, NULL, 0, NULL, 0, c->lang, c->tmpl,
		NULL, 1 };

	(void)own;
	return rnd_rulebook_of(a, path, &o, d);
}

/* Its row of the product table (products.c). */
const struct product html_product = {
	.cmd = &html_command,
	.summary = "The rulebook as one web page, for a browser or a phone.",
	.files = { "rulebook.html" },
	.tmpl = "rulebook",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE,
	.make = product_html,
	.man =
	    "The rulebook as one self-contained HTML page: the prose through\n"
	    "cmark-gfm's HTML writer, the tables, the examples of play and odds\n"
	    "panels as inline SVG drawn by the book's own code, pictures inlined,\n"
	    "the contents as anchors,\n"
	    ".Li lang\n"
	    "set; no external requests.\n",
	.ext = "html",
	.html = 1,
	/* What it reads: the rulebook's parts but the paper. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_PROSE | PRODUCT_READS_TESTS |
	    PRODUCT_READS_TEMPLATE | PRODUCT_READS_PICTURES |
	    PRODUCT_READS_LANG,
};
