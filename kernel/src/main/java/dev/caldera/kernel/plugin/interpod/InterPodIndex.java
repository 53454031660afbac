package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;
import dev.caldera.kernel.plugin.match.CompiledProfiles;
import dev.caldera.kernel.plugin.match.LabelNumbers;
import dev.caldera.kernel.plugin.match.NodeTaints;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the pods are, as the inter-pod rules see them: the session's counted pods (every pod on a node when
 * the session opens, then added and removed by the predicates plugin's allocate events, as Volcano's event
 * handlers update the snapshot its InterPodAffinity and PodTopologySpread plugins read), the counts of the
 * pods whose terms reach others ({@link Carriers}), and per incoming task class the counts its own terms and
 * spread constraints read ({@link Incoming}, built when a task of the class is first prepared). Shared by the
 * predicates and nodeorder plugins (one instance per plugin chain).
 * <p>
 * While no pod in the cache has any pod affinity or spread term the index is inactive and every call returns
 * at once: the cost of the feature for such clusters is one check per event.
 * <p>
 * {@link #affects} tells whether a task's verdicts or scores depend on other pods' placements (it has terms of
 * its own, or a counted pod's term selects it). Only such tasks need this index; for all others the inter-pod
 * filters pass and the scores are constant, so node-local caches stay valid for them.
 * <p>
 * Threading: open, events, {@link #prepare} and {@link #ensureState} on the scheduling thread; the queries
 * ({@link AffinityFilter}, {@link SpreadFilter}, the scores) are pure reads, safe from filter workers once the
 * task's state was ensured. Allocation: per session only for clusters with inter-pod terms (state maps are
 * reused across sessions); none per placement.
 */
public final class InterPodIndex {
    private final CompiledProfiles<InterPodSpec, CompiledInterPod> rules =
            new CompiledProfiles<>(CompiledInterPod::compile);
    private final CompiledProfiles<PlacementSpec, PlacementRules> placements =
            new CompiledProfiles<>(PlacementRules::compile);
    final LabelNumbers numbers = new LabelNumbers();
    final NodeTaints taints = new NodeTaints();
    final Carriers carriers = new Carriers();
    final EventLog log = new EventLog();
    private final List<Incoming> built = new ArrayList<>();
    private Incoming[] byClass = new Incoming[0];
    private int[] countedNode = new int[0];
    private boolean[] countedSpread = new boolean[0];
    private long[] affectsAt = new long[0];
    private boolean[] affectsValue = new boolean[0];
    SessionView session;
    private Thread owner;
    private long sessionId = -1;
    private boolean active;
    /** The task of the last {@link #prepare}, or -1; its filters read counts as of then. */
    int prepared = -1;
    final IntArrayList preparedCarriers = new IntArrayList();
    final IntArrayList preparedCarrierTerms = new IntArrayList();
    int[] preparedMin = new int[0];
    int[] preparedDomains = new int[0];

    /** Rebuilds the counts from the session's snapshot; a second call in the same session does nothing. */
    public void open(SessionView s) {
        if (s == session && s.id() == sessionId) {
            return;
        }
        session = s;
        sessionId = s.id();
        owner = Thread.currentThread();
        prepared = -1;
        log.clear();
        built.clear();
        active = s.interPodProfiles().liveOthers() > 0;
        if (!active) {
            return;
        }
        rules.refresh(s.interPodProfiles(), s.symbols());
        placements.refresh(s.profiles(), s.symbols());
        numbers.refresh(s.symbols());
        taints.refresh(s);
        carriers.reset(s.interPodProfiles().size());
        sizeTaskArrays(s.tasks().capacity());
        if (byClass.length < s.classes().size()) {
            byClass = Arrays.copyOf(byClass, Math.max(s.classes().size(), byClass.length * 2));
        }
        for (int t = 0; t < s.tasks().rows(); t++) {
            int node = s.nodeOf(t);
            if (s.tasks().live(t) && node >= 0 && TaskStatus.onNode(s.status(t))) {
                count(t, node, s.status(t) != TaskStatus.RELEASING, 1);
            }
        }
    }

    /** True when some pod in the cache has inter-pod terms (else nothing here can reject or score). */
    public boolean active() {
        return active;
    }

    // ------------------------------------------------------------------ events (scheduling thread)

    /** The task is now counted on its node (Allocate, Pipeline, un-Evict). */
    public void added(int task) {
        if (!active) {
            return;
        }
        removed(task);
        int node = session.nodeOf(task);
        if (node >= 0) {
            boolean spread = session.status(task) != TaskStatus.RELEASING;
            count(task, node, spread, 1);
            logged(task, node, 1, spread);
        }
    }

    /** The task is no longer counted (Evict, un-Allocate, un-Pipeline). */
    public void removed(int task) {
        if (!active || countedNode[task] < 0) {
            return;
        }
        int node = countedNode[task];
        boolean spread = countedSpread[task];
        count(task, node, spread, -1);
        logged(task, node, -1, spread);
    }

    private void logged(int task, int node, int delta, boolean spread) {
        if (prepared >= 0) {
            log.add(task, node, delta, spread);
        }
    }

    private void count(int task, int node, boolean spread, int delta) {
        SessionView s = session;
        countedNode[task] = delta > 0 ? node : -1;
        countedSpread[task] = spread;
        int profile = profileOf(task);
        CompiledInterPod r = rules.get(profile);
        if (r.carries()) {
            carriers.add(profile, r, s.nodes(), node, delta);
        }
        Tasks tasks = s.tasks();
        for (int i = 0; i < built.size(); i++) {
            built.get(i).apply(tasks.namespace(task), tasks, task, spread, s.nodes(), node, delta, numbers,
                    taints);
        }
    }

    // ------------------------------------------------------------------ preparation (scheduling thread)

    /**
     * kube's PreFilter for {@code task}: from now until the next call its filters read the counts as they are
     * now, even while pods are evicted or placed (see {@link EventLog}).
     */
    public void prepare(int task) {
        prepared = task;
        log.clear();
        if (!active) {
            return;
        }
        ensureState(task);
        preparedCarriers.clear();
        preparedCarrierTerms.clear();
        IntArrayList profiles = carriers.active();
        for (int i = 0; i < profiles.size(); i++) {
            int q = profiles.getInt(i);
            CompiledPodTerm[] anti = rules.get(q).requiredAnti();
            for (int j = 0; j < anti.length; j++) {
                if (anti[j].matches(session.tasks().namespace(task), session.tasks(), task)) {
                    preparedCarriers.add(q);
                    preparedCarrierTerms.add(j);
                }
            }
        }
        freezeSpread(task);
    }

    private void freezeSpread(int task) {
        Incoming state = stateOf(task);
        int n = state == null ? 0 : state.hard.length;
        if (preparedMin.length < n) {
            preparedMin = new int[n];
            preparedDomains = new int[n];
        }
        for (int i = 0; i < n; i++) {
            preparedMin[i] = state.hard[i].min();
            preparedDomains[i] = state.hard[i].domains();
        }
    }

    /** Builds the task's class state for this session if it has none yet. Scheduling thread only. */
    public void ensureState(int task) {
        if (!active) {
            return;
        }
        int cls = session.tasks().taskClass(task);
        int profile = session.classes().interPod(cls);
        if (profile == 0) {
            return;
        }
        Incoming state = byClass[cls];
        CompiledInterPod r = rules.get(profile);
        PlacementRules p = placements.get(session.classes().profile(cls));
        if (state == null || state.rules != r || state.nodeAffinity != p.nodeAffinity()) {
            state = new Incoming(r, p.nodeAffinity(), p.tolerations());
            byClass[cls] = state;
        }
        if (state.session != sessionId) {
            fill(state);
        }
    }

    private void fill(Incoming state) {
        SessionView s = session;
        state.reset(s, numbers, taints);
        Tasks tasks = s.tasks();
        for (int t = 0; t < tasks.rows(); t++) {
            if (tasks.live(t) && countedNode[t] >= 0) {
                state.apply(tasks.namespace(t), tasks, t, countedSpread[t], s.nodes(), countedNode[t], 1,
                        numbers, taints);
            }
        }
        state.session = sessionId;
        built.add(state);
    }

    // ------------------------------------------------------------------ locality

    /**
     * True when the task's filtering or scoring depends on other pods: it has inter-pod terms of its own, or a
     * counted pod's required anti-affinity or preferred term selects it. Cached per task until the set of
     * carrier profiles changes. Scheduling thread.
     */
    public boolean affects(int task) {
        if (!active) {
            return false;
        }
        if (profileOf(task) != 0) {
            return true;
        }
        if (carriers.active().isEmpty()) {
            return false;
        }
        long version = carriers.version();
        if (affectsAt[task] != version) {
            affectsValue[task] = selectedByCarrier(task);
            affectsAt[task] = version;
        }
        return affectsValue[task];
    }

    /** {@link #affects} without caching, for filter workers. */
    boolean affectsNoCache(int task) {
        if (!active) {
            return false;
        }
        if (profileOf(task) != 0) {
            return true;
        }
        if (carriers.active().isEmpty()) {
            return false;
        }
        return affectsAt[task] == carriers.version() ? affectsValue[task] : selectedByCarrier(task);
    }

    private boolean selectedByCarrier(int task) {
        Tasks tasks = session.tasks();
        int ns = tasks.namespace(task);
        IntArrayList profiles = carriers.active();
        for (int i = 0; i < profiles.size(); i++) {
            CompiledInterPod r = rules.get(profiles.getInt(i));
            if (anyMatches(r.requiredAnti(), ns, tasks, task) || anyMatches(r.preferredAffinity(), ns, tasks, task)
                    || anyMatches(r.preferredAnti(), ns, tasks, task)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyMatches(CompiledPodTerm[] terms, int ns, Tasks tasks, int task) {
        for (CompiledPodTerm t : terms) {
            if (t.matches(ns, tasks, task)) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ reads for the queries

    int profileOf(int task) {
        return session.classes().interPod(session.tasks().taskClass(task));
    }

    CompiledInterPod rules(int profile) {
        return rules.get(profile);
    }

    /**
     * The task's class state; null when the class has no terms. Built here when called on the scheduling
     * thread; a filter worker must find it built ({@link #ensureState}, called before workers start).
     */
    Incoming stateOf(int task) {
        int cls = session.tasks().taskClass(task);
        if (session.classes().interPod(cls) == 0) {
            return null;
        }
        Incoming state = byClass[cls];
        if ((state == null || state.session != sessionId) && Thread.currentThread() == owner) {
            ensureState(task);
            state = byClass[cls];
        }
        if (state == null || state.session != sessionId) {
            throw new IllegalStateException("inter-pod state of task " + session.tasks().key(task)
                    + " was not prepared in this session");
        }
        return state;
    }

    /** True when {@code task} was prepared and pods moved since: its filters read the log-corrected counts. */
    boolean frozen(int task) {
        return task == prepared && log.size() > 0;
    }

    Nodes nodes() {
        return session.nodes();
    }

    private void sizeTaskArrays(int capacity) {
        if (countedNode.length < capacity) {
            countedNode = new int[capacity];
            countedSpread = new boolean[capacity];
            affectsAt = new long[capacity];
            affectsValue = new boolean[capacity];
        }
        Arrays.fill(countedNode, -1);
        Arrays.fill(affectsAt, 0);
    }
}
