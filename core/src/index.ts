/**
 * The whole core for server-side callers. The browser imports
 * `@howzat/core/rules` instead: the rules are plain functions, while this
 * entry also brings the Effect services.
 */
export * from "./competitions/catalogue"
export * from "./competitions/errors"
export * from "./competitions/model"
export * from "./draws/secure-choice"
export * from "./ports/catalogue"
export * from "./ports/competition-writer"
export * from "./ports/secure-random"
export * from "./rules"
