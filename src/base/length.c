/*
 * length.c: physical lengths with units, parsed and printed without the
 * locale (a decimal comma never sneaks in). Inside the program every
 * length is millimetres as a double.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base.h"

#define LEN_MAX_MM 1.0e6 /* a kilometre: anything longer is absurd */

static const struct {
	const char *name;
	enum unit_of_length u;
} unit_names[] = {
	{ "mm", LEN_MM },
	{ "millimetre", LEN_MM },
	{ "millimetres", LEN_MM },
	{ "millimeter", LEN_MM },
	{ "millimeters", LEN_MM },
	{ "cm", LEN_CM },
	{ "centimetre", LEN_CM },
	{ "centimetres", LEN_CM },
	{ "centimeter", LEN_CM },
	{ "centimeters", LEN_CM },
	{ "in", LEN_IN },
	{ "inch", LEN_IN },
	{ "inches", LEN_IN },
	{ "\"", LEN_IN },
	{ "\xe2\x80\x9d", LEN_IN },
	{ "\xe2\x80\xb3", LEN_IN },
	{ "''", LEN_IN },
	{ "ft", LEN_FT },
	{ "foot", LEN_FT },
	{ "feet", LEN_FT },
	{ "'", LEN_FT },
	{ "\xe2\x80\xb2", LEN_FT },
};

enum unit_of_length
len_unit_from_name(const char *s)
{
	size_t i;

	for (i = 0; i < sizeof(unit_names) / sizeof(unit_names[0]); i++)
		if (strcasecmp(s, unit_names[i].name) == 0)
			return unit_names[i].u;
	return LEN_NONE;
}

double
len_unit_mm(enum unit_of_length u)
{
	switch (u) {
	case LEN_MM:
		return 1.0;
	case LEN_CM:
		return 10.0;
	case LEN_IN:
		return 25.4;
	case LEN_FT:
		return 304.8;
	case LEN_NONE:
	default:
		return 0.0;
	}
}

const char *
len_unit_name(enum unit_of_length u)
{
	switch (u) {
	case LEN_MM:
		return "mm";
	case LEN_CM:
		return "cm";
	case LEN_IN:
		return "in";
	case LEN_FT:
		return "ft";
	case LEN_NONE:
	default:
		return "";
	}
}

/*
 * Parse an unsigned decimal number (digits, one '.', no exponent) at *sp;
 * advance *sp. Returns 0 or -1. Locale-free by construction.
 */
static int
parse_number(const char **sp, double *out)
{
	const char *s = *sp;
	double v = 0.0, scale = 1.0;
	int digits = 0, frac = 0;

	for (; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9') {
			if (digits++ > 12)
				return -1;
			if (frac)
				v += (*s - '0') * (scale /= 10.0);
			else
				v = v * 10.0 + (*s - '0');
		} else if (*s == '.' && !frac) {
			frac = 1;
		} else
			break;
	}
	if (digits == 0)
		return -1;
	*out = v;
	*sp = s;
	return 0;
}

int
len_parse(const char *str, enum unit_of_length bare, double *mm,
    const char **why)
{
	const char *s = str;
	double v;
	char unit[16];
	size_t n = 0;
	enum unit_of_length u;
	int neg = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (parse_number(&s, &v) == -1) {
		*why =
		    "not a length (expected a number with a unit, like 9in or 30mm)";
		return -1;
	}
	while (isspace((unsigned char)*s))
		s++;
	while (
	    *s != '\0' && !isspace((unsigned char)*s) && n + 1 < sizeof(unit))
		unit[n++] = *s++;
	unit[n] = '\0';
	while (isspace((unsigned char)*s))
		s++;
	if (*s != '\0') {
		*why = "unexpected text after the length";
		return -1;
	}
	if (n == 0) {
		if (bare == LEN_NONE) {
			*why = "length has no unit (use in, mm, cm or ft)";
			return -1;
		}
		u = bare;
	} else if ((u = len_unit_from_name(unit)) == LEN_NONE) {
		/* 1e308mm: the number's exponent looked like a unit. */
		*why = (unit[0] == 'e' || unit[0] == 'E') &&
		        (isdigit((unsigned char)unit[1]) || unit[1] == '-' ||
		            unit[1] == '+') ?
		    "write a length without an exponent "
		    "(1000mm, not 1e3mm)" :
		    "unknown unit of length (use in, "
		    "mm, cm or ft)";
		return -1;
	}
	if (neg && v != 0.0) {
		*why = "length is negative";
		return -1;
	}
	v *= len_unit_mm(u);
	if (!isfinite(v) || v > LEN_MAX_MM) {
		*why = "length is absurdly large";
		return -1;
	}
	*mm = v;
	return 0;
}

