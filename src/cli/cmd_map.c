/* cmd_map.c: sandtable map — not built yet in this version. */
#include "cli.h"

static int
cmd_map(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("map");
}

const struct command map_command = {
	"map", cmd_map, "map [RULESET] [options] -o FILE.pdf|.png|.svg",
	"A gridded battle map at true scale, tiled over paper.\n",
};

int
product_map(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
