package dev.serialboost.it.optin;

import dev.serialboost.corpus.Fixture;
import dev.serialboost.it.CorpusDump;
import dev.serialboost.it.GraphDump;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * Test app for {@code DefaultModeIT}: writes the graph of every corpus fixture (or of those the arguments select,
 * as for {@link CorpusDump}) with a plain {@link ObjectOutputStream} and prints the stream's length and SHA-256,
 * then the class lines of the graph (serialVersionUID, Externalizable or not, converted or not).
 *
 * <pre>
 * === dev.serialboost.corpus.values.Fixtures$BoxesCase
 * written 312 bytes, sha-256 5f1c...
 * class dev.serialboost.corpus.values.Boxes uid=... externalizable=false converted=false
 * </pre>
 */
public final class StreamBytes {

    private StreamBytes() {
    }

    public static void main(final String[] args) throws Exception {
        StringBuilder out = new StringBuilder();
        List<String> fixtures = CorpusDump.fixtureNames(List.of(args));
        if (fixtures.isEmpty()) {
            throw new IllegalStateException("no corpus fixture found (filters " + List.of(args) + ")");
        }
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (String name : fixtures) {
            out.append("=== ").append(name).append('\n');
            Object root;
            try {
                root = ((Fixture) Class.forName(name).getConstructor().newInstance()).get();
            } catch (Throwable e) {
                out.append("setup-failed ").append(e.getClass().getName()).append('\n');
                continue;
            }
            try {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (ObjectOutputStream oos = new ObjectOutputStream(bytes)) {
                    oos.writeObject(root);
                }
                out.append("written ").append(bytes.size()).append(" bytes, sha-256 ")
                        .append(HexFormat.of().formatHex(sha.digest(bytes.toByteArray()))).append('\n');
            } catch (Throwable e) {
                out.append("write-failed ").append(e.getClass().getName()).append(": ")
                        .append(GraphDump.escape(String.valueOf(e.getMessage()))).append('\n');
            }
            GraphDump dump = new GraphDump();
            dump.graph(root);
            for (String line : dump.classLines()) {
                // a lambda's hidden class has a name, and so a computed uid, that changes from run to run
                out.append(line.contains("$$Lambda") ? line.replaceFirst(" uid=\\S+", " uid=(varies)") : line)
                        .append('\n');
            }
        }
        System.out.print(out);
        System.out.flush();
    }
}
