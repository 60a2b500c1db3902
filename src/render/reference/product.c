/* reference/product.c: the quick-reference sheet's row: its command's
 * options and help, and its entry point. */
#include <stdio.h>
#include <stdlib.h>

#include "../product.h"
#include "../render.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(reference);

static const struct cli_opt reference_options[] = {
	CLI_OUTPUT("FILE", "FILE.pdf, or .png/.svg: a file a page"),
	CLI_PAPER("PAPER",
	    "A5, A4, A3, Letter, Legal, Tabloid or WxH with\n"
	    "units (default: the ruleset's paper, else the\n"
	    "template's, else the locale's, else A4)"),
	CLI_TEMPLATE("T",
	    "a template NAME (templates/NAME.yaml) or PATH\n"
	    "(default: {template})"),
	CLI_LANG("the language of the labels it prints: en, de, fr\n"
	         "(default: the ruleset's lang:, else English)"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_DUMP(struct rnd_opts, dump),
	CLI_PDFX,
	CLI_ICC,
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

const struct command reference_command = {
	.name = "reference",
	.synopsis = "reference [options] RULESET -o FILE.pdf",
	.about =
	    "A quick-reference sheet: unit and weapon tables, sequence of play,\n"
	    "terrain, modifiers and each rule's short form (its first sentence,\n"
	    "or the ruleset's '## Quick reference' section, or the blocks marked\n"
	    "<!-- quick -->), on at most two landscape sides. The text shrinks to\n"
	    "fit down to the template's minimum size (7.5 pt); what still does not\n"
	    "fit is a warning that names its source line.\n"
	    "\n",
	.opts = reference_options,
	.col = 24,
};

/* Its defaults: rnd_opts_init()'s. */
static void
own_init(void *own)
{
	rnd_opts_init(own);
}

int
product_reference(struct analysis *a, const char *path,
    const struct cli_common *c, const void *own, struct diags *d)
{
	return rnd_sheet_product(a, path, c, own, 0, d);
}

/* Its row of the product table (products.c). */
const struct product reference_product = {
	.cmd = &reference_command,
	.summary = "A quick-reference sheet: tables, sequence of play, odds.",
	.files = { "reference.pdf" },
	.tmpl = "reference",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE,
	.make = product_reference,
	.man =
	    "A landscape quick-reference sheet of at most two sides, with the\n"
	    "engine's odds;\n"
	    ".Fl -dump\n"
	    "prints the layout, one tab-separated line a page and box (kind, page,\n"
	    "x, y, width and height in millimetres, what it holds).\n",
	.own_size = sizeof(struct rnd_opts),
	.own_init = own_init,
	.dump = 1,
	.dump_off = offsetof(struct rnd_opts, dump),
	/* What it reads: the rules' text and tables, the test games (coverage). */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_PROSE | PRODUCT_READS_TESTS |
	    PRODUCT_READS_TEMPLATE | PRODUCT_READS_PICTURES |
	    PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
