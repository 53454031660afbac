package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.AllocateListener;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.NodeScorer;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.framework.Predicate;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.util.RowMarks;
import it.unimi.dsi.fastutil.ints.IntArrayList;


/**
 * GPU sharing in Volcano's {@code deviceshare} shape (its gpushare device): a node has
 * {@code volcano.sh/gpu-number} devices of {@code volcano.sh/gpu-memory / gpu-number} units each; a pod asks
 * for a share of one device ({@code volcano.sh/gpu-memory}) or for whole idle devices
 * ({@code volcano.sh/gpu-number}); the node's GPU model is the value of its {@code deviceshare.GPUModelLabel}
 * label, and a pod constrains the model with ordinary node affinity on that label.
 * <ul>
 *   <li>Predicate: the request fits the node's devices as they are now (node-local, refreshed with the node);
 *       {@link FitReason#GPU_DEVICES} otherwise.</li>
 *   <li>Node scorer: the configured placement {@link Policy}, times {@code deviceshare.ScheduleWeight}, plus a
 *       seeded tie-break below one point ({@link TieBreak}).</li>
 *   <li>Events: a placed task takes devices (the policy's choice, or Volcano's lowest-id rule without a
 *       policy) and gives them back when it is unplaced; an evicted task gives them back and takes the same
 *       ones again if the eviction is undone, so a discarded statement restores every device exactly.</li>
 * </ul>
 * Which devices each task holds ({@link #devices}) is kept across sessions: a pod bound in one cycle holds
 * the same devices in the next; a pod that arrives already running takes the devices of its spec's
 * {@code gpuDevices} (the {@code volcano.sh/gpu-index} annotation) or, without them, the lowest that fit.
 * <p>
 * Fragmentation is measured against a {@link WorkloadMix}: the one set with {@link #workloadMix(WorkloadMix)}
 * (the replay sets the trace's), else the typical shapes of the pods in the cluster at session open.
 * <p>
 * Threading: predicate and scorer are pure reads run concurrently by filter workers; open, events and the
 * accessors on the scheduling thread. Allocation: none per check, score or event; open allocates only when
 * tables grow (and, without a set mix, to count the pods' shapes).
 */
public final class DeviceSharePlugin implements Plugin, Predicate, AllocateListener {
    public static final String NAME = DeviceShareOptions.NAME;
    /** Units of one device a pod shares (Volcano's gpushare resource). */
    public static final String GPU_MEMORY = "volcano.sh/gpu-memory";
    /** Whole devices a pod takes, and how many a node has. */
    public static final String GPU_NUMBER = "volcano.sh/gpu-number";

    private final DeviceShareOptions options;
    private final GpuPolicy policy;
    private final GpuState state = new GpuState();
    private final DeviceAssignments assignments = new DeviceAssignments();
    private final IntArrayList unknown = new IntArrayList();
    private final ScoreMemo memo = new ScoreMemo();
    /** Scores shared by nodes in the same state, under {@link #memo}, for the policies that read only that. */
    private final StateScores shared = new StateScores();
    private final PolicyScorer scorer;
    /** Nodes whose devices this open empties and accounts again ({@link #emptyChangedNodes}), listed once. */
    private final RowMarks dirty = new RowMarks();
    /** The live tasks on each node, kept across opens for the incremental pass of {@link #accountPlacedTasks}. */
    private final NodeTaskLists placed = new NodeTaskLists();
    /** The session of the last open, and the model label and dimensions it laid devices out with. */
    private SessionView openedOn;
    private int openedModelKey = -1;
    private int openedNumberDim = -2;
    private int openedMemoryDim = -2;
    /** The node name each row's digest was computed from (compared by reference: names are kept, not copied). */
    private String[] hashedNames = new String[0];
    private volatile WorkloadMix fixedMix;
    private WorkloadMix mix = WorkloadMix.EMPTY;
    /** What the policy measures fragmentation against, derived from {@link #mix}. */
    private WorkloadMix typical = WorkloadMix.EMPTY;
    /** The tables' versions the {@link ScoreMemo}'s scores were measured against. */
    private long typicalVersion = -1;
    private long workloadVersion = -1;
    private int memoryDim = -1;
    private int numberDim = -1;

