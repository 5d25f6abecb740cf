interface PagerProps {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  /** Names the list being paged, for screen readers ("Notifications pages"). */
  label: string;
}

/** Previous / next buttons with "Page n of m"; nothing when everything fits on one page. */
export function Pager({ page, lastPage, onPage, label }: PagerProps) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="pager-status">
        Page {page} of {lastPage}
      </span>
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
