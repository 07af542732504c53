package io.httpjson.benchmark.service;

import java.util.List;

import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.Result;
import io.httpjson.demo.api.User;

/** The service every protocol x serialization is measured with. */
public interface BenchmarkService {

    /** rpcx-benchmark's call: the server sets field1 = "OK", field2 = 100 and returns the message. */
    BenchmarkMessage echo(BenchmarkMessage message);

    /** The seed-style call: {@code Result.ok("Hello " + name)}. */
    Result<String> sayHello(String name);

    /** One user with java.time fields, a list of roles and a map of attributes. */
    Result<User> getUser(long id);

    /** A page of 15 users. */
    Result<Page<User>> listUser(int pageNo, int pageSize);

    /** The payload-size call: returns the list it was given (a list of realistic POJOs sized to some KB). */
    List<User> echoUsers(List<User> users);

    /** Not measured: the provider's pid, CPU time so far and JVM flags. */
    ProviderStats stats();
}
