import { makeDatabase } from "@howzat/postgres/testing"
import { orderRefundsContract } from "./order-refunds.contract"
import { orderRefundsOnDatabase } from "./order-refunds.database"

orderRefundsContract(
  "order refunds on PGlite (the OrderRefundRepo adapter)",
  orderRefundsOnDatabase(() => makeDatabase({})),
)
