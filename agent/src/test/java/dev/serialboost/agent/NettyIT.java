package dev.serialboost.agent;

import dev.serialboost.it.netty.CodecApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A codec whose stream writes class descriptors of its own, used as its users use it: Netty's {@code ObjectEncoder}
 * and {@code ObjectDecoder} ({@link CodecApp}), whose streams write the class name only and read it back into the
 * class's local descriptor. With the agent, in the default mode and with {@code convert=all}, the same objects come
 * back, back-references included; with {@code convert=all} the classes are converted yet this stream writes them in
 * the plain format (its reader could not read the converted one), and nothing more is printed.
 */
class NettyIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void nettysObjectCodecGivesBackTheSameObjectsWithTheAgentInBothModes(final Jdk jdk) {
        jdk.assumeInstalled();
        Path[] jars = {JvmRunner.locationOf(io.netty.handler.codec.serialization.ObjectEncoder.class),
            JvmRunner.locationOf(io.netty.channel.embedded.EmbeddedChannel.class),
            JvmRunner.locationOf(io.netty.buffer.ByteBuf.class),
            JvmRunner.locationOf(io.netty.util.ReferenceCounted.class),
            JvmRunner.locationOf(io.netty.resolver.AddressResolver.class)};
        JvmResult plain = JvmRunner.on(jdk).classpath(jars).run(CodecApp.class);
        List<String> messages = plain.stdoutLines().subList(0, 3);
        if (!messages.get(0).equals("parcel 42 fragile weights=1.5,2.25 items: cupx3 backToParcel=true platex5"
                + " backToParcel=true")) {
            throw plain.fail("test bug: without the agent the codec should give back the parcel");
        }
        List<String> problems = new ArrayList<>();
        for (String settings : List.of("", "convert=all")) {
            String mode = settings.isEmpty() ? "default mode" : settings;
            JvmResult agent = JvmRunner.on(jdk).classpath(jars).withAgent(settings).run(CodecApp.class);
            if (!agent.stdoutLines().subList(0, 3).equals(messages)) {
                problems.add(mode + ": the codec gave back " + agent.stdoutLines());
            }
            String converted = " externalizable=false converted=" + !settings.isEmpty();
            List<String> kinds = List.of("kind Parcel" + converted, "kind Item" + converted,
                    "kind Reading" + converted);
            if (!agent.stdoutLines().subList(3, agent.stdoutLines().size()).equals(kinds)) {
                problems.add(mode + ": expected " + kinds + ", got " + agent.stdoutLines());
            }
            for (String line : agent.stderrLinesAddedTo(plain)) {
                problems.add(mode + ": stderr line not in the run without the agent: " + line);
            }
        }
        if (!problems.isEmpty()) {
            throw plain.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }
}
