package dev.caldera.bench.fenzo;

import com.netflix.fenzo.ConstraintEvaluator;
import com.netflix.fenzo.TaskRequest;
import com.netflix.fenzo.VMTaskFitnessCalculator;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A Fenzo task request for a pod's cpu and memory; no constraints, ports, disk or network. */
final class FenzoTask implements TaskRequest {
    private final String id;
    private final String group;
    private final double cpus;
    private final double memoryMB;
    private AssignedResources assigned;

    FenzoTask(String id, String group, double cpus, double memoryMB) {
        this.id = id;
        this.group = group;
        this.cpus = cpus;
        this.memoryMB = memoryMB;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String taskGroupName() {
        return group;
    }

    @Override
    public double getCPUs() {
        return cpus;
    }

    @Override
    public double getMemory() {
        return memoryMB;
    }

    @Override
    public double getNetworkMbps() {
        return 0;
    }

    @Override
    public double getDisk() {
        return 0;
    }

    @Override
    public int getPorts() {
        return 0;
    }

    @Override
    public Map<String, Double> getScalarRequests() {
        return Collections.emptyMap();
    }

    @Override
    public Map<String, NamedResourceSetRequest> getCustomNamedResources() {
        return Collections.emptyMap();
    }

    @Override
    public List<? extends ConstraintEvaluator> getHardConstraints() {
        return Collections.emptyList();
    }

    @Override
    public List<? extends VMTaskFitnessCalculator> getSoftConstraints() {
        return Collections.emptyList();
    }

    @Override
    public void setAssignedResources(AssignedResources assignedResources) {
        assigned = assignedResources;
    }

    @Override
    public AssignedResources getAssignedResources() {
        return assigned;
    }
}
