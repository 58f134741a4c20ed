import { MINIMUM_AGE } from "@howzat/core/rules"

const twoDigits = (n: number) => String(n).padStart(2, "0")

/**
 * The latest birthday a customer may have today, as "yyyy-mm-dd": a hint for
 * the date picker only. Core's validateDateOfBirth decides, on London's calendar.
 */
export const latestDateOfBirth = (today: Date): string =>
  `${today.getFullYear() - MINIMUM_AGE}-${twoDigits(today.getMonth() + 1)}-${twoDigits(today.getDate())}`
