package dev.serialboost.corpus.graphs;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A tree with parent pointers. */
public class TreeNode implements Serializable {
    private static final long serialVersionUID = 144L;

    final String name;
    TreeNode parent;
    final List<TreeNode> children = new ArrayList<>();
    TreeNode[] childArray;

    TreeNode(final String name, final TreeNode parent) {
        this.name = name;
        this.parent = parent;
        if (parent != null) {
            parent.children.add(this);
        }
    }
}
