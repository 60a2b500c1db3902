/*
 * Every input the fuzzers ever crashed on (tests/fuzz/crashes/) goes
 * through the reader again, in a buffer of exactly its size, so that the
 * sanitizer build catches any read past the end (make SANITIZE=1 test).
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ruleset/ruleset.h"

Test(fuzz_regress, crashing_inputs_are_read_safely)
{
	DIR *dir = opendir("fuzz/crashes");
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(dir, "tests/fuzz/crashes is missing");
	while ((e = readdir(dir)) != NULL) {
		char *path, *data, *why, *exact;
		size_t len;
		struct diags d = { 0 };
		struct ruleset *rs;
		struct rs_node *y;

		if (e->d_name[0] == '.')
			continue;
		path = xasprintf("fuzz/crashes/%s", e->d_name);
		cr_assert_eq(file_slurp(path, 1 << 20, &data, &len, &why), 0);
		exact = xmalloc(len ? len : 1);
		memcpy(exact, data, len);
		rs = rs_parse(path, exact, len, &d);
		cr_assert_not_null(rs);
		rs_free(rs);
		y = rs_yaml_parse(path, exact, len, 0, &d);
		rs_node_free(y);
		diags_free(&d);
		free(exact);
		free(data);
		free(path);
		n++;
	}
	closedir(dir);
	cr_assert_gt(n, 0);
}
