import { Data } from "effect"

/** The storefront shows 'no such competition' for this (SPEC §8). */
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

export class ResourceNotFound extends Data.TaggedError("ResourceNotFound")<{
  readonly key: string
}> {}

/** A storage failure the caller cannot fix; the HTTP edge answers 503, never 500 with a stack. */
export class RepositoryError extends Data.TaggedError("RepositoryError")<{
  readonly operation: string
  readonly cause: unknown
}> {}
