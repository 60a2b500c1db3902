/*
 * cmd_map.c: sandtable map — a gridded battle map at true scale, tiled
 * over paper (PDF), or an exact image for virtual tabletops (PNG, SVG).
 * Defaults come from the ruleset's grid and table; terrain comes from a
 * scenario file or is generated from a seed. render/map/product.c works
 * the map out from the options (its rows) and the ruleset; this checks
 * the outputs, writes the map and the terrain, and says what it wrote.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../render/map/map.h"
#include "../render/render.h"
#include "../scenario/terrain.h"
#include "cli.h"
#include "../check/analysis.h"

/* Its row and command (render/map/product.c). */
PRODUCT_OF(map);

/* Make the map; 0 written, EXIT_ERRORS otherwise (reported). */
static int
map_make(const struct ruleset *rs, const struct map_req *q, unsigned vtt)
{
	struct map_job j;
	struct diags d = { 0 };
	char *msg = NULL;
	int rc = rnd_map_setup(rs, q, &j, &msg, &d);
	size_t n = strlen(q->out);
	const char *kind = CLI_PDF;
	struct rnd_map_count count = { 0, 0, 0 };
	int k;

	/* What setting it up said (the terrain file's diagnostics), then
	 * why it cannot be made. */
	diags_print(&d, stderr);
	diags_free(&d);
	if (msg != NULL)
		cli_error("%s", msg);
	free(msg);
	msg = NULL;

	/* Both outputs are checked before either is drawn; the map, which
	 * may still be refused for its size, is written first. */
	if (n > 4 && strcasecmp(q->out + n - 4, ".png") == 0)
		kind = "\x89PNG";
	else if (n > 4 && strcasecmp(q->out + n - 4, ".svg") == 0)
		kind = "<?xml";
	if (rc == 0 &&
	    (cli_output_check(q->out, kind) == -1 ||
	        (q->write_terrain != NULL &&
	            cli_output_check(q->write_terrain, TR_YAML_FIRST) == -1)))
		rc = EXIT_ERRORS;
	for (k = 0; rc == 0 && rnd_vtt_names[k] != NULL; k++)
		if (vtt & (1u << k)) {
			char *p = rnd_vtt_path(q->out, k);

			if (cli_output_check(p, rnd_vtt_begins(k)) == -1)
				rc = EXIT_ERRORS;
			free(p);
		}
	j.o.tmpl = q->tmpl;
	j.o.dump = q->dump;
	j.o.count = &count;
	/* Tabletop Simulator's deck: the cards with their odds. */
	if (rc == 0 && rs != NULL && (vtt & (1u << RND_VTT_TTS)))
		j.o.ana = ana_new(rs, -1, 0);
	/* The PNG and its tabletop files are one version: all replaced,
	 * or none. */
	if (vtt != 0)
		file_group_begin();
	if (rc == 0 && rnd_map(q->out, &j.o, &d) == -1)
		rc = EXIT_ERRORS;
	if (rc == 0 && vtt != 0 && rnd_map_vtt(q->out, vtt, &j.o, &d) == -1)
		rc = EXIT_ERRORS;
	if (vtt != 0) {
		char *why = NULL;

		if (rc != 0)
			file_group_abandon();
		else if (file_group_end(&why) != 0) {
			cli_error("%s", why);
			free(why);
			rc = EXIT_ERRORS;
		}
	}
	if (rc == 0 && q->write_terrain != NULL &&
	    (rc = rnd_map_terrain_write(&j, q->write_terrain, &msg)) != 0) {
		cli_error("%s", msg);
		free(msg);
	}
	diags_print(&d, stderr);
	diags_free(&d);
	/* --dump's lines are the output: nothing else on stdout. */
	/* A tiled PDF says how many sheets, and how many tiles of plain
	 * table it left out. */
	if (rc == 0 && !q->quiet && q->dump == NULL) {
		printf("%s: wrote %s: %s", rs != NULL ? rs->path : "map",
		    q->out, j.desc);
		if (count.sheets > 0 && count.skipped > 0)
			printf("; %d sheet%s: the plan and %d of %d tiles (%d "
			       "of plain table not printed; --all-tiles "
			       "prints them)",
			    count.sheets, count.sheets == 1 ? "" : "s",
			    count.tiles - count.skipped, count.tiles,
			    count.skipped);
		else if (count.sheets > 0)
			printf("; %d sheets: the plan and %d tile%s",
			    count.sheets, count.tiles,
			    count.tiles == 1 ? "" : "s");
		for (k = 0; rnd_vtt_names[k] != NULL; k++)
			if ((vtt & (1u << k)) &&
			    (k != RND_VTT_UVTT ||
			        j.grid.kind == RS_GRID_SQUARE ||
			        j.grid.kind == RS_GRID_NONE)) {
				char *p = rnd_vtt_path(q->out, k);

				printf("; %s", p);
				free(p);
			}
		printf("\n");
	}
	if (j.o.ana != NULL)
		ana_free(j.o.ana);
	rnd_map_job_free(&j);
	return rc;
}

/* sandtable map, run from its row (product_cmd.c): returns the exit
 * status. */
int
cmd_map(int argc, char **argv)
{
	struct cli_common c;
	struct map_req q;
	struct ruleset *rs = NULL;
	unsigned vtt = 0;
	int worst, rc;

	memset(&q, 0, sizeof(q));
	if ((rc = cli_parse(&map_command, argc, argv, &c, &q)) != CLI_GO)
		return rc;
	q.out = c.output;
	q.paper = c.paper;
	q.tmpl = c.tmpl;
	q.seed = c.seed;
	q.seed_given = c.seed_given;
	q.quiet = c.quiet;
	if (q.out == NULL)
		return usage_error("map",
		    "no output file given (-o FILE.pdf, "
		    ".png or .svg)");
	if (argc - optind > 1)
		return usage_error("map", "one ruleset at most");
	if (q.vtt != NULL) {
		size_t n = strlen(q.out);

		if ((rc = cli_vtt_parse("map", q.vtt, &vtt)) != 0)
			return rc;
		if (n <= 4 || strcasecmp(q.out + n - 4, ".png") != 0)
			return usage_error("map",
			    "--vtt %s: needs -o FILE.png, the image the "
			    "tabletop shows (not %s)",
			    q.vtt, q.out);
	}
	if (CLI_IS_STDOUT(q.out) && q.dump != NULL)
		return usage_error("map",
		    "--dump prints to standard output: -o - cannot be used "
		    "with it");
	rnd_fonts_warm();
	if (optind < argc && (rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	cli_lang_use(rs);
	/* -o -: a PDF on standard output. */
	if (CLI_IS_STDOUT(q.out)) {
		char *path = cli_out_begin("-", "pdf");

		if (path == NULL) {
			rs_free(rs);
			return EXIT_ERRORS;
		}
		q.out = path;
		q.quiet = 1;
		rc = map_make(rs, &q, vtt);
		if (cli_out_end("-", path, rc == 0) != 0)
			rc = EXIT_ERRORS;
	} else
		rc = map_make(rs, &q, vtt);
	rs_free(rs);
	return rc;
}
