/**
 * In-memory doubles of the ports postal entries need. They keep what the
 * use case relies on (a pool handing out each free number once, in its
 * order; tickets held per person; references unique per competition; a
 * failed transaction undoing everything) and record which holds were taken.
 */
import { Effect, Exit, Layer } from "effect"
import type { Customer, MailMessage, UserWithPassword } from "../accounts/model.js"
import { memoryUserRepo } from "../accounts/user-and-customer-doubles.js"
import { CompetitionNotFound, RepositoryError } from "../competitions/errors.js"
import { type InstantWinRow, instantWinRepoOver } from "../orders/instant-win-doubles.js"
import {
  memoryCustomerRepoOverLedger,
  memorySiteCreditLedger,
  type SiteCreditLine,
} from "../orders/site-credit-doubles.js"
import { orderCustomer } from "../orders/test-doubles.js"
import { CustomerRepo, UserRepo } from "../ports/accounts.js"
import type { AgeVerificationRecord } from "../ports/age-verification.js"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import { Mailer } from "../ports/mailer.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { PostalEntryRepo } from "../ports/postal-entries.js"
import { ShopLinks } from "../ports/shop-links.js"
import { Transactions } from "../ports/transactions.js"
import { type StandingStore, standingDoublesOver } from "../responsible-play/standing-doubles.js"
import { normaliseEmail } from "../rules/auth.js"
import type { EntrantKey, PostalEntryForm } from "../rules/postal-entries.js"
import type { StandingRecord } from "../rules/standing.js"
import { testBrandLayer } from "../testing/mail-and-limits.js"
import { EntryReferenceInUse } from "./errors.js"
import type { CompetitionForEntry, NewPostalEntry, PostalEntry } from "./model.js"
import { PostalEntries } from "./postal-entries.js"

export interface PostalStore {
  competitions: Map<string, CompetitionForEntry>
  /** Free ticket numbers per competition, in the order the pool hands them out. */
  pool: Map<string, number[]>
  /** Tickets customers hold by purchase (paid or awaiting payment), key `${customerId}/${competitionId}`. */
  bought: Map<string, number>
  /** The competitions' sold counters. */
  sold: Map<string, number>
  entries: PostalEntry[]
  customers: Customer[]
  users: UserWithPassword[]
  /** Every hold, in order: `${competitionId}/${customerId ?? email}` or `${competitionId}#${reference}`. */
  holds: string[]
  /** Fails the next `record` with a storage error, after it changed the store. */
  failNextRecord: boolean
  /** The competitions' instant-win numbers, won or not. */
  instantWins: InstantWinRow[]
  /** The site-credit ledger's lines (site-credit-doubles): instant-win prizes land here. */
  ledger: SiteCreditLine[]
  /** What went to the outbox. */
  mail: MailMessage[]
  /** The audit log's entries, kept only when their transaction commits. */
  audit: AuditEntry[]
  /** Customers on a break or closed (decision 0043); anyone absent is in good standing. */
  standings: Map<string, StandingRecord>
  /** Age checks made (standing-doubles' AgeVerificationRecords). */
  ageChecks: AgeVerificationRecord[]
}

/** A postcard as staff type it in: a person without an account unless `customerId` is given. */
export const postalEntryForm = (overrides: Partial<PostalEntryForm> = {}): PostalEntryForm => ({
  customerId: "",
  firstName: "Bea",
  lastName: "Bowler",
  emailAddress: "bea@example.com",
  dateOfBirth: "1980-02-03",
  telephoneNumber: "",
  address: { line1: "2 Long Room", line2: "", city: "Leeds", county: "", postCode: "LS6 3BU" },
  entryReference: "",
  ...overrides,
})

/**
 * Bea Bowler's postal entry to `competitionId`, as staff record it: who
 * keyed it in and when are the caller's, as every store checks them.
 */
export const newPostalEntry = (
  entered: Pick<NewPostalEntry, "competitionId" | "enteredBy" | "enteredAt">,
  overrides: Partial<NewPostalEntry> = {},
): NewPostalEntry => ({
  customerId: null,
  firstName: "Bea",
  lastName: "Bowler",
  emailAddress: "Bea@Example.com",
  dateOfBirth: "1980-02-03",
  telephoneNumber: "",
  address: { line1: "2 Long Room", line2: "", city: "Leeds", county: "", postCode: "LS6 3BU" },
  entryReference: null,
  ...entered,
  ...overrides,
})

export const emptyPostalStore = (): PostalStore => ({
  competitions: new Map(),
  pool: new Map(),
  bought: new Map(),
  sold: new Map(),
  entries: [],
  customers: [],
  users: [],
  holds: [],
  failNextRecord: false,
  instantWins: [],
  ledger: [],
  mail: [],
  audit: [],
  standings: new Map(),
  ageChecks: [],
})

const copy = (store: PostalStore): PostalStore => ({
  competitions: new Map(store.competitions),
  pool: new Map([...store.pool].map(([id, free]) => [id, [...free]])),
  bought: new Map(store.bought),
  sold: new Map(store.sold),
  entries: [...store.entries],
  customers: [...store.customers],
  users: [...store.users],
  // A log of calls, not state: a rollback keeps it.
  holds: store.holds,
  failNextRecord: store.failNextRecord,
  instantWins: [...store.instantWins],
  ledger: [...store.ledger],
  mail: [...store.mail],
  audit: [...store.audit],
  standings: new Map(store.standings),
  ageChecks: [...store.ageChecks],
})

