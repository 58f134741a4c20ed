import { drawsInMemory } from "./draw-records.memory"
import { drawsContract } from "./draws.contract"

drawsContract("draws across competitions in memory (the draws doubles)", drawsInMemory)
