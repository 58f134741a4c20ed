/**
 * docs/product/errors.md's error texts for the account pages, as plain data a dialog or an
 * alert renders. The API's problems (docs/decisions/0001) carry a title and a
 * detail; validation details list fields as ` -- field: message Severity: Error`.
 */
import {
  APPLICATION_ERROR_PROBLEM,
  SECOND_FACTOR_REQUIRED_PROBLEM,
} from "@howzat/contracts/problem-types"
import { accountMessages } from "@howzat/core/rules"
import { ApiError } from "../api/client"

export interface TextLine {
  readonly kind: "text" | "bullet"
  readonly text: string
}

export interface DialogContent {
  readonly title: string
  readonly lines: readonly TextLine[]
  /** Show the customer-care address, for problems only a person can sort out. */
  readonly showContact?: boolean
  /** Link the responsible-play page, for refusals that protect the customer (decision 0043). */
  readonly showResponsiblePlay?: boolean
  /** Pages that help with what went wrong (e.g. the spend-limit page and /ResponsiblePlay). */
  readonly links?: readonly { readonly label: string; readonly href: string }[]
}

export const errorTexts = {
  registrationFailed: "Registration failed - please check all fields are specified correctly",
  alreadyRegistered:
    "There seems to be a problem with the details you've entered - is it possible you've already registered? Please check your details and try again",
  somethingWentWrong: "Something went wrong. Please try again.",
} as const

// ` -- firstName: `: one validation message follows, which becomes a bullet.
const FIELD_MARKER = /\s*-- [^\s:]+: /
const SEVERITY = / Severity: Error/g

/** The detail as lines: line breaks kept, each field marker a bullet, the severity tags gone. */
export const detailLines = (detail: string): TextLine[] => {
  const lines: TextLine[] = []
  for (const line of detail.replace(SEVERITY, "").split(/\r\n|\r|\n/)) {
    const [lead = "", ...bullets] = line.split(FIELD_MARKER)
    if (lead.trim()) lines.push({ kind: "text", text: lead.trim() })
    for (const bullet of bullets) {
      if (bullet.trim()) lines.push({ kind: "bullet", text: bullet.trim() })
    }
  }
  return lines
}

const detailOf = (error: unknown): string => (error instanceof ApiError ? error.detail.trim() : "")

const messageOf = (error: unknown): string => {
  if (error instanceof ApiError) return error.detail.trim() || error.title
  return error instanceof Error && error.message ? error.message : errorTexts.somethingWentWrong
}

/** The generic error dialog (docs/product/errors.md): changing email or password, saving details. */
export const errorDialogContent = (error: unknown): DialogContent => {
  const lines = detailLines(messageOf(error))
  return {
    title: "Error",
    lines: lines.length > 0 ? lines : detailLines(errorTexts.somethingWentWrong),
  }
}

/**
 * Login, and the login that follows registering: the detail if present, else
 * docs/product/errors.md's sentence. An Admin's right password asks for a second factor the
 * storefront never takes (staff sign in at /admin): to the storefront that is
 * a failed login like any non-customer's (docs/product/states.md), with the same words.
 */
export const loginFailureText = (error: unknown): string =>
  error instanceof ApiError && error.type === SECOND_FACTOR_REQUIRED_PROBLEM
    ? accountMessages.loginFailed
    : detailOf(error) || accountMessages.loginFailed

/** The registration dialog; a duplicate email ("application error") asks if they have registered. */
export const registrationFailureContent = (error: unknown): DialogContent => {
  if (error instanceof ApiError && error.type === APPLICATION_ERROR_PROBLEM) {
    return {
      title: "Oops!",
      lines: [{ kind: "text", text: errorTexts.alreadyRegistered }],
      showContact: true,
    }
  }
  const lines = detailLines(detailOf(error))
  return {
    title: "Error",
    lines: lines.length > 0 ? lines : [{ kind: "text", text: errorTexts.registrationFailed }],
  }
}

export const verificationFailureText = (error: unknown): string =>
  `Unable to verify: ${messageOf(error)}`

/** Forgot and reset password errors. */
export const recoveryErrorText = (error: unknown): string => `Error: ${messageOf(error)}`
