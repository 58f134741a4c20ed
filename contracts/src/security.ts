import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import type { Principal } from "@howzat/core/accounts"
import type { Permission } from "@howzat/core/staff"
import { Context, type Option } from "effect"
import { Unauthorized } from "./problems.js"

/** Who is calling, from a verified `Authorization: Bearer` access token. */
export class CurrentUser extends Context.Tag("@howzat/contracts/CurrentUser")<
  CurrentUser,
  Principal
>() {}

/**
 * For endpoints that need someone signed in: a missing, expired or forged
 * token is a 401 problem, which tells the storefront to refresh its token.
 */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()(
  "@howzat/contracts/Authentication",
  {
    failure: Unauthorized,
    provides: CurrentUser,
    security: { bearer: HttpApiSecurity.bearer },
  },
) {}

/** Someone, if a valid token came with the request; nobody otherwise. */
export class MaybeCurrentUser extends Context.Tag("@howzat/contracts/MaybeCurrentUser")<
  MaybeCurrentUser,
  Option.Option<Principal>
>() {}

/**
 * For public endpoints that serve a signed-in customer differently (a basket
 * that follows the customer). A bad token never fails the request: it is
 * read as nobody, because browsing must not break on an expired token.
 */
export class OptionalAuthentication extends HttpApiMiddleware.Tag<OptionalAuthentication>()(
  "@howzat/contracts/OptionalAuthentication",
  {
    provides: MaybeCurrentUser,
    security: { bearer: HttpApiSecurity.bearer },
  },
) {}

/**
 * Marks an endpoint (or a whole group) as staff-only, with the permission
 * of core's matrix it needs: the permission test reads it from the
 * contracts and calls the endpoint as every kind of caller.
 */
export class StaffPermission extends Context.Tag("@howzat/contracts/StaffPermission")<
  StaffPermission,
  Permission
>() {}
