package io.httpjson.codec;

/**
 * Stands in for a remote exception whose class this side may not or cannot instantiate (not admitted by Dubbo's
 * serialize allow-list, not found, or not a Throwable). {@link #getRemoteClassName()} names the remote class.
 */
public class RemoteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String remoteClassName;

    public RemoteException(String remoteClassName, String message, Throwable cause) {
        super(message, cause);
        this.remoteClassName = remoteClassName;
    }

    public String getRemoteClassName() {
        return remoteClassName;
    }
}
