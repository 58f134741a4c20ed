import type { Address, Principal } from "@howzat/core/accounts"
import { CustomerAccounts } from "@howzat/core/accounts"
import { Catalogue } from "@howzat/core/competitions"
import type { Order } from "@howzat/core/orders"
import { type GivenAddresses, orderAddresses } from "@howzat/core/rules"
import { Effect } from "effect"
import { orderToWire, type PaymentWire } from "./order-wire"

export type OrderAddresses = GivenAddresses<Address>

/** One order to answer with, and what its caller knows beside the order row. */
export interface OrderToPresent {
  readonly order: Order
  /** Those given at checkout, echoed back; core's orderAddresses decides what shows. */
  readonly addresses?: OrderAddresses
  readonly payments?: readonly PaymentWire[]
  readonly siteCreditReturned?: number
}

/**
 * Orders as the wire shows them: the customer's name and addresses come
 * from their record (the order row keeps neither; which address shows is
 * core's rule) and each line's competition dates from the catalogue, so the
 * storefront can tell upcoming from drawn. However many orders, two reads:
 * their customers in one, their competitions' dates in another. A failed
 * read fails the answer; only a competition that is hidden or gone is
 * shown without its dates.
 */
export const presentOrders = (principal: Principal, orders: readonly OrderToPresent[]) =>
  Effect.gen(function* () {
    if (orders.length === 0) return []
    const customers = yield* (yield* CustomerAccounts).getMany(
      principal,
      orders.map(({ order }) => order.customerId),
    )
    const dates = yield* (yield* Catalogue).competitionDates(
      orders.flatMap(({ order }) => order.lines.map((line) => line.competitionId)),
    )
    return orders.map(({ order, addresses = {}, payments = [], siteCreditReturned = 0 }) => {
      // getMany answers every customer asked for, or fails.
      const customer = customers.get(order.customerId)!
      return orderToWire(
        order,
        {
          customer: {
            id: customer.customerId,
            fullName: `${customer.firstName} ${customer.lastName}`,
          },
          ...orderAddresses(addresses, customer),
        },
        dates,
        payments,
        siteCreditReturned,
      )
    })
  })

/** One order as the wire shows it (see presentOrders). */
export const presentOrder = (
  order: Order,
  principal: Principal,
  addresses: OrderAddresses = {},
  payments: readonly PaymentWire[] = [],
  siteCreditReturned = 0,
) =>
  presentOrders(principal, [{ order, addresses, payments, siteCreditReturned }]).pipe(
    Effect.map(([presented]) => presented!),
  )
