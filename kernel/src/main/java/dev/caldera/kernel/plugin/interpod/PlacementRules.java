package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.plugin.match.CompiledTolerations;
import dev.caldera.kernel.plugin.match.RequiredNodeAffinity;

/** The parts of a placement profile spread eligibility reads: required node affinity and tolerations. */
record PlacementRules(RequiredNodeAffinity nodeAffinity, CompiledTolerations tolerations) {
    static PlacementRules compile(PlacementSpec spec, Names symbols) {
        return new PlacementRules(RequiredNodeAffinity.compile(spec, symbols),
                CompiledTolerations.compile(spec.tolerations(), symbols));
    }
}
