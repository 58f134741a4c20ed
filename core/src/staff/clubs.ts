import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { PageRequest } from "../competitions/model.js"
import { now } from "../ports/clock.js"
import { type ClubQuery, ClubStore, type StaffClub } from "../ports/club-store.js"
import { Transactions } from "../ports/transactions.js"
import {
  balanceOwed,
  type ClubForm,
  checkPayout,
  clubRemovalRefusal,
  clubVoucherDescription,
  readClubForm,
} from "../rules/clubs.js"
import { auditor } from "./audit.js"
import { authorize } from "./permissions.js"

export class ClubNotFound extends Data.TaggedError("ClubNotFound")<{
  readonly clubId: string
}> {}

export class ClubInvalid extends Data.TaggedError("ClubInvalid")<{
  readonly errors: Readonly<Record<string, string>>
}> {}

export class ClubNameTaken extends Data.TaggedError("ClubNameTaken")<{
  readonly name: string
}> {}

/** The code is another club's voucher: one code earns for one club. */
export class ClubCodeTaken extends Data.TaggedError("ClubCodeTaken")<{
  readonly code: string
}> {}

/** Its ledger is part of the accounts: a club that ever earned stays. */
export class ClubHasCredit extends Data.TaggedError("ClubHasCredit")<{
  readonly clubId: string
}> {}

/** An order that used its code is still being paid, and would earn it credit. */
export class ClubOrdersInFlight extends Data.TaggedError("ClubOrdersInFlight")<{
  readonly clubId: string
}> {}

export interface PayoutForm {
  readonly amount: number
  readonly reference: string
}

/** The audit log's view of a club: its name and codes, and what it is owed. */
const audited = (club: StaffClub) => ({
  name: club.name,
  voucherCode: club.voucherCode,
  vouchers: club.vouchers.map((v) => v.code),
  paidOut: club.paidOut,
  balanceOwed: balanceOwed(club),
})

/**
 * Clubs for staff (decision 0033): a name and a current
 * voucher code, what the club earned from paid orders, what refunds took
 * back and what the operator has paid it. ManagePromotions; every change
 * audited.
 */
export class StaffClubs extends Effect.Service<StaffClubs>()("@howzat/core/StaffClubs", {
  effect: Effect.gen(function* () {
    const store = yield* ClubStore
    const audit = yield* auditor
    const transactions = yield* Transactions

    const held = (id: string) =>
      Effect.flatMap(store.held(id), (found) =>
        found === null ? Effect.fail(new ClubNotFound({ clubId: id })) : Effect.succeed(found),
      )

    const draftOf = (form: ClubForm) => {
      const read = readClubForm(form)
      return read._tag === "Invalid"
        ? Effect.fail(new ClubInvalid({ errors: read.errors }))
        : Effect.succeed(read.draft)
    }

    /**
     * Makes `code` the club's current voucher: a new code becomes a
     * voucher on the club terms of docs/product/overview.md; an existing voucher no club
     * has is adopted with its own terms; another club's is refused.
     */
    const giveCode = (clubId: string, clubName: string, code: string) =>
      Effect.gen(function* () {
        const existing = yield* store.voucherByCode(code)
        if (existing === null) {
          const made = yield* store.newVoucher(clubId, code, clubVoucherDescription(clubName))
          if (made === "CodeTaken") return yield* new ClubCodeTaken({ code })
          return
        }
        if (existing.clubId !== null && existing.clubId !== clubId)
          return yield* new ClubCodeTaken({ code })
        yield* store.adoptVoucher(clubId, existing.promotionId)
      })

    const list = (by: Principal, query: ClubQuery) =>
      Effect.zipRight(authorize(by, "ManagePromotions"), store.list(query))

    /** The club and a page of its ledger, newest first. */
    const byId = (by: Principal, id: string, page: PageRequest) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManagePromotions")
        const club = yield* store.byId(id)
        if (club === null) return yield* new ClubNotFound({ clubId: id })
        const ledger = yield* store.ledger(id, page)
        return { club, ledger }
      })

    const create = (by: Principal, form: ClubForm) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManagePromotions")
        const draft = yield* draftOf(form)
        return yield* transactions.within(
          Effect.gen(function* () {
            const made = yield* store.insert(draft.name)
            if (made === "NameTaken") return yield* new ClubNameTaken({ name: draft.name })
            yield* giveCode(made.id, draft.name, draft.voucherCode)
            // Just made in this transaction: its absence would be a bug, not an answer.
            const club = yield* Effect.catchTag(held(made.id), "ClubNotFound", Effect.die)
            yield* audit(by, {
              action: "Club.Create",
              subject: { type: "Club", id: club.id },
              before: null,
              after: audited(club),
            })
            return club
          }),
        )
      })

    const update = (by: Principal, id: string, form: ClubForm) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManagePromotions")
        const draft = yield* draftOf(form)
        return yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* held(id)
            const renamed = draft.name !== before.name
            const recoded = draft.voucherCode !== before.voucherCode
            if (!renamed && !recoded) return before
            if (renamed && (yield* store.rename(id, draft.name)) === "NameTaken")
              return yield* new ClubNameTaken({ name: draft.name })
            if (recoded) {
              yield* giveCode(id, draft.name, draft.voucherCode)
              // The old code stops working: a club changes its code to retire it.
              if (before.currentVoucherId !== null)
                yield* store.endVoucher(before.currentVoucherId, yield* now)
            }
            const after = yield* held(id)
            yield* audit(by, {
              action: "Club.Update",
              subject: { type: "Club", id },
              before: audited(before),
              after: audited(after),
            })
            return after
          }),
        )
      })

    const remove = (by: Principal, id: string) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManagePromotions")
        yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* held(id)
            // Core decides; the store only locks the vouchers and reads the facts.
            const refusal = clubRemovalRefusal(yield* store.removalFacts(id))
            if (refusal === "HasCredit") return yield* new ClubHasCredit({ clubId: id })
            if (refusal === "OrdersInFlight") return yield* new ClubOrdersInFlight({ clubId: id })
            yield* store.remove(id, yield* now)
            yield* audit(by, {
              action: "Club.Delete",
              subject: { type: "Club", id },
              before: audited(before),
              after: null,
            })
          }),
        )
      })

    /** Money the operator paid the club: a ledger entry of its own, never an edited balance. */
    const recordPayout = (by: Principal, id: string, form: PayoutForm) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManagePromotions")
        return yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* held(id)
            const checked = checkPayout(balanceOwed(before), form.amount, form.reference)
            if (checked._tag === "Invalid")
              return yield* new ClubInvalid({ errors: checked.errors })
            const at = yield* now
            yield* store.recordPayout({
              clubId: id,
              amount: checked.amount,
              reference: checked.reference,
              at,
              recordedBy: by.userId,
            })
            const after = yield* held(id)
            yield* audit(by, {
              action: "Club.Payout",
              subject: { type: "Club", id },
              before: audited(before),
              after: {
                ...audited(after),
                payout: { amount: checked.amount, reference: checked.reference },
              },
              at,
            })
            return after
          }),
        )
      })

    return { list, byId, create, update, remove, recordPayout }
  }),
}) {}
