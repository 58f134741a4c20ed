import { ordersInMemory } from "./orders.in-memory"
import { pickedNumbersContract } from "./picked-numbers.contract"

pickedNumbersContract("picked numbers in memory (the PickedNumberStore double)", ordersInMemory)
