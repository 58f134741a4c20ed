import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { Conflict, notFound, problemType, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { type CustomerHarmSignals, HarmSignals } from "@howzat/core/responsible-play"
import {
  describeEvidence,
  formatMoney,
  type HarmSignal,
  harmSignalLabels,
  harmSignalMessages,
  pence,
} from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"

const signalToWire = (s: HarmSignal) => ({
  kind: s.kind,
  label: harmSignalLabels[s.kind],
  description: describeEvidence(s.evidence, (p) => formatMoney(pence(p))),
  evidence: s.evidence,
  latestEvidenceAt: s.latestEvidenceAt,
  reviewedAt: s.reviewedAt,
  awaitingReview: s.awaitingReview,
})

const customerToWire = (c: CustomerHarmSignals) => ({
  harmSignals: {
    customer: c.customer,
    signals: c.signals.map(signalToWire),
    reviews: c.reviews.map((r) => ({ at: r.at, signals: r.signals, note: r.note, by: r.by })),
  },
})

const noSuchCustomer = () => Effect.fail(notFound("Not Found", "no such customer"))

/** Staff's Harm signals screen. */
export const HarmSignalHandlersLive = HttpApiBuilder.group(HowzatApi, "harmSignals", (handlers) =>
  Effect.gen(function* () {
    const signals = yield* HarmSignals
    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.flatMap(CurrentUser, (principal) =>
          signals
            .list(principal, {
              filter: urlParams.Status,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            })
            .pipe(
              Effect.map((page) => ({
                customers: page.items.map((f) => ({
                  customer: f.customer,
                  signals: f.signals.map(signalToWire),
                  latestEvidenceAt: f.latestEvidenceAt,
                })),
                ...pageInfo(page),
              })),
              Effect.catchTag("NotStaff", () => notStaff(principal)),
            ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byCustomer", ({ path }) =>
        Effect.flatMap(CurrentUser, (principal) =>
          signals.forCustomer(principal, path.customerId).pipe(
            Effect.map(customerToWire),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              HarmSignalCustomerNotFound: noSuchCustomer,
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("review", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (principal) =>
          signals.review(principal, path.customerId, payload.note).pipe(
            Effect.map(customerToWire),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              HarmSignalCustomerNotFound: noSuchCustomer,
              HarmSignalNoteInvalid: (e) => Effect.fail(validationProblem({ note: [e.message] })),
              HarmSignalNothingToReview: () =>
                Effect.fail(
                  new Conflict({
                    type: problemType("nothing-to-review"),
                    title: "Nothing to review",
                    detail: harmSignalMessages.nothingToReview,
                    status: 409,
                  }),
                ),
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
  }),
)

/** The customer's own signposting panel. */
export const ResponsiblePlayHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "responsiblePlay",
  (handlers) =>
    Effect.gen(function* () {
      const signals = yield* HarmSignals
      return handlers.handle("signposting", ({ path }) =>
        Effect.flatMap(CurrentUser, (principal) =>
          signals.signposting(principal, path.customerId).pipe(
            Effect.map((signposting) => ({ signposting })),
            Effect.catchTag("HarmSignalCustomerNotFound", noSuchCustomer),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
    }),
)
