import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router"
import type { ComponentProps } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { SettlementDisagreements } from "./SettlementDisagreements"

type Disagreements = ComponentProps<typeof SettlementDisagreements>["disagreements"]

/** The block as the screen renders it, inside a router so its links resolve. */
const rendered = async (disagreements: Disagreements) => {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <SettlementDisagreements disagreements={disagreements} />,
    }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  })
  await router.load()
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe("SettlementDisagreements", () => {
  it("gives the all-clear when no order disagrees", async () => {
    const html = await rendered([])
    expect(html).toContain("No order&#x27;s payments and status disagree")
    expect(html).not.toContain("<section")
  })

  it("lists each disagreeing order with a link to it and what is wrong, in words", async () => {
    const html = await rendered([
      {
        orderId: "7d1c0a52-6f0e-4d49-9a52-1b0c3a2f9e11",
        orderRef: "HZ-1001",
        status: "Cancelled",
        cardBalance: 500,
        placedAtUtc: "2026-06-10T09:00:00.000Z",
        kinds: ["ClosedWithKeptPayment", "PaidTwice"],
      },
    ])
    expect(html).toContain("1 order&#x27;s payments and status disagree")
    expect(html).toMatch(
      /<a[^>]*href="\/orders\/7d1c0a52-6f0e-4d49-9a52-1b0c3a2f9e11"[^>]*>HZ-1001<\/a>/,
    )
    expect(html).toContain("£5.00 by card")
    expect(html).toContain("yet a succeeded payment has no refund; Two or more card payments")
  })
})
