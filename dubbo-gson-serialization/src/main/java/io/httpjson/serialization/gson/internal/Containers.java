package io.httpjson.serialization.gson.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.AbstractCollection;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;

import com.google.gson.JsonSyntaxException;

/**
 * The collection or map a declared type is read into (as Gson makes them, but {@code Queue}/{@code Deque} as a
 * {@link LinkedList}, as fastjson2 does, and {@code Map} as a {@link LinkedHashMap}), and whether it takes null.
 * Chosen once per type, when its adapter is made. Not API.
 */
final class Containers {

    private Containers() {}

    /** How to make a collection of declared class {@code raw}; null if Gson's own adapter should. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Supplier<Collection<Object>> collection(Class<?> raw, Class<?> element) {
        if (raw == Collection.class
                || raw == List.class
                || raw == ArrayList.class
                || raw == AbstractCollection.class
                || raw == AbstractList.class) {
            return ArrayList::new;
        }
        if (raw == Set.class || raw == LinkedHashSet.class || raw == AbstractSet.class) {
            return LinkedHashSet::new;
        }
        if (raw == HashSet.class) {
            return HashSet::new;
        }
        if (raw == Queue.class || raw == Deque.class || raw == LinkedList.class) {
            return LinkedList::new;
        }
        if (raw == SortedSet.class || raw == NavigableSet.class || raw == TreeSet.class) {
            return TreeSet::new;
        }
        if (raw == ArrayDeque.class) {
            return ArrayDeque::new;
        }
        if (raw == PriorityQueue.class) {
            return PriorityQueue::new;
        }
        if (raw == EnumSet.class) {
            return element.isEnum() ? () -> (Collection) EnumSet.noneOf((Class) element) : null;
        }
        return (Supplier<Collection<Object>>) (Supplier<?>) byConstructor(raw);
    }

    /** How to make a map of declared class {@code raw}; null if Gson's own adapter should. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Supplier<Map<Object, Object>> map(Class<?> raw, Class<?> key) {
        if (raw == Map.class || raw == LinkedHashMap.class || raw == AbstractMap.class) {
            return LinkedHashMap::new;
        }
        if (raw == HashMap.class) {
            return HashMap::new;
        }
        if (raw == SortedMap.class || raw == NavigableMap.class || raw == TreeMap.class) {
            return TreeMap::new;
        }
        if (raw == ConcurrentMap.class || raw == ConcurrentHashMap.class) {
            return ConcurrentHashMap::new;
        }
        if (raw == ConcurrentNavigableMap.class || raw == ConcurrentSkipListMap.class) {
            return ConcurrentSkipListMap::new;
        }
        if (raw == EnumMap.class) {
            return key.isEnum() ? () -> (Map) new EnumMap(key) : null;
        }
        return (Supplier<Map<Object, Object>>) (Supplier<?>) byConstructor(raw);
    }

    /** Whether a collection of this class takes a null element (a TreeSet, ArrayDeque or EnumSet does not). */
    static boolean takesNullElements(Class<?> raw) {
        return !(SortedSet.class.isAssignableFrom(raw)
                || ArrayDeque.class.isAssignableFrom(raw)
                || PriorityQueue.class.isAssignableFrom(raw)
                || EnumSet.class.isAssignableFrom(raw)
                || concurrent(raw) && !raw.getName().startsWith("java.util.concurrent.CopyOnWrite"));
    }

    /** Whether a map of this class takes a null value (a ConcurrentHashMap or Hashtable does not). */
    static boolean takesNullValues(Class<?> raw) {
        return !(ConcurrentMap.class.isAssignableFrom(raw) || Hashtable.class.isAssignableFrom(raw));
    }

    private static boolean concurrent(Class<?> raw) {
        for (Class<?> c = raw; c != null; c = c.getSuperclass()) {
            if (c.getName().startsWith("java.util.concurrent.")) {
                return true;
            }
        }
        return false;
    }

    /** The no-arg constructor of a concrete class (an application's own collection class); null if none. */
    private static Supplier<Object> byConstructor(Class<?> raw) {
        if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers())) {
            return null;
        }
        Constructor<?> c;
        try {
            c = raw.getDeclaredConstructor();
            c.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            return null; // Gson's adapter says what it cannot do
        }
        return () -> {
            try {
                return c.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new JsonSyntaxException("cannot create " + raw.getName() + ": " + e, e);
            }
        };
    }
}
