import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import {
  APPLICATION_ERROR_PROBLEM,
  problemType,
  VALIDATION_ERROR_PROBLEM,
} from "./problem-types.js"

export { problemType }

/**
 * Errors on the wire are RFC 9457 problem+json. Each status is its own class
 * so HttpApi can pick the status from the failure; `status` is a literal so
 * the classes never decode as one another.
 */
const problemFields = {
  type: Schema.String,
  title: Schema.String,
  detail: Schema.String,
}

const problemEncoding = (status: number) => ({
  [HttpApiSchema.AnnotationStatus]: status,
  [HttpApiSchema.AnnotationEncoding]: { kind: "Json", contentType: "application/problem+json" },
})

export class BadRequest extends Schema.Class<BadRequest>("BadRequest")(
  {
    ...problemFields,
    status: Schema.Literal(400),
    /** Field name to messages, as ASP.NET-style storefronts read them. */
    errors: Schema.optional(
      Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }),
    ),
  },
  problemEncoding(400),
) {}

export class Unauthorized extends Schema.Class<Unauthorized>("Unauthorized")(
  { ...problemFields, status: Schema.Literal(401) },
  problemEncoding(401),
) {}

export class Forbidden extends Schema.Class<Forbidden>("Forbidden")(
  { ...problemFields, status: Schema.Literal(403) },
  problemEncoding(403),
) {}

export class NotFound extends Schema.Class<NotFound>("NotFound")(
  { ...problemFields, status: Schema.Literal(404) },
  problemEncoding(404),
) {}

export class Conflict extends Schema.Class<Conflict>("Conflict")(
  { ...problemFields, status: Schema.Literal(409) },
  problemEncoding(409),
) {}

/** A card payment that did not go through; the detail is the provider's words for why. */
export class PaymentRequired extends Schema.Class<PaymentRequired>("PaymentRequired")(
  { ...problemFields, status: Schema.Literal(402) },
  problemEncoding(402),
) {}

/** The Retry-After header says when to try again; the detail says it in words. */
export class TooManyRequests extends Schema.Class<TooManyRequests>("TooManyRequests")(
  { ...problemFields, status: Schema.Literal(429), retryAfterSeconds: Schema.Int },
  problemEncoding(429),
) {}

export class ServiceUnavailable extends Schema.Class<ServiceUnavailable>("ServiceUnavailable")(
  { ...problemFields, status: Schema.Literal(503) },
  problemEncoding(503),
) {}

export const notFound = (title: string, detail: string) =>
  new NotFound({ type: problemType("not-found"), title, detail, status: 404 })

export const forbidden = (detail: string) =>
  new Forbidden({ type: problemType("forbidden"), title: "Forbidden", detail, status: 403 })

export const unauthorized = (detail: string) =>
  new Unauthorized({
    type: problemType("unauthorized"),
    title: "Unauthorized",
    detail,
    status: 401,
  })

/**
 * docs/product/errors.md's "application error" title; the storefront knows it by its type
 * and asks whether the customer has already registered.
 */
export const applicationError = (detail: string) =>
  new Conflict({
    type: APPLICATION_ERROR_PROBLEM,
    title: "An application error has occurred.",
    detail,
    status: 409,
  })

export const paymentFailed = (detail: string) =>
  new PaymentRequired({
    type: problemType("payment-failed"),
    title: "Payment failed",
    detail,
    status: 402,
  })

/** A request that was understood but cannot be done, e.g. a spent or expired link. */
export const badRequest = (title: string, detail: string) =>
  new BadRequest({ type: problemType("bad-request"), title, detail, status: 400 })

export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new TooManyRequests({
    type: problemType("too-many-requests"),
    title: "Too Many Requests",
    detail,
    status: 429,
    retryAfterSeconds,
  })

export const serviceUnavailable = () =>
  new ServiceUnavailable({
    type: problemType("service-unavailable"),
    title: "Service unavailable",
    detail: "The shop could not reach its database. Please try again soon.",
    status: 503,
  })

/**
 * docs/product/errors.md's "validation error" title; the storefront knows it by its type.
 * The detail carries FluentValidation-style '-- Field: ' lines it renders as
 * bullets.
 */
export const validationProblem = (errors: Readonly<Record<string, readonly string[]>>) =>
  new BadRequest({
    type: VALIDATION_ERROR_PROBLEM,
    title: "One or more validation errors occurred.",
    detail: [
      "Validation failed:",
      ...Object.entries(errors).flatMap(([field, messages]) =>
        messages.map((message) => ` -- ${field}: ${message} Severity: Error`),
      ),
    ].join("\n"),
    status: 400,
    errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [...v]])),
  })

export type ProblemJson = {
  readonly type: string
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly errors?: Readonly<Record<string, readonly string[]>>
}
