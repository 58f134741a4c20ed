/**
 * `@howzat/core/clubs`: club perks: what a club's members are offered.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/clock.js"
export * from "../ports/club-documents.js"
export * from "../ports/club-store.js"
export * from "../ports/shop-links.js"
export * from "./club-perks.js"
