/* cmd_play.c: sandtable play — not built yet in this version. */
#include "cli.h"

static int
cmd_play(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cli_not_built("play");
}

const struct command play_command = {
	"play", cmd_play, "play RULESET [--games N] [--seed S] [--jobs J] [--json]",
	"Self-play statistics of the ruleset's default battle.\n",
};
