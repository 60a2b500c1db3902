#!/usr/bin/env python3
"""rulebook_html.py BIN: the rulebook as one HTML file (issue 38), read
back by Python's HTML parser and, where installed, by headless Chromium's
DOM: for each bundled ruleset, the page's language is the ruleset's, its
headings are the ruleset's in order (but the test games', which a book
does not print), its tables are there, each example of play is a figure
of inline SVG with an accessible name, every link inside the page finds
its anchor, and the file asks for nothing from elsewhere (no script, no
stylesheet, picture or font fetched: pictures are data: URIs). And it
says what the PDF book says: its index has the PDF index's terms in the
PDF's order (read from the PDF's structure tree, pdfinfo -struct-text),
each a link to the places the term is in; its title page's lines, its
tables' columns and the rules a settings table is said as are the PDF's;
a spreadsheet's table, the notes, the cover picture are there; two runs
write the same bytes. Prints PASS/FAIL lines."""
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

BIN = sys.argv[1] if len(sys.argv) > 1 else "./sandtable"
T = tempfile.mkdtemp()
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")


def ok(what, cond, why=""):
    print(("PASS: %s" % what) if cond else ("FAIL: %s: %s" % (what, why)))


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.lang = None
        self.heads, self.ids, self.hrefs, self.fetch = [], set(), [], []
        self.tables = self.figures = self.svgs = 0
        self.labels = []
        self.inh = None
        self.text = ""
        # The index: each entry's term and its links; the header's and
        # footer's text; the table's header cells; the list items.
        self.inindex = self.inli = False
        self.index, self.ths, self.lis, self.front = [], [], [], ""
        self.inth = self.infront = False
        self.cur = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "html":
            self.lang = a.get("lang")
        if re.fullmatch(r"h[1-4]", tag):
            self.inh = int(tag[1])
            self.text = ""
        if tag == "table":
            self.tables += 1
        if tag == "figure":
            self.figures += 1
            self.labels.append(a.get("aria-label", ""))
        if tag == "svg":
            self.svgs += 1
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
            if self.inli and self.inindex:
                self.index[-1][1].append(a["href"])
        if tag == "section" and "index" in a.get("class", ""):
            self.inindex = True
            self.role = a.get("role")
        if tag == "li":
            self.inli = True
            self.cur = ""
            if self.inindex:
                self.index.append(["", []])
        if tag == "th":
            self.inth = True
            self.cur = ""
        if tag in ("header", "footer"):
            self.infront = True
        if tag in ("script", "link", "iframe", "object", "embed"):
            self.fetch.append(tag)
        if tag in ("img", "source", "video", "audio") and not a.get("src", "data:").startswith("data:"):
            self.fetch.append("%s %s" % (tag, a.get("src")))

    def handle_endtag(self, tag):
        if tag == "section":
            self.inindex = False
        if tag == "li" and self.inli:
            self.inli = False
            self.lis.append(" ".join(self.cur.split()))
            if self.inindex:
                self.index[-1][0] = self.cur.split(" \u2014 ")[0].strip()
        if tag == "th":
            self.inth = False
            self.ths.append(" ".join(self.cur.split()))
        if tag in ("header", "footer"):
            self.infront = False
        if self.inh is not None and tag == "h%d" % self.inh:
            self.heads.append((self.inh, " ".join(self.text.split())))
            self.inh = None

    def handle_data(self, d):
        if self.inh is not None:
            self.text += d
        if self.inli or self.inth:
            self.cur += d
        if self.infront:
            self.front += " " + d


def md_heads(path):
    out, skip, fm = [], False, 0
    for line in open(path, encoding="utf-8"):
        if line.strip() == "---" and fm < 2:
            fm += 1
            continue
        if fm < 2:
            continue
        m = re.match(r"^(#{1,4}) (.*)$", line.rstrip())
        if m:
            lvl = len(m.group(1))
            if lvl <= 2:
                skip = m.group(2).strip() == "Test games"
            if not skip:
                text = re.sub(r"[*_`]", "", m.group(2)).strip()
                out.append((lvl, text))
    return out


