import { ordersContract } from "./orders.contract"
import { ordersInMemory } from "./orders.in-memory"

ordersContract("orders in memory (the OrderRepo double)", ordersInMemory)
