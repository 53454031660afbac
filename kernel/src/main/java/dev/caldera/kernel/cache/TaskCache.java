package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.JobTable;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.Nominations;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.cluster.TaskClasses;
import dev.caldera.kernel.cluster.TaskState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.placement.InterPodProfiles;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.resource.ResourceDimensions;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * The cache's pods: {@link TaskTable} rows by uid, their {@link TaskState}, task classes and placement profiles,
 * what they take on their nodes ({@link NodeUsage}) and count in their job ({@link JobState}), and the nominator's
 * update rule. A task on a node the cache does not know yet waits in {@link NodeAttachments} until it appears.
 * {@link #check} refuses a change before anything is touched; the writes after it cannot fail.
 * <p>
 * Threading: scheduling thread only.
 */
final class TaskCache {
    private final TaskTable tasks;
    private final TaskState state;
    private final TaskClasses classes;
    private final NodeTable nodes;
    private final NodeUsage usage;
    private final Nominations nominations;
    private final JobTable jobs;
    private final JobState jobState;
    private final JobCache jobCache;
    private final NodeCache nodeCache;
    private final PriorityClasses priorityClasses;
    private final ResourceDimensions dims;
    private final Symbols symbols;
    private final PlacementProfiles profiles;
    private final InterPodProfiles interPodProfiles;
    private final Runnable growDims;
    private final RowIndex rows = new RowIndex();
    private final NodeAttachments attachments = new NodeAttachments();
    private final QuantityTotals requests = new QuantityTotals("pods' requests");
    /** The pods' request vectors, shared by the pods of one request list. */
    private final VectorMemo requestVectors;
    /** Position of each task in its job's task list, for O(1) removal. */
    private int[] positionInJob = new int[0];
    /** Role slot of each task in its job's minTaskMember list, or -1. */
    private int[] roleSlot = new int[0];
    /** Task node names as given, kept to re-attach tasks whose node appears later. */
    private String[] nodeName = new String[0];
    /** The nominatedNodeName of each task's last spec, for the nominator's update rule. */
    private String[] specNominated = new String[0];
    /**
     * Each task's last spec written in full (an update that only moves the pod skips the rewrite), or after a
     * {@link ClusterChange.MoveTask} the one before it, which differs from the pod's spec in its place and devices
     * alone: every read of it ({@link #sameKey}, its request, {@link #onlyMoves}) looks past those.
     */
    private TaskSpec[] written = new TaskSpec[0];
    /** The spec {@link #check} passed last and its row, for the {@link #upsert} that follows it at once. */
    private TaskSpec checkedSpec;
    private int checkedRow;
    /** Tests: rewrite every pod in full, as before the short path for moves. */
    private boolean rewriteEveryPod;
    /**
     * The namespace and role {@link #write} interned last: a job's pods, one after the other, name the same ones
     * (each pod its own strings, equal), and write interns the two in turn, so that the symbol table's own memo of its
     * last string never matched.
     */
    private final Symbols.Memo namespaceMemo = new Symbols.Memo();
    private final Symbols.Memo roleMemo = new Symbols.Memo();

    TaskCache(ClusterCache c, JobCache jobCache, NodeCache nodeCache, Runnable growDims) {
        this.tasks = c.tasks();
        this.state = c.taskState();
        this.classes = c.classes();
        this.nodes = c.nodes();
        this.usage = c.nodeUsage();
        this.nominations = c.nominations();
        this.jobs = c.jobs();
        this.jobState = c.jobState();
        this.jobCache = jobCache;
        this.nodeCache = nodeCache;
        this.priorityClasses = c.priorityClasses();
        this.dims = c.dims();
        this.symbols = c.symbols();
        this.profiles = c.profiles();
        this.interPodProfiles = c.interPodProfiles();
        this.growDims = growDims;
        this.requestVectors = new VectorMemo(dims, true);
    }

    /** Tests: every update rewrites its pod in full (the reference the short path for moves is held to). */
    void rewriteEveryPod() {
        rewriteEveryPod = true;
    }

    int row(String uid) {
        return rows.get(uid);
    }

    int roleSlot(int task) {
        return roleSlot[task];
    }

    /**
     * Makes room for {@code count} pods (the uid index, the task tables and their state) before a bulk load, so that
     * they are not grown and copied again and again as rows are added: capacity only, no row is written.
     */
    void reserve(int count) {
        rows.reserve(count);
        growRows(count);
    }

    // ---------------------------------------------------------------- look-ahead

    /**
     * Reads what {@link #check} and {@link #upsert} will read first for {@code spec} (its uid, its row, the spec last
     * written, the task's state and its job's task list) and returns a number made of them, which means nothing:
     * {@link ClusterCache#applyChanges} calls it for several updates before applying them so that their memory
     * waits overlap. Reads only.
     */
    int touch(TaskSpec spec) {
        int row = rows.get(spec.uid());
        if (row < 0) {
            return spec.status();
        }
        TaskSpec last = written[row];
        int job = tasks.job(row);
        IntArrayList list = job < 0 ? null : jobs.tasks(job);
        int size = list == null ? 0 : list.size();
        return row + (last == null ? 0 : last.status()) + state.node(row) + size
                + (size > 0 ? list.getInt(size - 1) : 0) + positionInJob[row];
    }

    // ---------------------------------------------------------------- checks

    /**
     * Refuses a pod whose status only the scheduler sets, whose uid already names another pod, or whose request
     * would break the cache's quantity limits. Reads only.
     */
    void check(TaskSpec spec) {
        checkStatus(spec.status(), spec);
        int row = rows.get(spec.uid());
        if (row >= 0 && !sameKey(row, spec)) {
            throw new RejectedChange("Pod", spec.key(), "metadata.uid", spec.uid() + " is already the uid of Pod "
                    + tasks.key(row));
        }
        if (row < 0 || written[row] == null || !written[row].request().equals(spec.request())) {
            requests.check(row < 0 ? null : classes.request(tasks.taskClass(row)), spec.request(), true, dims, "Pod",
                    spec.namespace(), spec.name(), "spec.containers[].resources.requests");
        } // else the same request in place of itself: every total stays as it is
        checkedSpec = spec;
        checkedRow = row;
    }

    /**
     * Refuses a move of a pod the cache does not hold, or to a status only the scheduler sets: the checks of
     * {@link #check} for the pod's last spec moved, whose uid, key and request are the last spec's own. Reads only.
     */
    void check(ClusterChange.MoveTask move) {
        int row = rows.get(move.uid());
        if (row < 0) {
            throw new RejectedChange("Pod", move.uid(), "metadata.uid", "no pod has uid " + move.uid()
                    + " in the cache: a move changes a pod written before");
        }
        checkStatus(move.status(), written[row]);
    }

    private static void checkStatus(byte status, TaskSpec spec) {
        if (status == TaskStatus.ALLOCATED || status == TaskStatus.PIPELINED || status == TaskStatus.BINDING) {
            throw new RejectedChange("Pod", spec.key(), "status", TaskStatus.name(status) + " is a state only the"
                    + " scheduler sets; a pod is Pending, Bound, Running, Releasing, Succeeded, Failed or Unknown");
        }
    }

    /** Whether the pod of {@code row} is {@code spec}'s namespace/name (from its last spec when there is one). */
    private boolean sameKey(int row, TaskSpec spec) {
        TaskSpec last = written[row];
        return last != null ? last.namespace().equals(spec.namespace()) && last.name().equals(spec.name())
                : spec.hasKey(tasks.key(row));
    }

    // ---------------------------------------------------------------- upsert and remove

    void upsert(TaskSpec spec, String key, long nameIndex) {
        int row = spec == checkedSpec ? checkedRow : rows.get(spec.uid());
        checkedSpec = null;
        if (row >= 0 && !rewriteEveryPod && onlyMoves(row, spec)) {
            move(row, spec);
            return;
        }
        byte status = spec.status();
        String node = spec.nodeName();
        long[] before = null;
        if (row >= 0) {
            if (keepsBinding(row, spec)) {
                status = TaskStatus.BINDING;
                node = nodes.name(state.node(row));
            }
            before = classes.request(tasks.taskClass(row));
            detach(row);
        } else {
            row = rows.add(spec.uid());
            growRows(row + 1);
            tasks.rows(Math.max(tasks.rows(), row + 1));
            tasks.addLiveCount(1);
            specNominated[row] = null;
        }
        write(row, spec, key, nameIndex);
        written[row] = spec;
        requests.replace(before, classes.request(tasks.taskClass(row)));
        attach(row, status, node);
        updateNomination(row, spec.nominatedNodeName(), status);
    }

    /**
     * True when the pod's spec is the one last written but for its status, node, nomination and GPU devices named,
     * its priority class resolves as it did and no dimension was added since: then {@link #move} gives the tables
     * exactly what a full rewrite would (but that its placement profile keeps its id, where a rewrite may free and
     * take it again). A bound pod's echo (Running on its node, with the devices it was given) is such an update.
     */
    private boolean onlyMoves(int row, TaskSpec spec) {
        TaskSpec last = written[row];
        return last != null && last.sameButPlaceAndDevices(spec)
                && tasks.priority(row) == priorityClasses.resolve(spec.priority(), spec.priorityClassName())
                && classes.request(tasks.taskClass(row)).length == dims.count(); // a rewrite would lengthen it
    }

    /**
     * A {@link ClusterChange.MoveTask} {@link #check} passed: what {@link #upsert} of the pod's last spec with that
     * place and those devices does, the spec built only when that upsert would rewrite the pod in full.
     */
    void move(ClusterChange.MoveTask move) {
        int row = rows.get(move.uid());
        TaskSpec last = written[row];
        if (rewriteEveryPod || !onlyMoves(row, last)) {
            // the same pod (uid, namespace, name): its key and name index as written
            upsert(last.toBuilder().status(move.status()).nodeName(move.nodeName()).nominatedNodeName(null)
                    .gpuDevices(move.gpuDevices()).build(), tasks.key(row), tasks.nameIndex(row));
            return;
        }
        move(row, move.status(), move.nodeName(), null, move.gpuDevices());
    }

    /**
     * An update that only moves the pod: what {@link #upsert} does without releasing and interning its class,
     * profiles, labels and job again (the task leaves its job's list and rejoins at the end, as a rewrite does; its
     * devices named are written as a rewrite writes them).
     */
    private void move(int row, TaskSpec spec) {
        written[row] = spec;
        move(row, spec.status(), spec.nodeName(), spec.nominatedNodeName(), spec.gpuDevices());
    }

    private void move(int row, byte status, String node, String nominated, long gpuDevices) {
        tasks.gpuDevices(row, gpuDevices);
        if (keepsBinding(row, status, node)) {
            status = TaskStatus.BINDING;
            node = nodes.name(state.node(row));
        }
        int cls = tasks.taskClass(row);
        int job = tasks.job(row);
        if (state.node(row) >= 0) {
            usage.remove(state.node(row), classes.request(cls), state.status(row));
        }
        jobState.remove(job, roleSlot[row], classes.bestEffort(cls), classes.request(cls), state.status(row));
        removeFromJobList(job, row);
        positionInJob[row] = jobs.tasks(job).size();
        jobs.tasks(job).add(row);
        attach(row, status, node);
        updateNomination(row, nominated, status);
    }

    /** Removes the task of {@code uid} (nothing when unknown); its job row goes when nothing names it any more. */
    void remove(String uid) {
        int row = rows.get(uid);
        if (row < 0) {
            return;
        }
        int job = tasks.job(row);
        requests.replace(classes.request(tasks.taskClass(row)), null);
        detach(row);
        nominations.remove(row);
        tasks.clear(row);
        state.status(row, TaskStatus.NONE);
        state.node(row, -1);
        nodeName[row] = null;
        written[row] = null;
        tasks.addLiveCount(-1);
        rows.remove(uid);
        jobCache.releaseIfUnused(job);
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
            nominations.nominate(row, nodeCache.row(nominated));
        }
    }

    /** An informer echo of a pod we are binding (still Pending without a node) must not undo the bind. */
    private boolean keepsBinding(int row, TaskSpec spec) {
        return keepsBinding(row, spec.status(), spec.nodeName());
    }

    private boolean keepsBinding(int row, byte status, String nodeName) {
        return state.status(row) == TaskStatus.BINDING && status == TaskStatus.PENDING && nodeName == null
                && state.node(row) >= 0;
    }

    private void growRows(int needed) {
        tasks.ensureRows(needed);
        state.ensureRows(needed);
        nominations.ensureTasks(tasks.capacity());
        if (positionInJob.length < tasks.capacity()) {
            positionInJob = Arrays.copyOf(positionInJob, tasks.capacity());
            roleSlot = Arrays.copyOf(roleSlot, tasks.capacity());
            nodeName = Arrays.copyOf(nodeName, tasks.capacity());
            specNominated = Arrays.copyOf(specNominated, tasks.capacity());
            written = Arrays.copyOf(written, tasks.capacity());
        }
    }

    /** Writes the spec's row; {@code key} and {@code nameIndex} as {@link ClusterChange.UpsertTask} has them. */
    private void write(int row, TaskSpec spec, String key, long nameIndex) {
        tasks.uid(row, spec.uid());
        tasks.key(row, key);
        tasks.name(row, spec.name());
        tasks.namespace(row, namespaceMemo.intern(symbols, spec.namespace()));
        tasks.priority(row, priorityClasses.resolve(spec.priority(), spec.priorityClassName()));
        tasks.role(row, roleMemo.intern(symbols, spec.role()));
        tasks.preemptable(row, spec.preemptable());
        tasks.creationMs(row, spec.creationMs());
        tasks.nameIndex(row, nameIndex);
        tasks.flags(row, flags(spec));
        tasks.gpuDevices(row, spec.gpuDevices());
        tasks.live(row, true);
        tasks.labels(row, NodeLabels.encode(spec.labels(), symbols));
        long[] request = requestVectors.of(spec.request());
        growDims.run();
        tasks.taskClass(row, classes.acquire(request, profiles.acquire(spec.placement()),
                interPodProfiles.acquire(spec.interPod())));
        int job = jobCache.rowFor(spec.namespace(), spec.job());
        tasks.job(row, job);
        positionInJob[row] = jobs.tasks(job).size();
        jobs.tasks(job).add(row);
        roleSlot[row] = jobs.roleSlot(job, tasks.role(row));
    }

    private static int flags(TaskSpec spec) {
        int f = 0;
        f |= spec.critical() ? TaskTable.CRITICAL : 0;
        f |= spec.preemptNever() ? TaskTable.PREEMPT_NEVER : 0;
        f |= spec.schedulingGated() ? TaskTable.SCHEDULING_GATED : 0;
        return f;
    }

    private void attach(int row, byte status, String onNode) {
        int node = onNode == null || !TaskStatus.onNode(status) ? -1 : nodeRow(row, onNode);
        state.status(row, status);
        nodeName[row] = TaskStatus.onNode(status) ? onNode : null;
        state.node(row, node);
        if (node >= 0) {
            usage.add(node, classes.request(tasks.taskClass(row)), status);
        } else if (onNode != null && TaskStatus.onNode(status)) {
            attachments.wait(onNode, row);
        }
        int job = tasks.job(row);
        int cls = tasks.taskClass(row);
        jobState.add(job, roleSlot[row], classes.bestEffort(cls), classes.request(cls), status);
    }

    /**
     * The row of node {@code onNode} for the task of {@code row}: the row it is on when that node has this name (a
     * pod updated on the node it was on, the common case; a task's node row and name are written together and a
     * node's tasks leave it before it goes), else looked up by name.
     */
    private int nodeRow(int row, String onNode) {
        int on = state.node(row);
        return on >= 0 && onNode.equals(nodeName[row]) ? on : nodeCache.row(onNode);
    }

    /** Removes every trace of the task's current state from nodes, job counters, classes and job lists. */
    private void detach(int row) {
        int cls = tasks.taskClass(row);
        int node = state.node(row);
        if (node >= 0) {
            usage.remove(node, classes.request(cls), state.status(row));
        }
        int job = tasks.job(row);
        jobState.remove(job, roleSlot[row], classes.bestEffort(cls), classes.request(cls), state.status(row));
        removeFromJobList(job, row);
        profiles.release(classes.profile(cls));
        interPodProfiles.release(classes.interPod(cls));
        classes.release(cls);
    }

    private void removeFromJobList(int job, int row) {
        IntArrayList list = jobs.tasks(job);
        int pos = positionInJob[row];
        int last = list.popInt();
        if (last != row) {
            list.set(pos, last);
            positionInJob[last] = pos;
        }
    }

    // ---------------------------------------------------------------- nodes coming and going

    /** A node appeared: tasks that named it take their resources there. */
    void attachWaiting(String node, int nodeRow) {
        IntArrayList waiting = attachments.take(node);
        if (waiting == null) {
            return;
        }
        for (int i = 0; i < waiting.size(); i++) {
            int t = waiting.getInt(i);
            if (tasks.live(t) && node.equals(nodeName[t]) && state.node(t) < 0) {
                state.node(t, nodeRow);
                usage.add(nodeRow, classes.request(tasks.taskClass(t)), state.status(t));
            }
        }
    }

    /** A node is going: its tasks give its resources back and wait for a node of that name to appear again. */
    void detachFrom(String node, int nodeRow) {
        for (int t = 0; t < tasks.rows(); t++) {
            if (tasks.live(t) && state.node(t) == nodeRow) {
                usage.remove(nodeRow, classes.request(tasks.taskClass(t)), state.status(t));
                state.node(t, -1);
                attachments.wait(node, t);
            }
        }
    }

    // ---------------------------------------------------------------- scheduling hand-offs

    /** Moves a task to {@code status} on {@code node} (-1: none) in every table that counts it. */
    void place(int task, byte status, int node) {
        int cls = tasks.taskClass(task);
        int oldNode = state.node(task);
        byte old = state.status(task);
        if (oldNode >= 0) {
            usage.remove(oldNode, classes.request(cls), old);
        }
        state.status(task, status);
        state.node(task, node);
        nodeName[task] = node >= 0 ? nodes.name(node) : null;
        if (node >= 0) {
            usage.add(node, classes.request(cls), status);
        }
        jobState.move(tasks.job(task), roleSlot[task], classes.bestEffort(cls), classes.request(cls), old, status);
    }

    /** The task's bind failed: a Binding task goes back to Pending. Returns its key, or null when unknown. */
    String bindFailed(String uid) {
        int row = rows.get(uid);
        if (row < 0) {
            return null;
        }
        if (state.status(row) == TaskStatus.BINDING) {
            place(row, TaskStatus.PENDING, -1);
        }
        return tasks.key(row);
    }

    /** Recomputes role slots and status counters of every task of a job (after its roles changed). */
    void recount(int job) {
        jobState.reset(job, jobs.roles(job).length);
        IntArrayList list = jobs.tasks(job);
        for (int i = 0; i < list.size(); i++) {
            int t = list.getInt(i);
            roleSlot[t] = jobs.roleSlot(job, tasks.role(t));
            int cls = tasks.taskClass(t);
            jobState.add(job, roleSlot[t], classes.bestEffort(cls), classes.request(cls), state.status(t));
        }
    }
}
