package dev.serialboost.it.engine;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The report an engine test app prints: one line per observation, {@code LABEL WHAT...}, where LABEL (no spaces)
 * names the case. Optionally the full graph lines behind the digests go to a details file, each line prefixed
 * with its case label, for finding what differs once a digest does.
 */
final class Report {

    private final StringBuilder out = new StringBuilder();
    private final BufferedWriter details;

    Report(final Path detailsFile) throws IOException {
        details = detailsFile == null ? null : Files.newBufferedWriter(detailsFile, StandardCharsets.UTF_8);
    }

    void line(final String label, final String text) {
        if (label.indexOf(' ') >= 0) {
            throw new IllegalArgumentException("a label may not contain spaces: " + label);
        }
        out.append(label).append(' ').append(text).append('\n');
    }

    boolean keepsDetails() {
        return details != null;
    }

    void details(final String label, final List<String> lines) {
        if (details == null) {
            return;
        }
        try {
            for (String l : lines) {
                details.write(label);
                details.write(' ');
                details.write(l);
                details.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prints the report on stdout and closes the details file. */
    void print() throws IOException {
        if (details != null) {
            details.close();
        }
        System.out.print(out);
        System.out.flush();
    }
}
