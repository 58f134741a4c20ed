/**
 * `@howzat/core`: the whole core for server-side callers, every area's entry
 * together with the rules and the ports. A caller that wants one area imports
 * its entry (`@howzat/core/orders`, `@howzat/core/draws`, …); the browser
 * imports `@howzat/core/rules` alone, which brings no Effect services.
 * The entry points are listed in core/README.md and core/package.json. The
 * Brand (whose name the mail carries) is configuration every area shares, so
 * it is here, at the root.
 */
export * from "./accounts/index.js"
export * from "./brand.js"
export * from "./clubs/index.js"
export * from "./competitions/index.js"
export * from "./complaints/index.js"
export * from "./contact/index.js"
export * from "./customers/index.js"
export * from "./draws/index.js"
export * from "./images/index.js"
export * from "./orders/index.js"
export * from "./ports/index.js"
export * from "./postal-entries/index.js"
export * from "./referrals/index.js"
export * from "./reports/index.js"
export * from "./responsible-play/index.js"
export * from "./rules/index.js"
export * from "./staff/index.js"
export * from "./winners/index.js"
