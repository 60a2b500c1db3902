/* cmd_reference.c: sandtable reference — not built yet in this version. */
#include "cli.h"

static int
cmd_reference(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("reference");
}

const struct command reference_command = {
	"reference", cmd_reference, "reference RULESET -o FILE.pdf",
	"A quick-reference sheet.\n",
};

int
product_reference(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
