/* cmd_play.c: sandtable play — self-play statistics of the default
 * battle between the built-in players. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../check/analysis.h"
#include "../check/check.h"
#include "cli.h"
#include "json.h"

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
	       "draws %ld, %ld reached the turn limit\n",
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

/* play's own options. */
struct play_own {
	const char *grid, *scenario;
};

static const struct cli_opt play_options[] = {
	CLI_GAMES(1, "N", "games to play (default 1000)"),
	CLI_SEED("S", "seed of the dice (default 1)"),
	CLI_JOBS("J", "threads (default 2)"),
	CLI_JSON("print the statistics as JSON: an array of one\n"
	         "object, with the diagnostics (README.md)"),
	CLI_STR("grid", 'g', "G", struct play_own, grid,
	    "play on this grid instead of the ruleset's:\n"
	    "none, square 3in, hex 30mm"),
	CLI_STR("scenario", 'f', "F", struct play_own, scenario,
	    "play the scenario file F (sandtable scenario)\n"
	    "instead of the default battle; RULESET may be\n"
	    "left out (the file names it)"),
	CLI_NO_CACHE(
	    "play the games again: no statistics from an\nearlier run (README, Cache)"),
	CLI_QUIET("no warnings or notes, no progress bar (the\n"
	          "statistics are still printed)"),
	CLI_VERBOSE("the default"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_play(int argc, char **argv)
{
	struct play_own own = { NULL, NULL };
	struct cli_common c;
	struct chk_opts o = { .grid = -1, .cell_mm = 0, .tests = 0 };
	struct chk_result r;
	struct analysis *a;
	struct diags d = { 0 };
	struct ruleset *rs;
	const char *grid, *scenario;
	int json, worst, rc = -1, status = EXIT_CLEAN;
	struct cli_json js;
	json_t *own_json = NULL;

	if ((status = cli_parse(&play_command, argc, argv, &c, &own)) !=
	    CLI_GO)
		return status;
	status = EXIT_CLEAN;
	o.games = c.games;
	o.seed = c.seed;
	o.jobs = c.jobs;
	json = c.json;
	grid = own.grid;
	scenario = own.scenario;
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
		/* Made as a product makes it, on --grid's board when
		 * given. */
		a = ana_new(rs, o.grid, o.cell_mm);
		rc = ana_check(a, &o, &r, &d);
		progress_end(&bar);
	}
	diags_print(&d, stderr);
	if (rc < 0 || diags_worst(&d) >= SEV_ERROR)
		status = EXIT_ERRORS;
	else if (rc == 0 && json)
		own_json = chk_stats_json(rs, &r);
	else if (rc == 0)
		print_stats(rs, &r);
	chk_result_free(&r);
	ana_free(a);
	diags_free(&d);
out:
	if (json) {
		js.failed = status != EXIT_CLEAN;
		cli_json_add(&js, cli_json_element(argv[optind]), rs,
		    own_json);
		if (cli_json_end(&js) != 0)
			status = EXIT_ERRORS;
	}
	rs_free(rs);
	return status;
}

const struct command play_command = {
	.name = "play",
	.run = cmd_play,
	.synopsis =
	    "play RULESET [--games N] [--seed S] [--jobs J] [--json] [--grid G]",
	.about =
	    "Self-play statistics of the ruleset's default battle.\n"
	    "Plays N games between two greedy players (and N/4 more between\n"
	    "greedy and random, to see whether skill matters). Game i rolls its\n"
	    "dice from (seed, i): the same seed gives the same numbers for any\n"
	    "number of jobs (games_per_second aside).\n"
	    "\n",
	.opts = play_options,
	.col = 20,
};
