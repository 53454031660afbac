package dev.caldera.k8s.convert.fields;

import java.util.List;
import java.util.Map;

/** One container or init container: requests and limits as written ({@code 500m}), restart policy, ports. */
public final class ContainerFields {
    public Map<String, String> requests;
    public Map<String, String> limits;
    public String restartPolicy;
    public List<PortFields> ports;
}
