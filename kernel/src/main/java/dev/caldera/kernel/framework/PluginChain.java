package dev.caldera.kernel.framework;

import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Extensions.Entry;
import dev.caldera.kernel.framework.Extensions.Point;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The configured plugins resolved once into typed arrays per extension point, and the rules that
 * combine their answers (SEMANTICS.md section 4). Hot loops walk arrays; nothing is looked up by name.
 * <ul>
 *   <li>Orders: the first non-zero comparison wins; 0 means undecided (the session applies fallbacks).</li>
 *   <li>Predicates: all must pass. Scores: summed in tier order.</li>
 *   <li>Overused: any. Allocatable, JobReady, Preemptive: all.</li>
 *   <li>JobPipelined, JobEnqueueable: any Reject is no; a tier with a Permit is yes; default yes.</li>
 *   <li>JobStarving: the first tier that has such a function decides; default no.</li>
 *   <li>Preemptable, Reclaimable: intersected within a tier; the first tier that ends with a non-empty answer
 *       decides ({@link VictimTiers}).</li>
 *   <li>VictimQueueOrder: the first non-zero comparison wins; 0 means undecided.</li>
 * </ul>
 * Threading: built once, then used on the scheduling thread (victim selection reuses scratch lists), except
 * predicates and scorers, which filter workers may call concurrently for disjoint node ranges.
 */
public final class PluginChain {
    private final Plugin[] plugins;
    private final JobOrder[] jobOrder;
    private final TaskOrder[] taskOrder;
    private final QueueOrder[] queueOrder;
    private final JobValid[] jobValid;
    private final JobReady[] jobReady;
    private final JobPipelined[][] jobPipelined;
    private final JobStarving[][] jobStarving;
    private final JobEnqueueable[][] jobEnqueueable;
    private final JobEnqueued[] jobEnqueued;
    private final Overused[] overused;
    private final Allocatable[] allocatable;
    private final PrePredicate[] prePredicates;
    private final Predicate[] predicates;
    private final NodeScorer[] nodeScorers;
    private final BatchNodeScorer[] batchScorers;
    /** How many leading node scorers are {@link NodeScorer#requestOnly()}. */
    private final int requestOnlyScorers;
    private final boolean predicatesProfileOnly;
    private final BestNode[] bestNode;
    private final VictimTiers preemptable;
    private final VictimTiers reclaimable;
    private final VictimQueueOrder[] victimQueueOrder;
    private final Preemptive[] preemptive;
    private final AllocateListener[] listeners;
    /** Wall time of each plugin's last open and close, in {@link #plugins} order (Volcano's plugin latency). */
    private final long[] openNs;
    private final long[] closeNs;
    /** Whether {@link #open} and {@link #close} time each plugin. */
    private boolean timed = true;

    private PluginChain(Plugin[] plugins, List<List<Object>> byPoint, int tiers) {
        this.plugins = plugins;
        this.openNs = new long[plugins.length];
        this.closeNs = new long[plugins.length];
        jobOrder = flat(byPoint, Point.JOB_ORDER, JobOrder.class);
        taskOrder = flat(byPoint, Point.TASK_ORDER, TaskOrder.class);
        queueOrder = flat(byPoint, Point.QUEUE_ORDER, QueueOrder.class);
        jobValid = flat(byPoint, Point.JOB_VALID, JobValid.class);
        jobReady = flat(byPoint, Point.JOB_READY, JobReady.class);
        jobPipelined = tiered(byPoint, Point.JOB_PIPELINED, JobPipelined.class, tiers);
        jobStarving = tiered(byPoint, Point.JOB_STARVING, JobStarving.class, tiers);
        jobEnqueueable = tiered(byPoint, Point.JOB_ENQUEUEABLE, JobEnqueueable.class, tiers);
        jobEnqueued = flat(byPoint, Point.JOB_ENQUEUED, JobEnqueued.class);
        overused = flat(byPoint, Point.OVERUSED, Overused.class);
        allocatable = flat(byPoint, Point.ALLOCATABLE, Allocatable.class);
        prePredicates = flat(byPoint, Point.PRE_PREDICATE, PrePredicate.class);
        predicates = flat(byPoint, Point.PREDICATE, Predicate.class);
        nodeScorers = flat(byPoint, Point.NODE_SCORER, NodeScorer.class);
        batchScorers = flat(byPoint, Point.BATCH_NODE_SCORER, BatchNodeScorer.class);
        int shared = 0;
        while (shared < nodeScorers.length && nodeScorers[shared].requestOnly()) {
            shared++;
        }
        requestOnlyScorers = shared;
        boolean byProfile = true;
        for (Predicate f : predicates) {
            byProfile &= f.profileOnly();
        }
        predicatesProfileOnly = byProfile;
        bestNode = flat(byPoint, Point.BEST_NODE, BestNode.class);
        preemptable = new VictimTiers(tiered(byPoint, Point.PREEMPTABLE, Evictable.class, tiers));
        reclaimable = new VictimTiers(tiered(byPoint, Point.RECLAIMABLE, Evictable.class, tiers));
        victimQueueOrder = flat(byPoint, Point.VICTIM_QUEUE_ORDER, VictimQueueOrder.class);
        preemptive = flat(byPoint, Point.PREEMPTIVE, Preemptive.class);
        listeners = flat(byPoint, Point.ALLOCATE_LISTENER, AllocateListener.class);
    }

