import { AccessTokenInvalid, type Role } from "@howzat/core/accounts"
import { AccessTokens, type VerifiedAccessToken } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { jwtVerify, SignJWT } from "jose"

const ISSUER = "howzat"
const AUDIENCE = "howzat"
const ROLES: readonly Role[] = ["Customer", "Staff", "Admin"]

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/**
 * Access tokens as HS256 JWTs. Claims: sub (user id), role, customerId (null
 * for staff), email, name, sid (the session, which a staff call looks up),
 * and iat/exp from the use case's clock; iss and aud
 * pin them to this shop. Verification takes "now" from the caller, so
 * Effect's Clock decides expiry, in tests as in production.
 */
export const makeJwtAccessTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret)
  return AccessTokens.of({
    issue: (principal, times) =>
      Effect.promise(() =>
        new SignJWT({
          role: principal.role,
          customerId: principal.customerId,
          email: principal.email,
          name: principal.name,
          sid: times.sessionId,
        })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(principal.userId)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt(seconds(times.issuedAt))
          .setExpirationTime(seconds(times.expiresAt))
          .sign(key),
      ),
    verify: (token, now) =>
      Effect.tryPromise({
        try: () =>
          jwtVerify(token, key, {
            algorithms: ["HS256"],
            issuer: ISSUER,
            audience: AUDIENCE,
            currentDate: now,
            requiredClaims: ["sub", "exp"],
          }),
        catch: (cause) =>
          new AccessTokenInvalid({ reason: cause instanceof Error ? cause.name : "invalid" }),
      }).pipe(
        Effect.flatMap(({ payload }): Effect.Effect<VerifiedAccessToken, AccessTokenInvalid> => {
          const { sub, role, customerId, email, name, sid } = payload
          const valid =
            typeof sub === "string" &&
            ROLES.includes(role as Role) &&
            (customerId === null || typeof customerId === "string") &&
            typeof email === "string" &&
            typeof name === "string"
          return valid
            ? Effect.succeed({
                principal: { userId: sub, role: role as Role, customerId, email, name },
                sessionId: typeof sid === "string" ? sid : null,
              })
            : Effect.fail(new AccessTokenInvalid({ reason: "claims" }))
        }),
      ),
  })
}

export const JwtAccessTokensLive = (secret: string) =>
  Layer.succeed(AccessTokens, makeJwtAccessTokens(secret))
