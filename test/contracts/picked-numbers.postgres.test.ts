import { openSuiteDatabaseOnPostgres } from "./harness"
import { ordersOnDatabase } from "./orders.database"
import { pickedNumbersContract } from "./picked-numbers.contract"

pickedNumbersContract(
  "picked numbers on PostgreSQL (the PickedNumberStore adapter)",
  ordersOnDatabase(openSuiteDatabaseOnPostgres),
)
