package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.InterPodCluster;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.InterPodCluster.ZONE;
import static dev.caldera.kernel.testing.InterPodCluster.labels;
import static dev.caldera.kernel.testing.InterPodCluster.selector;
import static dev.caldera.kernel.testing.InterPodCluster.spread;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * PodTopologySpread's DoNotSchedule filter as Volcano's predicates plugin runs it (kube-scheduler
 * pkg/scheduler/framework/plugins/podtopologyspread/filtering.go: calPreFilterState, Filter, minMatchNum;
 * common.go: filterTopologySpreadConstraints, matchNodeInclusionPolicies, countPodsMatchSelector). Zones a
 * (n1, n2), b (n3), c (n4); n5 has no zone label.
 */
class TopologySpreadFilterTest {
    private static final LabelSelector WEB = selector("app", "web");

    private final InterPodCluster c = new InterPodCluster().node("n1", "a").node("n2", "a").node("n3", "b")
            .node("n4", "c").node("n5", null);

    private static SpreadConstraint zoneSkew(int maxSkew) {
        return SpreadConstraint.of(maxSkew, ZONE, true, WEB);
    }

    private SessionView open() {
        return PluginSessions.open(c.cluster, plugin("predicates"));
    }

    private int check(SessionView s, String task, String node) {
        s.plugins().prePredicate(c.task(task));
        return s.plugins().predicate(c.task(task), c.node(node));
    }

