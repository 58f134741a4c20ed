import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { AuthResponse } from "./auth.js"
import { SECOND_FACTOR_REQUIRED_PROBLEM } from "./problem-types.js"
import { boundedString } from "./text.js"

/**
 * An Admin's sign-in in two steps (decision 0032): the password
 * earns a 401 SecondFactorRequired with a `challenge`; the challenge and a
 * code from the authenticator app (or a recovery code) earn the session.
 */

/** Far longer than any challenge, TOTP or recovery code; the server says whether it is right. */
const Challenge = boundedString(200)
const Code = boundedString(100)

/**
 * 401 problem+json with the challenge to answer. Its own class (a literal
 * `type`) so a client can tell it from a failed login.
 */
export class SecondFactorRequired extends Schema.Class<SecondFactorRequired>(
  "SecondFactorRequired",
)(
  {
    type: Schema.Literal(SECOND_FACTOR_REQUIRED_PROBLEM),
    title: Schema.String,
    detail: Schema.String,
    status: Schema.Literal(401),
    /** Opaque; valid 5 minutes and for 5 wrong codes. */
    challenge: Schema.String,
    /** False until the user has set up an authenticator app: enrol first. */
    enrolled: Schema.Boolean,
  },
  {
    [HttpApiSchema.AnnotationStatus]: 401,
    [HttpApiSchema.AnnotationEncoding]: {
      kind: "Json",
      contentType: "application/problem+json",
    },
  },
) {}

export const SecondFactorRequest = Schema.Struct({ challenge: Challenge, code: Code })

export const StartEnrolmentRequest = Schema.Struct({ challenge: Challenge })

/** The base32 secret to type in, and the same as a URI to show as a QR code. */
export const EnrolmentResponse = Schema.Struct({ secret: Schema.String, otpauthUri: Schema.String })

/** Ten recovery codes, shown this once (only their hashes are kept). */
export const RecoveryCodes = Schema.Array(Schema.String)

export const ConfirmEnrolmentResponse = Schema.Struct({
  auth: AuthResponse,
  recoveryCodes: RecoveryCodes,
})

export const RegenerateRecoveryCodesRequest = Schema.Struct({ code: Code })

export const RecoveryCodesResponse = Schema.Struct({ recoveryCodes: RecoveryCodes })
