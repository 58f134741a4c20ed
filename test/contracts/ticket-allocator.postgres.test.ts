import { openSuiteDatabaseOnPostgres } from "./harness"
import { ordersOnDatabase } from "./orders.database"
import { ticketAllocatorContract } from "./ticket-allocator.contract"

ticketAllocatorContract(
  "ticket allocator on PostgreSQL (the TicketAllocator adapter)",
  ordersOnDatabase(openSuiteDatabaseOnPostgres),
)
