package io.httpjson.serialization.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.codec.conformance.Model.BizException;
import io.httpjson.codec.conformance.Model.Color;
import io.httpjson.codec.conformance.Model.Foo;
import io.httpjson.codec.conformance.Model.Result;
import org.apache.dubbo.rpc.RpcContext;

public class DemoServiceImpl implements DemoService {
    @Override
    public Foo echo(Foo foo) {
        return foo;
    }

    @Override
    public Result<List<Foo>> page(List<Foo> foos) {
        List<Foo> copy = new ArrayList<>();
        for (Foo f : foos) { // ClassCastException unless the elements really arrived as Foo
            copy.add(f);
        }
        return new Result<>(200, "page of " + copy.size(), copy);
    }

    @Override
    public Map<String, Foo> byName(Map<String, Foo> foos) {
        Map<String, Foo> m = new LinkedHashMap<>();
        for (Map.Entry<String, Foo> e : foos.entrySet()) {
            Foo f = e.getValue(); // ClassCastException unless values arrived as Foo
            m.put(e.getKey() + "!", f);
        }
        return m;
    }

    @Override
    public int[] ints(int[] a) {
        return a;
    }

    @Override
    public Color[] colors(Color[] c) {
        return c;
    }

    @Override
    public byte[] bytes(byte[] b) {
        return b;
    }

    @Override
    public Long big(Long l) {
        return l;
    }

    @Override
    public Foo nothing(Foo f) {
        return f;
    }

    @Override
    public List<Foo> empty(List<Foo> l) {
        return l;
    }

    @Override
    public String attachment(String key) {
        RpcContext.getServerContext().setAttachment("reply", "from-provider");
        return String.valueOf(RpcContext.getServerAttachment().getAttachment(key));
    }

    @Override
    public void fail(int code) throws BizException {
        throw new BizException("business failed " + code, code, new IllegalArgumentException("root cause"));
    }
}
