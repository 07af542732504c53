package io.httpjson.protocol.internal.openapi;

import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.httpjson.codec.internal.JsonTypes;

/**
 * JSON Schemas (OpenAPI 3.1, i.e. JSON Schema 2020-12) of Java types as both JSON engines write and read them
 * (docs/protocol.md, "JSON mapping"): a class of fields becomes a component, a generic instantiation one of its
 * own ({@code Result<Page<User>>} is {@code ResultOfPageOfUser}, its type variables resolved); everything else is
 * inline. One instance per document: it collects the components.
 */
final class Schemas {

    static final String REF = "#/components/schemas/";

    static final String BIG_NUMBER = "An exact JSON number; values beyond 2^53 lose precision in JavaScript's"
            + " Number: read them with a BigInt-aware parser.";

    /** Component name to schema, sorted. */
    private final Map<String, Object> components = new TreeMap<>();
    /** Type (its name, generic arguments included) to component name. */
    private final Map<String, String> names = new HashMap<>();

    Map<String, Object> components() {
        return components;
    }

    /** The schema of {@code type}: inline, or a {@code $ref} to a component. */
    Map<String, Object> of(Type type) {
        return of(type, Map.of());
    }

    private Map<String, Object> of(Type type, Map<TypeVariable<?>, Type> bindings) {
        if (type instanceof TypeVariable<?> v) {
            Type bound = bindings.get(v);
            return bound != null ? of(bound, Map.of()) : any("any JSON value (type variable " + v.getName() + ")");
        }
        if (type instanceof WildcardType w) {
            return of(w.getUpperBounds()[0], bindings);
        }
        if (type instanceof GenericArrayType g) {
            return array(of(g.getGenericComponentType(), bindings), false);
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw)) {
                return array(of(args[0], bindings), Set.class.isAssignableFrom(raw));
            }
            if (Map.class.isAssignableFrom(raw)) {
                return map(args[0], of(args[1], bindings));
            }
            if (raw == Optional.class) {
                return onlyNull(p);
            }
            Type[] resolved = new Type[args.length];
            for (int i = 0; i < args.length; i++) {
                resolved[i] =
                        args[i] instanceof TypeVariable<?> v && bindings.containsKey(v) ? bindings.get(v) : args[i];
            }
            return component(raw, resolved);
        }
        Class<?> c = (Class<?>) type;
        Map<String, Object> simple = Scalars.of(c);
        if (simple != null) {
            return simple;
        }
        if (c.isArray()) {
            return array(of(c.getComponentType(), bindings), false);
        }
        if (Collection.class.isAssignableFrom(c)) {
            return array(any("any JSON value"), Set.class.isAssignableFrom(c));
        }
        if (Map.class.isAssignableFrom(c)) {
            return map(Object.class, any("any JSON value"));
        }
        if (c.isEnum()) {
            return component(c, new Type[0]);
        }
        if (JsonTypes.readsOnlyNull(c)) {
            return onlyNull(c);
        }
        if (c == Object.class || c.isInterface() || Modifier.isAbstract(c.getModifiers()) || platform(c)) {
            return any("any JSON value (declared as " + c.getName() + ")");
        }
        return component(c, new Type[0]);
    }

    /** A type the provider reads only as null (Optional, an interface, a JDK class outside the mapping). */
    static Map<String, Object> onlyNull(Type t) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "null");
        s.put(
                "description",
                "only null: " + t.getTypeName() + " is not read from JSON (declare a concrete type of"
                        + " the JSON mapping)");
        return s;
    }

    static Map<String, Object> any(String description) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("description", description);
        return s;
    }

    private static Map<String, Object> array(Map<String, Object> items, boolean unique) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "array");
        s.put("items", items);
        if (unique) {
            s.put("uniqueItems", true);
        }
        return s;
    }

    private static Map<String, Object> map(Type key, Map<String, Object> values) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "object");
        s.put("additionalProperties", values);
        if (key != String.class) {
            s.put("description", "keys are " + key.getTypeName() + " values as JSON object keys (text)");
        }
        return s;
    }

    private static boolean platform(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }

    /** A {@code $ref} to the component of {@code raw<args>}, made (with its fields) the first time. */
    private Map<String, Object> component(Class<?> raw, Type[] args) {
        StringBuilder key = new StringBuilder(raw.getName());
        StringBuilder name = new StringBuilder(raw.getSimpleName());
        StringBuilder qualified = new StringBuilder(raw.getName().replace('$', '.'));
        for (Type a : args) {
            key.append('<').append(a.getTypeName()).append('>');
            name.append("Of").append(simpleName(a));
            qualified.append("Of").append(simpleName(a));
        }
        String existing = names.get(key.toString());
        if (existing != null) {
            return ref(existing);
        }
        String n = components.containsKey(name.toString()) ? qualified.toString() : name.toString();
        names.put(key.toString(), n);
        components.put(n, Map.of()); // placeholder: a field may refer back to this type
        components.put(n, raw.isEnum() ? enumSchema(raw) : objectSchema(raw, args));
        return ref(n);
    }

    private static String simpleName(Type t) {
        if (t instanceof ParameterizedType p) {
            StringBuilder sb = new StringBuilder(((Class<?>) p.getRawType()).getSimpleName());
            for (Type a : p.getActualTypeArguments()) {
                sb.append("Of").append(simpleName(a));
            }
            return sb.toString();
        }
        if (t instanceof Class<?> c) {
            return c.isArray() ? simpleName(c.getComponentType()) + "Array" : capitalise(c.getSimpleName());
        }
        return "Any";
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static Map<String, Object> ref(String name) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("$ref", REF + name);
        return s;
    }

    private static Map<String, Object> enumSchema(Class<?> e) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "string");
        java.util.List<String> values = new java.util.ArrayList<>();
        for (Object constant : e.getEnumConstants()) {
            values.add(((Enum<?>) constant).name());
        }
        s.put("enum", values);
        s.put("description", "enum " + e.getName());
        return s;
    }

    /** The fields the engines write: every non-static, non-transient field, of the class and its superclasses. */
    private Map<String, Object> objectSchema(Class<?> raw, Type[] args) {
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        TypeVariable<?>[] vars = raw.getTypeParameters();
        for (int i = 0; i < vars.length && i < args.length; i++) {
            bindings.put(vars[i], args[i]);
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        Type current = raw;
        while (current != null) {
            Class<?> c = current instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) current;
            if (c == Object.class || platform(c)) {
                break;
            }
            if (current instanceof ParameterizedType p) {
                TypeVariable<?>[] cv = c.getTypeParameters();
                Type[] ca = p.getActualTypeArguments();
                for (int i = 0; i < cv.length; i++) {
                    bindings.put(cv[i], ca[i] instanceof TypeVariable<?> v ? bindings.get(v) : ca[i]);
                }
            }
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m) && !f.isSynthetic()) {
                    properties.putIfAbsent(f.getName(), of(f.getGenericType(), bindings));
                }
            }
            current = c.getGenericSuperclass();
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "object");
        s.put("description", describe(raw, args) + " (fields that are null are left out)");
        s.put("properties", properties);
        return s;
    }

    private static String describe(Class<?> raw, Type[] args) {
        StringBuilder sb = new StringBuilder(raw.getTypeName());
        for (int i = 0; i < args.length; i++) {
            sb.append(i == 0 ? "<" : ", ").append(args[i].getTypeName());
        }
        return args.length > 0 ? sb.append('>').toString() : sb.toString();
    }
}
