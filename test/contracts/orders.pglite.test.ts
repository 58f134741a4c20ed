import { oneDatabasePerFile, openPglite } from "./harness"
import { ordersContract } from "./orders.contract"
import { ordersInTheDatabase, ordersOnDatabase } from "./orders.database"

const database = oneDatabasePerFile(openPglite)

ordersContract("orders on PGlite (the OrderRepo adapter)", ordersOnDatabase(database))
ordersInTheDatabase("orders in PGlite's tables", database)
