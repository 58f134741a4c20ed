/**
 * The in-memory SiteCreditLedger: an append-only list of lines whose sum is
 * the balance, written as the site_credit_entries table is (the same
 * descriptions, once per order and reason, once per instant-win ticket, no
 * line for nothing). The payment doubles and the staff customer doubles both
 * keep their ledger in one of these, so neither drifts on its own.
 */
import { Effect } from "effect"
import { type AccountRecords, memoryCustomerRepo } from "../accounts/user-and-customer-doubles.js"
import type { CustomerRepoShape } from "../ports/accounts.js"
import {
  InsufficientSiteCredit,
  type SiteCreditEntry,
  type SiteCreditLedgerShape,
  type SiteCreditReason,
} from "../ports/payments.js"
import { type Pence, pence, ZERO_PENCE } from "../rules/money.js"
import { memoryPage } from "../testing/paging.js"

/** One line of the ledger: positive credit, negative debit. */
export interface SiteCreditLine {
  readonly customerId: string
  readonly orderId?: string | null
  readonly amount: Pence
  readonly reason: SiteCreditReason
  /** What the customer's statement says; the reason when a test left it out. */
  readonly description?: string
  readonly instantWinTicketId?: string
  /** When it was written; a line a test pushed without one reads as `undatedAt`. */
  readonly at?: Date
}

/** Where the ledger keeps its lines; read afresh on every call, so a rollback may swap the list. */
export interface SiteCreditBook {
  readonly ledger: SiteCreditLine[]
}

export const siteCreditBalanceOf = (book: SiteCreditBook, customerId: string): Pence =>
  pence(
    book.ledger
      .filter((line) => line.customerId === customerId)
      .reduce((sum, line) => sum + line.amount, 0),
  )

/** Customers whose balance is read from the ledger, as the database reads it. */
export const memoryCustomerRepoOverLedger = (
  store: AccountRecords & SiteCreditBook,
): CustomerRepoShape =>
  memoryCustomerRepo(store, {
    siteCreditBalanceOf: (customerId) => siteCreditBalanceOf(store, customerId),
  })

/**
 * A SiteCreditLedger over `book`. `orderRefOf` names an order as the
 * statement shows it (its reference; the id when it has none), and
 * `undatedAt` is the time of lines pushed by hand without one.
 */
