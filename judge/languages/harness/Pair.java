package javafx.util;

import java.io.Serializable;
import java.util.Objects;

/**
 * javafx.util.Pair as LeetCode's Java offers it (OpenJFX's API): a key and a value, compared by both.
 * The judge compiles it beside a submission that names javafx.util.
 */
public class Pair<K, V> implements Serializable {
    private final K key;
    private final V value;

    public Pair(K key, V value) {
        this.key = key;
        this.value = value;
    }

    public K getKey() {
        return key;
    }

    public V getValue() {
        return value;
    }

    @Override
    public String toString() {
        return key + "=" + value;
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(key) * 13 + Objects.hashCode(value);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Pair)) return false;
        Pair<?, ?> other = (Pair<?, ?>) o;
        return Objects.equals(key, other.key) && Objects.equals(value, other.value);
    }
}
