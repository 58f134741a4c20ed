import {
  validateConfirmPassword,
  validateDateOfBirth,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateNewPassword,
  validateTelephone,
} from "@howzat/core/rules"
import type { Rules } from "./form-rules"

/** The person's fields a customer types at registration, checkout and in My Details. */
export interface PersonValues {
  firstName: string
  lastName: string
  emailAddress: string
  telephoneNumber: string
  dateOfBirth: string
  password: string
  confirmPassword: string
}

/**
 * Each person field's rule (core's validators, docs/product/validation.md),
 * said once for every form that registers someone: registration and a
 * visitor's checkout.
 */
export const personRules: Rules<PersonValues> = {
  firstName: (value) => validateFirstName(value),
  lastName: (value) => validateLastName(value),
  emailAddress: (value) => validateEmail(value),
  telephoneNumber: (value) => validateTelephone(value),
  password: (value) => validateNewPassword(value),
  confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
  dateOfBirth: (value) => validateDateOfBirth(value, new Date()),
}
