package dev.caldera.bench.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rows of a results CSV file (a header row naming the columns, {@code #} comment lines allowed) as column name
 * to cell maps, read by jackson-dataformat-csv. A missing file has no rows (a results directory fills up as runs
 * finish).
 * <p>
 * Threading: any thread. Not on any hot path.
 */
final class CsvRows {
    private static final CsvMapper CSV = new CsvMapper();
    private static final CsvSchema WITH_HEADER = CsvSchema.emptySchema().withHeader().withComments();

    private CsvRows() {
    }

    static List<Map<String, String>> read(Path file) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        if (!Files.exists(file)) {
            return rows;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             MappingIterator<Map<String, String>> it = CSV.readerForMapOf(String.class).with(WITH_HEADER)
                     .readValues(in)) {
            while (it.hasNextValue()) {
                rows.add(it.nextValue());
            }
        }
        return rows;
    }

    /** The cell of {@code column} as a number; the file and row say where a bad one is. */
    static double number(Map<String, String> row, String column, Path file) {
        String v = row.get(column);
        try {
            return Double.parseDouble(v == null ? "" : v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": column " + column + " is not a number in row " + row, e);
        }
    }
}
