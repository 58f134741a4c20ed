import { Effect } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { Brand } from "../brand.js"
import { AccountStandingStore } from "../ports/account-standing.js"
import { CustomerRepo } from "../ports/accounts.js"
import { AgeVerificationRecords } from "../ports/age-verification.js"
import { now } from "../ports/clock.js"
import { Mailer } from "../ports/mailer.js"
import { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { ShopLinks } from "../ports/shop-links.js"
import { Transactions } from "../ports/transactions.js"
import {
  type PauseLength,
  pauseRefusal,
  RESPONSIBLE_PLAY_PATH,
  standingAt,
  withClosure,
  withPause,
} from "../rules/standing.js"
import { can } from "../staff/permissions.js"
import { closureConfirmation, pauseConfirmation } from "./standing-emails.js"
import { AccountAlreadyClosed, AccountNotInGoodStanding, PauseRefused } from "./standing-errors.js"

/**
 * Taking a break and closing an account (decision 0043,
 * "Pause and close"). Only the customer changes their own standing, and only
 * towards more protection: a break is lengthened, never shortened or
 * lifted, by anyone; a closure is not undone here. Staff read it.
 */
export class AccountStanding extends Effect.Service<AccountStanding>()(
  "@howzat/core/AccountStanding",
  {
    effect: Effect.gen(function* () {
      const store = yield* AccountStandingStore
      const customers = yield* CustomerRepo
      const ageRecords = yield* AgeVerificationRecords
      const events = yield* ResponsiblePlayEvents
      const mailer = yield* Mailer
      const brand = yield* Brand
      const transactions = yield* Transactions

      const supportLink = Effect.map(
        ShopLinks,
        ({ origin }) => `${origin.replace(/\/+$/, "")}${RESPONSIBLE_PLAY_PATH}`,
      )

      /** Another customer's id is answered as not found, so ids reveal nothing. */
      const ownerOnly = (principal: Principal, customerId: string) =>
        principal.customerId !== null && principal.customerId === customerId
          ? Effect.void
          : Effect.fail(new CustomerNotFound({ customerId }))

      const standingOf = (customerId: string) =>
        Effect.gen(function* () {
          const record = yield* store.read(customerId)
          return { record, standing: standingAt(record, yield* now) }
        })

      /** The customer, or staff who manage customers (read-only), see standing and age check. */
      const view = (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          if (!can(principal, "ManageCustomers")) yield* ownerOnly(principal, customerId)
          yield* customers.byId(customerId)
          const { standing } = yield* standingOf(customerId)
          return { standing, ageVerification: yield* ageRecords.latest(customerId) }
        })

      const pause = (principal: Principal, customerId: string, length: PauseLength) =>
        Effect.gen(function* () {
          yield* ownerOnly(principal, customerId)
          const link = yield* supportLink
          return yield* transactions.within(
            Effect.gen(function* () {
              const held = yield* store.hold(customerId)
              const at = yield* now
              const refusal = pauseRefusal(held, length, at)
              if (refusal !== null) return yield* new PauseRefused({ customerId, refusal })
              const record = withPause(held, length, at)
              yield* store.save(customerId, record)
              const until = record.pausedUntil ?? at
              yield* events.record({
                customerId,
                kind: "AccountSuspended",
                at,
                detail: {
                  length,
                  until: until.toISOString(),
                  extended: held.pausedUntil !== null && held.pausedUntil > at,
                },
              })
              const customer = yield* customers.byId(customerId)
              yield* mailer.send(
                pauseConfirmation(brand, customer.email, customer.firstName, length, until, link),
              )
              return standingAt(record, at)
            }),
          )
        })

      const close = (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          yield* ownerOnly(principal, customerId)
          const link = yield* supportLink
          return yield* transactions.within(
            Effect.gen(function* () {
              const held = yield* store.hold(customerId)
              const at = yield* now
              if (held.closedAt !== null) {
                return yield* new AccountAlreadyClosed({ customerId, closedAt: held.closedAt })
              }
              const record = withClosure(held, at)
              yield* store.save(customerId, record)
              const customer = yield* customers.byId(customerId)
              yield* events.record({
                customerId,
                kind: "AccountClosed",
                at,
                detail: { siteCreditBalance: customer.siteCreditAccountBalance },
              })
              yield* mailer.send(
                closureConfirmation(brand, customer.email, customer.firstName, link),
              )
              return standingAt(record, at)
            }),
          )
        })

      /** For purchases and entries: fails unless the customer is in good standing now. */
      const requireGoodStanding = (customerId: string) =>
        Effect.gen(function* () {
          const { standing } = yield* standingOf(customerId)
          if (standing.status !== "Active") {
            return yield* new AccountNotInGoodStanding({ customerId, standing })
          }
        })

      return { view, pause, close, standingOf, requireGoodStanding }
    }),
  },
) {}
