import { BackOfficeFigures } from "@howzat/core/ports"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { HOUR, NOW } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

type Status = "AwaitingPayment" | "Completed" | "Cancelled" | "SystemCancelled"

export interface BackOfficeFiguresSeed {
  /**
   * An order placed at `createdAt`, its totals as given, with one line of
   * `quantity` tickets in `competitionId` (by default, a competition of the seed's own).
   */
  readonly order: (order: {
    readonly competitionId?: string
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

    it("sums exactly the paid orders inside any window, by the hour too (property)", async () => {
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
            // The charts' hours add up to the same window's figures.
            const hours = await Effect.runPromise(f.salesByHour(at(base + from), at(base + to)))
            expect(hours.reduce((s, h) => s + h.ticketSales, 0)).toBe(
              paid.reduce((s, o) => s + o.items, 0),
            )
            expect(hours.reduce((s, h) => s + h.orders, 0)).toBe(paid.length)
            expect(new Set(hours.map((h) => h.hourStartUtc.getTime())).size).toBe(hours.length)
          },
        ),
        { numRuns: 10 },
      )
    })

    it("sums paid orders per UTC hour, only hours with a sale, oldest first", async () => {
      const base = newWindow()
      const order = (minutes: number, status: Status, items: number, discount = 0) =>
        seed().order({
          createdAt: new Date(at(base).getTime() + minutes * 60_000),
          status,
          items,
          discount,
          card: items - discount,
          quantity: 1,
        })
      await order(0, "Completed", 1000, 100)
      await order(59, "Completed", 500)
      await order(60, "Cancelled", 9900)
      await order(61, "AwaitingPayment", 9900)
      await order(150, "Completed", 300)
      await order(150, "SystemCancelled", 9900)
      // At the window's end: the next window's, not this one's.
      await order(180, "Completed", 7700)
      const hours = await Effect.runPromise((await figures()).salesByHour(at(base), at(base + 3)))
      expect(hours).toEqual([
        { hourStartUtc: at(base), orders: 2, ticketSales: 1400 },
        { hourStartUtc: at(base + 2), orders: 1, ticketSales: 300 },
      ])
      expect(
        await Effect.runPromise((await figures()).salesByHour(at(base + 4), at(base + 5))),
      ).toEqual([])
    })

    it("counts each competition's tickets in paid orders per UTC hour", async () => {
      const base = newWindow()
      const competition = (name: string) =>
        seed().competition({
          name,
          startDateTimeUtc: at(base - 10),
          closeDateTimeUtc: at(base + 10),
          visibilityStatus: "Visible",
          totalTickets: 100,
          ticketsSold: 0,
        })
      const car = await competition("A car")
      const cash = await competition("Cash")
      const order = (competitionId: string, hour: number, status: Status, quantity: number) =>
        seed().order({
          competitionId,
          createdAt: new Date(at(base + hour).getTime() + 30 * 60_000),
          status,
          items: quantity * 100,
          discount: 0,
          card: quantity * 100,
          quantity,
        })
      await order(car, 0, "Completed", 3)
      await order(car, 0, "Completed", 2)
      await order(cash, 0, "Completed", 4)
      await order(car, 1, "Cancelled", 9)
      await order(cash, 2, "Completed", 1)
      await order(cash, 2, "AwaitingPayment", 9)
      await order(car, 3, "Completed", 9)
      const rows = (
        await Effect.runPromise((await figures()).ticketsByHour(at(base), at(base + 3)))
      ).filter((r) => r.competitionId === car || r.competitionId === cash)
      const sorted = [...rows].sort(
        (a, b) =>
          a.hourStartUtc.getTime() - b.hourStartUtc.getTime() ||
          (a.competitionId === car ? -1 : 1) - (b.competitionId === car ? -1 : 1),
      )
      expect(sorted).toEqual([
        { competitionId: car, hourStartUtc: at(base), ticketsSold: 5 },
        { competitionId: cash, hourStartUtc: at(base), ticketsSold: 4 },
        { competitionId: cash, hourStartUtc: at(base + 2), ticketsSold: 1 },
      ])
      expect(rows.map((r) => r.hourStartUtc.getTime())).toEqual(
        sorted.map((r) => r.hourStartUtc.getTime()),
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
