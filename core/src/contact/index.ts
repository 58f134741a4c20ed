/**
 * `@howzat/core/contact`: the contact form and the back office's messages.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/accounts.js"
export * from "../ports/audit-log.js"
export * from "../ports/clock.js"
export * from "../ports/contact-messages.js"
export * from "../ports/mailer.js"
export * from "../ports/rate-limiter.js"
export * from "../ports/secure-random.js"
export * from "../ports/transactions.js"
export * from "./contact.js"
export * from "./emails.js"
export * from "./staff-messages.js"
