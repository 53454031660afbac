package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.AllocateListener;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.framework.PrePredicate;
import dev.caldera.kernel.framework.Predicate;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.plugin.interpod.AffinityFilter;
import dev.caldera.kernel.plugin.interpod.InterPodIndex;
import dev.caldera.kernel.plugin.interpod.SpreadFilter;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.plugin.match.CompiledProfiles;
import dev.caldera.kernel.plugin.match.LabelNumbers;
import dev.caldera.kernel.plugin.match.NodeTaints;
import dev.caldera.kernel.plugin.match.ProfileNodeMemo;

import java.util.Arrays;

/**
 * Volcano's {@code predicates} plugin for the node filters the kernel has data for, in Volcano's order:
 * <ol>
 *   <li>NodeUnschedulable: {@code spec.unschedulable} fails unless the pod tolerates the
 *       {@code node.kubernetes.io/unschedulable:NoSchedule} taint;</li>
 *   <li>NodeAffinity: every nodeSelector label, and some required node affinity term (terms ORed,
 *       expressions ANDed; In, NotIn, Exists, DoesNotExist, Gt, Lt; matchFields on metadata.name);</li>
 *   <li>TaintToleration: every NoSchedule and NoExecute taint tolerated (PreferNoSchedule only scores);</li>
 *   <li>NodePorts: no wanted host port collides with one in use on the node;</li>
 *   <li>InterPodAffinity ({@link AffinityFilter}) and PodTopologySpread's DoNotSchedule constraints
 *       ({@link SpreadFilter}), from the shared {@link InterPodIndex}.</li>
 * </ol>
 * Like Volcano's loop, which keeps going past an Unschedulable filter and stops at the first
 * UnschedulableAndUnresolvable one, a node's reason is its first unresolvable code if any, else its first code
 * ({@link FitReason#unresolvable}). Pod count and resources are the selector's (pods is a resource dimension),
 * so they are not checked twice. Volume filters pass: the kernel carries no volumes.
 * <p>
 * Ports in use and the inter-pod counts come from the tasks on each node: rebuilt at {@link #open} from the
 * session's task states (every status Volcano keeps on a node, pipelined and releasing included) and kept
 * exact through allocate events. As in Volcano, whose event handlers add and remove pods from the filters'
 * node snapshot, an eviction inside the session frees the victim's ports and takes it out of the inter-pod
 * counts at once, and un-evicting puts it back. PrePredicate is kube's PreFilter: the inter-pod filters read
 * the counts as they were then until the next task is prepared ({@link InterPodIndex#prepare}).
 * <p>
 * Threading: {@link #check} is a pure read, run concurrently by filter workers for different nodes; open,
 * PrePredicate and the events run on the scheduling thread. Allocation: none per check; profiles are compiled
 * once each.
 */
public final class PredicatesPlugin implements Plugin, Predicate, PrePredicate, AllocateListener {
    public static final String NAME = "predicates";

    private final PredicateOptions options;
    private final CompiledProfiles<PlacementSpec, ProfileRules> rules = new CompiledProfiles<>(ProfileRules::compile);
    private final LabelNumbers numbers = new LabelNumbers();
    private final NodeTaints taints = new NodeTaints();
    private final HostPorts ports = new HostPorts();
    /** The verdict of the placement-only checks per (profile, node), kept across sessions. */
    private final ProfileNodeMemo verdicts = new ProfileNodeMemo();
    /**
     * By profile id: the lowest id whose checks are alike ({@link ProfileRules#checked}; {@link #verdictProfile}),
     * and the rules that was found for, so that it is looked for again only when a profile was compiled again.
     */
    private int[] verdictProfiles = new int[0];
    private ProfileRules[] verdictRules = new ProfileRules[0];
    /** Per task row: the node whose port counts include the task's ports, or -1. */
    private int[] countedNode = new int[0];
    /** Task rows whose {@link #countedNode} is a node (0: every entry -1 and no node holds a port). */
    private int counted;
    private int allIps;
    /** Whether this session's checks read the host ports in use on each node (some profile wants ports). */
    private boolean portsInPlay;
    private SessionView session;
    /**
     * The session's spec tables, read once at open: check runs per (task, node) and reads them directly instead
     * of through a {@link SessionView} call per node (the tables are the session's final fields).
     */
    private Nodes nodeTable;
    private Tasks tasks;
    private Classes classes;
    private InterPodIndex interPod;
    private AffinityFilter affinity;
    private SpreadFilter spread;