    /** Builds every plugin of {@code tiers} with {@code factory} and resolves their extension points. */
    public static PluginChain build(List<Tier> tiers, PluginFactory factory) {
        List<List<Object>> byPoint = Point.lists();
        Map<Class<?>, Object> shared = new HashMap<>();
        List<Plugin> built = new ArrayList<>();
        for (int t = 0; t < tiers.size(); t++) {
            for (PluginOption option : tiers.get(t).plugins()) {
                Plugin plugin = factory.create(option);
                plugin.register(new Extensions(byPoint, shared, option, t));
                built.add(plugin);
            }
        }
        return new PluginChain(built.toArray(new Plugin[0]), byPoint, tiers.size());
    }

    public Plugin[] plugins() {
        return plugins.clone();
    }

    /** True when a plugin of that name is configured (enabled in some tier). */
    public boolean has(String name) {
        for (Plugin p : plugins) {
            if (p.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The first plugin of the given type, or null (tests and actions that need a plugin's own API). */
    public <T> T plugin(Class<T> type) {
        for (Plugin p : plugins) {
            if (type.isInstance(p)) {
                return type.cast(p);
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Whether {@link #open} and {@link #close} time each plugin (one clock read per plugin and one more, no
     * allocation); untimed, {@link #openNs} and {@link #closeNs} read 0. Timed unless told otherwise.
     */
    public void timed(boolean on) {
        timed = on;
        if (!on) {
            Arrays.fill(openNs, 0);
            Arrays.fill(closeNs, 0);
        }
    }

    /** Opens every plugin in order, timing each when {@link #timed}. */
    public void open(SessionView session) {
        long t = timed ? System.nanoTime() : 0;
        for (int i = 0; i < plugins.length; i++) {
            plugins[i].open(session);
            if (timed) {
                long now = System.nanoTime();
                openNs[i] = now - t;
                t = now;
            }
        }
    }

    /** Closes every plugin in order, timing each when {@link #timed}. */
    public void close(SessionView session) {
        long t = timed ? System.nanoTime() : 0;
        for (int i = 0; i < plugins.length; i++) {
            plugins[i].close(session);
            if (timed) {
                long now = System.nanoTime();
                closeNs[i] = now - t;
                t = now;
            }
        }
    }

    /** How long plugin {@code i} (in {@link #plugins()} order) took to open in the last session, in ns. */
    public long openNs(int i) {
        return openNs[i];
    }

    /** How long plugin {@code i} took to close in the last session, in ns. */
    public long closeNs(int i) {
        return closeNs[i];
    }

    // ------------------------------------------------------------------ orders (0 = undecided)

    public int compareJobs(int a, int b) {
        for (JobOrder f : jobOrder) {
            int c = f.compareJobs(a, b);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    public int compareTasks(int a, int b) {
        for (TaskOrder f : taskOrder) {
            int c = f.compareTasks(a, b);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    public int compareQueues(int a, int b) {
        for (QueueOrder f : queueOrder) {
            int c = f.compareQueues(a, b);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Volcano's VictimQueueOrderFn without its fallback: 0 when no plugin orders the two victim queues. */
    public int compareVictimQueues(int a, int b, int preemptorQueue) {
        for (VictimQueueOrder f : victimQueueOrder) {
            int c = f.compareVictimQueues(a, b, preemptorQueue);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ jobs and queues

    /** True when every JobValid reads the job's own rows alone ({@link JobValid#readsJobAlone()}). */
    public boolean jobValidReadsJobAlone() {
        for (JobValid f : jobValid) {
            if (!f.readsJobAlone()) {
                return false;
            }
        }
        return true;
    }

    /** Null when every plugin accepts the job, else the first rejection. */
    public JobValidation jobValid(int job) {
        for (JobValid f : jobValid) {
            JobValidation v = f.validate(job);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    public boolean jobReady(int job) {
        for (JobReady f : jobReady) {
            if (!f.ready(job)) {
                return false;
            }
        }
        return true;
    }

    public boolean jobPipelined(int job) {
        for (JobPipelined[] tier : jobPipelined) {
            boolean permit = false;
            for (JobPipelined f : tier) {
                int vote = f.pipelined(job);
                if (vote < 0) {
                    return false;
                }
                permit |= vote > 0;
            }
            if (permit) {
                return true;
            }
        }
        return true;
    }

    public boolean jobStarving(int job) {
        for (JobStarving[] tier : jobStarving) {
            if (tier.length == 0) {
                continue;
            }
            for (JobStarving f : tier) {
                if (!f.starving(job)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    public boolean jobEnqueueable(int job) {
        for (JobEnqueueable[] tier : jobEnqueueable) {
            boolean permit = false;
            for (JobEnqueueable f : tier) {
                int vote = f.enqueueable(job);
                if (vote < 0) {
                    return false;
                }
                permit |= vote > 0;
            }
            if (permit) {
                return true;
            }
        }
        return true;
    }

    public void jobEnqueued(int job) {
        for (JobEnqueued f : jobEnqueued) {
            f.enqueued(job);
        }
    }

    public boolean overused(int queue) {
        for (Overused f : overused) {
            if (f.overused(queue)) {
                return true;
            }
        }
        return false;
    }

    public boolean allocatable(int queue, int task) {
        for (Allocatable f : allocatable) {
            if (!f.allocatable(queue, task)) {
                return false;
            }
        }
        return true;
    }

    public boolean preemptive(int queue, int task) {
        for (Preemptive f : preemptive) {
            if (!f.preemptive(queue, task)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ nodes

    /** 0 when the task may be filtered, else the first failing code. */
    public int prePredicate(int task) {
        for (PrePredicate f : prePredicates) {
            int code = f.prePredicate(task);
            if (code != FitReason.OK) {
                return code;
            }
        }
        return FitReason.OK;
    }

    /** 0 when every predicate passes, else the first failing code. Safe to call concurrently. */
    public int predicate(int task, int node) {
        for (Predicate f : predicates) {
            int code = f.check(task, node);
            if (code != FitReason.OK) {
                return code;
            }
        }
        return FitReason.OK;
    }

    /**
     * Volcano's {@code PredicateForPreemptAction}: 0 when no predicate fails for a reason that evictions could
     * not clear ({@link FitReason#resolvable}), else the first unresolvable code. A predicate that fails for a
     * resolvable reason does not hide a later plugin's unresolvable one. Safe to call concurrently.
     */
    public int predicateForPreemption(int task, int node) {
        for (Predicate f : predicates) {
            int code = f.check(task, node);
            if (code != FitReason.OK && !FitReason.resolvable(code)) {
                return code;
            }
        }
        return FitReason.OK;
    }

    /**
     * The batch form of {@link #predicate} over {@code nodes[from, to)}: {@code codes[i]} becomes 0 or the first
     * failing code. Safe to call concurrently for disjoint ranges.
     */
    public void predicateAll(int task, int[] nodes, int from, int to, int[] codes) {
        Arrays.fill(codes, from, to, FitReason.OK);
        for (Predicate f : predicates) {
            f.checkAll(task, nodes, from, to, codes);
        }
    }

    /**
     * The batch form of {@link #score} over {@code nodes[from, to)}, bit for bit the same sums (each starts
     * from 0.0 and adds the scorers in the same order). Safe to call concurrently for disjoint ranges.
     */
    public void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        Arrays.fill(scores, from, to, 0.0);
        for (NodeScorer f : nodeScorers) {
            f.scoreAll(task, nodes, from, to, scores);
        }
    }

    /** Sum of node scores in tier order, starting from 0.0 as Volcano does. Safe to call concurrently. */
    public double score(int task, int node) {
        double score = 0.0;
        for (NodeScorer f : nodeScorers) {
            score += f.score(task, node);
        }
        return score;
    }

    /**
     * How many node scorers, from the first in tier order, read nothing of the task but its request
     * ({@link NodeScorer#requestOnly()}): their sum, {@link #requestOnlyScore}, is the same for every class of one
     * request, and {@link #scoreAfter} adds the others to it, bit for bit {@link #score}'s sum.
     */
    public int requestOnlyScorers() {
        return requestOnlyScorers;
    }

    /** The sum of the leading request-only node scores (0.0 when there is none), in tier order from 0.0. */
    public double requestOnlyScore(int task, int node) {
        double score = 0.0;
        for (int i = 0; i < requestOnlyScorers; i++) {
            score += nodeScorers[i].score(task, node);
        }
        return score;
    }

    /**
     * {@link #score} given {@code shared}, the {@link #requestOnlyScore} of the task's request on the node: adds
     * the remaining node scores in tier order (the same additions, so the same bits).
     */
    public double scoreAfter(int task, int node, double shared) {
        double score = shared;
        for (int i = requestOnlyScorers; i < nodeScorers.length; i++) {
            score += nodeScorers[i].score(task, node);
        }
        return score;
    }

    /** The batch form of {@link #requestOnlyScore}: {@code scores[i]} set for {@code i} in {@code [from, to)}. */
    public void requestOnlyScoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        Arrays.fill(scores, from, to, 0.0);
        for (int i = 0; i < requestOnlyScorers; i++) {
            nodeScorers[i].scoreAll(task, nodes, from, to, scores);
        }
    }

    /**
     * The batch form of {@link #scoreAfter}: adds the node scores past the request-only ones to {@code scores[i]},
     * which holds the {@link #requestOnlyScore} of {@code nodes[i]}, for {@code i} in {@code [from, to)}.
     */
    public void scoreAllAfter(int task, int[] nodes, int from, int to, double[] scores) {
        for (int i = requestOnlyScorers; i < nodeScorers.length; i++) {
            nodeScorers[i].scoreAll(task, nodes, from, to, scores);
        }
    }

    /** The batch scorers in order (a copy: the chain's own array stays its own). */
    public BatchNodeScorer[] batchScorers() {
        return batchScorers.clone();
    }

    public boolean hasBatchScorers() {
        return batchScorers.length > 0;
    }

    /** Adds every batch scorer's scores for {@code nodes[0..count)} into {@code scores}. */
    public void batchScore(int task, int[] nodes, int count, double[] scores) {
        for (BatchNodeScorer f : batchScorers) {
            f.score(task, nodes, count, scores);
        }
    }

    /** The node a BestNode plugin picks, or -1. */
    public int bestNode(int task, int[] nodes, double[] scores, int count) {
        for (BestNode f : bestNode) {
            int node = f.bestNode(task, nodes, scores, count);
            if (node >= 0) {
                return node;
            }
        }
        return -1;
    }

    /**
     * True when, for this task right now, every predicate and scorer is node-local: one evaluation serves every
     * task of its class and may be kept and refreshed node by node. False for tasks whose inter-pod terms (or
     * other pods' terms selecting them) tie their verdicts to other pods across topology domains; those are
     * filtered and scored one by one. Scheduling thread.
     */
    public boolean nodeLocal(int task) {
        for (Predicate f : predicates) {
            if (!f.nodeLocal(task)) {
                return false;
            }
        }
        for (NodeScorer f : nodeScorers) {
            if (!f.nodeLocal(task)) {
                return false;
            }
        }
        for (BatchNodeScorer f : batchScorers) {
            if (!f.nodeLocal(task)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Volcano's SimulatePredicateFn: 0 when every predicate's simulation passes for the session as it is now,
     * else the first failing code (topology-aware preemption's fit test while it tries victims).
     */
    public int simulatePredicate(int task, int node) {
        for (Predicate f : predicates) {
            int code = f.simulate(task, node);
            if (code != FitReason.OK) {
                return code;
            }
        }
        return FitReason.OK;
    }

    /** Lets every predicate build its per-task state before the task's nodes are filtered. Scheduling thread. */
    public void beforeNodes(int task) {
        for (Predicate f : predicates) {
            f.beforeNodes(task);
        }
    }

    /**
     * True when every predicate's node-local verdicts read the class's profiles only, not its request vector
     * ({@link Predicate#profileOnly}): one verdict per node then serves every class of a profile. Fixed.
     */
    public boolean predicatesProfileOnly() {
        return predicatesProfileOnly;
    }

    /**
     * A placement profile whose node-local verdicts are profile {@code profile}'s ({@link Predicate#verdictProfile}
     * of the only predicate; with several, the profile itself). Valid when {@link #predicatesProfileOnly}; after
     * open, scheduling thread.
     */
    public int verdictProfile(int profile) {
        return predicates.length == 1 ? predicates[0].verdictProfile(profile) : profile;
    }

    /** True when every predicate is node-local: a task class's feasibility on a node depends on that node only. */
    public boolean predicatesNodeLocal() {
        for (Predicate f : predicates) {
            if (!f.nodeLocal()) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when one filter and score pass can serve every task of a class and be refreshed node by node:
     * every predicate and node scorer is node-local, every batch scorer is a {@link NormalizedScorer}, and
     * no BestNode hook is set.
     */
    public boolean incremental() {
        if (!predicatesNodeLocal() || bestNode.length > 0) {
            return false;
        }
        for (NodeScorer f : nodeScorers) {
            if (!f.nodeLocal()) {
                return false;
            }
        }
        for (BatchNodeScorer f : batchScorers) {
            if (!(f instanceof NormalizedScorer)) {
                return false;
            }
        }
        return true;
    }

    /**
     * What of a node the predicates and scorers read together ({@link NodeInputs}): the or of their kinds, or
     * {@link NodeInputs#ANY} when one of them may read anything (valid when {@link #incremental()}; asked after
     * open, as a plugin may answer per session). Scheduling thread.
     */
    public int nodeInputs() {
        int kinds = NodeInputs.NONE;
        for (Predicate f : predicates) {
            kinds = orInputs(kinds, f.nodeInputs());
        }
        for (NodeScorer f : nodeScorers) {
            kinds = orInputs(kinds, f.nodeInputs());
        }
        for (BatchNodeScorer f : batchScorers) {
            kinds = orInputs(kinds, f instanceof NormalizedScorer n ? n.nodeInputs() : NodeInputs.ANY);
        }
        return kinds;
    }

    /** What of a node the predicates read together ({@link #nodeInputs()} for predicates only). */
    public int predicateInputs() {
        int kinds = NodeInputs.NONE;
        for (Predicate f : predicates) {
            kinds = orInputs(kinds, f.nodeInputs());
        }
        return kinds;
    }

    private static int orInputs(int kinds, int more) {
        return kinds == NodeInputs.ANY || more == NodeInputs.ANY ? NodeInputs.ANY : kinds | more;
    }

    /**
     * The predicates and scorers that declare state of their own ({@link NodeInputs#OWN}) in chain order, into
     * {@code out} (cleared first). Scheduling thread.
     */
    public void nodeKeySources(List<NodeInputs> out) {
        out.clear();
        for (Predicate f : predicates) {
            ownKey(f, out);
        }
        for (NodeScorer f : nodeScorers) {
            ownKey(f, out);
        }
        for (BatchNodeScorer f : batchScorers) {
            if (f instanceof NormalizedScorer n) {
                ownKey(n, out);
            }
        }
    }

    private static void ownKey(NodeInputs f, List<NodeInputs> out) {
        int kinds = f.nodeInputs();
        if (kinds != NodeInputs.ANY && (kinds & NodeInputs.OWN) != 0 && f.nodeKeyWords() > 0) {
            out.add(f);
        }
    }

    /** How many versions {@link #stateVersionsHeld} keeps: one per predicate and scorer. */
    public int stateVersionCount() {
        return predicates.length + nodeScorers.length + batchScorers.length;
    }

    /**
     * True when every predicate's and scorer's {@link NodeInputs#stateVersion()} equals the one in {@code kept}
     * (written by the previous call) and none is {@link NodeInputs#VOLATILE}; writes the current versions into
     * {@code kept} either way ({@link #stateVersionCount()} long). Scheduling thread, after open; no allocation.
     */
    public boolean stateVersionsHeld(long[] kept) {
        boolean held = true;
        int i = 0;
        for (Predicate f : predicates) {
            held &= keep(kept, i++, f.stateVersion());
        }
        for (NodeScorer f : nodeScorers) {
            held &= keep(kept, i++, f.stateVersion());
        }
        for (BatchNodeScorer f : batchScorers) {
            held &= keep(kept, i++, f instanceof NormalizedScorer n ? n.stateVersion() : NodeInputs.VOLATILE);
        }
        return held;
    }

    private static boolean keep(long[] kept, int i, long version) {
        boolean held = kept[i] == version && version != NodeInputs.VOLATILE;
        kept[i] = version;
        return held;
    }

    /** The batch scorers as normalized scorers, in order (valid when {@link #incremental()}). */
    public NormalizedScorer[] normalizedScorers() {
        NormalizedScorer[] out = new NormalizedScorer[batchScorers.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (NormalizedScorer) batchScorers[i];
        }
        return out;
    }

    // ------------------------------------------------------------------ victims

    /** The victims the Preemptable plugins choose among {@code candidates}, into {@code victims} (cleared first). */
    public void preemptable(int preemptor, IntArrayList candidates, IntArrayList victims) {
        preemptable.decide(preemptor, candidates, victims);
    }

    /** The victims the Reclaimable plugins choose among {@code candidates}, into {@code victims} (cleared first). */
    public void reclaimable(int reclaimer, IntArrayList candidates, IntArrayList victims) {
        reclaimable.decide(reclaimer, candidates, victims);
    }

    // ------------------------------------------------------------------ events

    public void allocated(int task) {
        for (AllocateListener l : listeners) {
            l.allocated(task);
        }
    }

    public void deallocated(int task) {
        for (AllocateListener l : listeners) {
            l.deallocated(task);
        }
    }

    // ------------------------------------------------------------------ resolution helpers

    private static <T> T[] flat(List<List<Object>> byPoint, Point point, Class<T> type) {
        List<Object> entries = byPoint.get(point.ordinal());
        @SuppressWarnings("unchecked")
        T[] out = (T[]) Array.newInstance(type, entries.size());
        for (int i = 0; i < out.length; i++) {
            out[i] = type.cast(((Entry) entries.get(i)).fn());
        }
        return out;
    }

    private static <T> T[][] tiered(List<List<Object>> byPoint, Point point, Class<T> type, int tiers) {
        List<Object> entries = byPoint.get(point.ordinal());
        @SuppressWarnings("unchecked")
        T[][] out = (T[][]) Array.newInstance(type, tiers, 0);
        for (int t = 0; t < tiers; t++) {
            List<T> inTier = new ArrayList<>();
            for (Object o : entries) {
                Entry e = (Entry) o;
                if (e.tier() == t) {
                    inTier.add(type.cast(e.fn()));
                }
            }
            @SuppressWarnings("unchecked")
            T[] row = (T[]) Array.newInstance(type, inTier.size());
            out[t] = inTier.toArray(row);
        }
        return out;
    }
}
