/**
 * Problem types the storefront acts on, as plain strings: the storefront
 * imports them without pulling Effect's Schema into its bundle.
 */

/** A change to a basket that has been checked out: start a new basket and make it there. */
export const BASKET_CHECKED_OUT_PROBLEM = "https://howzat.example/problems/basket-checked-out"
