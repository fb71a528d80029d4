#!/usr/bin/env bash
# Runs OpenJDK's own java.io serialization tests (jtreg tests from the JDK's source tree) without the agent,
# with it in its default mode (engine layer) and with convert=all, and prints per mode how many passed,
# failed, errored or did not run, every test whose result differs from the run without the agent, and
# whether the agent actually started in the test JVMs. See docs/compatibility.md ("OpenJDK's own
# serialization tests").
#
# It downloads nothing. You provide:
#   - TEST_ROOT: a folder with the OpenJDK test tree, as in the JDK's sources (the jdk17u repository for
#     JDK 17): at least test/jdk/TEST.ROOT, an (empty) test/jdk/TEST.groups, test/jdk/java/io/Serializable
#     and its siblings, and test/lib, test/jdk/lib and test/jtreg-ext, which TEST.ROOT and the tests use.
#     The full TEST.groups names folders you did not extract, and jtreg rejects it: empty it.
#   - jtreg (7.x): --jtreg DIR (its home, with bin/jtreg) or the launcher `jtreg` on PATH (Debian: jtreg7).
#   - the agent jar: agent/target/serialboost-agent.jar of this checkout unless --agent is given
#     (./mvnw -pl transformer,agent -am package -DskipTests builds it).
#
# usage: tools/openjdk-io-tests.sh [options] TEST_ROOT
#   --jdk DIR          JDK under test (default: $JAVA_HOME, else the JDK of `java` on PATH)
#   --jtreg DIR|FILE   jtreg home or launcher (default: `jtreg` on PATH)
#   --agent JAR        the agent jar (default: agent/target/serialboost-agent.jar)
#   --modes LIST       comma-separated, among none,default,all (default: none,default,all)
#   --vm agentvm|othervm   how jtreg runs tests (default: agentvm, tests share warm JVMs, so the engine's
#                      caches see many tests; othervm starts a JVM per test, and the agent with it)
#   --conc N           jtreg concurrency (default: the number of CPUs)
#   --timeout-factor N jtreg's -timeoutFactor (default: 4; small machines need it)
#   --work DIR         where jtreg writes its work and report folders (default: a new folder under /tmp)
#   --tests LIST       comma-separated folders under test/jdk (default: java/io/Serializable,
#                      java/io/Externalizable, java/io/ObjectInputStream, java/io/ObjectOutputStream,
#                      java/io/ObjectStreamClass; those that exist)
#   --all-results      also print every test's result in every mode
#   --jtreg-arg ARG    pass ARG to jtreg (repeatable), e.g. --jtreg-arg -javaoption:-Xmx512m
#
# Exit status: 0 when every test that passes without the agent passes in the default mode (the engine
# layer's promise), 1 when one does not, 2 on a usage or set-up error. Differences under convert=all are
# reported but do not change the exit status: the converted format has documented differences.
set -uo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
usage() { sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "openjdk-io-tests: $*" >&2; exit 2; }

jdk=""; jtreg=""; agent="$here/agent/target/serialboost-agent.jar"; modes="none,default,all"
vm=agentvm; conc=""; tf=4; work=""; tests=""; all_results=false; jtreg_args=()
root=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jdk) jdk=${2:?}; shift 2;;
    --jtreg) jtreg=${2:?}; shift 2;;
    --agent) agent=${2:?}; shift 2;;
    --modes) modes=${2:?}; shift 2;;
    --vm) vm=${2:?}; shift 2;;
    --conc) conc=${2:?}; shift 2;;
    --timeout-factor) tf=${2:?}; shift 2;;
    --work) work=${2:?}; shift 2;;
    --tests) tests=${2:?}; shift 2;;
    --all-results) all_results=true; shift;;
    --jtreg-arg) jtreg_args+=("${2:?}"); shift 2;;
    -h|--help) usage; exit 0;;
    -*) die "unknown option $1 (see --help)";;
    *) [[ -z "$root" ]] || die "one TEST_ROOT only"; root=$1; shift;;
  esac
done
[[ -n "$root" ]] || { usage >&2; exit 2; }

# --- the test tree
if [[ -f "$root/test/jdk/TEST.ROOT" ]]; then suite="$root/test/jdk"
elif [[ -f "$root/TEST.ROOT" && "$(basename "$root")" == jdk ]]; then suite="$root"
else die "no test/jdk/TEST.ROOT under $root: extract the OpenJDK test tree there (see --help)"; fi
suite="$(cd "$suite" && pwd)"
if grep -q '^groups *= *TEST.groups' "$suite/TEST.ROOT"; then
  [[ -f "$suite/TEST.groups" ]] || die "$suite/TEST.ROOT names TEST.groups, which is missing: create it empty (: > $suite/TEST.groups)"
  if grep -q '=' "$suite/TEST.groups"; then
    echo "openjdk-io-tests: note: $suite/TEST.groups is not empty; jtreg rejects it if it names folders you did not extract (then empty it)" >&2
  fi
