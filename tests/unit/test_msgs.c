/* test_msgs.c: the message table (base.h): rows, codes and copies. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/base.h"

Test(msgs, a_row_gives_its_severity_and_code)
{
	struct diags d = { 0 };
	struct pos p = { "r.md", 3, 7 };
	char code[64];

	diag_msg(&d, p, MSG(UNKNOWN_FRONT_MATTER_KEY), "colour");
	cr_assert_eq(d.n, 1);
	cr_assert_eq(d.v[0].sev, msgs[MSG_UNKNOWN_FRONT_MATTER_KEY].sev);
	cr_assert_eq(d.v[0].code, MSG_UNKNOWN_FRONT_MATTER_KEY);
	cr_assert_eq(d.v[0].line, 3);
	cr_assert_eq(d.v[0].col, 7);
	cr_assert_str_eq(msg_code(d.v[0].code, code, sizeof(code)),
	    "unknown-front-matter-key");
	diags_free(&d);
}

Test(msgs, copies_keep_the_row)
{
	struct diags a = { 0 }, b = { 0 };
	struct pos p = { "r.md", 1, 1 };

	diag_msg(&a, p, MSG(RULESET_NO_UNITS));
	diags_append(&b, &a);
	diag_copy(&b, &a.v[0]);
	cr_assert_eq(b.n, 2);
	cr_assert_eq(b.v[0].code, MSG_RULESET_NO_UNITS);
	cr_assert_eq(b.v[1].code, MSG_RULESET_NO_UNITS);
	cr_assert_str_eq(b.v[1].msg, a.v[0].msg);
	diags_free(&a);
	diags_free(&b);
}

/* Every row is whole: a code of capitals, digits and underscores that
 * no other row has, a severity, and a text. */
Test(msgs, every_row_is_whole_and_its_own)
{
	char c1[128], c2[128];
	int i, j;

	cr_assert_gt(MSG__COUNT, 100);
	for (i = 0; i < MSG__COUNT; i++) {
		cr_assert_neq(msgs[i].text[0], '\0', "row %s", msgs[i].id);
		cr_assert_eq(strspn(msgs[i].id,
		                 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
		    strlen(msgs[i].id));
		cr_assert(msgs[i].sev == SEV_NOTE ||
		    msgs[i].sev == SEV_WARNING || msgs[i].sev == SEV_ERROR);
		msg_code((enum msg)i, c1, sizeof(c1));
		for (j = i + 1; j < MSG__COUNT; j++)
			cr_assert_str_neq(c1,
			    msg_code((enum msg)j, c2, sizeof(c2)));
	}
}

Test(msgs, a_message_past_the_limit_is_counted)
{
	struct diags d = { 0 };
	struct pos p = { "r.md", 1, 1 };

	d.limit = 1;
	diag_msg(&d, p, MSG(RULESET_NO_UNITS));
	diag_msg(&d, p, MSG(RULESET_NO_UNITS));
	cr_assert_eq(d.n, 1);
	cr_assert_eq(d.dropped, 1);
	diags_free(&d);
}
