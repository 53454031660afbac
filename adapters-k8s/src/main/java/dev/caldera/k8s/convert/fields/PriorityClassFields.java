package dev.caldera.k8s.convert.fields;

/** A PriorityClass as read. */
public final class PriorityClassFields {
    public final MetaFields meta = new MetaFields();
    public Integer value;
    public Boolean globalDefault;
}
