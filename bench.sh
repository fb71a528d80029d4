#!/usr/bin/env bash
# The before/after benchmarks in one command: builds the agent and bench/target/benchmarks.jar, runs the same JMH
# benchmarks without the agent and with its opt-in converted format (convert=all), per-field body and bulk body (plus
# hand-written Externalizable, Kryo and Fory as reference rows), measures start-up and transform cost, and writes
# docs/benchmarks.md and docs/benchmarks.png from that one run. See docs/benchmarks.md ("How it is measured").
#
#   ./bench.sh --quick          about 10 minutes on 2 cores: 1 fork, 2 warm-up + 3 measured iterations of 1 s
#   ./bench.sh --full           about 30 minutes: 2 forks, 3 warm-up + 5 measured iterations of 1 s (published numbers)
#   ./bench.sh --report-only    rewrite docs/benchmarks.md and the chart from the last run's results
#   ./bench.sh --smoke --docs none   a pipeline check in about a minute (numbers meaningless)
#
# Anything else is passed to dev.serialboost.bench.BenchRunner, e.g. --workloads MarketData,Employee,
# --methods 'read.*', --skip-cost, --docs DIR (or none), --results DIR. The JDK is $JAVA_HOME's, else `java` on PATH.
# Raw results: bench/target/bench-results/ (jmh.json, run.properties, a JMH log per mode).
set -euo pipefail
cd "$(dirname "$0")"

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }

profile=quick
build=true
pass=()
for arg in "$@"; do
  case "$arg" in
    --quick) profile=quick ;;
    --full) profile=full ;;
    --smoke) profile=smoke ;;
    --report-only) build=false; pass+=("$arg") ;;
    -h|--help) usage; exit 0 ;;
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
fi
exec "$java" -Djava.awt.headless=true -cp bench/target/benchmarks.jar dev.serialboost.bench.BenchRunner \
  --profile "$profile" --agent agent/target/serialboost-agent.jar --results bench/target/bench-results --docs docs \
  --command "./bench.sh${*:+ $*}" "${pass[@]}"
