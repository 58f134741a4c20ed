import { customerTicketsContract } from "./customer-tickets.contract"
import { ordersInMemory } from "./orders.in-memory"

customerTicketsContract(
  "customer tickets in memory (the CustomerTicketRepo double)",
  ordersInMemory,
)
