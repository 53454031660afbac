package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.JobTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.topology.TopologyCache;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;
import java.util.Objects;

/**
 * The cache's jobs (PodGroups): {@link JobTable} rows by {@code namespace/name}, which exist as soon as a pod names
 * the job or its PodGroup arrives, and go when neither holds any more; a job's phase in {@link JobState}; its
 * queue row, resolved again whenever the queue set changes; its network topology in the {@link TopologyCache}.
 * {@link #check} refuses a change before anything is touched; the writes after it cannot fail.
 * <p>
 * Threading: scheduling thread only.
 */
final class JobCache {
    private final JobTable jobs;
    private final JobState state;
    private final ResourceDimensions dims;
    private final Symbols symbols;
    private final TopologyCache topology;
    private final QueueCache queues;
    private final PriorityClasses priorityClasses;
    private final Runnable growDims;
    private final RowIndex rows = new RowIndex();
    private final QuantityTotals minResources = new QuantityTotals("PodGroups' minResources");
    /** The PodGroups' minResources vectors, shared by the PodGroups of one list. */
    private final VectorMemo minResourceVectors;
    /** The namespace and name whose key {@code namespace/name} was joined last, and that key (see {@link #keyed}). */
    private String keyedNamespace;
    private String keyedName;
    private String keyedKey;
    /** PodGroups written since the last {@link #resolvePriorities} (a row may be listed twice). */
    private final IntArrayList unresolved = new IntArrayList();
    /** The priority classes' version at the last {@link #resolvePriorities}. */
    private long resolvedVersion = -1;

    JobCache(ClusterCache c, QueueCache queues, Runnable growDims) {
        this.jobs = c.jobs();
        this.state = c.jobState();
        this.dims = c.dims();
        this.symbols = c.symbols();
        this.topology = c.topology();
        this.queues = queues;
        this.priorityClasses = c.priorityClasses();
        this.growDims = growDims;
        this.minResourceVectors = new VectorMemo(dims, false);
    }

    int row(String key) {
        return rows.get(key);
    }

    /**
     * Refuses a PodGroup whose minResources would break the cache's quantity limits; {@code key} is the spec's
     * ({@link JobSpec#key}). Reads only.
     */
    void check(JobSpec spec, String key) {
        int row = rows.get(key);
        minResources.check(row < 0 ? null : jobs.minResources(row), spec.minResources(), false, dims, "PodGroup",
                spec.namespace(), spec.name(), "spec.minResources");
    }

    /** The row of job {@code namespace/name}, made (named by tasks, no PodGroup yet) when there is none. */
    int rowFor(String namespace, String name) {
        if (name == null || !name.equals(keyedName) || !Objects.equals(namespace, keyedNamespace)) {
            keyed(namespace, name, namespace + "/" + name);
        }
        return rowForKey(namespace, keyedKey);
    }

    /** Remembers the key last joined (a pod's PodGroup comes just before it, a job's pods one after the other). */
    private void keyed(String namespace, String name, String key) {
        keyedNamespace = namespace;
        keyedName = name;
        keyedKey = key;
    }

    /** {@link #rowFor(String, String)} with the job's key {@code namespace/name} already joined. */
    private int rowForKey(String namespace, String key) {
        int row = rows.get(key);
        if (row < 0) {
            row = rows.add(key);
            jobs.ensureRows(row + 1);
            state.ensureRows(row + 1);
            jobs.rows(Math.max(jobs.rows(), row + 1));
            jobs.clear(row);
            jobs.key(row, key);
            jobs.namespace(row, symbols.intern(namespace));
            state.reset(row, 0);
            state.phase(row, (byte) (0));
        }
        return row;
    }

