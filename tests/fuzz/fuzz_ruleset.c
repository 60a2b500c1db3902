/*
 * fuzz_ruleset.c: libFuzzer target for the ruleset reader — front matter,
 * tables, sequence of play and test games. Any input must give a model
 * and diagnostics, never a crash, leak or hang.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ruleset/ruleset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct ruleset *rs;
	FILE *null;

	rs = rs_parse("fuzz.md", (const char *)data, size, &d);
	if (rs != NULL) {
		/* Exercise the dump too: it walks every model item. */
		if ((null = fopen("/dev/null", "w")) != NULL) {
			rs_dump(rs, null);
			fclose(null);
		}
		rs_free(rs);
	}
	diags_free(&d);
	return 0;
}
