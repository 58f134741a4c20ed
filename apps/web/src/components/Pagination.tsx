import { pageButtons } from "@howzat/core/rules"
import type { ReactNode } from "react"
import { pageButtonCount } from "../lib/page-buttons"
import { useViewportWidth } from "../lib/viewport"
import { Icon } from "./Icon"

export interface PageControl {
  readonly page: number
  readonly label: string
  readonly current: boolean
  readonly className: string
  readonly children: ReactNode
}

const base =
  "inline-flex size-10 items-center justify-center rounded-full text-sm font-bold tabular-nums transition-colors"
const idle = `${base} border border-line bg-card hover:border-accent hover:text-accent`
const active = `${base} bg-accent text-accent-fg`

/**
 * Page-number buttons (docs/product/screens.md, docs/product/constants.md): 5, 9, 15 or 21 of them by screen width,
 * with first and last buttons once the current page is more than 2 from an
 * end. Each control is drawn by the caller as a link or a button.
 */
export const Pagination = ({
  label,
  current,
  totalPages,
  control,
}: {
  label: string
  current: number
  totalPages: number
  control: (c: PageControl) => ReactNode
}) => {
  const width = useViewportWidth()
  if (totalPages <= 1) return null
  const { pages, showFirst, showLast } = pageButtons(current, totalPages, pageButtonCount(width))
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {showFirst ? (
          <li>
            {control({
              page: 1,
              label: "First page",
              current: false,
              className: idle,
              children: <Icon name="first" />,
            })}
          </li>
        ) : null}
        {pages.map((page) => (
          <li key={page}>
            {control({
              page,
              label: `Page ${page}`,
              current: page === current,
              className: page === current ? active : idle,
              children: page,
            })}
          </li>
        ))}
        {showLast ? (
          <li>
            {control({
              page: totalPages,
              label: "Last page",
              current: false,
              className: idle,
              children: <Icon name="last" />,
            })}
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
