package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PodAffinityTerm;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.InterPodCluster;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.caldera.kernel.testing.InterPodCluster.HOST;
import static dev.caldera.kernel.testing.InterPodCluster.ZONE;
import static dev.caldera.kernel.testing.InterPodCluster.affinity;
import static dev.caldera.kernel.testing.InterPodCluster.anti;
import static dev.caldera.kernel.testing.InterPodCluster.labels;
import static dev.caldera.kernel.testing.InterPodCluster.preferredAnti;
import static dev.caldera.kernel.testing.InterPodCluster.selector;
import static dev.caldera.kernel.testing.InterPodCluster.term;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The InterPodAffinity filter as Volcano's predicates plugin runs it (kube-scheduler
 * pkg/scheduler/framework/plugins/interpodaffinity/filtering.go: PreFilter, Filter and its helpers; Volcano
 * pkg/scheduler/plugins/predicates/predicates.go: OnSessionOpen's AllocateFunc/DeallocateFunc, PrePredicate,
 * Predicate). Two zones: a (n1, n2) and b (n3); n4 has no zone label.
 */
class InterPodAffinityFilterTest {
    private final InterPodCluster c = new InterPodCluster().node("n1", "a").node("n2", "a").node("n3", "b")
            .node("n4", null);

    private SessionView open() {
        return PluginSessions.open(c.cluster, plugin("predicates"));
    }

    private int check(SessionView s, String task, String node) {
        s.plugins().prePredicate(c.task(task));
        return s.plugins().predicate(c.task(task), c.node(node));
    }

