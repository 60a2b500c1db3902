/* Near misses (base/text.c): the edit distance with swaps, and the name
 * a word seems meant for. */
#include <criterion/criterion.h>

#include "../../src/base/base.h"

Test(names, edit_distance_counts_a_swap_as_one)
{
	cr_assert_eq(str_edit_distance("chekc", "check", 3), 1);
	cr_assert_eq(str_edit_distance("Reed Warden", "reed wardens", 3), 1);
	cr_assert_eq(str_edit_distance("abc", "abc", 0), 0);
	cr_assert_eq(str_edit_distance("kitten", "sitting", 5), 3);
	cr_assert_gt(str_edit_distance("kitten", "sitting", 2), 2);
}

Test(names, closest_name)
{
	static const char *const names[] = { "Needler", "Seeker Drone",
		"Heavy crossbow", "Heavy halberd", NULL, "check" };
	char buf[64];

	cr_assert_str_eq(str_closest("Seeker Drones", names, 6),
	    "Seeker Drone");
	cr_assert_str_eq(str_closest("Needle gun", names, 6), "Needler");
	cr_assert_str_eq(str_closest("chekc", names, 6), "check");
	/* Two names begin "Heavy": no guess between them. */
	cr_assert_null(str_closest("Heavy bow", names, 6));
	cr_assert_null(str_closest("xyzzy", names, 6));
	cr_assert_str_eq(str_did_you_mean(buf, sizeof(buf), "Needlr", names,
	                     6),
	    "; did you mean 'Needler'?");
	cr_assert_str_eq(str_did_you_mean(buf, sizeof(buf), "xyzzy", names, 6),
	    "");
}
