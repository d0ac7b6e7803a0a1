#!/usr/bin/env python3
"""The docs match the program (issue 38).

  docs_test.py commands RVIMPORT RV_MAKE_DEMO WORK_DIR
      Every `rvimport ...` command that README.md and docs/*.md show, fenced or inline, is run on
      the demo model and world (rv_make_demo) with its placeholders filled in (MODEL.p3d, WORLD.wrp,
      DIR, X.pbo, TEX.paa...) and its optional [...] parts left out; each must exit 0. Every option
      a usage line names must be one that `rvimport help VERB` lists. A bare verb in prose
      ("`rvimport export` writes...") names the verb: it must be one `rvimport help` knows.
  docs_test.py names DIST_DIR VERSION
      Every release file name the docs promise (`io_import_rv-<version>.zip`, ...) is one that
      scripts/package.sh made in DIST_DIR, and every file it made is named by the docs.
"""
import glob, os, re, shlex, struct, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbo_fixture import solid_paa, write_pbo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def doc_texts():
    for path in [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        with open(path, encoding="utf-8") as f:
            yield os.path.relpath(path, ROOT), f.read()


def shown_commands():
    """(doc, command, exit code) for every fenced line and inline code span that starts with
    `rvimport `; the exit code is 0 unless the text right after the span says "(exit N)"."""
    for doc, text in doc_texts():
        for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
            for line in block.splitlines():
                line = re.sub(r"^\s*[$>]\s*", "", line.split(" #")[0]).strip()
                if line.startswith("rvimport "):
                    yield doc, line, 0
        for m in re.finditer(r"`(rvimport [^`]+)`([^`\n]{0,60})", re.sub(r"```.*?```", "", text, flags=re.S)):
            exit_code = re.search(r"\(exit (\d)\)", m.group(2))  # "`rvimport export X.rtm OUT` refuses ... (exit 1)"
            yield doc, " ".join(m.group(1).split()), int(exit_code.group(1)) if exit_code else 0


def without_optional(command):
    """The command with its [...] parts, alternatives after '|' and '...' repeats left out."""
    while True:
        shorter = re.sub(r"\s*\[[^\[\]]*\]", "", command)
        if shorter == command:
            break
        command = shorter
    command = re.sub(r"\b(\S+?)\|\S+", r"\1", command)
    return command.replace("...", "").strip()


def rtm(path):
    """An RTM_0101 animation: one bone, two frames of the identity."""
    identity = struct.pack("<12f", 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)
    name = b"bone1".ljust(32, b"\0")
    with open(path, "wb") as f:
        f.write(b"RTM_0101" + struct.pack("<3f2I", 0, 0, 0, 2, 1) + name +
                b"".join(struct.pack("<f", phase) + name + identity for phase in (0.0, 1.0)))


class Inputs:
    """The files the placeholders stand for, made once in `work`."""

    def __init__(self, make_demo, work):
        self.work, self.n = work, 0
        self.model, self.world = os.path.join(work, "rv_crate.p3d"), os.path.join(work, "rv_world.wrp")
        subprocess.run([make_demo, self.model, self.world], check=True)
        self.root = os.path.join(work, "root")
        self.texture = os.path.join(work, "tex.paa")
        with open(self.texture, "wb") as f:
            f.write(solid_paa(0xF800, 4))
        self.pbo = os.path.join(work, "demo.pbo")
        write_pbo(self.pbo, "demo", [("rv_crate.p3d", open(self.model, "rb").read()), ("tex.paa", open(self.texture, "rb").read())])
        self.in_dir = os.path.join(work, "in")
        os.makedirs(os.path.join(self.root, "rv", "demo"))
        os.makedirs(self.in_dir)
        os.link(self.model, os.path.join(self.in_dir, "rv_crate.p3d"))
        self.animation = os.path.join(work, "walk.rtm")
        rtm(self.animation)
        self.config = os.path.join(work, "config.cpp")
        with open(self.config, "w") as f:
            f.write('#define NAME "crate"\nclass CfgPatches { class demo { name = NAME; }; };\n')

    def fresh(self, stem):
        self.n += 1
        os.makedirs(os.path.join(self.work, "out%d" % self.n))
        return os.path.join(self.work, "out%d" % self.n, stem)

    def fill(self, words):
        """The words with each placeholder replaced by a file or value; None when one is unknown."""
        out, model_like = [], {"MODEL.p3d", "MODEL", "IN", "FILE", "MAN.p3d"}
        for i, w in enumerate(words):
            prev = words[i - 1] if i else ""
            if w in model_like:
                out.append(self.model)
            elif w == "WORLD.wrp":
                out.append(self.world)
            elif prev in ("--data-root", "--include-root"):  # DIR, DATA, P:\\, the samples' textures/data-root
                out.append(self.root)
            elif w == "DIR" and "pbo" in words:
                out.append(self.fresh("extracted"))
            elif w in ("TEX.paa", "x.paa"):
                out.append(self.texture)
            elif w == "X.rtm":
                out.append(self.animation)
            elif w == "X.pbo":
                out.append(self.pbo)
            elif w == "IN_DIR":
                out.append(self.in_dir)
            elif w in ("OUT_DIR", "OUTDIR", "OUTDIR/"):
                out.append(self.fresh("dir") + ("/" if w.endswith("/") else ""))
            elif re.fullmatch(r"(OUT|out)(\.\w+)?|dem\.asc|objects\.txt", w):
                ext = os.path.splitext(w)[1] or (".png" if self.texture in out else ".glb")
                out.append(self.fresh("out" + ext))
            elif w == "config.cpp":
                out.append(self.config)
            elif w == "VERB":
                out.append("export")
            elif w == "EXT":
                out.append("p3d")
            elif w == "ID":
                out.append("glb2")
            elif re.fullmatch(r"[A-Z][A-Z_.]*", w) and w not in ("N",):
                return None  # a placeholder this test has no file for
            else:
                out.append(w)
        return out


def help_options(rvimport, verb, cache={}):
    if verb not in cache:
        p = subprocess.run([rvimport, "help", verb], capture_output=True, text=True)
        cache[verb] = (p.returncode, set(re.findall(r"--[a-z][a-z-]*", p.stdout)))
    return cache[verb]


NEEDS_ARGUMENTS = {"export", "info", "dump", "map", "batch", "bench", "pbo", "preprocess", "exportinfo", "knowext"}


def commands(rvimport, make_demo, work):
    import shutil
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    inputs = Inputs(make_demo, work)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RV_IMPORT_")}
    ran = mentions = 0
    for doc, shown, expected in shown_commands():
        words = shlex.split(shown.replace("\\", "\\\\"))
        verb = words[1] if len(words) > 1 else ""
        if re.fullmatch(r"[\d.]+", verb):  # `rvimport 0.2.0 (Assimp ...)`: what `version` prints
            continue
        rc, options = help_options(rvimport, verb if verb != "VERB" else "export")
        if verb == "batch":  # batch takes export's options, as its help says
            options = options | help_options(rvimport, "export")[1]
        check(rc == 0, "%s: `%s` names a verb that `rvimport help` knows" % (doc, shown))
        for option in re.findall(r"--[a-z][a-z-]*", shown):
            check(option in options or option == "--help",
                  "%s: `%s`: %s is an option of `rvimport help %s`" % (doc, shown, option, verb))
        words = shlex.split(without_optional(shown).replace("\\", "\\\\"))
        if verb in NEEDS_ARGUMENTS and (len(words) == 2 or words[2:] == ["--json"] or words[2:] == ["list"]):
            mentions += 1  # the verb named in prose, not a command to run
            continue
        filled = inputs.fill(words)
        if filled is None:
            check(False, "%s: `%s` has a placeholder this test cannot fill" % (doc, shown))
            continue
        p = subprocess.run([rvimport] + filled[1:], capture_output=True, cwd=work, env=env)
        ran += 1
        why = "" if p.returncode == expected else p.stderr.decode(errors="replace").strip()[-300:]
        check(p.returncode == expected, "%s: `%s` exits %d as the doc says (exit %d) %s" %
              (doc, shown, expected, p.returncode, why))
    print("%d commands run, %d verbs named in prose" % (ran, mentions))
    check(ran >= 40, "the docs show at least 40 commands (they showed %d)" % ran)


def names(dist, version):
    made = {f for f in os.listdir(dist) if f != "SHA256SUMS"}
    promised = set()
    for doc, text in doc_texts():
        for name in re.findall(r"`([\w.-]*<version>[\w.-]*)`", text):
            promised.add((doc, name.replace("<version>", version)))
    for doc, name in sorted(promised):
        check(name in made, "%s promises %s, which scripts/package.sh makes" % (doc, name))
    named = {n for _, n in promised}
    for f in sorted(made):
        check(f in named or f.endswith(".tar.gz") or f.endswith(".deb"),
              "the docs name %s, which scripts/package.sh makes" % f)
    check(any(f.endswith(".deb") for f in made) and any(f.endswith(".tar.gz") for f in made),
          "the .deb and the .tar.gz that the README names are made: %s" % sorted(made))


def main():
    if sys.argv[1] == "commands":
        commands(*sys.argv[2:5])
    else:
        names(*sys.argv[2:4])
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
