/*
 * json.c: the one shape of --json (check, build, play, odds, scenario,
 * report). Whatever the command, standard output is an array with one
 * object per ruleset, one ruleset or several, and each object has
 *   "path"        the ruleset as given on the command line (bytes that
 *                 are not UTF-8 as U+FFFD, here and in every string),
 *   "name"        its name (null when it could not be read),
 *   "ok"          false when this ruleset had errors,
 *   "diagnostics" every diagnostic of its run: [{file, line, col,
 *                 severity, message}] (the findings among them),
 * besides the command's own keys; README.md documents them.
 * The diagnostics are those the command prints on standard error, all
 * of them whatever -q leaves out: diags_print() copies them here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "json.h"

json_t *
cli_json_text(const char *s)
{
	json_t *j;
	char *fixed;

	if ((j = json_string(s)) != NULL)
		return j;
	/* Not UTF-8 (a file name of another encoding): the key is still
	 * there, each stray byte as U+FFFD. */
	fixed = str_utf8_fix(s);
	j = json_string(fixed);
	free(fixed);
	return j != NULL ? j : json_string("");
}

json_t *
cli_json_diags(const struct diags *d)
{
	json_t *arr = json_array(), *o;
	char code[128];
	size_t i;

	for (i = 0; i < d->n; i++) {
		const struct diag *x = &d->v[i];

		o = json_object();
		/* "" and 0 where the position is not known: a script reads
		 * the same types in every entry. */
		json_object_set_new(o, "file",
		    cli_json_text(x->file ? x->file : ""));
		json_object_set_new(o, "line", json_integer(x->line));
		json_object_set_new(o, "col", json_integer(x->col));
		json_object_set_new(o, "severity",
		    json_string(severity_name(x->sev)));
		/* The message table's row ("" for a message of the command
		 * line, which has none). */
		json_object_set_new(o, "code",
		    json_string(x->code == MSG_NONE ?
		            "" :
		            msg_code(x->code, code, sizeof(code))));
		json_object_set_new(o, "message", cli_json_text(x->msg));
		json_array_append_new(arr, o);
	}
	return arr;
}

void
cli_json_begin(struct cli_json *j)
{
	memset(j, 0, sizeof(*j));
	j->all = json_array();
	diags_capture(&j->d);
}

json_t *
cli_json_element(const char *path)
{
	json_t *o = json_object();

	json_object_set_new(o, "path", cli_json_text(path));
	json_object_set_new(o, "name", json_null());
	return o;
}

void
cli_json_add(struct cli_json *j, json_t *o, const struct ruleset *rs,
    json_t *own)
{
	if (rs != NULL)
		json_object_set_new(o, "name", cli_json_text(rs->name));
	/* The command's own object, as it was before the array: its keys
	 * stay where scripts found them, one level down. */
	if (own != NULL) {
		json_object_update_missing(o, own);
		json_decref(own);
	}
	json_object_set_new(o, "ok",
	    json_boolean(diags_worst(&j->d) < SEV_ERROR && !j->failed));
	json_object_set_new(o, "diagnostics", cli_json_diags(&j->d));
	json_array_append_new(j->all, o);
	diags_free(&j->d);
	j->failed = 0;
}

int
cli_json_end(struct cli_json *j)
{
	char *s;
	int rc = 0;

	diags_capture(NULL);
	diags_free(&j->d);
	s = json_dumps(j->all, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	if (s == NULL || printf("%s\n", s) < 0 || fflush(stdout) != 0)
		rc = -1;
	free(s);
	json_decref(j->all);
	j->all = NULL;
	return rc;
}

void
cli_json_drop(struct cli_json *j)
{
	diags_capture(NULL);
	diags_free(&j->d);
	json_decref(j->all);
	j->all = NULL;
}
