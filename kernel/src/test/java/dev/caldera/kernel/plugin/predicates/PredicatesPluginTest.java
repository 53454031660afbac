package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.PluginSessions.node;
import static dev.caldera.kernel.testing.PluginSessions.pending;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static dev.caldera.kernel.testing.PluginSessions.running;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;

class PredicatesPluginTest {
    private static final ResourceList SMALL = ResourceList.of("cpu", 100L, "memory", GI / 4);
    private static final ResourceList NODE = ResourceList.of("cpu", 8000L, "memory", 16 * GI, "pods", 110L);

    private final PluginCluster cluster = PluginSessions.cluster();

    private static PlacementSpec selector(Map<String, String> labels) {
        return new PlacementSpec(labels, List.of(), List.of(), List.of(), List.of());
    }

    private static PlacementSpec required(SelectorTerm... terms) {
        return new PlacementSpec(Map.of(), List.of(terms), List.of(), List.of(), List.of());
    }

    private static PlacementSpec tolerating(Toleration... tolerations) {
        return new PlacementSpec(Map.of(), List.of(), List.of(), List.of(tolerations), List.of());
    }

    private static PlacementSpec ports(HostPort... ports) {
        return new PlacementSpec(Map.of(), List.of(), List.of(), List.of(), List.of(ports));
    }

    private static SelectorTerm term(SelectorRequirement... labels) {
        return new SelectorTerm(List.of(labels), List.of());
    }

    private static SelectorRequirement in(String key, String... values) {
        return new SelectorRequirement(key, SelectorOperator.IN, List.of(values));
    }

    private void labelled(String name, Map<String, String> labels) {
        node(cluster, name, NODE, labels, List.of(), false);
    }

    private void tainted(String name, Taint... taints) {
        node(cluster, name, NODE, Map.of(), List.of(taints), false);
    }

    private int check(SessionView s, String task, String node) {
        return s.plugins().predicate(task(cluster, task), PluginSessions.node(cluster, node));
    }

    private int verdictProfile(SessionView s, String task) {
        return s.plugins().verdictProfile(s.classes().profile(s.tasks().taskClass(task(cluster, task))));
    }

    @Test
    void profilesThatDifferOnlyInWhatScoresShareTheirVerdictProfile() {
        labelled("n1", Map.of("zone", "a"));
        Toleration gpu = new Toleration("gpu", true, "", TaintEffect.NO_SCHEDULE);
        Toleration soft = new Toleration("maintenance", true, "", TaintEffect.PREFER_NO_SCHEDULE);
        PreferredTerm zoneA = new PreferredTerm(50, term(in("zone", "a")));
        pending(cluster, "gpu", SMALL, tolerating(gpu));
        pending(cluster, "gpu-soft", SMALL, tolerating(gpu, soft));
        pending(cluster, "gpu-prefers-a", SMALL,
                new PlacementSpec(Map.of(), List.of(), List.of(zoneA), List.of(gpu), List.of()));
        pending(cluster, "plain", SMALL, PlacementSpec.NONE);
        pending(cluster, "soft", SMALL, tolerating(soft));
        pending(cluster, "in-a", SMALL, selector(Map.of("zone", "a")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(verdictProfile(s, "gpu-soft")).isEqualTo(verdictProfile(s, "gpu"));
        assertThat(verdictProfile(s, "gpu-prefers-a")).isEqualTo(verdictProfile(s, "gpu"));
        assertThat(verdictProfile(s, "soft")).isEqualTo(verdictProfile(s, "plain"));
        assertThat(verdictProfile(s, "plain")).isNotEqualTo(verdictProfile(s, "gpu"));
        assertThat(verdictProfile(s, "in-a")).isNotEqualTo(verdictProfile(s, "plain"));
        assertThat(s.plugins().predicatesProfileOnly()).isTrue();
    }

    @Test
    void anUnschedulableNodeFailsUnlessThePodToleratesTheUnschedulableTaint() {
        node(cluster, "cordoned", NODE, Map.of(), List.of(), true);
        pending(cluster, "plain", SMALL, PlacementSpec.NONE);
        pending(cluster, "tolerant", SMALL, tolerating(
                new Toleration("node.kubernetes.io/unschedulable", true, "", TaintEffect.NO_SCHEDULE)));
        pending(cluster, "everything", SMALL, tolerating(new Toleration("", true, "", null)));
        pending(cluster, "wrong-effect", SMALL, tolerating(
                new Toleration("node.kubernetes.io/unschedulable", true, "", TaintEffect.NO_EXECUTE)));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "plain", "cordoned")).isEqualTo(FitReason.NODE_UNSCHEDULABLE);
        assertThat(check(s, "tolerant", "cordoned")).isEqualTo(FitReason.OK);
        assertThat(check(s, "everything", "cordoned")).isEqualTo(FitReason.OK);
        assertThat(check(s, "wrong-effect", "cordoned")).isEqualTo(FitReason.NODE_UNSCHEDULABLE);
    }

