/**
 * `@howzat/core/competitions`: the catalogue, competition administration, instant-win groups, competition tickets and the live share.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/audit-log.js"
export * from "../ports/catalogue.js"
export * from "../ports/catalogue-admin.js"
export * from "../ports/clock.js"
export * from "../ports/club-store.js"
export * from "../ports/competition-admin.js"
export * from "../ports/competition-writer.js"
export * from "../ports/instant-win-groups.js"
export * from "../ports/live-competitions.js"
export * from "../ports/secure-random.js"
export * from "../ports/transactions.js"
export * from "./catalogue.js"
export * from "./catalogue-admin.js"
export * from "./competition-admin.js"
export * from "./competition-policy.js"
export * from "./competition-tickets.js"
export * from "./errors.js"
export * from "./instant-win-groups.js"
export * from "./live-share.js"
export * from "./model.js"