    /** Filter: matching pods in the domain + 1 (self) - global minimum must not exceed maxSkew. */
    @Test
    void topologySpreadRejectsSkewAboveMax() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w1", "n2", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w2", "n3", labels("app", "web"), InterPodSpec.NONE);
        c.pod("new", null, labels("app", "web"), spread(zoneSkew(1)));
        SessionView s = open();

        // a 2, b 1, c 0: the minimum is 0
        assertThat(check(s, "new", "n4")).isZero();
        assertThat(check(s, "new", "n3")).as("1 + 1 - 0 > 1").isEqualTo(FitReason.SPREAD_SKEW);
        assertThat(check(s, "new", "n1")).isEqualTo(FitReason.SPREAD_SKEW);
        assertThat(FitReason.unresolvable(FitReason.SPREAD_SKEW)).isFalse();
    }

    /** Filter: a node without the topology key is UnschedulableAndUnresolvable. */
    @Test
    void aNodeWithoutTheTopologyKeyIsUnresolvable() {
        c.pod("new", null, labels("app", "web"), spread(zoneSkew(1)));
        SessionView s = open();

        assertThat(check(s, "new", "n5")).isEqualTo(FitReason.SPREAD_LABEL_MISSING);
        assertThat(FitReason.unresolvable(FitReason.SPREAD_LABEL_MISSING)).isTrue();
    }

    /** minMatchNum: with fewer eligible domains than minDomains, the global minimum counts as 0. */
    @Test
    void minDomainsTreatsTheGlobalMinimumAsZeroWhileDomainsAreFewer() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w3", "n3", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w4", "n4", labels("app", "web"), InterPodSpec.NONE);
        c.pod("three", null, labels("app", "web"), spread(new SpreadConstraint(1, ZONE, true, WEB, 3, true, false)));
        c.pod("four", null, labels("app", "web"), spread(new SpreadConstraint(1, ZONE, true, WEB, 4, true, false)));
        SessionView s = open();

        // every zone holds one: minimum 1, skew 1 + 1 - 1
        assertThat(check(s, "three", "n2")).isZero();
        assertThat(check(s, "four", "n2")).as("3 domains < 4: minimum 0, skew 2").isEqualTo(FitReason.SPREAD_SKEW);
    }

    /** matchNodeInclusionPolicies: nodeAffinityPolicy Honor (the default) drops nodes the pod cannot use. */
    @Test
    void nodeAffinityPolicyHonorLeavesNodesThePodCannotUseOutOfTheDomains() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        PlacementSpec notC = new PlacementSpec(Map.of("tier", "x"), null, null, null, null);
        c.node("n1", "a", Map.of("tier", "x"));
        c.pod(PluginSessions.NS, "honor", null, TaskStatus.PENDING, labels("app", "web"), spread(zoneSkew(1)), notC);
        c.pod(PluginSessions.NS, "ignore", null, TaskStatus.PENDING, labels("app", "web"),
                spread(new SpreadConstraint(1, ZONE, true, WEB, 1, false, false)), notC);
        SessionView s = open();

        // only n1 carries tier=x: honouring, zone a is the only domain and its minimum is 1
        assertThat(check(s, "honor", "n1")).isZero();
        // ignoring node affinity, zones b and c count (minimum 0): 1 + 1 - 0 > 1
        assertThat(check(s, "ignore", "n1")).isEqualTo(FitReason.SPREAD_SKEW);
    }

    /** matchNodeInclusionPolicies: nodeTaintsPolicy Honor drops nodes with untolerated NoSchedule taints. */
    @Test
    void nodeTaintsPolicyHonorLeavesTaintedNodesOut() {
        InterPodCluster t = new InterPodCluster().node("n1", "a").node("n2", "b",
                List.of(new Taint("dedicated", "x", TaintEffect.NO_SCHEDULE)));
        t.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        t.pod("honor", null, labels("app", "web"), spread(new SpreadConstraint(1, ZONE, true, WEB, 1, true, true)));
        t.pod("ignore", null, labels("app", "web"), spread(zoneSkew(1)));
        SessionView s = PluginSessions.open(t.cluster, plugin("predicates"));
        s.plugins().prePredicate(t.task("honor"));
        assertThat(s.plugins().predicate(t.task("honor"), t.node("n1"))).as("zone b is not counted").isZero();
        s.plugins().prePredicate(t.task("ignore"));
        assertThat(s.plugins().predicate(t.task("ignore"), t.node("n1"))).isEqualTo(FitReason.SPREAD_SKEW);
    }

    /** countPodsMatchSelector: only pods of the incoming pod's namespace, not terminating, count. */
    @Test
    void onlyLivePodsOfTheSameNamespaceCount() {
        c.pod("elsewhere", "w0", "n1", TaskStatus.RUNNING, labels("app", "web"), InterPodSpec.NONE,
                PlacementSpec.NONE);
        c.pod(PluginSessions.NS, "leaving", "n1", TaskStatus.RELEASING, labels("app", "web"), InterPodSpec.NONE,
                PlacementSpec.NONE);
        c.pod("new", null, labels("app", "web"), spread(zoneSkew(1)));
        SessionView s = open();

        assertThat(check(s, "new", "n1")).isZero();
    }

    /** countPodsMatchSelector counts nothing for an empty selector, though the pod still matches itself. */
    @Test
    void anEmptySelectorCountsNoPodButTheIncomingOneMatchesIt() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("empty", null, labels("app", "web"), spread(SpreadConstraint.of(1, ZONE, true, LabelSelector.EVERYTHING)));
        SessionView s = open();

        assertThat(check(s, "empty", "n1")).as("0 + 1 - 0 <= 1").isZero();
    }

    /** The AllocateFunc adds each placed pod to the snapshot, so a gang spreads as it is placed. */
    @Test
    void podsPlacedEarlierInSessionCountForSpread() {
        c.pod("g0", null, labels("app", "web"), spread(zoneSkew(1)));
        c.pod("g1", null, labels("app", "web"), spread(zoneSkew(1)));
        SessionView s = open();

        Sessions.allocate(s, c.task("g0"), c.node("n1"));

        assertThat(check(s, "g1", "n2")).isEqualTo(FitReason.SPREAD_SKEW);
        assertThat(check(s, "g1", "n3")).isZero();
    }

    /** ScheduleAnyway constraints only score (filterTopologySpreadConstraints keeps DoNotSchedule ones). */
    @Test
    void scheduleAnywayConstraintsDoNotFilter() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w1", "n2", labels("app", "web"), InterPodSpec.NONE);
        c.pod("soft", null, labels("app", "web"), spread(SpreadConstraint.of(1, ZONE, false, WEB)));
        SessionView s = open();

        assertThat(check(s, "soft", "n1")).isZero();
        assertThat(check(s, "soft", "n5")).as("no key: no filter either").isZero();
    }

    /** predicate.PodTopologySpreadEnable=false leaves the filter out. */
    @Test
    void theFilterCanBeSwitchedOff() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("new", null, labels("app", "web"), spread(zoneSkew(1)));
        SessionView s = PluginSessions.open(c.cluster, plugin("predicates", "predicate.PodTopologySpreadEnable", false));

        assertThat(check(s, "new", "n1")).isZero();
    }
}
