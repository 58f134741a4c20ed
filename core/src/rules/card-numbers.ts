/**
 * The Luhn check digit every card number carries: catches one mistyped
 * digit or two swapped neighbours. One home for the storefront's card form
 * (a message before anything is sent) and the sandbox provider (which
 * refuses what a real provider would), so they cannot disagree.
 */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}
