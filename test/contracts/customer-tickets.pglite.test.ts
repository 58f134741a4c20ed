import { makeDatabase } from "@howzat/postgres/testing"
import { customerTicketsContract } from "./customer-tickets.contract"
import { ordersOnDatabase } from "./orders.database"

customerTicketsContract(
  "customer tickets on PGlite (the CustomerTicketRepo adapter)",
  ordersOnDatabase(() => makeDatabase({})),
)
