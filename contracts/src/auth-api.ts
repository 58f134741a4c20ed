import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import {
  AuthenticateRequest,
  AuthResponse,
  ChangeEmailAddressRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MessageResponse,
  RequestLoginTokenRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TokenRequest,
} from "./auth.js"
import { BadRequest, Conflict, TooManyRequests, Unauthorized } from "./problems.js"
import {
  ConfirmEnrolmentResponse,
  EnrolmentResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  SecondFactorRequest,
  SecondFactorRequired,
  StartEnrolmentRequest,
} from "./second-factor.js"
import { Authentication } from "./security.js"

/**
 * docs/product/api.md's auth calls, all POST with JSON. The refresh token never appears
 * in a body: it travels in the httpOnly `howzat_refresh` cookie (Path
 * /api/auth), set by every call that answers with AuthResponse.
 */
export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("authenticate", "/api/auth/authenticate")
      .setPayload(AuthenticateRequest)
      .addSuccess(AuthResponse)
      // Before Unauthorized: both are 401s, and the error encoder takes the first that fits.
      .addError(SecondFactorRequired)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("authenticateByToken", "/api/auth/authenticate-by-token")
      .setPayload(TokenRequest)
      .addSuccess(AuthResponse)
      // Before Unauthorized: both are 401s, and the error encoder takes the first that fits.
      .addError(SecondFactorRequired)
      .addError(Unauthorized),
  )
  .add(
    HttpApiEndpoint.post("refreshToken", "/api/auth/refresh-token")
      .addSuccess(AuthResponse)
      .addError(Unauthorized),
  )
  .add(HttpApiEndpoint.post("revokeToken", "/api/auth/revoke-token").addSuccess(MessageResponse))
  .add(
    HttpApiEndpoint.post("verifyEmail", "/api/auth/verify-email")
      .setPayload(TokenRequest)
      .addSuccess(MessageResponse),
  )
  .add(
    HttpApiEndpoint.post("forgotPassword", "/api/auth/forgot-password")
      .setPayload(ForgotPasswordRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/api/auth/reset-password")
      .setPayload(ResetPasswordRequest)
      .addSuccess(MessageResponse),
  )
  .add(
    HttpApiEndpoint.post("requestLoginToken", "/api/auth/request-login-token")
      .setPayload(RequestLoginTokenRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("changeEmailAddress", "/api/auth/change-email-address")
      .setPayload(ChangeEmailAddressRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests)
      .middleware(Authentication),
  )
  .add(
    // "Resend" after registering: rate-limited per account (429 says when to try again).
    HttpApiEndpoint.post("resendVerificationEmail", "/api/auth/resend-verification-email")
      .setPayload(ResendVerificationRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.post("changePassword", "/api/auth/change-password")
      .setPayload(ChangePasswordRequest)
      .addSuccess(MessageResponse)
      .middleware(Authentication),
  )
  // An Admin's second factor (decision 0032): a challenge from authenticate, then a code.
  .add(
    HttpApiEndpoint.post("verifySecondFactor", "/api/auth/second-factor")
      .setPayload(SecondFactorRequest)
      .addSuccess(AuthResponse)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("startSecondFactorEnrolment", "/api/auth/second-factor/enrolment")
      .setPayload(StartEnrolmentRequest)
      .addSuccess(EnrolmentResponse)
      .addError(Unauthorized)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.post(
      "confirmSecondFactorEnrolment",
      "/api/auth/second-factor/enrolment/confirm",
    )
      .setPayload(SecondFactorRequest)
      .addSuccess(ConfirmEnrolmentResponse)
      .addError(Unauthorized)
      .addError(Conflict)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("regenerateRecoveryCodes", "/api/auth/second-factor/recovery-codes")
      .setPayload(RegenerateRecoveryCodesRequest)
      .addSuccess(RecoveryCodesResponse)
      .addError(BadRequest)
      .addError(Unauthorized)
      .addError(TooManyRequests)
      .middleware(Authentication),
  ) {}
