package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.HostPort;

import java.util.Arrays;
import java.util.List;

/**
 * Host ports as single longs: host IP symbol in the high 32 bits, protocol code and port in the low 32
 * (kube sanitizes an empty IP to 0.0.0.0 and an empty protocol to TCP, as {@link HostPort} does). Ports
 * outside 1..65535 are dropped: kube ignores ports below 1 and the API server rejects the rest.
 */
final class PortKeys {
    static final String ALL_IPS = "0.0.0.0";
    private static final long[] NONE = new long[0];

    private PortKeys() {
    }

    static long[] compile(List<HostPort> ports, Names symbols) {
        if (ports.isEmpty()) {
            return NONE;
        }
        long[] keys = new long[ports.size()];
        int n = 0;
        for (HostPort p : ports) {
            if (p.port() >= 1 && p.port() <= 0xFFFF) {
                keys[n++] = key(symbols.intern(p.hostIp()), protocolCode(p.protocol()), p.port());
            }
        }
        return n == keys.length ? keys : Arrays.copyOf(keys, n);
    }

    static long key(int ipSymbol, int protocol, int port) {
        return ((long) ipSymbol << 32) | ((long) protocol << 16) | port;
    }

    static int ip(long key) {
        return (int) (key >>> 32);
    }

    /** Protocol and port: two keys with equal values name the same (protocol, port) pair. */
    static long protocolPort(long key) {
        return key & 0xFFFF_FFFFL;
    }

    /** TCP, UDP and SCTP are the protocols Kubernetes accepts; any other spelling shares one code. */
    private static int protocolCode(String protocol) {
        return switch (protocol) {
            case "TCP" -> 0;
            case "UDP" -> 1;
            case "SCTP" -> 2;
            default -> 3;
        };
    }
}
