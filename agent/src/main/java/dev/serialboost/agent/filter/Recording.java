package dev.serialboost.agent.filter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code record-classes} file, read back ({@link RecordingFile} writes it; the format is in {@code docs/filters.md}).
 *
 * @param streams        per stream class, the largest values a filter was handed
 * @param classes        every class a filter was asked about
 * @param droppedClasses classes not recorded because the recording was full
 * @param droppedStreams stream classes not recorded because the recording was full
 */
public record Recording(List<Stream> streams, List<RecordedClass> classes, long droppedClasses,
                        long droppedStreams) {

    /** A {@code stream} line. */
    public record Stream(String name, long maxdepth, long maxrefs, long maxarray, long maxbytes) {
    }

    /** A {@code class} line: the class's name ({@code Class.getName()}), its loader, the first stream class. */
    public record RecordedClass(String name, String loader, String stream, long checks) {
    }

    /**
     * Reads {@code file}.
     *
     * @throws IOException when it cannot be read or is not a recording (naming the line)
     */
    public static Recording read(final Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).startsWith(RecordingFile.FIRST_LINE)) {
            throw new IOException(file + " is not a serialboost class recording (its first line is not '"
                    + RecordingFile.FIRST_LINE + "')");
        }
        List<Stream> streams = new ArrayList<>();
        List<RecordedClass> classes = new ArrayList<>();
        long droppedClasses = 0;
        long droppedStreams = 0;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.split(" ");
            try {
                Map<String, String> values = values(words);
                switch (words[0]) {
                    case "dropped" -> {
                        droppedClasses = number(values, "classes");
                        droppedStreams = number(values, "streams");
                    }
                    case "stream" -> streams.add(new Stream(words[1], number(values, "maxdepth"),
                            number(values, "maxrefs"), number(values, "maxarray"), number(values, "maxbytes")));
                    case "class" -> classes.add(new RecordedClass(words[1], values.getOrDefault("loader", "?"),
                            values.getOrDefault("stream", "?"), number(values, "checks")));
                    default -> throw new IllegalArgumentException("unknown line kind '" + words[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IOException(file + ", line " + (i + 1) + ": " + e.getMessage() + ": " + line);
            }
        }
        return new Recording(List.copyOf(streams), List.copyOf(classes), droppedClasses, droppedStreams);
    }

    private static Map<String, String> values(final String[] words) {
        Map<String, String> values = new HashMap<>();
        for (int i = 2; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq > 0) {
                values.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
        }
        if (words.length > 1 && words[1].contains("=")) {
            int eq = words[1].indexOf('=');
            values.put(words[1].substring(0, eq), words[1].substring(eq + 1));
        }
        return values;
    }

    private static long number(final Map<String, String> values, final String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no " + name + "=");
        }
        return Long.parseLong(v);
    }
}
