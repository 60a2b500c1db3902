/*
 * cmd_init.c: sandtable init [DIR] — a designer's first project: a
 * commented sandtable.yaml and a small print-only ruleset beside it, so
 * that `sandtable build` in that folder makes every product at once.
 * Nothing is ever replaced: a file that is there already stops it before
 * anything is written.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "project.h"

#define INIT_RULESET "my-game.md"

static const char project_text[] =
    "# sandtable.yaml: this folder's project. `sandtable build` here builds\n"
    "# it; an option on the command line overrides the setting here (the\n"
    "# names and meanings are the command line's: sandtable help build).\n"
    "# Paths are from this file's folder.\n"
    "\n"
    "# The rulesets: files, or patterns (rules/*.md).\n"
    "rulesets:\n"
    "  - " INIT_RULESET "\n"
    "\n"
    "# Where the products go: one folder a ruleset, DIR/NAME/.\n"
    "output: out\n"
    "\n"
    "# Every product's paper (A4, Letter, A5, or WxH with units), unless a\n"
    "# product below sets its own; without it, each ruleset's, else the\n"
    "# system's.\n"
    "# paper: A4\n"
    "\n"
    "# The language of the products' own words: en, de or fr (default: the\n"
    "# ruleset's lang:).\n"
    "# lang: en\n"
    "\n"
    "# The seed and the number of the games a scenario and a report play.\n"
    "# seed: 1\n"
    "# games: 1000\n"
    "\n"
    "# Which products to make (sandtable --products lists them); all of\n"
    "# them without it.\n"
    "# only: [reference, cards, rulebook, html]\n"
    "\n"
    "# PDF/X-4 for a print shop (README, Print shops).\n"
    "# pdfx: false\n"
    "\n"
    "# A product's own options, by the names its command takes\n"
    "# (sandtable help cards), and its template.\n"
    "cards:\n"
    "  backs: true\n"
    "# rulebook:\n"
    "#   template: rulebook-two-column\n";

static const char ruleset_text[] =
    "---\n"
    "title: My Game\n"
    "author: A. Designer\n"
    "year: 2026\n"
    "# No rule family plays it yet: it prints. See rulesets/FORMAT.md for\n"
    "# the families that play a game (engine: dice) and everything here.\n"
    "engine: none\n"
    "measure: in\n"
    "base: 40x20mm\n"
    "table: 48x48in\n"
    "battle:\n"
    "  turns: 6\n"
    "  forces:\n"
    "    Spearmen: 4\n"
    "    Archers: 2\n"
    "---\n"
    "\n"
    "# My Game\n"
    "\n"
    "Two warbands meet at a ford. Each side takes turns to move and shoot;\n"
    "the side that holds the ford at the end of turn 6 wins.\n"
    "\n"
    "## Units\n"
    "\n"
    "| Unit     | Class    | Move | Weapons   | Notes                 |\n"
    "|----------|----------|------|-----------|-----------------------|\n"
    "| Spearmen | infantry | 6    | Spear     | Steady in the line.   |\n"
    "| Archers  | infantry | 6    | Bow       | Shoot before melee.   |\n"
    "| Riders   | cavalry  | 12   | Javelin   | Fast, lightly armed.  |\n"
    "\n"
    "## Weapons\n"
    "\n"
    "| Weapon  | Range | Hits on | Notes             |\n"
    "|---------|-------|---------|-------------------|\n"
    "| Spear   | 1     | 4+      | Melee only.       |\n"
    "| Bow     | 18    | 5+      |                   |\n"
    "| Javelin | 6     | 5+      | Thrown, then draw.|\n"
    "\n"
    "## Terrain\n"
    "\n"
    "| Terrain | Kind  | Effect                    |\n"
    "|---------|-------|---------------------------|\n"
    "| Wood    | wood  | Blocks sight; half move.  |\n"
    "| Ford    | river | Half move while crossing. |\n"
    "\n"
    "## Sequence of play\n"
    "\n"
    "1. **Initiative** — roll a die each; the higher moves first.\n"
    "2. **Move** — move every unit up to its Move.\n"
    "3. **Shoot** — each unit in range shoots once.\n"
    "4. **Melee** — units in contact fight.\n"
    "\n"
    "## Winning\n"
    "\n"
    "The side with more units within 3 inches of the ford at the end of\n"
    "turn 6 wins; otherwise the game is a draw.\n";

/* Write text into dir/name, a new file: never one that is there. Returns
 * 0, or -1 (said). */
