#!/usr/bin/env bash
# serialboost demo: runs the same legacy program (demo-app, plain JDK serialization) twice, without and
# with -javaagent:agent/target/serialboost-agent.jar (its default mode, the engine layer; or the converted
# format with --convert or --config), and compares speed and received data.
# Run ./demo.sh --help for the options.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: ./demo.sh [--convert | --config] [--quick] [--no-build] [--help]

Runs demo-app (a market-data publisher and subscriber over a loopback socket, plus a journal file,
all plain ObjectOutputStream/ObjectInputStream) twice on the same JDK: without the agent, then with
-javaagent:agent/target/serialboost-agent.jar in its default mode, the engine layer (the JDK's own
serialization made faster, every byte on the wire unchanged, no class converted). Prints messages/s
and MB/s per phase for both runs, the ratio, the bytes per message, and a checksum of the data
received in each run; the checksums must be equal.

  --convert   run the agent with convert=all: every eligible class also gets serialboost's
              converted format (opt-in; changes the wire format of those classes)
  --config    run the agent with the rules file demo-app/serialboost.conf (include rules for the
              market and HR classes; lab.Sample stays plain); the agent's report shows what that
              changed
  --quick     small message counts, a few seconds: checks that everything works, measures nothing
  --no-build  use the jars as they are; by default missing or out-of-date jars are built first
              (./mvnw -q -pl demo-app -am package -DskipTests)
  --help      this text

The JDK is $JAVA_HOME/bin/java when JAVA_HOME is set, else java on the PATH (17 or later).
Exit status: 0 when both runs succeed with equal checksums, 1 otherwise, 64 for bad options.
EOF
}

use_config=false
convert=false
quick=false
build=true
for arg in "$@"; do
  case "$arg" in
    --config) use_config=true ;;
    --convert) convert=true ;;
    --quick) quick=true ;;
    --no-build) build=false ;;
    -h|--help) usage; exit 0 ;;
    *) echo "demo.sh: unknown option '$arg'" >&2; usage >&2; exit 64 ;;
  esac
done

cd "$(dirname "${BASH_SOURCE[0]}")"
agent_jar=agent/target/serialboost-agent.jar
demo_jar=demo-app/target/serialboost-demo-app.jar
config=demo-app/serialboost.conf

fail() {
  echo "FAILED: $*"
  exit 1
}

# ---- the JDK ---------------------------------------------------------------------------------------
if [[ -n "${JAVA_HOME:-}" ]]; then
  [[ -x "$JAVA_HOME/bin/java" ]] || fail "JAVA_HOME is $JAVA_HOME, which has no bin/java (fix or unset it)"
  java_cmd="$JAVA_HOME/bin/java"
elif command -v java >/dev/null 2>&1; then
  java_cmd=java
else
  fail "no Java found: install a JDK 17 or later, or set JAVA_HOME"
fi
java_settings=$("$java_cmd" -XshowSettings:properties -version 2>&1 || true)
setting() { awk -F' = ' -v name="$1" '$1 ~ "^ *" name "$" { print $2; exit }' <<<"$java_settings"; }
java_version=$(setting java.version)
[[ -n "$java_version" ]] || java_version=$(awk -F'"' '/version "/ { print $2; exit }' <<<"$java_settings")
java_major=${java_version%%[.+-]*}
[[ "$java_major" == 1 ]] && java_major=$(echo "$java_version" | cut -d. -f2)
if ! [[ "$java_major" =~ ^[0-9]+$ ]] || (( java_major < 17 )); then
  fail "$java_cmd is Java '${java_version:-unknown}'; serialboost needs Java 17 or later (set JAVA_HOME)"
fi

