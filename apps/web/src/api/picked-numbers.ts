import { api } from "./client"

/** Pick your numbers (docs/decisions/0080): the free numbers, and the basket's holds. */

export const PICK_PAGE_SIZE = 100

export const loadFreeNumbers = (
  competitionId: string,
  from: number,
  pageNumber: number,
  signal?: AbortSignal,
) =>
  api.pickedNumbers.freeNumbers({
    path: { competitionId },
    urlParams: {
      From: String(from),
      PageNumber: String(pageNumber),
      PageSize: String(PICK_PAGE_SIZE),
    },
    signal,
  })

export const loadBasketPicks = (basketId: string, signal?: AbortSignal) =>
  api.pickedNumbers.basketPicks({ path: { basketId }, signal })

export const holdNumbers = (basketId: string, competitionId: string, numbers: number[]) =>
  api.pickedNumbers.hold({ path: { basketId }, payload: { competitionId, numbers } })

export const releaseNumbers = (basketId: string, competitionId: string, numbers: number[]) =>
  api.pickedNumbers.release({ path: { basketId }, payload: { competitionId, numbers } })
