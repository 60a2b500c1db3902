#!/usr/bin/env python3
"""The layers at link level: each global symbol an object of src/LAYER
uses is defined in a layer that LAYER may use (layers.rules), read from
nm of the built objects. The include check (layers_deps.py) sees what a
file may name; this one sees what it calls, which a declaration written
by hand, without the header, would hide from the first.

usage: layers_link.py OBJDIR RULES  (OBJDIR: build/src, its LAYER/*.o and
LAYER/FOLDER/*.o)
"""
import glob
import os
import subprocess
import sys


def rules(path):
    may = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if len(w) >= 2 and w[0] == "layer":
                may[w[1]] = set(w[2:])
    return may


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        w = line.split()
        if len(w) == 2 and w[0] == "U":
            used.add(w[1])
        elif len(w) == 3 and w[1] in "TDBRCV":
            defined.add(w[2])
    return defined, used


def main():
    objdir, rulesfile = sys.argv[1], sys.argv[2]
    may = rules(rulesfile)
    where, uses = {}, {}
    for layer in may:
        # Objects in a folder of the layer's folder (a product,
        # render/NAME/) are the layer's.
        for obj in sorted(glob.glob(os.path.join(objdir, layer, "**", "*.o"),
                                    recursive=True)):
            d, u = symbols(obj)
            for s in d:
                where[s] = layer
            uses[obj] = (layer, u)
    if not uses:
        print("FAIL: layers at link level: no objects under " + objdir)
        return
    bad = []
    for obj, (layer, used) in sorted(uses.items()):
        for s in sorted(used):
            to = where.get(s)
            if to is not None and to not in may[layer]:
                bad.append("%s (%s) calls %s of %s" % (obj, layer, s, to))
    if bad:
        for b in bad:
            print("FAIL: layers at link level: " + b)
    else:
        print("PASS: layers at link level: %d objects call only down"
              % len(uses))


main()
