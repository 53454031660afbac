import java.lang.reflect.*;
import java.net.*;
import java.nio.file.Path;
import java.util.*;
/**
 * Replays the openb default trace (recorded times, or the paper's protocol with fgdfill and seed 42) with two
 * caldera.jar builds in one JVM, each in its own class loader, alternating jar by jar (base first in odd rounds,
 * after first in even ones), and prints each round's cpu and wall time of both and, over the second half of the
 * rounds (the first warm the JIT up), the median cpu time of each and the median of the per-round ratios. Run by
 * bench/replay-two-jars.sh; the replays' own timings (ReplayResult.cpuNs, wallNs), reading the trace excluded.
 */
public class ReplayTwoJars {
    static final class Side {
        final String name; final Object trace, conf; final Constructor<?> engine; final Constructor<?> options;
        final Method run, close, cpuNs, wallNs; final boolean paper;
        final List<Long> cpu = new ArrayList<>(), wall = new ArrayList<>();
        Side(String name, Path jar, Path dir, boolean paper) throws Exception {
            this.name = name; this.paper = paper;
            ClassLoader l = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> traces = l.loadClass("dev.caldera.k8s.replay.OpenbTraces");
            Path nodes = dir.resolve("openb_node_list_gpu_node.csv");
            Path pods = dir.resolve("openb_pod_list_default.csv");
            trace = paper ? traces.getMethod("paper", Path.class, Path.class, long.class, double.class).invoke(null, nodes, pods, 42L, 1.3)
                          : traces.getMethod("recorded", Path.class, Path.class).invoke(null, nodes, pods);
            Class<?> confs = l.loadClass("dev.caldera.k8s.replay.ReplayConf");
            Class<?> sc = l.loadClass("dev.caldera.kernel.conf.SchedulerConf");
            conf = confs.getMethod("with", sc, String.class, long.class).invoke(null, null, "fgdfill", 42L);
            Class<?> eng = l.loadClass("dev.caldera.k8s.replay.ReplayEngine");
            Class<?> opt = l.loadClass("dev.caldera.k8s.replay.ReplayEngine$Options");
            Class<?> tr = l.loadClass("dev.caldera.k8s.replay.Trace");
            engine = eng.getConstructor(tr, sc, opt);
            options = opt.getConstructor(boolean.class, long.class);
            run = eng.getMethod("run", l.loadClass("dev.caldera.k8s.replay.ReplayEngine$Progress"));
            close = eng.getMethod("close");
            Class<?> res = l.loadClass("dev.caldera.k8s.replay.ReplayResult");
            cpuNs = res.getMethod("cpuNs"); wallNs = res.getMethod("wallNs");
        }
        void once() throws Exception {
            Object e = engine.newInstance(trace, conf, options.newInstance(paper, 1000L));
            Object r = run.invoke(e, (Object) null);
            close.invoke(e);
            cpu.add((Long) cpuNs.invoke(r)); wall.add((Long) wallNs.invoke(r));
        }
    }
    static long median(List<Long> v) { List<Long> s = new ArrayList<>(v); Collections.sort(s); return s.get(s.size() / 2); }
    public static void main(String[] a) throws Exception {
        // args: BEFORE.jar AFTER.jar TRACES_DIR ROUNDS recorded|paper
        int rounds = Integer.parseInt(a[3]);
        boolean paper = a[4].equals("paper");
        Side base = new Side("before", Path.of(a[0]), Path.of(a[2]), paper);
        Side branch = new Side("after", Path.of(a[1]), Path.of(a[2]), paper);
        for (int i = 0; i < rounds; i++) {
            Side x = i % 2 == 0 ? base : branch, y = i % 2 == 0 ? branch : base;
            x.once(); y.once();
            System.out.printf("round %2d before cpu %.4f wall %.4f  after cpu %.4f wall %.4f  cpu before/after %.3f%n", i + 1,
                base.cpu.get(i) / 1e9, base.wall.get(i) / 1e9, branch.cpu.get(i) / 1e9, branch.wall.get(i) / 1e9,
                (double) base.cpu.get(i) / branch.cpu.get(i));
        }
        int from = rounds / 2;
        List<Double> ratios = new ArrayList<>();
        for (int i = from; i < rounds; i++) ratios.add((double) base.cpu.get(i) / branch.cpu.get(i));
        Collections.sort(ratios);
        List<Long> bc = base.cpu.subList(from, rounds), nc = branch.cpu.subList(from, rounds);
        System.out.printf("rounds %d-%d: median cpu before %.4f s, after %.4f s; median of the rounds' ratios before/after %.3f%n",
            from + 1, rounds, median(bc) / 1e9, median(nc) / 1e9, ratios.get(ratios.size() / 2));
    }
}
