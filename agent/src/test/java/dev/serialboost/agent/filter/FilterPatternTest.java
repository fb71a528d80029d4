package dev.serialboost.agent.filter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A recording read back ({@link Recording}), the pattern made of it ({@link FilterPattern}) and a filter file read
 * ({@link FilterFile}); the pattern is one the JDK's {@code createFilter} takes, and decides as it should.
 */
class FilterPatternTest {

    private static final String RECORDING = RecordingFile.FIRST_LINE + ": ...\n"
            + "# written ...\n"
            + "dropped classes=0 streams=0\n"
            + "stream java.io.ObjectInputStream maxdepth=4 maxrefs=14 maxarray=7 maxbytes=338 checks=13\n"
            + "stream com.acme.Input maxdepth=9 maxrefs=3 maxarray=0 maxbytes=1001 checks=2\n"
            + "class Top loader=app stream=java.io.ObjectInputStream checks=1\n"
            + "class [J loader=bootstrap stream=java.io.ObjectInputStream checks=3\n"
            + "class [[Lcom.acme.Item; loader=app stream=java.io.ObjectInputStream checks=2\n"
            + "class com.acme.Order loader=app stream=com.acme.Input checks=1\n"
            + "class com.acme.Order loader=webapp stream=com.acme.Input checks=1\n"
            + "class jdk.proxy1.$Proxy12 loader=app stream=java.io.ObjectInputStream checks=1\n"
            + "class java.util.ArrayList loader=bootstrap stream=java.io.ObjectInputStream checks=1\n";

    @TempDir
    Path dir;

    @Test
    void theRecordingIsReadBack() throws IOException {
        Recording r = Recording.read(write("r.txt", RECORDING));
        assertEquals(List.of(new Recording.Stream("java.io.ObjectInputStream", 4, 14, 7, 338),
                new Recording.Stream("com.acme.Input", 9, 3, 0, 1001)), r.streams());
        assertEquals(7, r.classes().size());
        assertEquals(new Recording.RecordedClass("com.acme.Order", "webapp", "com.acme.Input", 1), r.classes().get(4));
    }

    @Test
    void thePatternHasTheLimitsWithHeadroomTheClassesAndRejectsTheRest() throws IOException {
        Recording r = Recording.read(write("r.txt", RECORDING));
        assertEquals("maxdepth=18;maxrefs=28;maxarray=14;maxbytes=2002;Top;com.acme.Item;com.acme.Order;"
                + "java.util.ArrayList;jdk.proxy1.$Proxy*;!*", FilterPattern.of(r, false, 2));
        assertEquals("maxdepth=14;maxrefs=21;maxarray=11;maxbytes=1502;Top;com.acme.*;java.util.*;jdk.proxy1.*;!*",
                FilterPattern.of(r, true, 1.5));
        assertEquals("maxdepth=9;maxrefs=14;maxarray=7;maxbytes=1001;Top;com.acme.Item;com.acme.Order;"
                + "java.util.ArrayList;jdk.proxy1.$Proxy*;!*", FilterPattern.of(r, false, 1));
        assertThrows(IllegalArgumentException.class, () -> FilterPattern.of(r, false, 0.5));
    }

    @Test
    void theJdkTakesThePatternAndDecidesByIt() throws IOException {
        ObjectInputFilter filter = ObjectInputFilter.Config.createFilter(
                FilterPattern.of(Recording.read(write("r.txt", RECORDING)), false, 2));
        assertEquals(ObjectInputFilter.Status.ALLOWED, filter.checkInput(info(java.util.ArrayList.class, -1, 3)));
        assertEquals(ObjectInputFilter.Status.REJECTED, filter.checkInput(info(java.util.HashMap.class, -1, 3)));
        assertEquals(ObjectInputFilter.Status.UNDECIDED, filter.checkInput(info(long[].class, 14, 3)));
        assertEquals(ObjectInputFilter.Status.REJECTED, filter.checkInput(info(long[].class, 15, 3)));
        assertEquals(ObjectInputFilter.Status.REJECTED, filter.checkInput(info(null, -1, 19)));
    }

    @Test
    void aFilterFileIsItsPatternWithoutCommentsAndPropertyName() throws IOException {
        assertEquals("maxdepth=4;java.util.*;!*", FilterFile.read(write("f.txt",
                "# made by serialboost\njdk.serialFilter=maxdepth=4;\n\njava.util.*;\n!*\n")));
        IOException empty = assertThrows(IOException.class, () -> FilterFile.read(write("e.txt", "# nothing\n")));
        assertEquals("it holds no pattern", empty.getMessage());
        IOException recording = assertThrows(IOException.class,
                () -> FilterFile.read(write("r.txt", RECORDING)));
        assertTrue(recording.getMessage().startsWith("it is a class recording, not a filter"), recording.getMessage());
        IOException notRecording = assertThrows(IOException.class, () -> Recording.read(write("n.txt", "!*\n")));
        assertTrue(notRecording.getMessage().contains("is not a serialboost class recording"));
        IOException badLine = assertThrows(IOException.class, () -> Recording.read(write("b.txt",
                RecordingFile.FIRST_LINE + "\nstream x maxdepth=1\n")));
        assertTrue(badLine.getMessage().contains("line 2: no maxrefs="), badLine.getMessage());
    }

    @Test
    void theFileIsReplacedWhole() throws IOException {
        Path file = dir.resolve("sub/recorded.txt");
        RecordingFile.replace(file, "one\n");
        RecordingFile.replace(file, "two\n");
        assertEquals("two\n", Files.readString(file));
        try (var listing = Files.list(file.getParent())) {
            assertEquals(List.of(file), listing.toList(), "no temporary file left");
        }
    }

    private Path write(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static ObjectInputFilter.FilterInfo info(final Class<?> c, final long length, final long depth) {
        return new ObjectInputFilter.FilterInfo() {
            @Override
            public Class<?> serialClass() {
                return c;
            }

            @Override
            public long arrayLength() {
                return length;
            }

            @Override
            public long depth() {
                return depth;
            }

            @Override
            public long references() {
                return 1;
            }

            @Override
            public long streamBytes() {
                return 10;
            }
        };
    }
}
