import type { BasketJson } from "@howzat/contracts/baskets"
import { useSyncExternalStore } from "react"
import { type BasketState, getBasketState, subscribeBasket } from "./store"

/** The shared basket state; every component reading it re-renders on a change. */
export const useBasketState = (): BasketState =>
  useSyncExternalStore(subscribeBasket, getBasketState, getBasketState)

/** Just the basket (null until the first load answers). */
export const useBasket = (): BasketJson | null => useBasketState().basket
