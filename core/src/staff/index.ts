/**
 * `@howzat/core/staff`: the back office's staff use cases: staff users, permissions, audit trail, dashboard, clubs, promotions, site content.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/accounts.js"
export * from "../ports/audit-log.js"
export * from "../ports/back-office-figures.js"
export * from "../ports/catalogue.js"
export * from "../ports/clock.js"
export * from "../ports/club-store.js"
export * from "../ports/credentials.js"
export * from "../ports/draw-records.js"
export * from "../ports/mailer.js"
export * from "../ports/promotion-store.js"
export * from "../ports/randomness-beacon.js"
export * from "../ports/second-factors.js"
export * from "../ports/secure-random.js"
export * from "../ports/shop-links.js"
export * from "../ports/shop-metrics.js"
export * from "../ports/site-content.js"
export * from "../ports/staff-users.js"
export * from "../ports/transactions.js"
export * from "./audit.js"
export * from "./audit-trail.js"
export * from "./clubs.js"
export * from "./dashboard.js"
export * from "./permissions.js"
export * from "./promotions.js"
export * from "./second-factor-reset.js"
export * from "./site-content.js"
export * from "./staff-users.js"
