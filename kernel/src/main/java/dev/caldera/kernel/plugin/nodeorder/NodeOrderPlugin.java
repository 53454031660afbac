package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.AllocateListener;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.plugin.interpod.InterPodIndex;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.plugin.match.CompiledProfiles;
import dev.caldera.kernel.plugin.match.LabelNumbers;
import dev.caldera.kernel.plugin.match.NodeTaints;
import dev.caldera.kernel.plugin.match.ProfileNodeMemo;

/**
 * Current Volcano's {@code nodeorder} plugin ({@code plugins/nodeorder/nodeorder.go}): kube-scheduler score
 * plugins, weighted by the {@code <name>.weight} arguments ({@link NodeOrderWeights}).
 * <ul>
 *   <li>A node scorer ({@link LocalScores}, node-local): leastrequested, mostrequested, balancedresource, and
 *       imagelocality / volumebinding as constant 0.</li>
 *   <li>A batch scorer for nodeaffinity ({@link NodeAffinityScores}): preferred terms, normalized across the
 *       candidate nodes as current Volcano's batch node order function does.</li>
 *   <li>A batch scorer ({@link BatchScores}, normalized across the candidate nodes): tainttoleration,
 *       podaffinity and podtopologyspread (from the shared {@link InterPodIndex}).</li>
 * </ul>
 * Each scorer is registered only when one of its weights can make it non-zero, which changes no total:
 * Volcano would add 0.0.
 * <p>
 * State: compiled placement profiles, numeric label values, node taints in int form and the requested
 * totals of the pods on each node ({@link NodeRequests}), rebuilt at {@link #open} and kept exact by the
 * allocate events. Threading: scorers are pure reads, run concurrently by filter workers; open and events
 * on the scheduling thread. Allocation: none per score.
 */
public final class NodeOrderPlugin implements Plugin, AllocateListener {
    public static final String NAME = "nodeorder";

    private final NodeOrderWeights weights;
    private final CompiledProfiles<PlacementSpec, ProfilePreferences> preferences =
            new CompiledProfiles<>(ProfilePreferences::compile);
    private final LabelNumbers numbers = new LabelNumbers();
    private final NodeTaints taints = new NodeTaints();
    private final NodeRequests requests = new NodeRequests();
    private final ClassRequests classRequests = new ClassRequests();
    /** Preferred node affinity score and untolerated PreferNoSchedule taints per (profile, node). */
    private final ProfileNodeMemo affinity = new ProfileNodeMemo();
    private final ProfileNodeMemo preferNoSchedule = new ProfileNodeMemo();
    /**
     * The session's spec tables, read once at open: the per-node score paths read them directly instead of
     * through a {@link SessionView} call per node (the tables are the session's final fields, so the
     * references stay valid until the next open).
     */
    private Nodes nodes;
    private Tasks tasks;
    private Classes classes;
    private InterPodIndex interPod;

    /** Builds the plugin; a mistyped or negative weight is a ConfException. */
    public NodeOrderPlugin(Arguments arguments) {
        this.weights = NodeOrderWeights.from(new PluginArguments(NAME, arguments));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        interPod = ext.shared(InterPodIndex.class, InterPodIndex::new);
        if (weights.anyLocal()) {
            ext.nodeScorer(new LocalScores(this, weights));
        }
        if (weights.anyBatch()) {
            ext.batchNodeScorer(new BatchScores(this, weights, interPod));
        }
        if (weights.nodeAffinity() != 0) {
            ext.batchNodeScorer(new NodeAffinityScores(this, weights.nodeAffinity()));
        }
        if (weights.needsNodeRequests()) {
            ext.allocateListener(this);
        }
    }

    @Override
    public void open(SessionView s) {
        nodes = s.nodes();
        tasks = s.tasks();
        classes = s.classes();
        preferences.refresh(s.profiles(), s.symbols());
        taints.refresh(s);
        numbers.refresh(s.symbols());
        affinity.refresh(s.profiles(), s.nodes(), s);
        preferNoSchedule.refresh(s.profiles(), s.nodes(), s);
        if (weights.needsNodeRequests()) {
            requests.open(s);
            classRequests.refresh(s.classes(), requests.gpuDim);
        }
        interPod.open(s);
    }

    @Override
    public void allocated(int task) {
        requests.add(task);
    }

    @Override
    public void deallocated(int task) {
        requests.remove(task);
    }

    /** The session's node table, as read at open. */
    Nodes nodes() {
        return nodes;
    }

    /** True when the task's profile has no preferred node affinity term: {@link #affinityScore} is 0 everywhere. */
    boolean prefersNoNode(int task) {
        return preferences.get(profileOf(task)).terms.length == 0;
    }

    /** Sum of the weights of the task's preferred node affinity terms the node matches. */
    long affinityScore(int task, int node) {
        int profile = profileOf(task);
        long score = affinity.get(profile, node);
        if (score == ProfileNodeMemo.UNKNOWN) {
            score = preferences.get(profile).affinityScore(nodes, node, numbers);
            affinity.put(profile, node, (int) Math.min(score, Integer.MAX_VALUE));
        }
        return score;
    }

    /** The node's PreferNoSchedule taints the task does not tolerate. */
    int untoleratedPreferNoSchedule(int task, int node) {
        return untoleratedByProfile(profileOf(task), node);
    }

    /** {@link #untoleratedPreferNoSchedule} of the task on {@code nodes[i]} into {@code out[i]}, i in [from, to). */
    void untoleratedPreferNoSchedule(int task, int[] nodes, int from, int to, int[] out) {
        int profile = profileOf(task);
        for (int i = from; i < to; i++) {
            out[i] = untoleratedByProfile(profile, nodes[i]);
        }
    }

    private int untoleratedByProfile(int profile, int node) {
        int count = preferNoSchedule.get(profile, node);
        if (count == ProfileNodeMemo.UNKNOWN) {
            count = preferences.get(profile).tolerations.untoleratedPreferNoSchedule(taints, node);
            preferNoSchedule.put(profile, node, count);
        }
        return count;
    }

    private int profileOf(int task) {
        return classes.profile(tasks.taskClass(task));
    }

    /** The task's class, as the session's tables said at open. */
    int classOf(int task) {
        return tasks.taskClass(task);
    }

    NodeRequests requests() {
        return requests;
    }

    /** What the resource scorers read of each class's request (kept when {@link NodeOrderWeights#needsNodeRequests}). */
    ClassRequests classRequests() {
        return classRequests;
    }
}
