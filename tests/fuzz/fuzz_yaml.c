/*
 * fuzz_yaml.c: libFuzzer target for the YAML reader that templates and
 * scenario files go through (rs_yaml_parse).
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/ruleset/ruleset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct rs_node *n;

	n = rs_yaml_parse("fuzz.yaml", (const char *)data, size, 0, &d);
	rs_node_free(n);
	diags_free(&d);
	return 0;
}
