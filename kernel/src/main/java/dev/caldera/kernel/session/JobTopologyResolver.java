package dev.caldera.kernel.session;

import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What Volcano's session open does for network topology ({@code framework/session.go}:
 * {@code adjustNetworkTopologySpec}, {@code convertSoftToHardTopology}, {@code removeInvalidAllocatedHyperNode},
 * {@code recoverAllocatedHyperNode}):
 * <ul>
 *   <li>a {@code highestTierName} becomes the tier some HyperNode gives that name; an unknown name is warned
 *       about (once per job and name) and leaves the job without a tier, so it is not placed in hard mode;</li>
 *   <li>soft mode becomes hard mode with the top tier as the limit (a preference for low tiers, no filter); a
 *       sub-group's soft mode is bounded by its job's tier;</li>
 *   <li>a kept allocated HyperNode is dropped when it no longer exists or the (sub-)job has no allocated task;
 *       a (sub-)job with allocated tasks but none kept recovers the lowest-tier HyperNode holding all their
 *       nodes, and the job the lowest common ancestor of its sub-jobs'.</li>
 * </ul>
 * Threading: scheduling thread.
 */
final class JobTopologyResolver {
    private static final Logger LOG = LoggerFactory.getLogger(JobTopologyResolver.class);
    /** The default sub-job's key: empty, so it orders before every policy's, as Volcano's job-UID id does. */
    static final String DEFAULT_SUB_JOB = "";

    private final TopologySession t;
    private final Set<String> warned = new HashSet<>();
    private final SubGroupAssigner assigner = new SubGroupAssigner();
    private int[] resolved = new int[2];

    JobTopologyResolver(TopologySession owner) {
        this.t = owner;
    }

    /**
     * Resolves every job of the session with topology or sub-groups, in row order (the cache lists the rows that may
     * have them, so the jobs without any are not looked at); returns how many there are.
     */
    int open(Session s) {
        int n = 0;
        for (int job = s.cache().topology().nextJobWithTopology(0); job >= 0;
             job = s.cache().topology().nextJobWithTopology(job + 1)) {
            if (!s.inSession(job)) {
                continue;
            }
            NetworkTopologySpec spec = s.cache().topology().networkTopology(job);
            List<SubGroupPolicySpec> policies = s.cache().topology().subGroupPolicy(job);
            if (spec == null && policies.isEmpty()) {
                continue;
            }
            n++;
            t.handled[job] = true;
            t.handledJobs.add(job);
            t.withTopology[job] = spec != null;
            int topTier = t.tree().topTier();
            resolve(s, job, spec, topTier);
            t.hard[job] = resolved[0] == 1;
            t.highestTier[job] = resolved[1];
            buildSubJobs(s, job, spec, policies);
        }
        return n;
    }

    /** Into {@link #resolved}: {hard 0/1, highest tier}. */
    private void resolve(Session s, int job, NetworkTopologySpec spec, int softLimit) {
        resolved[0] = 0;
        resolved[1] = 0;
        if (spec == null) {
            return;
        }
        Integer tier = spec.highestTierAllowed();
        if (tier == null && spec.highestTierName() != null) {
            int mapped = t.tree().tierNamed(spec.highestTierName());
            if (mapped >= 0) {
                tier = mapped;
            } else if (warned.add(s.jobTable().key(job) + "\0" + spec.highestTierName())) {
                LOG.warn("PodGroup {}: networkTopology.highestTierName '{}' is not the tierName of any HyperNode;"
                        + " the job is not placed by network topology", s.jobTable().key(job), spec.highestTierName());
            }
        }
        if (spec.mode() == NetworkTopologySpec.Mode.SOFT) {
            resolved[0] = 1;
            resolved[1] = softLimit;
        } else if (tier != null) {
            resolved[0] = 1;
            resolved[1] = tier;
        }
    }

