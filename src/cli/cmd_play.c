/* cmd_play.c: sandtable play — self-play statistics of the default
 * battle between the built-in players. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../check/check.h"
#include "cli.h"
#include "json.h"

/* Parse a whole non-negative number within [lo, hi]; 0 or -1. */
int
cli_parse_count(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || *v < lo || *v > hi)
		return -1;
	return 0;
}

/*
 * The self-play options check and play share: -n games (at least
 * min_games), -s seed, -j jobs, into o. Returns 0 when ch was one of them
 * and its value is good, 1 when ch is another option, -1 after a usage
 * error was printed.
 */
int
cli_count_opt(const char *cmd, const char *opt, const char *arg, long long lo,
    long long hi, long long *v)
{
	if (cli_parse_count(arg, lo, hi, v) == 0)
		return 0;
	usage_error(cmd, "%s '%s': needs a whole number from %lld to %lld",
	    opt, arg, lo, hi);
	return -1;
}

int
cli_selfplay_opt(const char *cmd, int ch, const char *arg, long min_games,
    struct chk_opts *o)
{
	long long v;

	switch (ch) {
	case 'n':
		if (cli_count_opt(cmd, "--games", arg, min_games,
		        CLI_GAMES_MAX, &v) == -1)
			return -1;
		o->games = (long)v;
		return 0;
	case 's':
		if (cli_count_opt(cmd, "--seed", arg, 0, (long long)1 << 53,
		        &v) == -1)
			return -1;
		o->seed = (uint64_t)v;
		return 0;
	case 'j':
		if (cli_count_opt(cmd, "--jobs", arg, 1, 256, &v) == -1)
			return -1;
		o->jobs = (int)v;
		return 0;
	default:
		return 1;
	}
}

/* Print the statistics as text. */
static void
print_stats(const struct ruleset *rs, const struct chk_result *r)
{
	const struct eng_stats *st = &r->st;
	json_t *j = chk_stats_json(rs, r), *t = json_object_get(j, "turns");
	char mean[32], sd[32], bal[32], gr[32];

	fmt_double(mean, sizeof(mean),
	    json_real_value(json_object_get(t, "mean")), 2);
	fmt_double(sd, sizeof(sd), json_real_value(json_object_get(t, "sd")),
	    2);
	fmt_double(bal, sizeof(bal),
	    json_real_value(json_object_get(j, "balance")), 3);
	fmt_double(gr, sizeof(gr),
	    json_real_value(
	        json_object_get(json_object_get(j, "greedy_vs_random"),
	            "win_rate")),
	    3);
	printf("%s: %ld self-play %s (seed %llu): blue %ld, red %ld, "
	       "draws %ld, turn limit %ld\n",
	    rs->path, st->games, plural(st->games, "game", "games"),
	    (unsigned long long)r->seed, st->wins[0], st->wins[1], st->draws,
	    st->timeouts);
	printf("  first player won %ld; balance %s (blue's share of wins); "
	       "turns mean %s, sd %s, max %ld\n",
	    st->first_player_wins, bal, mean, sd, st->turns_max);
	printf("  greedy beat random in %ld of %ld %s (%s); %lld games/s\n",
	    st->greedy_wins, st->greedy_games,
	    plural(st->greedy_games, "game", "games"), gr,
	    (long long)json_integer_value(
	        json_object_get(j, "games_per_second")));
	json_decref(j);
}

static int
cmd_play(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "json", no_argument, NULL, 'J' },
		{ "grid", required_argument, NULL, 'g' },
		{ "scenario", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct chk_opts o = { .games = 1000,
		.seed = 1,
		.jobs = 1,
		.grid = -1,
		.cell_mm = 0,
		.tests = 0 };
	struct chk_result r;
	struct diags d = { 0 };
	struct ruleset *rs;
	const char *grid = NULL, *scenario = NULL;
	int ch, json = 0, worst, rc = -1, status = EXIT_CLEAN;
	struct cli_json js;
	json_t *own = NULL;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "n:s:j:g:f:qvh", opts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'q':
		case 'v':
			break; /* main() set the level of messages */

		case 'n':
		case 's':
		case 'j':
			if (cli_selfplay_opt("play", ch, optarg, 1, &o) == -1)
				return EXIT_USAGE;
			break;
		case 'J':
			json = 1;
			break;
		case 'g':
			grid = optarg;
			break;
		case 'f':
			scenario = optarg;
			break;
		case 'h':
			command_help(command_find("play"), stdout);
			return EXIT_CLEAN;
		default:
			return usage_error("play", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (scenario != NULL && optind + 1 >= argc)
		return scenario_play(optind < argc ? argv[optind] : NULL,
		    scenario, o.games, o.seed, o.jobs, json);
	if (optind >= argc)
		return usage_error("play", "no ruleset given");
	if (optind + 1 < argc)
		return usage_error("play", "one ruleset at a time");
	if (json)
		cli_json_begin(&js);
	if ((rs = cli_load(argv[optind], &worst)) == NULL ||
	    cli_playable(rs, argv[optind]) == -1) {
		status = EXIT_ERRORS;
		goto out;
	}
	if (grid != NULL &&
	    chk_grid_parse(grid, rs->measure, &o.grid, &o.cell_mm) != 0) {
		rs_free(rs);
		if (json)
			cli_json_drop(&js);
		return usage_error("play",
		    "--grid is none, square 3in or "
		    "hex 30mm");
	}
	{
		struct progress bar;

		progress_begin(&bar, "self-play", (unsigned long)o.games);
		o.progress = progress_callback;
		o.parg = &bar;
		rc = chk_run(rs, &o, &r, &d);
		progress_end(&bar);
	}
	diags_print(&d, stderr);
	if (rc < 0 || diags_worst(&d) >= SEV_ERROR)
		status = EXIT_ERRORS;
	else if (rc == 0 && json)
		own = chk_stats_json(rs, &r);
	else if (rc == 0)
		print_stats(rs, &r);
	chk_result_free(&r);
	diags_free(&d);
out:
	if (json) {
		js.failed = status != EXIT_CLEAN;
		cli_json_add(&js, cli_json_element(argv[optind]), rs, own);
		if (cli_json_end(&js) != 0)
			status = EXIT_ERRORS;
	}
	rs_free(rs);
	return status;
}

const struct command play_command = {
	"play",
	cmd_play,
	"play RULESET [--games N] [--seed S] [--jobs J] [--json] [--grid G]",
	"Self-play statistics of the ruleset's default battle.\n"
	"Plays N games between two greedy players (and N/4 more between\n"
	"greedy and random, to see whether skill matters). Game i rolls its\n"
	"dice from (seed, i): the same seed gives the same numbers for any\n"
	"number of jobs (games_per_second aside).\n"
	"\n"
	"  -n, --games N     games to play (default 1000)\n"
	"  -s, --seed S      seed of the dice (default 1)\n"
	"  -j, --jobs J      threads (default 1)\n"
	"      --json        print the statistics as JSON: an array of one\n"
	"                    object, with the diagnostics (README.md)\n"
	"  -g, --grid G      play on this grid instead of the ruleset's:\n"
	"                    none, square 3in, hex 30mm\n"
	"  -f, --scenario F  play the scenario file F (sandtable scenario)\n"
	"                    instead of the default battle; RULESET may be\n"
	"                    left out (the file names it)\n"
	"  -q, --quiet       no warnings or notes, no progress bar (the\n"
	"                    statistics are still printed)\n"
	"  -v, --verbose     the default\n"
	"  -h, --help        this help\n",
};