    /** Builds the plugin; a bad argument is a ConfException naming it. */
    public DeviceSharePlugin(Arguments arguments) {
        this.options = DeviceShareOptions.from(new PluginArguments(NAME, arguments));
        this.policy = options.policy().create();
        state.seed = options.seed();
        state.ties = options.ties();
        this.scorer = new PolicyScorer(policy);
        // a scorer that reads the class's shape alone, with a tie-break of the node alone, reads no class digest
        state.classes.digests = !scorer.requestOnly;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        if (!options.enabled()) {
            return;
        }
        ext.predicate(this);
        ext.allocateListener(this);
        if (policy != null && options.weight() > 0) {
            ext.nodeScorer(scorer);
        }
    }

    /** Fragmentation is measured against {@code mix} from the next session on; null derives it from the pods. */
    public void workloadMix(WorkloadMix mix) {
        this.fixedMix = mix;
    }

    /** The workload mix of the current session. */
    public WorkloadMix workloadMix() {
        return mix;
    }

    /** FGD's typical shapes of the session's workload mix: what fragmentation is measured against. */
    public WorkloadMix typicalMix() {
        return typical;
    }

    public Policy policy() {
        return options.policy();
    }

    @Override
    public void open(SessionView s) {
        state.session = s;
        memoryDim = options.sharing() ? s.dims().find(GPU_MEMORY) : -1;
        numberDim = options.number() ? s.dims().find(GPU_NUMBER) : -1;
        int modelKey = s.symbols().intern(options.modelLabel());
        boolean incremental = emptyChangedNodes(s, modelKey);
        if (!incremental) {
            state.nodes.rebuild(s.nodes(), s.symbols(), s.dims().find(GPU_NUMBER), s.dims().find(GPU_MEMORY),
                    modelKey);
        }
        state.classes.refresh(s.classes(), s.dims(), s.profiles(), memoryDim, numberDim);
        if (!incremental) {
            // an open that is not whole has the node set of the last one: no row changed its name
            hashNames(s);
        }
        WorkloadMix chosen = fixedMix;
        WorkloadMix next = chosen != null ? chosen : MixFromPods.derive(s, state.classes, options.modelLabel());
        if (next != mix && !next.equals(mix)) { // the replay's mix is the same object every open
            mix = next;
            typical = mix.typical(options.popularity());
        }
        state.typical.resolve(typical, state.nodes, s.symbols());
        state.workload.resolve(mix, state.nodes, s.symbols());
        if (state.typical.version != typicalVersion || state.workload.version != workloadVersion) {
            // scores read the tables (weights, accepted models, scarcity): a new mix or other devices
            memo.clear();
            shared.clear();
            typicalVersion = state.typical.version;
            workloadVersion = state.workload.version;
        }
        if (!scorer.direct) {
            memo.open(scoreDigests(), state.classes.version, s.classes().size(), s.nodes().capacity());
        }
        state.typicalNow.open(s.nodes().capacity(), state.typical.version);
        state.workloadNow.open(s.nodes().capacity(), state.workload.version);
        state.workloadCounts.open(s.nodes().capacity(), state.workload.version, state.workload.groups);
        state.typicalCounts.open(s.nodes().capacity(), state.typical.version, state.typical.groups);
        accountPlacedTasks(s, incremental);
        dirty.clear();
        openedOn = s;
    }

    /**
     * When the session lists what changed since its last open, which this plugin served, empties the devices of the
     * nodes that may hold other tasks now (the changed nodes, and the old and new nodes of the changed tasks) and
     * marks them {@link #dirty}: every other node holds what the last session left it, which is what accounting
     * its tasks again would give. False, with nothing emptied, when every node must be laid out again (a whole
     * open, another session, or another device layout of a changed node). O(changed rows x devices).
     */
    private boolean emptyChangedNodes(SessionView s, int modelKey) {
        int numberDim = s.dims().find(GPU_NUMBER);
        int memoryDim = s.dims().find(GPU_MEMORY);
        boolean same = openedOn == s && !s.openedWhole() && modelKey == openedModelKey
                && numberDim == openedNumberDim && memoryDim == openedMemoryDim;
        openedModelKey = modelKey;
        openedNumberDim = numberDim;
        openedMemoryDim = memoryDim;
        if (!same) {
            return false;
        }
        for (int i = 0; i < s.changedNodeCount(); i++) {
            dirty.mark(s.changedNode(i));
        }
        for (int i = 0; i < s.changedTaskCount(); i++) {
            // a task that moved changed its nodes' usage, so they are listed already; these cover a task rewritten
            // in place (another pod in the row, other devices named) whatever the usage did
            int t = s.changedTask(i);
            if (t < assignments.node.length && assignments.node[t] >= 0) {
                dirty.mark(assignments.node[t]);
            }
            if (s.nodeOf(t) >= 0) {
                dirty.mark(s.nodeOf(t));
            }
        }
        if (dirty.all()) {
            // so many nodes changed that the marks stopped listing them: lay every node out again
            dirty.clear();
            return false;
        }
        for (int i = 0; i < dirty.size(); i++) {
            if (!state.nodes.empty(s.nodes(), s.symbols(), numberDim, memoryDim, modelKey, dirty.row(i))) {
                dirty.clear();
                return false;
            }
        }
        return true;
    }

