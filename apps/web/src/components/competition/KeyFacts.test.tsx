import type { CompetitionJson } from "@howzat/contracts/catalogue"
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { KeyFacts } from "./KeyFacts"

const competition: CompetitionJson = {
  id: "c1",
  name: "Cricket Bat",
  description: "",
  ticketPrice: 99,
  totalTickets: 2500,
  ticketsSoldToDate: 0,
  maxTicketsPerCustomer: 100,
  defaultTicketSaleQuantity: 10,
  cashAlternativeValue: null,
  startDateTimeUtc: "2025-03-01T00:00:00.000Z",
  closeDateTimeUtc: "2025-03-13T19:00:00.000Z",
  drawDateTimeUtc: "2025-03-13T20:30:00.000Z",
  currentDateTimeUtc: "2025-03-05T00:00:00.000Z",
  drawType: "Automatic",
  visibilityStatus: "Visible",
  status: 1,
  type: "Standard",
  categoryIds: [],
  attributes: [],
  imageGroup: null,
  instantWinGroups: [],
  drawCommitment: "0".repeat(64),
  instantWinCommitment: null,
}

/** The block as the page renders it, inside a router so its links resolve. */
const rendered = async () => {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <KeyFacts competition={competition} /> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  })
  await router.load()
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe("KeyFacts", () => {
  it("is a headed description list of the six facts, with links to the fairness and FAQ pages", async () => {
    const html = await rendered()
    expect(html).toContain('aria-labelledby="key-facts-title"')
    expect(html.match(/<dt/g)).toHaveLength(6)
    expect(html.match(/<dd/g)).toHaveLength(6)
    expect(html).toContain('<dt class="text-xs text-muted">Cash alternative</dt>')
    expect(html).toContain("None: the prize is awarded as described")
    expect(html).toMatch(/<a[^>]*href="\/Legitimacy"[^>]*>How our draws work<\/a>/)
    expect(html).toMatch(/<a[^>]*href="\/FAQ"[^>]*>How to enter by post<\/a>/)
  })
})
