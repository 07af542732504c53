package io.httpjson.codec.internal;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Future;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.ServiceDescriptor;
import org.apache.dubbo.rpc.model.ServiceModel;

/**
 * Gives the dubbo protocol's decoder a result's type with the type variables the consumer's interface binds: Dubbo
 * hands the serialization {@code T} for {@code T findById(ID id)} inherited by {@code UserService extends
 * CrudService<User, Long>}, which JSON, carrying no class names, can only read as a map (hessian2 reads the class its
 * stream names). Active only on the invokers of the text-JSON serializations (a key matches {@code
 * prefer.serialization} too), but on httpjson's, which reads the result by the method itself; a result type that is a
 * class, the common case, costs one {@code instanceof}. The resolutions are kept here, by interface and method, not
 * on Dubbo's shared MethodDescriptor (whose equals and hashCode include its attributes). Not API.
 */
@Activate(
        group = CommonConstants.CONSUMER,
        value = {"serialization:fastjson2-text", "serialization:gson-text"})
public final class ResultTypeFilter implements Filter {

    /** Its name as a Dubbo extension: httpjson's references leave it out of their filter chains. */
    public static final String NAME = "json-result-type";

    /** A method whose result type Dubbo's are right for. */
    private static final Type[] AS_DECLARED = new Type[0];

    /** By invoked interface (a generic interface's method is bound differently by each), then method. */
    private final ConcurrentMap<Class<?>, ConcurrentMap<Method, Type[]>> resolved = new ConcurrentHashMap<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        URL url = invoker.getUrl();
        // httpjson reads a result by the method and interface itself, not by the invocation's return types
        if (invocation instanceof RpcInvocation && (url == null || !"httpjson".equals(url.getProtocol()))) {
            RpcInvocation inv = (RpcInvocation) invocation;
            Type[] declared = inv.getReturnTypes();
            if (declared != null && declared.length == 2 && !(declared[1] instanceof Class)) {
                Type[] bound = bound(inv, declared);
                if (bound != declared) {
                    inv.setReturnTypes(bound);
                }
            }
        }
        return invoker.invoke(invocation);
    }

    /** {@code declared} resolved against the invoked interface, made once per method; {@code declared} if unknown. */
    private Type[] bound(RpcInvocation inv, Type[] declared) {
        try {
            ServiceModel model = inv.getServiceModel();
            ServiceDescriptor service = model == null ? null : model.getServiceModel();
            MethodDescriptor md =
                    service == null ? null : service.getMethod(inv.getMethodName(), inv.getParameterTypes());
            if (md == null || md.getMethod() == null) {
                return declared;
            }
            Class<?> owner = service.getServiceInterfaceClass();
            Type[] made = resolved.computeIfAbsent(owner, o -> new ConcurrentHashMap<>())
                    .computeIfAbsent(md.getMethod(), m -> {
                        Type[] r = resolve(m, owner, declared);
                        return r == declared ? AS_DECLARED : r;
                    });
            return made == AS_DECLARED ? declared : made;
        } catch (RuntimeException e) {
            return declared; // as Dubbo gives them
        }
    }

    /** The raw class and generic type of {@code m}'s result (a future's value), bound as {@code owner} binds them. */
    static Type[] resolve(Method m, Class<?> owner, Type[] declared) {
        Type generic = m.getGenericReturnType();
        if (Future.class.isAssignableFrom(m.getReturnType())) {
            if (!(generic instanceof ParameterizedType)) {
                return declared;
            }
            generic = ((ParameterizedType) generic).getActualTypeArguments()[0];
        }
        Type bound = TypeResolution.resolve(generic, TypeResolution.bindings(owner));
        if (bound.equals(declared[1])) {
            return declared;
        }
        return new Type[] {JsonTypes.rawClass(bound), bound};
    }
}
