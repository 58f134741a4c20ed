import { Effect, Layer } from "effect"
import type { MailMessage } from "../accounts/model.js"
import type { RateLimitPolicyShape } from "../accounts/throttle.js"
import { RepositoryError } from "../competitions/errors.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { type Complaint, ComplaintStore } from "../ports/complaints.js"
import { SecureRandom } from "../ports/secure-random.js"
import type { OrderOwner } from "../rules/complaints.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import {
  memoryMailer,
  memoryThrottle,
  type RateCounters,
  testBrandLayer,
  transactionsRestoring,
} from "../testing/mail-and-limits.js"
import { ComplaintSettings, Complaints } from "./complaints.js"
import { StaffComplaints } from "./staff-complaints.js"

export interface MemoryComplaints {
  complaints: Complaint[]
  outbox: MailMessage[]
  audit: AuditEntry[]
  counters: RateCounters
  mailerDown: boolean
  /** Random bytes to hand out next, before falling back to real randomness (to force clashes). */
  scriptedBytes: Uint8Array[]
  /** The shop's orders as far as complaints see them: a reference and whose it is. */
  orders: (OrderOwner & { readonly reference: string })[]
}

export const emptyComplaints = (): MemoryComplaints => ({
  complaints: [],
  outbox: [],
  audit: [],
  counters: new Map(),
  mailerDown: false,
  scriptedBytes: [],
  orders: [],
})

export const COMPLAINTS_CARE_ADDRESS = "care@shop.example"

let ids = 0

/** The table's check on a reference (looser than the rule's alphabet, as the migration wrote it). */
const TABLE_REFERENCE = /^HZC-[0-9]{4}-[0-9A-Z]{6}$/

/**
 * The ComplaintStore in memory: references unique and of the table's shape,
 * newest first, the status the last step's. The Postgres store is
 * adapters/postgres/src/repos/complaints.ts; test/contracts holds both to
 * one contract.
 */
export const complaintStoreOver = (state: MemoryComplaints) => {
  const replace = (complaint: Complaint) => {
    const index = state.complaints.findIndex((c) => c.id === complaint.id)
    state.complaints[index] = complaint
    return complaint
  }
  return Layer.succeed(ComplaintStore, {
    insert: (c) =>
      Effect.suspend(() => {
        if (!TABLE_REFERENCE.test(c.reference)) {
          return Effect.fail(
            new RepositoryError({ operation: "complaints.insert", cause: "reference check" }),
          )
        }
        if (state.complaints.some((x) => x.reference === c.reference)) return Effect.succeed(null)
        const complaint: Complaint = {
          ...c.form,
          id: `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
          reference: c.reference,
          source: c.source,
          customerId: c.customerId,
          status: "Received",
          receivedAt: c.at,
          updatedAt: c.at,
          history: [{ at: c.at, status: "Received", note: null, by: c.loggedBy }],
        }
        state.complaints.push(complaint)
        return Effect.succeed(complaint)
      }),
    list: (query) =>
      Effect.sync(() => {
        const chosen = state.complaints
          .filter((c) => query.status === undefined || c.status === query.status)
          .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1))
          .map((c) => ({ ...c, history: [] }))
        const { pageNumber, pageSize } = query.page
        return {
          items: chosen.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
          pageNumber,
          pageSize,
          totalCount: chosen.length,
        }
      }),
    byId: (id) => Effect.sync(() => state.complaints.find((c) => c.id === id) ?? null),
    held: (id) => Effect.sync(() => state.complaints.find((c) => c.id === id) ?? null),
    addStep: (id, step) =>
      Effect.sync(() => {
        const before = state.complaints.find((c) => c.id === id) as Complaint
        return replace({
          ...before,
          status: step.status,
          updatedAt: step.at,
          history: [...before.history, step],
        })
      }),
    orderOwner: (reference) =>
      Effect.sync(() => {
        const order = state.orders.find((o) => o.reference === reference)
        return order === undefined ? null : { customerId: order.customerId, email: order.email }
      }),
  })
}

/** Transactions that put the complaints, the outbox and the audit log back on failure, as a rollback would. */
export const complaintTransactionsOver = (state: MemoryComplaints) =>
  transactionsRestoring(() => [state.complaints, state.outbox, state.audit])

/**
 * The complaint ports in memory, with a Transactions double that puts the
 * complaints, the outbox and the audit log back when the work fails, as a
 * rollback would. The reference is unique, as the table's constraint makes it.
 */
export const memoryComplaints = (state: MemoryComplaints, policy?: RateLimitPolicyShape) => {
  const store = complaintStoreOver(state)
  const mailer = memoryMailer(state)

  const random = Layer.succeed(SecureRandom, {
    bytes: (length) =>
      Effect.sync(
        () => state.scriptedBytes.shift() ?? crypto.getRandomValues(new Uint8Array(length)),
      ),
  })
  const transactions = complaintTransactionsOver(state)
  const throttle = memoryThrottle(state, policy)
  return Layer.mergeAll(Complaints.Default, StaffComplaints.Default).pipe(
    Layer.provide(
      Layer.mergeAll(
        store,
        mailer,
        testBrandLayer,
        transactions,
        throttle,
        random,
        auditLogOver(state.audit),
        Layer.succeed(ComplaintSettings, { careAddress: COMPLAINTS_CARE_ADDRESS }),
      ),
    ),
  )
}
