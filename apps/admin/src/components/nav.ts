/**
 * The back office's sections, in the order staff work through them. `admin`
 * entries are shown to Admins only (the server refuses everybody else anyway:
 * core/src/staff/permissions.ts).
 */
export interface NavItem {
  readonly to: string
  readonly label: string
  readonly admin?: boolean
}

export const navItems: readonly NavItem[] = [
  { to: "/", label: "Dashboard" },
  { to: "/competitions", label: "Competitions" },
  { to: "/draws", label: "Draws" },
  { to: "/winners", label: "Winners" },
  { to: "/postal-entries", label: "Postal entries" },
  { to: "/orders", label: "Orders" },
  { to: "/settlements", label: "Settlements" },
  { to: "/customers", label: "Customers" },
  { to: "/vouchers", label: "Vouchers" },
  { to: "/clubs", label: "Clubs" },
  { to: "/categories", label: "Categories" },
  { to: "/attribute-types", label: "Attribute types" },
  { to: "/images", label: "Images" },
  { to: "/image-groups", label: "Image groups" },
  { to: "/content", label: "Site content" },
  { to: "/staff", label: "Staff", admin: true },
  { to: "/audit-log", label: "Audit log", admin: true },
  { to: "/messages", label: "Messages" },
  { to: "/complaints", label: "Complaints" },
  { to: "/harm-signals", label: "Harm signals" },
]