let nextId = 0

/** A customer record with only what postal entries read filled in meaningfully. */
export const customerRecord = (overrides: Partial<Customer> = {}): Customer => {
  nextId += 1
  return orderCustomer(`customer-${nextId}`, {
    userId: `user-${nextId}`,
    lastName: "Archer",
    email: `ann${nextId}@example.com`,
    dateOfBirth: "1990-04-01",
    telephoneNumber: "07700 900123",
    defaultBillingAddress: {
      line1: "1 Pavilion End",
      line2: "",
      city: "Taunton",
      county: "Somerset",
      postCode: "TA1 1JT",
    },
    ...overrides,
  })
}

/** Adds a competition whose pool hands out `order` (default 1..total ascending). */
export const addCompetition = (
  store: PostalStore,
  competition: CompetitionForEntry,
  order: readonly number[],
) => {
  store.competitions.set(competition.competitionId, competition)
  store.pool.set(competition.competitionId, [...order])
  store.sold.set(competition.competitionId, 0)
}

const heldBy = (store: PostalStore, competitionId: string, key: EntrantKey): number => {
  const withoutAccount = store.entries.filter(
    (e) =>
      e.competitionId === competitionId &&
      e.customerId === null &&
      normaliseEmail(e.emailAddress) === key.email,
  ).length
  if (key.customerId === null) return withoutAccount
  const postal = store.entries.filter(
    (e) => e.competitionId === competitionId && e.customerId === key.customerId,
  ).length
  return (store.bought.get(`${key.customerId}/${competitionId}`) ?? 0) + postal + withoutAccount
}

export const postalDoublesOver = (store: PostalStore) => {
  const repo = Layer.succeed(PostalEntryRepo, {
    competition: (competitionId) => {
      const found = store.competitions.get(competitionId)
      return found === undefined
        ? Effect.fail(new CompetitionNotFound({ competitionId }))
        : Effect.succeed(found)
    },
    holdEntrant: (competitionId, entrant) =>
      Effect.sync(() => {
        store.holds.push(`${competitionId}/${entrant.customerId ?? entrant.email}`)
      }),
    holdReference: (competitionId, entryReference) =>
      Effect.sync(() => {
        store.holds.push(`${competitionId}#${entryReference}`)
      }),
    byReference: (competitionId, entryReference) =>
      Effect.sync(
        () =>
          store.entries.find(
            (e) => e.competitionId === competitionId && e.entryReference === entryReference,
          ) ?? null,
      ),
    ticketsHeld: (competitionId, entrant) =>
      Effect.sync(() => heldBy(store, competitionId, entrant)),
    record: (entry) =>
      Effect.suspend(
        (): Effect.Effect<PostalEntry | null, EntryReferenceInUse | RepositoryError> => {
          const taken = store.entries.some(
            (e) =>
              e.competitionId === entry.competitionId &&
              entry.entryReference !== null &&
              e.entryReference === entry.entryReference,
          )
          if (taken) {
            return Effect.fail(
              new EntryReferenceInUse({
                competitionId: entry.competitionId,
                entryReference: entry.entryReference ?? "",
              }),
            )
          }
          const free = store.pool.get(entry.competitionId) ?? []
          const ticketNumber = free.shift()
          if (ticketNumber === undefined) return Effect.succeed(null)
          nextId += 1
          const recorded: PostalEntry = { ...entry, id: `entry-${nextId}`, ticketNumber }
          store.entries.push(recorded)
          store.sold.set(entry.competitionId, (store.sold.get(entry.competitionId) ?? 0) + 1)
          if (store.failNextRecord) {
            store.failNextRecord = false
            return Effect.fail(
              new RepositoryError({ operation: "postalEntries.record", cause: "x" }),
            )
          }
          return Effect.succeed(recorded)
        },
      ),
  })

  const customers = Layer.succeed(CustomerRepo, memoryCustomerRepoOverLedger(store))
  const users = Layer.succeed(UserRepo, memoryUserRepo(store))

  /** A failed transaction puts the whole store back as it was. */
  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = copy(store)
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) {
              // The instant-win double holds the array itself: put its rows back in place.
              const rows = store.instantWins
              Object.assign(store, before)
              rows.splice(0, rows.length, ...before.instantWins)
              store.instantWins = rows
            }
          }),
        )
      }),
  })

  const ledger = Layer.succeed(SiteCreditLedger, memorySiteCreditLedger(store))

  // Read through the store at every call: a rollback puts back another map and list.
  const standing: StandingStore = {
    get standings() {
      return store.standings
    },
    get ageChecks() {
      return store.ageChecks
    },
    customerIds: () => store.customers.map((c) => c.customerId),
  }

  return Layer.mergeAll(
    repo,
    customers,
    users,
    transactions,
    ledger,
    instantWinRepoOver(store.instantWins),
    Layer.succeed(Mailer, { send: (message) => Effect.sync(() => void store.mail.push(message)) }),
    Layer.succeed(ShopLinks, { origin: "https://shop.example" }),
    testBrandLayer,
    Layer.succeed(AuditLog, { record: (entry) => Effect.sync(() => void store.audit.push(entry)) }),
    standingDoublesOver(standing),
  )
}

export const postalEntriesOver = (store: PostalStore) =>
  PostalEntries.Default.pipe(Layer.provide(postalDoublesOver(store)))
