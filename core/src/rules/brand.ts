/**
 * The shop's name as emails and pages say it. A rule rather than part of the
 * account emails, so the back office can use it from `@howzat/core/rules`
 * without bundling core's Effect services.
 */
export const BRAND = "Howzat"
