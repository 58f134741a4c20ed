/**
 * The billing and shipping details a checkout may carry, judged by the same
 * rules and docs/product/validation.md words as the account pages' address forms, so an order
 * never carries (or echoes back) an address the account pages would refuse.
 * Free of Effect so the storefront can import it.
 */
import { type AddressInput, cleanAddress, validateAddress } from "./auth.js"

/** Left out (or null): the order uses the customer's saved address. */
export interface CheckoutAddresses {
  readonly billingAddress?: AddressInput | null | undefined
  readonly shippingAddress?: AddressInput | null | undefined
}

const FIELDS = ["billingAddress", "shippingAddress"] as const

/** The clean-ups the account pages apply (trimmed lines, upper-case postcode). */
export const cleanCheckoutAddresses = (addresses: CheckoutAddresses): CheckoutAddresses => ({
  billingAddress: addresses.billingAddress ? cleanAddress(addresses.billingAddress) : null,
  shippingAddress: addresses.shippingAddress ? cleanAddress(addresses.shippingAddress) : null,
})

/**
 * Every error of the given addresses, named as the wire nests them
 * (`billingAddress.postCode`); empty when they may be used. An address that
 * is given must be whole: a blank one is refused, not taken as "none".
 */
export const checkoutAddressErrors = (addresses: CheckoutAddresses): Record<string, string> => {
  const errors: Record<string, string> = {}
  for (const key of FIELDS) {
    const address = addresses[key]
    if (!address) continue
    for (const [field, error] of Object.entries(validateAddress(address))) {
      if (error !== undefined) errors[`${key}.${field}`] = error
    }
  }
  return errors
}

/** An address given at checkout, or not (left out or null). */
export interface GivenAddresses<A> {
  readonly billingAddress?: A | null | undefined
  readonly shippingAddress?: A | null | undefined
}

/** The customer's saved addresses, as their record holds them now. */
export interface SavedAddresses<A> {
  readonly defaultBillingAddress: A | null
  readonly defaultShippingAddress: A | null
}

/**
 * The addresses an order shows (docs/product/entities.md): each one given at
 * checkout, or else the customer's saved one. The order row keeps neither, so
 * an order read later shows the saved addresses as they are then.
 */
export const orderAddresses = <A>(
  given: GivenAddresses<A>,
  saved: SavedAddresses<A>,
): { readonly billingAddress: A | null; readonly shippingAddress: A | null } => ({
  billingAddress: given.billingAddress ?? saved.defaultBillingAddress,
  shippingAddress: given.shippingAddress ?? saved.defaultShippingAddress,
})
