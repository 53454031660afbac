package dev.caldera.k8s.run.embedded;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Answers the embedded API server gives instead of the real one, for fault tests and demonstrations: "the next
 * two POSTs to this pod's binding answer 500", "the next watch of pods answers 410 Gone". Each injected answer
 * is used once, in the order added.
 * <p>
 * Threading: thread safe (the server's request threads consume, a test adds).
 */
public final class Faults {
    private final List<Rule> rules = new ArrayList<>();
    private final java.util.Map<String, String> bindElsewhere = new java.util.HashMap<>();
    private final java.util.Set<String> deleteBeforeBind = new java.util.HashSet<>();
    private long given;

    /**
     * The next binding of pod {@code namespace/name} finds it already bound to {@code node}, as if another
     * scheduler had been quicker (so the API server answers 409 Conflict).
     */
    public synchronized Faults bindElsewhereFirst(String podKey, String node) {
        bindElsewhere.put(podKey, node);
        return this;
    }

    /** The next binding of pod {@code namespace/name} finds it deleted (404), as if it went between decision and bind. */
    public synchronized Faults deleteBeforeBind(String podKey) {
        deleteBeforeBind.add(podKey);
        return this;
    }

    synchronized String takeBindElsewhere(String podKey) {
        return bindElsewhere.remove(podKey);
    }

    synchronized boolean takeDeleteBeforeBind(String podKey) {
        return deleteBeforeBind.remove(podKey);
    }

    /**
     * The next {@code times} requests whose method matches ({@code GET}, {@code POST}, ...; {@code WATCH} for
     * watch requests) and whose path matches {@code pathRegex} (found anywhere in it) get {@code code}.
     */
    public synchronized Faults inject(String method, String pathRegex, int code, int times) {
        Rule rule = rules.stream().filter(r -> r.method.equals(method) && r.regex.equals(pathRegex)).findFirst()
                .orElseGet(() -> {
                    Rule r = new Rule(method, pathRegex);
                    rules.add(r);
                    return r;
                });
        for (int i = 0; i < times; i++) {
            rule.codes.add(code);
        }
        return this;
    }

    /** Injected answers not given yet. */
    public synchronized int pending() {
        return rules.stream().mapToInt(r -> r.codes.size()).sum();
    }

    /** Injected answers given since start. */
    public synchronized long given() {
        return given;
    }

    /** Drops every injected answer not given yet: the API server answers normally from now on. */
    public synchronized void clear() {
        rules.clear();
    }

    /** The code to answer with, or 0 to answer normally. */
    synchronized int take(String method, String path) {
        for (Rule r : rules) {
            if (!r.codes.isEmpty() && r.method.equals(method) && r.pattern.matcher(path).find()) {
                given++;
                return r.codes.pollFirst();
            }
        }
        return 0;
    }

    private static final class Rule {
        final String method;
        final String regex;
        final Pattern pattern;
        final Deque<Integer> codes = new ArrayDeque<>();

        Rule(String method, String regex) {
            this.method = method;
            this.regex = regex;
            this.pattern = Pattern.compile(regex);
        }
    }
}
