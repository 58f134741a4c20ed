/**
 * The package's second public entry (decision 0056): rows written straight to
 * the tables, and the sold-count SQL, for the suites, the apps' API tests and
 * the benches that set up or check a database below the ports. Kept apart
 * from "." so production code has no reason to reach for them.
 */
export { competitionOnSale, newBasket, newCustomer } from "./repos/orders-fixtures"
export { addTicketsSold, ticketsSoldOf } from "./repos/tickets-sold"
