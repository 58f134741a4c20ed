/** SPEC §2: the basket cannot be opened from the checkout pages. */
export const basketAvailableOn = (pathname: string): boolean =>
  !pathname.toLowerCase().startsWith("/checkout")

export const basketButtonTitle = (available: boolean): string =>
  available
    ? "Click here to see the contents of your basket"
    : "Your basket is not available from this page"
