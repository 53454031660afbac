package dev.caldera.k8s.replay;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.caldera.k8s.manifest.ManifestException;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A CSV file with a header row, read whole with jackson-dataformat-csv, each row kept with its line number so
 * that every complaint names {@code file:line}. Cells are looked up by column name; typed reads check the
 * value and say which column and why.
 * <p>
 * Threading: one thread.
 */
final class CsvTable {
    private final String file;
    private final Map<String, Integer> columns = new HashMap<>();
    private final List<String[]> rows = new ArrayList<>();
    private final List<Integer> lines = new ArrayList<>();

    private CsvTable(String file) {
        this.file = file;
    }

    /** Reads {@code path}; the first row names the columns, which must include {@code required}. */
    static CsvTable read(Path path, List<String> required) {
        CsvTable t = new CsvTable(path.toString());
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            boolean header = true;
            while (it.hasNextValue()) {
                int line = it.getCurrentLocation().getLineNr();
                String[] row = it.nextValue();
                if (header) {
                    t.header(row, line, required);
                    header = false;
                } else if (!(row.length == 1 && row[0].isBlank()) && row.length > 0) {
                    t.rows.add(row);
                    t.lines.add(line);
                }
            }
            if (header) {
                throw new ManifestException(path + ": empty file, expected a header row naming the columns "
                        + String.join(",", required));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ManifestException m) {
                throw m;
            }
            throw new ManifestException(path + ": cannot read CSV: " + e.getMessage(), e);
        }
        return t;
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
        return rows.size();
    }

    boolean has(String column) {
        return columns.containsKey(column);
    }

    /** {@code file:line} of row {@code r}. */
    String where(int r) {
        return file + ":" + lines.get(r);
    }

    /** The cell, trimmed; "" when the row is shorter or the column absent. */
    String text(int r, String column) {
        Integer c = columns.get(column);
        String[] row = rows.get(r);
        return c == null || c >= row.length ? "" : row[c].trim();
    }

    /** A required whole number of at least 0. */
    long count(int r, String column) {
        String v = text(r, column);
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
        return text(r, column).isEmpty() ? -1 : count(r, column);
    }

    ManifestException error(int r, String column, String value, String why) {
        return new ManifestException(where(r) + ": column " + column + " " + why + ", got '" + value + "'");
    }

    ManifestException error(int r, String why) {
        return new ManifestException(where(r) + ": " + why);
    }
}
