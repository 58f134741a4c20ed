/**
 * What the catalogue contracts share: a competition as the writer takes it,
 * the clock they browse at, and a word of their own.
 */
import { randomBytes } from "node:crypto"

// One competition and clock for the contracts, the suites and the order
// fixtures alike, so a change to what a plain competition is happens once.
export { at, DAY, HOUR, MINUTE, NOW, newCompetition } from "@howzat/postgres/testing"

/** A word no other test uses, so a test finds its own records in a shared database. */
export const uniqueWord = (): string => `w${randomBytes(5).toString("hex")}`
