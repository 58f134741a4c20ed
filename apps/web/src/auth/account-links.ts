import { brand } from "../brand"

export type AccountPath =
  | "/Account/Tickets"
  | "/Account/SiteCredit"
  | "/Account/Orders"
  | "/Account/PersonalDetails"
  | "/Account/BillingShippingDetails"
  | "/Account/ReferAFriend"
  | "/Account/TakeABreak"
  | "/Account/SpendLimit"

export interface AccountLink {
  readonly label: string
  readonly to: AccountPath
}

/** docs/product/screens.md's account menu, in its order; Logout follows it everywhere it is shown. */
export const accountLinks: readonly AccountLink[] = [
  { label: "Recent Tickets", to: "/Account/Tickets" },
  ...(brand.siteCredit.active
    ? [{ label: brand.siteCredit.name, to: "/Account/SiteCredit" as const }]
    : []),
  // Not in docs/product/screens.md's menu: beside the credit it earns (decision 0039).
  { label: "Refer a Friend", to: "/Account/ReferAFriend" },
  { label: "Recent Orders", to: "/Account/Orders" },
  { label: "My Details", to: "/Account/PersonalDetails" },
  { label: "Address Details", to: "/Account/BillingShippingDetails" },
  // Pause and close (decision 0043): last, and always there.
  { label: "Take a break", to: "/Account/TakeABreak" },
  // Not in docs/product/screens.md's menu: the monthly spend limit (decision 0041).
  { label: "Spend Limit", to: "/Account/SpendLimit" },
]
