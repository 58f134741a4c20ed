import { oneDatabasePerFile, openPglite } from "./harness"
import { orderRefundsContract } from "./order-refunds.contract"
import { orderRefundsInTheDatabase, orderRefundsOnDatabase } from "./order-refunds.database"

const database = oneDatabasePerFile(openPglite)

orderRefundsContract(
  "order refunds on PGlite (the OrderRefundRepo adapter)",
  orderRefundsOnDatabase(database),
)
orderRefundsInTheDatabase("order refunds in PGlite's tables", database)