# ---- build what is missing or older than its sources ----------------------------------------------
# stale JAR PATH...: true when JAR is absent or any file under PATH... is newer than it
stale() {
  local jar=$1
  shift
  [[ ! -f "$jar" ]] && return 0
  [[ -n "$(find "$@" -type f -newer "$jar" -print 2>/dev/null | head -n 1)" ]]
}
if $build; then
  modules=()
  if stale "$agent_jar" pom.xml transformer/pom.xml transformer/src/main agent/pom.xml agent/src/main; then
    modules=(agent)
  fi
  if stale "$demo_jar" pom.xml demo-app/pom.xml demo-app/src/main; then
    modules=(demo-app) # -am builds the agent too: demo-app depends on it (test scope)
  fi
  if (( ${#modules[@]} > 0 )); then
    echo "building ${modules[0]} and what it needs: ./mvnw -q -pl ${modules[0]} -am package -DskipTests"
    [[ -d agent/target || -d demo-app/target ]] ||
      echo "(the first build also fetches Maven and the dependencies: a minute or two, more on a slow network)"
    if ! ./mvnw -q -pl "${modules[0]}" -am package -DskipTests; then
      fail "the build failed (output above)"
    fi
    touch "$agent_jar" "$demo_jar" 2>/dev/null || true # up to date now, even if Maven had nothing to repackage
  fi
fi
[[ -f "$agent_jar" ]] || fail "$agent_jar is missing (run without --no-build to build it)"
[[ -f "$demo_jar" ]] || fail "$demo_jar is missing (run without --no-build to build it)"

# ---- the two runs -----------------------------------------------------------------------------------
logs=$(mktemp -d "${TMPDIR:-/tmp}/serialboost-demo.XXXXXX")
trap 'rm -rf "$logs"' EXIT

# the default mode is the engine layer; the converted format is opt-in: every eligible class
# (convert=all), or what the rules file includes
agent_args=summary=true
agent_label="agent on (default)"
if $convert; then
  agent_args=convert=all,verbose=true,summary=true
  agent_label="agent on (convert=all)"
fi
if $use_config; then
  agent_args="config=$config,verbose=true,summary=true"
  agent_label="agent on (rules file)"
fi
app_args=()
$quick && app_args=(--quick)
java_shown=$java_cmd
[[ "$java_cmd" != java ]] && java_shown='$JAVA_HOME/bin/java'
off_cmd=("$java_cmd" -jar "$demo_jar" ${app_args[@]+"${app_args[@]}"})
on_cmd=("$java_cmd" "-javaagent:$agent_jar=$agent_args" -jar "$demo_jar" ${app_args[@]+"${app_args[@]}"})

now_ms() {
  if [[ -n "${EPOCHREALTIME:-}" ]]; then
    local t=${EPOCHREALTIME/,/.}
    echo $(( ${t%.*} * 1000 + 10#${t#*.} / 1000 ))
  else
    echo $(( $(date +%s) * 1000 ))
  fi
}

# run NAME LABEL COMMAND...: runs the demo, stdout to $logs/NAME.out, stderr to $logs/NAME.err
run() {
  local name=$1 label=$2 start status
  shift 2
  printf '%-24s %s\n' "$label:" "$java_shown ${*:2}"
  start=$(now_ms)
  set +e
  "$@" >"$logs/$name.out" 2>"$logs/$name.err"
  status=$?
  set -e
  if (( status != 0 )); then
    echo
    echo "--- the last lines of its output ---"
    tail -n 30 "$logs/$name.out" "$logs/$name.err"
    fail "the run '$label' exited with status $status"
  fi
  awk -v ms=$(( $(now_ms) - start )) 'BEGIN { printf "                         finished in %.1f s\n", ms / 1000 }'
}

echo "serialboost demo on Java $java_version ($(setting java.vm.name), $(getconf _NPROCESSORS_ONLN 2>/dev/null ||
  echo '?') CPUs)"
run off "agent off" "${off_cmd[@]}"
run on "$agent_label" "${on_cmd[@]}"
echo
sed -n 's/^market-data feed demo: /demo-app: /p' "$logs/off.out"
echo

# ---- the table --------------------------------------------------------------------------------------
verdict=$logs/verdict
: >"$verdict"
awk -v verdict="$verdict" '
  function commas(n,   s, r) {
    s = sprintf("%.0f", n); r = ""
    while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
    return s r
  }
  $1 == "result" {
    run = (FILENAME ~ /on\.out$/) ? "on" : "off"
    for (i = 2; i <= NF; i++) { eq = index($i, "="); v[substr($i, 1, eq - 1)] = substr($i, eq + 1) }
    p = v["phase"]
    if (!(p in seen)) { seen[p] = 1; order[++n] = p }
    msgs[p, run] = v["msg/s"]; mbs[p, run] = v["MB/s"]; sum[p, run] = v["checksum"]
    bpm[p, run] = v["bytes"] / v["messages"]; count = v["messages"]; rounds = split(v["rounds-ms"], r, ",")
  }
  END {
    label["per-message-streams"] = "1 stream per message"
    label["long-lived-stream"] = "2 long-lived stream"
    label["journal-file"] = "3 journal + replay"
    if (n == 0) { print "no results in the output of the runs" > verdict; exit 0 }
    printf "%-21s %10s %10s %7s %9s %9s %7s  %s\n", "phase", "msg/s off", "msg/s on", "on/off", "MB/s off",
      "MB/s on", "on/off", "checksum off/on"
    bad = ""
    for (k = 1; k <= n; k++) {
      p = order[k]
      name = (p in label) ? label[p] : p
      if (!((p, "off") in sum) || !((p, "on") in sum)) { bad = bad " " name " (missing in one run)"; continue }
      same = sum[p, "off"] == sum[p, "on"]
      if (!same) bad = bad (bad == "" ? " " : ", ") name
      printf "%-21s %10s %10s %6.2fx %9.1f %9.1f %6.2fx  %s %s %s\n", name,
        commas(msgs[p, "off"]), commas(msgs[p, "on"]), msgs[p, "on"] / msgs[p, "off"],
        mbs[p, "off"], mbs[p, "on"], mbs[p, "on"] / mbs[p, "off"], sum[p, "off"], sum[p, "on"],
        same ? "same" : "DIFFERENT"
      bytes = bytes sprintf("%s%d: %.0f -> %.0f", (k > 1 ? ", " : ""), k, bpm[p, "off"], bpm[p, "on"])
    }
    printf "\nEach figure is the median of %d round%s of %s messages. MB/s counts the bytes on the socket or in\n",
      rounds, (rounds == 1 ? "" : "s"), commas(count)
    printf "the file (MB = 10^6 bytes); bytes per message, off -> on: %s.\n", bytes
    if (bad != "") print "checksums differ:" bad > verdict
  }
' "$logs/off.out" "$logs/on.out"

echo
echo "What the agent reported (stderr of the run agent on):"
grep '^\[serialboost\]' "$logs/on.err" | sed 's/^/  /' || echo "  (nothing: the agent did not start)"
if ! grep -q '^\[serialboost\] summary: ' "$logs/on.err"; then
  echo "NOTE: no summary line from the agent, so it was not active and both runs measured the same thing"
elif ! grep -q '^\[serialboost\] summary: .* errors=0' "$logs/on.err"; then
  echo "NOTE: the agent reported errors (above); the classes concerned ran unconverted"
elif grep -q '(engine: off' "$logs/on.err"; then
  echo "NOTE: the engine layer is off on this JDK (the start-up line above says why)"
fi
if $quick; then
  echo
  echo "(--quick: counts too small for the speed figures to mean anything)"
fi

if [[ -s "$verdict" ]]; then
  echo
  fail "$(cat "$verdict")"
fi
echo
echo "OK: both runs received exactly the same data (equal checksums)."
