package dev.caldera.k8s.convert.fields;

import java.util.List;

/** A node selector requirement: {@code key}, {@code operator}, {@code values}. */
public final class RequirementFields {
    public String key;
    public String operator;
    public List<String> values;
}