    /** filtering.go satisfyPodAffinity: some pod matching the term must be in the node's zone. */
    @Test
    void requiredAffinityNeedsAMatchingPodInTheNodesDomain() {
        c.pod("db", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE)));
        SessionView s = open();

        assertThat(check(s, "web", "n1")).isZero();
        assertThat(check(s, "web", "n2")).as("same zone as db").isZero();
        assertThat(check(s, "web", "n3")).isEqualTo(FitReason.POD_AFFINITY_UNMET);
    }

    /** satisfyPodAffinity: "All topology labels must exist on the node"; Filter: UnschedulableAndUnresolvable. */
    @Test
    void unmetAffinityIsUnresolvableViolatedAntiAffinityIsNot() {
        c.pod("db", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE)));
        c.pod("solo", null, labels("app", "solo"), anti(term(selector("app", "db"), ZONE)));
        SessionView s = open();

        int noKey = check(s, "web", "n4");
        assertThat(noKey).isEqualTo(FitReason.POD_AFFINITY_UNMET);
        assertThat(FitReason.unresolvable(noKey)).isTrue();
        int anti = check(s, "solo", "n2");
        assertThat(anti).isEqualTo(FitReason.POD_ANTI_AFFINITY);
        assertThat(FitReason.unresolvable(anti)).isFalse();
        assertThat(check(s, "solo", "n4")).as("anti-affinity ignores a node without the key").isZero();
    }

    /** satisfyPodAffinity: with no matching pod anywhere, a pod matching its own terms may start the group. */
    @Test
    void firstPodOfASelfAffineGroupMayGoWhereverTheKeysAre() {
        c.pod("w0", null, labels("app", "web"), affinity(term(selector("app", "web"), ZONE)));
        c.pod("other", null, labels("app", "other"), affinity(term(selector("app", "web"), ZONE)));
        SessionView s = open();

        assertThat(check(s, "w0", "n1")).isZero();
        assertThat(check(s, "w0", "n3")).isZero();
        assertThat(check(s, "w0", "n4")).as("the node still needs the key").isEqualTo(FitReason.POD_AFFINITY_UNMET);
        assertThat(check(s, "other", "n1")).as("it does not match its own terms").isEqualTo(
                FitReason.POD_AFFINITY_UNMET);
    }

    /** Volcano's AllocateFunc adds the pod to the node snapshot; the next PreFilter counts it. */
    @Test
    void podsAllocatedEarlierInSessionCountForAffinity() {
        c.pod("w0", null, labels("app", "web"), affinity(term(selector("app", "web"), ZONE)));
        c.pod("w1", null, labels("app", "web"), affinity(term(selector("app", "web"), ZONE)));
        SessionView s = open();
        assertThat(check(s, "w1", "n3")).isZero();

        Sessions.allocate(s, c.task("w0"), c.node("n1"));

        assertThat(check(s, "w1", "n2")).isZero();
        assertThat(check(s, "w1", "n3")).as("the group has started in zone a").isEqualTo(
                FitReason.POD_AFFINITY_UNMET);
    }

    /** Pipelined pods are added by the same AllocateFunc. */
    @Test
    void podsPipelinedEarlierInSessionCountForAntiAffinity() {
        c.pod("w0", null, labels("app", "web"), anti(term(selector("app", "web"), HOST)));
        c.pod("w1", null, labels("app", "web"), anti(term(selector("app", "web"), HOST)));
        SessionView s = open();

        Sessions.pipeline(s, c.task("w0"), c.node("n1"));

        assertThat(check(s, "w1", "n1")).isEqualTo(FitReason.POD_ANTI_AFFINITY);
        assertThat(check(s, "w1", "n2")).isZero();
    }

    /** Volcano's Evict fires DeallocateFunc, which removes the pod from the snapshot; un-evict adds it back. */
    @Test
    void podsEvictedEarlierInSessionStopCounting() {
        c.pod("db", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE)));
        SessionView s = open();
        int db = c.task("db");

        Sessions.evict(s, db);
        assertThat(check(s, "web", "n1")).isEqualTo(FitReason.POD_AFFINITY_UNMET);
        Sessions.unevict(s, db, TaskStatus.RUNNING);
        assertThat(check(s, "web", "n1")).isZero();
    }

    /** filtering.go getExistingAntiAffinityCounts / satisfyExistingPodsAntiAffinity: the whole domain is closed. */
    @Test
    void requiredAntiAffinityOfExistingPodRejectsNode() {
        c.pod("lonely", "n1", labels("app", "lonely"), anti(term(selector("app", "web"), ZONE)));
        c.pod("web", null, labels("app", "web"), InterPodSpec.NONE);
        c.pod("db", null, labels("app", "db"), InterPodSpec.NONE);
        SessionView s = open();

        assertThat(check(s, "web", "n1")).isEqualTo(FitReason.EXISTING_ANTI_AFFINITY);
        assertThat(check(s, "web", "n2")).as("same zone").isEqualTo(FitReason.EXISTING_ANTI_AFFINITY);
        assertThat(check(s, "web", "n3")).isZero();
        assertThat(check(s, "db", "n1")).as("the term does not select db").isZero();
    }

    /** Only required anti-affinity of existing pods filters; their preferred terms only score. */
    @Test
    void existingPodsPreferredAntiAffinityDoesNotFilter() {
        c.pod("picky", "n1", labels("app", "picky"), preferredAnti(50, term(selector("app", "web"), HOST)));
        c.pod("web", null, labels("app", "web"), InterPodSpec.NONE);
        SessionView s = open();

        assertThat(check(s, "web", "n1")).isZero();
    }

    /** updateWithAffinityTerms: a pod counts for affinity only when it matches every term. */
    @Test
    void affinityNeedsOnePodMatchingAllTerms() {
        c.pod("a", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("b", "n2", labels("tier", "gold"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE),
                term(selector("tier", "gold"), ZONE)));
        SessionView s = open();

        assertThat(check(s, "web", "n1")).isEqualTo(FitReason.POD_AFFINITY_UNMET);
    }

    /** GetNamespacesFromPodAffinityTerm: no namespaces and no selector means the owner's namespace only. */
    @Test
    void termsSelectPodsOfTheirOwnNamespaceUnlessTold() {
        c.pod("other", "db", "n1", TaskStatus.RUNNING, labels("app", "db"), InterPodSpec.NONE, PlacementSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE)));
        c.pod("named", null, labels("app", "web"), affinity(new PodAffinityTerm(selector("app", "db"),
                List.of("other"), null, ZONE)));
        c.pod("all", null, labels("app", "web"), affinity(new PodAffinityTerm(selector("app", "db"), List.of(),
                LabelSelector.EVERYTHING, ZONE)));
        c.pod("byName", null, labels("app", "web"), affinity(new PodAffinityTerm(selector("app", "db"), List.of(),
                selector("kubernetes.io/metadata.name", "other"), ZONE)));
        SessionView s = open();

        assertThat(check(s, "web", "n1")).as("db is in namespace other").isEqualTo(FitReason.POD_AFFINITY_UNMET);
        assertThat(check(s, "named", "n1")).isZero();
        assertThat(check(s, "all", "n1")).as("an empty namespace selector selects every namespace").isZero();
        assertThat(check(s, "byName", "n1")).as("namespaces carry their name label").isZero();
    }

    /** LabelSelectorAsSelector: a nil selector selects nothing, the empty one everything. */
    @Test
    void nilLabelSelectorSelectsNoPodAndTheEmptyOneEvery() {
        c.pod("db", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("nil", null, labels(), anti(term(null, ZONE)));
        c.pod("empty", null, labels(), anti(term(LabelSelector.EVERYTHING, ZONE)));
        SessionView s = open();

        assertThat(check(s, "nil", "n1")).isZero();
        assertThat(check(s, "empty", "n1")).isEqualTo(FitReason.POD_ANTI_AFFINITY);
        assertThat(check(s, "empty", "n3")).isZero();
    }

    /**
     * Volcano's preempt calls PrePredicate once per preemptor and re-runs PredicateFn after each eviction with
     * that cycle state: the InterPodAffinity filter keeps reading the counts of PrePredicate
     * (pkg/scheduler/actions/preempt/preempt.go: preempt, normalPreempt, preemptorFitsOnNode).
     */
    @Test
    void filtersReadTheCountsOfTheLastPrePredicate() {
        c.pod("rival", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), anti(term(selector("app", "web"), HOST)));
        SessionView s = open();
        int web = c.task("web");
        s.plugins().prePredicate(web);

        Sessions.evict(s, c.task("rival"));
        assertThat(s.plugins().predicate(web, c.node("n1"))).as("still as of PrePredicate").isEqualTo(
                FitReason.POD_ANTI_AFFINITY);
        s.plugins().prePredicate(web);
        assertThat(s.plugins().predicate(web, c.node("n1"))).isZero();
    }

    /** predicate.PodAffinityEnable=false leaves the filter out (predicates.go InitPlugin). */
    @Test
    void theFilterCanBeSwitchedOff() {
        c.pod("db", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE)));
        SessionView s = PluginSessions.open(c.cluster, plugin("predicates", "predicate.PodAffinityEnable", false));

        assertThat(check(s, "web", "n3")).isZero();
    }

    /** Terminating pods stay in Volcano's node snapshot, so they still count for inter-pod affinity. */
    @Test
    void releasingPodsCountForAffinity() {
        c.pod(PluginSessions.NS, "db", "n1", TaskStatus.RELEASING, labels("app", "db"), InterPodSpec.NONE,
                PlacementSpec.NONE);
        c.pod("web", null, labels("app", "web"), affinity(term(selector("app", "db"), ZONE)));
        SessionView s = open();

        assertThat(check(s, "web", "n2")).isZero();
    }

    /** A task without terms that no counted pod's term selects is node-local: class views may serve it. */
    @Test
    void onlyTasksTiedToOtherPodsAreNotNodeLocal() {
        c.pod("lonely", "n1", labels("app", "lonely"), anti(term(selector("app", "web"), ZONE)));
        c.pod("web", null, labels("app", "web"), InterPodSpec.NONE);
        c.pod("db", null, labels("app", "db"), InterPodSpec.NONE);
        c.pod("own", null, labels("app", "db"), affinity(term(selector("app", "x"), ZONE)));
        SessionView s = open();

        assertThat(s.plugins().nodeLocal(c.task("db"))).isTrue();
        assertThat(s.plugins().nodeLocal(c.task("web"))).isFalse();
        assertThat(s.plugins().nodeLocal(c.task("own"))).isFalse();
        Sessions.evict(s, c.task("lonely"));
        assertThat(s.plugins().nodeLocal(c.task("web"))).as("the carrier left").isTrue();
    }
}
