/* cmd_bases.c: sandtable bases — not built yet in this version. */
#include "cli.h"

static int
cmd_bases(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("bases");
}

const struct command bases_command = {
	"bases", cmd_bases, "bases RULESET -o FILE.pdf",
	"Base templates, range rulers and markers at true scale.\n",
};

int
product_bases(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