    @Test
    void theNodeSelectorNeedsEveryLabelWithItsValue() {
        labelled("ssd-a", Map.of("disk", "ssd", "zone", "a"));
        labelled("ssd-b", Map.of("disk", "ssd", "zone", "b"));
        labelled("bare", Map.of());
        pending(cluster, "p", SMALL, selector(Map.of("disk", "ssd", "zone", "a")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "p", "ssd-a")).isEqualTo(FitReason.OK);
        assertThat(check(s, "p", "ssd-b")).isEqualTo(FitReason.NODE_SELECTOR_MISMATCH);
        assertThat(check(s, "p", "bare")).isEqualTo(FitReason.NODE_SELECTOR_MISMATCH);
    }

    @Test
    void requiredAffinityTermsAreOredAndTheirExpressionsAnded() {
        labelled("a-gold", Map.of("zone", "a", "tier", "gold"));
        labelled("a-iron", Map.of("zone", "a", "tier", "iron"));
        labelled("c-iron", Map.of("zone", "c", "tier", "iron"));
        pending(cluster, "p", SMALL, required(term(in("zone", "a"), in("tier", "gold")), term(in("zone", "c"))));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "p", "a-gold")).isEqualTo(FitReason.OK);
        assertThat(check(s, "p", "a-iron")).isEqualTo(FitReason.NODE_SELECTOR_MISMATCH);
        assertThat(check(s, "p", "c-iron")).isEqualTo(FitReason.OK);
    }

    @Test
    void onlyEmptyRequiredTermsMatchNoNode() {
        labelled("n1", Map.of("zone", "a"));
        pending(cluster, "p", SMALL, required(new SelectorTerm(List.of(), List.of())));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "p", "n1")).isEqualTo(FitReason.NODE_SELECTOR_MISMATCH);
    }

    @Test
    void requiredAffinityCanNameTheNodeThroughMatchFields() {
        labelled("n1", Map.of());
        labelled("n2", Map.of());
        pending(cluster, "p", SMALL, required(new SelectorTerm(List.of(),
                List.of(new SelectorRequirement("metadata.name", SelectorOperator.IN, List.of("n2"))))));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "p", "n1")).isEqualTo(FitReason.NODE_SELECTOR_MISMATCH);
        assertThat(check(s, "p", "n2")).isEqualTo(FitReason.OK);
    }

    @Test
    void hardTaintsMustBeToleratedAndPreferNoScheduleDoesNotFilter() {
        tainted("no-schedule", new Taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE));
        tainted("no-execute", new Taint("dedicated", "gpu", TaintEffect.NO_EXECUTE));
        tainted("prefer", new Taint("dedicated", "gpu", TaintEffect.PREFER_NO_SCHEDULE));
        pending(cluster, "plain", SMALL, PlacementSpec.NONE);
        pending(cluster, "gpu", SMALL, tolerating(new Toleration("dedicated", false, "gpu", null)));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "plain", "no-schedule")).isEqualTo(FitReason.TAINT_UNTOLERATED);
        assertThat(check(s, "plain", "no-execute")).isEqualTo(FitReason.TAINT_UNTOLERATED);
        assertThat(check(s, "plain", "prefer")).isEqualTo(FitReason.OK);
        assertThat(check(s, "gpu", "no-schedule")).isEqualTo(FitReason.OK);
        assertThat(check(s, "gpu", "no-execute")).isEqualTo(FitReason.OK);
    }

    @Test
    void theFirstFailingCheckInVolcanosOrderIsTheReason() {
        node(cluster, "worst", NODE, Map.of(), List.of(new Taint("x", "", TaintEffect.NO_SCHEDULE)), true);
        tainted("tainted-only", new Taint("x", "", TaintEffect.NO_SCHEDULE));
        pending(cluster, "p", SMALL, selector(Map.of("disk", "ssd")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "p", "worst")).isEqualTo(FitReason.NODE_UNSCHEDULABLE);
        assertThat(check(s, "p", "tainted-only")).isEqualTo(FitReason.NODE_SELECTOR_MISMATCH);
    }

    @Test
    void hostPortsConflictOnSameProtocolPortAndOverlappingIps() {
        labelled("n1", Map.of());
        running(cluster, "web", "n1", SMALL, ports(new HostPort("TCP", 8080, ""), new HostPort("UDP", 53, "10.0.0.1")));
        pending(cluster, "tcp-8080", SMALL, ports(new HostPort("TCP", 8080, "10.0.0.9")));
        pending(cluster, "udp-8080", SMALL, ports(new HostPort("UDP", 8080, "")));
        pending(cluster, "udp-53-other-ip", SMALL, ports(new HostPort("UDP", 53, "10.0.0.2")));
        pending(cluster, "udp-53-any-ip", SMALL, ports(new HostPort("UDP", 53, "0.0.0.0")));
        pending(cluster, "no-port", SMALL, ports(new HostPort("TCP", 0, "")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "tcp-8080", "n1")).as("held on all IPs").isEqualTo(FitReason.HOST_PORT_CONFLICT);
        assertThat(check(s, "udp-8080", "n1")).isEqualTo(FitReason.OK);
        assertThat(check(s, "udp-53-other-ip", "n1")).isEqualTo(FitReason.OK);
        assertThat(check(s, "udp-53-any-ip", "n1")).isEqualTo(FitReason.HOST_PORT_CONFLICT);
        assertThat(check(s, "no-port", "n1")).isEqualTo(FitReason.OK);
    }

    @Test
    void portsFollowPlacementsAndUndoInsideTheSession() {
        labelled("n1", Map.of());
        pending(cluster, "first", SMALL, ports(new HostPort("TCP", 9000, "")));
        pending(cluster, "second", SMALL, ports(new HostPort("TCP", 9000, "")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));
        int first = task(cluster, "first");
        int n1 = PluginSessions.node(cluster, "n1");

        assertThat(check(s, "second", "n1")).isEqualTo(FitReason.OK);
        Sessions.allocate(s, first, n1);
        assertThat(check(s, "second", "n1")).isEqualTo(FitReason.HOST_PORT_CONFLICT);
        Sessions.unplace(s, first);
        assertThat(check(s, "second", "n1")).isEqualTo(FitReason.OK);
        Sessions.pipeline(s, first, n1);
        assertThat(check(s, "second", "n1")).as("pipelined pods hold their ports").isEqualTo(FitReason.HOST_PORT_CONFLICT);
    }

    @Test
    void anEvictionFreesTheVictimsPortsInsideTheSessionAsInVolcano() {
        labelled("n1", Map.of());
        running(cluster, "victim", "n1", SMALL, ports(new HostPort("TCP", 9000, "")));
        pending(cluster, "next", SMALL, ports(new HostPort("TCP", 9000, "")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));
        int victim = task(cluster, "victim");

        assertThat(check(s, "next", "n1")).isEqualTo(FitReason.HOST_PORT_CONFLICT);
        byte before = s.status(victim);
        Sessions.evict(s, victim);
        assertThat(check(s, "next", "n1")).isEqualTo(FitReason.OK);
        Sessions.unevict(s, victim, before);
        assertThat(check(s, "next", "n1")).isEqualTo(FitReason.HOST_PORT_CONFLICT);
    }

    @Test
    void aReleasingPodAtSessionOpenStillHoldsItsPorts() {
        labelled("n1", Map.of());
        cluster.upsertTask(Pod.builder(PluginSessions.NS, "leaving").job(PluginSessions.JOB)
                .request(SMALL).placement(ports(new HostPort("TCP", 9000, ""))).nodeName("n1")
                .status(TaskStatus.RELEASING).build());
        pending(cluster, "next", SMALL, ports(new HostPort("TCP", 9000, "")));
        SessionView s = PluginSessions.open(cluster, plugin("predicates"));

        assertThat(check(s, "next", "n1")).isEqualTo(FitReason.HOST_PORT_CONFLICT);
    }

    @Test
    void volcanoSwitchesTurnFiltersOff() {
        node(cluster, "n1", NODE, Map.of(), List.of(new Taint("x", "", TaintEffect.NO_SCHEDULE)), false);
        running(cluster, "web", "n1", SMALL, ports(new HostPort("TCP", 80, "")));
        pending(cluster, "p", SMALL, new PlacementSpec(Map.of("disk", "ssd"), List.of(), List.of(), List.of(),
                List.of(new HostPort("TCP", 80, ""))));
        SessionView s = PluginSessions.open(cluster, plugin("predicates", "predicate.NodeAffinityEnable", false,
                "predicate.TaintTolerationEnable", "false", "predicate.NodePortsEnable", false));

        assertThat(check(s, "p", "n1")).isEqualTo(FitReason.OK);
    }
}
