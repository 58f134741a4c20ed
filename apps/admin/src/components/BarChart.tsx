import { useId, useState } from "react"
import { scaleTop } from "../lib/dashboard-charts"

export interface Bar {
  readonly key: string
  /** What the bar is, in full, for its row of the table and its tooltip ("Tue 3 Nov"). */
  readonly label: string
  readonly value: number
  /** A further figure for the table only ("2 orders"). */
  readonly detail?: string
}

/**
 * A bar chart drawn by hand in SVG (no charting library: a few hundred bytes
 * against tens of kilobytes; docs/decisions/0078-dashboard-charts.md).
 *
 * Seen: a title, a sentence saying what it shows, the bars scaled to a
 * round top figure, and a few axis labels. Heard: the title, the sentence
 * (the chart itself, reachable by Tab, is an image labelled by them), then
 * the same figures as a table. "Show as table" puts that table on screen in
 * place of the bars. Bars grow in only when the system allows motion.
 */
export function BarChart({
  title,
  summary,
  bars,
  labelHeading,
  valueHeading,
  format = String,
  scaleFormat = format,
  axisLabel = (bar) => bar.label,
  headingLevel = 3,
  detailHeading,
}: {
  readonly title: string
  readonly summary: string
  readonly bars: readonly Bar[]
  readonly labelHeading: string
  readonly valueHeading: string
  /** A value as words and figures ("£12.50"). */
  readonly format?: (value: number) => string
  /** A value as the scale's short label ("£1.5k"); `format` unless given. */
  readonly scaleFormat?: (value: number) => string
  /** The short label under the axis's first, middle and last bars ("3 Nov", "14:00"). */
  readonly axisLabel?: (bar: Bar) => string
  readonly headingLevel?: 2 | 3
  /** The table's third column, filled from each bar's `detail`. */
  readonly detailHeading?: string
}) {
  const id = useId()
  const [asTable, setAsTable] = useState(false)
  const Heading = headingLevel === 2 ? "h2" : "h3"
  const top = scaleTop(Math.max(0, ...bars.map((b) => b.value)))
  const width = 100 / Math.max(1, bars.length)
  const ticks = [...new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1])]
    .map((i) => bars[i])
    .filter((b): b is Bar => b !== undefined)
  return (
    <figure className="min-w-0 space-y-2" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={`${id}-title`} className="font-semibold">
          {title}
        </Heading>
        <button
          type="button"
          className="btn px-2 py-1 text-xs"
          aria-pressed={asTable}
          aria-controls={`${id}-table`}
          onClick={() => setAsTable((shown) => !shown)}
        >
          Show as table
        </button>
      </div>
      <figcaption id={`${id}-summary`} className="text-sm text-slate-600">
        {summary}
      </figcaption>
      {!asTable && (
        <div
          role="img"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: Tab reaches each chart and reads out its title and summary
          tabIndex={0}
          aria-labelledby={`${id}-title ${id}-summary`}
          className="rounded"
        >
          <div className="flex items-stretch gap-2">
            <div
              className="flex w-14 shrink-0 flex-col justify-between text-right text-xs text-slate-500"
              aria-hidden="true"
            >
              <span>{scaleFormat(top)}</span>
              <span>{scaleFormat(0)}</span>
            </div>
            <svg
              className="h-36 w-full border-b border-l border-slate-300 sm:h-44"
              aria-hidden="true"
              focusable="false"
            >
              <line x1="0" x2="100%" y1="50%" y2="50%" className="stroke-slate-100" />
              {bars.map((bar, i) => {
                const height = (bar.value / top) * 100
                return (
                  <rect
                    key={bar.key}
                    data-value={bar.value}
                    className="chart-bar fill-primary-600"
                    x={`${i * width + width * 0.15}%`}
                    width={`${width * 0.7}%`}
                    y={`${100 - height}%`}
                    height={`${height}%`}
                  >
                    <title>{`${bar.label}: ${format(bar.value)}`}</title>
                  </rect>
                )
              })}
            </svg>
          </div>
          <div className="ml-16 flex justify-between text-xs text-slate-500" aria-hidden="true">
            {ticks.map((bar) => (
              <span key={bar.key}>{axisLabel(bar)}</span>
            ))}
          </div>
        </div>
      )}
      <div id={`${id}-table`} className={asTable ? undefined : "sr-only"}>
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 font-medium">
                {labelHeading}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {valueHeading}
              </th>
              {detailHeading && (
                <th scope="col" className="py-1 text-right font-medium">
                  {detailHeading}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row" className="py-1 text-left font-normal">
                  {bar.label}
                </th>
                <td className="py-1 text-right tabular-nums">{format(bar.value)}</td>
                {detailHeading && <td className="py-1 text-right tabular-nums">{bar.detail}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
