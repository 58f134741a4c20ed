import { Checkout } from "@howzat/core/orders"
import { PurchaseGateOpen } from "@howzat/core/responsible-play"
import { testBrandLayer } from "@howzat/core/testing"
import { checkoutPortsLive, makeDatabase } from "@howzat/postgres"
import { Layer, ManagedRuntime } from "effect"
import { sql } from "kysely"

export interface Basket {
  readonly id: string
  readonly customerId: string
}

/** What one process of buyers is given: its customers' queues of baskets. */
export interface BuyersInput {
  readonly databaseUrl: string
  readonly queues: readonly (readonly Basket[])[]
  /** Connections this process opens; by default one per buyer (as pgbench has one per client). */
  readonly connections?: number | undefined
}

/** When to start and what to measure, in wall-clock milliseconds (shared by every process). */
export interface BuyersWindow {
  readonly startAt: number
  readonly windowStart: number
  readonly windowEnd: number
}

export interface BuyersResult {
  /** Latencies of the checkouts that started and finished inside the window. */
  readonly latencies: number[]
  /** Every ticket number sold, warm-up included, for the no-number-twice check. */
  readonly numbers: number[]
  readonly windowTickets: number
  readonly completed: number
  readonly errors: number
  readonly firstError: string | undefined
  readonly ranOut: boolean
  /** CPU seconds this process used inside the window. */
  readonly cpuSeconds: number
}

/** Core's Checkout on the Postgres repositories, one connection per buyer, ready to go. */
export const prepareBuyers = async (input: BuyersInput) => {
  const handle = await makeDatabase({
    databaseUrl: input.databaseUrl,
    maxConnections: input.connections ?? input.queues.length + 1,
  })
  const ports = checkoutPortsLive(handle.db)
  // The bench measures allocation; the purchase gate is not in its path.
  const runtime = ManagedRuntime.make(
    Checkout.Default.pipe(Layer.provide(Layer.mergeAll(ports, PurchaseGateOpen, testBrandLayer))),
  )
  const checkout = await runtime.runPromise(Checkout)
  // Every connection open before the start, so connecting is not measured.
  await Promise.all(
    Array.from({ length: input.connections ?? input.queues.length }, () =>
      sql`select pg_sleep(0.05)`.execute(handle.db),
    ),
  )

  const run = async (window: BuyersWindow): Promise<BuyersResult> => {
    const latencies: number[] = []
    const orderIds: string[] = []
    let windowTickets = 0
    let completed = 0
    let errors = 0
    let firstError: string | undefined
    let ranOut = false
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, window.startAt - Date.now())))
    let cpuAtWindowStart: NodeJS.CpuUsage | undefined
    const startWindow = setTimeout(
      () => {
        cpuAtWindowStart = process.cpuUsage()
      },
      Math.max(0, window.windowStart - Date.now()),
    )
    let cpuAtWindowEnd: NodeJS.CpuUsage | undefined
    const endWindow = setTimeout(
      () => {
        cpuAtWindowEnd = process.cpuUsage(cpuAtWindowStart)
      },
      Math.max(0, window.windowEnd - Date.now()),
    )
    const buyer = async (queue: readonly Basket[]) => {
      for (const basket of queue) {
        const began = Date.now()
        if (began >= window.windowEnd) return
        try {
          const outcome = await runtime.runPromise(checkout.checkout(basket.id, basket.customerId))
          const ended = Date.now()
          orderIds.push(outcome.order.id)
          completed += 1
          if (began >= window.windowStart && ended <= window.windowEnd) {
            latencies.push(ended - began)
            windowTickets += outcome.order.lines.reduce((sum, line) => sum + line.quantity, 0)
          }
        } catch (error) {
          errors += 1
          firstError ??= String(error)
        }
      }
      ranOut = true
    }
    await Promise.all(input.queues.map(buyer))
    clearTimeout(startWindow)
    clearTimeout(endWindow)
    const cpu = cpuAtWindowEnd ?? process.cpuUsage(cpuAtWindowStart)
    // The checkout answers as its customer reads an unpaid order, without
    // numbers (docs/decisions/0059): the pool says what each order holds.
    const numbers =
      orderIds.length === 0
        ? []
        : (
            await handle.db
              .selectFrom("tickets")
              .select("ticketNumber")
              .where("orderId", "in", orderIds)
              .execute()
          ).map((row) => row.ticketNumber)
    return {
      latencies,
      numbers,
      windowTickets,
      completed,
      errors,
      firstError,
      ranOut,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    }
  }

  const close = async () => {
    await runtime.dispose()
    await handle.close()
  }
  return { run, close }
}
