import {
  APPLICATION_ERROR_PROBLEM,
  SECOND_FACTOR_REQUIRED_PROBLEM,
} from "@howzat/contracts/problem-types"
import { accountMessages } from "@howzat/core/rules"
import { describe, expect, it } from "vitest"
import { ApiError } from "../api/client"
import {
  detailLines,
  errorDialogContent,
  errorTexts,
  loginFailureText,
  recoveryErrorText,
  registrationFailureContent,
  verificationFailureText,
} from "./error-text"

const validationDetail =
  "Validation failed:\n -- firstName: First name is required Severity: Error\n -- defaultBillingAddress.postCode: Please enter a valid UK post code. Severity: Error"

const http = (status: number, title: string, detail: string, type = "") =>
  new ApiError("http", status, title, detail, type)

describe("detailLines", () => {
  it("keeps line breaks, makes field markers bullets and drops the severity", () => {
    expect(detailLines(validationDetail)).toEqual([
      { kind: "text", text: "Validation failed:" },
      { kind: "bullet", text: "First name is required" },
      { kind: "bullet", text: "Please enter a valid UK post code." },
    ])
  })

  it("finds several markers on one line", () => {
    expect(
      detailLines("Failed: -- email: Bad email Severity: Error -- password: Weak Severity: Error"),
    ).toEqual([
      { kind: "text", text: "Failed:" },
      { kind: "bullet", text: "Bad email" },
      { kind: "bullet", text: "Weak" },
    ])
  })

  it("leaves plain text alone and skips blank lines", () => {
    expect(detailLines("First line\r\n\r\nSecond - with a dash")).toEqual([
      { kind: "text", text: "First line" },
      { kind: "text", text: "Second - with a dash" },
    ])
  })
})

describe("errorDialogContent", () => {
  it("titles the generic dialog Error and formats the detail", () => {
    expect(
      errorDialogContent(http(400, "One or more validation errors occurred.", validationDetail)),
    ).toEqual({
      title: "Error",
      lines: detailLines(validationDetail),
    })
  })

  it("uses the title when there is no detail, and a plain sentence for anything else", () => {
    expect(errorDialogContent(http(503, "Service Unavailable", "")).lines).toEqual([
      { kind: "text", text: "Service Unavailable" },
    ])
    expect(errorDialogContent("boom").lines).toEqual([
      { kind: "text", text: errorTexts.somethingWentWrong },
    ])
  })
})

describe("loginFailureText", () => {
  it("is the problem's detail when there is one", () => {
    expect(
      loginFailureText(
        http(429, "Too Many Requests", "Too many attempts. Please try again in 3 minutes."),
      ),
    ).toBe("Too many attempts. Please try again in 3 minutes.")
  })

  it("is docs/product/errors.md's sentence otherwise", () => {
    expect(loginFailureText(http(401, "Unauthorized", ""))).toBe(
      "Login failed - please check username and password are correct",
    )
    expect(loginFailureText(new Error("not a customer"))).toBe(accountMessages.loginFailed)
  })

  it("is docs/product/errors.md's sentence when an Admin's password asks for a second factor", () => {
    const secondFactor = new ApiError(
      "http",
      401,
      "Second factor required",
      "Enter the code from your authenticator app.",
      SECOND_FACTOR_REQUIRED_PROBLEM,
    )
    expect(loginFailureText(secondFactor)).toBe(accountMessages.loginFailed)
  })
})

describe("registrationFailureContent", () => {
  it("asks whether they have already registered when the problem is an application error", () => {
    expect(
      registrationFailureContent(
        http(
          409,
          "An application error has occurred.",
          "An account with this email address already exists.",
          APPLICATION_ERROR_PROBLEM,
        ),
      ),
    ).toEqual({
      title: "Oops!",
      lines: [
        {
          kind: "text",
          text: "There seems to be a problem with the details you've entered - is it possible you've already registered? Please check your details and try again",
        },
      ],
      showContact: true,
    })
  })

  it("goes by the problem's type, not its title", () => {
    const titledOnly = http(409, "An application error has occurred.", "Taken")
    expect(registrationFailureContent(titledOnly).title).toBe("Error")
    const typed = http(409, "Conflict", "Taken", APPLICATION_ERROR_PROBLEM)
    expect(registrationFailureContent(typed).title).toBe("Oops!")
  })

  it("shows the detail under Error, or docs/product/errors.md's sentence when there is none", () => {
    expect(
      registrationFailureContent(
        http(400, "One or more validation errors occurred.", validationDetail),
      ),
    ).toEqual({
      title: "Error",
      lines: detailLines(validationDetail),
    })
    expect(registrationFailureContent(http(500, "Internal Server Error", ""))).toEqual({
      title: "Error",
      lines: [
        {
          kind: "text",
          text: "Registration failed - please check all fields are specified correctly",
        },
      ],
    })
  })
})

describe("one-line failures", () => {
  it("prefix the message as docs/product/errors.md says", () => {
    const spent = http(400, "Invalid or expired link", accountMessages.linkInvalid)
    expect(verificationFailureText(spent)).toBe(`Unable to verify: ${accountMessages.linkInvalid}`)
    expect(recoveryErrorText(spent)).toBe(`Error: ${accountMessages.linkInvalid}`)
  })
})
