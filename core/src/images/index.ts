/**
 * `@howzat/core/images`: image uploads and their variants.
 * The area's use cases, models and tagged errors, and every port its use
 * cases require, so a caller composes them from this entry and
 * `@howzat/core/rules` alone (core/README.md). Test doubles are not here:
 * they are in `@howzat/core/testing`.
 */

// The ports this area's use cases require (directly or through another area's use case).
export * from "../ports/audit-log.js"
export * from "../ports/clock.js"
export * from "../ports/file-store.js"
export * from "../ports/image-variants.js"
export * from "../ports/images.js"
export * from "../ports/transactions.js"
export * from "./errors.js"
export * from "./images.js"
export * from "./variant-files.js"
