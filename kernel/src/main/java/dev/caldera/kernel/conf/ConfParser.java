package dev.caldera.kernel.conf;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads volcano-scheduler.conf text into a {@link SchedulerConf}, accepting every form real Volcano
 * configurations take: {@code actions} as a comma-separated string (or, a Caldera extension, a YAML list);
 * plugin entries with {@code name}, any enable-flag spelling a Volcano release has used, and
 * {@code arguments} of any scalar or nested type; per-action {@code configurations}.
 * <p>
 * As in Volcano: absent {@code tiers}, {@code plugins}, {@code arguments} and {@code configurations} mean
 * none; an unset flag takes its default; unknown keys are ignored (here with a warning); a configuration
 * without actions is rejected (Volcano fails to find action "" and keeps its previous configuration);
 * drf with {@code enableHierarchy: true} next to proportion in one tier is rejected. Action and plugin names
 * are not checked here: see {@link ConfValidator}.
 * <p>
 * Errors are {@link ConfException}s naming the source, the key path and the line and column. Warnings go
 * to a sink, by default one WARN log line each.
 * <p>
 * Threading: stateless statics, any thread. Cost: linear in the text; runs at start-up and on reload, never
 * inside a scheduling cycle.
 */
public final class ConfParser {
    private static final Logger LOG = LoggerFactory.getLogger(ConfParser.class);
    private static final Set<String> TOP_LEVEL_KEYS = Set.of("actions", "tiers", "configurations", "metrics");
    /** The largest configuration read: a ConfigMap holds at most 1 MiB. */
    public static final int MAX_BYTES = 1 << 20;

    /** The default warning sink: one WARN log line per warning. */
    public static final Consumer<String> LOG_WARNINGS = LOG::warn;

    private final String source;
    private final Consumer<String> warnings;

    private ConfParser(String source, Consumer<String> warnings) {
        this.source = source;
        this.warnings = warnings;
    }

    /** Parses {@code text}; {@code sourceName} (usually the file) prefixes every message. */
    public static SchedulerConf parse(String text, String sourceName) {
        return parse(text, sourceName, LOG_WARNINGS);
    }

    /** Parses {@code text}, sending warnings to {@code warnings} instead of the log. */
    public static SchedulerConf parse(String text, String sourceName, Consumer<String> warnings) {
        return new ConfParser(sourceName, warnings).read(compose(text, sourceName, warnings));
    }

    /** Reads and parses a UTF-8 file. */
    public static SchedulerConf load(Path path) {
        return load(path, LOG_WARNINGS);
    }

    public static SchedulerConf load(Path path, Consumer<String> warnings) {
        String source = path.toString();
        return parse(decode(read(path), source), source, warnings);
    }

