package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.ConformanceCases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded fuzzing of {@code caldera simulate}: the conformance cases and their configurations mutated at random
 * (values of the wrong type, huge, negative and malformed quantities, fields removed, references to what is not
 * there, duplicated objects, aliases and alias bombs, text cut, characters inserted) and run. Every run must end
 * either normally (exit 0, valid JSON) or as bad input (exit 2, one line naming the file, no stack trace, no
 * Java type); never an internal error, never longer than {@link #TIMEOUT_S} seconds, never allocating more than
 * {@link #MAX_ALLOCATED_BYTES}.
 */
class SimulateFuzzTest {
    private static final long SEED = 20261125L;
    private static final int RUNS = 240;
    private static final int TIMEOUT_S = 20;
    private static final long MAX_ALLOCATED_BYTES = 512L << 20;
    private static final String[] WRONG = {"abc", "-5", "1.5", "", "[a]", "{a: b}", "~", "true", "99999999999999999999",
        "5e15", "1e999", "-1Gi", "soon", "\"\"", "0x1F", "yes", "9".repeat(300)};
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void mutatedCasesEndNormallyOrAsBadInputNeverAsACrash() throws Exception {
        Random random = new Random(SEED);
        List<Path> cases = ConformanceCases.cases();
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-run");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < RUNS; i++) {
                Path c = cases.get(random.nextInt(cases.size()));
                String cluster = Files.readString(c.resolve("cluster.yaml"));
                String conf = Files.readString(c.resolve("scheduler.conf"));
                boolean mutateConf = random.nextInt(4) == 0;
                String mutation = mutateConf ? "conf" : "cluster";
                if (mutateConf) {
                    conf = mutate(conf, random);
                } else {
                    cluster = mutate(cluster, random);
                }
                Path clusterFile = dir.resolve("run-" + i + ".yaml");
                Path confFile = dir.resolve("run-" + i + ".conf");
                Files.writeString(clusterFile, cluster);
                Files.writeString(confFile, conf);
                Run run = run(pool, clusterFile, confFile);
                String context = "run " + i + " (" + c.getFileName() + ", mutated " + mutation + ")\n" + run
                        + "\n--- " + mutation + "\n" + (mutateConf ? conf : cluster);
                judge(run, clusterFile, confFile, context);
                outcomes.merge("exit " + run.status, 1, Integer::sum);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(outcomes.keySet()).as("both outcomes occur: " + outcomes).contains("exit 0", "exit 2");
    }

    private static void judge(Run run, Path cluster, Path conf, String context) throws IOException {
        assertThat(run.allocatedBytes).as("allocated bytes, " + context).isLessThan(MAX_ALLOCATED_BYTES);
        assertThat(run.err).as(context).doesNotContain("\tat ", "Exception", "java.", "jackson", "snakeyaml",
                "fabric8", "Event(");
        if (run.status == Main.OK) {
            JSON.readTree(run.out);
            assertThat(run.err.lines()).as(context).allMatch(l -> l.startsWith("caldera: warning: ")
                    || l.startsWith("caldera: WARN: ") || l.startsWith("caldera: ERROR: ") || l.startsWith("  "));
            return;
        }
        assertThat(run.status).as(context).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out).as(context).isEmpty();
        assertThat(run.err.lines().filter(l -> !l.startsWith("caldera: warning: ") && !l.startsWith("caldera: WARN")))
                .as(context).hasSize(1).allSatisfy(l -> assertThat(l).startsWith("caldera: ")
                        .containsAnyOf(cluster.toString(), conf.toString()).hasSizeLessThan(600));
    }

    private static Run run(ExecutorService pool, Path cluster, Path conf) throws Exception {
        String[] args = {"simulate", "--conf", conf.toString(), "--cycles", "2", "--output", "json",
            cluster.toString()};
        Future<Run> f = pool.submit(() -> {
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = mx.getCurrentThreadAllocatedBytes();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = Main.run(args, new PrintWriter(out), new PrintWriter(err),
                    new ByteArrayInputStream(new byte[0]));
            return new Run(status, out.toString(), err.toString(), mx.getCurrentThreadAllocatedBytes() - before);
        });
        return f.get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    /** One structural or textual mutation. */
    static String mutate(String text, Random r) {
        return switch (r.nextInt(10)) {
            case 0, 1, 2, 3 -> structural(text, r);
            case 4 -> text.substring(0, r.nextInt(text.length() + 1));
            case 5 -> insert(text, r, new String[] {":", "- ", "{", "[", "&a ", "*a", "\t", "'", "\"", "#", "\n  x: y",
                "!!int ", "? ", "---\n"});
            case 6 -> aliasBomb(text, r);
            case 7 -> text + "\n---\n" + text;
            default -> deleteChars(text, r);
        };
    }

    @SuppressWarnings("unchecked")
    private static String structural(String text, Random r) {
        List<Object> docs = new ArrayList<>();
        try {
            for (Object d : new Yaml(new LoaderOptions()).loadAll(text)) {
                docs.add(d);
            }
        } catch (RuntimeException e) {
            return text;
        }
        if (docs.isEmpty()) {
            return text;
        }
        int k = r.nextInt(docs.size());
        Object doc = docs.get(k);
        if (r.nextInt(6) == 0) {
            docs.add(r.nextInt(docs.size() + 1), doc); // a duplicate
        } else {
            docs.set(k, mutateTree(doc, r, 0));
        }
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(r.nextBoolean() ? DumperOptions.FlowStyle.BLOCK : DumperOptions.FlowStyle.AUTO);
        return new Yaml(o).dumpAll(docs.iterator());
    }

    @SuppressWarnings("unchecked")
    private static Object mutateTree(Object node, Random r, int depth) {
        if (node instanceof Map<?, ?> m && !m.isEmpty() && depth < 8 && r.nextInt(4) != 0) {
            Map<Object, Object> copy = new LinkedHashMap<>((Map<Object, Object>) m);
            List<Object> keys = new ArrayList<>(copy.keySet());
            Object key = keys.get(r.nextInt(keys.size()));
            switch (r.nextInt(8)) {
                case 0 -> copy.remove(key);
                case 1 -> copy.put(key, missingReference(copy.get(key)));
                default -> copy.put(key, mutateTree(copy.get(key), r, depth + 1));
            }
            return copy;
        }
        if (node instanceof List<?> l && !l.isEmpty() && depth < 8 && r.nextInt(4) != 0) {
            List<Object> copy = new ArrayList<>(l);
            int i = r.nextInt(copy.size());
            if (r.nextInt(5) == 0) {
                copy.add(copy.get(i));
            } else {
                copy.set(i, mutateTree(copy.get(i), r, depth + 1));
            }
            return copy;
        }
        String wrong = WRONG[r.nextInt(WRONG.length)];
        return switch (r.nextInt(5)) {
            case 0 -> List.of(wrong);
            case 1 -> Map.of("x", wrong);
            case 2 -> r.nextBoolean() ? -r.nextInt(1000) : Long.MAX_VALUE;
            case 3 -> r.nextBoolean();
            default -> wrong;
        };
    }

    private static Object missingReference(Object value) {
        return value instanceof String ? "no-such-" + value : value;
    }

    private static String insert(String text, Random r, String[] pieces) {
        int at = r.nextInt(text.length() + 1);
        return text.substring(0, at) + pieces[r.nextInt(pieces.length)] + text.substring(at);
    }

    private static String deleteChars(String text, Random r) {
        StringBuilder sb = new StringBuilder(text);
        for (int n = 1 + r.nextInt(5); n > 0 && sb.length() > 0; n--) {
            sb.deleteCharAt(r.nextInt(sb.length()));
        }
        return sb.toString();
    }

    /** Each level repeats the one before twice: twenty levels would be a million copies. */
    private static String aliasBomb(String text, Random r) {
        StringBuilder sb = new StringBuilder("bomb0: &b0 [x, x]\n");
        for (int i = 1; i < 20; i++) {
            sb.append("bomb").append(i).append(": &b").append(i).append(" [*b").append(i - 1).append(", *b")
                    .append(i - 1).append("]\n");
        }
        String[] docs = text.split("\n---\n", -1);
        int k = r.nextInt(docs.length);
        docs[k] = docs[k] + (docs[k].endsWith("\n") ? "" : "\n") + sb;
        return String.join("\n---\n", docs);
    }

    private record Run(int status, String out, String err, long allocatedBytes) {
        @Override
        public String toString() {
            return "exit " + status + ", " + (allocatedBytes >> 20) + " MiB allocated\n--- stderr\n" + err;
        }
    }
}
