import { Data } from "effect"
import type { PauseRefusal, Standing } from "../rules/standing.js"

/** A purchase or an entry refused because the account is on a break or closed. */
export class AccountNotInGoodStanding extends Data.TaggedError("AccountNotInGoodStanding")<{
  readonly customerId: string
  readonly standing: Exclude<Standing, { status: "Active" }>
}> {}

/** The break asked for would end no later than the one running, or the account is closed. */
export class PauseRefused extends Data.TaggedError("PauseRefused")<{
  readonly customerId: string
  readonly refusal: PauseRefusal
}> {}

/** A closure asked for on an account already closed. */
export class AccountAlreadyClosed extends Data.TaggedError("AccountAlreadyClosed")<{
  readonly customerId: string
  readonly closedAt: Date
}> {}

/** The age check has not passed (refused, or waiting for documents): no purchases yet. */
export class AgeNotVerified extends Data.TaggedError("AgeNotVerified")<{
  readonly customerId: string
  readonly outcome: "Refused" | "NeedsDocuments"
  readonly reason: string
}> {}
