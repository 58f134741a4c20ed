import { openSuiteDatabaseOnPostgres } from "./harness"
import { ordersContract } from "./orders.contract"
import { ordersOnDatabase } from "./orders.database"

ordersContract(
  "orders on PostgreSQL (the OrderRepo adapter)",
  ordersOnDatabase(openSuiteDatabaseOnPostgres),
)
