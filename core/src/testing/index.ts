/**
 * `@howzat/core/testing`: what another team needs to property-test its own
 * code against Howzat's rules: the in-memory adapter of each port and the
 * fast-check arbitraries. Not part of the production entry: test doubles
 * never reach `@howzat/core`.
 */

export * from "../accounts/second-factor-doubles.js"
export * from "../accounts/test-doubles.js"
export * from "../competitions/back-office-figures-doubles.js"
export * from "../competitions/catalogue-admin-doubles.js"
export * from "../competitions/catalogue-admin-store-doubles.js"
export * from "../competitions/catalogue-doubles.js"
export * from "../competitions/competition-admin-store-doubles.js"
export * from "../competitions/competition-repo-doubles.js"
export * from "../competitions/instant-win-group-doubles.js"
export * from "../complaints/complaint-doubles.js"
export * from "../contact/contact-doubles.js"
export * from "../customers/test-doubles.js"
export * from "../draws/test-doubles.js"
export * from "../images/test-doubles.js"
export * from "../orders/checkout-doubles.js"
export * from "../orders/instant-win-doubles.js"
export * from "../orders/payment-doubles.js"
export * from "../orders/staff-order-doubles.js"
export * from "../orders/test-doubles.js"
export * from "../postal-entries/test-doubles.js"
export * from "../referrals/test-doubles.js"
export * from "../responsible-play/event-doubles.js"
export * from "../responsible-play/harm-signal-doubles.js"
export * from "../responsible-play/spend-limit-doubles.js"
export * from "../responsible-play/standing-doubles.js"
export * from "../site-content/resource-doubles.js"
export * from "../site-content/rich-text-doubles.js"
export * from "../staff/audit-log-doubles.js"
export * from "../staff/club-doubles.js"
export * from "../staff/staff-user-doubles.js"
export * from "../winners/test-doubles.js"
export * from "./arbitraries/index.js"
