import { Data } from "effect"

/** The storefront shows 'no such competition' for this (docs/product/errors.md). */
export class CompetitionNotFound extends Data.TaggedError("CompetitionNotFound")<{
  readonly competitionId: string
}> {}

export class InstantWinGroupNotFound extends Data.TaggedError("InstantWinGroupNotFound")<{
  readonly competitionId: string
  readonly instantWinGroupId: string
}> {}

export class CategoryNotFound extends Data.TaggedError("CategoryNotFound")<{
  readonly categoryId: string
}> {}

/**
 * Another category already reads the same, whatever the case and the
 * spaces around it ("Golf", " golf"): staff and shoppers could not tell
 * the two apart (docs/decisions/0074). `name` is the other one's, as stored.
 */
export class CategoryNameTaken extends Data.TaggedError("CategoryNameTaken")<{
  readonly name: string
}> {}

export class ResourceNotFound extends Data.TaggedError("ResourceNotFound")<{
  readonly key: string
}> {}

/**
 * A storage failure the caller cannot fix. `unreachable` is the adapter's
 * judgement that the database could not be reached at all (refused, cut
 * off, full of connections): worth a retry, so the HTTP edge answers 503.
 * Anything else is a fault of ours, logged and answered 500 (never with a
 * stack); see docs/decisions/0015.
 */
export class RepositoryError extends Data.TaggedError("RepositoryError")<{
  readonly operation: string
  readonly cause: unknown
  readonly unreachable?: boolean
}> {}
