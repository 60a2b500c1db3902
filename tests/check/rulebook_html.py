#!/usr/bin/env python3
"""rulebook_html.py BIN: the rulebook as one HTML file (issue 38), read
back by Python's HTML parser and, where installed, by headless Chromium's
DOM: for each bundled ruleset, the page's language is the ruleset's, its
headings are the ruleset's in order (but the test games', which a book
does not print), its tables are there, each example of play is a figure
of inline SVG with an accessible name, every link inside the page finds
its anchor, and the file asks for nothing from elsewhere (no script, no
stylesheet, picture or font fetched: pictures are data: URIs). Prints
PASS/FAIL lines."""
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile

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
        if tag in ("script", "link", "iframe", "object", "embed"):
            self.fetch.append(tag)
        if tag in ("img", "source", "video", "audio") and not a.get("src", "data:").startswith("data:"):
            self.fetch.append("%s %s" % (tag, a.get("src")))

    def handle_endtag(self, tag):
        if self.inh is not None and tag == "h%d" % self.inh:
            self.heads.append((self.inh, " ".join(self.text.split())))
            self.inh = None

    def handle_data(self, d):
        if self.inh is not None:
            self.text += d


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
