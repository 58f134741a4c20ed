/**
 * Paging for a list whose page lives in the URL (typed search params), so
 * Back, a reload and a shared link all land on the same page.
 */
export function Pager({
  page,
  onPage,
}: {
  readonly page: {
    readonly pageNumber: number
    readonly totalPages: number
    readonly totalCount: number
  }
  readonly onPage: (pageNumber: number) => void
}) {
  const { pageNumber, totalPages, totalCount } = page
  return (
    <nav
      aria-label="Pages"
      className="mt-3 flex items-center justify-between text-sm text-slate-600"
    >
      <span>
        {totalCount} {totalCount === 1 ? "result" : "results"} · page {pageNumber} of {totalPages}
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className="btn"
          disabled={pageNumber <= 1}
          onClick={() => onPage(pageNumber - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn"
          disabled={pageNumber >= totalPages}
          onClick={() => onPage(pageNumber + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  )
}
