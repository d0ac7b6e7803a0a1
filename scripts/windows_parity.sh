#!/usr/bin/env bash
# rvimport.exe under Wine against the Linux rvimport: `info`, `dump --json` and `export` to .glb
# (our glTF writer) of every model and terrain sample must give the same stdout and stderr, byte
# for byte, the same exit code and the same .glb bytes. Needs build/ (Linux) and
# build-windows/. The runs go through one cmd.exe session per core: a Wine process start inside
# a session is cheap, a new Wine session is not.
set -euo pipefail
cd "$(dirname "$0")/.."
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"
if [ ! -d "$SAMPLES" ]; then echo "windows parity: SKIPPED ($SAMPLES is absent)"; exit 0; fi
SAMPLES="$(cd "$SAMPLES" && pwd)"
WINE="${WINE64:-$(command -v wine64 || echo /usr/lib/wine/wine64)}"
export WINEDEBUG=-all WINEPREFIX="$PWD/build-windows/wineprefix"
OUT=build-windows/parity
rm -rf $OUT && mkdir -p $OUT/linux $OUT/windows
mapfile -t FILES < <(find "$SAMPLES" -path "$SAMPLES/textures" -prune -o \( -name '*.p3d' -o -name '*.wrp' \) -print | sort)
JOBS="${PARITY_SESSIONS:-$(nproc)}"
WOUT='build-windows\parity\windows'
for ((j = 0; j < JOBS; j++)); do printf '@echo off\r\n' > $OUT/run$j.bat; done
declare -A LINES  # "file.verb" -> its two lines of a run*.bat
linux_runs() {    # the same commands on Linux; run while Wine works through its batch files
  local n=0 f verb args lout rc
  for f in "${FILES[@]}"; do
    for verb in info dump glb; do
      args="$verb"; [ $verb = dump ] && args="dump --json"
      lout=""; [ $verb = glb ] && args="export" && lout="$OUT/linux/$n.glb"
      build/rvimport $args "$f" $lout > $OUT/linux/$n.$verb.out 2> $OUT/linux/$n.$verb.err && rc=0 || rc=$?
      echo $rc > $OUT/linux/$n.$verb.rc
    done
    n=$((n + 1))
  done
}
n=0
for f in "${FILES[@]}"; do
  for verb in info dump glb; do
    args="$verb"; [ $verb = dump ] && args="dump --json"
    wout=""
    [ $verb = glb ] && args="export" && wout="$WOUT\\$n.glb"
    line=$(printf 'build-windows\\rvimport.exe %s "%s" %s > %s\\%s.%s.out 2> %s\\%s.%s.err\r\n' \
      "$args" "$f" "$wout" "$WOUT" $n $verb "$WOUT" $n $verb)
    # The redirection goes first: "echo 1> f" would redirect stream 1 and echo nothing.
    line+=$'\n'$(printf '> %s\\%s.%s.rc echo %%ERRORLEVEL%%\r\n' "$WOUT" $n $verb)
    LINES["$n.$verb"]=$line
    printf '%s\n' "$line" >> $OUT/run$((n % JOBS)).bat
  done
  n=$((n + 1))
done
wine_pids=()
for ((j = 0; j < JOBS; j++)); do
  "$WINE" cmd /c "$(echo $OUT/run$j.bat | tr / '\\')" > /dev/null 2>&1 &
  wine_pids+=($!)
done
linux_runs
wait "${wine_pids[@]}" || true
# Wine's cmd now and then fails to start one line of a long batch ("Can't recognize '...' as an
# internal or external command"): those lines, and only those, run once more.
RETRY=$OUT/retry.bat
printf '@echo off\r\n' > $RETRY
retried=0
for key in $(grep -ls "^Can't recognize" $OUT/windows/*.err | sed -E 's|.*/([0-9]+\.[a-z]+)\.err$|\1|'); do
  printf '%s\n' "${LINES[$key]}" >> $RETRY
  retried=$((retried + 1))
done
if [ $retried -gt 0 ]; then
  echo "windows parity: Wine's cmd skipped $retried command(s); running them again"
  "$WINE" cmd /c "$(echo $RETRY | tr / '\\')" > /dev/null 2>&1 || true
fi
# Byte for byte (no "\r\n" may creep in), in one process: the .glb, stdout, stderr and the exit
# code of every run. export's summary names OUT, which is a Linux path on one side and a Windows
# one on the other, so that one line is compared with OUT in its place.
printf '%s\n' "${FILES[@]}" > $OUT/files.txt
python3 - "$OUT" <<'PYEOF'
import re, sys
out = sys.argv[1]
files = open(f"{out}/files.txt", encoding="utf-8").read().splitlines()
def read(path):
    try:
        return open(path, "rb").read()
    except OSError:
        return None
fail = compared = 0
for i, f in enumerate(files):
    lin, win = read(f"{out}/linux/{i}.glb"), read(f"{out}/windows/{i}.glb")
    if lin is not None or win is not None:
        if lin != win:
            print(f"differs: export {f} (the .glb)")
            fail += 1
        compared += 1
    for verb in ("info", "dump", "glb"):
        for part in ("out", "err"):
            a, b = read(f"{out}/linux/{i}.{verb}.{part}"), read(f"{out}/windows/{i}.{verb}.{part}")
            if verb == "glb" and part == "err":
                a, b = (re.sub(rb"(?m)^wrote [^ ]+ \(", b"wrote OUT (", x) if x is not None else x for x in (a, b))
            if a is None or a != b:
                print(f"differs: {verb} {f} ({part})")
                fail += 1
            compared += 1
        rc_linux = (read(f"{out}/linux/{i}.{verb}.rc") or b"").strip()
        rc_windows = (read(f"{out}/windows/{i}.{verb}.rc") or b"?").replace(b"\r", b"").replace(b" ", b"").strip()
        if rc_linux != rc_windows:
            print(f"differs: {verb} {f} (exit code)")
            fail += 1
        compared += 1
print(f"windows parity: {len(files)} files, {compared} outputs compared, {fail} differ")
sys.exit(1 if fail else 0)
PYEOF
# The Assimp formats and `batch`, against the Linux CLI built on the same Assimp.
bash scripts/windows_assimp_parity.sh
# `map`: the same folders from both, read back by GDAL (Debian's python3-gdal, so Debian's python3).
/usr/bin/python3 test/windows_map_parity.py build/rvimport build-windows/rvimport.exe build/test/rv_make_cli_inputs \
  build-windows/map-parity "$SAMPLES"
