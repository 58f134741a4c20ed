/**
 * Money is integer pence everywhere: floats cannot represent 0.1 + 0.2 and a
 * competition shop adds thousands of small prices. The brand stops a count of
 * tickets being passed where an amount of money is expected.
 */
declare const PenceBrand: unique symbol
export type Pence = number & { readonly [PenceBrand]: true }

/** Accepts only safe integers: a fractional penny is a bug upstream, so it fails loudly. */
export const pence = (amount: number): Pence => {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of pence: ${amount}`)
  return amount as Pence
}

export const ZERO_PENCE: Pence = pence(0)

export const addPence = (a: Pence, b: Pence): Pence => pence(a + b)
export const subtractPence = (a: Pence, b: Pence): Pence => pence(a - b)
export const multiplyPence = (a: Pence, times: number): Pence => pence(a * times)
export const minPence = (...amounts: readonly Pence[]): Pence => pence(Math.min(...amounts))
export const maxPence = (...amounts: readonly Pence[]): Pence => pence(Math.max(...amounts))

const groupThousands = (whole: number): string =>
  String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",")

/** The one place money becomes text: `£1,234.50`, `-£0.49`. */
export const formatMoney = (amount: Pence): string => {
  const sign = amount < 0 ? "-" : ""
  const absolute = Math.abs(amount)
  const pounds = Math.floor(absolute / 100)
  const remainder = absolute % 100
  return `${sign}£${groupThousands(pounds)}.${String(remainder).padStart(2, "0")}`
}

/**
 * Reads an amount a person typed in pounds ("12", "12.5", "£1,234.50").
 * Characters other than digits and one decimal point are stripped, as the
 * storefront's amount boxes do; more than two decimals are rounded to the penny.
 */
export const parsePounds = (text: string): Pence | undefined => {
  const cleaned = text.replace(/[^0-9.]/g, "")
  if (!/^\d*(\.\d*)?$/.test(cleaned) || cleaned === "" || cleaned === ".") return undefined
  const [whole = "0", fraction = ""] = cleaned.split(".")
  const wholePence = Number(whole || "0") * 100
  const fractionPence = Math.round(Number(`0.${fraction || "0"}`) * 100)
  const total = wholePence + fractionPence
  return Number.isSafeInteger(total) ? pence(total) : undefined
}
