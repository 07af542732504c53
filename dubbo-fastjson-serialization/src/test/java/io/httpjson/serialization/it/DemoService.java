package io.httpjson.serialization.it;

import java.util.List;
import java.util.Map;

import io.httpjson.codec.conformance.Model.BizException;
import io.httpjson.codec.conformance.Model.Color;
import io.httpjson.codec.conformance.Model.Foo;
import io.httpjson.codec.conformance.Model.Result;

public interface DemoService {
    Foo echo(Foo foo);

    Result<List<Foo>> page(List<Foo> foos);

    Map<String, Foo> byName(Map<String, Foo> foos);

    int[] ints(int[] a);

    Color[] colors(Color[] c);

    byte[] bytes(byte[] b);

    Long big(Long l);

    Foo nothing(Foo f);

    List<Foo> empty(List<Foo> l);

    String attachment(String key);

    void fail(int code) throws BizException;
}
