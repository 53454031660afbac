package dev.caldera.kernel.session;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.TaskClasses;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The read-only faces plugins get ({@code framework.Nodes}, {@code Tasks}, {@code Classes}) hold the tables' column
 * arrays between opens: after the cache grew every table (new nodes, tasks and classes, far past the first
 * capacity) and the session opened again, every getter answers what the table holds, row by row.
 */
class SessionFacesTest {
    @Test
    void facesAnswerAsTheTablesAfterTheCacheGrew() {
        ClusterCache cache = new ClusterCache();
        Clusters.queue(cache, "default", 1);
        Clusters.node(cache, "node-0", 4000, 8 * Clusters.GI);
        Clusters.gang(cache, "ns", "job-0", "default", 1, 1, Clusters.cpuMem(100, Clusters.GI), "Inqueue");
        Session session = Sessions.open(cache, new PluginOption("gang", Map.of(), Arguments.NONE));
        sameAsTables(session);

        for (int i = 1; i <= 300; i++) {
            cache.upsertNode(new NodeSpec("node-" + i, ResourceList.of("cpu", 1000L * i, "memory", Clusters.GI * i,
                    "pods", 110), Map.of("zone", "z" + i % 7, "rack", "r" + i), i % 5 == 0
                    ? List.of(new Taint("dedicated", "x" + i, TaintEffect.NO_SCHEDULE)) : List.of(), i % 11 == 0));
        }
        for (int j = 1; j <= 40; j++) {
            cache.upsertJob(new JobSpec("ns" + j % 3, "job-" + j, "default", 1, Map.of(), null, null, "Inqueue", 0));
            for (int t = 0; t < 10; t++) {
                cache.upsertTask(TaskSpec.builder("ns" + j % 3, "job-" + j + "-task-" + t).job("job-" + j)
                        .request(Clusters.cpuMem(10L * j + t, Clusters.GI)).priority(j)
                        .labels(Map.of("app", "a" + j, "t", "t" + t)).critical(t == 3).build());
            }
        }
        cache.applyChanges();
        session.open();
        assertTrue(session.nodeTable().rows() > 300 && session.taskTable().rows() > 400
                && session.classTable().size() > 300, "the tables grew past their first columns: " + session.nodeTable().rows() + " "
                + session.taskTable().rows() + " " + session.classTable().size());
        sameAsTables(session);
    }

    private static void sameAsTables(Session s) {
        NodeTable nodeTable = s.nodeTable();
        Nodes nodes = s.nodes();
        int zone = s.symbolTable().intern("zone");
        for (int n = 0; n < nodeTable.rows(); n++) {
            assertEquals(nodeTable.live(n), nodes.live(n), "live " + n);
            assertEquals(nodeTable.name(n), nodes.name(n), "name " + n);
            for (int d = 0; d < nodeTable.dims(); d++) {
                assertEquals(nodeTable.allocatable(d, n), nodes.allocatable(d, n), "allocatable " + n);
            }
            assertEquals(nodeTable.label(n, zone), nodes.label(n, zone), "label " + n);
            Taint[] taints = nodeTable.taints(n) == null ? new Taint[0] : nodeTable.taints(n);
            assertEquals(taints.length, nodes.taintCount(n), "taints " + n);
            for (int i = 0; i < taints.length; i++) {
                assertEquals(taints[i], nodes.taint(n, i), "taint " + n);
            }
            assertEquals(nodeTable.unschedulable(n), nodes.unschedulable(n), "unschedulable " + n);
            assertEquals(nodeTable.rank(n), nodes.rank(n), "rank " + n);
            assertEquals(nodeTable.placementVersion(n), nodes.placementVersion(n), "placementVersion " + n);
        }
        TaskTable taskTable = s.taskTable();
        Tasks tasks = s.tasks();
        int app = s.symbolTable().intern("app");
        for (int t = 0; t < taskTable.rows(); t++) {
            assertEquals(taskTable.live(t), tasks.live(t), "live " + t);
            assertEquals(taskTable.has(t, TaskTable.CRITICAL), tasks.has(t, Tasks.CRITICAL), "critical " + t);
            assertEquals(taskTable.namespace(t), tasks.namespace(t), "namespace " + t);
            assertEquals(taskTable.job(t), tasks.job(t), "job " + t);
            assertEquals(taskTable.taskClass(t), tasks.taskClass(t), "class " + t);
            assertEquals(taskTable.priority(t), tasks.priority(t), "priority " + t);
            assertEquals(taskTable.label(t, app), tasks.label(t, app), "label " + t);
            int[] pairs = taskTable.labels(t);
            assertEquals(pairs.length / 2, tasks.labelCount(t), "label count " + t);
            for (int i = 0; i < pairs.length / 2; i++) {
                assertEquals(pairs[2 * i], tasks.labelKey(t, i), "label key " + t + "/" + i);
                assertEquals(pairs[2 * i + 1], tasks.labelValue(t, i), "label value " + t + "/" + i);
            }
        }
        TaskClasses classTable = s.classTable();
        Classes classes = s.classes();
        for (int c = 0; c < classTable.size(); c++) {
            for (int d = 0; d < classTable.request(c).length; d++) {
                assertEquals(classTable.request(c, d), classes.request(c, d), "request " + c);
                assertEquals(classTable.request(c, d), classes.request(c).get(d), "request view " + c);
            }
            assertEquals(classTable.request(c).length, classes.request(c).length(), "request length " + c);
            assertEquals(classTable.profile(c), classes.profile(c), "profile " + c);
            assertEquals(classTable.interPod(c), classes.interPod(c), "interPod " + c);
            assertEquals(classTable.bestEffort(c), classes.bestEffort(c), "bestEffort " + c);
        }
    }
}
