package dev.caldera.kernel;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.dependencies.SliceRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The kernel's layers as docs/ARCHITECTURE.md draws them, checked on the compiled main classes: {@code util}
 * (plain data structures, which plugins may use too) &lt;- tables ({@code resource}, {@code cluster},
 * {@code placement}, {@code conf}, {@code order}, {@code bind}) &lt;- {@code topology} (the HyperNode tree and
 * its specs) &lt;- {@code cache} &lt;- {@code framework} &lt;- {@code session} (with the session's topology state) /
 * {@code statement} &lt;- {@code plugin.*} &lt;- {@code select} &lt;- {@code action.*} &lt;- {@code scheduler}.
 * No class may depend on a layer above its own, no two packages may depend on each other through any
 * chain, plugins see the framework, never the session's internals (and below the framework only the value types
 * {@link #API_VALUE_TYPES} lists), only the Statement moves tasks (so every move is in its undo log), and each
 * table's columns are written only by the owners {@link #WRITERS} names. No dependency is exempt.
 */
class KernelLayersTest {
    private static final String K = "dev.caldera.kernel.";
    private static final List<List<String>> LAYERS = List.of(
            List.of("util.."),
            List.of("resource..", "cluster..", "placement..", "conf..", "order..", "bind.."),
            List.of("topology.."),
            List.of("cache.."),
            List.of("framework.."),
            List.of("session..", "statement.."),
            List.of("plugin.."),
            List.of("select.."),
            List.of("action.."),
            List.of("scheduler.."));

    /** Session's task and node transitions: every one is recorded in the Statement's undo log. */
    private static final Set<String> TASK_MOVES =
            Set.of("allocate", "pipeline", "evict", "unplace", "unevict", "markBinding");

    private static JavaClasses kernel;

    @BeforeAll
    static void importKernel() {
        kernel = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.caldera.kernel");
    }

    @Test
    void noPackageCycles() {
        SliceRule rule = slices().matching("dev.caldera.kernel.(**)").should().beFreeOfCycles();
        rule.check(kernel);
    }

    @Test
    void noLayerDependsOnALayerAbove() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (int i = 0; i < LAYERS.size(); i++) {
            layers = layers.layer("L" + i).definedBy(packages(LAYERS.get(i)));
        }
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] above = new String[LAYERS.size() - 1 - i];
            for (int j = i + 1; j < LAYERS.size(); j++) {
                above[j - i - 1] = "L" + j;
            }
            layers = layers.whereLayer("L" + i).mayOnlyBeAccessedByLayers(above);
        }
        layers.check(kernel);
    }

    @Test
    void pluginsSeeTheFrameworkNotTheSession() {
        noClasses().that().resideInAPackage(K + "plugin..").should().dependOnClassesThat()
                .resideInAnyPackage(K + "session..", K + "statement..", K + "cache..", K + "select..",
                        K + "action..", K + "scheduler..")
                .check(kernel);
    }

    @Test
    void theFrameworkKnowsNoPluginAndNoSessionInternals() {
        noClasses().that().resideInAPackage(K + "framework..").should().dependOnClassesThat()
                .resideInAnyPackage(K + "plugin..", K + "session..", K + "statement..", K + "cache..",
                        K + "select..", K + "action..", K + "scheduler..")
                .check(kernel);
    }

    @Test
    void onlyTheStatementMovesTasks() {
        DescribedPredicate<JavaMethodCall> move = DescribedPredicate.describe("a task move on the Session",
                call -> call.getTargetOwner().getName().equals(K + "session.Session")
                        && TASK_MOVES.contains(call.getName()));
        noClasses().that().doNotHaveFullyQualifiedName(K + "statement.Statement")
                .and().doNotHaveFullyQualifiedName(K + "session.Session")
                .should().callMethodWhere(move)
                .check(kernel);
    }

    /**
     * Each table's writers: the void methods of a table (setters, adders, growth, clearing) are called only
     * from the table's own package and the classes listed, so a reader finds every write in those files.
     */
    private static final Map<String, Set<String>> WRITERS = Map.of(
            "cluster.TaskTable", Set.of("cache.TaskCache"),
            "cluster.NodeTable", Set.of("cache.NodeCache", "cache.ClusterCache"),
            "cluster.JobTable", Set.of("cache.JobCache"),
            "cluster.QueueTable", Set.of("cache.QueueCache"),
            "cluster.TaskClasses", Set.of("cache.TaskCache"),
            "cluster.TaskState", Set.of("cache.TaskCache", "session.Session"),
            "cluster.JobState", Set.of("cache.JobCache", "cache.TaskCache", "session.Session"),
            "cluster.JobRequests", Set.of("cache.ClusterCache"),
            "cluster.NodeUsage", Set.of("cache.NodeCache", "cache.TaskCache", "cache.ClusterCache", "session.Session"));

    @Test
    void eachTableIsWrittenByItsOwnersAlone() {
        StringBuilder violations = new StringBuilder();
        for (Map.Entry<String, Set<String>> e : WRITERS.entrySet()) {
            String table = K + e.getKey();
            String tablePackage = table.substring(0, table.lastIndexOf('.'));
            DescribedPredicate<JavaMethodCall> write = DescribedPredicate.describe("a write to " + e.getKey(),
                    call -> call.getTargetOwner().getName().equals(table)
                            && call.getTarget().getRawReturnType().getName().equals("void"));
            DescribedPredicate<JavaClass> owner = DescribedPredicate.describe("an owner of " + e.getKey(),
                    c -> c.getPackageName().equals(tablePackage)
                            || e.getValue().stream().anyMatch(w -> type(w).test(c)));
            try {
                noClasses().that(DescribedPredicate.not(owner)).should().callMethodWhere(write).check(kernel);
            } catch (AssertionError violation) {
                violations.append(violation.getMessage()).append('\n');
            }
        }
        if (!violations.isEmpty()) {
            throw new AssertionError(violations.toString());
        }
    }

    /** The framework face that holds each table's column arrays ({@code ...Column()} / {@code ...Columns()}). */
    private static final Map<String, String> FACES = Map.of(
            "cluster.NodeTable", "framework.Nodes",
            "cluster.TaskTable", "framework.Tasks",
            "cluster.TaskClasses", "framework.Classes");

    /**
     * A table's column arrays (its {@code ...Column()} and {@code ...Columns()} methods) are taken only by the
     * framework face over that table, which keeps them private behind element getters: no other class holds a
     * table's array, so none can write a column past {@link #eachTableIsWrittenByItsOwnersAlone}.
     */
    @Test
    void columnsAreReadByTheFacesAlone() {
        StringBuilder violations = new StringBuilder();
        for (Map.Entry<String, String> e : FACES.entrySet()) {
            String table = K + e.getKey();
            DescribedPredicate<JavaMethodCall> column = DescribedPredicate.describe("a column of " + e.getKey(),
                    call -> call.getTargetOwner().getName().equals(table)
                            && (call.getName().endsWith("Column") || call.getName().endsWith("Columns")));
            try {
                noClasses().that(DescribedPredicate.not(type(e.getValue()))).should().callMethodWhere(column)
                        .check(kernel);
            } catch (AssertionError violation) {
                violations.append(violation.getMessage()).append('\n');
            }
        }
        if (!violations.isEmpty()) {
            throw new AssertionError(violations.toString());
        }
    }

    /**
     * What plugins may take from below the framework, class by class; any other kernel class outside
     * {@code framework} and the plugin packages fails. Every entry is a value or a pure function:
     * <ul>
     *   <li>{@code TaskStatus}, {@code JobPhase}, {@code QueueState}: byte constants and pure predicates, the
     *       vocabulary of {@link dev.caldera.kernel.framework.SessionView}'s getters;</li>
     *   <li>{@code LabelPairs}: pure lookups over the (key, value) label arrays the matchers walk;</li>
     *   <li>{@code conf.Arguments}, {@code ConfException}, {@code PluginFlag}, {@code PluginOption}: a plugin's
     *       configuration as parsed from scheduler.conf (immutable once built);</li>
     *   <li>the {@code placement} records and enums: the specs a plugin compiles (immutable records);</li>
     *   <li>{@code ResourceList}: an immutable name -> quantity list;</li>
     *   <li>the dimension registry is not among them: plugins read it through {@code framework.Dimensions}
     *       (count, name, find; no {@code register}) and classify it with their own
     *       {@code framework.VolcanoDimensions}.</li>
     * </ul>
     */
    private static final Set<String> API_VALUE_TYPES = Set.of(
            "cluster.TaskStatus", "cluster.JobPhase", "cluster.QueueState", "cluster.LabelPairs",
            "conf.Arguments", "conf.ConfException", "conf.PluginFlag", "conf.PluginOption",
            "placement.HostPort", "placement.PlacementSpec", "placement.InterPodSpec",
            "placement.PreferredTerm", "placement.SelectorOperator", "placement.SelectorRequirement",
            "placement.SelectorTerm", "placement.Taint", "placement.TaintEffect", "placement.Toleration",
            "placement.LabelOperator", "placement.LabelRequirement", "placement.LabelSelector",
            "placement.PodAffinityTerm", "placement.SpreadConstraint", "placement.WeightedPodAffinityTerm",
            "resource.ResourceList");

    /**
     * The dimension registry is grown only by the cache ({@code register}, when a node or a request names a new
     * resource): every other class only reads it (plugins through {@code framework.Dimensions}, which has no
     * {@code register}).
     */
    @Test
    void theDimensionRegistryIsGrownByTheCacheAlone() {
        DescribedPredicate<JavaMethodCall> register = DescribedPredicate.describe("ResourceDimensions.register",
                call -> call.getTargetOwner().getName().equals(K + "resource.ResourceDimensions")
                        && call.getName().equals("register"));
        noClasses().that().resideOutsideOfPackages(K + "cache..", K + "resource..")
                .should().callMethodWhere(register)
                .check(kernel);
    }

    @Test
    void pluginsDependOnTheFrameworkAndListedValueTypesAlone() {
        DescribedPredicate<JavaClass> outsideTheApi = DescribedPredicate.describe(
                "kernel classes outside framework, plugin and util, not listed in API_VALUE_TYPES",
                c -> c.getName().startsWith(K) && !c.getPackageName().startsWith(K + "framework")
                        && !c.getPackageName().startsWith(K + "plugin") && !c.getPackageName().equals(K + "util")
                        && API_VALUE_TYPES.stream().noneMatch(l -> type(l).test(c)));
        noClasses().that().resideInAPackage(K + "plugin..").should().dependOnClassesThat(outsideTheApi)
                .check(kernel);
    }

    /**
     * Plugins' tests see what plugins see: the framework, the plugin packages, {@code util} and the value types
     * {@link #API_VALUE_TYPES} lists, plus the test fixtures of {@code testing} ({@code PluginCluster} builds the
     * cluster from values, opens sessions as {@code SessionView}s, moves tasks through {@code Moves} and runs
     * cycles through {@code PluginRun}), which keep the cache, the session, the statement, the scheduler and the
     * cluster tables behind them. No plugin test is exempt; a test of how an action or the session uses the
     * plugins belongs to that package's tests.
     */
    @Test
    void pluginTestsSeeTheFrameworkAlone() {
        JavaClasses tests = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages(K + "plugin");
        DescribedPredicate<JavaClass> outsideTheApi = DescribedPredicate.describe(
                "kernel classes outside framework, plugin, util and testing, not listed in API_VALUE_TYPES",
                c -> c.getName().startsWith(K) && !c.getPackageName().startsWith(K + "framework")
                        && !c.getPackageName().startsWith(K + "plugin") && !c.getPackageName().equals(K + "util")
                        && !c.getPackageName().equals(K + "testing")
                        && API_VALUE_TYPES.stream().noneMatch(l -> type(l).test(c)));
        noClasses().should().dependOnClassesThat(outsideTheApi).check(tests);
    }

    /**
     * No class of the kernel exposes instance state as a public field (records aside): state is private to its
     * owner and read through methods, so a reader finds every write in the owner's file. No class is exempt.
     */
    @Test
    void noPublicMutableField() {
        fields().that().areNotStatic()
                .and().areDeclaredInClassesThat().areNotRecords()
                .should().notBePublic()
                .check(kernel);
    }

    private static String[] packages(List<String> layer) {
        return layer.stream().map(p -> K + p).toArray(String[]::new);
    }

    /** The kernel class {@code simpleName} (package-relative, e.g. {@code cache.ClusterCache}) or one nested in it. */
    private static DescribedPredicate<JavaClass> type(String relativeName) {
        String name = K + relativeName;
        return DescribedPredicate.describe(relativeName,
                c -> c.getName().equals(name) || c.getName().startsWith(name + "$"));
    }
}
