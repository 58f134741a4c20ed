import { createFileRoute, Link } from "@tanstack/react-router"
import { type KeyboardEvent, useId, useRef, useState } from "react"
import { pageTitle } from "../../brand"
import { EmptyState } from "../../components/PageStates"

export const Route = createFileRoute("/Account/Tickets")({
  head: () => ({ meta: [{ title: pageTitle("My Tickets") }] }),
  component: Tickets,
})

const tabs = [
  {
    key: "upcoming",
    label: "UPCOMING",
    empty: "You don't seem to have bought any tickets for upcoming competitions.",
  },
  {
    key: "drawn",
    label: "DRAWN",
    empty: "You don't seem to have bought any tickets for drawn competitions.",
  },
] as const

/**
 * SPEC §2's two tabs. Tickets are bought through the basket, which is not
 * built yet, so nobody has any: both tabs honestly show their empty text
 * (docs/decisions/0005). The list and its paging arrive with orders.
 */
function Tickets() {
  const [selected, setSelected] = useState(0)
  const id = useId()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  // The WAI-ARIA tabs pattern: arrows, Home and End move between tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1
    const next =
      event.key === "ArrowRight"
        ? selected === last
          ? 0
          : selected + 1
        : event.key === "ArrowLeft"
          ? selected === 0
            ? last
            : selected - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined
    if (next === undefined) return
    event.preventDefault()
    setSelected(next)
    buttons.current[next]?.focus()
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="display-title mb-4 text-2xl">
        Recent Tickets
      </h2>
      <div role="tablist" aria-label="Tickets" className="mb-6 flex gap-2" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={selected === i}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={selected === i ? 0 : -1}
            onClick={() => setSelected(i)}
            className={`btn min-w-32 ${selected === i ? "bg-accent text-accent-fg" : "border border-line bg-card text-muted hover:text-fg"}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-${tab.key}-panel`}
          aria-labelledby={`${id}-${tab.key}-tab`}
          hidden={selected !== i}
        >
          <EmptyState title={tab.empty}>
            <Link to="/Competitions" className="btn-primary">
              View competitions
            </Link>
          </EmptyState>
        </div>
      ))}
    </section>
  )
}
