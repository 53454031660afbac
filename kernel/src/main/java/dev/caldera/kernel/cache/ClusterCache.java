package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.JobTable;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.Nominations;
import dev.caldera.kernel.cluster.QueueState;
import dev.caldera.kernel.cluster.QueueTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.cluster.TaskClasses;
import dev.caldera.kernel.cluster.TaskState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.placement.InterPodProfiles;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.topology.TopologyCache;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;

/**
 * The scheduler's view of the cluster, kept current by an adapter and read by sessions.
 * <p>
 * Two sides with two threading contracts:
 * <ul>
 *   <li>{@link #submit} and the {@code upsert*}/{@code remove*} helpers may be called from any thread at
 *       any time: they only enqueue an immutable {@link ClusterChange} on a lock-free MPSC queue.</li>
 *   <li>Everything else belongs to the scheduling thread: {@link #applyChanges()} drains the queue into
 *       the struct-of-arrays tables at the start of a cycle; a session then reads the spec tables by
 *       reference and copies only the small mutable state arrays ({@link NodeUsage}, {@link TaskState},
 *       {@link JobState}); commits write back through {@link #markBinding} and friends.</li>
 * </ul>
 * Rows of removed entities are reused. Node ranks (name order, the deterministic tie-break) are
 * recomputed only when the node set changed.
 */
