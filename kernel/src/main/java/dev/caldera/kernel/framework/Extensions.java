package dev.caldera.kernel.framework;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The registrar a plugin declares its extension points to. It knows the plugin's tier and enable flags
 * and drops what the flags switch off, so the resolved {@link PluginChain} holds only live entries.
 * Not used after the chain is built.
 */
public final class Extensions {
    final List<List<Object>> byPoint;
    private final Map<Class<?>, Object> shared;
    private final PluginOption option;
    private final int tier;

    Extensions(List<List<Object>> byPoint, Map<Class<?>, Object> shared, PluginOption option, int tier) {
        this.byPoint = byPoint;
        this.shared = shared;
        this.option = option;
        this.tier = tier;
    }

    /**
     * The chain's one instance of {@code type}, made by {@code factory} for the first plugin that asks: state
     * several plugins read (Volcano's plugins share the session's node snapshot the same way).
     */
    public <T> T shared(Class<T> type, Supplier<T> factory) {
        return type.cast(shared.computeIfAbsent(type, k -> factory.get()));
    }

    public Arguments arguments() {
        return option.arguments();
    }

    public boolean enabled(PluginFlag flag) {
        return option.enabled(flag);
    }

    public void jobOrder(JobOrder f) {
        add(Point.JOB_ORDER, PluginFlag.JOB_ORDER, f);
    }

    public void taskOrder(TaskOrder f) {
        add(Point.TASK_ORDER, PluginFlag.TASK_ORDER, f);
    }

    public void queueOrder(QueueOrder f) {
        add(Point.QUEUE_ORDER, PluginFlag.QUEUE_ORDER, f);
    }

    /** Volcano consults VictimQueueOrderFn without an enable flag. */
    public void victimQueueOrder(VictimQueueOrder f) {
        add(Point.VICTIM_QUEUE_ORDER, null, f);
    }

    /** Job validity is always consulted (Volcano has no flag for it). */
    public void jobValid(JobValid f) {
        add(Point.JOB_VALID, null, f);
    }

    public void jobReady(JobReady f) {
        add(Point.JOB_READY, PluginFlag.JOB_READY, f);
    }

    public void jobPipelined(JobPipelined f) {
        add(Point.JOB_PIPELINED, PluginFlag.JOB_PIPELINED, f);
    }

    public void jobStarving(JobStarving f) {
        add(Point.JOB_STARVING, PluginFlag.JOB_STARVING, f);
    }

    public void jobEnqueueable(JobEnqueueable f) {
        add(Point.JOB_ENQUEUEABLE, PluginFlag.JOB_ENQUEUED, f);
    }

    public void jobEnqueued(JobEnqueued f) {
        add(Point.JOB_ENQUEUED, PluginFlag.JOB_ENQUEUED, f);
    }

    public void overused(Overused f) {
        add(Point.OVERUSED, PluginFlag.OVERUSED, f);
    }

    public void allocatable(Allocatable f) {
        add(Point.ALLOCATABLE, PluginFlag.ALLOCATABLE, f);
    }

    public void prePredicate(PrePredicate f) {
        add(Point.PRE_PREDICATE, PluginFlag.PREDICATE, f);
    }

    public void predicate(Predicate f) {
        add(Point.PREDICATE, PluginFlag.PREDICATE, f);
    }

    public void nodeScorer(NodeScorer f) {
        add(Point.NODE_SCORER, PluginFlag.NODE_ORDER, f);
    }

    public void batchNodeScorer(BatchNodeScorer f) {
        add(Point.BATCH_NODE_SCORER, PluginFlag.NODE_ORDER, f);
    }

    public void bestNode(BestNode f) {
        add(Point.BEST_NODE, PluginFlag.BEST_NODE, f);
    }

    public void preemptable(Evictable f) {
        add(Point.PREEMPTABLE, PluginFlag.PREEMPTABLE, f);
    }

    public void reclaimable(Evictable f) {
        add(Point.RECLAIMABLE, PluginFlag.RECLAIMABLE, f);
    }

    public void preemptive(Preemptive f) {
        add(Point.PREEMPTIVE, PluginFlag.PREEMPTIVE, f);
    }

    /** Event handlers are always registered (Volcano has no flag for them). */
    public void allocateListener(AllocateListener f) {
        add(Point.ALLOCATE_LISTENER, null, f);
    }

    private void add(Point point, PluginFlag flag, Object f) {
        if (flag == null || option.enabled(flag)) {
            byPoint.get(point.ordinal()).add(new Entry(tier, f));
        }
    }

    /** An extension registered in a tier. */
    record Entry(int tier, Object fn) {
    }

    /** The extension points, in the order of {@link #byPoint}. */
    enum Point {
        JOB_ORDER, TASK_ORDER, QUEUE_ORDER, JOB_VALID, JOB_READY, JOB_PIPELINED, JOB_STARVING,
        JOB_ENQUEUEABLE, JOB_ENQUEUED, OVERUSED, ALLOCATABLE, PRE_PREDICATE, PREDICATE, NODE_SCORER,
        BATCH_NODE_SCORER, BEST_NODE, PREEMPTABLE, RECLAIMABLE, PREEMPTIVE, ALLOCATE_LISTENER, VICTIM_QUEUE_ORDER;

        static List<List<Object>> lists() {
            List<List<Object>> lists = new ArrayList<>();
            for (int i = 0; i < values().length; i++) {
                lists.add(new ArrayList<>());
            }
            return lists;
        }
    }
}
