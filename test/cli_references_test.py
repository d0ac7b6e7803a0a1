#!/usr/bin/env python3
"""`rvimport dump --json --data-root` against ../shared/samples/textures/references.tsv.

references.tsv was made by an independent tool (the samples' collector) that resolved every
texture and material reference of each real model against the mod repositories. For every model
listed there, our references must be the same (reference, source) pairs, and each must resolve as
the table says: a `data-root/<path>` row to that file (or to nothing, when the file was left out
of the folder for size), `procedural` to procedural, `missing: ...` to missing or unsafe. (The
table lists an .rvmat's stage textures under the first model naming it; the others are checked
against that listing.)

usage: cli_references_test.py RVIMPORT SAMPLES_DIR   (exit 77 = skipped: no samples)
"""
import csv, json, os, subprocess, sys


def escaped(s):
    # references.tsv writes control bytes as \\xNN
    return "".join("\\x%02x" % ord(c) if ord(c) < 0x20 or ord(c) == 0x7F else c for c in s)


def main():
    rvimport, samples = sys.argv[1], os.environ.get("RV_SAMPLES_DIR") or sys.argv[2]
    table = os.path.join(samples, "textures", "references.tsv")
    root = os.path.join(samples, "textures", "data-root")
    if not os.path.isfile(table) or not os.path.isdir(root):
        print("skipped: %s absent" % table)
        return 77
    expected, rvmat_stages = {}, {}
    with open(table, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["reference"], row["source"])
            expected.setdefault(row["model"], {})[key] = row["resolution"]
            if row["source"].startswith("rvmat-stage:"):
                rvmat_stages[key] = row["resolution"]
    failures, checked = [], 0
    for model, refs in sorted(expected.items()):
        out = subprocess.run([rvimport, "dump", "--json", "--data-root", root, os.path.join(samples, model)],
                             capture_output=True)
        if out.returncode != 0:
            failures.append("%s: exit %d: %s" % (model, out.returncode, out.stderr.decode(errors="replace")[:200]))
            continue
        ours = {(escaped(r["reference"]), r["source"]): r["resolution"]
                for r in json.loads(out.stdout.decode("utf-8", errors="surrogateescape"))["references"]}
        # The table lists an .rvmat's stages under the first model that names it only; ours
        # lists them under every model, checked against that first listing.
        for key in set(ours) - set(refs):
            if key in rvmat_stages:
                refs[key] = rvmat_stages[key]
        if set(ours) != set(refs):
            failures.append("%s: only ours %s; only the table's %s" % (model, sorted(set(ours) - set(refs)),
                                                                      sorted(set(refs) - set(ours))))
            continue
        for key, want in refs.items():
            got = ours[key]
            checked += 1
            if want.startswith("data-root/"):
                path = want[len("data-root/"):]
                if os.path.isfile(os.path.join(root, path)):
                    ok = got == "file " + path
                else:  # resolved by the collector, left out of the folder for size
                    ok = got.startswith("missing:")
            elif want == "procedural":
                ok = got == "procedural"
            else:
                ok = got.startswith("missing:") or got.startswith("unsafe:")
            if not ok:
                failures.append("%s: %s from %s: table says %r, we say %r" % (model, key[0], key[1], want, got))
    # RV_IMPORT_DATA_ROOT is the same data root as --data-root (the front door reads both), for
    # `info` and `dump` alike; a data root that does not exist is an error, not nothing.
    env = dict(os.environ, RV_IMPORT_DATA_ROOT=root)
    for model in sorted(expected)[:5]:
        for verb in (["info"], ["dump", "--json"]):
            given = subprocess.run([rvimport, *verb, "--data-root", root, os.path.join(samples, model)], capture_output=True)
            from_env = subprocess.run([rvimport, *verb, os.path.join(samples, model)], capture_output=True, env=env)
            if given.returncode != 0 or given.stdout != from_env.stdout:
                failures.append("%s %s: RV_IMPORT_DATA_ROOT differs from --data-root" % (" ".join(verb), model))
    missing = subprocess.run([rvimport, "info", "--data-root", os.path.join(root, "no_such_folder"),
                              os.path.join(samples, sorted(expected)[0])], capture_output=True)
    if missing.returncode == 0 or b"no_such_folder" not in missing.stderr:
        failures.append("a missing data root: exit %d %s" % (missing.returncode, missing.stderr[:200]))
    print("%d models, %d references compared" % (len(expected), checked))
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
