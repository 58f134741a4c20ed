import { basketsContract } from "./baskets.contract"
import { ordersInMemory } from "./orders.in-memory"

basketsContract("baskets in memory (the BasketRepo double)", ordersInMemory)
