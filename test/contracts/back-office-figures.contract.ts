import { BackOfficeFigures } from "@howzat/core/ports/back-office-figures"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { HOUR, NOW } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

type Status = "AwaitingPayment" | "Completed" | "Cancelled" | "SystemCancelled"

export interface BackOfficeFiguresSeed {
  /** An order placed at `createdAt`, its totals as given, with one line of `quantity` tickets. */
  readonly order: (order: {
    readonly createdAt: Date
    readonly status: Status
    readonly items: number
    readonly discount: number
    readonly card: number
    readonly quantity: number
  }) => Promise<void>
  readonly competition: (competition: {
    readonly name: string
    readonly startDateTimeUtc: Date
    readonly closeDateTimeUtc: Date
    readonly visibilityStatus: "Visible" | "Hidden"
    readonly totalTickets: number
    readonly ticketsSold: number
  }) => Promise<string>
  /** A main draw's winner, or an instant win, handed over by staff or not. */
  readonly drawnWinner: (processed: boolean) => Promise<void>
  readonly instantWinner: (processed: boolean) => Promise<void>
}

const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR)
/** Each sales test reads a window of its own, far from anything else the database holds. */
let lastWindow = 1_000
const newWindow = () => {
  lastWindow += 100
  return lastWindow
}

/**
 * The dashboard's figures (BackOfficeFigures): paid orders in a window and
 * what they sold for, what is on sale closing soonest first, and winners
 * waiting for their prize.
 */
export const backOfficeFiguresContract = (
  name: string,
  open: OpenHarness<BackOfficeFigures, BackOfficeFiguresSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const figures = () => run(BackOfficeFigures)

    it("counts paid orders placed in the window: tickets' value after discount, card totals, tickets", async () => {
      const base = newWindow()
      await seed().order({
        createdAt: at(base),
        status: "Completed",
        items: 1000,
        discount: 100,
        card: 700,
        quantity: 4,
      })
      await seed().order({
        createdAt: at(base + 1),
        status: "Completed",
        items: 500,
        discount: 0,
        card: 500,
        quantity: 2,
      })
      // Not paid, or outside the window: not sales.
      for (const status of ["AwaitingPayment", "Cancelled", "SystemCancelled"] as const)
        await seed().order({
          createdAt: at(base),
          status,
          items: 9900,
          discount: 0,
          card: 9900,
          quantity: 9,
        })
      await seed().order({
        createdAt: at(base + 2),
        status: "Completed",
        items: 7700,
        discount: 0,
        card: 7700,
        quantity: 7,
      })
      const sales = (from: number, to: number) =>
        figures().then((f) => Effect.runPromise(f.sales(at(from), at(to))))
      expect(await sales(base, base + 2)).toEqual({
        orders: 2,
        ticketSales: 1400,
        cardTakings: 1200,
        ticketsSold: 6,
      })
      expect(await sales(base + 3, base + 4)).toEqual({
        orders: 0,
        ticketSales: 0,
        cardTakings: 0,
        ticketsSold: 0,
      })
    })

    it("sums exactly the paid orders inside any window (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              hour: fc.integer({ min: 0, max: 9 }),
              status: fc.constantFrom<Status>(
                "Completed",
                "Completed",
                "Cancelled",
                "AwaitingPayment",
              ),
              items: fc.integer({ min: 1, max: 50 }).map((n) => n * 100),
              quantity: fc.integer({ min: 1, max: 5 }),
            }),
            { maxLength: 5 },
          ),
          fc.integer({ min: 0, max: 10 }),
          fc.integer({ min: 0, max: 10 }),
          async (orders, a, b) => {
            const base = newWindow()
            for (const o of orders)
              await seed().order({
                createdAt: at(base + o.hour),
                status: o.status,
                items: o.items,
                discount: 0,
                card: o.items,
                quantity: o.quantity,
              })
            const [from, to] = [Math.min(a, b), Math.max(a, b)]
            const paid = orders.filter(
              (o) => o.status === "Completed" && o.hour >= from && o.hour < to,
            )
            const f = await figures()
            expect(await Effect.runPromise(f.sales(at(base + from), at(base + to)))).toEqual({
              orders: paid.length,
              ticketSales: paid.reduce((s, o) => s + o.items, 0),
              cardTakings: paid.reduce((s, o) => s + o.items, 0),
              ticketsSold: paid.reduce((s, o) => s + o.quantity, 0),
            })
          },
        ),
        { numRuns: 10 },
      )
    })

    it("lists competitions started and not closed, closing soonest first, then by name", async () => {
      const competition = (
        name: string,
        start: number,
        close: number,
        visibilityStatus: "Visible" | "Hidden" = "Visible",
      ) =>
        seed().competition({
          name,
          startDateTimeUtc: at(start),
          closeDateTimeUtc: at(close),
          visibilityStatus,
          totalTickets: 20,
          ticketsSold: 3,
        })
      const later = await competition("B later", -1, 5)
      const soonB = await competition("B soon", -1, 2, "Hidden")
      const soonA = await competition("A soon", -1, 2)
      const closed = await competition("Closed", -5, -1)
      const closingNow = await competition("Closing now", -5, 0)
      const notStarted = await competition("Not started", 1, 5)
      const startingNow = await competition("Starting now", 0, 6)
      const ours = [later, soonB, soonA, closed, closingNow, notStarted, startingNow]
      const listed = (await Effect.runPromise((await figures()).onSale(NOW))).filter((c) =>
        ours.includes(c.competitionId),
      )
      expect(listed.map((c) => c.competitionId)).toEqual([soonA, soonB, later, startingNow])
      expect(listed[1]).toEqual({
        competitionId: soonB,
        competitionName: "B soon",
        ticketsSold: 3,
        totalTickets: 20,
        closeDateTimeUtc: at(2),
        visibilityStatus: "Hidden",
      })
    })

    it("counts winners whose prize staff have not yet handed over", async () => {
      const waiting = () => figures().then((f) => Effect.runPromise(f.unprocessedWinners))
      const before = await waiting()
      await seed().drawnWinner(false)
      await seed().drawnWinner(true)
      await seed().instantWinner(false)
      await seed().instantWinner(false)
      await seed().instantWinner(true)
      const after = await waiting()
      expect({
        main: after.main - before.main,
        instantWin: after.instantWin - before.instantWin,
      }).toEqual({
        main: 1,
        instantWin: 2,
      })
    })
  })