static int
write_new(const char *dir, const char *name, const char *text, char **made)
{
	char *path = xasprintf("%s/%s", dir, name);
	size_t n = strlen(text);
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	    0644);
	if (fd == -1) {
		cli_error("init: %s: %s", path,
		    errno == EEXIST ? "is there already: nothing is replaced" :
		                      strerror(errno));
		free(path);
		return -1;
	}
	if (write(fd, text, n) != (ssize_t)n || close(fd) == -1) {
		cli_error("init: %s: %s", path, strerror(errno));
		unlink(path);
		free(path);
		return -1;
	}
	*made = path;
	return 0;
}

static const struct cli_opt init_options[] = {
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors and the files written"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_init(int argc, char **argv)
{
	struct cli_common c;
	const char *dir;
	char *a = NULL, *b = NULL, *p;
	struct stat sb;
	int rc;

	if ((rc = cli_parse(&init_command, argc, argv, &c, NULL)) != CLI_GO)
		return rc;
	if (argc - optind > 1)
		return usage_error("init", "one folder at most");
	dir = optind < argc ? argv[optind] : ".";
	if (mkdir(dir, 0755) == -1 && errno != EEXIST) {
		cli_error("init: %s: cannot create the folder: %s", dir,
		    strerror(errno));
		return EXIT_ERRORS;
	}
	if (stat(dir, &sb) == -1 || !S_ISDIR(sb.st_mode)) {
		cli_error("init: %s: not a folder", dir);
		return EXIT_ERRORS;
	}
	/* Both or neither: the second is looked for before the first is
	 * written. */
	p = xasprintf("%s/%s", dir, INIT_RULESET);
	if (lstat(p, &sb) == 0) {
		cli_error("init: %s: is there already: nothing is replaced",
		    p);
		free(p);
		return EXIT_ERRORS;
	}
	free(p);
	if (write_new(dir, PROJECT_FILE, project_text, &a) == -1)
		return EXIT_ERRORS;
	if (write_new(dir, INIT_RULESET, ruleset_text, &b) == -1) {
		unlink(a);
		free(a);
		return EXIT_ERRORS;
	}
	if (!c.quiet)
		printf("wrote %s and %s\n"
		       "next: %s%s%ssandtable build (the products go into "
		       "%s%sout/my-game/)\n",
		    a, b, strcmp(dir, ".") != 0 ? "cd " : "",
		    strcmp(dir, ".") != 0 ? dir : "",
		    strcmp(dir, ".") != 0 ? " && " : "",
		    strcmp(dir, ".") != 0 ? dir : "",
		    strcmp(dir, ".") != 0 ? "/" : "");
	free(a);
	free(b);
	return EXIT_CLEAN;
}

const struct command init_command = {
	.name = "init",
	.run = cmd_init,
	.synopsis = "init [options] [DIR]",
	.about =
	    "Start a project in DIR (default: the working folder): a commented\n"
	    "sandtable.yaml (the rulesets, output folder, paper, language, seed,\n"
	    "products and each product's options) and my-game.md, a small\n"
	    "print-only ruleset to make one's own. Then 'sandtable build' there\n"
	    "builds every product. Replaces nothing: when either file is there\n"
	    "already, nothing is written.\n"
	    "\n",
	.opts = init_options,
	.col = 20,
};
