package io.httpjson.codec.internal;

/** A POJO that {@link ClassLoaderCollectedTest} loads in a class loader of its own, then drops. */
public class LoaderPojo {
    public String name;
    public int count;
    public Inner inner;

    /** A class its field names, from the same loader. */
    public static class Inner {
        public long id;
    }
}
