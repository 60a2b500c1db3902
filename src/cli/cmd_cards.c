/* cmd_cards.c: sandtable cards — unit cards, n-up with crop marks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../render/render.h"

/* A length option ("none" and "1/8in" allowed); returns 0 or -1. */
static int
len_opt(const char *s, double *mm)
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

/* A card size: a known name or WxH with units; returns 0 or -1. */
static int
card_ok(const char *s)
{
	const struct rnd_card_size *c;
	const char *why;
	double w, h;

	for (c = rnd_card_sizes; c->name != NULL; c++)
		if (strcasecmp(c->name, s) == 0)
			return 0;
	return len_parse_pair(s, LEN_NONE, &w, &h, &why);
}

static int
cmd_cards(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, 'p' },
		{ "template", required_argument, NULL, 't' },
		{ "card", required_argument, NULL, 'c' },
		{ "bleed", required_argument, NULL, 'b' },
		{ "crop-length", required_argument, NULL, 'L' },
		{ "crop-offset", required_argument, NULL, 'O' },
		{ "backs", no_argument, NULL, 'B' },
		{ "single", no_argument, NULL, 'S' },
		CLI_LANG_OPTION,
		{ "print-template", no_argument, NULL, OPT_PRINT_TEMPLATE },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct rnd_opts o;
	const char *out = NULL;
	double *len, w, h;
	const char *why;
	int ch, quiet = 0, print = 0;

	rnd_opts_init(&o);
	optind = 1;
	opterr = 0;
	while (
	    (ch = getopt_long(argc, argv, ":o:p:t:qvh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			out = optarg;
			break;
		case 'p':
			if (rnd_paper_parse(optarg, &w, &h, &why) == -1)
				return usage_error("cards", "--paper %s: %s",
				    optarg, why);
			o.paper = optarg;
			break;
		case 't':
			o.tmpl = optarg;
			break;
		case OPT_PRINT_TEMPLATE:
			print = 1;
			break;
		case 'c':
			if (card_ok(optarg) == -1)
				return usage_error("cards",
				    "--card %s: use poker, "
				    "bridge, tarot, mini, index or WxH with units",
				    optarg);
			o.card = optarg;
			break;
		case 'b':
		case 'L':
		case 'O':
			len = ch == 'b' ? &o.bleed_mm :
			    ch == 'L'   ? &o.crop_len_mm :
			                  &o.crop_off_mm;
			if (len_opt(optarg, len) == -1)
				return usage_error("cards",
				    "%s '%s': not a "
				    "length with a unit (3mm, 0.125in, 1/8in, "
				    "none)",
				    argv[optind - 1], optarg);
			/* The bleed's limit, blamed on the option. */
			if (ch == 'b' && *len > 10)
				return usage_error("cards",
				    "--bleed %s: from "
				    "0 to 10 mm",
				    optarg);
			/* The crop marks' limits are the template's. */
			if (ch != 'b' && *len > 20)
				return usage_error("cards",
				    "%s %s: from 0 to 20 mm",
				    ch == 'L' ? "--crop-length" :
				                "--crop-offset",
				    optarg);
			break;
		case 'B':
			o.backs = 1;
			break;
		case 'S':
			o.single = 1;
			break;
		case OPT_LANG:
			if (cli_lang_opt("cards", optarg) == -1)
				return EXIT_USAGE;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'v':
			break;
		case 'h':
			command_help(command_find("cards"), stdout);
			return EXIT_CLEAN;
		case ':':
			return usage_error("cards",
			    "option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error("cards", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (print)
		return cli_print_template("cards", o.tmpl);
	return cli_sheet_main("cards", argc, argv, out, &o, quiet, 1);
}

const struct command cards_command = {
	"cards",
	cmd_cards,
	"cards [options] RULESET -o FILE.pdf",
	"One card per unit type (name, class, stats, weapons with ranges,\n"
	"traits), laid out n-up on the sheet with crop marks: 9 poker cards\n"
	"on A4 or Letter. The PDF asks to be printed at 100%.\n"
	"\n"
	"  -o, --output FILE       FILE.pdf, or .png/.svg: a file a page\n"
	"  -p, --paper PAPER       A5, A4, A3, Letter, Legal, Tabloid or WxH\n"
	"                          (default: the ruleset's paper, else the\n"
	"                          template's, else the locale's, else A4)\n"
	"  -t, --template T        a template NAME or PATH (default: unit-cards)\n"
	"      --print-template    print the template (-t's, else the default)\n"
	"                          to standard output, to start one's own\n"
	"      --card SIZE         poker (63.5x88.9mm, default), bridge, tarot,\n"
	"                          mini, index (3x5in), or WxH with units\n"
	"      --bleed LEN         colour past the cut: 3mm, 1/8in, none\n"
	"      --crop-length LEN   length of the crop marks (default 4mm)\n"
	"      --crop-offset LEN   gap between cut and mark (default 1.5mm)\n"
	"      --backs             a mirrored backs page after each sheet, for\n"
	"                          duplex printing (flip on the long edge)\n"
	"      --single            one card per page, the page its size plus\n"
	"                          bleed, with TrimBox and BleedBox (for print\n"
	"                          shops); with --backs each back follows its\n"
	"                          front\n"
	"      --lang TAG          the language of the labels it prints: en, de,\n"
	"                          fr (default: the ruleset's lang:, else\n"
	"                          English)\n"
	"  -q, --quiet             print only errors\n"
	"  -v, --verbose           the default: errors, warnings, notes, files\n"
	"  -h, --help              this help\n"
	"\n"
	"Earlier spellings still work, with a note: -c (card), -b (bleed).\n",
};

PRODUCT_OF(cards);

int
product_cards(const struct ruleset *rs, const char *path, int quiet)
{
	struct rnd_opts o;

	(void)quiet;
	rnd_opts_init(&o);
	return cli_sheet_write(rs, path, &o, 1);
}
