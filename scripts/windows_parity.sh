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
JOBS=$(nproc)
WOUT='build-windows\parity\windows'
for ((j = 0; j < JOBS; j++)); do printf '@echo off\r\n' > $OUT/run$j.bat; done
declare -A LINES  # "file.verb" -> its two lines of $BAT
n=0
for f in "${FILES[@]}"; do
  for verb in info dump glb; do
    args="$verb"; [ $verb = dump ] && args="dump --json"
    lout=""; wout=""
    [ $verb = glb ] && args="export" && lout="$OUT/linux/$n.glb" && wout="$WOUT\\$n.glb"
    build/rvimport $args "$f" $lout > $OUT/linux/$n.$verb.out 2> $OUT/linux/$n.$verb.err && rc=0 || rc=$?
    echo $rc > $OUT/linux/$n.$verb.rc
    line=$(printf 'build-windows\\rvimport.exe %s "%s" %s > %s\\%s.%s.out 2> %s\\%s.%s.err\r\n' \
      "$args" "$f" "$wout" "$WOUT" $n $verb "$WOUT" $n $verb)
    # The redirection goes first: "echo 1> f" would redirect stream 1 and echo nothing.
    line+=$'\n'$(printf '> %s\\%s.%s.rc echo %%ERRORLEVEL%%\r\n' "$WOUT" $n $verb)
    LINES["$n.$verb"]=$line
    printf '%s\n' "$line" >> $OUT/run$((n % JOBS)).bat
  done
  n=$((n + 1))
done
for ((j = 0; j < JOBS; j++)); do
  "$WINE" cmd /c "$(echo $OUT/run$j.bat | tr / '\\')" > /dev/null 2>&1 &
done
wait || true
# Wine's cmd now and then fails to start one line of a long batch ("Can't recognize '...' as an
# internal or external command"): those lines, and only those, run once more.
RETRY=$OUT/retry.bat
printf '@echo off\r\n' > $RETRY
retried=0
for key in "${!LINES[@]}"; do
  if grep -qs "^Can't recognize" "$OUT/windows/$key.err"; then
    printf '%s\n' "${LINES[$key]}" >> $RETRY
    retried=$((retried + 1))
  fi
done
if [ $retried -gt 0 ]; then
  echo "windows parity: Wine's cmd skipped $retried command(s); running them again"
  "$WINE" cmd /c "$(echo $RETRY | tr / '\\')" > /dev/null 2>&1 || true
fi
fail=0
compared=0
for ((i = 0; i < n; i++)); do
  if [ -f $OUT/linux/$i.glb ] || [ -f $OUT/windows/$i.glb ]; then
    if ! cmp -s $OUT/linux/$i.glb $OUT/windows/$i.glb; then
      echo "differs: export ${FILES[$i]} (the .glb)"
      fail=$((fail + 1))
    fi
    compared=$((compared + 1))
  fi
  # export's summary names OUT, which is a Linux path on one side and a Windows one on the other.
  for side in linux windows; do
    if [ -f $OUT/$side/$i.glb.err ]; then sed -i -E 's/^wrote [^ ]+ \(/wrote OUT (/' $OUT/$side/$i.glb.err; fi
  done
  for verb in info dump glb; do
    for part in out err; do  # byte for byte: no "\r\n" may creep in
      if ! cmp -s $OUT/linux/$i.$verb.$part $OUT/windows/$i.$verb.$part; then
        echo "differs: $verb ${FILES[$i]} ($part)"
        fail=$((fail + 1))
      fi
      compared=$((compared + 1))
    done
    if [ "$(cat $OUT/linux/$i.$verb.rc)" != "$(tr -d '\r ' < $OUT/windows/$i.$verb.rc 2>/dev/null)" ]; then
      echo "differs: $verb ${FILES[$i]} (exit code)"
      fail=$((fail + 1))
    fi
    compared=$((compared + 1))
  done
done
echo "windows parity: $n files, $compared outputs compared, $fail differ"
[ $fail = 0 ]
