import type { ShopEvent, ShopMetricsShape } from "@howzat/core/ports"
import { Counter, type Metric } from "prom-client"

/**
 * The business counters (docs/decisions/0088), the Prometheus side of
 * core's ShopMetrics port: core's use cases count, these keep the counts
 * for /metrics. Every label is from a small fixed set (an outcome, a
 * refusal's error tag, a payment provider, a kind of draw), never an id.
 * Made unregistered: the app's metrics registry (metrics.ts) takes them,
 * so two shops in one process keep their own.
 */
export const makeShopCounters = () => {
  const checkouts = new Counter({
    name: "howzat_checkouts_total",
    help: "Orders placed at checkout: AwaitingPayment (card next) or Completed (site credit paid it all).",
    labelNames: ["outcome"] as const,
    registers: [],
  })
  const refusals = new Counter({
    name: "howzat_checkout_refusals_total",
    help: "Checkouts refused, by the refusal (the use case's error: BasketEmpty, SpendLimitReached, ...).",
    labelNames: ["reason"] as const,
    registers: [],
  })
  const tickets = new Counter({
    name: "howzat_tickets_sold_total",
    help: "Tickets in orders placed at checkout (an unpaid order's go back on sale when it expires).",
    registers: [],
  })
  const payments = new Counter({
    name: "howzat_payments_total",
    help: "Payments settled, by provider and outcome: Succeeded, Declined (the card), Voided (by the shop).",
    labelNames: ["provider", "outcome"] as const,
    registers: [],
  })
  const refunds = new Counter({
    name: "howzat_refunds_total",
    help: "Refunds asked of a provider, by provider and outcome: Made, or Failed (it stays due).",
    labelNames: ["provider", "outcome"] as const,
    registers: [],
  })
  const refunded = new Counter({
    name: "howzat_refunded_pence_total",
    help: "Money the providers gave back, in pence.",
    labelNames: ["provider"] as const,
    registers: [],
  })
  const draws = new Counter({
    name: "howzat_draws_total",
    help: "Draws made by this process: automatic (the job), live (staff on the stream), redraw.",
    labelNames: ["kind"] as const,
    registers: [],
  })
  // Every fixed series from 0, so rate() and the dashboard see them before the first event.
  for (const outcome of ["AwaitingPayment", "Completed"]) checkouts.labels(outcome).inc(0)
  for (const kind of ["automatic", "live", "redraw"]) draws.labels(kind).inc(0)
  tickets.inc(0)

  const count = (event: ShopEvent): void => {
    switch (event.kind) {
      case "Checkout":
        if (event.outcome === "Refused") refusals.labels(event.reason).inc()
        else {
          checkouts.labels(event.outcome).inc()
          tickets.inc(event.tickets)
        }
        return
      case "Payment":
        payments.labels(event.provider, event.outcome).inc()
        return
      case "Refund":
        refunds.labels(event.provider, event.outcome).inc()
        if (event.outcome === "Made") refunded.labels(event.provider).inc(event.amount)
        return
      case "Draw":
        draws.labels(event.drawKind).inc()
        return
    }
  }

  /** For each provider on offer, its payment and refund series from 0. */
  const offer = (providers: readonly string[]) => {
    for (const provider of providers) {
      for (const outcome of ["Succeeded", "Declined", "Voided"])
        payments.labels(provider, outcome).inc(0)
      for (const outcome of ["Made", "Failed"]) refunds.labels(provider, outcome).inc(0)
      refunded.labels(provider).inc(0)
    }
  }

  const metrics: readonly Metric[] = [
    checkouts,
    refusals,
    tickets,
    payments,
    refunds,
    refunded,
    draws,
  ]
  const shopMetrics: ShopMetricsShape = { count }
  return { shopMetrics, metrics, offer }
}

export type ShopCounters = ReturnType<typeof makeShopCounters>
