import { customerTicketsContract } from "./customer-tickets.contract"
import { openSuiteDatabaseOnPostgres } from "./harness"
import { ordersOnDatabase } from "./orders.database"

customerTicketsContract(
  "customer tickets on PostgreSQL (the CustomerTicketRepo adapter)",
  ordersOnDatabase(openSuiteDatabaseOnPostgres),
)
