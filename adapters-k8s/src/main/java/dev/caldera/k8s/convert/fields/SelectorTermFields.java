package dev.caldera.k8s.convert.fields;

import java.util.List;

/** A node selector term: {@code matchExpressions} and {@code matchFields}. */
public final class SelectorTermFields {
    public List<RequirementFields> matchExpressions;
    public List<RequirementFields> matchFields;
}
