/**
 * `@howzat/core/draws`: draws: the verifiable procedure, the entry list, winners' emails.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/audit-log.js"
export * from "../ports/catalogue.js"
export * from "../ports/clock.js"
export * from "../ports/draw-records.js"
export * from "../ports/mailer.js"
export * from "../ports/randomness-beacon.js"
export * from "../ports/secure-random.js"
export * from "../ports/shop-links.js"
export * from "../ports/shop-metrics.js"
export * from "../ports/transactions.js"
export * from "./draws.js"
export * from "./emails.js"
export * from "./entry-list.js"
export * from "./model.js"
export * from "./procedure.js"
export * from "./secrets.js"
export * from "./secure-choice.js"
