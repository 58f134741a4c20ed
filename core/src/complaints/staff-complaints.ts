import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { PageRequest } from "../competitions/model.js"
import { now } from "../ports/clock.js"
import { type Complaint, ComplaintStore } from "../ports/complaints.js"
import { Transactions } from "../ports/transactions.js"
import {
  type ComplaintForm,
  type ComplaintStatus,
  canMoveComplaint,
  validateComplaintNote,
} from "../rules/complaints.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import { receiveComplaint } from "./complaints.js"

export class ComplaintNotFound extends Data.TaggedError("ComplaintNotFound")<{
  readonly complaintId: string
}> {}

export class ComplaintNoteInvalid extends Data.TaggedError("ComplaintNoteInvalid")<{
  readonly message: string
}> {}

export class ComplaintMoveRefused extends Data.TaggedError("ComplaintMoveRefused")<{
  readonly from: ComplaintStatus
  readonly to: ComplaintStatus
}> {}

/** The audit log's view of a complaint: who, what about, and where it stands. */
const audited = (complaint: Complaint) => ({
  reference: complaint.reference,
  source: complaint.source,
  email: complaint.email,
  category: complaint.category,
  status: complaint.status,
})

/**
 * Complaints for staff (HandleComplaints): the list by status, one
 * complaint with its history, a status move or a note (audited), and an
 * emailed complaint logged so it gets a reference and an acknowledgement.
 */
export class StaffComplaints extends Effect.Service<StaffComplaints>()(
  "@howzat/core/StaffComplaints",
  {
    effect: Effect.gen(function* () {
      const store = yield* ComplaintStore
      const transactions = yield* Transactions
      const audit = yield* auditor
      const receive = yield* receiveComplaint

      const list = (
        by: Principal,
        query: { readonly status?: ComplaintStatus | undefined; readonly page: PageRequest },
      ) => Effect.zipRight(authorize(by, "HandleComplaints"), store.list(query))

      const byId = (by: Principal, id: string) =>
        Effect.gen(function* () {
          yield* authorize(by, "HandleComplaints")
          const complaint = yield* store.byId(id)
          if (complaint === null) return yield* new ComplaintNotFound({ complaintId: id })
          return complaint
        })

      /**
       * Moves a complaint along COMPLAINT_TRANSITIONS with a note saying
       * why; the same status again only adds the note.
       */
      const changeStatus = (by: Principal, id: string, to: ComplaintStatus, note: string) =>
        Effect.gen(function* () {
          yield* authorize(by, "HandleComplaints")
          const noteError = validateComplaintNote(note)
          if (noteError !== undefined)
            return yield* new ComplaintNoteInvalid({ message: noteError })
          return yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* store.held(id)
              if (before === null) return yield* new ComplaintNotFound({ complaintId: id })
              const moving = before.status !== to
              if (moving && !canMoveComplaint(before.status, to))
                return yield* new ComplaintMoveRefused({ from: before.status, to })
              const at = yield* now
              const after = yield* store.addStep(id, {
                at,
                status: to,
                note: note.trim(),
                by: by.userId,
              })
              yield* audit(by, {
                action: moving ? "Complaint.ChangeStatus" : "Complaint.AddNote",
                subject: { type: "Complaint", id },
                before: audited(before),
                after: { ...audited(after), note: note.trim() },
                at,
              })
              return after
            }),
          )
        })

      /** A complaint that arrived by email, logged by staff: it gets a reference and is acknowledged. */
      const logEmailed = (by: Principal, form: ComplaintForm) =>
        Effect.gen(function* () {
          yield* authorize(by, "HandleComplaints")
          return yield* transactions.within(
            Effect.gen(function* () {
              const complaint = yield* receive(form, {
                source: "Email",
                customerId: null,
                loggedBy: by.userId,
              })
              yield* audit(by, {
                action: "Complaint.Log",
                subject: { type: "Complaint", id: complaint.id },
                before: null,
                after: audited(complaint),
                at: complaint.receivedAt,
              })
              return complaint
            }),
          )
        })

      return { list, byId, changeStatus, logEmailed }
    }),
  },
) {}
