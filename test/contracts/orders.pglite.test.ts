import { openMigratedPglite } from "../support/suite-database"
import { ordersContract } from "./orders.contract"
import { ordersOnDatabase } from "./orders.database"

ordersContract("orders on PGlite (the OrderRepo adapter)", ordersOnDatabase(openMigratedPglite))
