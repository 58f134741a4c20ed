import { openMigratedPglite } from "../support/suite-database"
import { orderRefundsContract } from "./order-refunds.contract"
import { orderRefundsOnDatabase } from "./order-refunds.database"

orderRefundsContract(
  "order refunds on PGlite (the OrderRefundRepo adapter)",
  orderRefundsOnDatabase(openMigratedPglite),
)
