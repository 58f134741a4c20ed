import { isEmailAddress } from "@howzat/core/rules"

/**
 * docs/product/validation.md's referral email list: text@text.text; empty fields are removed
 * before sending; invalid ones are marked; a new field can be added only
 * when the last one is filled in and valid.
 */
export const INVALID_REFERRAL_EMAIL = "Please enter a valid email address."

export const referralEmailError = (value: string): string | undefined => {
  const email = value.trim()
  return email === "" || isEmailAddress(email) ? undefined : INVALID_REFERRAL_EMAIL
}

export const canAddReferralEmail = (emails: readonly string[]): boolean => {
  const last = emails.at(-1)
  return last === undefined || (last.trim() !== "" && referralEmailError(last) === undefined)
}

/** The addresses to send: trimmed, empty ones dropped. Undefined when any is invalid. */
export const referralEmailsToSend = (emails: readonly string[]): string[] | undefined => {
  const filled = emails.map((email) => email.trim()).filter((email) => email !== "")
  return filled.every((email) => referralEmailError(email) === undefined) ? filled : undefined
}

/**
 * Which of the addresses sent the server refused, from its validation
 * problem's `emails` lines (each starts with the address and a space).
 */
export const refusedReferralEmails = (
  sent: readonly string[],
  problemLines: readonly string[],
): string[] => sent.filter((email) => problemLines.some((line) => line.startsWith(`${email} `)))

/** What a joined friend's row says of their reward. */
export const friendRewardText = (friend: { rewarded: boolean; refused: boolean }): string =>
  friend.rewarded
    ? "£5 reward paid"
    : friend.refused
      ? "No reward for this referral"
      : "Not yet spent £5"
