package io.httpjson.codec.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.ReflectionServiceDescriptor;
import org.apache.dubbo.rpc.model.ServiceDescriptor;
import org.apache.dubbo.rpc.model.ServiceModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The result type the filter binds, and where it keeps it: not on Dubbo's MethodDescriptor, whose equals and
 * hashCode include its attributes (Dubbo keys maps by it), and not at all for httpjson, which ignores it.
 */
class ResultTypeFilterTest {

    public static class User {}

    public static class Order {}

    public interface Crud<T> {
        T find(long id);
    }

    public interface Users extends Crud<User> {}

    public interface Orders extends Crud<Order> {}

    /** An invoker of {@code protocol} that keeps the invocation it is given. */
    private static final class Kept<T> implements Invoker<T> {
        final AtomicReference<Invocation> last = new AtomicReference<>();
        private final Class<T> type;
        private final URL url;

        Kept(Class<T> type, String protocol) {
            this.type = type;
            this.url = URL.valueOf(protocol + "://127.0.0.1:20880/" + type.getName());
        }

        @Override
        public Class<T> getInterface() {
            return type;
        }

        @Override
        public Result invoke(Invocation invocation) {
            last.set(invocation);
            return new AppResponse();
        }

        @Override
        public URL getUrl() {
            return url;
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public void destroy() {}
    }

    private static RpcInvocation call(ServiceDescriptor service) throws Exception {
        Method m = Crud.class.getMethod("find", long.class);
        RpcInvocation inv = new RpcInvocation();
        inv.setServiceModel(new ServiceModel(null, service.getInterfaceName(), service, null, null));
        inv.setMethodName("find");
        inv.setParameterTypes(m.getParameterTypes());
        inv.setReturnTypes(new Type[] {m.getReturnType(), m.getGenericReturnType()});
        return inv;
    }

    @Test
    void bindsTheResultTypePerInterfaceLeavingTheMethodDescriptorAlone() throws Exception {
        ResultTypeFilter filter = new ResultTypeFilter();
        ServiceDescriptor users = new ReflectionServiceDescriptor(Users.class);
        ServiceDescriptor orders = new ReflectionServiceDescriptor(Orders.class);
        MethodDescriptor md = users.getMethod("find", new Class<?>[] {long.class});
        int hash = md.hashCode();
        for (int i = 0; i < 2; i++) {
            RpcInvocation u = call(users);
            filter.invoke(new Kept<>(Users.class, "dubbo"), u);
            assertThat(u.getReturnTypes()).containsExactly(User.class, User.class);
            RpcInvocation o = call(orders);
            filter.invoke(new Kept<>(Orders.class, "dubbo"), o);
            assertThat(o.getReturnTypes()).containsExactly(Order.class, Order.class);
        }
        // still equal to a fresh one, as Dubbo's maps keyed by it expect
        assertThat(md.hashCode()).isEqualTo(hash);
        assertThat(md)
                .isEqualTo(new ReflectionServiceDescriptor(Users.class).getMethod("find", new Class<?>[] {long.class}));
    }

    @Test
    void leavesHttpjsonInvocationsAsDubboGivesThem() throws Exception {
        RpcInvocation inv = call(new ReflectionServiceDescriptor(Users.class));
        Type[] declared = inv.getReturnTypes();
        Kept<Users> invoker = new Kept<>(Users.class, "httpjson");
        new ResultTypeFilter().invoke(invoker, inv);
        assertThat(inv.getReturnTypes()).isSameAs(declared);
        assertThat(invoker.last.get()).isSameAs(inv);
    }
}