public final class ClusterCache {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterCache.class);

    public final ResourceDimensions dims = new ResourceDimensions();
    public final Symbols symbols = new Symbols();
    public final PlacementProfiles profiles = new PlacementProfiles();
    public final InterPodProfiles interPodProfiles = new InterPodProfiles();
    public final NodeTable nodes = new NodeTable(dims.count());
    public final NodeUsage nodeUsage = new NodeUsage(dims.count());
    public final TaskTable tasks = new TaskTable();
    public final TaskState taskState = new TaskState();
    public final TaskClasses classes = new TaskClasses();
    public final JobTable jobs = new JobTable();
    public final JobState jobState = new JobState();
    public final QueueTable queues = new QueueTable();
    public final PriorityClasses priorityClasses = new PriorityClasses();
    public final Nominations nominations = new Nominations();
    /** HyperNodes, their tree, and the jobs' network topology (see {@link TopologyCache}). */
    public final TopologyCache topology = new TopologyCache();

    private final MpscUnboundedXaddArrayQueue<ClusterChange> changes = new MpscUnboundedXaddArrayQueue<>(1024);
    private final RowIndex nodeRows = new RowIndex();
    private final RowIndex taskRows = new RowIndex();
    private final RowIndex jobRows = new RowIndex();
    private final RowIndex queueRows = new RowIndex();
    private final NodeAttachments attachments = new NodeAttachments();
    /** Position of each task in its job's task list, for O(1) removal. */
    private int[] positionInJob = new int[0];
    /** Role slot of each task in its job's minTaskMember list, or -1. */
    private int[] roleSlot = new int[0];
    /** Task node names as given, kept to re-attach tasks whose node appears later. */
    private String[] taskNodeName = new String[0];
    /** The nominatedNodeName of each task's last spec, for the nominator's update rule. */
    private String[] specNominated = new String[0];
    private int[] liveNodes = new int[0];
    private boolean nodeSetChanged = true;
    private boolean queueSetChanged = true;
    private long rejectedChanges;

    // ---------------------------------------------------------------- adapter side (any thread)

    /** Queues a change for the scheduling thread. Thread safe, lock free. */
    public void submit(ClusterChange change) {
        changes.offer(change);
    }

    public void upsertNode(NodeSpec spec) {
        submit(new ClusterChange.UpsertNode(spec));
    }

    public void removeNode(String name) {
        submit(new ClusterChange.RemoveNode(name));
    }

    public void upsertTask(TaskSpec spec) {
        submit(new ClusterChange.UpsertTask(spec));
    }

    public void removeTask(String uid) {
        submit(new ClusterChange.RemoveTask(uid));
    }

    public void upsertJob(JobSpec spec) {
        submit(new ClusterChange.UpsertJob(spec));
    }

    public void removeJob(String key) {
        submit(new ClusterChange.RemoveJob(key));
    }

    public void upsertQueue(QueueSpec spec) {
        submit(new ClusterChange.UpsertQueue(spec));
    }

    public void removeQueue(String name) {
        submit(new ClusterChange.RemoveQueue(name));
    }

    public void upsertPriorityClass(PriorityClassSpec spec) {
        submit(new ClusterChange.UpsertPriorityClass(spec));
    }

    public void upsertHyperNode(HyperNodeSpec spec) {
        submit(new ClusterChange.UpsertHyperNode(spec));
    }

    public void removeHyperNode(String name) {
        submit(new ClusterChange.RemoveHyperNode(name));
    }

    public void bindFailed(String uid, String reason) {
        submit(new ClusterChange.BindFailed(uid, reason));
    }

    // ---------------------------------------------------------------- scheduling thread

    /** Applies every queued change; returns how many were applied. */
    public int applyChanges() {
        int applied = 0;
        ClusterChange change;
        while ((change = changes.poll()) != null) {
            try {
                apply(change);
                applied++;
            } catch (RuntimeException e) {
                rejectedChanges++;
                LOG.error("rejected cluster change {}: {}", change, e.getMessage());
            }
        }
        if (nodeSetChanged) {
            rankNodes();
        }
        if (queueSetChanged) {
            resolveQueues();
        }
        topology.refresh(nodes, liveNodes, symbols, nodeRows::get);
        return applied;
    }

    /** Changes that failed to apply since start (each was logged). */
    public long rejectedChanges() {
        return rejectedChanges;
    }

    /** Live node rows in row order (valid after {@link #applyChanges()}). Do not modify. */
    public int[] liveNodes() {
        return liveNodes;
    }

    public int liveNodeCount() {
        return nodes.liveCount;
    }

    public int nodeRow(String name) {
        return nodeRows.get(name);
    }

    public int taskRow(String uid) {
        return taskRows.get(uid);
    }

    public int jobRow(String key) {
        return jobRows.get(key);
    }

    public int queueRow(String name) {
        return queueRows.get(name);
    }

    /** The role slot of a task in its job's minTaskMember list, or -1. */
    public int roleSlot(int task) {
        return roleSlot[task];
    }

    /** Commit hand-off: the task is now Binding on {@code node}; a nomination is dropped once a pod binds. */
    public void markBinding(int task, int node) {
        setPlacement(task, TaskStatus.BINDING, node);
        nominations.remove(task);
    }

    /** Eviction hand-off: the task is now Releasing on its node. */
    public void markReleasing(int task) {
        setPlacement(task, TaskStatus.RELEASING, taskState.node[task]);
    }

    /** Records (or clears, with -1) the node a pipelined task is nominated to. */
    public void nominate(int task, int node) {
        nominations.nominate(task, node);
    }

    private void apply(ClusterChange change) {
        if (change instanceof ClusterChange.UpsertNode c) {
            applyNode(c.spec());
        } else if (change instanceof ClusterChange.RemoveNode c) {
            removeNodeRow(c.name());
        } else if (change instanceof ClusterChange.UpsertTask c) {
            applyTask(c.spec());
        } else if (change instanceof ClusterChange.RemoveTask c) {
            removeTaskRow(c.uid());
        } else if (change instanceof ClusterChange.UpsertJob c) {
            applyJob(c.spec());
        } else if (change instanceof ClusterChange.RemoveJob c) {
            removeJobSpec(c.key());
        } else if (change instanceof ClusterChange.UpsertQueue c) {
            applyQueue(c.spec());
        } else if (change instanceof ClusterChange.RemoveQueue c) {
            removeQueueRow(c.name());
        } else if (change instanceof ClusterChange.UpsertPriorityClass c) {
            priorityClasses.put(c.spec());
        } else if (change instanceof ClusterChange.RemovePriorityClass c) {
            priorityClasses.remove(c.name());
        } else if (change instanceof ClusterChange.UpsertHyperNode c) {
            topology.upsert(c.spec());
        } else if (change instanceof ClusterChange.RemoveHyperNode c) {
            topology.remove(c.name());
        } else if (change instanceof ClusterChange.BindFailed c) {
            applyBindFailed(c.uid(), c.reason());
        }
    }

    // ---------------------------------------------------------------- nodes

    private void applyNode(NodeSpec spec) {
        int row = nodeRows.get(spec.name());
        boolean added = row < 0;
        if (added) {
            row = nodeRows.add(spec.name());
            nodes.ensureRows(row + 1);
            nodeUsage.ensureRows(row + 1);
            nominations.ensureNodes(nodes.capacity);
            nodes.rows = Math.max(nodes.rows, row + 1);
            nodes.clear(row);
            nodes.name[row] = spec.name();
            nodes.live[row] = true;
            nodes.liveCount++;
            nodeUsage.reset(row, nodes.allocatable);
            nodeSetChanged = true;
            topology.nodesChanged();
        }
        writeAllocatable(row, spec);
        writePlacement(row, spec);
        if (added) {
            attachWaitingTasks(spec.name(), row);
        }
    }

    /** Labels, taints and unschedulable; the row's placement version moves only when one of them changed. */
    private void writePlacement(int row, NodeSpec spec) {
        int[] labels = NodeLabels.encode(spec.labels(), symbols);
        Taint[] taints = spec.taints().toArray(NodeTable.noTaints());
        if (Arrays.equals(labels, nodes.labels[row]) && Arrays.equals(taints, nodes.taints[row])
                && spec.unschedulable() == nodes.unschedulable[row]) {
            return;
        }
        if (!Arrays.equals(labels, nodes.labels[row])) {
            topology.nodesChanged();
        }
        nodes.labels[row] = labels;
        nodes.taints[row] = taints;
        nodes.unschedulable[row] = spec.unschedulable();
        nodes.placementVersion[row]++;
    }

    private void writeAllocatable(int row, NodeSpec spec) {
        for (int i = 0; i < spec.allocatable().size(); i++) {
            dims.register(spec.allocatable().name(i));
        }
        growDims();
        long[][] alloc = nodes.allocatable;
        for (int d = 0; d < alloc.length; d++) {
            alloc[d][row] = spec.allocatable().amount(dims.name(d));
            nodeUsage.idle[d][row] = alloc[d][row] - nodeUsage.used[d][row];
        }
    }

    private void growDims() {
        nodes.ensureDims(dims.count());
        nodeUsage.ensureDims(dims.count());
        jobState.requests.ensureDims(dims.count());
    }

    private void removeNodeRow(String name) {
        int row = nodeRows.get(name);
        if (row < 0) {
            return;
        }
        for (int t = 0; t < tasks.rows; t++) {
            if (tasks.live[t] && taskState.node[t] == row) {
                nodeUsage.remove(row, classes.request[tasks.taskClass[t]], taskState.status[t]);
                taskState.node[t] = -1;
                attachments.wait(name, t);
            }
        }
        nominations.clearNode(row);
        nodes.clear(row);
        nodes.liveCount--;
        nodeRows.remove(name);
        nodeSetChanged = true;
        topology.nodesChanged();
    }

    private void attachWaitingTasks(String nodeName, int row) {
        IntArrayList waiting = attachments.take(nodeName);
        if (waiting == null) {
            return;
        }
        for (int i = 0; i < waiting.size(); i++) {
            int t = waiting.getInt(i);
            if (tasks.live[t] && nodeName.equals(taskNodeName[t]) && taskState.node[t] < 0) {
                taskState.node[t] = row;
                nodeUsage.add(row, classes.request[tasks.taskClass[t]], taskState.status[t]);
            }
        }
    }

    private void rankNodes() {
        int[] rows = new int[nodes.liveCount];
        int n = 0;
        for (int r = 0; r < nodes.rows; r++) {
            if (nodes.live[r]) {
                rows[n++] = r;
            }
        }
        Integer[] byName = new Integer[n];
        for (int i = 0; i < n; i++) {
            byName[i] = rows[i];
        }
        Arrays.sort(byName, (a, b) -> nodes.name[a].compareTo(nodes.name[b]));
        for (int i = 0; i < n; i++) {
            nodes.rank[byName[i]] = i;
        }
        liveNodes = rows;
        nodeSetChanged = false;
    }

    // ---------------------------------------------------------------- tasks

    private void applyTask(TaskSpec spec) {
        int row = taskRows.get(spec.uid());
        byte status = spec.status();
        String nodeName = spec.nodeName();
        if (row >= 0) {
            if (keepsBinding(row, spec)) {
                status = TaskStatus.BINDING;
                nodeName = nodes.name[taskState.node[row]];
            }
            detachTask(row);
        } else {
            row = taskRows.add(spec.uid());
            growTaskRows(row + 1);
            tasks.rows = Math.max(tasks.rows, row + 1);
            tasks.liveCount++;
            specNominated[row] = null;
        }
        writeTask(row, spec);
        attachTask(row, status, nodeName);
        updateNomination(row, spec.nominatedNodeName(), status);
    }

    /**
     * The nominator's update rule (seed 004): keep the recorded nomination only when neither the previous
     * nor the new pod carries a nominatedNodeName, otherwise take the new pod's; a pod placed on a node has
     * no nomination.
     */
    private void updateNomination(int row, String nominated, byte status) {
        String previous = specNominated[row];
        specNominated[row] = nominated;
        if (TaskStatus.onNode(status)) {
            nominations.remove(row);
        } else if (previous != null || nominated != null) {
            nominations.nominate(row, nodeRows.get(nominated));
        }
    }

    /** An informer echo of a pod we are binding (still Pending without a node) must not undo the bind. */
    private boolean keepsBinding(int row, TaskSpec spec) {
        return taskState.status[row] == TaskStatus.BINDING && spec.status() == TaskStatus.PENDING
                && spec.nodeName() == null && taskState.node[row] >= 0;
    }

    private void growTaskRows(int needed) {
        tasks.ensureRows(needed);
        taskState.ensureRows(needed);
        nominations.ensureTasks(tasks.capacity);
        if (positionInJob.length < tasks.capacity) {
            positionInJob = Arrays.copyOf(positionInJob, tasks.capacity);
            roleSlot = Arrays.copyOf(roleSlot, tasks.capacity);
            taskNodeName = Arrays.copyOf(taskNodeName, tasks.capacity);
            specNominated = Arrays.copyOf(specNominated, tasks.capacity);
        }
    }

    private void writeTask(int row, TaskSpec spec) {
        tasks.uid[row] = spec.uid();
        tasks.key[row] = spec.key();
        tasks.name[row] = spec.name();
        tasks.namespace[row] = symbols.intern(spec.namespace());
        tasks.priority[row] = priorityClasses.resolve(spec.priority(), spec.priorityClassName());
        tasks.role[row] = symbols.intern(spec.role());
        tasks.preemptable[row] = spec.preemptable();
        tasks.creationMs[row] = spec.creationMs();
        tasks.nameIndex[row] = TaskTable.parseNameIndex(spec.name());
        tasks.flags[row] = flags(spec);
        tasks.live[row] = true;
        tasks.labels[row] = NodeLabels.encode(spec.labels(), symbols);
        long[] request = RequestVectors.of(spec.request(), dims);
        growDims();
        tasks.taskClass[row] = classes.acquire(request, profiles.acquire(spec.placement()),
                interPodProfiles.acquire(spec.interPod()));
        int job = jobRowFor(spec.namespace(), spec.job());
        tasks.job[row] = job;
        positionInJob[row] = jobs.tasks[job].size();
        jobs.tasks[job].add(row);
        roleSlot[row] = jobs.roleSlot(job, tasks.role[row]);
    }

    private static int flags(TaskSpec spec) {
        int f = 0;
        f |= spec.critical() ? TaskTable.CRITICAL : 0;
        f |= "kube-system".equals(spec.namespace()) ? TaskTable.KUBE_SYSTEM : 0;
        f |= spec.preemptNever() ? TaskTable.PREEMPT_NEVER : 0;
        f |= spec.schedulingGated() ? TaskTable.SCHEDULING_GATED : 0;
        return f;
    }

    private void attachTask(int row, byte status, String nodeName) {
        taskState.status[row] = status;
        taskNodeName[row] = TaskStatus.onNode(status) ? nodeName : null;
        int node = nodeName == null || !TaskStatus.onNode(status) ? -1 : nodeRows.get(nodeName);
        taskState.node[row] = node;
        if (node >= 0) {
            nodeUsage.add(node, classes.request[tasks.taskClass[row]], status);
        } else if (nodeName != null && TaskStatus.onNode(status)) {
            attachments.wait(nodeName, row);
        }
        int job = tasks.job[row];
        int cls = tasks.taskClass[row];
        jobState.add(job, roleSlot[row], classes.bestEffort[cls], classes.request[cls], status);
    }

    /** Removes every trace of the task's current state from nodes, job counters, classes and job lists. */
    private void detachTask(int row) {
        int cls = tasks.taskClass[row];
        int node = taskState.node[row];
        if (node >= 0) {
            nodeUsage.remove(node, classes.request[cls], taskState.status[row]);
        }
        int job = tasks.job[row];
        jobState.remove(job, roleSlot[row], classes.bestEffort[cls], classes.request[cls], taskState.status[row]);
        removeFromJobList(job, row);
        profiles.release(classes.profile[cls]);
        interPodProfiles.release(classes.interPod[cls]);
        classes.release(cls);
    }

    private void removeFromJobList(int job, int row) {
        IntArrayList list = jobs.tasks[job];
        int pos = positionInJob[row];
        int last = list.popInt();
        if (last != row) {
            list.set(pos, last);
            positionInJob[last] = pos;
        }
    }

    private void removeTaskRow(String uid) {
        int row = taskRows.get(uid);
        if (row < 0) {
            return;
        }
        int job = tasks.job[row];
        detachTask(row);
        nominations.remove(row);
        tasks.clear(row);
        taskState.status[row] = TaskStatus.NONE;
        taskState.node[row] = -1;
        taskNodeName[row] = null;
        tasks.liveCount--;
        taskRows.remove(uid);
        releaseJobIfUnused(job);
    }

    private void setPlacement(int task, byte status, int node) {
        int cls = tasks.taskClass[task];
        int oldNode = taskState.node[task];
        byte old = taskState.status[task];
        if (oldNode >= 0) {
            nodeUsage.remove(oldNode, classes.request[cls], old);
        }
        taskState.status[task] = status;
        taskState.node[task] = node;
        taskNodeName[task] = node >= 0 ? nodes.name[node] : null;
        if (node >= 0) {
            nodeUsage.add(node, classes.request[cls], status);
        }
        jobState.move(tasks.job[task], roleSlot[task], classes.bestEffort[cls], classes.request[cls], old, status);
    }

    private void applyBindFailed(String uid, String reason) {
        int row = taskRows.get(uid);
        if (row < 0) {
            return;
        }
        LOG.warn("bind of {} failed, back to Pending: {}", tasks.key[row], reason);
        if (taskState.status[row] == TaskStatus.BINDING) {
            setPlacement(row, TaskStatus.PENDING, -1);
        }
    }

    // ---------------------------------------------------------------- jobs

    private int jobRowFor(String namespace, String name) {
        String key = namespace + "/" + name;
        int row = jobRows.get(key);
        if (row < 0) {
            row = jobRows.add(key);
            jobs.ensureRows(row + 1);
            jobState.ensureRows(row + 1);
            jobs.rows = Math.max(jobs.rows, row + 1);
            jobs.clear(row);
            jobs.key[row] = key;
            jobs.namespace[row] = symbols.intern(namespace);
            jobState.reset(row, 0);
            jobState.phase[row] = 0;
        }
        return row;
    }

    private void applyJob(JobSpec spec) {
        int row = jobRowFor(spec.namespace(), spec.name());
        jobs.hasSpec[row] = true;
        jobs.live[row] = true;
        jobs.queueName[row] = spec.queue();
        jobs.queue[row] = queueRows.get(spec.queue());
        jobs.minMember[row] = spec.minMember();
        jobs.priorityClassName[row] = spec.priorityClassName();
        jobs.minResources[row] = spec.minResources() == null ? null : RequestVectors.of(spec.minResources(), dims, false);
        growDims();
        jobs.creationMs[row] = spec.creationMs();
        jobs.slaWaitingMs[row] = spec.slaWaitingMs();
        jobState.phase[row] = JobPhase.parse(spec.phase());
        topology.job(row, spec.networkTopology(), spec.subGroupPolicy());
        writeRoles(row, spec);
    }

    private void writeRoles(int row, JobSpec spec) {
        int n = spec.minTaskMember().size();
        int[] roles = new int[n];
        int[] mins = new int[n];
        int i = 0;
        for (var e : spec.minTaskMember().entrySet()) {
            roles[i] = symbols.intern(e.getKey());
            mins[i++] = e.getValue();
        }
        boolean changed = !Arrays.equals(roles, jobs.roles[row]);
        jobs.roles[row] = n == 0 ? JobTable.noRoles() : roles;
        jobs.roleMin[row] = n == 0 ? JobTable.noRoles() : mins;
        if (changed) {
            recountJob(row);
        }
    }

    /** Recomputes role slots and status counters of every task of a job (after its roles changed). */
    private void recountJob(int job) {
        jobState.reset(job, jobs.roles[job].length);
        IntArrayList list = jobs.tasks[job];
        for (int i = 0; i < list.size(); i++) {
            int t = list.getInt(i);
            roleSlot[t] = jobs.roleSlot(job, tasks.role[t]);
            int cls = tasks.taskClass[t];
            jobState.add(job, roleSlot[t], classes.bestEffort[cls], classes.request[cls], taskState.status[t]);
        }
    }

    private void removeJobSpec(String key) {
        int row = jobRows.get(key);
        if (row < 0) {
            return;
        }
        jobs.hasSpec[row] = false;
        jobs.live[row] = false;
        releaseJobIfUnused(row);
    }

    private void releaseJobIfUnused(int row) {
        if (!jobs.hasSpec[row] && jobs.tasks[row].isEmpty()) {
            topology.clearJob(row);
            jobRows.remove(jobs.key[row]);
            jobs.clear(row);
        }
    }

    // ---------------------------------------------------------------- queues

    private void applyQueue(QueueSpec spec) {
        int row = queueRows.get(spec.name());
        if (row < 0) {
            row = queueRows.add(spec.name());
            queues.ensureRows(row + 1);
            queues.rows = Math.max(queues.rows, row + 1);
            queueSetChanged = true;
        }
        queues.clear(row);
        queues.name[row] = spec.name();
        queues.weight[row] = spec.weight();
        queues.capability[row] = spec.capability() == null ? null : RequestVectors.of(spec.capability(), dims, false);
        queues.guarantee[row] = spec.guarantee() == null ? null : RequestVectors.of(spec.guarantee(), dims, false);
        queues.deserved[row] = spec.deserved() == null ? null : RequestVectors.of(spec.deserved(), dims, false);
        queues.capabilityListed[row] = RequestVectors.listed(spec.capability(), dims);
        queues.guaranteeListed[row] = RequestVectors.listed(spec.guarantee(), dims);
        queues.deservedListed[row] = RequestVectors.listed(spec.deserved(), dims);
        growDims();
        queues.reclaimable[row] = spec.reclaimable();
        queues.parentName[row] = spec.parent();
        queues.priority[row] = spec.priority();
        queues.state[row] = QueueState.parse(spec.state());
        queues.creationMs[row] = spec.creationMs();
        queues.hierarchy[row] = spec.hierarchy();
        queues.hierarchyWeights[row] = spec.hierarchyWeights();
        queues.live[row] = true;
    }

    private void removeQueueRow(String name) {
        int row = queueRows.get(name);
        if (row < 0) {
            return;
        }
        queues.clear(row);
        queueRows.remove(name);
        queueSetChanged = true;
    }

    private void resolveQueues() {
        for (int j = 0; j < jobs.rows; j++) {
            if (jobs.hasSpec[j]) {
                jobs.queue[j] = queueRows.get(jobs.queueName[j]);
            }
        }
        queueSetChanged = false;
    }

    /** Resolves every job's priority from its priority class (Volcano does this at snapshot). */
    public void resolveJobPriorities() {
        for (int j = 0; j < jobs.rows; j++) {
            if (jobs.hasSpec[j]) {
                jobs.priority[j] = priorityClasses.resolve(null, jobs.priorityClassName[j]);
            }
        }
    }

    /** String key to row, with a free list of rows. */
    private static final class RowIndex {
        private final Object2IntOpenHashMap<String> rows = new Object2IntOpenHashMap<>();
        private final IntArrayList free = new IntArrayList();
        private int next;

        RowIndex() {
            rows.defaultReturnValue(-1);
        }

        int get(String key) {
            return key == null ? -1 : rows.getInt(key);
        }

        int add(String key) {
            int row = free.isEmpty() ? next++ : free.popInt();
            rows.put(key, row);
            return row;
        }

        void remove(String key) {
            int row = rows.removeInt(key);
            if (row >= 0) {
                free.add(row);
            }
        }
    }
}
