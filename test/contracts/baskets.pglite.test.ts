import { openMigratedPglite } from "../support/suite-database"
import { basketsContract } from "./baskets.contract"
import { ordersOnDatabase } from "./orders.database"

basketsContract("baskets on PGlite (the BasketRepo adapter)", ordersOnDatabase(openMigratedPglite))
