package dev.caldera.k8s.convert.fields;

/** One {@code metadata.ownerReferences[*]} entry. */
public final class OwnerFields {
    public String apiVersion;
    public String kind;
    public String name;
    public Boolean controller;
}
