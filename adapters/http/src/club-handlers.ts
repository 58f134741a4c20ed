import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { Conflict, notFound, problemType, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import type { Principal } from "@howzat/core/accounts"
import type { StaffClub } from "@howzat/core/ports"
import { balanceOwed, type ClubLedgerEntry } from "@howzat/core/rules"
import { StaffClubs } from "@howzat/core/staff"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"

export const clubToWire = (club: StaffClub) => ({
  id: club.id,
  name: club.name,
  voucherCode: club.voucherCode,
  vouchers: club.vouchers.map((v) => ({
    promotionId: v.promotionId,
    code: v.code,
    usageCount: v.usageCount,
    validTo: v.validTo,
    current: v.promotionId === club.currentVoucherId,
  })),
  creditEarned: club.earned,
  creditReversed: club.reversed,
  paidOut: club.paidOut,
  balanceOwed: balanceOwed(club),
  orderCount: club.orderCount,
  createdAt: club.createdAt,
})

const ledgerToWire = (entry: ClubLedgerEntry) => ({
  date: entry.at,
  kind: entry.kind,
  orderId: entry.orderId,
  amount: entry.amount,
  reference: entry.reference,
})

const fieldErrors = (errors: Readonly<Record<string, string>>) =>
  validationProblem(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])))

const noSuchClub = () => Effect.fail(notFound("Not Found", "no such club"))

const conflict = (slug: string, title: string, detail: string) =>
  Effect.fail(new Conflict({ type: problemType(slug), title, detail, status: 409 }))

const nameTaken = (e: { readonly name: string }) =>
  conflict("club-name-taken", "Club name taken", `There is already a club named "${e.name}".`)

const codeTaken = (e: { readonly code: string }) =>
  conflict(
    "club-code-taken",
    "Voucher code taken",
    `The voucher code ${e.code} already earns credit for another club: choose another code.`,
  )

/** Clubs for staff: core's StaffClubs decides; this maps its answers to HTTP. */
export const ClubHandlersLive = HttpApiBuilder.group(HowzatApi, "clubs", (handlers) =>
  Effect.gen(function* () {
    const clubs = yield* StaffClubs
    const asStaff = <A, E, R>(use: (principal: Principal) => Effect.Effect<A, E, R>) =>
      Effect.flatMap(CurrentUser, use)
    return handlers
      .handle("list", ({ urlParams }) =>
        asStaff((principal) =>
          clubs
            .list(principal, {
              name: urlParams.Name,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            })
            .pipe(
              Effect.map((page) => ({ clubs: page.items.map(clubToWire), ...pageInfo(page) })),
              Effect.catchTag("NotStaff", () => notStaff(principal)),
            ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byId", ({ path, urlParams }) =>
        asStaff((principal) =>
          clubs
            .byId(principal, path.clubId, {
              pageNumber: urlParams.PageNumber,
              pageSize: urlParams.PageSize,
            })
            .pipe(
              Effect.map(({ club, ledger }) => ({
                club: clubToWire(club),
                ledger: ledger.items.map(ledgerToWire),
                ...pageInfo(ledger),
              })),
              Effect.catchTags({
                NotStaff: () => notStaff(principal),
                ClubNotFound: noSuchClub,
              }),
            ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("create", ({ payload }) =>
        asStaff((principal) =>
          clubs.create(principal, payload).pipe(
            Effect.map((club) => ({ club: clubToWire(club) })),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              ClubInvalid: (e) => Effect.fail(fieldErrors(e.errors)),
              ClubNameTaken: nameTaken,
              ClubCodeTaken: codeTaken,
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((principal) =>
          clubs.update(principal, path.clubId, payload).pipe(
            Effect.map((club) => ({ club: clubToWire(club) })),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              ClubInvalid: (e) => Effect.fail(fieldErrors(e.errors)),
              ClubNotFound: noSuchClub,
              ClubNameTaken: nameTaken,
              ClubCodeTaken: codeTaken,
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("remove", ({ path }) =>
        asStaff((principal) =>
          clubs.remove(principal, path.clubId).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              ClubNotFound: noSuchClub,
              ClubHasCredit: () =>
                conflict(
                  "club-has-credit",
                  "Club has earned credit",
                  "This club has earned credit from paid orders, so it stays with its ledger in the accounts: change its code instead, or leave it.",
                ),
              ClubOrdersInFlight: () =>
                conflict(
                  "club-orders-in-flight",
                  "Orders still being paid",
                  "Orders that used this club's code are still being paid and would earn it credit: try again once they are paid or cancelled.",
                ),
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("recordPayout", ({ path, payload }) =>
        asStaff((principal) =>
          clubs.recordPayout(principal, path.clubId, payload).pipe(
            Effect.map((club) => ({ club: clubToWire(club) })),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              ClubInvalid: (e) => Effect.fail(fieldErrors(e.errors)),
              ClubNotFound: noSuchClub,
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
  }),
)
