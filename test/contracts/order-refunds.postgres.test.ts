import { oneDatabasePerFile, openPostgres } from "./harness"
import { orderRefundsContract } from "./order-refunds.contract"
import { orderRefundsInTheDatabase, orderRefundsOnDatabase } from "./order-refunds.database"

const database = oneDatabasePerFile(openPostgres)

orderRefundsContract(
  "order refunds on PostgreSQL (the OrderRefundRepo adapter)",
  orderRefundsOnDatabase(database),
)
orderRefundsInTheDatabase("order refunds in PostgreSQL's tables", database)
