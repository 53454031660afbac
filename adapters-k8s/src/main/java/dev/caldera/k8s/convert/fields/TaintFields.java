package dev.caldera.k8s.convert.fields;

/** One {@code spec.taints[*]} entry of a Node. */
public final class TaintFields {
    public String key;
    public String value;
    public String effect;
}
