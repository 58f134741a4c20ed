/**
 * Every read the back office makes to show a list, a search, a report or
 * the dashboard (apps/admin's loaders, with the parameters they send), for
 * the back-office benchmark (backoffice.ts) and the large-shop seed's test,
 * which reads each once. `i` varies the page or the search between calls,
 * so a measurement is not one query repeated.
 */
import type { Database } from "@howzat/postgres"
import { type Kysely, sql } from "kysely"

/** Real rows of the seeded shop to search for and open. */
export interface Samples {
  readonly orderIds: readonly string[]
  readonly orderRefs: readonly string[]
  readonly refundedOrderIds: readonly string[]
  readonly customerIds: readonly string[]
  readonly emails: readonly string[]
  readonly lastNames: readonly string[]
  readonly fullNames: readonly string[]
  /** Drawn, with a winner: the host sheet and the entry list. */
  readonly drawnCompetitionIds: readonly string[]
  readonly liveCompetitionIds: readonly string[]
}

export interface BackOfficeRead {
  readonly group: string
  readonly name: string
  readonly path: (samples: Samples, i: number) => string
}

const pick = <A>(values: readonly A[], i: number): A => {
  const value = values[i % values.length]
  if (value === undefined) throw new Error("no sample to read")
  return value
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/** A London day as YYYY-MM-DD, `days` before `now`. */
const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10)

export const backOfficeReads = (now: Date): readonly BackOfficeRead[] => [
  { group: "Dashboard", name: "dashboard figures", path: () => "/api/Dashboard" },
  { group: "Dashboard", name: "dashboard charts", path: () => "/api/Dashboard/Charts" },

  {
    group: "Orders",
    name: "orders list, pages 1-5",
    path: (_, i) => `/api/Orders?${query({ PageNumber: 1 + (i % 5), PageSize: 20 })}`,
  },
  {
    group: "Orders",
    name: "orders list, a page half way (5,000)",
    path: (_, i) => `/api/Orders?${query({ PageNumber: 5000 + i, PageSize: 20 })}`,
  },
  {
    group: "Orders",
    name: "orders by status (Refunded)",
    path: () => `/api/Orders?${query({ PageNumber: 1, PageSize: 20, OrderStatus: "Refunded" })}`,
  },
  {
    group: "Orders",
    name: "orders placed in the last 7 days",
    path: () =>
      `/api/Orders?${query({
        PageNumber: 1,
        PageSize: 20,
        "OrderCreatedDateRange.FromDate": `${dayBefore(now, 7)}T00:00:00Z`,
        "OrderCreatedDateRange.ToDate": `${dayBefore(now, 0)}T23:59:59Z`,
      })}`,
  },
  {
    group: "Orders",
    name: "order search by reference",
    path: (s, i) => `/api/Orders?${query({ Search: pick(s.orderRefs, i), PageSize: 20 })}`,
  },
  {
    group: "Orders",
    name: "order search by reference start (4 characters)",
    path: (s, i) =>
      `/api/Orders?${query({ Search: pick(s.orderRefs, i).slice(0, 4), PageSize: 20 })}`,
  },
  {
    group: "Orders",
    name: "order search by email",
    path: (s, i) => `/api/Orders?${query({ Search: pick(s.emails, i), PageSize: 20 })}`,
  },
  {
    group: "Orders",
    name: "order search by name",
    path: (s, i) => `/api/Orders?${query({ Search: pick(s.fullNames, i), PageSize: 20 })}`,
  },
  {
    group: "Orders",
    name: "a customer's orders",
    path: (s, i) =>
      `/api/Orders?${query({ CustomerId: pick(s.customerIds, i), PageNumber: 1, PageSize: 10 })}`,
  },
  { group: "Orders", name: "one order", path: (s, i) => `/api/Orders/${pick(s.orderIds, i)}` },
  {
    group: "Orders",
    name: "one order's tickets",
    path: (s, i) => `/api/Orders/${pick(s.orderIds, i)}/tickets`,
  },

  {
    group: "Customers",
    name: "customers list, pages 1-5",
    path: (_, i) => `/api/Customers?${query({ PageNumber: 1 + (i % 5), PageSize: 20 })}`,
  },
  {
    group: "Customers",
    name: "customer search by last name",
    path: (s, i) =>
      `/api/Customers?${query({ PageNumber: 1, PageSize: 20, LastName: pick(s.lastNames, i) })}`,
  },
  {
    group: "Customers",
    name: "customer search by email",
    path: (s, i) =>
      `/api/Customers?${query({ PageNumber: 1, PageSize: 20, Email: pick(s.emails, i) })}`,
  },
  {
    group: "Customers",
    name: "one customer (back-office details)",
    path: (s, i) => `/api/Customers/${pick(s.customerIds, i)}/back-office`,
  },
  {
    group: "Customers",
    name: "a customer's live competitions",
    path: (s, i) =>
      `/api/Customers/${pick(s.customerIds, i)}/competitions?${query({ Status: "1", PageSize: 50 })}`,
  },
  {
    group: "Customers",
    name: "a customer's past competitions",
    path: (s, i) =>
      `/api/Customers/${pick(s.customerIds, i)}/competitions?${query({ Status: "3", PageSize: 50 })}`,
  },
  {
    group: "Customers",
    name: "a customer's site-credit ledger",
    path: (s, i) =>
      `/api/Customers/${pick(s.customerIds, i)}/site-credit-account?${query({ PageNumber: 1, PageSize: 10 })}`,
  },

  {
    group: "Competitions",
    name: "competitions list",
    path: (_, i) =>
      `/api/Competitions?${query({ TimePeriod: "All", VisibilityStatus: "All", PageNumber: 1 + (i % 5), PageSize: 20 })}`,
  },
  {
    group: "Competitions",
    name: "competition search by name",
    path: (_, i) =>
      `/api/Competitions?${query({ Name: ["Rolex", "Tesla", "Cash", "Hot Tub"][i % 4] ?? "", TimePeriod: "All", VisibilityStatus: "All", PageSize: 20 })}`,
  },
  {
    group: "Competitions",
    name: "competition choices (100)",
    path: () =>
      `/api/Competitions?${query({ TimePeriod: "All", VisibilityStatus: "All", PageSize: 100 })}`,
  },
  {
    group: "Competitions",
    name: "one competition",
    path: (s, i) => `/api/Competitions/${pick(s.liveCompetitionIds, i)}`,
  },

  {
    group: "Draws and winners",
    name: "competitions waiting to be drawn",
    path: () => "/api/Draws/CompetitionsWaitingToBeDrawn",
  },
  {
    group: "Draws and winners",
    name: "draws list",
    path: (_, i) => `/api/Draws?${query({ PageNumber: 1 + (i % 5), PageSize: 20 })}`,
  },
  {
    group: "Draws and winners",
    name: "draw host sheet",
    path: (s, i) => `/api/Draws/host/${pick(s.drawnCompetitionIds, i)}`,
  },
  {
    group: "Draws and winners",
    name: "entry list (CSV, a whole competition)",
    path: (s, i) => `/api/Draws/entry-list/${pick(s.drawnCompetitionIds, i)}`,
  },
  {
    group: "Draws and winners",
    name: "main-prize winners",
    path: (_, i) =>
      `/api/CompetitionWinners/MainPrizeWinners?${query({ WinnerProcessedStatus: "All", WinnerVisibility: "All", PageNumber: 1 + (i % 5), PageSize: 20 })}`,
  },
  {
    group: "Draws and winners",
    name: "instant-win winners",
    path: (_, i) =>
      `/api/CompetitionWinners/InstantWinPrizeWinners?${query({ WinnerProcessedStatus: "All", WinnerVisibility: "All", PageNumber: 1 + (i % 3), PageSize: 20 })}`,
  },
  { group: "Draws and winners", name: "claim window", path: () => "/api/Draws/claim-window" },

  {
    group: "Reports",
    name: "settlements, the default window",
    path: () => "/api/Reports/settlements",
  },
  {
    group: "Reports",
    name: "settlements, 31 days",
    path: () =>
      `/api/Reports/settlements?${query({ from: dayBefore(now, 31), to: dayBefore(now, 1) })}`,
  },

  {
    group: "Audit and staff",
    name: "audit log",
    path: (_, i) => `/api/AuditLog?${query({ PageNumber: 1 + (i % 5) })}`,
  },
  {
    group: "Audit and staff",
    name: "audit log of one order",
    path: (s, i) =>
      `/api/AuditLog?${query({ SubjectType: "Order", SubjectId: pick(s.refundedOrderIds, i) })}`,
  },
  {
    group: "Audit and staff",
    name: "staff list",
    path: () => `/api/Users?${query({ PageSize: 100 })}`,
  },

  {
    group: "Other lists",
    name: "harm signals awaiting review",
    path: () =>
      `/api/HarmSignals?${query({ Status: "AwaitingReview", PageNumber: 1, PageSize: 20 })}`,
  },
  { group: "Other lists", name: "complaints", path: () => "/api/Complaints" },
  {
    group: "Other lists",
    name: "contact messages",
    path: () =>
      `/api/ContactMessages?${query({ Status: "Unhandled", PageNumber: 1, PageSize: 20 })}`,
  },
  {
    group: "Other lists",
    name: "vouchers",
    path: () => `/api/Promotions?${query({ PageNumber: 1 })}`,
  },
  {
    group: "Other lists",
    name: "image library",
    path: () => `/api/Images?${query({ PageNumber: 1, PageSize: 24 })}`,
  },
]

