#!/usr/bin/env python3
# rulebook_pages.py SOURCE.md BOOK.pdf DUMP: the pages of a rulebook as a
# player reads them (issue 35, narrow paper). Prints one line per fault:
#   word PAGE: a word of the source broken across two lines without a
#       hyphen ("Warde/ns"), or a line that begins with a full stop or
#       comma alone;
#   heading PAGE: a heading (or a table's caption) is the last thing on
#       a page, or in a column of a book in two (the dump's boxes by
#       their left edge);
#   row PAGE: a table piece holds a single row of a longer table.
# The words come from pdftotext -bbox (a word and the words under it),
# the headings and table pieces from the product's own --dump.
import re, subprocess, sys, html

src, pdf, dump = sys.argv[1:4]
text = open(src, encoding="utf-8").read()
words = set(w.lower() for w in re.findall(r"[^\W\d_]+", text))
faults = []

xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"],
                     capture_output=True, text=True).stdout
page = 0
for pg in re.findall(r"<page .*?</page>", xml, re.S):
    page += 1
    ws = [(float(x0), float(y0), float(x1), float(y1), html.unescape(t))
          for x0, y0, x1, y1, t in re.findall(
              r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
              r'yMax="([\d.]+)">(.*?)</word>', pg)]
    for x0, y0, x1, y1, t in ws:
        if re.fullmatch(r"[.,;:!?]", t):
            faults.append("word %d: '%s' alone (at %.0f, %.0f)"
                          % (page, t, x0, y0))
    # A word that is no word of the source, the first part of one with
    # a word on the next line that begins at or left of it (in its
    # cell): "Warde" over "ns", "backb" over "one.".
    for x0, y0, x1, y1, a in ws:
        ma = re.search(r"([^\W\d_]+)$", a)
        if (not ma or a[-1] in "-\u2010\u00ad" or
                ma.group(1).lower() in words):
            continue
        h = y1 - y0
        for bx0, by0, bx1, by1, b in ws:
            if not (y0 + 0.5 * h < by0 < y0 + 2 * h and
                    x0 - 80 <= bx0 <= x0 + 1):
                continue
            mb = re.match(r"([^\W\d_]+)", b)
            if not mb:
                continue
            whole = (ma.group(1) + mb.group(1)).lower()
            if whole in words:
                faults.append("word %d: '%s' / '%s' ('%s' broken without "
                              "a hyphen)" % (page, a, b, whole))
                break

# The dump: "KIND PAGE X Y W H N ...". The last box of each page's
# column (by its bottom) must not be a heading nor a table's caption; a table piece
# "rows A-B of N" holds more than one row of a table of several rows.
last = {}
for ln in open(dump, encoding="utf-8"):
    f = ln.rstrip("\n").split("\t")
    if len(f) < 7 or f[0] in ("page", "frame"):
        continue
    p, y, h = (int(f[1]), round(float(f[2]))), float(f[3]), float(f[5])
    if p not in last or y + h > last[p][0]:
        last[p] = (y + h, f[0], f[6])
    m = re.search(r"rows (\d+)-(\d+) of (\d+)", f[6])
    if f[0] == "table" and m:
        a, b, n = map(int, m.groups())
        if n > 2 and b - a < 2 and not (a == 0 and b == n):
            faults.append("row %d: rows %d-%d of %d alone" % (p[0], a, b, n))
for p, (bot, kind, rest) in sorted(last.items()):
    if kind in ("heading", "caption"):
        faults.append("heading %d: the column at x %d ends with the %s "
                      "'%s'" % (p[0], p[1], kind, rest))
for f in faults:
    print(f)
