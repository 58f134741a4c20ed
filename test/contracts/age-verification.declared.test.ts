import { randomUUID } from "node:crypto"
import { DeclaredDateOfBirthLive } from "@howzat/core/responsible-play"
import { ageVerificationContract } from "./age-verification.contract"

/** A date of birth `years` before today, as the customer would declare it. */
const bornYearsAgo = (years: number) => {
  const today = new Date()
  const birth = new Date(Date.UTC(today.getUTCFullYear() - years, 0, 1))
  return birth.toISOString().slice(0, 10)
}
const request = (dateOfBirth: string) => ({
  customerId: randomUUID(),
  firstName: "Dee",
  lastName: "Clared",
  dateOfBirth,
  address: null,
})

ageVerificationContract("age verification by the declared date of birth (the default)", () => ({
  layer: DeclaredDateOfBirthLive,
  adult: () => request(bornYearsAgo(30)),
  minor: () => request(bornYearsAgo(10)),
}))
