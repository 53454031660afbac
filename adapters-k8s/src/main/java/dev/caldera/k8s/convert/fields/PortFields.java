package dev.caldera.k8s.convert.fields;

/** One {@code containers[*].ports[*]} entry: the host port part. */
public final class PortFields {
    public Integer hostPort;
    public String protocol;
    public String hostIP;
}
