package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.QueueState;
import dev.caldera.kernel.cluster.QueueTable;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cache's queues: {@link QueueTable} rows by name, with their quantity vectors dense over dimensions (and
 * which dimensions each names). When the queue set changes, jobs resolve their queue rows again
 * ({@link JobCache#resolveQueues}). {@link #check} refuses a change before anything is touched; the writes after
 * it cannot fail.
 * <p>
 * Threading: scheduling thread only.
 */
final class QueueCache {
    private final QueueTable queues;
    private final ResourceDimensions dims;
    private final Runnable growDims;
    private final RowIndex rows = new RowIndex();
    private final QuantityTotals capability = new QuantityTotals("queues' capability");
    private final QuantityTotals guarantee = new QuantityTotals("queues' guarantee");
    private final QuantityTotals deserved = new QuantityTotals("queues' deserved");
    private boolean setChanged = true;

    QueueCache(QueueTable queues, ResourceDimensions dims, Runnable growDims) {
        this.queues = queues;
        this.dims = dims;
        this.growDims = growDims;
    }

    int row(String name) {
        return rows.get(name);
    }

    /** Refuses a queue whose quantities would break the cache's limits. Reads only. */
    void check(QueueSpec spec) {
        int row = rows.get(spec.name());
        String name = spec.name();
        QuantityTotals.checkNames(allNames(spec), dims, "Queue", null, name, "spec");
        capability.check(row < 0 ? null : queues.capability(row), spec.capability(), false, dims, "Queue", null, name,
                "spec.capability");
        guarantee.check(row < 0 ? null : queues.guarantee(row), spec.guarantee(), false, dims, "Queue", null, name,
                "spec.guarantee.resource");
        deserved.check(row < 0 ? null : queues.deserved(row), spec.deserved(), false, dims, "Queue", null, name,
                "spec.deserved");
    }

    /** Every resource the queue names, once (for the limit on distinct resources over its three lists). */
    private static ResourceList allNames(QueueSpec spec) {
        Map<String, Long> names = new LinkedHashMap<>();
        for (ResourceList list : new ResourceList[] {spec.capability(), spec.guarantee(), spec.deserved()}) {
            for (int i = 0; list != null && i < list.size(); i++) {
                names.put(list.name(i), 0L);
            }
        }
        return ResourceList.of(names);
    }

    void upsert(QueueSpec spec) {
        int row = rows.get(spec.name());
        if (row < 0) {
            row = rows.add(spec.name());
            queues.ensureRows(row + 1);
            queues.rows(Math.max(queues.rows(), row + 1));
            setChanged = true;
        } else {
            forgetTotals(row);
        }
        queues.clear(row);
        queues.name(row, spec.name());
        queues.weight(row, spec.weight());
        queues.capability(row, spec.capability() == null ? null : RequestVectors.of(spec.capability(), dims, false));
        queues.guarantee(row, spec.guarantee() == null ? null : RequestVectors.of(spec.guarantee(), dims, false));
        queues.deserved(row, spec.deserved() == null ? null : RequestVectors.of(spec.deserved(), dims, false));
        queues.capabilityListed(row, RequestVectors.listed(spec.capability(), dims));
        queues.guaranteeListed(row, RequestVectors.listed(spec.guarantee(), dims));
        queues.deservedListed(row, RequestVectors.listed(spec.deserved(), dims));
        growDims.run();
        capability.replace(null, queues.capability(row));
        guarantee.replace(null, queues.guarantee(row));
        deserved.replace(null, queues.deserved(row));
        queues.reclaimable(row, spec.reclaimable());
        queues.parentName(row, spec.parent());
        queues.priority(row, spec.priority());
        queues.state(row, QueueState.parse(spec.state()));
        queues.creationMs(row, spec.creationMs());
        queues.hierarchy(row, spec.hierarchy());
        queues.hierarchyWeights(row, spec.hierarchyWeights());
        queues.live(row, true);
    }

    void remove(String name) {
        int row = rows.get(name);
        if (row < 0) {
            return;
        }
        forgetTotals(row);
        queues.clear(row);
        rows.remove(name);
        setChanged = true;
    }

    private void forgetTotals(int row) {
        capability.replace(queues.capability(row), null);
        guarantee.replace(queues.guarantee(row), null);
        deserved.replace(queues.deserved(row), null);
    }

    /** True once after the queue set changed (jobs must resolve their queues again). */
    boolean takeSetChanged() {
        boolean changed = setChanged;
        setChanged = false;
        return changed;
    }
}