/** Samples of the seeded shop, read straight from its database. */
export const readSamples = async (db: Kysely<Database>, count = 20): Promise<Samples> => {
  const column = async (statement: ReturnType<typeof sql<{ v: string }>>) =>
    (await statement.execute(db)).rows.map((row) => row.v)
  // Evenly through the table, not its first rows: tablesample would be random per run.
  const orders = await sql<{ id: string; ref: string }>`
    select id::text as id, order_ref as ref from orders
    where status = 'Completed' order by id limit ${count}`.execute(db)
  const customers = await sql<{ id: string; email: string; first: string; last: string }>`
    select c.id::text as id, u.email, u.first_name as first, u.last_name as last
    from customers c join users u on u.id = c.user_id
    where exists (select 1 from orders o where o.customer_id = c.id)
    order by c.id limit ${count}`.execute(db)
  return {
    orderIds: orders.rows.map((r) => r.id),
    orderRefs: orders.rows.map((r) => r.ref),
    refundedOrderIds: await column(
      sql`select id::text as v from orders where status = 'Refunded' order by id limit ${count}`,
    ),
    customerIds: customers.rows.map((r) => r.id),
    emails: customers.rows.map((r) => r.email),
    lastNames: customers.rows.map((r) => r.last),
    fullNames: customers.rows.map((r) => `${r.first} ${r.last}`),
    drawnCompetitionIds: await column(
      sql`select competition_id::text as v from draws where outcome = 'Winner'
        order by competition_id limit ${count}`,
    ),
    liveCompetitionIds: await column(
      sql`select id::text as v from competitions where close_date_time_utc > now()
        order by id limit ${count}`,
    ),
  }
}
