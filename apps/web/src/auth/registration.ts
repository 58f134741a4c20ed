/**
 * The registration form's data (/Auth/Register, docs/product/screens.md),
 * free of React: its values, the rule of each field and the body it sends.
 */
import { normaliseReferralCode, trimText, validateAcceptTerms } from "@howzat/core/rules"
import { HONEY_POT, type register } from "../api/accounts"
import type { Rules } from "../lib/form-rules"
import { type PersonValues, personRules } from "../lib/person"
import { type SpendLimitChoice, spendLimitAmountRule, spendLimitAnswer } from "../lib/spend-limits"
import { returnUrlSearch } from "./return-url"

/**
 * `?ref=` is a friend's referral code (decision 0039): kept only if it reads
 * as one, sent with the registration, and never stored in the browser.
 */
export const registerSearch = (
  search: Record<string, unknown>,
): { returnUrl?: string; ref?: string } => {
  const ref = typeof search.ref === "string" ? normaliseReferralCode(search.ref) : undefined
  return { ...returnUrlSearch(search), ...(ref ? { ref } : {}) }
}

export interface RegisterValues extends PersonValues {
  allowMarketing: boolean
  acceptTerms: boolean
  honeyPot: string
  /** The spend-limit question (decision 0041): optional, "I'll decide later" unless answered. */
  spendLimitChoice: SpendLimitChoice
  spendLimitAmount: string
}

/** Each field's rule: the person's (lib/person.ts), the terms and the spend-limit answer. */
export const registerRules: Rules<RegisterValues> = {
  ...personRules,
  acceptTerms: (value) => validateAcceptTerms(value),
  spendLimitAmount: (value, values) => spendLimitAmountRule(values.spendLimitChoice, value),
}

export const blankRegistration: RegisterValues = {
  firstName: "",
  lastName: "",
  emailAddress: "",
  password: "",
  confirmPassword: "",
  dateOfBirth: "",
  telephoneNumber: "",
  // Consent to marketing must be given, not assumed: the box starts empty (docs/decisions/0005).
  allowMarketing: false,
  acceptTerms: false,
  honeyPot: "",
  spendLimitChoice: "later",
  spendLimitAmount: "",
}

/**
 * What registering sends: names and phone trimmed, the one marketing tick
 * given for every channel, the friend's code only when there is one, and
 * the spend-limit answer only when the customer gave one.
 */
export const registrationRequest = (
  value: RegisterValues,
  ref: string | undefined,
): Parameters<typeof register>[0] => ({
  firstName: trimText(value.firstName),
  lastName: trimText(value.lastName),
  emailAddress: value.emailAddress,
  password: value.password,
  confirmPassword: value.confirmPassword,
  telephoneNumber: trimText(value.telephoneNumber),
  dateOfBirth: value.dateOfBirth,
  acceptTerms: value.acceptTerms,
  allowMarketingByEmail: value.allowMarketing,
  allowMarketingByPhone: value.allowMarketing,
  allowMarketingByText: value.allowMarketing,
  allowMarketingByPost: value.allowMarketing,
  [HONEY_POT]: value.honeyPot,
  ...(ref ? { referralCode: ref } : {}),
  ...spendLimitAnswer(value.spendLimitChoice, value.spendLimitAmount),
})
