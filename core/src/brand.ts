import { Context } from "effect"

/**
 * Whose shop this is, in the words its customers see: the name the emails
 * sign with and put in their subjects, what site credit is called, and the
 * issuer an authenticator app lists a staff account under. Core has no
 * default on purpose (docs/decisions/0101): another operator who installs
 * `@howzat/core` provides their own, and forgetting it fails to compile
 * rather than sending mail in someone else's name. The server's composition
 * root builds it from the storefront's brand (apps/web/src/brand.ts).
 */
export interface BrandShape {
  /** "Howzat": signs every email ("The Howzat team") and names the shop in subjects. */
  readonly name: string
  /** "Howzat Credit": order lines, ledger entries and emails that mention site credit. */
  readonly siteCreditName: string
  /** The label an authenticator app shows beside a staff account's codes. */
  readonly totpIssuer: string
}

export class Brand extends Context.Tag("@howzat/core/Brand")<Brand, BrandShape>() {}
