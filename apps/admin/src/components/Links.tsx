import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"

/**
 * Typed links from one screen to the record another screen shows, so staff
 * follow a winner, an order line or a draw to what it is about.
 */
const LINK = "font-medium text-primary-800 underline"

export function CompetitionLink({
  id,
  children,
}: {
  readonly id: string
  readonly children: ReactNode
}) {
  return (
    <Link to="/competitions/$competitionId" params={{ competitionId: id }} className={LINK}>
      {children}
    </Link>
  )
}

/** A customer's name as a link; the plain text when there is no customer record to open. */
export function CustomerLink({
  id,
  children,
}: {
  readonly id: string | null
  readonly children: ReactNode
}) {
  if (id === null) return <>{children}</>
  return (
    <Link to="/customers/$customerId" params={{ customerId: id }} className={LINK}>
      {children}
    </Link>
  )
}

/** An order reference as a link to its order, for a screen that knows the reference alone. */
export function OrderRefLink({ orderRef }: { readonly orderRef: string }) {
  return (
    <Link to="/orders/ref/$orderRef" params={{ orderRef }} className={`${LINK} font-mono`}>
      {orderRef}
    </Link>
  )
}

/** The shop's order references: ten upper-case hex digits (the orders table's default). */
const ORDER_REF = /\b([0-9A-F]{10})\b/

/** Text that names an order ("Spent on order 3F9A0C11B2") with the reference as a link. */
export function WithOrderRefLinks({ text }: { readonly text: string }) {
  const parts = text.split(ORDER_REF)
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in place
          <OrderRefLink key={i} orderRef={part} />
        ) : (
          part
        ),
      )}
    </>
  )
}
