import { makeDatabase } from "@howzat/postgres/testing"
import { basketsContract } from "./baskets.contract"
import { ordersOnDatabase } from "./orders.database"

basketsContract(
  "baskets on PGlite (the BasketRepo adapter)",
  ordersOnDatabase(() => makeDatabase({})),
)
