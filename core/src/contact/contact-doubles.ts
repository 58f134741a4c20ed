import { Effect, Layer } from "effect"
import type { MailMessage } from "../accounts/model.js"
import type { RateLimitPolicyShape } from "../accounts/throttle.js"
import { RepositoryError } from "../competitions/errors.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { type ContactMessage, ContactMessageStore } from "../ports/contact-messages.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import {
  memoryMailer,
  memoryThrottle,
  type RateCounters,
  testBrandLayer,
  transactionsRestoring,
} from "../testing/mail-and-limits.js"
import { Contact, ContactSettings } from "./contact.js"
import { StaffContactMessages } from "./staff-messages.js"

export interface MemoryContact {
  messages: ContactMessage[]
  outbox: MailMessage[]
  audit: AuditEntry[]
  counters: RateCounters
  /** Makes the Mailer fail, as a database error writing the outbox would. */
  mailerDown: boolean
}

export const emptyContact = (): MemoryContact => ({
  messages: [],
  outbox: [],
  audit: [],
  counters: new Map(),
  mailerDown: false,
})

export const CARE_ADDRESS = "care@shop.example"

// Module-wide: each run builds the layer again, and ids must not repeat.
let ids = 0

/** The table's length checks on a message's columns. */
const COLUMN_LIMITS = {
  firstName: 255,
  lastName: 255,
  email: 255,
  telephoneNumber: 20,
  message: 5000,
} as const

/**
 * The ContactMessageStore in memory: newest first, the table's length
 * checks, and no marking of a message it does not have. The Postgres store
 * is adapters/postgres/src/repos/contact-messages.ts; test/contracts holds
 * both to one contract.
 */
export const contactMessageStoreOver = (state: MemoryContact) =>
  Layer.succeed(ContactMessageStore, {
    insert: (form, at) =>
      Effect.suspend(() => {
        const tooLong = (Object.keys(COLUMN_LIMITS) as (keyof typeof COLUMN_LIMITS)[]).find(
          (column) => form[column].length > COLUMN_LIMITS[column],
        )
        if (tooLong !== undefined) {
          return Effect.fail(
            new RepositoryError({ operation: "contactMessages.insert", cause: `${tooLong} check` }),
          )
        }
        const message: ContactMessage = {
          ...form,
          id: `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
          createdAt: at,
          handledAt: null,
          handledBy: null,
        }
        state.messages.push(message)
        return Effect.succeed(message)
      }),
    list: (query) =>
      Effect.sync(() => {
        const chosen = state.messages
          .filter((m) => !query.unhandledOnly || m.handledAt === null)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        const { pageNumber, pageSize } = query.page
        return {
          items: chosen.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
          pageNumber,
          pageSize,
          totalCount: chosen.length,
        }
      }),
    held: (id) => Effect.sync(() => state.messages.find((m) => m.id === id) ?? null),
    setHandled: (id, handled) =>
      Effect.suspend(() => {
        const index = state.messages.findIndex((m) => m.id === id)
        const current = state.messages[index]
        if (current === undefined) {
          return Effect.fail(
            new RepositoryError({ operation: "contactMessages.setHandled", cause: "no such row" }),
          )
        }
        const changed: ContactMessage = {
          ...current,
          handledAt: handled?.at ?? null,
          handledBy: handled?.by ?? null,
        }
        state.messages[index] = changed
        return Effect.succeed(changed)
      }),
  })

/** Transactions that put the messages, the outbox and the audit log back on failure, as a rollback would. */
export const contactTransactionsOver = (state: MemoryContact) =>
  transactionsRestoring(() => [state.messages, state.outbox, state.audit])

/**
 * The contact ports in memory, with a Transactions double that puts the
 * messages, the outbox and the audit log back when the work fails, as a
 * rollback would. Rate-limit counters are not rolled back: in the database
 * they are counted outside the request's transaction too.
 */
export const memoryContact = (state: MemoryContact, policy?: RateLimitPolicyShape) => {
  const store = contactMessageStoreOver(state)
  const mailer = memoryMailer(state)

  const transactions = contactTransactionsOver(state)
  const throttle = memoryThrottle(state, policy)
  return Layer.mergeAll(Contact.Default, StaffContactMessages.Default).pipe(
    Layer.provide(
      Layer.mergeAll(
        store,
        mailer,
        testBrandLayer,
        transactions,
        throttle,
        auditLogOver(state.audit),
        Layer.succeed(ContactSettings, { careAddress: CARE_ADDRESS }),
      ),
    ),
  )
}
