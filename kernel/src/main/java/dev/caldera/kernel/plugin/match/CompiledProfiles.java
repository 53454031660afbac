package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Profiles;

import java.util.Arrays;
import java.util.function.BiFunction;

/**
 * A plugin's compiled form of every interned spec (placement profiles, inter-pod profiles), by id. A spec is
 * compiled once and again only when its id was given to another spec ({@link SpecInterner#version}), so a
 * steady cluster compiles nothing per session.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread at session open (it interns symbols);
 * {@link #get} is a pure read, safe from filter workers. Cost of refresh: O(profile ids) version checks.
 *
 * @param <S> the spec type
 * @param <T> the plugin's compiled form
 */
public final class CompiledProfiles<S, T> {
    private final BiFunction<S, Names, T> compiler;
    private Object[] compiled = new Object[0];
    private int[] versions = new int[0];
    private Names symbols;

    public CompiledProfiles(BiFunction<S, Names, T> compiler) {
        this.compiler = compiler;
    }

    /** Compiles the profiles that are new or changed since the last refresh. */
    public void refresh(Profiles<S> profiles, Names table) {
        if (!table.sameTable(symbols)) {
            symbols = table;
            Arrays.fill(versions, 0);
        }
        int size = profiles.size();
        if (compiled.length < size) {
            compiled = Arrays.copyOf(compiled, Math.max(size, compiled.length * 2));
            versions = Arrays.copyOf(versions, compiled.length);
        }
        for (int id = 0; id < size; id++) {
            S spec = profiles.spec(id);
            if (spec == null) {
                compiled[id] = null;
                versions[id] = 0;
            } else if (versions[id] != profiles.version(id)) {
                compiled[id] = compiler.apply(spec, table);
                versions[id] = profiles.version(id);
            }
        }
    }

    /** The compiled form of profile {@code id}; valid for every profile in use since the last refresh. */
    @SuppressWarnings("unchecked")
    public T get(int id) {
        return (T) compiled[id];
    }
}
