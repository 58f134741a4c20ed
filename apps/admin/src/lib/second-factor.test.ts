import { ApiError } from "@howzat/api-client"
import { SECOND_FACTOR_REQUIRED_PROBLEM } from "@howzat/contracts/problem-types"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cleanCode, groupedSecret, secondFactorChallenge } from "./second-factor"

const refusal = (type: string, members: Record<string, unknown>) =>
  new ApiError("http", 401, "Second factor required", "", type, {
    type,
    title: "Second factor required",
    status: 401,
    detail: "",
    ...members,
  })

describe("the second factor at sign-in", () => {
  it("finds the challenge in the password's answer", () => {
    expect(
      secondFactorChallenge(
        refusal(SECOND_FACTOR_REQUIRED_PROBLEM, { challenge: "c1", enrolled: false }),
      ),
    ).toEqual({ challenge: "c1", enrolled: false })
    expect(
      secondFactorChallenge(
        refusal(SECOND_FACTOR_REQUIRED_PROBLEM, { challenge: "c2", enrolled: true }),
      ),
    ).toEqual({ challenge: "c2", enrolled: true })
  })

  it("treats any other refusal as a failed sign-in", () => {
    expect(secondFactorChallenge(refusal("about:blank", { challenge: "c1" }))).toBeUndefined()
    expect(secondFactorChallenge(refusal(SECOND_FACTOR_REQUIRED_PROBLEM, {}))).toBeUndefined()
    expect(secondFactorChallenge(new Error("offline"))).toBeUndefined()
  })

  it("groups a secret in fours without changing it", () => {
    expect(groupedSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP")
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z2-7]{0,40}$/), (secret) => {
        expect(groupedSecret(secret).replace(/ /g, "")).toBe(secret)
        expect(cleanCode(groupedSecret(secret))).toBe(secret.toLowerCase())
      }),
    )
  })
})
