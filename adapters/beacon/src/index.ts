export {
  DRAND_QUICKNET_URL,
  type DrandBeaconConfig,
  makeDrandBeacon,
  OVERDUE_AFTER_MS,
  PUBLICATION_GRACE_MS,
} from "./drand"
export { DrandBeaconLive, NoBeaconLive } from "./layers"
export { type ChainClock, firstRoundAfter, publicationTimeMs } from "./rounds"
