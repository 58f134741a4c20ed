import { basketsContract } from "./baskets.contract"
import { openSuiteDatabaseOnPostgres } from "./harness"
import { ordersOnDatabase } from "./orders.database"

basketsContract(
  "baskets on PostgreSQL (the BasketRepo adapter)",
  ordersOnDatabase(openSuiteDatabaseOnPostgres),
)
