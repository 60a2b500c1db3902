/* cmd_odds.c: sandtable odds — not built yet in this version. */
#include "cli.h"

static int
cmd_odds(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("odds");
}

const struct command odds_command = {
	"odds", cmd_odds, "odds RULESET [--json] [UNIT [UNIT]]",
	"Exact odds of every fire and melee matchup.\n",
};
