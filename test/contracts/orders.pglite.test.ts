import { makeDatabase } from "@howzat/postgres/testing"
import { ordersContract } from "./orders.contract"
import { ordersOnDatabase } from "./orders.database"

ordersContract(
  "orders on PGlite (the OrderRepo adapter)",
  ordersOnDatabase(() => makeDatabase({})),
)