    private void buildSubJobs(Session s, int job, NetworkTopologySpec spec, List<SubGroupPolicySpec> policies) {
        SubJobs sj = t.subJobs[job];
        if (sj == null) {
            sj = new SubJobs();
            t.subJobs[job] = sj;
        }
        IntArrayList tasks = s.jobTable().tasks(job);
        sj.policies(policies);
        assigner.assign(s, job, policies, sj, t.subJobOfTask);
        int softLimit = t.hard[job] ? t.highestTier[job] : t.tree().topTier();
        for (int k = 0; k < sj.count(); k++) {
            NetworkTopologySpec own = sj.policy(k) < 0 ? spec : policies.get(sj.policy(k)).networkTopology();
            sj.withTopology(k, own != null);
            resolve(s, job, own, softLimit);
            sj.hard(k, resolved[0] == 1);
            sj.highestTier(k, resolved[1]);
        }
        for (int i = 0; i < tasks.size(); i++) {
            int task = tasks.getInt(i);
            sj.add(t.subJobOfTask[task], task, s.request(task));
            t.assignedTasks.add(task);
        }
    }

    // ---------------------------------------------------------------- allocated HyperNodes

    void recoverAllocated(Session s) {
        for (int i = 0; i < t.handledJobs.size(); i++) {
            recover(s, t.handledJobs.getInt(i));
        }
    }

    private void recover(Session s, int job) {
        SubJobs sj = t.subJobs[job];
        HyperNodeTree tree = t.tree();
        boolean subUpdated = false;
        for (int k = 0; k < sj.count(); k++) {
            int kept = tree.id(s.cache().topology().subJobAllocatedHyperNode(job, sj.key(k)));
            int placed = allocatedTasks(s, sj.tasks(k));
            sj.allocated(k, placed > 0 ? kept : -1);
            if (sj.withTopology(k) && sj.allocated(k) < 0 && placed > 0) {
                sj.allocated(k, lowestHolding(s, sj.tasks(k)));
                subUpdated |= sj.allocated(k) >= 0;
            }
        }
        int kept = tree.id(s.cache().topology().allocatedHyperNode(job));
        t.allocated[job] = allocatedTasks(s, s.jobTable().tasks(job)) > 0 ? kept : -1;
        if (t.allocated[job] < 0 || subUpdated) {
            int lca = -1;
            for (int k = 0; k < sj.count(); k++) {
                if (sj.allocated(k) >= 0) {
                    lca = tree.lca(lca, sj.allocated(k));
                }
            }
            if (lca >= 0 || t.allocated[job] < 0) {
                t.allocated[job] = lca;
            }
        }
    }

    private static int allocatedTasks(Session s, IntArrayList tasks) {
        int n = 0;
        for (int i = 0; i < tasks.size(); i++) {
            n += TaskStatus.isAllocated(s.status(tasks.getInt(i))) ? 1 : 0;
        }
        return n;
    }

    /** The lowest-tier HyperNode holding the nodes of every allocated task (the top holds them all). */
    private int lowestHolding(Session s, IntArrayList tasks) {
        HyperNodeTree tree = t.tree();
        int candidate = -1;
        for (int i = 0; i < tasks.size(); i++) {
            int task = tasks.getInt(i);
            int node = s.taskState().node(task);
            if (!TaskStatus.isAllocated(s.status(task)) || node < 0) {
                continue;
            }
            int leaf = tree.chain(tree.chainStart(node));
            candidate = candidate < 0 ? leaf : lowestCommon(candidate, node);
        }
        return candidate;
    }

    /** The lowest-tier HyperNode on {@code node}'s chain that also holds every node {@code current} holds. */
    private int lowestCommon(int current, int node) {
        HyperNodeTree tree = t.tree();
        for (int i = tree.chainStart(node); i < tree.chainStart(node + 1); i++) {
            int h = tree.chain(i);
            if (h == current || tree.tier(h) >= tree.tier(current) && tree.within(current, h)) {
                return h;
            }
        }
        return tree.root();
    }

    /** Writes the allocated HyperNodes of handled jobs back to the cache. */
    void keep(Session s) {
        for (int i = 0; i < t.handledJobs.size(); i++) {
            int job = t.handledJobs.getInt(i);
            HyperNodeTree tree = t.tree();
            s.cache().topology().keepAllocated(job, t.allocated[job] < 0 ? null : tree.name(t.allocated[job]));
            SubJobs sj = t.subJobs[job];
            for (int k = 0; k < sj.count(); k++) {
                s.cache().topology().keepAllocated(job, sj.key(k),
                        sj.allocated(k) < 0 ? null : tree.name(sj.allocated(k)));
            }
        }
    }
}
