package dev.caldera.bench.fenzo;

import com.netflix.fenzo.SchedulingResult;
import com.netflix.fenzo.TaskRequest;
import com.netflix.fenzo.TaskScheduler;
import com.netflix.fenzo.VMAssignmentResult;
import com.netflix.fenzo.VirtualMachineLease;
import com.netflix.fenzo.plugins.BinPackingFitnessCalculators;
import dev.caldera.bench.workload.GeneratedCluster;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The same nodes and pending pods as a {@link GeneratedCluster}, in Fenzo's terms: one lease per node offering
 * what the running pods leave free (cpu in cores, memory in MB, exact conversions of Caldera's milli and bytes),
 * one task request per pending pod in generation order. Only for plain workloads (cpu and memory, no taints,
 * selectors or gangs), which both schedulers express identically.
 */
public final class FenzoWorkload {
    private static final double MB = 1 << 20;

    private final List<NodeSpec> nodes = new ArrayList<>();
    private final double[] freeCpuCores;
    private final double[] freeMemoryMB;
    private final List<TaskRequest> requests = new ArrayList<>();

    public FenzoWorkload(GeneratedCluster cluster) {
        Map<String, Integer> index = new HashMap<>();
        for (NodeSpec n : cluster.nodes()) {
            index.put(n.name(), nodes.size());
            nodes.add(n);
        }
        freeCpuCores = new double[nodes.size()];
        freeMemoryMB = new double[nodes.size()];
        long[] cpu = new long[nodes.size()];
        long[] memory = new long[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            cpu[i] = nodes.get(i).allocatable().amount("cpu");
            memory[i] = nodes.get(i).allocatable().amount("memory");
        }
        for (TaskSpec t : cluster.tasks()) {
            if (t.status() == TaskStatus.RUNNING) {
                int n = index.get(t.nodeName());
                cpu[n] -= t.request().amount("cpu");
                memory[n] -= t.request().amount("memory");
            } else if (t.status() == TaskStatus.PENDING) {
                requests.add(new FenzoTask(t.uid(), t.job(), t.request().amount("cpu") / 1000.0,
                        t.request().amount("memory") / MB));
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            freeCpuCores[i] = cpu[i] / 1000.0;
            freeMemoryMB[i] = memory[i] / MB;
        }
    }

    /** A new Fenzo scheduler with cpu and memory bin-packing fitness and Fenzo's other defaults. */
    public static TaskScheduler newScheduler() {
        return new TaskScheduler.Builder()
                .withFitnessCalculator(BinPackingFitnessCalculators.cpuMemBinPacker)
                .withLeaseRejectAction(lease -> { })
                .build();
    }

    /** Fresh leases (Fenzo consumes the ones it assigns from), offered now. */
    public List<VirtualMachineLease> leases() {
        long now = System.currentTimeMillis();
        List<VirtualMachineLease> leases = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            String host = nodes.get(i).name();
            leases.add(new FenzoLease(host + "-" + now, host, freeCpuCores[i], freeMemoryMB[i], now));
        }
        return leases;
    }

    public List<TaskRequest> requests() {
        return requests;
    }

    /** Forgets what an earlier run assigned to the requests. */
    public void resetRequests() {
        for (TaskRequest r : requests) {
            r.setAssignedResources(null);
        }
    }

    /** Tasks a scheduling run assigned. */
    public static int assigned(SchedulingResult result) {
        int n = 0;
        for (VMAssignmentResult r : result.getResultMap().values()) {
            n += r.getTasksAssigned().size();
        }
        return n;
    }
}
