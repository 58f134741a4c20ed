import {
  type ColumnDef,
  type ColumnDefTemplate,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table"
import { type ReactNode, useState } from "react"

/**
 * What a header or a cell shows. TanStack's flexRender would mount a
 * function as a component of its own, and the screens make their columns
 * anew on every render: each render of a screen would be a new component
 * type, and React would throw away whatever a cell holds (a rename half
 * typed, its focus) whenever the screen renders again, for instance when
 * its list comes back from a reload. Called as a plain function, the cell's
 * elements keep their place, and their components their state.
 */
export const renderTemplate = <Props extends object>(
  template: ColumnDefTemplate<Props> | undefined,
  props: Props,
): ReactNode => (typeof template === "function" ? template(props) : template)

/**
 * A list screen's table (TanStack Table). The server filters and pages
 * (the screen's search params say which page); the table sorts the page it
 * was given by any column header, with the sort order announced.
 */
export function DataTable<Row>({
  rows,
  columns,
  caption,
  empty,
  rowKey,
}: {
  readonly rows: readonly Row[]
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column values are typed per column
  readonly columns: ColumnDef<Row, any>[]
  readonly caption: string
  readonly empty: ReactNode
  readonly rowKey: (row: Row) => string
}) {
  const [sorting, setSorting] = useState<SortingState>([])
  const table = useReactTable({
    data: rows as Row[],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => rowKey(row),
  })
  if (rows.length === 0) return <>{empty}</>
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const label = renderTemplate(header.column.columnDef.header, header.getContext())
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2 font-semibold whitespace-nowrap"
                    aria-sort={
                      sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {label}
                        <span aria-hidden="true">
                          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-top">
                  {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
