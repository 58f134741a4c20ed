import { drawRecordsContract } from "./draw-records.contract"
import { drawsInMemory } from "./draw-records.memory"

drawRecordsContract("draw records in memory (the draws doubles)", drawsInMemory)