    /** Builds the plugin; a bad or unsupported argument is a ConfException. */
    public PredicatesPlugin(Arguments arguments) {
        this.options = PredicateOptions.from(new PluginArguments(NAME, arguments));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        interPod = ext.shared(InterPodIndex.class, InterPodIndex::new);
        affinity = new AffinityFilter(interPod);
        spread = new SpreadFilter(interPod);
        ext.predicate(this);
        ext.prePredicate(this);
        ext.allocateListener(this);
    }

    @Override
    public void open(SessionView s) {
        session = s;
        nodeTable = s.nodes();
        tasks = s.tasks();
        classes = s.classes();
        rules.refresh(s.profiles(), s.symbols());
        refreshVerdictProfiles(s.profiles().size());
        allIps = s.symbols().intern(PortKeys.ALL_IPS);
        taints.refresh(s);
        numbers.refresh(s.symbols());
        verdicts.refresh(s.profiles(), s.nodes(), s);
        portsInPlay = false;
        if (options.nodePorts()) {
            countPorts(s);
        }
        interPod.open(s);
    }

    /** kube's PreFilter of the inter-pod filters: their counts for this task are taken now. */
    @Override
    public int prePredicate(int task) {
        interPod.prepare(task);
        return FitReason.OK;
    }

    @Override
    public boolean nodeLocal(int task) {
        return !interPod.affects(task);
    }

    /**
     * A node-local task's verdict is the memoized placement check of its class's placement profile, the host ports
     * that profile wants, and the inter-pod filters, which pass a task they do not affect (one of inter-pod
     * profile 0 that no carrier selects, which is what node-local means here) without reading it: no request.
     */
    @Override
    public boolean profileOnly() {
        return true;
    }

    /** The lowest profile id whose checks are alike profile {@code profile}'s: so are its verdicts on every node. */
    @Override
    public int verdictProfile(int profile) {
        return profile < verdictProfiles.length ? verdictProfiles[profile] : profile;
    }

    /**
     * {@link #verdictProfiles} again when some profile was compiled since the last open: O(profiles x alike
     * groups); else O(profiles) identity checks, no allocation.
     */
    private void refreshVerdictProfiles(int size) {
        boolean same = verdictRules.length == size;
        for (int id = 0; id < size && same; id++) {
            same = verdictRules[id] == rules.get(id);
        }
        if (same) {
            return;
        }
        verdictProfiles = new int[size];
        verdictRules = new ProfileRules[size];
        for (int id = 0; id < size; id++) {
            ProfileRules r = rules.get(id);
            verdictRules[id] = r;
            verdictProfiles[id] = id;
            for (int j = 0; j < id && r != null; j++) {
                ProfileRules o = verdictRules[j];
                if (verdictProfiles[j] == j && o != null && o.checkedHash == r.checkedHash
                        && o.checked.equals(r.checked)) {
                    verdictProfiles[id] = j;
                    break;
                }
            }
        }
    }

    /**
     * For a node-local task the verdict reads the node's placement inputs only (the inter-pod filters pass it
     * without reading the node), unless some profile of the session wants host ports: then also the ports in use,
     * which no key states, so nodes are not taken as alike.
     */
    @Override
    public int nodeInputs() {
        return portsInPlay ? ANY : PLACEMENT;
    }

    /**
     * Node-local verdicts read the node's placement inputs and the ports in use on it (its tasks), and the
     * profile of the task's class: nothing beyond the node and the class.
     */
    @Override
    public long stateVersion() {
        return 0;
    }

    @Override
    public void beforeNodes(int task) {
        interPod.ensureState(task);
    }

    /**
     * Volcano's SimulatePredicateFn of this plugin: only the InterPodAffinity filter, against the counts as they
     * are now (predicates.go: the simulated cycle state; device checks do not apply here).
     */
    @Override
    public int simulate(int task, int node) {
        return options.podAffinity() ? affinity.checkCurrent(task, node) : FitReason.OK;
    }

