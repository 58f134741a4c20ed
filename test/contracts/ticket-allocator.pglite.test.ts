import { openMigratedPglite } from "../support/suite-database"
import { ordersOnDatabase } from "./orders.database"
import { ticketAllocatorContract } from "./ticket-allocator.contract"

ticketAllocatorContract(
  "ticket allocator on PGlite (the TicketAllocator adapter)",
  ordersOnDatabase(openMigratedPglite),
)
