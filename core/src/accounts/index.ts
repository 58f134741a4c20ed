/**
 * `@howzat/core/accounts`: customer and staff accounts: registration, sign-in sessions, recovery, second factors, account changes, the sign-in throttle.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/accounts.js"
export * from "../ports/age-verification.js"
export * from "../ports/audit-log.js"
export * from "../ports/clock.js"
export * from "../ports/credentials.js"
export * from "../ports/mailer.js"
export * from "../ports/rate-limiter.js"
export * from "../ports/referrals.js"
export * from "../ports/responsible-play-events.js"
export * from "../ports/second-factors.js"
export * from "../ports/secure-random.js"
export * from "../ports/shop-links.js"
export * from "../ports/spend-limits.js"
export * from "../ports/transactions.js"
export * from "./account-changes.js"
export * from "./customer-accounts.js"
export * from "./emails.js"
export * from "./errors.js"
export * from "./model.js"
export * from "./one-time-tokens.js"
export * from "./recovery.js"
export * from "./registration.js"
export * from "./second-factor.js"
export * from "./secrets.js"
export * from "./sessions.js"
export * from "./staff-accounts.js"
export * from "./throttle.js"
