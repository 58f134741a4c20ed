/**
 * Problem types the storefront acts on, as plain strings: the storefront
 * imports them without pulling Effect's Schema into its bundle.
 */

/** Every problem type is a page under one address, named by its slug. */
export const problemType = <Slug extends string>(slug: Slug) =>
  `https://howzat.example/problems/${slug}` as const

/**
 * Checkout allocated nothing (or the basket had nothing to check out): the
 * storefront says so and goes home. The detail lists why, one
 * " -- Competition: reason" line each (docs/product/errors.md).
 */
export const BASKET_EMPTY_PROBLEM = problemType("basket-empty")

/** A basket change core refused (a limit, a closed competition): the detail is the customer's words. */
export const BASKET_CHANGES_PROBLEM = problemType("basket-changes")

/** The request was understood but conflicts with what exists, e.g. an email already registered. */
export const APPLICATION_ERROR_PROBLEM = problemType("application-error")

/** Fields broke their rules: `errors` (and the detail's " -- Field: " lines) say which. */
export const VALIDATION_ERROR_PROBLEM = problemType("validation-error")

/** A change to a basket that has been checked out: start a new basket and make it there. */
export const BASKET_CHECKED_OUT_PROBLEM = problemType("basket-checked-out")

/** The password was right; answer the `challenge` with a code (or enrol first when not `enrolled`). */
export const SECOND_FACTOR_REQUIRED_PROBLEM = problemType("second-factor-required")

/** A wrong, stale or replayed TOTP code, or an unknown or used recovery code. */
export const INVALID_SECOND_FACTOR_PROBLEM = problemType("invalid-second-factor")

/**
 * Ten wrong codes in a row locked the second factor (docs/decisions/0064):
 * only a recovery code, or another Admin's reset, gets past it.
 */
export const SECOND_FACTOR_LOCKED_PROBLEM = problemType("second-factor-locked")

/** The sign-in's challenge is spent, expired or out of attempts: sign in again. */
export const SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM = problemType(
  "second-factor-challenge-expired",
)

/** Purchases refused by the customer's own protection (decision 0043): signpost support. */
export const STANDING_PROBLEMS = [
  problemType("account-on-a-break"),
  problemType("account-closed"),
  problemType("age-not-verified"),
] as const
/** The order would take the month over the customer's spend limit (decision 0041): nothing was placed. */
export const SPEND_LIMIT_REACHED_PROBLEM = problemType("spend-limit-reached")

/** A returning customer must answer the spend-limit question before the next purchase. */
export const SPEND_LIMIT_UNANSWERED_PROBLEM = problemType("spend-limit-unanswered")

/**
 * The voucher code typed takes less off than the basket's code (one code per
 * order): nothing changed; send it again with `replaces` to swap anyway.
 */
export const VOUCHER_REPLACEMENT_PROBLEM = problemType("voucher-replacement-unconfirmed")

/**
 * A pick of ticket numbers refused (docs/decisions/0080): out of range, taken,
 * over the maximum, or a competition without picks. The detail is the customer's words.
 */
export const PICK_REFUSED_PROBLEM = problemType("pick-refused")

/**
 * At checkout a picked number's hold had run out and someone else took it:
 * nothing was allocated; the detail says which numbers, one " -- " line a competition.
 */
export const PICKED_NUMBERS_TAKEN_PROBLEM = problemType("picked-numbers-taken")