chrome = shutil.which("chromium") or shutil.which("chromium-browser")
for r in ("morschauser-modern", "gauntlet-ancients", "dice-skirmish", "cinder-vale"):
    out = os.path.join(T, r + ".html")
    p = subprocess.run([BIN, "rulebook", "-q", "rulesets/%s.md" % r, "-o", out],
                       env=ENV, capture_output=True, text=True)
    if p.returncode != 0:
        ok("%s: rulebook -o book.html" % r, False, p.stderr[:300])
        continue
    page = Page()
    page.feed(open(out, encoding="utf-8").read())
    # The PDF book of the same ruleset: the same examples.
    pdf = os.path.join(T, r + ".pdf")
    subprocess.run([BIN, "rulebook", "-q", "rulesets/%s.md" % r, "-o", pdf],
                   env=ENV, capture_output=True)
    nex = len(re.findall(r"(?m)^Example [0-9]+ · ", subprocess.run(
        ["pdftotext", pdf, "-"], capture_output=True, text=True).stdout))
    want = md_heads("rulesets/%s.md" % r)
    got = [h for h in page.heads if h[1] != "Contents"]
    ok("%s: the ruleset's %d headings, in order and at their levels" % (r, len(want)),
       got[:len(want)] == want, "first difference: %r" %
       (next(((a, b) for a, b in zip(want, got) if a != b), (want[len(got):][:1], "")),))
    lang = open("rulesets/%s.md" % r).read().split("\nlang:")
    ok("%s: lang=\"%s\"" % (r, page.lang), page.lang is not None and
       (len(lang) < 2 or lang[1].split()[0] == page.lang))
    ok("%s: %d tables, %d examples of play as figures of inline SVG, each named, as the PDF book's %d"
       % (r, page.tables, page.figures, nex),
       page.tables >= 2 and page.figures == nex and nex >= 7 and page.svgs >= nex and
       all(l.startswith("Example ") for l in page.labels), "%d tables %d figures %d svg" %
       (page.tables, page.figures, page.svgs))
    inner = [h[1:] for h in page.hrefs if h.startswith("#")]
    lost = [h for h in inner if h not in page.ids]
    ok("%s: its %d links inside the page find their anchors" % (r, len(inner)),
       inner and not lost, str(lost[:3]))
    ok("%s: nothing fetched from elsewhere" % r, not page.fetch, str(page.fetch[:3]))
    # The PDF's index, its table headers (its structure tree) and its
    # first page (pdftotext).
    st = subprocess.run(["pdfinfo", "-struct-text", pdf], capture_output=True,
                        text=True).stdout.splitlines()
    # Its text: poppler ends a string at a ligature (the rest of it
    # lost); a P's or a TH's strings joined. A table split between pages
    # is two, the second right after the first with the same header row:
    # that row once.
    pidx, prows, ind, ith, itr = [], [], None, None, None
    prev = {}
    for ln in st:
        d = len(ln) - len(ln.lstrip())
        w = ln.strip()
        if ind is not None and d <= ind:
            ind = None
        if ith is not None and d <= ith:
            ith = None
        if itr is not None and d <= itr:
            itr = None
        if not w.startswith('"'):
            name = w.split()[0]
            if name == "Table":
                prows.append([prev.get(d) == "Table", []])
            prev[d] = name
        if w == "Index":
            ind = d
        elif ind is not None and w.startswith("P "):
            pidx.append("")
        elif w == "TR":
            itr = d
        elif w.startswith("TH") and itr is not None and prows:
            ith = d
            prows[-1][1].append("")
        m = re.match(r'^"(.*)"$', w)
        if m and ind is not None and pidx:
            pidx[-1] += m.group(1)
        if m and ith is not None:
            prows[-1][1][-1] += m.group(1)
    pths, last = [], None
    for cont, row in prows:
        row = [" ".join(c.split()) for c in row]
        if not (cont and row == last):
            pths += row
        last = row

    def same(p, t, rest=""):
        """PDF text p says t (then rest): t whole, or up to a ligature
        that ends p."""
        if re.fullmatch(re.escape(t) + rest, p):
            return True
        n = unicodedata.normalize("NFKC", p)
        return p != n and "\ufb00" <= p[-1] <= "\ufb06" and t.startswith(n)
    terms = [e[0] for e in page.index]
    bad = [(p, t) for p, t in zip(pidx, terms)
           if not same(p, t, r"[0-9]+(, [0-9]+)*")]
    ok("%s: the index's %d terms are the PDF index's %d, in its order" %
       (r, len(terms), len(pidx)), pidx and len(pidx) == len(terms) and not bad,
       "first difference: %r" % (bad[:1] or (pidx[len(terms):][:1], terms[len(pidx):][:1]),))
    ok("%s: each entry of the index links to a place in the page" % r,
       page.index and all(e[1] and all(h[1:] in page.ids for h in e[1]) for e in page.index),
       str([e for e in page.index if not e[1]][:2]))
    ok("%s: the index is a line of the contents, an index to a screen reader" % r,
       "#index-of-rules" in page.hrefs and "index-of-rules" in page.ids and
       getattr(page, "role", None) == "doc-index")
    hths = [t for t in page.ths]
    ok("%s: the tables' %d columns are the PDF's (the engine's left out)" % (r, len(hths)),
       len(pths) == len(hths) and all(same(x, y) for x, y in zip(pths, hths)),
       "first difference at %d: PDF %r, HTML %r" % (
           next((i for i, (x, y) in enumerate(zip(pths, hths)) if not same(x, y)), min(len(pths), len(hths))),
           pths[:40], hths[:40]))
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", pdf, "-"],
                           capture_output=True, text=True).stdout
    # The title: the header's, or the ruleset's # heading the header is under.
    front = " ".join((page.front + " " + " ".join(h[1] for h in page.heads if h[0] == 1)).split())
    lost = [l.strip() for l in first.splitlines() if l.strip() and
            " ".join(l.split()) not in front]
    ok("%s: the title page's lines are in the page's title, header and footer" % r, not lost,
       "missing: %r" % lost[:3])
    body = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
    # Each bullet's first words (its first line, a word broken at its
    # end left out).
    rules = [" ".join(l[2:].replace("\u00ad", "").split()[:-1])
             for l in body.splitlines() if l.startswith("\u2022 ")]
    flat = " ".join(page.lis)
    lost = [x for x in rules if x not in flat]
    ok("%s: the PDF's %d bullets (a settings table said as rules too) are items of a list"
       % (r, len(rules)), rules and not lost, "missing: %r" % lost[:2])
    again = os.path.join(T, r + "-2.html")
    subprocess.run([BIN, "rulebook", "-q", "rulesets/%s.md" % r, "-o", again],
                   env=ENV, capture_output=True)
    ok("%s: two runs write the same bytes" % r,
       open(again, "rb").read() == open(out, "rb").read())
    if chrome and r == "morschauser-modern":
        d = subprocess.run([chrome, "--headless", "--no-sandbox", "--disable-gpu",
                            "--dump-dom", "file://" + out], capture_output=True,
                           text=True, timeout=120)
        dom = d.stdout
        ok("%s: Chromium's DOM has the headings, tables and figures" % r,
           "<h2 id=\"fire\">" in dom and dom.count("<table") == page.tables
           and dom.count("<figure") == nex, "%d bytes of DOM" % len(dom))
        shot = os.path.join(T, "phone.png")
        subprocess.run([chrome, "--headless", "--no-sandbox", "--disable-gpu",
                        "--screenshot=" + shot, "--window-size=420,900",
                        "file://" + out], capture_output=True, timeout=120)
        ok("%s: Chromium draws it at a phone's width" % r,
           os.path.exists(shot) and os.path.getsize(shot) > 10000)