    private void hashNames(SessionView s) {
        if (state.nameHash.length < s.nodes().capacity()) {
            state.nameHash = new long[s.nodes().capacity()];
            state.nodeOrder = new double[s.nodes().capacity()];
            hashedNames = new String[s.nodes().capacity()];
        }
        for (int node = 0; node < s.nodes().rows(); node++) {
            String name = s.nodes().live(node) ? s.nodes().name(node) : null;
            if (name != hashedNames[node]) {
                hashedNames[node] = name;
                state.nameHash[node] = name == null ? 0 : TieBreak.ofName(name);
                state.nodeOrder[node] = TieBreak.uniform(state.seed, 0, state.nameHash[node], 0);
            }
        }
    }

    /**
     * Every task on a node takes its devices: the ones it held or its spec names first, the rest by lowest id.
     * {@code incremental}: only the tasks of the {@link #dirty} nodes (the others hold theirs already), found through
     * {@link #placed} instead of every task row; a changed task on no node loses its assignment as in a full pass
     * (an unchanged one lost it when it left its node). Each node's tasks go in row order either way, so each takes
     * the devices a full pass would give it (a node's devices depend on its own tasks alone).
     */
    private void accountPlacedTasks(SessionView s, boolean incremental) {
        assignments.ensure(s.tasks().capacity());
        unknown.clear();
        if (incremental) {
            accountDirtyNodes(s);
        } else {
            placed.clear(s.nodes().capacity(), s.tasks().capacity());
            for (int t = 0; t < s.tasks().rows(); t++) {
                int node = s.tasks().live(t) ? s.nodeOf(t) : -1;
                placed.place(t, node);
                account(s, t, node);
            }
        }
        for (int i = 0; i < unknown.size(); i++) {
            int t = unknown.getInt(i);
            int node = s.nodeOf(t);
            take(t, node, DeviceChoice.lowest(state, s.tasks().taskClass(t), node), false);
        }
        // the nodes laid out again took their tasks' devices unsummarized: summarize each once
        if (incremental) {
            for (int i = 0; i < dirty.size(); i++) {
                state.nodes.summarize(dirty.row(i));
            }
        } else {
            for (int node = 0; node < state.nodes.rows(); node++) {
                state.nodes.summarize(node);
            }
        }
    }

    /** The incremental pass: the changed tasks listed where they are now, then each dirty node's tasks accounted. */
    private void accountDirtyNodes(SessionView s) {
        int rows = s.tasks().rows();
        for (int i = 0; i < s.changedTaskCount(); i++) {
            int t = s.changedTask(i);
            if (t < rows) {
                int node = s.tasks().live(t) ? s.nodeOf(t) : -1;
                placed.place(t, node);
                if (node < 0) {
                    assignments.clear(t);
                }
            }
        }
        for (int i = 0; i < dirty.size(); i++) {
            int node = dirty.row(i);
            for (int t = placed.first(node); t >= 0; t = placed.next(t)) {
                account(s, t, node);
            }
        }
    }

    /** Task {@code t} (on {@code node}, -1 if none or dead) takes the devices it held or names, else waits in unknown. */
    private void account(SessionView s, int t, int node) {
        if (node < 0 || !s.onNode(t) || !state.classes.wantsGpu(s.tasks().taskClass(t))) {
            assignments.clear(t);
            return;
        }
        long known = assignments.valid(t, s.tasks().uid(t), node) ? assignments.mask[t] : s.tasks().gpuDevices(t);
        if (!take(t, node, known, false)) {
            unknown.add(t);
        }
    }

    /** Which devices each task row holds, as kept across sessions (tests compare them row by row). */
    DeviceAssignments assignments() {
        return assignments;
    }

