import { openSuiteDatabaseOnPostgres } from "./harness"
import { orderRefundsContract } from "./order-refunds.contract"
import { orderRefundsOnDatabase } from "./order-refunds.database"

orderRefundsContract(
  "order refunds on PostgreSQL (the OrderRefundRepo adapter)",
  orderRefundsOnDatabase(openSuiteDatabaseOnPostgres),
)
