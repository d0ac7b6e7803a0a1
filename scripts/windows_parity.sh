#!/usr/bin/env bash
# rvimport.exe under Wine against the Linux rvimport: `info` and `dump --json` of every real model
# and terrain sample (and the editable ones, which both must refuse alike) must give the same
# stdout and stderr, byte for byte, and the same exit code. Needs build/ (Linux) and
# build-windows/. All runs go through one cmd.exe session: a Wine process start inside it is
# cheap, a new Wine session is not.
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
BAT=$OUT/run.bat
WOUT='build-windows\parity\windows'
printf '@echo off\r\n' > $BAT
n=0
for f in "${FILES[@]}"; do
  for verb in info dump; do
    args="$verb"; [ $verb = dump ] && args="dump --json"
    build/rvimport $args "$f" > $OUT/linux/$n.$verb.out 2> $OUT/linux/$n.$verb.err && rc=0 || rc=$?
    echo $rc > $OUT/linux/$n.$verb.rc
    printf 'build-windows\\rvimport.exe %s "%s" > %s\\%s.%s.out 2> %s\\%s.%s.err\r\n' \
      "$args" "$f" "$WOUT" $n $verb "$WOUT" $n $verb >> $BAT
    # The redirection goes first: "echo 1> f" would redirect stream 1 and echo nothing.
    printf '> %s\\%s.%s.rc echo %%ERRORLEVEL%%\r\n' "$WOUT" $n $verb >> $BAT
  done
  n=$((n + 1))
done
"$WINE" cmd /c "$(echo $BAT | tr / '\\')" > /dev/null 2>&1 || true
fail=0
compared=0
for ((i = 0; i < n; i++)); do
  for verb in info dump; do
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
