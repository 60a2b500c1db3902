/* Lengths: every spelling of a unit, bare numbers, bad input. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../src/base/base.h"

static double
mm(const char *s, enum unit_of_length bare)
{
	double v = -1;
	const char *why;

	cr_assert_eq(len_parse(s, bare, &v, &why), 0, "'%s' should parse", s);
	return v;
}

Test(length, units)
{
	cr_assert_float_eq(mm("9\"", LEN_NONE), 228.6, 1e-9);
	cr_assert_float_eq(mm("9in", LEN_NONE), 228.6, 1e-9);
	cr_assert_float_eq(mm("9 in", LEN_NONE), 228.6, 1e-9);
	cr_assert_float_eq(mm("30mm", LEN_NONE), 30.0, 1e-9);
	cr_assert_float_eq(mm("3 cm", LEN_NONE), 30.0, 1e-9);
	cr_assert_float_eq(mm("1.5in", LEN_NONE), 38.1, 1e-9);
	cr_assert_float_eq(mm("6ft", LEN_NONE), 1828.8, 1e-9);
	cr_assert_float_eq(mm("9\xe2\x80\x9d", LEN_NONE), 228.6, 1e-9);
}

Test(length, bare_numbers_take_the_measure)
{
	cr_assert_float_eq(mm("15", LEN_IN), 381.0, 1e-9);
	cr_assert_float_eq(mm("80", LEN_MM), 80.0, 1e-9);
	cr_assert_float_eq(mm("2.5", LEN_CM), 25.0, 1e-9);
}

Test(length, bad_input)
{
	double v;
	const char *why;

	cr_assert_eq(len_parse("15", LEN_NONE, &v, &why), -1);
	cr_assert_eq(len_parse("-3in", LEN_IN, &v, &why), -1);
	cr_assert_eq(len_parse("3 parsecs", LEN_IN, &v, &why), -1);
	cr_assert_eq(len_parse("abc", LEN_IN, &v, &why), -1);
	cr_assert_eq(len_parse("1e9", LEN_IN, &v, &why), -1);
	cr_assert_eq(len_parse("99999999999999in", LEN_IN, &v, &why), -1);
	cr_assert_eq(len_parse("", LEN_IN, &v, &why), -1);
	cr_assert_eq(len_parse("2,5in", LEN_IN, &v, &why), -1);
}

Test(length, pairs)
{
	double w, h;
	const char *why;

	cr_assert_eq(len_parse_pair("72x48in", LEN_NONE, &w, &h, &why), 0);
	cr_assert_float_eq(w, 1828.8, 1e-9);
	cr_assert_float_eq(h, 1219.2, 1e-9);
	cr_assert_eq(len_parse_pair("6x4ft", LEN_NONE, &w, &h, &why), 0);
	cr_assert_float_eq(w, 1828.8, 1e-9);
	cr_assert_eq(len_parse_pair("40mm x 20mm", LEN_NONE, &w, &h, &why), 0);
	cr_assert_float_eq(h, 20.0, 1e-9);
	cr_assert_eq(len_parse_pair("900x600", LEN_MM, &w, &h, &why), 0);
	cr_assert_float_eq(w, 900.0, 1e-9);
	cr_assert_eq(len_parse_pair("72", LEN_IN, &w, &h, &why), -1);
}

Test(length, format_is_locale_free)
{
	char buf[32];

	len_format(buf, sizeof(buf), 228.6, LEN_IN);
	cr_assert_str_eq(buf, "9\"");
	len_format(buf, sizeof(buf), 30, LEN_MM);
	cr_assert_str_eq(buf, "30 mm");
	fmt_double(buf, sizeof(buf), 2.5, 3);
	cr_assert_str_eq(buf, "2.5");
	fmt_double(buf, sizeof(buf), -0.0001, 2);
	cr_assert_str_eq(buf, "0");
}

Test(length, an_exponent_is_named_as_such)
{
	double v;
	const char *why = NULL;

	cr_assert_eq(len_parse("1e308mm", LEN_NONE, &v, &why), -1);
	cr_assert(strstr(why, "exponent") != NULL, "%s", why);
	cr_assert_eq(len_parse("3 parsec", LEN_NONE, &v, &why), -1);
	cr_assert(strstr(why, "unknown unit") != NULL, "%s", why);
}

Test(length, printed_on_a_product_in_the_measure)
{
	char buf[32];

	len_format_as(buf, sizeof(buf), 120, LEN_CM, 1);
	cr_assert_str_eq(buf,
	    "12\xc2\xa0"
	    "cm");
	len_format_as(buf, sizeof(buf), 228.6, LEN_IN, 1);
	cr_assert_str_eq(buf, "9\xe2\x80\xb3");
	len_format_as(buf, sizeof(buf), 25, LEN_CM, 0);
	cr_assert_str_eq(buf, "2.5 cm");
}

Test(length, a_chosen_length_is_round_in_the_measure)
{
	/* 2in in centimetres is 5 cm, 1in 3 cm; 30mm in inches 1",
	 * 60mm 2.5"; 25mm bases times four are 4". */
	cr_assert_float_eq(len_round_to(2 * 25.4, LEN_CM), 50, 1e-9);
	cr_assert_float_eq(len_round_to(25.4, LEN_CM), 30, 1e-9);
	cr_assert_float_eq(len_round_to(30, LEN_IN), 25.4, 1e-9);
	cr_assert_float_eq(len_round_to(60, LEN_IN), 2.5 * 25.4, 1e-9);
	cr_assert_float_eq(len_round_to(100, LEN_IN), 4 * 25.4, 1e-9);
	cr_assert_float_eq(len_round_to(50.8, LEN_MM), 50, 1e-9);
	/* Whole steps are the very value; 0 stays 0; at least a step. */
	cr_assert_eq(len_round_to(2 * 25.4, LEN_IN), 2 * 25.4);
	cr_assert_eq(len_round_to(0, LEN_CM), 0);
	cr_assert_float_eq(len_round_to(2, LEN_CM), 10, 1e-9);
	cr_assert_eq(len_round_to(33.3, LEN_NONE), 33.3);
}
