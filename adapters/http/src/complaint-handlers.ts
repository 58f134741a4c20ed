import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { Conflict, notFound, problemType, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser, MaybeCurrentUser } from "@howzat/contracts/security"
import type { Principal } from "@howzat/core/accounts"
import { type ComplaintInvalid, Complaints, StaffComplaints } from "@howzat/core/complaints"
import type { Complaint } from "@howzat/core/ports"
import { complaintMessages, complaintStatusLabels } from "@howzat/core/rules"
import { Effect, Option } from "effect"
import { accountProblems } from "./account-problems"
import { repositoryProblem } from "./repository-problem"
import { clientAddress } from "./request-context"
import { notStaff } from "./staff-problems"

const toWire = (c: Complaint) => ({
  id: c.id,
  reference: c.reference,
  source: c.source,
  customerId: c.customerId,
  name: c.name,
  email: c.email,
  orderNumber: c.orderNumber,
  category: c.category,
  description: c.description,
  status: c.status,
  receivedAt: c.receivedAt,
  updatedAt: c.updatedAt,
  history: c.history.map((h) => ({ at: h.at, status: h.status, note: h.note, by: h.by })),
})

const invalid = (error: ComplaintInvalid) =>
  Effect.fail(
    validationProblem(
      Object.fromEntries(
        Object.entries(error.errors).flatMap(([field, text]) =>
          text === undefined ? [] : [[field, [text]]],
        ),
      ),
    ),
  )

/** Three reference clashes in a row: retryable, so a 409 that says try again, never a 500. */
const referencesExhausted = () =>
  Effect.fail(
    new Conflict({
      type: problemType("complaint-not-taken"),
      title: "Complaint not taken",
      detail: complaintMessages.failure,
      status: 409,
    }),
  )

/** The complaints form: core's Complaints decides; this maps its answers to HTTP. */
export const ComplaintHandlersLive = HttpApiBuilder.group(HowzatApi, "complaints", (handlers) =>
  Effect.gen(function* () {
    const complaints = yield* Complaints
    return handlers.handle("submit", ({ payload }) =>
      Effect.gen(function* () {
        const viewer = Option.getOrNull(yield* MaybeCurrentUser)
        const outcome = yield* complaints.submit(
          { ...payload, honeyPot: payload.website },
          { address: yield* clientAddress, customerId: viewer?.customerId ?? null },
        )
        const reference =
          outcome._tag === "Received" ? outcome.complaint.reference : outcome.reference
        return { reference, message: complaintMessages.sent(reference) }
      }).pipe(
        Effect.catchTags({
          ComplaintInvalid: invalid,
          ComplaintReferenceExhausted: referencesExhausted,
          RateLimited: accountProblems.RateLimited,
          RepositoryError: repositoryProblem,
        }),
      ),
    )
  }),
)

/** Staff's Complaints screen. */
export const StaffComplaintHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "staffComplaints",
  (handlers) =>
    Effect.gen(function* () {
      const complaints = yield* StaffComplaints
      const asStaff = <A, E, R>(use: (principal: Principal) => Effect.Effect<A, E, R>) =>
        Effect.flatMap(CurrentUser, use)
      return handlers
        .handle("list", ({ urlParams }) =>
          asStaff((principal) =>
            complaints
              .list(principal, {
                status: urlParams.Status === "All" ? undefined : urlParams.Status,
                page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
              })
              .pipe(
                Effect.map((page) => ({ complaints: page.items.map(toWire), ...pageInfo(page) })),
                Effect.catchTag("NotStaff", () => notStaff(principal)),
              ),
          ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
        )
        .handle("log", ({ payload }) =>
          asStaff((principal) =>
            complaints.logEmailed(principal, payload).pipe(
              Effect.map((complaint) => ({ complaint: toWire(complaint) })),
              Effect.catchTags({
                NotStaff: () => notStaff(principal),
                ComplaintInvalid: invalid,
                ComplaintReferenceExhausted: referencesExhausted,
              }),
            ),
          ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
        )
        .handle("byId", ({ path }) =>
          asStaff((principal) =>
            complaints.byId(principal, path.complaintId).pipe(
              Effect.map((complaint) => ({ complaint: toWire(complaint) })),
              Effect.catchTags({
                NotStaff: () => notStaff(principal),
                ComplaintNotFound: () => Effect.fail(notFound("Not Found", "no such complaint")),
              }),
            ),
          ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
        )
        .handle("setStatus", ({ path, payload }) =>
          asStaff((principal) =>
            complaints.changeStatus(principal, path.complaintId, payload.status, payload.note).pipe(
              Effect.map((complaint) => ({ complaint: toWire(complaint) })),
              Effect.catchTags({
                NotStaff: () => notStaff(principal),
                ComplaintNotFound: () => Effect.fail(notFound("Not Found", "no such complaint")),
                ComplaintNoteInvalid: (e) => Effect.fail(validationProblem({ note: [e.message] })),
                ComplaintMoveRefused: (e) =>
                  Effect.fail(
                    new Conflict({
                      type: problemType("complaint-status"),
                      title: "Status not allowed",
                      detail: `A complaint that is ${complaintStatusLabels[e.from]} cannot be moved to ${complaintStatusLabels[e.to]}.`,
                      status: 409,
                    }),
                  ),
              }),
            ),
          ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
        )
    }),
)
