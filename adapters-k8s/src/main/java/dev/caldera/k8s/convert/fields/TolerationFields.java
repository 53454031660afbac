package dev.caldera.k8s.convert.fields;

/** One {@code spec.tolerations[*]} entry. */
public final class TolerationFields {
    public String key;
    public String operator;
    public String value;
    public String effect;
}