    /**
     * Writes a PodGroup of key {@code key} ({@link JobSpec#key}); returns its row, and in {@code rolesChanged[0]}
     * whether its minTaskMember roles changed.
     */
    int upsert(JobSpec spec, String key, boolean[] rolesChanged) {
        keyed(spec.namespace(), spec.name(), key);
        int row = rowForKey(spec.namespace(), key);
        long[] before = jobs.minResources(row);
        jobs.hasSpec(row, true);
        jobs.live(row, true);
        jobs.queueName(row, spec.queue());
        jobs.queue(row, queues.row(spec.queue()));
        jobs.minMember(row, spec.minMember());
        jobs.priorityClassName(row, spec.priorityClassName());
        unresolved.add(row);
        jobs.minResources(row, spec.minResources() == null ? null
                : minResourceVectors.of(spec.minResources()));
        growDims.run();
        minResources.replace(before, jobs.minResources(row));
        jobs.creationMs(row, spec.creationMs());
        jobs.slaWaitingMs(row, spec.slaWaitingMs());
        state.phase(row, JobPhase.parse(spec.phase()));
        topology.job(row, spec.networkTopology(), spec.subGroupPolicy());
        rolesChanged[0] = writeRoles(row, spec);
        return row;
    }

    private boolean writeRoles(int row, JobSpec spec) {
        int n = spec.minTaskMember().size();
        if (n == 0) {
            // most PodGroups: the shared empty lists, without making two empty arrays to compare and drop
            boolean changed = jobs.roles(row).length != 0;
            jobs.roles(row, JobTable.noRoles());
            jobs.roleMin(row, JobTable.noRoles());
            return changed;
        }
        int[] roles = new int[n];
        int[] mins = new int[n];
        int i = 0;
        for (var e : spec.minTaskMember().entrySet()) {
            roles[i] = symbols.intern(e.getKey());
            mins[i++] = e.getValue();
        }
        boolean changed = !Arrays.equals(roles, jobs.roles(row));
        jobs.roles(row, roles);
        jobs.roleMin(row, mins);
        return changed;
    }

    /** The PodGroup is gone; the row stays while pods name it. */
    void remove(String key) {
        int row = rows.get(key);
        if (row < 0) {
            return;
        }
        minResources.replace(jobs.minResources(row), null);
        state.changed().mark(row);
        jobs.minResources(row, null);
        jobs.hasSpec(row, false);
        jobs.live(row, false);
        releaseIfUnused(row);
    }

    /** Frees the row when neither a PodGroup nor a pod names the job any more. */
    void releaseIfUnused(int row) {
        if (!jobs.hasSpec(row) && jobs.tasks(row).isEmpty()) {
            state.changed().mark(row);
            topology.clearJob(row);
            rows.remove(jobs.key(row));
            jobs.clear(row);
        }
    }

    /** Every PodGroup's queue row again (after queues came or went). */
    void resolveQueues() {
        for (int j = 0; j < jobs.rows(); j++) {
            if (jobs.hasSpec(j)) {
                int q = queues.row(jobs.queueName(j));
                if (q != jobs.queue(j)) {
                    state.changed().mark(j);
                    jobs.queue(j, q);
                }
            }
        }
    }

    /**
     * Resolves every job's priority from its priority class (Volcano does this at snapshot): every PodGroup when a
     * priority class changed since the last call, else only the PodGroups written since.
     */
    void resolvePriorities() {
        if (priorityClasses.version() != resolvedVersion) {
            resolvedVersion = priorityClasses.version();
            for (int j = 0; j < jobs.rows(); j++) {
                resolvePriority(j);
            }
        } else {
            for (int i = 0; i < unresolved.size(); i++) {
                resolvePriority(unresolved.getInt(i));
            }
        }
        unresolved.clear();
    }

    private void resolvePriority(int j) {
        if (j < jobs.rows() && jobs.hasSpec(j)) {
            int priority = priorityClasses.resolve(null, jobs.priorityClassName(j));
            if (priority != jobs.priority(j)) {
                state.changed().mark(j);
                jobs.priority(j, priority);
            }
        }
    }
}
