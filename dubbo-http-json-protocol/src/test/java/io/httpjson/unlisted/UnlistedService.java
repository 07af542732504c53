package io.httpjson.unlisted;

/** A service whose parameter class is on no allow-list when Dubbo does not trust interface classes itself. */
public interface UnlistedService {
    String take(UnlistedPojo pojo);
}
