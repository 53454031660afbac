package dev.caldera.bench.fenzo;

import com.netflix.fenzo.VirtualMachineLease;
import org.apache.mesos.Protos;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A Fenzo resource offer for the free cpu and memory of one node; no ports, disk, network or attributes. Empty
 * maps are {@code Collections.emptyMap()}: Fenzo looks up null keys, which {@code Map.of()} refuses.
 */
final class FenzoLease implements VirtualMachineLease {
    private final String id;
    private final String host;
    private final double cpuCores;
    private final double memoryMB;
    private final long offeredMs;

    FenzoLease(String id, String host, double cpuCores, double memoryMB, long offeredMs) {
        this.id = id;
        this.host = host;
        this.cpuCores = cpuCores;
        this.memoryMB = memoryMB;
        this.offeredMs = offeredMs;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public long getOfferedTime() {
        return offeredMs;
    }

    @Override
    public String hostname() {
        return host;
    }

    @Override
    public String getVMID() {
        return host;
    }

    @Override
    public double cpuCores() {
        return cpuCores;
    }

    @Override
    public double memoryMB() {
        return memoryMB;
    }

    @Override
    public double networkMbps() {
        return 0;
    }

    @Override
    public double diskMB() {
        return 0;
    }

    @Override
    public List<Range> portRanges() {
        return Collections.emptyList();
    }

    @Override
    public Protos.Offer getOffer() {
        return null;
    }

    @Override
    public Map<String, Protos.Attribute> getAttributeMap() {
        return Collections.emptyMap();
    }

    @Override
    public Double getScalarValue(String name) {
        return null;
    }

    @Override
    public Map<String, Double> getScalarValues() {
        return Collections.emptyMap();
    }
}