    /**
     * Takes {@code mask} for the task when it fits; otherwise records nothing and answers false. {@code summarized}:
     * the node's summaries move with it ({@link GpuNodes#take}); else the caller summarizes the node afterwards
     * ({@link GpuNodes#place}).
     */
    private boolean take(int task, int node, long mask, boolean summarized) {
        int cls = state.classOf(task);
        boolean whole = state.classes.whole[cls] > 0;
        long units = state.classes.share[cls];
        if (!state.nodes.fits(node, mask, units, whole)
                || Long.bitCount(mask) != (whole ? state.classes.whole[cls] : 1)) {
            assignments.clear(task);
            return false;
        }
        if (summarized) {
            state.nodes.take(node, mask, units, whole);
        } else {
            state.nodes.place(node, mask, units, whole);
        }
        assignments.set(task, state.session.tasks().uid(task), node, mask);
        return true;
    }

    @Override
    public int check(int task, int node) {
        int cls = state.classOf(task);
        if (state.classes.conflicting[cls]) {
            return FitReason.GPU_DEVICES;
        }
        return state.fits(cls, node) ? FitReason.OK : FitReason.GPU_DEVICES;
    }

    /** {@link #check} of each node, the task's class looked up once. */
    @Override
    public void checkAll(int task, int[] nodes, int from, int to, int[] codes) {
        int cls = state.classOf(task);
        boolean conflicting = state.classes.conflicting[cls];
        for (int i = from; i < to; i++) {
            if (codes[i] == FitReason.OK && (conflicting || !state.fits(cls, nodes[i]))) {
                codes[i] = FitReason.GPU_DEVICES;
            }
        }
    }

    /** The verdict reads the class's GPU request and the node's devices, laid out again only with its spec. */
    @Override
    public long stateVersion() {
        return 0;
    }

    @Override
    public void allocated(int task) {
        SessionView s = state.session;
        int cls = state.classOf(task);
        if (!state.classes.wantsGpu(cls) || state.classes.conflicting[cls]) {
            return;
        }
        int node = s.nodeOf(task);
        byte status = s.status(task);
        if (status != TaskStatus.ALLOCATED && status != TaskStatus.PIPELINED) {
            // an eviction undone: the task takes back exactly what it held (undos run in reverse order, so those
            // devices are free again), and nothing if it held nothing
            if (assignments.kept[task] && assignments.node[task] == node) {
                take(task, node, assignments.mask[task], true);
            }
            return;
        }
        take(task, node, choose(task, cls, node), true);
    }

    /** The policy's devices for a task just moved onto the node (its cpu is credited back while choosing). */
    private long choose(int task, int cls, int node) {
        if (policy == null) {
            return DeviceChoice.lowest(state, cls, node);
        }
        state.creditNode = node;
        state.creditCpu = state.session.requestOf(task).get(Dimensions.CPU);
        try {
            return policy.choose(state, cls, node);
        } finally {
            state.creditNode = -1;
            state.creditCpu = 0;
        }
    }

    @Override
    public void deallocated(int task) {
        int node = assignments.node[task];
        long mask = assignments.mask[task];
        if (node < 0 || mask == 0 || assignments.kept[task]) {
            return;
        }
        int cls = state.classOf(task);
        state.nodes.give(node, mask, state.classes.share[cls], state.classes.whole[cls] > 0);
        if (state.session.status(task) == TaskStatus.RELEASING) {
            assignments.kept[task] = true;
        } else {
            assignments.clear(task);
        }
    }

    /** The GPU devices the task holds on its node in this session, as a mask of device indices (0: none). */
    public long devices(int task) {
        SessionView s = state.session;
        if (s == null || task >= assignments.node.length || assignments.kept[task]
                || assignments.node[task] != s.nodeOf(task)) {
            return 0;
        }
        return assignments.mask[task];
    }

    /** What the policies read (tests). */
    GpuState state() {
        return state;
    }

    /** The configured policy, null without one (tests). */
    GpuPolicy gpuPolicy() {
        return policy;
    }

    /** The policy's scorer as the selectors call it, kept scores included (tests). */
    NodeScorer scorer() {
        return scorer;
    }

    /** The weight the policy's score is multiplied by (tests). */
    double weight() {
        return options.weight();
    }

    /** What the policy's scores are kept under per class: its shape when the policy reads no more of it. */
    private long[] scoreDigests() {
        return scorer.shapeDigests ? state.classes.shapeHash : state.classes.hash;
    }

    /** The devices of every node and what is free on them, as of this session. */
    public GpuNodes gpus() {
        return state.nodes;
    }

