import { Context } from "effect"

/**
 * The brand's competition rules (docs/decisions/0045): the least time a
 * competition is open for sale. Brand configuration, not a staff setting:
 * it binds the staff who publish competitions, so they do not lower it
 * from the back office. The composition root provides the brand's.
 */
export class CompetitionPolicy extends Context.Reference<CompetitionPolicy>()(
  "@howzat/core/CompetitionPolicy",
  {
    defaultValue: (): { readonly minimumOpenMs: number } => ({
      minimumOpenMs: DEFAULT_MINIMUM_OPEN_MS,
    }),
  },
) {}

/** A day: no flash draw that closes before a customer has slept on it. */
export const DEFAULT_MINIMUM_OPEN_MS = 24 * 60 * 60 * 1000
