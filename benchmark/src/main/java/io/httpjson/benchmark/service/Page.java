package io.httpjson.benchmark.service;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** One page of a list result. */
public class Page<T> implements Serializable {
    private static final long serialVersionUID = 1L;

    private int pageNo;
    private int pageSize;
    private long total;
    private List<T> items = new ArrayList<>();

    public Page() {}

    public int getPageNo() {
        return pageNo;
    }

    public void setPageNo(int pageNo) {
        this.pageNo = pageNo;
    }

    public int getPageSize() {
        return pageSize;
    }

    public void setPageSize(int pageSize) {
        this.pageSize = pageSize;
    }

    public long getTotal() {
        return total;
    }

    public void setTotal(long total) {
        this.total = total;
    }

    public List<T> getItems() {
        return items;
    }

    public void setItems(List<T> items) {
        this.items = items;
    }
}
