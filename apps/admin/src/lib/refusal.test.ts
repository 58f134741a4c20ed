import { ApiError } from "@howzat/api-client"
import { describe, expect, it } from "vitest"
import { refusalText } from "./refusal"

describe("a refusal in words", () => {
  it("uses a 400's field messages, not its machine-readable detail", () => {
    const error = new ApiError(
      "http",
      400,
      "One or more validation errors occurred.",
      "Validation failed:\n -- amount: That would take the balance below £0.00.",
      "",
      {
        type: "",
        title: "",
        status: 400,
        detail: "",
        errors: { amount: ["That would take the balance below £0.00."] },
      },
    )
    expect(refusalText(error)).toBe("That would take the balance below £0.00.")
  })

  it("uses the problem's detail when no field is named", () => {
    const error = new ApiError("http", 409, "Conflict", "Refund the order once it is drawn.")
    expect(refusalText(error)).toBe("Refund the order once it is drawn.")
  })
})
