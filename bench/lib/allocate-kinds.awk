# The CPU samples of async-profiler's collapsed stacks (one "frame;frame;... count" per line) under
# AllocateAction.execute, each stack counted in the first kind of work below that one of its frames names (a
# frame's method name, its class's simple name and method, or a frame containing the pattern), as a Markdown table's
# rows. Used by bench/dump-bench.sh --profile; perf-results/dump-allocate.md's table of where the dump's first
# allocate goes is the mean of three such runs.
BEGIN {
  n = 0
  kind[++n] = "outside the selector";                pat[n] = "!IncrementalSelector.select"
  kind[++n] = "resource fit";                        pat[n] = "ResourceFit.level|NodeUsage.fitLevel"
  kind[++n] = "normalized scorers' raw values";      pat[n] = "rawAll|\\.raw$"
  kind[++n] = "node scores";                         pat[n] = "kernel/plugin/"
  kind[++n] = "shape entries";                       pat[n] = "ShapeView"
  kind[++n] = "trees";                               pat[n] = "\\.(buildTree|climb|better|settle|finishTop)$"
  kind[++n] = "histograms and largest raw values";   pat[n] = "\\.(countFitting|count|uncount|countsAgain|setMax|maxMoved|highest)$"
  kind[++n] = "totals";                              pat[n] = "\\.(totalFitting|total)$"
  kind[++n] = "view construction";                   pat[n] = "newView|ClassView\\.<init>"
  kind[++n] = "the rest of the builds";              pat[n] = "\\.(evaluateAll|rebuild|evaluateAndRebuild|build)$"
  kind[++n] = "the rest of the refreshes";           pat[n] = "\\.(refresh|replay|reevaluate|fitAndScore|refreshedNoFit|staysNoFit)$"
  kind[++n] = "the catch-up loop and the groups";    pat[n] = ""
}
{
  count = $NF
  stack = substr($0, 1, length($0) - length(count) - 1)
  if (index(stack, "AllocateAction.execute") == 0) next
  frames = split(stack, f, ";")
  for (i = 1; i <= frames; i++) sub(/_\[.\]$/, "", f[i])
  total += count
  for (k = 1; k <= n; k++) {
    if (matches(k)) { samples[k] += count; break }
  }
}
function matches(k,    p, negate, i) {
  p = pat[k]
  if (p == "") return 1
  negate = substr(p, 1, 1) == "!"
  if (negate) p = substr(p, 2)
  for (i = 1; i <= frames; i++) if (f[i] ~ p) return !negate
  return negate
}
END {
  for (k = 1; k <= n; k++) printf "| %s | %d | %.1f%% |\n", kind[k], samples[k], total ? 100 * samples[k] / total : 0
  printf "| **allocate** | **%d** | |\n", total
}
