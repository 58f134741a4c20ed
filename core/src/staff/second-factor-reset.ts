import { Data, Effect } from "effect"
import { NotStaff } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { RefreshTokenRepo } from "../ports/accounts.js"
import { SecondFactorStore } from "../ports/second-factors.js"
import { StaffUserRepo } from "../ports/staff-users.js"
import { Transactions } from "../ports/transactions.js"
import { secondFactorLocked } from "../rules/second-factor.js"
import { auditor } from "./audit.js"
import { authorize } from "./permissions.js"
import { StaffUserNotFound } from "./staff-users.js"

/** Resetting one's own second factor would let a stolen session drop it: another Admin does it. */
export class OwnSecondFactorResetRefused extends Data.TaggedError("OwnSecondFactorResetRefused")<
  Record<never, never>
> {}

/**
 * An Admin who lost both their phone and their recovery codes is helped by
 * another Admin (decision 0032): their authenticator and codes are
 * forgotten and every session of theirs ends, so their next sign-in asks
 * them to set up an authenticator again, after the password. It is also how
 * another Admin ends a lock that ten wrong codes put on it (decision 0064).
 */
export class SecondFactorReset extends Effect.Service<SecondFactorReset>()(
  "@howzat/core/SecondFactorReset",
  {
    effect: Effect.gen(function* () {
      const staffUsers = yield* StaffUserRepo
      const store = yield* SecondFactorStore
      const refreshTokens = yield* RefreshTokenRepo
      const transactions = yield* Transactions
      const audit = yield* auditor

      const reset = (by: Principal, userId: string) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageStaff")
          if (userId === by.userId) return yield* new OwnSecondFactorResetRefused()
          yield* transactions.within(
            Effect.gen(function* () {
              // Still an Admin now, not only when the access token was issued (as StaffUsers).
              if (!(yield* staffUsers.lockAdmins).includes(by.userId)) return yield* new NotStaff()
              const user = yield* staffUsers.byId(userId)
              if (user === null) return yield* new StaffUserNotFound({ userId })
              const enrolment = yield* store.enrolmentOf(userId)
              const unusedRecoveryCodes = yield* store.unusedRecoveryCodes(userId)
              yield* store.reset(userId)
              yield* refreshTokens.revokeAllOfUser(userId)
              yield* audit(by, {
                action: "User.ResetSecondFactor",
                subject: { type: "User", id: userId },
                before: {
                  enrolled: enrolment?.secret != null,
                  unusedRecoveryCodes,
                  locked: secondFactorLocked(enrolment?.consecutiveFailures ?? 0),
                },
                after: { enrolled: false, unusedRecoveryCodes: 0, locked: false },
              })
            }),
          )
        })

      return { reset }
    }),
  },
) {}
