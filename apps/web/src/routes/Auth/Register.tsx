import {
  EARLIEST_DATE_OF_BIRTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TELEPHONE_LENGTH,
  normaliseReferralCode,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
  validateAcceptTerms,
  validateConfirmPassword,
  validateDateOfBirth,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateNewPassword,
  validateTelephone,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useRef, useState } from "react"
import { HONEY_POT, register } from "../../api/accounts"
import { returnUrlSearch, safeReturnPath } from "../../auth/return-url"
import { signInWith } from "../../auth/session"
import { announceVerificationSent } from "../../auth/verification-notice"
import { brand, pageTitle } from "../../brand"
import {
  SpendLimitChoiceField,
  SpendLimitQuestion,
} from "../../components/account/SpendLimitQuestion"
import { ErrorDialog } from "../../components/Dialog"
import {
  CheckboxField,
  FormCard,
  ShowErrorsWhenTouched,
  SubmitButton,
  showEveryError,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import { HoneyPotBox } from "../../components/forms/HoneyPotBox"
import { latestDateOfBirth } from "../../lib/dates"
import {
  type DialogContent,
  loginFailureText,
  registrationFailureContent,
} from "../../lib/error-text"
import { fieldRule, type Rules } from "../../lib/form-rules"
import {
  type SpendLimitChoice,
  spendLimitAmountRule,
  spendLimitAnswer,
} from "../../lib/spend-limits"

/**
 * `?ref=` is a friend's referral code (decision 0039): kept only if it reads
 * as one, sent with the registration, and never stored in the browser.
 */
const registerSearch = (search: Record<string, unknown>): { returnUrl?: string; ref?: string } => {
  const ref = typeof search.ref === "string" ? normaliseReferralCode(search.ref) : undefined
  return { ...returnUrlSearch(search), ...(ref ? { ref } : {}) }
}

export const Route = createFileRoute("/Auth/Register")({
  validateSearch: registerSearch,
  head: () => ({ meta: [{ title: pageTitle("Register") }] }),
  component: Register,
})

interface RegisterValues {
  firstName: string
  lastName: string
  emailAddress: string
  password: string
  confirmPassword: string
  dateOfBirth: string
  telephoneNumber: string
  allowMarketing: boolean
  acceptTerms: boolean
  honeyPot: string
  /** The spend-limit question (decision 0041): optional, "I'll decide later" unless answered. */
  spendLimitChoice: SpendLimitChoice
  spendLimitAmount: string
}

const rules: Rules<RegisterValues> = {
  firstName: (value) => validateFirstName(value),
  lastName: (value) => validateLastName(value),
  emailAddress: (value) => validateEmail(value),
  password: (value) => validateNewPassword(value),
  confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
  dateOfBirth: (value) => validateDateOfBirth(value, new Date()),
  telephoneNumber: (value) => validateTelephone(value),
  acceptTerms: (value) => validateAcceptTerms(value),
  spendLimitAmount: (value, values) => spendLimitAmountRule(values.spendLimitChoice, value),
}

const blank: RegisterValues = {
  firstName: "",
  lastName: "",
  emailAddress: "",
  password: "",
  confirmPassword: "",
  dateOfBirth: "",
  telephoneNumber: "",
  // Consent to marketing must be given, not assumed: the box starts empty (docs/decisions/0005).
  allowMarketing: false,
  acceptTerms: false,
  honeyPot: "",
  spendLimitChoice: "later",
  spendLimitAmount: "",
}

function Register() {
  const { returnUrl, ref } = Route.useSearch()
  const navigate = useNavigate()
  const [problem, setProblem] = useState<DialogContent | null>(null)

  const formElement = useRef<HTMLFormElement>(null)
  const form = useForm({
    defaultValues: blank,
    // Every field's message now shows; the customer starts at the first to fix.
    onSubmitInvalid: showEveryError(() => formElement.current),
    onSubmit: async ({ value }) => {
      let auth: Awaited<ReturnType<typeof register>>
      try {
        auth = await register({
          firstName: value.firstName.trim(),
          lastName: value.lastName.trim(),
          emailAddress: value.emailAddress,
          password: value.password,
          confirmPassword: value.confirmPassword,
          telephoneNumber: value.telephoneNumber.trim(),
          dateOfBirth: value.dateOfBirth,
          acceptTerms: value.acceptTerms,
          allowMarketingByEmail: value.allowMarketing,
          allowMarketingByPhone: value.allowMarketing,
          allowMarketingByText: value.allowMarketing,
          allowMarketingByPost: value.allowMarketing,
          [HONEY_POT]: value.honeyPot,
          ...(ref ? { referralCode: ref } : {}),
          ...spendLimitAnswer(value.spendLimitChoice, value.spendLimitAmount),
        })
      } catch (error) {
        setProblem(registrationFailureContent(error))
        return
      }
      let user: Awaited<ReturnType<typeof signInWith>>
      try {
        user = await signInWith(auth)
      } catch (error) {
        setProblem({ title: "Error", lines: [{ kind: "text", text: loginFailureText(error) }] })
        return
      }
      // Said on the page the customer lands on: where the link went, with "Resend".
      if (user.customerId) announceVerificationSent(user.customerId, user.emailAddress)
      await navigate({ href: safeReturnPath(returnUrl, "/"), replace: true })
    },
  })

  return (
    <FormCard
      wide
      title="Register"
      intro={
        <>
          {ref ? (
            <span className="mb-3 block rounded-lg bg-sunken px-3 py-2 font-semibold text-fg">
              You were invited by a friend: once you have spent £5 on tickets, you both get £5 of{" "}
              {brand.siteCredit.name}.
            </span>
          ) : null}
          Create your account to enter competitions. You must be 18 or over. Already registered?{" "}
          <Link
            to="/Auth/Login"
            search={returnUrl ? { returnUrl } : {}}
            className="font-bold text-accent hover:underline"
          >
            Login
          </Link>
        </>
      }
    >
      <form ref={formElement} noValidate onSubmit={submitWith(form)} className="space-y-5">
        <ShowErrorsWhenTouched>
          <div className="grid gap-5 sm:grid-cols-2">
            <form.Field name="firstName" validators={fieldRule(rules.firstName)}>
              {(field) => (
                <TextField
                  field={field}
                  label="First name"
                  autoComplete="given-name"
                  maxLength={MAX_NAME_LENGTH}
                />
              )}
            </form.Field>
            <form.Field name="lastName" validators={fieldRule(rules.lastName)}>
              {(field) => (
                <TextField
                  field={field}
                  label="Last name"
                  autoComplete="family-name"
                  maxLength={MAX_NAME_LENGTH}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="emailAddress" validators={fieldRule(rules.emailAddress)}>
            {(field) => (
              <TextField
                field={field}
                label="Email address"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={MAX_EMAIL_LENGTH}
                clean={stripInvalidEmailCharacters}
              />
            )}
          </form.Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <form.Field name="password" validators={fieldRule(rules.password)}>
              {(field) => (
                <TextField
                  field={field}
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  trim={false}
                />
              )}
            </form.Field>
            <form.Field
              name="confirmPassword"
              validators={fieldRule(rules.confirmPassword, ["password"])}
            >
              {(field) => (
                <TextField
                  field={field}
                  label="Confirm password"
                  type="password"
                  autoComplete="new-password"
                  trim={false}
                />
              )}
            </form.Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <form.Field name="dateOfBirth" validators={fieldRule(rules.dateOfBirth)}>
              {(field) => (
                <TextField
                  field={field}
                  label="Date of birth"
                  type="date"
                  autoComplete="bday"
                  min={EARLIEST_DATE_OF_BIRTH}
                  max={latestDateOfBirth(new Date())}
                />
              )}
            </form.Field>
            <form.Field name="telephoneNumber" validators={fieldRule(rules.telephoneNumber)}>
              {(field) => (
                <TextField
                  field={field}
                  label="Phone number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={MAX_TELEPHONE_LENGTH}
                  clean={stripInvalidTelephoneCharacters}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="honeyPot">
            {(field) => (
              <HoneyPotBox
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
              />
            )}
          </form.Field>
          <SpendLimitQuestion
            choice={
              <form.Field name="spendLimitChoice">
                {(field) => (
                  <SpendLimitChoiceField
                    value={field.state.value}
                    onChange={(choice) => field.handleChange(choice)}
                  />
                )}
              </form.Field>
            }
            amount={
              <form.Subscribe selector={(state) => state.values.spendLimitChoice}>
                {(choice) =>
                  choice === "amount" ? (
                    <form.Field
                      name="spendLimitAmount"
                      validators={fieldRule(rules.spendLimitAmount, ["spendLimitChoice"])}
                    >
                      {(field) => (
                        <TextField
                          field={field}
                          label="Monthly limit (£)"
                          inputMode="decimal"
                          autoComplete="off"
                          placeholder="50.00"
                        />
                      )}
                    </form.Field>
                  ) : null
                }
              </form.Subscribe>
            }
          />
          <div className="space-y-4 rounded-xl bg-sunken p-4">
            <form.Field name="allowMarketing">
              {(field) => (
                <CheckboxField field={field}>
                  Keep me posted about new competitions, offers and winners by email, phone, text
                  and post. You can change this at any time in My Details.
                </CheckboxField>
              )}
            </form.Field>
            <form.Field name="acceptTerms" validators={fieldRule(rules.acceptTerms)}>
              {(field) => (
                <CheckboxField field={field}>
                  I am 18 or over and I accept the terms and conditions.
                </CheckboxField>
              )}
            </form.Field>
          </div>
        </ShowErrorsWhenTouched>
        {/* Always pressable: a press with fields to fix shows every message and goes to the first. */}
        <SubmitButton form={form} rules={rules} blockWhenInvalid={false}>
          REGISTER
        </SubmitButton>
      </form>
      <ErrorDialog content={problem} onClose={() => setProblem(null)} />
    </FormCard>
  )
}
