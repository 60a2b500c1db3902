/*
 * fuzz_template.c: libFuzzer target for layout templates. Each input is
 * used as the template of the reference sheet and of the unit cards of a
 * bundled ruleset: the YAML reader, every typed getter and the layout
 * that follows from hostile settings (zero or huge sizes, bad colours,
 * absurd margins) must end in a PDF or a diagnostic, never a crash or a
 * hang.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../src/render/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ruleset *rs;
static char tmpl[64], out[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct rnd_opts o;
	FILE *fp;

	if (rs == NULL) {
		const char *path = getenv("FUZZ_RULESET");

		rs = rs_read(path ? path : "../rulesets/morschauser-modern.md",
		    &d);
		diags_free(&d);
		if (rs == NULL)
			abort();
		snprintf(tmpl, sizeof(tmpl), "/tmp/fuzz-tmpl-%d.yaml",
		    (int)getpid());
		snprintf(out, sizeof(out), "/tmp/fuzz-out-%d.pdf",
		    (int)getpid());
	}
	if ((fp = fopen(tmpl, "wb")) == NULL)
		return 0;
	fwrite(data, 1, size, fp);
	fclose(fp);
	rnd_opts_init(&o);
	o.tmpl = tmpl;
	rnd_reference(rs, out, &o, &d);
	rnd_cards(rs, out, &o, &d);
	diags_free(&d);
	return 0;
}
