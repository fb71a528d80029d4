package dev.serialboost.it.netty;

import dev.serialboost.it.GraphDump;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.serialization.ClassResolvers;
import io.netty.handler.codec.serialization.ObjectDecoder;
import io.netty.handler.codec.serialization.ObjectEncoder;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Netty's object codec as its users wire it: an {@code ObjectEncoder} on one channel, an {@code ObjectDecoder} on the
 * other (embedded channels, no network). The encoder's stream writes class descriptors of its own, the class name
 * only for most classes, which the decoder's stream turns back into the class's local descriptor. Sends a parcel
 * whose items point back at it, plus a primitives-only reading, and prints what came back, then one {@code kind}
 * line per class (compared apart: it differs with the agent's converted format).
 */
public final class CodecApp {

    private CodecApp() {
    }

    /** A parcel, its items, and their references back to it. */
    public static final class Parcel implements Serializable {
        private static final long serialVersionUID = 1L;
        long id;
        double[] weights;
        String label;
        List<Item> items = new ArrayList<>();
    }

    /** An item of a parcel; {@code parcel} is the parcel that holds it. */
    public static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        Parcel parcel;
        String name;
        int quantity;
    }

    /** Primitives only (one bulk record when converted). */
    public static final class Reading implements Serializable {
        private static final long serialVersionUID = 1L;
        long time;
        double value;
        int sensor;
        boolean valid;
    }

    public static void main(final String[] args) {
        Parcel parcel = new Parcel();
        parcel.id = 42;
        parcel.weights = new double[] {1.5, 2.25};
        parcel.label = "fragile";
        for (String name : List.of("cup", "plate")) {
            Item item = new Item();
            item.parcel = parcel;
            item.name = name;
            item.quantity = name.length();
            parcel.items.add(item);
        }
        Reading reading = new Reading();
        reading.time = 1_700_000_000_000L;
        reading.value = -0.5;
        reading.sensor = 7;
        reading.valid = true;

        EmbeddedChannel out = new EmbeddedChannel(new ObjectEncoder());
        EmbeddedChannel in = new EmbeddedChannel(new ObjectDecoder(
                ClassResolvers.softCachingResolver(CodecApp.class.getClassLoader())));
        for (Object message : List.of(parcel, reading, List.of(parcel, reading))) {
            out.writeOutbound(message);
            ByteBuf frame = out.readOutbound();
            in.writeInbound(frame);
            System.out.println(describe(in.readInbound()));
        }
        out.finishAndReleaseAll();
        in.finishAndReleaseAll();
        for (Class<?> c : List.of(Parcel.class, Item.class, Reading.class)) {
            System.out.println("kind " + c.getSimpleName() + " " + GraphDump.kind(c));
        }
    }

    private static String describe(final Object o) {
        if (o instanceof Parcel p) {
            StringBuilder text = new StringBuilder("parcel " + p.id + " " + p.label + " weights=" + p.weights[0] + ","
                    + p.weights[1] + " items:");
            for (Item item : p.items) {
                text.append(' ').append(item.name).append('x').append(item.quantity).append(" backToParcel=")
                        .append(item.parcel == p);
            }
            return text.toString();
        }
        if (o instanceof Reading r) {
            return "reading " + r.time + " " + r.value + " " + r.sensor + " " + r.valid;
        }
        if (o instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            for (Object e : list) {
                parts.add(describe(e));
            }
            return "list [" + String.join("; ", parts) + "]";
        }
        return String.valueOf(o);
    }
}