    /**
     * The bytes of a configuration file, at most {@link #MAX_BYTES}: Volcano reads its configuration from a
     * ConfigMap, which Kubernetes limits to 1 MiB, so a larger file is a mistake and is refused unread.
     */
    public static byte[] read(Path path) {
        String source = path.toString();
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new ConfException(source + ": larger than 1 MiB, refused (Volcano reads its configuration from"
                        + " a ConfigMap, which Kubernetes limits to 1 MiB)");
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new ConfException(source + ": no such file");
        } catch (IOException e) {
            throw new ConfException(source + ": cannot read: " + reason(e), e);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Strict UTF-8: a file in another encoding is an error, not silently mangled names. */
    static String decode(byte[] bytes, String source) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ConfException(source + ": not valid UTF-8 text", e);
        }
    }

    /**
     * The first YAML document, as Volcano's decoder reads only the first; a further document is ignored with a
     * warning (and not even parsed, as in Volcano).
     */
    private static Node compose(String text, String source, Consumer<String> warnings) {
        LoaderOptions options = new LoaderOptions();
        options.setMergeOnCompose(true);
        options.setCodePointLimit(MAX_BYTES);
        try {
            Iterator<Node> documents = new Yaml(options).composeAll(new StringReader(text)).iterator();
            Node first = documents.hasNext() ? documents.next() : null;
            if (moreDocuments(documents)) {
                warnings.accept(source + ": only the first YAML document is read, as Volcano reads only the first;"
                        + " the rest of the file is ignored");
            }
            return first;
        } catch (MarkedYAMLException e) {
            throw syntaxError(source, e);
        } catch (YAMLException e) {
            throw new ConfException(source + ": invalid YAML: " + oneLine(e.getMessage()), e);
        }
    }

    private static boolean moreDocuments(Iterator<Node> documents) {
        try {
            return documents.hasNext();
        } catch (YAMLException e) {
            return true; // a broken second document: Volcano never looks at it either
        }
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private static ConfException syntaxError(String source, MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        String problem = oneLine(e.getProblem() != null ? e.getProblem() : e.getMessage());
        String where = mark == null ? "" : " at " + position(mark);
        return new ConfException(source + ": YAML syntax error" + where + ": " + problem + context(e), e);
    }

    /** "(while parsing a flow sequence that starts at line 4, column 11)": where the broken construct began. */
    private static String context(MarkedYAMLException e) {
        if (e.getContext() == null) {
            return "";
        }
        Mark from = e.getContextMark();
        Mark problem = e.getProblemMark();
        boolean elsewhere = from != null && problem != null && from.getIndex() != problem.getIndex();
        return " (" + oneLine(e.getContext()) + (elsewhere ? " that starts at " + position(from) : "") + ")";
    }

    private static String position(Mark mark) {
        return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }

    private SchedulerConf read(Node root) {
        ConfNode top = new ConfNode(source, "", root);
        if (root == null || top.isNull()) {
            throw new ConfException(source + ": the configuration is empty; it needs at least 'actions'"
                    + " (Volcano rejects an empty configuration and keeps the one it had)");
        }
        Map<String, ConfNode> keys = top.mapping("a mapping with 'actions', 'tiers' and 'configurations'", warnings);
        warnAboutTopLevel(keys);
        Actions actions = actions(keys.get("actions"));
        List<Tier> tiers = tiers(keys.get("tiers"));
        Map<String, Arguments> configurations = configurations(keys.get("configurations"), actions.names());
        return new SchedulerConf(actions.names(), tiers, configurations, actions.origins());
    }

    private void warnAboutTopLevel(Map<String, ConfNode> keys) {
        for (Map.Entry<String, ConfNode> e : keys.entrySet()) {
            if (e.getKey().equals("metrics")) {
                warnings.accept(e.getValue().at() + ": Volcano's metrics settings are not used by Caldera; ignored"
                        + e.getValue().where());
            } else if (!TOP_LEVEL_KEYS.contains(e.getKey())) {
                warnings.accept(e.getValue().at() + ": unknown top-level key ignored"
                        + " (known: actions, tiers, configurations)" + e.getValue().where());
            }
        }
    }

    // ---- actions

    /** Action names with where each was written. */
    private record Actions(List<String> names, List<Origin> origins) {
        Actions() {
            this(new ArrayList<>(), new ArrayList<>());
        }

        void add(String name, Origin origin) {
            names.add(name);
            origins.add(origin);
        }
    }

    private Actions actions(ConfNode node) {
        if (node == null || node.isNull()) {
            throw new ConfException(source + ": 'actions' is missing, e.g. actions: \"enqueue, allocate, backfill\""
                    + " (Volcano rejects a configuration without actions)");
        }
        Actions actions = node.node instanceof SequenceNode ? listedActions(node) : commaSeparatedActions(node);
        if (actions.names().isEmpty()) {
            throw node.error("no actions given");
        }
        return actions;
    }

    private static Actions commaSeparatedActions(ConfNode node) {
        String text = node.scalar("a comma-separated string such as \"enqueue, allocate, backfill\", or a list");
        Actions actions = new Actions();
        if (text.isBlank()) {
            return actions;
        }
        int from = 0;
        for (String part : text.split(",", -1)) {
            String name = part.strip();
            if (name.isEmpty()) {
                throw node.error("empty action name at position " + (actions.names().size() + 1) + " in \"" + text
                        + "\"");
            }
            actions.add(name, node.originOf(from + part.indexOf(name)));
            from += part.length() + 1;
        }
        return actions;
    }

    private static Actions listedActions(ConfNode node) {
        Actions actions = new Actions();
        for (ConfNode item : node.sequence("a list of action names")) {
            String name = item.scalar("an action name").strip();
            if (name.isEmpty()) {
                throw item.error("empty action name");
            }
            actions.add(name, item.origin());
        }
        return actions;
    }

    // ---- tiers and plugins

    private List<Tier> tiers(ConfNode node) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        List<Tier> tiers = new ArrayList<>();
        for (ConfNode t : node.sequence("a list of tiers, each '- plugins: [...]'")) {
            tiers.add(tier(t));
        }
        rejectCapacityWithProportion(tiers);
        return tiers;
    }

    private Tier tier(ConfNode node) {
        if (node.isNull()) {
            return new Tier(List.of());
        }
        Map<String, ConfNode> keys = node.mapping("a tier: a mapping with 'plugins'", warnings);
        warnUnknownKeys(keys, Set.of("plugins"), "");
        ConfNode pluginList = keys.get("plugins");
        List<PluginOption> plugins = new ArrayList<>();
        if (pluginList != null && !pluginList.isNull()) {
            for (ConfNode p : pluginList.sequence("a list of plugin entries, each '- name: ...'")) {
                plugins.add(plugin(p));
            }
        }
        rejectHierarchicalDrfWithProportion(node, plugins);
        return new Tier(plugins);
    }

    private PluginOption plugin(ConfNode node) {
        Map<String, ConfNode> keys = node.mapping("a plugin entry such as '- name: gang'", warnings);
        String name = requiredName(node, keys, "plugin");
        EnumMap<PluginFlag, Boolean> flags = new EnumMap<>(PluginFlag.class);
        Arguments arguments = Arguments.NONE;
        for (Map.Entry<String, ConfNode> e : keys.entrySet()) {
            switch (e.getKey()) {
                case "name" -> { }
                case "arguments" -> arguments = arguments(e.getValue(), "plugin '" + name + "'");
                default -> flag(e.getKey(), e.getValue(), name, flags);
            }
        }
        return new PluginOption(name, flags, arguments, node.origin());
    }

    private void flag(String key, ConfNode value, String plugin, Map<PluginFlag, Boolean> flags) {
        PluginFlag flag = PluginFlag.byKey(key);
        IgnoredFlag ignored = flag == null ? IgnoredFlag.byKey(key) : null;
        if (flag == null && ignored == null) {
            warnings.accept(value.at() + " (plugin '" + plugin + "'): unknown key ignored, as Volcano does"
                    + FlagSpelling.suggestion(key) + value.where());
            return;
        }
        if (value.isNull()) {
            return; // `enableX:` with no value is unset in Volcano too
        }
        boolean enabled = value.bool();
        if (flag != null) {
            flags.put(flag, enabled);
        } else if (enabled) {
            warnings.accept(value.at() + " (plugin '" + plugin + "'): " + key + ": true ignored; Caldera does not"
                    + " implement " + ignored.feature());
        } else {
            LOG.debug("{} (plugin '{}'): {}: false is honoured trivially; Caldera has no {}",
                    value.at(), plugin, key, ignored.feature());
        }
    }

    /** Volcano refuses drf's hierarchical mode next to proportion in one tier: both would own queue shares. */
    private static void rejectHierarchicalDrfWithProportion(ConfNode tier, List<PluginOption> plugins) {
        boolean hierarchicalDrf = false;
        boolean proportion = false;
        for (PluginOption p : plugins) {
            hierarchicalDrf |= p.name().equals("drf") && Boolean.TRUE.equals(p.flags().get(PluginFlag.HIERARCHY));
            proportion |= p.name().equals("proportion");
        }
        if (hierarchicalDrf && proportion) {
            throw tier.error("drf with enableHierarchy: true and proportion conflict in one tier"
                    + " (Volcano rejects this too); use one of them");
        }
    }

    /**
     * capacity and proportion both divide the cluster among queues; Volcano's documentation says they cannot be
     * used together (its scheduler would load both and let their answers mix), so a conf with both is refused.
     */
    private static void rejectCapacityWithProportion(List<Tier> tiers) {
        PluginOption capacity = null;
        PluginOption proportion = null;
        for (Tier t : tiers) {
            for (PluginOption p : t.plugins()) {
                capacity = capacity == null && p.name().equals("capacity") ? p : capacity;
                proportion = proportion == null && p.name().equals("proportion") ? p : proportion;
            }
        }
        if (capacity != null && proportion != null) {
            throw capacity.origin().error("capacity and proportion both divide the cluster among queues and"
                    + " cannot be used together (Volcano's capacity plugin guide); remove proportion (at "
                    + proportion.origin().at() + proportion.origin().where() + ")");
        }
    }

    // ---- configurations

    private Map<String, Arguments> configurations(ConfNode node, List<String> actions) {
        if (node == null || node.isNull()) {
            return Map.of();
        }
        Map<String, Arguments> byAction = new LinkedHashMap<>();
        for (ConfNode c : node.sequence("a list of action configurations, each '- name: <action>'")) {
            Map<String, ConfNode> keys = c.mapping("an action configuration such as '- name: allocate'", warnings);
            String name = requiredName(c, keys, "action");
            warnUnknownKeys(keys, Set.of("name", "arguments"), " (action '" + name + "')");
            ConfNode args = keys.get("arguments");
            String label = c.at() + " (action '" + name + "')";
            Arguments arguments = args == null ? Arguments.NONE : arguments(args, "action '" + name + "'");
            if (byAction.containsKey(name)) {
                warnings.accept(label + ": a second configuration for this action is ignored; Volcano uses the first");
                continue;
            }
            if (!actions.contains(name)) {
                warnings.accept(label + ": configures an action that is not in 'actions'; it has no effect");
            }
            byAction.put(name, arguments);
        }
        return byAction;
    }

    // ---- shared

    private Arguments arguments(ConfNode node, String owner) {
        if (node.isNull()) {
            return Arguments.NONE;
        }
        Map<String, ConfNode> entries = node.mapping("a mapping of argument names to values", warnings);
        if (entries.isEmpty()) {
            return Arguments.NONE;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Origin> origins = new LinkedHashMap<>();
        for (Map.Entry<String, ConfNode> e : entries.entrySet()) {
            values.put(e.getKey(), ArgumentValues.of(e.getValue()));
            origins.put(e.getKey(), e.getValue().origin());
        }
        return new Arguments(owner, values, origins, warnings);
    }

    private static String requiredName(ConfNode node, Map<String, ConfNode> keys, String what) {
        ConfNode name = keys.get("name");
        if (name == null || name.isNull()) {
            throw node.error("the " + what + " entry has no 'name'");
        }
        String text = name.scalar("a " + what + " name");
        if (text.isBlank()) {
            throw name.error("empty " + what + " name");
        }
        return text;
    }

    private void warnUnknownKeys(Map<String, ConfNode> keys, Set<String> known, String label) {
        for (Map.Entry<String, ConfNode> e : keys.entrySet()) {
            if (!known.contains(e.getKey())) {
                warnings.accept(e.getValue().at() + label + ": unknown key ignored (known: "
                        + String.join(", ", known.stream().sorted().toList()) + ")" + e.getValue().where());
            }
        }
    }
}
