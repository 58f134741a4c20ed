import { Context } from "effect"

/**
 * Where links in the shop's mail point: the origin the server was
 * configured with (PUBLIC_URL, or its own http://localhost:PORT), never a
 * request's Host header, which whoever sends the request chooses. The
 * composition root provides it; the default is the server's own default.
 */
export class ShopLinks extends Context.Reference<ShopLinks>()("@howzat/core/ShopLinks", {
  defaultValue: () => ({ origin: "http://localhost:3000" }),
}) {}

/** The storefront's page of one order (docs/product/screens.md's order detail). */
export const orderPageLink = (origin: string, orderId: string): string =>
  `${origin.replace(/\/+$/, "")}/Account/Order/${encodeURIComponent(orderId)}`

/** The storefront's page of one competition, where its winner and proof show after the draw. */
export const competitionPageLink = (origin: string, competitionId: string): string =>
  `${origin.replace(/\/+$/, "")}/Competitions/Competition/${encodeURIComponent(competitionId)}`

/** The storefront's page that sets a password from a `token` in its link (docs/product/screens.md's reset form). */
export const setPasswordPageLink = (origin: string): string =>
  `${origin.replace(/\/+$/, "")}/Auth/ForgotPassword`
