import {
  type CellContext,
  createColumnHelper,
  createTable,
  getCoreRowModel,
} from "@tanstack/react-table"
import { isValidElement, type ReactElement, useState } from "react"
import { describe, expect, it } from "vitest"
import { renderTemplate } from "./DataTable"

interface AttributeType {
  readonly id: string
  readonly description: string
}

/** Stands in for the rename form of the attribute types screen: it keeps what is typed. */
function RenameForm({ initial }: { readonly initial: string }) {
  const [text] = useState(initial)
  return <input defaultValue={text} />
}

/**
 * The columns as a screen makes them: anew on every render, with the cell
 * an inline function (attribute-types.tsx shows the form in the row being
 * renamed).
 */
const columnsOfOneRender = () => {
  const column = createColumnHelper<AttributeType>()
  return [
    column.accessor("description", {
      header: () => "Description",
      cell: (info) => <RenameForm initial={info.getValue()} />,
    }),
  ]
}

const firstCell = (columns: ReturnType<typeof columnsOfOneRender>) => {
  const table = createTable<AttributeType>({
    data: [{ id: "mileage", description: "Mileage" }],
    columns,
    getCoreRowModel: getCoreRowModel(),
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  })
  // As useReactTable does: the table starts from its own initial state.
  table.setOptions((options) => ({ ...options, state: table.initialState }))
  const cell = table.getRowModel().rows[0]?.getVisibleCells()[0]
  if (!cell) throw new Error("the table has no cell")
  return { template: cell.column.columnDef.cell, context: cell.getContext() }
}

const shown = (columns: ReturnType<typeof columnsOfOneRender>) => {
  const { template, context } = firstCell(columns)
  const node = renderTemplate(template, context as CellContext<AttributeType, unknown>)
  if (!isValidElement(node)) throw new Error("the cell showed no element")
  return node as ReactElement<{ initial: string }>
}

describe("a table's cells", () => {
  it("give the same component on every render of the screen, so what a cell holds is kept", () => {
    // Two renders of the screen: say, before and after its list is loaded again.
    const before = shown(columnsOfOneRender())
    const after = shown(columnsOfOneRender())
    // Of the same type, React keeps the form's state; a type new on each render would
    // mount a fresh form, and a half-typed rename would start again from the old text.
    expect(before.type).toBe(RenameForm)
    expect(after.type).toBe(before.type)
    expect(after.props.initial).toBe("Mileage")
  })

  it("show a header or cell given as text as it is", () => {
    const { context } = firstCell(columnsOfOneRender())
    expect(renderTemplate("Actions", context as CellContext<AttributeType, unknown>)).toBe(
      "Actions",
    )
  })
})
