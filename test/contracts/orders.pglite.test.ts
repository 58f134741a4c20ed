import { makeDatabase } from "@howzat/postgres/testing"
import { oneDatabasePerFile } from "./harness"
import { ordersContract } from "./orders.contract"
import { ordersInTheDatabase, ordersOnDatabase } from "./orders.database"

const database = oneDatabasePerFile(() => makeDatabase({}))

ordersContract("orders on PGlite (the OrderRepo adapter)", ordersOnDatabase(database))
ordersInTheDatabase("orders in PGlite's tables", database)
