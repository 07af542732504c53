package io.httpjson.demo.api;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** One page of a larger result: a generic container, so the codec has to honour {@code Page<User>}. */
public class Page<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private int pageNumber;
    private int pageSize;
    private long total;
    private List<T> items = new ArrayList<>();

    public Page() {}

    public Page(int pageNumber, int pageSize, long total, List<T> items) {
        this.pageNumber = pageNumber;
        this.pageSize = pageSize;
        this.total = total;
        this.items = items;
    }

    public int getPageNumber() {
        return pageNumber;
    }

    public void setPageNumber(int pageNumber) {
        this.pageNumber = pageNumber;
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Page<?> p)) {
            return false;
        }
        return pageNumber == p.pageNumber
                && pageSize == p.pageSize
                && total == p.total
                && Objects.equals(items, p.items);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pageNumber, pageSize, total, items);
    }

    @Override
    public String toString() {
        return "Page{pageNumber=" + pageNumber + ", pageSize=" + pageSize + ", total=" + total + ", items=" + items
                + '}';
    }
}
