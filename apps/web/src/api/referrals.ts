import { api } from "./client"

/** Refer a friend (decision 0039): the customer's code, link and friends, and invitations. */
export const getReferrals = (customerId: string, signal?: AbortSignal) =>
  api.referrals.summary({ path: { customerId }, signal })

export const sendReferralInvitations = (customerId: string, emails: readonly string[]) =>
  api.referrals.invite({ path: { customerId }, payload: { emails: [...emails] } })
