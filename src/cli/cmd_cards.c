/* cmd_cards.c: sandtable cards — not built yet in this version. */
#include "cli.h"

static int
cmd_cards(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("cards");
}

const struct command cards_command = {
	"cards", cmd_cards, "cards RULESET -o FILE.pdf",
	"Unit cards, n-up with crop marks.\n",
};

int
product_cards(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
