import { oneDatabasePerFile, openPostgres } from "./harness"
import { ordersContract } from "./orders.contract"
import { orderRacesOnPostgres, ordersInTheDatabase, ordersOnDatabase } from "./orders.database"

const database = oneDatabasePerFile(openPostgres)

ordersContract("orders on PostgreSQL (the OrderRepo adapter)", ordersOnDatabase(database))
ordersInTheDatabase("orders in PostgreSQL's tables", database)
orderRacesOnPostgres("baskets and vouchers raced for on PostgreSQL", database)
