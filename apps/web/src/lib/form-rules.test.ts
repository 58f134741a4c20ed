import { messages, validateConfirmPassword, validateEmail } from "@howzat/core/rules"
import { describe, expect, it } from "vitest"
import { fieldRule, firstFormError, isFormValid, type Rules } from "./form-rules"

interface Values {
  email: string
  password: string
  confirmPassword: string
}

const rules: Rules<Values> = {
  email: (value) => validateEmail(value),
  confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
}

describe("form rules", () => {
  it("report the first failing field's message, in field order", () => {
    expect(firstFormError(rules, { email: "", password: "a", confirmPassword: "b" })).toBe(
      messages.emailRequired,
    )
    expect(firstFormError(rules, { email: "a@b.co", password: "a", confirmPassword: "b" })).toBe(
      messages.confirmPasswordMismatch,
    )
  })

  it("pass when every rule passes; fields without a rule are free", () => {
    expect(isFormValid(rules, { email: "a@b.co", password: "x", confirmPassword: "x" })).toBe(true)
  })

  it("give a field the whole form, so a confirmation sees its password", () => {
    const validators = fieldRule(rules.confirmPassword, ["password"])
    expect(validators.onChangeListenTo).toEqual(["password"])
    const form = { state: { values: { email: "", password: "secret", confirmPassword: "" } } }
    expect(validators.onChange({ value: "secret", fieldApi: { form } })).toBeUndefined()
    expect(validators.onChange({ value: "other", fieldApi: { form } })).toBe(
      messages.confirmPasswordMismatch,
    )
  })
})
