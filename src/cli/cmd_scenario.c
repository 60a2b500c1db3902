/* cmd_scenario.c: sandtable scenario — not built yet in this version. */
#include "cli.h"

static int
cmd_scenario(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("scenario");
}

const struct command scenario_command = {
	"scenario", cmd_scenario, "scenario RULESET [--seed S] -o FILE.pdf",
	"A generated scenario, balanced by test games.\n",
};

int
product_scenario(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
