import { openMigratedPglite } from "../support/suite-database"
import { ordersOnDatabase } from "./orders.database"
import { pickedNumbersContract } from "./picked-numbers.contract"

pickedNumbersContract(
  "picked numbers on PGlite (the PickedNumberStore adapter)",
  ordersOnDatabase(openMigratedPglite),
)
