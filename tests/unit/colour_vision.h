/*
 * colour_vision.h: how far apart two colours look — CIEDE2000 (Sharma,
 * Wu and Dalal 2005) between sRGB colours, and the same after
 * simulating protanopia or deuteranopia with Machado, Oliveira and
 * Fernandes (2009), severity 1, on linear RGB. For the tests of the
 * cards' class colours.
 */
#ifndef COLOUR_VISION_H
#define COLOUR_VISION_H

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum cv_vision { CV_NORMAL, CV_PROTAN, CV_DEUTAN };

struct cv_lab {
	double l, a, b;
};

static double
cv_lin(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double
cv_clamp(double v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

static double
cv_f(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

/* 0xRRGGBB as CIELAB (D65), as a viewer with vision v sees it. */
static struct cv_lab
cv_lab(unsigned rgb, enum cv_vision v)
{
	static const double m[3][3][3] = {
		{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		{ { 0.152286, 1.052583, -0.204868 },
		    { 0.114503, 0.786281, 0.099216 },
		    { -0.003882, -0.048116, 1.051998 } },
		{ { 0.367322, 0.860646, -0.227968 },
		    { 0.280085, 0.672501, 0.047413 },
		    { -0.011820, 0.042940, 0.968881 } },
	};
	double c[3], s[3], x, y, z;
	struct cv_lab o;
	int i;

	c[0] = cv_lin(((rgb >> 16) & 0xff) / 255.0);
	c[1] = cv_lin(((rgb >> 8) & 0xff) / 255.0);
	c[2] = cv_lin((rgb & 0xff) / 255.0);
	for (i = 0; i < 3; i++)
		s[i] = cv_clamp(
		    m[v][i][0] * c[0] + m[v][i][1] * c[1] + m[v][i][2] * c[2]);
	x = (0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2]) / 0.95047;
	y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
	z = (0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2]) / 1.08883;
	o.l = 116 * cv_f(y) - 16;
	o.a = 500 * (cv_f(x) - cv_f(y));
	o.b = 200 * (cv_f(y) - cv_f(z));
	return o;
}

static double
cv_deg(double r)
{
	return r * 180 / M_PI;
}

static double
cv_rad(double d)
{
	return d * M_PI / 180;
}

/* CIEDE2000 between two CIELAB colours (kL = kC = kH = 1). */
static double
cv_de2000(struct cv_lab p, struct cv_lab q)
{
	double c1 = hypot(p.a, p.b), c2 = hypot(q.a, q.b), cb = (c1 + c2) / 2;
	double g = 0.5 * (1 - sqrt(pow(cb, 7) / (pow(cb, 7) + pow(25, 7))));
	double a1 = (1 + g) * p.a, a2 = (1 + g) * q.a;
	double c1p = hypot(a1, p.b), c2p = hypot(a2, q.b);
	double h1 = (a1 == 0 && p.b == 0) ? 0 : cv_deg(atan2(p.b, a1));
	double h2 = (a2 == 0 && q.b == 0) ? 0 : cv_deg(atan2(q.b, a2));
	double dl, dc, dh, dhh, lb, cbp, hb, t, dt, rc, sl, sc, sh, rt;

	if (h1 < 0)
		h1 += 360;
	if (h2 < 0)
		h2 += 360;
	dl = q.l - p.l;
	dc = c2p - c1p;
	if (c1p * c2p == 0)
		dh = 0;
	else if (fabs(h2 - h1) <= 180)
		dh = h2 - h1;
	else if (h2 - h1 > 180)
		dh = h2 - h1 - 360;
	else
		dh = h2 - h1 + 360;
	dhh = 2 * sqrt(c1p * c2p) * sin(cv_rad(dh / 2));
	lb = (p.l + q.l) / 2;
	cbp = (c1p + c2p) / 2;
	if (c1p * c2p == 0)
		hb = h1 + h2;
	else if (fabs(h1 - h2) <= 180)
		hb = (h1 + h2) / 2;
	else if (h1 + h2 < 360)
		hb = (h1 + h2 + 360) / 2;
	else
		hb = (h1 + h2 - 360) / 2;
	t = 1 - 0.17 * cos(cv_rad(hb - 30)) + 0.24 * cos(cv_rad(2 * hb)) +
	    0.32 * cos(cv_rad(3 * hb + 6)) - 0.20 * cos(cv_rad(4 * hb - 63));
	dt = 30 * exp(-pow((hb - 275) / 25, 2));
	rc = 2 * sqrt(pow(cbp, 7) / (pow(cbp, 7) + pow(25, 7)));
	sl = 1 + 0.015 * pow(lb - 50, 2) / sqrt(20 + pow(lb - 50, 2));
	sc = 1 + 0.045 * cbp;
	sh = 1 + 0.015 * cbp * t;
	rt = -sin(cv_rad(2 * dt)) * rc;
	return sqrt(pow(dl / sl, 2) + pow(dc / sc, 2) + pow(dhh / sh, 2) +
	    rt * (dc / sc) * (dhh / sh));
}

/* ΔE2000 between two sRGB colours as a viewer with vision v sees them. */
static double
cv_distance(unsigned x, unsigned y, enum cv_vision v)
{
	return cv_de2000(cv_lab(x, v), cv_lab(y, v));
}

/* WCAG's contrast ratio of white on 0xRRGGBB. */
static double
cv_white_contrast(unsigned rgb)
{
	double y = 0.2126 * cv_lin(((rgb >> 16) & 0xff) / 255.0) +
	    0.7152 * cv_lin(((rgb >> 8) & 0xff) / 255.0) +
	    0.0722 * cv_lin((rgb & 0xff) / 255.0);

	return 1.05 / (y + 0.05);
}

#endif
