#!/usr/bin/env python3
"""rulebook_examples.py BIN: the examples of play draw their units' labels
clear of the steps' lines (issue 35): in Modern's Example 1 (a rifle fires
at a machine gun) no dark pixel of the fire line lies on the shooter's
label, a white letter on its blue marker. Prints PASS/FAIL lines."""
import os
import re
import subprocess
import sys
import tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else "./sandtable"
DPI = 300


def pgm(path):
    data = open(path, "rb").read()
    # P5 width height maxval, then bytes
    parts = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(parts.group(1)), int(parts.group(2))
    return w, h, data[parts.end():]


def main():
    tmp = tempfile.mkdtemp()
    pdf = os.path.join(tmp, "rb.pdf")
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    r = subprocess.run([BIN, "rulebook", "-q", "rulesets/morschauser-modern.md",
                        "-o", pdf], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        print("FAIL: rulebook: " + r.stderr[:300])
        return
    box = subprocess.run(["pdftotext", "-bbox", pdf, "-"],
                         capture_output=True, text=True).stdout
    page = 0
    label = None
    state = 0
    for line in box.splitlines():
        if "<page " in line:
            page += 1
        m = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                      r'yMax="([\d.]+)">([^<]*)<', line)
        if not m:
            continue
        word = m.group(5)
        # The diagram's labels come after the caption "Example 1 · …"
        # and before the text's "Blue:".
        if state == 0 and word == "Example":
            state = 1
        elif state == 1:
            state = 2 if word == "1" else 0
        elif state == 2 and word == "Blue:":
            break
        elif state == 2 and word == "A":
            label = [float(m.group(i)) for i in range(1, 5)]
            break
    if label is None:
        print("FAIL: Example 1: no label A in its diagram")
        return
    k = DPI / 72.0
    x0, y0 = int((label[0] + 0.6) * k), int((label[1] + 0.6) * k)
    x1, y1 = int((label[2] - 0.6) * k), int((label[3] - 0.6) * k)
    out = os.path.join(tmp, "crop")
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), "-f", str(page),
                    "-l", str(page), "-x", str(x0), "-y", str(y0),
                    "-W", str(x1 - x0), "-H", str(y1 - y0), "-singlefile",
                    pdf, out], check=True)
    w, h, px = pgm(out + ".pgm")
    dark = sum(1 for v in px[: w * h] if v < 45)
    if dark == 0:
        print("PASS: Example 1: the fire line does not cross the shooter's label")
    else:
        print("FAIL: Example 1: the fire line does not cross the shooter's "
              "label: %d dark pixels on it" % dark)


main()
