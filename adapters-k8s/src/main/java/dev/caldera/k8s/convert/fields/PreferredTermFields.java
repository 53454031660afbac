package dev.caldera.k8s.convert.fields;

/** A preferred scheduling term: {@code weight} and {@code preference}. */
public final class PreferredTermFields {
    public Integer weight;
    public SelectorTermFields preference;
}
