import { makeDatabase } from "@howzat/postgres/testing"
import { ordersOnDatabase } from "./orders.database"
import { ticketAllocatorContract } from "./ticket-allocator.contract"

ticketAllocatorContract(
  "ticket allocator on PGlite (the TicketAllocator adapter)",
  ordersOnDatabase(() => makeDatabase({})),
)