/* The unit written after the number in s, or LEN_NONE when bare. */
static enum unit_of_length
trailing_unit(const char *s)
{
	double tmp;

	while (isspace((unsigned char)*s))
		s++;
	if (parse_number(&s, &tmp) == -1)
		return LEN_NONE;
	while (isspace((unsigned char)*s))
		s++;
	return *s ? len_unit_from_name(s) : LEN_NONE;
}

int
len_parse_pair(const char *str, enum unit_of_length bare, double *w, double *h,
    const char **why)
{
	const char *x, *b;
	char a[64];
	size_t na;
	enum unit_of_length ua, ub;

	/* Accept 'x', 'X' or the multiplication sign between the sizes. */
	if ((x = strpbrk(str, "xX")) != NULL)
		b = x + 1;
	else if ((x = strstr(str, "\xc3\x97")) != NULL)
		b = x + 2;
	else {
		*why = "expected WIDTHxHEIGHT, like 72x48in or 6x4ft";
		return -1;
	}
	if ((na = (size_t)(x - str)) >= sizeof(a)) {
		*why = "size is too long";
		return -1;
	}
	memcpy(a, str, na);
	a[na] = '\0';
	/* "72x48in": a unit only after the second number applies to both. */
	ua = trailing_unit(a);
	ub = trailing_unit(b);
	if (len_parse(a, ua == LEN_NONE && ub != LEN_NONE ? ub : bare, w,
	        why) == -1 ||
	    len_parse(b, bare, h, why) == -1)
		return -1;
	return 0;
}

void
fmt_double(char *buf, size_t sz, double v, int prec)
{
	long long scale = 1, iv, ip, fp;
	int i, neg = v < 0;
	char frac[24];
	size_t n;

	if (prec > 9)
		prec = 9;
	for (i = 0; i < prec; i++)
		scale *= 10;
	iv = llround(fabs(v) * (double)scale);
	ip = iv / scale;
	fp = iv % scale;
	if (prec > 0 && fp != 0) {
		snprintf(frac, sizeof(frac), "%0*lld", prec,
		    fp % 1000000000LL);
		n = strlen(frac);
		while (n > 0 && frac[n - 1] == '0')
			frac[--n] = '\0';
		snprintf(buf, sz, "%s%lld.%s", neg && iv ? "-" : "", ip, frac);
	} else
		snprintf(buf, sz, "%s%lld", neg && iv ? "-" : "", ip);
}

void
len_format_as(char *buf, size_t sz, double mm, enum unit_of_length u, int typo)
{
	char num[32];

	if (u == LEN_NONE)
		u = LEN_MM;
	fmt_double(num, sizeof(num), mm / len_unit_mm(u), 2);
	if (u == LEN_IN)
		snprintf(buf, sz, "%s%s", num, typo ? "\xe2\x80\xb3" : "\"");
	else
		snprintf(buf, sz, "%s%s%s", num, typo ? "\xc2\xa0" : " ",
		    len_unit_name(u));
}

void
len_format(char *buf, size_t sz, double mm, enum unit_of_length u)
{
	len_format_as(buf, sz, mm, u, 0);
}

double
len_step(enum unit_of_length u)
{
	switch (u) {
	case LEN_IN:
	case LEN_FT:
		return 25.4 / 2;
	case LEN_CM:
		return 10.0;
	case LEN_MM:
		return 5.0;
	case LEN_NONE:
	default:
		return 0.0;
	}
}

double
len_round_to(double mm, enum unit_of_length u)
{
	double step = len_step(u), n;

	if (!(step > 0) || !(mm > 0))
		return mm;
	n = mm / step;
	/* Already whole steps: the very value, not a product of them. */
	if (fabs(n - round(n)) < 1e-6)
		return mm;
	return fmax(1, round(n)) * step;
}

int
len_file_decimals(enum unit_of_length u)
{
	switch (u) {
	case LEN_CM:
		return 3;
	case LEN_IN:
		return 4;
	case LEN_FT:
		return 5;
	case LEN_MM:
	case LEN_NONE:
	default:
		return 2;
	}
}

double
len_file_mm(double mm)
{
	return round(mm * 100) / 100;
}

const char *
len_unit_words(enum unit_of_length u)
{
	switch (u) {
	case LEN_CM:
		return "centimetres";
	case LEN_IN:
		return "inches";
	case LEN_FT:
		return "feet";
	case LEN_MM:
	case LEN_NONE:
	default:
		return "millimetres";
	}
}