    /** 0 when the task may run on the node, else the first failing {@link FitReason}. */
    @Override
    public int check(int task, int node) {
        int profile = profileOf(task);
        return check(task, profile, rules.get(profile), node);
    }

    @Override
    public void checkAll(int task, int[] nodes, int from, int to, int[] codes) {
        int profile = profileOf(task);
        ProfileRules r = rules.get(profile);
        for (int i = from; i < to; i++) {
            if (codes[i] == FitReason.OK) {
                codes[i] = check(task, profile, r, nodes[i]);
            }
        }
    }

    private int check(int task, int profile, ProfileRules r, int node) {
        int code = verdicts.get(profile, node);
        if (code == ProfileNodeMemo.UNKNOWN) {
            code = placementCheck(r, node);
            verdicts.put(profile, node, code);
        }
        if (code != FitReason.OK) {
            return code;
        }
        int first = FitReason.OK;
        if (options.nodePorts() && r.hostPorts.length > 0 && ports.conflicts(node, r.hostPorts, allIps)) {
            first = FitReason.HOST_PORT_CONFLICT;
        }
        if (options.podAffinity()) {
            code = affinity.check(task, node);
            if (FitReason.unresolvable(code)) {
                return code;
            }
            first = first == FitReason.OK ? code : first;
        }
        if (options.podTopologySpread()) {
            code = spread.check(task, node);
            if (FitReason.unresolvable(code)) {
                return code;
            }
            first = first == FitReason.OK ? code : first;
        }
        return first;
    }

    private int profileOf(int task) {
        return classes.profile(tasks.taskClass(task));
    }

    /** The checks that read only the node's labels, taints and unschedulable flag (memoized per profile). */
    private int placementCheck(ProfileRules r, int node) {
        if (nodeTable.unschedulable(node) && !r.toleratesUnschedulable) {
            return FitReason.NODE_UNSCHEDULABLE;
        }
        if (options.nodeAffinity() && !r.matchesNode(nodeTable, node, numbers)) {
            return FitReason.NODE_SELECTOR_MISMATCH;
        }
        if (options.taintToleration() && r.tolerations.hasUntoleratedHardTaint(taints, node)) {
            return FitReason.TAINT_UNTOLERATED;
        }
        return FitReason.OK;
    }

    @Override
    public void allocated(int task) {
        interPod.added(task);
        if (!options.nodePorts()) {
            return;
        }
        uncount(task);
        int node = session.nodeOf(task);
        long[] wanted = portsOf(task);
        if (node >= 0 && wanted.length > 0) {
            ports.add(node, wanted);
            countedNode[task] = node;
            counted++;
        }
    }

    @Override
    public void deallocated(int task) {
        interPod.removed(task);
        if (options.nodePorts()) {
            uncount(task);
        }
    }

    private void uncount(int task) {
        int node = countedNode[task];
        if (node >= 0) {
            ports.remove(node, portsOf(task));
            countedNode[task] = -1;
            counted--;
        }
    }

    private long[] portsOf(int task) {
        return rules.get(profileOf(task)).hostPorts;
    }

    private void countPorts(SessionView s) {
        if (counted > 0 || countedNode.length < s.tasks().capacity() || !ports.holds(s.nodes().capacity())) {
            ports.reset(s.nodes().capacity());
            if (countedNode.length < s.tasks().capacity()) {
                countedNode = new int[s.tasks().capacity()];
            }
            Arrays.fill(countedNode, -1);
            counted = 0;
        } // else nothing is counted (no session since the last reset had a task with ports): nothing to clear
        if (!anyProfileWithPorts(s)) {
            return;
        }
        portsInPlay = true;
        for (int t = 0; t < s.tasks().rows(); t++) {
            int node = s.nodeOf(t);
            if (s.tasks().live(t) && node >= 0 && s.onNode(t)
                    && portsOf(t).length > 0) {
                ports.add(node, portsOf(t));
                countedNode[t] = node;
                counted++;
            }
        }
    }

    private boolean anyProfileWithPorts(SessionView s) {
        for (int id = 0; id < s.profiles().size(); id++) {
            ProfileRules r = rules.get(id);
            if (r != null && r.hostPorts.length > 0) {
                return true;
            }
        }
        return false;
    }
}
