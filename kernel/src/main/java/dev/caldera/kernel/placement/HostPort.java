package dev.caldera.kernel.placement;

/** A host port a container asks for: protocol (TCP/UDP/SCTP), port and host IP ("" or 0.0.0.0 means all). */
public record HostPort(String protocol, int port, String hostIp) {
    public HostPort {
        protocol = protocol == null || protocol.isEmpty() ? "TCP" : protocol;
        hostIp = hostIp == null || hostIp.isEmpty() ? "0.0.0.0" : hostIp;
    }

    /** Kubernetes' conflict rule: same protocol and port, and the IPs overlap (equal or one is a wildcard). */
    public boolean conflictsWith(HostPort other) {
        if (port != other.port || !protocol.equals(other.protocol)) {
            return false;
        }
        return hostIp.equals(other.hostIp) || "0.0.0.0".equals(hostIp) || "0.0.0.0".equals(other.hostIp);
    }
}
