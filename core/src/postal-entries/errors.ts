import { Data } from "effect"

/** Field name to docs/product/validation.md message; the edge answers with the validation problem. */
export class PostalEntryInvalid extends Data.TaggedError("PostalEntryInvalid")<{
  readonly errors: Readonly<Record<string, string>>
}> {}

/** Before the competition opens or from its close on, no entry of any kind is given. */
export class CompetitionNotTakingEntries extends Data.TaggedError("CompetitionNotTakingEntries")<{
  readonly competitionId: string
  readonly reason: "NotOpen" | "Closed"
}> {}

/** The person already holds the competition's maximum per person, paid and free together. */
export class PostalEntryLimitReached extends Data.TaggedError("PostalEntryLimitReached")<{
  readonly competitionId: string
  readonly max: number
}> {}

/** No ticket is left in the pool. */
export class CompetitionSoldOut extends Data.TaggedError("CompetitionSoldOut")<{
  readonly competitionId: string
}> {}

/** The reference names another person's entry in this competition. */
export class EntryReferenceInUse extends Data.TaggedError("EntryReferenceInUse")<{
  readonly competitionId: string
  readonly entryReference: string
}> {}
