/*
 * Every input the fuzzers ever crashed on (tests/fuzz/crashes/NAME) goes
 * through the reader again, in a buffer of exactly its size, so that the
 * sanitizer build catches any read past the end (make SANITIZE=1 test);
 * a template (NAME.yaml) also lays out the reference sheet, as
 * fuzz_template did. What each must say is pinned in NAME.out beside it:
 * the diagnostics of the ruleset reader, of the YAML reader and of the
 * template, as the user reads them, so that a change of behaviour fails
 * here as a regression fixture would. SANDTABLE_UPDATE=1 in the
 * environment writes NAME.out afresh (for a new input: read it before
 * committing it).
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/render/render.h"

/* Appends what diags_print() prints of d to fp, under a heading. */
static void
section(FILE *fp, const char *what, struct diags *d)
{
	fprintf(fp, "%s:\n", what);
	diags_print(d, fp);
	diags_free(d);
}

/* Returns 1 when a file name is an expectation, not an input. */
static int
is_out(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && strcmp(name + n - 4, ".out") == 0;
}

/* Lays out the reference sheet of the bundled Modern ruleset with the
 * template at path, its diagnostics into d. */
static void
as_template(const char *path, struct diags *d)
{
	char out[] = "/tmp/sandtable-fuzz-XXXXXX";
	struct diags rd = { 0 };
	struct rnd_opts o;
	struct ruleset *rs;
	int fd;

	rs = rs_read("../rulesets/morschauser-modern.md", &rd);
	cr_assert_not_null(rs);
	diags_free(&rd);
	fd = mkstemp(out);
	cr_assert_geq(fd, 0);
	close(fd);
	rnd_opts_init(&o);
	o.tmpl = path;
	rnd_reference(rs, out, &o, d);
	unlink(out);
	rs_free(rs);
}

/* Returns what the readers say of the input at path (caller frees). */
static char *
replay(const char *path, const char *name)
{
	char *data, *why, *exact, *got = NULL;
	size_t len, n = strlen(name), glen;
	struct diags d = { 0 };
	struct ruleset *rs;
	struct rs_node *y;
	FILE *fp;

	cr_assert_eq(file_slurp(path, 1 << 20, &data, &len, &why), 0, "%s: %s",
	    path, why);
	exact = xmalloc(len ? len : 1);
	memcpy(exact, data, len);
	fp = open_memstream(&got, &glen);
	cr_assert_not_null(fp);
	rs = rs_parse(path, exact, len, &d);
	cr_assert_not_null(rs, "%s: no ruleset", path);
	rs_free(rs);
	section(fp, "ruleset", &d);
	y = rs_yaml_parse(path, exact, len, 0, &d);
	rs_node_free(y);
	section(fp, "yaml", &d);
	if (n > 5 && strcmp(name + n - 5, ".yaml") == 0) {
		as_template(path, &d);
		section(fp, "template", &d);
	}
	fclose(fp);
	free(exact);
	free(data);
	return got;
}

Test(fuzz_regress, crashing_inputs_say_what_they_said)
{
	DIR *dir = opendir("fuzz/crashes");
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(dir, "tests/fuzz/crashes is missing");
	diags_set_level(SEV_NOTE);
	while ((e = readdir(dir)) != NULL) {
		char *path, *outp, *want, *why, *got;
		size_t wlen;

		if (e->d_name[0] == '.' || is_out(e->d_name))
			continue;
		path = xasprintf("fuzz/crashes/%s", e->d_name);
		outp = xasprintf("%s.out", path);
		got = replay(path, e->d_name);
		if (getenv("SANDTABLE_UPDATE") != NULL) {
			FILE *fp = fopen(outp, "w");

			cr_assert_not_null(fp, "%s cannot be written", outp);
			fputs(got, fp);
			fclose(fp);
		}
		cr_assert_eq(file_slurp(outp, 1 << 20, &want, &wlen, &why), 0,
		    "%s: %s; it says:\n%s", outp, why, got);
		cr_expect_str_eq(got, want, "%s says otherwise than %s:\n%s",
		    path, outp, got);
		free(want);
		free(got);
		free(outp);
		free(path);
		n++;
	}
	closedir(dir);
	cr_assert_gt(n, 0);
}
