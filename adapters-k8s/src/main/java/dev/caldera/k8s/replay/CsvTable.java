package dev.caldera.k8s.replay;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.caldera.k8s.manifest.ManifestException;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A CSV file with a header row, read whole with jackson-dataformat-csv's streaming parser, each row kept with its
 * line number so that every complaint names {@code file:line}. Columns are resolved by name once
 * ({@link #column}); typed reads check the value and say which column and why.
 * <p>
 * The streaming parser without a schema hands out each row as an array of strings: no {@code ObjectMapper}, whose
 * first use (its class initialization, the CSV mapper's set-up) took about 0.1 s of a replay's start before
 * the first row of a 1,213-row node list was read (async-profiler, C1, 2026-11-29).
 * <p>
 * Threading: one thread at a time; read whole before use.
 */
final class CsvTable {
    /** Creates parsers; thread-safe once configured (it is never configured again). */
    private static final CsvFactory CSV = new CsvFactory();

    private final String file;
    /** Column name to index; one map shared by a file's blocks ({@link #read(Path, List, int, Consumer)}). */
    private final Map<String, Integer> columns;
    /** The index in the file (rows counted from 0 past the header) of this table's first row. */
    private final int first;
    private final List<String[]> rows = new ArrayList<>();
    private int[] lines = new int[256];

    private CsvTable(String file, Map<String, Integer> columns, int first) {
        this.file = file;
        this.columns = columns;
        this.first = first;
    }

    /** Reads {@code path}; the first row names the columns, which must include {@code required}. */
    static CsvTable read(Path path, List<String> required) {
        CsvTable[] whole = new CsvTable[1];
        read(path, required, Integer.MAX_VALUE, t -> whole[0] = t);
        return whole[0];
    }

    /**
     * Reads {@code path} as {@link #read(Path, List)} does, handing its rows to {@code blocks} as they are read,
     * {@code size} rows at a time: each block a table over the same columns, its rows numbered from 0, {@link #first}
     * the index in the file of its first row. The last block holds 1 to {@code size} rows, none when the file has
     * none; the header's errors come before any block, a later row's (a broken quote) after the blocks before it.
     */
    static void read(Path path, List<String> required, int size, Consumer<CsvTable> blocks) {
        String file = path.toString();
        CsvTable t = null;
        // what Files.newBufferedReader(path, UTF_8) reads (the same decoder: malformed input is an error, a byte
        // order mark a character), without its buffer: the parser reads into its own, so a BufferedReader only
        // copied every character once more
        try (Reader in = new InputStreamReader(Files.newInputStream(path), StandardCharsets.UTF_8.newDecoder());
             CsvParser parser = CSV.createParser(in)) {
            // each row's cells go straight into the array it keeps, made of the header's width (the rows' usual):
            // a row of another width is copied to its own
            String[] cells = new String[16];
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                int line = parser.currentLocation().getLineNr();
                int n = 0;
                for (token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                    if (n == cells.length) {
                        cells = Arrays.copyOf(cells, Math.max(4, 2 * n));
                    }
                    cells[n++] = parser.getText();
                }
                String[] row;
                if (n == cells.length) {
                    row = cells;
                    cells = new String[n];
                } else {
                    row = Arrays.copyOf(cells, n);
                    if (t == null) {
                        cells = new String[n];
                    }
                }
                if (t == null) {
                    t = new CsvTable(file, header(file, row, line, required), 0);
                } else if (!(row.length == 1 && row[0].isBlank()) && row.length > 0) {
                    if (t.size() == size) {
                        blocks.accept(t);
                        t = new CsvTable(file, t.columns, t.first + size);
                    }
                    t.add(row, line);
                }
            }
            if (t == null) {
                throw new ManifestException(path + ": empty file, expected a header row naming the columns "
                        + String.join(",", required));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ManifestException m) {
                throw m;
            }
            throw new ManifestException(path + ": cannot read CSV: " + e.getMessage(), e);
        }
        blocks.accept(t);
    }

    private void add(String[] row, int line) {
        if (rows.size() == lines.length) {
            lines = Arrays.copyOf(lines, lines.length * 2);
        }
        lines[rows.size()] = line;
        rows.add(row);
    }

    /** The columns the header {@code row} names, checked to include {@code required}. */
    private static Map<String, Integer> header(String file, String[] row, int line, List<String> required) {
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < row.length; i++) {
            columns.put(row[i].trim(), i);
        }
        List<String> missing = new ArrayList<>();
        for (String c : required) {
            if (!columns.containsKey(c)) {
                missing.add(c);
            }
        }
        if (!missing.isEmpty()) {
            throw new ManifestException(file + ":" + line + ": header lacks column(s) " + String.join(", ", missing)
                    + " (required: " + String.join(",", required) + ")");
        }
        return columns;
    }

    int size() {
        return rows.size();
    }

    /** The index in the file of row 0 (0 but for the later blocks of {@link #read(Path, List, int, Consumer)}). */
    int first() {
        return first;
    }

    /** The index of {@code column}, or -1 when the header does not name it. */
    int column(String column) {
        return columns.getOrDefault(column, -1);
    }

    boolean has(String column) {
        return columns.containsKey(column);
    }

    /** {@code file:line} of row {@code r}. */
    String where(int r) {
        return file + ":" + lines[r];
    }

    /** The line number of row {@code r}. */
    int line(int r) {
        return lines[r];
    }

    /** The file's path as given. */
    String file() {
        return file;
    }

    /** The cell, trimmed; "" when the row is shorter or the column absent. */
    String text(int r, String column) {
        return text(r, column(column));
    }

    /** The cell of column index {@code c} ({@link #column}), trimmed; "" when the row is shorter or c is -1. */
    String text(int r, int c) {
        String[] row = rows.get(r);
        return c < 0 || c >= row.length ? "" : row[c].trim();
    }

    /** A required whole number of at least 0. */
    long count(int r, String column) {
        return count(r, column(column), column);
    }

    /** A required whole number of at least 0 in column index {@code c}, named {@code column} in complaints. */
    long count(int r, int c, String column) {
        String v = text(r, c);
        if (v.isEmpty()) {
            throw error(r, column, v, "is missing");
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw error(r, column, v, "must be a whole number");
        }
        if (n < 0) {
            throw error(r, column, v, "must not be negative");
        }
        return n;
    }

    /** An optional whole number of at least 0, or -1 when the cell is empty. */
    long optionalCount(int r, String column) {
        return optionalCount(r, column(column), column);
    }

    /** {@link #optionalCount(int, String)} by column index. */
    long optionalCount(int r, int c, String column) {
        return text(r, c).isEmpty() ? -1 : count(r, c, column);
    }

    ManifestException error(int r, String column, String value, String why) {
        return new ManifestException(where(r) + ": column " + column + " " + why + ", got '" + value + "'");
    }

    ManifestException error(int r, String why) {
        return new ManifestException(where(r) + ": " + why);
    }
}
