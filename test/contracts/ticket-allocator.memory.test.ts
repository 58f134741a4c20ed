import { ordersInMemory } from "./orders.in-memory"
import { ticketAllocatorContract } from "./ticket-allocator.contract"

ticketAllocatorContract("ticket allocator in memory (the TicketAllocator double)", ordersInMemory)
