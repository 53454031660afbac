package dev.caldera.kernel.placement;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The interner's ids, with the ids it remembers per spec object, are a plain value-keyed interner's: random
 * acquires and releases of specs that are equal but distinct objects (and the same objects again, after their id
 * was freed and given to another spec) get the same ids, versions and specs as a model that looks every spec up
 * by value and reuses freed ids last freed first, a freed id's spec taking it back (same version) while no other
 * spec has taken it.
 */
class SpecInternerProperties {
    /** A value-typed spec; distinct objects of one value intern to one id. */
    record Spec(String value) {
    }

    static final class Interner extends SpecInterner<Spec> {
        Interner() {
            super(new Spec("none"));
        }
    }

    @Property(tries = 300)
    void idsAreThoseOfAPlainValueInterner(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                          @ForAll @IntRange(min = 1, max = 400) int operations) {
        SplittableRandom r = new SplittableRandom(seed);
        int values = 1 + r.nextInt(12);
        // a few objects per value, handed out again and again
        List<List<Spec>> objects = new ArrayList<>();
        for (int v = 0; v < values; v++) {
            List<Spec> same = new ArrayList<>();
            for (int k = 0, n = 1 + r.nextInt(3); k < n; k++) {
                same.add(new Spec(v == 0 ? "none" : "v" + v));
            }
            objects.add(same);
        }
        Interner interner = new Interner();
        Model model = new Model();
        List<Integer> held = new ArrayList<>();
        for (int i = 0; i < operations; i++) {
            if (held.isEmpty() || r.nextInt(5) < 3) {
                List<Spec> same = objects.get(r.nextInt(values));
                Spec spec = same.get(r.nextInt(same.size()));
                int id = interner.acquire(spec);
                assertThat(id).as("acquire %s at step %d", spec, i).isEqualTo(model.acquire(spec));
                assertThat(interner.spec(id)).isEqualTo(spec);
                held.add(id);
            } else {
                int id = held.remove(r.nextInt(held.size()));
                interner.release(id);
                model.release(id);
            }
            for (int id = 0; id < interner.size(); id++) {
                assertThat(interner.version(id)).as("version of id %d at step %d", id, i).isEqualTo(model.version(id));
                assertThat(interner.spec(id)).as("spec of id %d at step %d", id, i).isEqualTo(model.spec(id));
            }
            assertThat(interner.liveOthers()).as("live ids at step %d", i).isEqualTo(model.liveOthers());
        }
    }

    /**
     * The definition: ids by value, reference counted, freed ids reused last freed first, id 0 never freed; a freed
     * id's spec acquired again while the id is still free takes it back, version unchanged.
     */
    private static final class Model {
        private final Map<Spec, Integer> ids = new HashMap<>();
        private final Map<Integer, Spec> freed = new HashMap<>();
        private final List<Spec> specs = new ArrayList<>();
        private final List<Integer> refs = new ArrayList<>();
        private final List<Integer> versions = new ArrayList<>();
        private final List<Integer> free = new ArrayList<>();

        Model() {
            acquire(new Spec("none"));
        }

        int acquire(Spec spec) {
            Integer id = ids.get(spec);
            if (id != null && refs.get(id) == 0 && id != 0) {
                free.remove(id);
                specs.set(id, freed.remove(id));
            } else if (id == null) {
                id = free.isEmpty() ? specs.size() : free.remove(free.size() - 1);
                if (id == specs.size()) {
                    specs.add(null);
                    refs.add(0);
                    versions.add(0);
                } else {
                    ids.remove(freed.remove(id));
                }
                specs.set(id, spec);
                versions.set(id, versions.get(id) + 1);
                ids.put(spec, id);
            }
            refs.set(id, refs.get(id) + 1);
            return id;
        }

        void release(int id) {
            refs.set(id, refs.get(id) - 1);
            if (refs.get(id) == 0 && id != 0) {
                freed.put(id, specs.get(id));
                specs.set(id, null);
                free.add(id);
            }
        }

        Spec spec(int id) {
            return id < specs.size() ? specs.get(id) : null;
        }

        int liveOthers() {
            int live = 0;
            for (int id = 1; id < refs.size(); id++) {
                live += refs.get(id) > 0 ? 1 : 0;
            }
            return live;
        }

        int version(int id) {
            return id < versions.size() ? versions.get(id) : 0;
        }
    }
}
