package dev.serialboost.bench.model;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The business graph of DESIGN.md: an order with its customer (and the customer's addresses), a list of lines
 * with {@code BigDecimal} prices, each pointing back at the order, a {@code LocalDate}, an enum status and a
 * {@code HashMap} of free-form attributes. Mostly JDK classes by bytes: what real application data looks like.
 */
public class CustomerOrder implements Serializable {
    private static final long serialVersionUID = 1L;

    private long orderId;
    private LocalDate orderDate;
    private OrderStatus status;
    private Customer customer;
    private List<OrderLine> lines;
    private Map<String, String> attributes;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public CustomerOrder() {
    }

    public CustomerOrder(final long orderId, final LocalDate orderDate, final OrderStatus status,
                         final Customer customer) {
        this.orderId = orderId;
        this.orderDate = orderDate;
        this.status = status;
        this.customer = customer;
        this.lines = new ArrayList<>();
        this.attributes = new HashMap<>();
    }

    public long orderId() { return orderId; }
    public Customer customer() { return customer; }
    public List<OrderLine> lines() { return lines; }
    public Map<String, String> attributes() { return attributes; }
}