# A ruleset of the test's own: a table from a spreadsheet, notes, a cover.
d = os.path.join(T, "own")
os.makedirs(d)
import base64
open(os.path.join(d, "cover.png"), "wb").write(base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="))
open(os.path.join(d, "units.csv"), "w").write(
    "Unit,Class,Move,Weapons,Notes\nPikemen,infantry,4,Pike,Slow.\n"
    "Hussars,cavalry,14,Sabre,Dash in.\n")
open(os.path.join(d, "ford.md"), "w").write("""---
title: Ford Fight
author: B. Tester
year: 2025
version: "2.1"
engine: none
cover: cover.png
units: units.csv
---

# Ford Fight

A **skirmish** at a ford.[^1]

## Units

## Weapons

| Weapon | Range | Notes |
|--------|-------|-------|
| Pike   | 1     | Long. |
| Sabre  | 1     | Sharp. |

## Winning

Hold the **ford**.[^2] See [the last word](#dont-panic-ab).

## Don't panic (A/B)

Roll again.

[^1]: The first note.
[^2]: The second note.
""")
out = os.path.join(d, "ford.html")
p = subprocess.run([BIN, "rulebook", "-q", os.path.join(d, "ford.md"), "-o", out],
                   env=ENV, capture_output=True, text=True)
h = open(out, encoding="utf-8").read() if p.returncode == 0 else ""
ok("own: the spreadsheet's table is printed, its names in the index",
   "<td>Hussars</td>" in h and re.search(r'<li>Hussars \u2014 <a href="#[^"]+">Units</a>', h),
   p.stderr[:300])
ok("own: each note at the end of the section that refers to it",
   re.search(r"A <strong>skirmish</strong>.*?</p>\s*<aside class=\"notes\">.*?The first note.*?</aside>\s*<h2",
             h, re.S) is not None and
   re.search(r"Hold the.*?<aside class=\"notes\">.*?The second note", h, re.S) is not None)
ok("own: the cover picture, inlined", re.search(r'<img src="data:image/png;base64,[^"]+" alt="Cover picture"', h)
   is not None)
ok("own: a link to a heading as GitHub names it finds it, as in the PDF",
   '<h2 id="dont-panic-ab">' in h and 'href="#dont-panic-ab"' in h)
