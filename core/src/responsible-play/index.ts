/**
 * `@howzat/core/responsible-play`: the purchase gate: spend limits, age verification, account standing and harm signals.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/account-standing.js"
export * from "../ports/accounts.js"
export * from "../ports/age-verification.js"
export * from "../ports/audit-log.js"
export * from "../ports/clock.js"
export * from "../ports/harm-signal-facts.js"
export * from "../ports/mailer.js"
export * from "../ports/responsible-play-events.js"
export * from "../ports/shop-links.js"
export * from "../ports/spend-limits.js"
export * from "../ports/transactions.js"
export * from "./age-verification.js"
export * from "./harm-signals.js"
export * from "./purchase-gate.js"
export * from "./spend-limit-errors.js"
export * from "./spend-limits.js"
export * from "./standing.js"
export * from "./standing-emails.js"
export * from "./standing-errors.js"
