package dev.caldera.k8s.replay;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.caldera.k8s.manifest.ManifestException;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A CSV file with a header row, read whole, each row kept with its line number so that every complaint names
 * {@code file:line}. Columns are resolved by name once ({@link #column}); typed reads check the value and say
 * which column and why.
 * <p>
 * A file of ASCII without a quote (the openb lists, and every list a script writes without quoting) is cut at
 * commas and line ends ({@code \n}, {@code \r\n}, {@code \r}) straight from its bytes: a cell is kept as where it
 * starts and ends, a number is read from those bytes, and only the cells read as text become strings. Any other
 * file (quoted cells, which may hold commas and line breaks, or another encoding) is read by
 * jackson-dataformat-csv's streaming parser, each row as an array of strings; the two give the same rows on the
 * same lines (CsvTableProperties). The cut from bytes made the long chained openb list (106,912 rows, 8.7 MB)
 * ready in a third of the CPU time the parser took with its strings (async-profiler, C1, 2026-11-29).
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
    /** The longest run of digits read from bytes: more might not fit a long, and go through {@link Long#parseLong}. */
    private static final int MAX_DIGITS = 18;

    private final String file;
    private final Map<String, Integer> columns = new HashMap<>();
    /** Rows as strings (the parser's), or null when the rows are cells of {@link #bytes}. */
    private final List<String[]> rows;
    /** The file (cut from bytes), else null. */
    private final byte[] bytes;
    /** Cut from bytes: row r's cells are cells {@code firstCell[r]} to {@code firstCell[r + 1] - 1}. */
    private int[] firstCell;
    private int[] cellFrom;
    private int[] cellTo;
    private int cells;
    private int[] lines = new int[256];
    private int size;

    private CsvTable(String file, byte[] bytes) {
        this.file = file;
        this.bytes = bytes;
        this.rows = bytes == null ? new ArrayList<>() : null;
        if (bytes != null) {
            firstCell = new int[256];
            cellFrom = new int[1024];
            cellTo = new int[1024];
        }
    }

    /** Reads {@code path}; the first row names the columns, which must include {@code required}. */
    static CsvTable read(Path path, List<String> required) {
        byte[] b;
        try {
            b = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new ManifestException(path + ": cannot read CSV: " + e.getMessage(), e);
        }
        CsvTable plain = new CsvTable(path.toString(), b);
        return plain.cut(required) ? plain : parsed(path, required);
    }

    /** Reads {@code path} with the streaming parser, whatever it holds. */
    static CsvTable parsed(Path path, List<String> required) {
        CsvTable t = new CsvTable(path.toString(), null);
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
             CsvParser parser = CSV.createParser(in)) {
            boolean header = true;
            List<String> cells = new ArrayList<>();
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                int line = parser.currentLocation().getLineNr();
                cells.clear();
                for (token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                    cells.add(parser.getText());
                }
                String[] row = cells.toArray(new String[0]);
                if (header) {
                    t.header(row, line, required);
                    header = false;
                } else if (!(row.length == 1 && row[0].isBlank()) && row.length > 0) {
                    t.add(row, line);
                }
            }
            if (header) {
                throw t.empty(required);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ManifestException m) {
                throw m;
            }
            throw new ManifestException(path + ": cannot read CSV: " + e.getMessage(), e);
        }
        return t;
    }

    private ManifestException empty(List<String> required) {
        return new ManifestException(file + ": empty file, expected a header row naming the columns "
                + String.join(",", required));
    }

    /**
     * Cuts {@link #bytes} into rows and cells; false (and nothing kept) at the first quote or non-ASCII byte, which
     * only the parser reads right.
     */
    private boolean cut(List<String> required) {
        byte[] b = bytes;
        int n = b.length;
        int pos = 0;
        int line = 1;
        boolean header = true;
        while (pos < n) {
            int rowLine = line;
            int first = cells;
            while (true) {
                int end = pos;
                byte x = 0;
                while (end < n) {
                    x = b[end];
                    if (x == ',' || x == '\n' || x == '\r') {
                        break;
                    }
                    if (x == '"' || x < 0) {
                        return false;
                    }
                    end++;
                }
                cell(pos, end);
                pos = end + 1;
                if (end == n || x != ',') {
                    if (x == '\r' && pos < n && b[pos] == '\n') {
                        pos++;
                    }
                    line++;
                    break;
                }
            }
            if (header) {
                String[] names = strings(first, cells);
                cells = first;
                header(names, rowLine, required);
                header = false;
            } else if (blankRow(first)) {
                cells = first;
            } else {
                row(first, rowLine);
            }
        }
        if (header) {
            throw empty(required);
        }
        return true;
    }
    private void add(String[] row, int line) {
        keepLine(line);
        rows.add(row);
        size++;
    }

    private void keepLine(int line) {
        if (size == lines.length) {
            lines = Arrays.copyOf(lines, lines.length * 2);
        }
        lines[size] = line;
    }

    private void cell(int from, int to) {
        if (cells == cellFrom.length) {
            cellFrom = Arrays.copyOf(cellFrom, cells * 2);
            cellTo = Arrays.copyOf(cellTo, cells * 2);
        }
        cellFrom[cells] = from;
        cellTo[cells++] = to;
    }

    /** The cells from {@code first} on make row {@link #size}. */
    private void row(int first, int line) {
        keepLine(line);
        if (size + 2 > firstCell.length) {
            firstCell = Arrays.copyOf(firstCell, firstCell.length * 2);
        }
        firstCell[size++] = first;
        firstCell[size] = cells;
    }

    /** A row of one blank cell (a blank line), which the parser's rows skip too. */
    private boolean blankRow(int first) {
        return cells - first == 1 && string(first).isBlank();
    }

    private String[] strings(int from, int to) {
        String[] out = new String[to - from];
        for (int k = from; k < to; k++) {
            out[k - from] = string(k);
        }
        return out;
    }

    /** Cell {@code k} as it is (ASCII: a byte per char). */
    private String string(int k) {
        return new String(bytes, cellFrom[k], cellTo[k] - cellFrom[k], StandardCharsets.ISO_8859_1);
    }

    /** The index of cell {@code c} of row {@code r} in the cell arrays, or -1 when the row is shorter or c is -1. */
    private int cellOf(int r, int c) {
        int k = firstCell[r] + c;
        return c < 0 || k >= firstCell[r + 1] ? -1 : k;
    }

    private void header(String[] row, int line, List<String> required) {
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
    }

    int size() {
        return size;
    }

    /** True when the rows were cut from the file's bytes, not parsed. */
    boolean cutFromBytes() {
        return rows == null;
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
        if (rows == null) {
            int k = cellOf(r, c);
            return k < 0 ? "" : string(k).trim();
        }
        String[] row = rows.get(r);
        return c < 0 || c >= row.length ? "" : row[c].trim();
    }

    /** True when the cell of column index {@code c} is empty once trimmed ({@link #text} would be ""). */
    boolean empty(int r, int c) {
        if (rows == null) {
            int k = cellOf(r, c);
            return k < 0 || trimmedFrom(k) >= trimmedTo(k);
        }
        return text(r, c).isEmpty();
    }

    private int trimmedFrom(int k) {
        int from = cellFrom[k];
        while (from < cellTo[k] && (bytes[from] & 0xff) <= ' ') {
            from++;
        }
        return from;
    }

    private int trimmedTo(int k) {
        int to = cellTo[k];
        while (to > cellFrom[k] && (bytes[to - 1] & 0xff) <= ' ') {
            to--;
        }
        return to;
    }

    /**
     * The whole number a cell cut from bytes holds when it is nothing but up to {@link #MAX_DIGITS} digits once
     * trimmed, else -1 (then the cell is read as text, with what {@link Long#parseLong} accepts and refuses).
     */
    private long digits(int r, int c) {
        int k = rows == null ? cellOf(r, c) : -1;
        if (k < 0) {
            return -1;
        }
        int from = trimmedFrom(k);
        int to = trimmedTo(k);
        if (from >= to || to - from > MAX_DIGITS) {
            return -1;
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            int d = bytes[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            n = n * 10 + d;
        }
        return n;
    }

    /** A required whole number of at least 0. */
    long count(int r, String column) {
        return count(r, column(column), column);
    }

    /** A required whole number of at least 0 in column index {@code c}, named {@code column} in complaints. */
    long count(int r, int c, String column) {
        long digits = digits(r, c);
        if (digits >= 0) {
            return digits;
        }
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
        return empty(r, c) ? -1 : count(r, c, column);
    }

    ManifestException error(int r, String column, String value, String why) {
        return new ManifestException(where(r) + ": column " + column + " " + why + ", got '" + value + "'");
    }

    ManifestException error(int r, String why) {
        return new ManifestException(where(r) + ": " + why);
    }
}
