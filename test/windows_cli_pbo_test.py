"""`rvimport.exe pbo` under Wine (issue 29): names Windows cannot hold are skipped with their
reason, a symbolic link inside DIR (a reparse point to Windows) is not written through, and
control bytes in entry names are printed escaped.
Usage: windows_cli_pbo_test.py WINE RVIMPORT_EXE WORK_DIR"""
import os
import shutil
import struct
import subprocess
import sys

wine, rvimport, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = []
env = dict(os.environ, WINEDEBUG="-all")


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(*args):
    p = subprocess.run([wine, rvimport, *args], capture_output=True, env=env, cwd=work, timeout=300)
    return p.returncode, p.stdout, p.stderr


def write_archive(name, files):
    """A "Vers" header with a prefix, `files` stored, no SHA-1 (the layout of cli_pbo_test.py)."""
    head = b"\0" + struct.pack("<5I", 0x56657273, 0, 0, 0, 0) + b"prefix\0x\\test\0\0"
    for entry, data in files:
        head += entry + b"\0" + struct.pack("<5I", 0, 0, 0, 0, len(data))
    head += b"\0" + struct.pack("<5I", 0, 0, 0, 0, 0)
    with open(os.path.join(work, name), "wb") as f:
        f.write(head + b"".join(d for _, d in files))


write_archive("windows_names.pbo", [(b"con.txt", b"1"), (b"data\\AUX", b"2"), (b"COM1.paa", b"3"), (b"x.", b"4"),
                                    (b"y ", b"5"), (b"a.paa:stream", b"6"), (b"ok.txt", b"7")])
rc, so, se = run("pbo", "extract", "windows_names.pbo", "names_out")
check(rc == 0 and b"extracted 1, skipped 6, failed 0 of 7" in so, "Windows names: %d %r %r" % (rc, so, se))
for why in (b"'con.txt': a name Windows reserves for a device", b"'data\\AUX': a name Windows reserves",
            b"'x.': a trailing dot or space", b"'a.paa:stream': a ':' (an alternate data stream"):
    check(why in se, "the reason %r is given: %r" % (why, se))
check(sorted(os.listdir(os.path.join(work, "names_out"))) == ["ok.txt"], "only ok.txt is written")

os.makedirs(os.path.join(work, "outside"))
os.makedirs(os.path.join(work, "linked"))
os.symlink(os.path.join(work, "outside"), os.path.join(work, "linked", "link"))
write_archive("escaping.pbo", [(b"link\\escaped.txt", b"escaped"), (b"fine\\ok.txt", b"ok")])
rc, so, se = run("pbo", "extract", "escaping.pbo", "linked")
check(os.listdir(os.path.join(work, "outside")) == [], "nothing is written through the link")
check(rc == 1 and b"extracted 1, skipped 0, failed 1 of 2" in so and b"linked/link: a symbolic link" in se,
      "the link fails its entry, named: %d %r %r" % (rc, so, se))

write_archive("hostile_names.pbo", [(b"red\x1b[31m\x07.txt", b"x")])
rc, so, se = run("pbo", "list", "hostile_names.pbo")
check(rc == 0 and b"\x1b" not in so + se and b"\x07" not in so + se and b"red\\x1B[31m\\x07.txt" in so,
      "control bytes are escaped: %r" % so)

if failures:
    sys.exit("%d check(s) failed" % len(failures))
print("Windows pbo CLI: all checks passed")
