package dev.caldera.kernel.plugin.conformance;

import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.plugin.Extensions;
import dev.caldera.kernel.plugin.Plugin;
import dev.caldera.kernel.plugin.Vote;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Volcano's {@code conformance} plugin: preempt and reclaim never take critical pods (priority class
 * {@code system-cluster-critical} or {@code system-node-critical}, flagged {@link TaskTable#CRITICAL} by
 * the adapter) nor pods of the {@code kube-system} namespace ({@link TaskTable#KUBE_SYSTEM}).
 * <p>
 * Threading: scheduling thread. O(candidates), no allocation.
 */
public final class ConformancePlugin implements Plugin {
    public static final String NAME = "conformance";
    private static final int PROTECTED = TaskTable.CRITICAL | TaskTable.KUBE_SYSTEM;

    private Session session;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        ext.preemptable(this::victims);
        ext.reclaimable(this::victims);
    }

    @Override
    public void open(Session s) {
        session = s;
    }

    int victims(int evictor, IntArrayList candidates, IntArrayList victims) {
        int[] flags = session.tasks.flags;
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            if ((flags[v] & PROTECTED) == 0) {
                victims.add(v);
            }
        }
        return Vote.PERMIT;
    }
}
