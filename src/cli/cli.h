/* cli.h: the subcommands; only src/cli prints to the user or exits. */
#ifndef SANDTABLE_CLI_H
#define SANDTABLE_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"

/* Exit statuses (DESIGN.md): clean, errors found, bad usage. */
#define EXIT_CLEAN 0
#define EXIT_ERRORS 1
#define EXIT_USAGE 2

struct command {
	const char *name;
	int (*run)(int argc, char **argv); /* NULL: not built yet */
	const char *synopsis;
	const char *help; /* the full help text of the command */
};

extern const struct command commands[];
const struct command *command_find(const char *);

/* Print "sandtable: MSG" to stderr and return EXIT_USAGE. */
int usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print the command's help to fp. */
void command_help(const struct command *, FILE *);

/*
 * Read one ruleset and print its diagnostics. Returns the ruleset when it
 * has no errors (caller frees), else NULL; *worst gets the worst severity.
 */
struct ruleset *cli_load(const char *path, int *worst);

int cmd_check(int, char **);
int cmd_build(int, char **);

#endif
