/**
 * `@howzat/core/postal-entries`: free postal entries.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/account-standing.js"
export * from "../ports/accounts.js"
export * from "../ports/audit-log.js"
export * from "../ports/clock.js"
export * from "../ports/instant-wins.js"
export * from "../ports/mailer.js"
export * from "../ports/payments.js"
export * from "../ports/postal-entries.js"
export * from "../ports/shop-links.js"
export * from "../ports/transactions.js"
export * from "./errors.js"
export * from "./model.js"
export * from "./postal-entries.js"
