package dev.serialboost.agent.filter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code filter} setting's file: a {@code jdk.serialFilter} pattern, as {@code java -jar serialboost-agent.jar
 * filter} prints it. Lines starting with {@code #} and blank lines are ignored; the others are joined with {@code ;},
 * so a pattern may be written one element a line; a first element {@code jdk.serialFilter=} (a {@code java.security}
 * property line) is taken off. Whether the pattern is valid the JDK says, when it makes the filter of it.
 */
public final class FilterFile {

    private FilterFile() {
    }

    /**
     * The pattern the file holds.
     *
     * @throws IOException when it cannot be read, is a recording rather than a filter, or holds no pattern
     */
    public static String read(final Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (!lines.isEmpty() && lines.get(0).startsWith(RecordingFile.FIRST_LINE)) {
            throw new IOException("it is a class recording, not a filter: make a filter of it with"
                    + " java -jar serialboost-agent.jar filter " + file);
        }
        List<String> elements = new ArrayList<>();
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            if (elements.isEmpty() && l.startsWith("jdk.serialFilter=")) {
                l = l.substring("jdk.serialFilter=".length()).strip();
            }
            while (l.endsWith(";")) {
                l = l.substring(0, l.length() - 1).strip();
            }
            if (!l.isEmpty()) {
                elements.add(l);
            }
        }
        if (elements.isEmpty()) {
            throw new IOException("it holds no pattern");
        }
        return String.join(";", elements);
    }
}
