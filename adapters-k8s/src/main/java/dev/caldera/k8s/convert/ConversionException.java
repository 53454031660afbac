package dev.caldera.k8s.convert;

/**
 * A Kubernetes object that cannot be turned into a kernel spec: names the object, the field and why, e.g.
 * {@code Pod ml/train-0: spec.containers[0].resources.requests.cpu: 'abc' is not a quantity}.
 */
public final class ConversionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConversionException(String object, String field, String why) {
        super(object + ": " + field + (why.startsWith("is required") ? " " : ": ") + why);
    }
}
