package io.httpjson.demo.api;

/**
 * Exported twice, as version {@code 1.0.0} in group {@code stable} and version {@code 2.0.0} in group
 * {@code canary}: a caller must say which (the {@code Dubbo-Service-Version} and {@code Dubbo-Service-Group}
 * headers, or {@code ?version=} and {@code ?group=}).
 */
public interface ReleaseService {

    /** Which export answered: {@code "1.0.0/stable"} or {@code "2.0.0/canary"}. */
    String release();
}