fi
selected=()
if [[ -n "$tests" ]]; then
  IFS=, read -r -a want <<<"$tests"
  for t in "${want[@]}"; do [[ -e "$suite/$t" ]] || die "no $suite/$t"; selected+=("$suite/$t"); done
else
  for t in java/io/Serializable java/io/Externalizable java/io/ObjectInputStream java/io/ObjectOutputStream java/io/ObjectStreamClass; do
    [[ -e "$suite/$t" ]] && selected+=("$suite/$t")
  done
fi
[[ ${#selected[@]} -gt 0 ]] || die "none of the java/io serialization test folders is under $suite"

# --- the JDK under test
if [[ -z "$jdk" ]]; then
  if [[ -n "${JAVA_HOME:-}" ]]; then jdk=$JAVA_HOME
  else
    j=$(command -v java) || die "no java on PATH; give --jdk"
    jdk=$(dirname "$(dirname "$(readlink -f "$j")")")
  fi
fi
[[ -x "$jdk/bin/java" ]] || die "no bin/java under $jdk"
[[ -x "$jdk/bin/javac" ]] || die "$jdk has no javac: jtreg needs a full JDK"
jdk_version=$("$jdk/bin/java" -version 2>&1 | head -1)

# --- jtreg, and the JVM it runs on (JT_JAVA); jtreg 7 itself needs Java 11 or later
if [[ -z "$jtreg" ]]; then jtreg=$(command -v jtreg) || die "no jtreg on PATH; give --jtreg"; fi
if [[ -d "$jtreg" ]]; then jtreg="$jtreg/bin/jtreg"; fi
[[ -x "$jtreg" ]] || die "$jtreg is not an executable jtreg launcher"
export JT_JAVA="${JT_JAVA:-$jdk/bin/java}"
[[ -x "$JT_JAVA" ]] || die "JT_JAVA=$JT_JAVA is not executable"

# --- the agent
needs_agent=false
IFS=, read -r -a mode_list <<<"$modes"
for m in "${mode_list[@]}"; do
  case "$m" in none) ;; default|all) needs_agent=true;; *) die "unknown mode '$m' (none, default, all)";; esac
done
if $needs_agent; then
  [[ -f "$agent" ]] || die "no agent jar at $agent: build it (./mvnw -B -q -pl transformer,agent -am package -DskipTests) or give --agent"
  agent="$(cd "$(dirname "$agent")" && pwd)/$(basename "$agent")"
fi

case "$vm" in agentvm|othervm) ;; *) die "--vm is agentvm or othervm";; esac
[[ -n "$conc" ]] || conc=$(nproc 2>/dev/null || echo 2)
[[ -n "$work" ]] || work=$(mktemp -d /tmp/openjdk-io-tests.XXXXXX)
mkdir -p "$work"; work="$(cd "$work" && pwd)"

echo "JDK under test : $jdk ($jdk_version)"
echo "jtreg          : $jtreg ($("$jtreg" -version 2>/dev/null | head -1))"
echo "tests          : ${selected[*]#"$suite/"} (under $suite)"
$needs_agent && echo "agent          : $agent"
echo "jtreg mode     : -$vm, concurrency $conc, timeout factor $tf; work folders under $work"
echo

run_mode() {   # run_mode MODE: runs jtreg, leaves $work/MODE/{work,report}
  local m=$1 opt=()
  case "$m" in
    default) opt=("-javaoption:-javaagent:$agent");;
    all) opt=("-javaoption:-javaagent:$agent=convert=all");;
  esac
  rm -rf "$work/$m"; mkdir -p "$work/$m"
  local t0=$SECONDS
  "$jtreg" -jdk:"$jdk" -"$vm" -conc:"$conc" -timeoutFactor:"$tf" -v:summary "${opt[@]}" "${jtreg_args[@]}" \
      -w:"$work/$m/work" -r:"$work/$m/report" "${selected[@]}" >"$work/$m/jtreg.log" 2>&1
  echo "mode $m: $(grep -m1 '^Test results' "$work/$m/jtreg.log" || echo 'no results, see '"$work/$m/jtreg.log") ($((SECONDS - t0)) s)"
}

for m in "${mode_list[@]}"; do run_mode "$m"; done
echo

