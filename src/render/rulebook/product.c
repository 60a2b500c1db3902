/* rulebook/product.c: the row of the whole ruleset as a book: its
 * command's options and help, and its entry point. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../check/analysis.h"
#include "../product.h"
#include "../render.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(rulebook);

/* rulebook's own option. */
struct rulebook_own {
	int booklet;
	FILE *dump; /* --dump */
};

static const struct cli_opt rulebook_options[] = {
	CLI_OUTPUT("FILE",
	    "FILE.pdf (- for standard output), FILE.html\n"
	    "(one page for a browser), or .png/.svg: a\n"
	    "file a page"),
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
	CLI_PDFX,
	CLI_ICC,
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

const struct command rulebook_command = {
	.name = "rulebook",
	.synopsis = "rulebook [options] RULESET -o FILE.pdf|FILE.html",
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
    const struct cli_common *c, const void *own, struct diags *d)
{
	static const struct rulebook_own none = { 0 };
	const struct rulebook_own *my = own != NULL ? own : &none;
	struct rnd_book_opts o = { c->paper, my->booklet, NULL, 0, NULL, 0,
		c->lang, c->tmpl, my->dump, 0 };

	return rnd_rulebook_of(a, path, &o, d);
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
	.html = 1,
	.man =
	    "The whole ruleset typeset as a book: title page, contents with page\n"
	    "numbers and links, every section with its tables, hyphenated, with\n"
	    "footnotes, an index of the rule family's rule ids; running heads, page\n"
	    "numbers, a PDF outline.\n"
	    "Test games marked\n"
	    ".Ic example:\n"
	    "are played and drawn as examples of play where their rules are\n"
	    "explained; one that fails is an error and no book is written.\n"
	    ".Fl -dump\n"
	    "prints the layout as\n"
	    ".Cm reference\n"
	    "does: every page, the body's frames and the pieces of its text.\n",
	.own_size = sizeof(struct rulebook_own),
	.dump = 1,
	.dump_off = offsetof(struct rulebook_own, dump),
	/* What it reads: everything in the ruleset but where its lines stand. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_PROSE | PRODUCT_READS_TESTS |
	    PRODUCT_READS_TEMPLATE | PRODUCT_READS_PICTURES |
	    PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
