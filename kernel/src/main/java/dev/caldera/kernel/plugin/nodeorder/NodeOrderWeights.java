package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.PluginArguments;

/**
 * The {@code <scorer>.weight} arguments of current Volcano's nodeorder plugin with its defaults: leastrequested
 * 1, mostrequested 0, balancedresource 1, nodeaffinity 2, podaffinity 2, tainttoleration 3, imagelocality 1,
 * podtopologyspread 2. A weight of 0 switches its scorer off, as in Volcano. {@code selectorspread.weight} and
 * {@code volumebinding.weight} (v1.7's scorers, which current Volcano no longer has) are read and add nothing. As in current Volcano ({@code plugins/nodeorder/nodeorder.go}, {@code calculateWeight}, which reads
 * each with {@code GetInt}), a weight that is not a YAML integer is ignored with a warning and a negative
 * weight is multiplied in as it is.
 */
record NodeOrderWeights(int leastRequested, int mostRequested, int balancedResource, int nodeAffinity,
                        int podAffinity, int taintToleration, int imageLocality, int podTopologySpread,
                        int selectorSpread, int volumeBinding) {

    static NodeOrderWeights from(PluginArguments args) {
        return new NodeOrderWeights(
                args.weight("leastrequested.weight", 1),
                args.weight("mostrequested.weight", 0),
                args.weight("balancedresource.weight", 1),
                args.weight("nodeaffinity.weight", 2),
                args.weight("podaffinity.weight", 2),
                args.weight("tainttoleration.weight", 3),
                args.weight("imagelocality.weight", 1),
                args.weight("podtopologyspread.weight", 2),
                args.weight("selectorspread.weight", 0),
                args.weight("volumebinding.weight", 1));
    }

    /** Whether a scorer needs the requested totals of the pods on each node. */
    boolean needsNodeRequests() {
        return leastRequested != 0 || mostRequested != 0 || balancedResource != 0;
    }

    /** Whether the node-local sum can be anything but 0 (image locality and volume binding add 0). */
    boolean anyLocal() {
        return needsNodeRequests();
    }

    /** Whether the batch sum of {@link BatchScores} can be anything but 0. */
    boolean anyBatch() {
        return taintToleration != 0 || podAffinity != 0 || podTopologySpread != 0;
    }
}