# --- per test results: $work/MODE/results.tsv = test<TAB>status<TAB>reason
for m in "${mode_list[@]}"; do
  s="$work/$m/report/text/summary.txt"
  if [[ -f "$s" ]]; then
    awk '{ t=$1; $1=""; sub(/^ +/, ""); st=$1; sub(/\.$/, "", st); if (st=="Not") st="NotRun";
           r=$0; sub(/^[A-Za-z]+( run)?\. */, "", r); print t "\t" st "\t" r }' "$s" | sort >"$work/$m/results.tsv"
  else
    : >"$work/$m/results.tsv"
  fi
done
all_tests=$(for m in "${mode_list[@]}"; do cut -f1 "$work/$m/results.tsv"; done | sort -u)
total=$(printf '%s\n' "$all_tests" | grep -c . || true)

status_of() { awk -F'\t' -v t="$2" '$1==t {print $2; f=1} END {if (!f) print "NotRun"}' "$work/$1/results.tsv"; }
reason_of() { awk -F'\t' -v t="$2" '$1==t {print $3}' "$work/$1/results.tsv" | cut -c1-160; }

printf '%-8s %7s %7s %7s %8s %7s\n' mode total passed failed errors "not run"
for m in "${mode_list[@]}"; do
  p=$(awk -F'\t' '$2=="Passed"' "$work/$m/results.tsv" | wc -l)
  f=$(awk -F'\t' '$2=="Failed"' "$work/$m/results.tsv" | wc -l)
  e=$(awk -F'\t' '$2=="Error"' "$work/$m/results.tsv" | wc -l)
  printf '%-8s %7d %7d %7d %8d %7d\n' "$m" "$total" "$p" "$f" "$e" $((total - p - f - e))
done
echo

# --- did the agent start? Its one start-up line lands in the .jtr files (othervm) or the agent VMs'
# traces (agentvm); "could not start" means the test JVM refused it (a security manager whose policy
# does not grant the agent jar), and that test then ran without the agent.
for m in "${mode_list[@]}"; do
  [[ "$m" == none ]] && continue
  lines=$(grep -rhoa '\[serialboost\] [^\\]*' "$work/$m/work" --include='*.jtr' --include='*.trace' 2>/dev/null \
      | grep -E '\] serialboost [0-9][^ ]* active|could not start|configuration error|engine: off' \
      | sed 's/ active in [0-9]* ms/ active/' | sort | uniq -c | sort -rn)
  echo "agent start-up lines seen in mode $m (count, line):"
  printf '%s\n' "${lines:-   (none: the agent did not start anywhere)}" | sed 's/^/  /'
  inactive=$(grep -rla '\[serialboost\] could not start' "$work/$m/work" --include='*.jtr' 2>/dev/null | sed "s|^$work/$m/work/||; s|\.jtr$||" | sort)
  if [[ -n "$inactive" ]]; then
    echo "  tests with at least one JVM where the agent could not start (that JVM ran without it): $(printf '%s\n' "$inactive" | wc -l)"
    printf '%s\n' "$inactive" | sed 's/^/    /'
  fi
  echo
done

# --- differences against the run without the agent
rc=0
if [[ " ${mode_list[*]} " == *" none "* ]]; then
  for m in "${mode_list[@]}"; do
    [[ "$m" == none ]] && continue
    n=0
    echo "tests whose result differs between none and $m:"
    while IFS= read -r t; do
      [[ -z "$t" ]] && continue
      a=$(status_of none "$t"); b=$(status_of "$m" "$t")
      if [[ "$a" != "$b" ]]; then
        n=$((n + 1))
        printf '  %-75s %-7s -> %-7s %s\n' "$t" "$a" "$b" "$(reason_of "$m" "$t")"
        if [[ "$m" == default && "$a" == Passed ]]; then rc=1; fi
      elif [[ "$a" != Passed && "$(reason_of none "$t")" != "$(reason_of "$m" "$t")" ]]; then
        n=$((n + 1))
        printf '  %-75s %-7s, another reason: %s (without the agent: %s)\n' "$t" "$b" "$(reason_of "$m" "$t")" "$(reason_of none "$t")"
      fi
    done <<<"$all_tests"
    [[ $n -eq 0 ]] && echo "  none"
    echo
  done
fi

if $all_results; then
  printf '%-80s' test; for m in "${mode_list[@]}"; do printf ' %-8s' "$m"; done; echo
  while IFS= read -r t; do
    [[ -z "$t" ]] && continue
    printf '%-80s' "$t"; for m in "${mode_list[@]}"; do printf ' %-8s' "$(status_of "$m" "$t")"; done; echo
  done <<<"$all_tests"
  echo
fi

echo "jtreg reports: $work/<mode>/report/html/report.html; test logs: $work/<mode>/work/**/*.jtr"
exit $rc
