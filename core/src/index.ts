/**
 * The whole core for server-side callers. The browser imports
 * `@howzat/core/rules` (and `@howzat/core/rules/auth`) instead: the rules are
 * plain functions, while this entry also brings the Effect services.
 */
export * from "./accounts/account-changes"
export * from "./accounts/customer-accounts"
export * from "./accounts/emails"
export * from "./accounts/errors"
export * from "./accounts/model"
export * from "./accounts/recovery"
export * from "./accounts/registration"
export * from "./accounts/secrets"
export * from "./accounts/sessions"
export * from "./accounts/throttle"
export * from "./competitions/catalogue"
export * from "./competitions/errors"
export * from "./competitions/model"
export * from "./draws/secure-choice"
export * from "./ports/accounts"
export * from "./ports/catalogue"
export * from "./ports/competition-writer"
export * from "./ports/credentials"
export * from "./ports/mailer"
export * from "./ports/rate-limiter"
export * from "./ports/secure-random"
export * from "./ports/transactions"
export * from "./rules"
export * from "./rules/auth"
