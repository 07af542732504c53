package io.httpjson.codec.internal;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.concurrent.Future;

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
 * prefer.serialization} too); a result type that is a class, the common case, costs one {@code instanceof}. Not API.
 */
@Activate(
        group = CommonConstants.CONSUMER,
        value = {"serialization:fastjson2-text", "serialization:gson-text"})
public final class ResultTypeFilter implements Filter {

    private static final String KEY = ResultTypeFilter.class.getName() + ".returnTypes";

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        if (invocation instanceof RpcInvocation) {
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
    private static Type[] bound(RpcInvocation inv, Type[] declared) {
        try {
            ServiceModel model = inv.getServiceModel();
            ServiceDescriptor service = model == null ? null : model.getServiceModel();
            MethodDescriptor md =
                    service == null ? null : service.getMethod(inv.getMethodName(), inv.getParameterTypes());
            if (md == null || md.getMethod() == null) {
                return declared;
            }
            Object cached = md.getAttribute(KEY);
            if (cached instanceof Type[]) {
                Type[] c = (Type[]) cached;
                return c.length == 2 ? c : declared;
            }
            Type[] made = resolve(md.getMethod(), service.getServiceInterfaceClass(), declared);
            md.addAttribute(KEY, made == declared ? new Type[0] : made);
            return made;
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
