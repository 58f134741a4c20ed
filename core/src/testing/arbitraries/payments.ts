import fc from "fast-check"
import {
  type PaymentStatus,
  paymentStatuses,
  type SettledStatus,
  settledStatuses,
} from "../../rules/payment-status.js"

export const arbitraryPaymentStatus = (): fc.Arbitrary<PaymentStatus> =>
  fc.constantFrom(...paymentStatuses)

/** The provider's word on how an attempt ended, as a settle carries it. */
export const arbitrarySettledStatus = (): fc.Arbitrary<SettledStatus> =>
  fc.constantFrom(...settledStatuses)