    /**
     * The node's expected fragment (FGD's) against the session's typical shapes, in GPUs (0 without devices): the
     * one FGD's score measures before a placement, kept per node state ({@link GpuState#typicalFragment}).
     */
    public double fragmentGpus(int node) {
        long cap = state.nodes.capacity[node];
        return cap == 0 ? 0 : state.typicalFragment(node, state.cpuLeft(node)) / cap;
    }

    /**
     * The policy's score times the weight, kept in the {@link ScoreMemo} while the node and the class are
     * unchanged (and, for a policy that reads only the node's state, in the {@link StateScores} of any node in
     * that state), plus the tie-break (below one point, so it reorders only nodes of equal score). A policy that
     * reads only the node's state, with a tie-break of the node alone, reads the {@link StateScores} directly.
     */
    private final class PolicyScorer implements NodeScorer {
        /**
         * What the policy answers of itself, asked once: each score would ask again through an interface call,
         * which C1, bin/caldera's only compiler, does not inline.
         */
        final boolean shapeDigests;
        private final boolean nodeStateOnly;
        private final boolean requestOnly;
        /**
         * Scores found in the {@link StateScores} without the {@link ScoreMemo} above them: the memo's key digests the
         * node's whole usage and name for the random tie-break and the policies that read them, which these do not.
         * On the chained openb replay (fgdfill) the memo answered 337,352 of the 629,297 scores asked, each a look-up
         * in its per-node columns after a digest of the node's usage; the shared table answers them alone at the
         * cost of 725 more scores computed (41,661 -> 42,386: states its slots had lost meanwhile), and
         * the memo's columns are not looked up at each open.
         */
        final boolean direct;
        private final double tieScale;

        PolicyScorer(GpuPolicy policy) {
            shapeDigests = policy != null && policy.readsShapeOnly();
            nodeStateOnly = policy != null && policy.readsNodeStateOnly();
            // the random tie-break draws with the class's whole digest, its profile included
            requestOnly = shapeDigests && state.ties != TieBreak.Mode.RANDOM;
            direct = nodeStateOnly && state.ties != TieBreak.Mode.RANDOM;
            tieScale = policy == null || policy.integerScores() ? 1 : 1e-9;
        }

        @Override
        public double score(int task, int node) {
            int cls = state.classOf(task);
            return score(cls, scoreDigests()[cls], node);
        }

        /** {@link #score} of each node, the task's class and its digest looked up once. */
        @Override
        public void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
            int cls = state.classOf(task);
            long digest = scoreDigests()[cls];
            for (int i = from; i < to; i++) {
                scores[i] += score(cls, digest, nodes[i]);
            }
        }

        private double score(int cls, long digest, int node) {
            if (direct) {
                // the node's state digest is read only by the random tie-break
                return sharedScore(cls, node, digest) + tieScale * state.jitter(cls, node, 0);
            }
            long nodeState = state.stateHash(node);
            long key = TieBreak.mix(nodeState + 31 * digest + state.nameHash[node]) | 1;
            double points;
            if (memo.has(cls, node, key)) {
                points = memo.get(cls, node);
            } else {
                points = nodeStateOnly ? sharedScore(cls, node, digest)
                        : policy.score(state, cls, node) * options.weight();
                memo.put(cls, node, key, points);
            }
            return points + tieScale * state.jitter(cls, node, nodeState);
        }

        /** The score kept for any node in this state ({@link GpuState#sharedStateHash}), else computed and kept. */
        private double sharedScore(int cls, int node, long digest) {
            long key = StateScores.key(digest, state.sharedStateHash(node), state.nodes.count[node]);
            StateScores.Table table = shared.table();
            if (table.has(key)) {
                return table.get(key);
            }
            double points = policy.score(state, cls, node) * options.weight();
            table.put(key, points);
            return points;
        }

        @Override
        public boolean nodeLocal() {
            return true;
        }

        /**
         * A policy that reads only the class's shape (its cpu, share and whole devices, all from its request), with
         * a tie-break of the node alone (the seeded node order, or none): classes of one request score alike, so
         * the incremental selector scores a node once per request for all of them. On the chained openb replay
         * (fgdfill) 629,297 scores were asked instead of 1,138,691, the difference all kept ones ({@link ScoreMemo}).
         */
        @Override
        public boolean requestOnly() {
            return requestOnly;
        }

        /**
         * Beyond the class and the node (its devices, cpu, memory, name), the policies read the mix tables only:
         * their versions move whenever the mix or the devices of the nodes (the models' scarcity) change.
         */
        @Override
        public long stateVersion() {
            return state.typical.version << 32 ^ state.workload.version;
        }
    }
}