export const memorySiteCreditLedger = (
  book: SiteCreditBook,
  options: {
    readonly orderRefOf?: (orderId: string) => string | undefined
    readonly undatedAt?: Date
  } = {},
): SiteCreditLedgerShape => {
  const ref = (orderId: string) => options.orderRefOf?.(orderId) ?? orderId
  const lineOf = (orderId: string, reason: SiteCreditReason) =>
    book.ledger.find((line) => line.orderId === orderId && line.reason === reason)
  // As the adapter refuses them: a negative amount is a bug in the caller, not a refusal.
  const negative = (operation: string, amount: Pence) =>
    Effect.dieMessage(`${operation}: an amount of credit is never negative (${amount})`)
  const worthless = (operation: string, amount: Pence) =>
    Effect.dieMessage(`${operation}: credit given is worth something (${amount})`)

  return {
    balance: (customerId) => Effect.sync(() => siteCreditBalanceOf(book, customerId)),
    // Nothing runs at once in memory: the hold is the database's business.
    balanceForUpdate: (customerId) => Effect.sync(() => siteCreditBalanceOf(book, customerId)),
    debitForOrder: (customerId, orderId, amount, at) => {
      if (amount < 0) return negative("siteCredit.debitForOrder", amount)
      if (amount === 0) return Effect.void
      return Effect.suspend(() => {
        // An order debited already is left as it is, whatever the balance has become.
        if (lineOf(orderId, "OrderDebit") !== undefined) return Effect.void
        const balance = siteCreditBalanceOf(book, customerId)
        if (balance < amount) {
          return Effect.fail(new InsufficientSiteCredit({ customerId, balance, requested: amount }))
        }
        book.ledger.push({
          customerId,
          orderId,
          amount: pence(-amount),
          reason: "OrderDebit",
          description: `Spent on order ${ref(orderId)}`,
          at,
        })
        return Effect.void
      })
    },
    refundOrder: (orderId, at) =>
      Effect.sync(() => {
        const debit = lineOf(orderId, "OrderDebit")
        if (debit === undefined || lineOf(orderId, "OrderRefund") !== undefined) return ZERO_PENCE
        book.ledger.push({
          customerId: debit.customerId,
          orderId,
          amount: pence(-debit.amount),
          reason: "OrderRefund",
          description: `Given back from order ${ref(orderId)}`,
          at,
        })
        return pence(-debit.amount)
      }),
    refundedFor: (orderId) =>
      Effect.sync(() => lineOf(orderId, "OrderRefund")?.amount ?? ZERO_PENCE),
    refundedForOrders: (orderIds) =>
      Effect.sync(
        () =>
          new Map(
            orderIds.map((orderId) => [
              orderId,
              lineOf(orderId, "OrderRefund")?.amount ?? ZERO_PENCE,
            ]),
          ),
      ),
    grant: (customerId, amount, description, at) => {
      if (amount < 0) return negative("siteCredit.grant", amount)
      if (amount === 0) return Effect.void
      return Effect.sync(() => {
        book.ledger.push({ customerId, orderId: null, amount, reason: "Grant", description, at })
      })
    },
    creditInstantWin: (customerId, credit, at) =>
      credit.amount <= 0
        ? worthless("siteCredit.creditInstantWin", credit.amount)
        : Effect.sync(() => {
            if (book.ledger.some((l) => l.instantWinTicketId === credit.instantWinTicketId)) {
              return false
            }
            book.ledger.push({
              customerId,
              orderId: null,
              amount: credit.amount,
              reason: "InstantWin",
              description: credit.description,
              instantWinTicketId: credit.instantWinTicketId,
              at,
            })
            return true
          }),
    creditForPurchase: (customerId, orderId, amount, description, at) =>
      amount <= 0
        ? worthless("siteCredit.creditForPurchase", amount)
        : Effect.sync(() => {
            if (lineOf(orderId, "Purchase") !== undefined) return false
            book.ledger.push({ customerId, orderId, amount, reason: "Purchase", description, at })
            return true
          }),
    reversePurchase: (orderId, at) =>
      Effect.suspend(() => {
        const bought = lineOf(orderId, "Purchase")
        if (bought === undefined || lineOf(orderId, "PurchaseReversal") !== undefined) {
          return Effect.succeed(ZERO_PENCE)
        }
        const balance = siteCreditBalanceOf(book, bought.customerId)
        if (balance < bought.amount) {
          return Effect.fail(
            new InsufficientSiteCredit({
              customerId: bought.customerId,
              balance,
              requested: bought.amount,
            }),
          )
        }
        book.ledger.push({
          customerId: bought.customerId,
          orderId,
          amount: pence(-bought.amount),
          reason: "PurchaseReversal",
          description: `Taken back: order ${ref(orderId)} refunded`,
          at,
        })
        return Effect.succeed(bought.amount)
      }),
    entries: (customerId, page) =>
      Effect.sync(() => {
        const undated = options.undatedAt ?? new Date(0)
        const atOf = (line: SiteCreditLine) => (line.at ?? undated).getTime()
        // Newest first; lines written at the same instant, the later first.
        const own = book.ledger
          .filter((line) => line.customerId === customerId)
          .reverse()
          .sort((a, b) => atOf(b) - atOf(a))
        const { items, ...paging } = memoryPage(page, own)
        return {
          ...paging,
          items: items.map(
            (line): SiteCreditEntry => ({
              at: new Date(atOf(line)),
              description: line.description ?? line.reason,
              amount: line.amount,
              reason: line.reason,
            }),
          ),
        }
      }),
  }
}
