/**
 * fast-check arbitraries of Howzat's business values, for properties written
 * against `@howzat/core`. Each is a function (call it for a fresh arbitrary)
 * named `arbitrary<Thing>`, so they cannot be mistaken for fixtures.
 */
export * from "./baskets.js"
export * from "./competitions.js"
export * from "./money.js"
export * from "./orders.js"
export * from "./payments.js"
export * from "./promotions.js"
