package dev.serialboost.it.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import dev.serialboost.it.GraphDump;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * An embedded Hazelcast member caching an order whose lines point back at it, as an application caches its objects:
 * {@code IMap.put}, then {@code IMap.get} (the map keeps values serialized, so each get reads a copy). Hazelcast
 * writes an {@code Externalizable} value with its own serializer and anything else {@code Serializable} with Java
 * serialization; the back-references survive only the latter. Prints what came back, then one {@code kind} line per
 * class (which differs with the agent's converted format, and is compared apart).
 */
public final class CacheApp {

    private CacheApp() {
    }

    /** The cached value: an order, its lines, and their references back to it. */
    public static final class Order implements Serializable {
        private static final long serialVersionUID = 1L;
        String id;
        List<Line> lines = new ArrayList<>();
    }

    /** An order line; {@code order} is the order that holds it. */
    public static final class Line implements Serializable {
        private static final long serialVersionUID = 1L;
        Order order;
        String sku;
        BigDecimal price;
    }

    public static void main(final String[] args) {
        Order order = new Order();
        order.id = "o-1";
        for (String sku : List.of("apple", "pear")) {
            Line line = new Line();
            line.order = order;
            line.sku = sku;
            line.price = new BigDecimal("1.25");
            order.lines.add(line);
        }
        Config config = new Config();
        config.setClusterName("serialboost-it-" + ProcessHandle.current().pid());
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config);
        try {
            IMap<String, Order> map = member.getMap("orders");
            map.put(order.id, order);
            Order back = map.get(order.id);
            StringBuilder text = new StringBuilder("order " + back.id + " copy=" + (back != order) + " lines:");
            for (Line line : back.lines) {
                text.append(' ').append(line.sku).append('@').append(line.price)
                        .append(" backToOrder=").append(line.order == back);
            }
            System.out.println(text);
        } finally {
            member.shutdown();
        }
        for (Class<?> c : List.of(Order.class, Line.class)) {
            System.out.println("kind " + c.getSimpleName() + " " + GraphDump.kind(c));
        }
    }
}
