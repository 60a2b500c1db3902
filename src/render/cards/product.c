/* cards/product.c: the unit cards' row: its command's options (as
 * data, with their checks) and help, and its entry point. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../product.h"
#include "../render.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(cards);

/* A length option ("none" and "1/8in" allowed); returns 0 or -1. */
static int
len_parse_opt(const char *s, double *mm)
{
	const char *why;

	if (strcmp(s, "none") == 0 || strcmp(s, "0") == 0) {
		*mm = 0;
		return 0;
	}
	if (strcmp(s, "1/8in") == 0 || strcmp(s, "1/8\"") == 0) {
		*mm = 25.4 / 8;
		return 0;
	}
	return len_parse(s, LEN_NONE, mm, &why) == 0 && *mm >= 0 ? 0 : -1;
}

/* --bleed, --crop-length, --crop-offset: a length from 0 to the row's hi
 * millimetres (the bleed's limit is the option's, the crop marks' the
 * template's), into the double at the row's off. */
static int
len_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	double mm;

	if (len_parse_opt(arg, &mm) == -1) {
		snprintf(why, CLI_WHY_MAX,
		    "--%s '%s': not a length with a unit (3mm, 0.125in, "
		    "1/8in, none)",
		    row->name, arg);
		return EXIT_USAGE;
	}
	if (mm > (double)row->hi) {
		snprintf(why, CLI_WHY_MAX, "--%s %s: from 0 to %lld mm",
		    row->name, arg, row->hi);
		return EXIT_USAGE;
	}
	memcpy((char *)own + row->off, &mm, sizeof(mm));
	return CLI_GO;
}

/* --card: a known name or WxH with units. */
static int
card_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	const struct rnd_card_size *c;
	const char *bad;
	double w, h;

	for (c = rnd_card_sizes; c->name != NULL; c++)
		if (strcasecmp(c->name, arg) == 0)
			break;
	if (c->name == NULL && len_parse_pair(arg, LEN_NONE, &w, &h, &bad)) {
		snprintf(why, CLI_WHY_MAX,
		    "--card %s: use poker, bridge, tarot, mini, index or WxH "
		    "with units",
		    arg);
		return EXIT_USAGE;
	}
	memcpy((char *)own + row->off, &arg, sizeof(arg));
	return CLI_GO;
}

/* --unit NAME: one more unit's card (the ruleset says whether it has
 * one: rnd_cards). */
static int
unit_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	struct rnd_opts *o = own;

	(void)row;
	if (o->nunit >= RND_MAX_UNIT_OPTS) {
		snprintf(why, CLI_WHY_MAX, "--unit %s: at most %d units", arg,
		    RND_MAX_UNIT_OPTS);
		return EXIT_USAGE;
	}
	o->unit[o->nunit++] = arg;
	return CLI_GO;
}

static const struct cli_opt cards_options[] = {
	CLI_OUTPUT("FILE", "FILE.pdf, or .png/.svg: a file a page"),
	CLI_PAPER("PAPER",
	    "A5, A4, A3, Letter, Legal, Tabloid or WxH\n"
	    "(default: the ruleset's paper, else the\n"
	    "template's, else the locale's, else A4)"),
	CLI_TEMPLATE("T", "a template NAME or PATH (default: {template})"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_FN("card", 0, "SIZE", struct rnd_opts, card, card_opt, 0, 0,
	    "poker (63.5x88.9mm, default), bridge, tarot,\n"
	    "mini, index (3x5in), or WxH with units"),
	CLI_FN("bleed", 0, "LEN", struct rnd_opts, bleed_mm, len_opt, 0, 10,
	    "colour past the cut: 3mm, 1/8in, none"),
	CLI_FN("crop-length", 0, "LEN", struct rnd_opts, crop_len_mm, len_opt,
	    0, 20, "length of the crop marks (default 4mm)"),
	CLI_FN("crop-offset", 0, "LEN", struct rnd_opts, crop_off_mm, len_opt,
	    0, 20, "gap between cut and mark (default 1.5mm)"),
	CLI_SET("backs", 0, struct rnd_opts, backs,
	    "a mirrored backs page after each sheet, for\n"
	    "duplex printing (flip on the long edge)"),
	CLI_SET("single", 0, struct rnd_opts, single,
	    "one card per page, the page its size plus\n"
	    "bleed, with TrimBox and BleedBox (for print\n"
	    "shops); with --backs each back follows its\n"
	    "front"),
	CLI_FN("unit", 0, "NAME", struct rnd_opts, nunit, unit_opt, 0, 0,
	    "only that unit's card, one a page as with\n"
	    "--single (-o c.png: an image); again for more"),
	CLI_DUMP(struct rnd_opts, dump),
	CLI_LANG("the language of the labels it prints: en, de,\n"
	         "fr (default: the ruleset's lang:, else\n"
	         "English)"),
	CLI_PDFX,
	CLI_ICC,
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

const struct command cards_command = {
	.name = "cards",
	.synopsis = "cards [options] RULESET -o FILE.pdf",
	.about =
	    "One card per unit type (name, class, stats, weapons with ranges,\n"
	    "traits), laid out n-up on the sheet with crop marks: 9 poker cards\n"
	    "on A4 or Letter. The PDF asks to be printed at 100%.\n"
	    "\n",
	.opts = cards_options,
	.col = 26,
	.after =
	    "\n"
	    "Earlier spellings still work, with a note: -c (card), -b (bleed).\n",
};

/* Its defaults: rnd_opts_init()'s. */
static void
own_init(void *own)
{
	rnd_opts_init(own);
}

int
product_cards(struct analysis *a, const char *path, const struct cli_common *c,
    const void *own, struct diags *d)
{
	return rnd_sheet_product(a, path, c, own, 1, d);
}

/* Its row of the product table (products.c). */
const struct product cards_product = {
	.cmd = &cards_command,
	.summary =
	    "One card per unit type, n-up on the sheet with crop marks.",
	.files = { "cards.pdf" },
	.tmpl = "unit-cards",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE,
	.make = product_cards,
	.man = "One card per unit type, n-up with crop marks;\n"
	       ".Fl -dump\n"
	       "prints the layout as\n"
	       ".Cm reference\n"
	       "does, each card's fields or band, body and text included.\n",
	.own_size = sizeof(struct rnd_opts),
	.own_init = own_init,
	.dump = 1,
	.dump_off = offsetof(struct rnd_opts, dump),
	/* What it reads: the units' and weapons' tables and settings, not the text. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_TEMPLATE | PRODUCT_READS_PICTURES |
	    PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
