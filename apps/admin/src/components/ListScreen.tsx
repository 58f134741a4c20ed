import type { ColumnDef } from "@tanstack/react-table"
import { type FormEvent, type ReactNode, useId } from "react"
import { DataTable } from "./DataTable"
import { Pager } from "./Pager"
import { PageHeader } from "./PageStates"

/** One page of a list as the API answers it. */
export interface ListPage {
  readonly pageNumber: number
  readonly totalPages: number
  readonly totalCount: number
}

/**
 * The back office's list screen: a title with its actions, the filters
 * (their values live in the URL's search params), notes on what is shown,
 * the table with what to say when it is empty, and the pager while there
 * is anything to page through. Loading and a failed load are the route's
 * (_staff.tsx's pending and error components), so every list shows them
 * alike.
 */
export function ListScreen<Row>({
  title,
  actions,
  filters,
  notes,
  rows,
  columns,
  caption,
  rowKey,
  empty,
  page,
  onPage,
  children,
}: {
  readonly title: string
  /** Buttons and links beside the title (a "New …" link). */
  readonly actions?: ReactNode
  /** The filter form(s), above the table. */
  readonly filters?: ReactNode
  /** What the filters mean for the rows shown (a count, a date range), between filters and table. */
  readonly notes?: ReactNode
  readonly rows: readonly Row[]
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column values are typed per column
  readonly columns: ColumnDef<Row, any>[]
  readonly caption: string
  readonly rowKey: (row: Row) => string
  /** Said instead of the table when there are no rows: none yet, or none match. */
  readonly empty: ReactNode
  readonly page: ListPage
  /** Goes to a page: the screen puts it in the URL. */
  readonly onPage: (page: number) => void
  /** Dialogs and the like, after the list. */
  readonly children?: ReactNode
}) {
  return (
    <>
      <PageHeader title={title}>{actions}</PageHeader>
      {filters}
      {notes}
      <DataTable rows={rows} columns={columns} caption={caption} rowKey={rowKey} empty={empty} />
      {page.totalCount > 0 && <Pager page={page} onPage={onPage} />}
      {children}
    </>
  )
}

/**
 * A list's filter form: named fields read on submit, so what is typed is
 * only applied when asked. resetKey starts the form afresh when the URL's
 * filters change (Back, Clear, a shared link).
 */
export function FilterForm({
  label,
  className,
  resetKey,
  onFilter,
  submitLabel = "Filter",
  clear,
  children,
}: {
  /** The form's accessible name ("Filter orders"). */
  readonly label: string
  readonly className: string
  readonly resetKey: string
  /** The submitted fields; return nothing, or navigate to the filters read from them. */
  readonly onFilter: (fields: FormData) => void
  readonly submitLabel?: string
  /** The way back to no filters, shown only while some are set. */
  readonly clear?: ReactNode
  readonly children: ReactNode
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onFilter(new FormData(event.currentTarget))
  }
  return (
    <form aria-label={label} className={className} onSubmit={submit} key={resetKey}>
      {children}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        {clear}
      </div>
    </form>
  )
}

/** One labelled filter: a text or date input, or the control children render with the given id. */
export function FilterField({
  label,
  name,
  defaultValue,
  type = "text",
  inputClassName = "input",
  hint,
  children,
}: {
  readonly label: string
  readonly name: string
  readonly defaultValue?: string | undefined
  readonly type?: string
  readonly inputClassName?: string
  /** Under the input, tied to it by aria-describedby. */
  readonly hint?: { readonly text: ReactNode; readonly invalid?: boolean }
  readonly children?: (id: string) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="space-y-1">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children ? (
        children(id)
      ) : (
        <input
          id={id}
          name={name}
          type={type === "text" ? undefined : type}
          className={inputClassName}
          defaultValue={defaultValue ?? ""}
          aria-invalid={hint?.invalid ? true : undefined}
          aria-describedby={hint ? hintId : undefined}
        />
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint.text}
        </p>
      )}
    </div>
  )
}
