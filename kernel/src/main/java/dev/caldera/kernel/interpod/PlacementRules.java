package dev.caldera.kernel.interpod;

import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.match.CompiledTolerations;
import dev.caldera.kernel.placement.match.RequiredNodeAffinity;

/** The parts of a placement profile spread eligibility reads: required node affinity and tolerations. */
record PlacementRules(RequiredNodeAffinity nodeAffinity, CompiledTolerations tolerations) {
    static PlacementRules compile(PlacementSpec spec, Symbols symbols) {
        return new PlacementRules(RequiredNodeAffinity.compile(spec, symbols),
                CompiledTolerations.compile(spec.tolerations(), symbols));
    }
}
