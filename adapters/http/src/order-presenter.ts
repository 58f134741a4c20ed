import { type Address, CustomerAccounts, type Principal } from "@howzat/core/accounts"
import { Catalogue } from "@howzat/core/competitions"
import type { Order } from "@howzat/core/orders"
import { Effect } from "effect"
import { type CompetitionDates, orderToWire, type PaymentWire } from "./order-wire"

export interface OrderAddresses {
  readonly billingAddress?: Address | null | undefined
  readonly shippingAddress?: Address | null | undefined
}

/**
 * An order as the wire shows it: the customer's name and addresses come
 * from their record (the order row keeps neither; addresses given at
 * checkout are echoed back) and each line's competition dates from the
 * catalogue, so the storefront can tell upcoming from drawn.
 */
export const presentOrder = (
  order: Order,
  principal: Principal,
  addresses: OrderAddresses = {},
  payments: readonly PaymentWire[] = [],
  siteCreditReturned = 0,
) =>
  Effect.gen(function* () {
    const accounts = yield* CustomerAccounts
    const catalogue = yield* Catalogue
    const customer = yield* accounts.get(principal, order.customerId)
    const dates = new Map<string, CompetitionDates>()
    for (const competitionId of new Set(order.lines.map((line) => line.competitionId))) {
      const competition = yield* catalogue
        .competition(competitionId)
        .pipe(Effect.orElseSucceed(() => undefined))
      if (competition !== undefined) dates.set(competitionId, competition)
    }
    return orderToWire(
      order,
      {
        customer: {
          id: customer.customerId,
          fullName: `${customer.firstName} ${customer.lastName}`,
        },
        billingAddress: addresses.billingAddress ?? customer.defaultBillingAddress,
        shippingAddress: addresses.shippingAddress ?? customer.defaultShippingAddress,
      },
      dates,
      payments,
      siteCreditReturned,
    )
  })
