import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { MessagePage } from "../MessagePage"

/** An order id nobody has (or somebody else's). */
export const NoSuchOrder = () => (
  <MessagePage icon="ticket">
    <h1 className="display-title text-3xl">Order not found</h1>
    <p className="mt-3 text-muted">
      We couldn't find that order. The link may be wrong, or the order may belong to another
      account.
    </p>
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/Account/Orders" className="btn-primary">
        My orders
      </Link>
      <Link to="/" className="btn-outline">
        Home
      </Link>
    </div>
  </MessagePage>
)

export const OrderCancelled = ({
  orderRef,
  children,
}: {
  orderRef: string
  children?: ReactNode
}) => (
  <MessagePage icon="info">
    <h1 className="display-title text-3xl">Order cancelled</h1>
    <p className="mt-3 text-muted">
      Order {orderRef} has been cancelled, so it can't be paid for. Its tickets have gone back on
      sale.
    </p>
    {children}
    <Link to="/" className="btn-primary mt-8">
      Home
    </Link>
  </MessagePage>
)

/** Work under way: completing an order, starting a payment. */
export const Working = ({ text }: { text: string }) => (
  <MessagePage icon="clock">
    <p role="status" className="text-lg font-semibold">
      {text}
    </p>
  </MessagePage>
)

/** Where a customer goes from a message about one order: the order, or all of them. */
export const OrderLinks = ({ orderId }: { orderId: string }) => (
  <div className="mt-8 flex flex-wrap justify-center gap-3">
    <Link to="/Account/Order/$id" params={{ id: orderId }} className="btn-primary">
      View order
    </Link>
    <Link to="/Account/Orders" className="btn-outline">
      My orders
    </Link>
  </div>
)
