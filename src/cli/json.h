/* json.h: the one shape of every command's --json (json.c). */
#ifndef SANDTABLE_CLI_JSON_H
#define SANDTABLE_CLI_JSON_H

#include <jansson.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"

/* A --json run: the array printed at its end, and the diagnostics of the
 * ruleset at hand, copied from every diags_print(). */
struct cli_json {
	json_t *all;
	struct diags d;
	int failed; /* set: this ruleset failed without an error diagnostic */
};

/* Diagnostics as [{file, line, col, severity, message}]. */
/* A JSON string of s, each byte that is not UTF-8 as U+FFFD; never NULL. */
json_t *cli_json_text(const char *s);
json_t *cli_json_diags(const struct diags *);
/* Start capturing the diagnostics. */
void cli_json_begin(struct cli_json *);
/* A ruleset's object: {"path": path, "name": null}, the command's keys
 * to follow. */
json_t *cli_json_element(const char *path);
/* Close o and append it: its name when rs was read, the keys of own
 * (freed; NULL: none) that o has not, "ok" and "diagnostics" (those
 * captured since the last one). */
void cli_json_add(struct cli_json *, json_t *o, const struct ruleset *rs,
    json_t *own);
/* Stop capturing; print the array on standard output and free it.
 * Returns 0, or -1 when standard output could not be written. */
int cli_json_end(struct cli_json *);
/* Stop capturing and print nothing: a usage error (exit 2) after all. */
void cli_json_drop(struct cli_json *);

#endif
