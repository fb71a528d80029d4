package dev.serialboost.it.safety;

import java.io.Serializable;

/** A linked list through converted objects: each node is one level deeper. */
public class Node implements Serializable {
    private static final long serialVersionUID = 4L;

    int value;
    Node next;

    public Node(final int value, final Node next) {
        this.value = value;
        this.next = next;
    }

    public static Node list(final int n) {
        Node head = null;
        for (int i = n - 1; i >= 0; i--) {
            head = new Node(i, head);
        }
        return head;
    }

    @Override
    public String toString() {
        int n = 0;
        for (Node x = this; x != null; x = x.next) {
            n++;
        }
        return "Node(list of " + n + ")";
    }
}
