import { openMigratedPglite } from "../support/suite-database"
import { customerTicketsContract } from "./customer-tickets.contract"
import { ordersOnDatabase } from "./orders.database"

customerTicketsContract(
  "customer tickets on PGlite (the CustomerTicketRepo adapter)",
  ordersOnDatabase(openMigratedPglite),
)
