import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useRef, useState } from "react"
import { register } from "../../api/accounts"
import {
  blankRegistration,
  type RegisterValues,
  registerSearch,
  registrationRequest,
  registerRules as rules,
} from "../../auth/registration"
import { safeReturnPath } from "../../auth/return-url"
import { signInWith } from "../../auth/session"
import { announceVerificationSent } from "../../auth/verification-notice"
import { brand, pageTitle } from "../../brand"
import {
  SpendLimitChoiceField,
  SpendLimitQuestion,
} from "../../components/account/SpendLimitQuestion"
import { ErrorDialog } from "../../components/Dialog"
import { ConsentFields } from "../../components/forms/ConsentFields"
import {
  FormCard,
  ShowErrorsWhenTouched,
  SubmitButton,
  showEveryError,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import { HoneyPotBox } from "../../components/forms/HoneyPotBox"
import { PersonField, PersonFields } from "../../components/forms/PersonFields"
import {
  type DialogContent,
  loginFailureText,
  registrationFailureContent,
} from "../../lib/error-text"
import { fieldRule } from "../../lib/form-rules"

export const Route = createFileRoute("/Auth/Register")({
  validateSearch: registerSearch,
  head: () => ({ meta: [{ title: pageTitle("Register") }] }),
  component: Register,
})

/**
 * Registering, then signing in with what it answered. Which step failed
 * decides the message: a refused registration says why, a failed sign-in is
 * a login failure (the account exists by then).
 */
const useRegistration = (ref: string | undefined, returnUrl: string | undefined) => {
  const navigate = useNavigate()
  const [problem, setProblem] = useState<DialogContent | null>(null)
  const submit = async (value: RegisterValues) => {
    let auth: Awaited<ReturnType<typeof register>>
    try {
      auth = await register(registrationRequest(value, ref))
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
  }
  return { submit, problem, clearProblem: () => setProblem(null) }
}

/** The registration form: one place names its type for the page and its sections. */
const useRegisterForm = (
  submit: (value: RegisterValues) => Promise<void>,
  formElement: () => HTMLElement | null,
) =>
  useForm({
    defaultValues: blankRegistration,
    // Every field's message now shows; the customer starts at the first to fix.
    onSubmitInvalid: showEveryError(formElement),
    onSubmit: ({ value }) => submit(value),
  })

type RegisterForm = ReturnType<typeof useRegisterForm>

function Register() {
  const { returnUrl, ref } = Route.useSearch()
  const { submit, problem, clearProblem } = useRegistration(ref, returnUrl)
  const formElement = useRef<HTMLFormElement>(null)
  const form = useRegisterForm(submit, () => formElement.current)

  return (
    <FormCard
      wide
      title="Register"
      intro={<RegisterIntro referred={ref !== undefined} returnUrl={returnUrl} />}
    >
      <form ref={formElement} noValidate onSubmit={submitWith(form)} className="space-y-5">
        <ShowErrorsWhenTouched>
          <PersonFields form={form} rules={rules} names={["firstName", "lastName"]} />
          <PersonField form={form} rules={rules} name="emailAddress" />
          <PersonFields form={form} rules={rules} names={["password", "confirmPassword"]} />
          <PersonFields form={form} rules={rules} names={["dateOfBirth", "telephoneNumber"]} />
          <form.Field name="honeyPot">
            {(field) => (
              <HoneyPotBox
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
              />
            )}
          </form.Field>
          <SpendLimitFields form={form} />
          <ConsentFields form={form} rules={rules} />
        </ShowErrorsWhenTouched>
        {/* Always pressable: a press with fields to fix shows every message and goes to the first. */}
        <SubmitButton form={form} rules={rules} blockWhenInvalid={false}>
          REGISTER
        </SubmitButton>
      </form>
      <ErrorDialog content={problem} onClose={clearProblem} />
    </FormCard>
  )
}

/** Who may register, the friend's offer when invited (decision 0039), and the way to log in instead. */
const RegisterIntro = ({
  referred,
  returnUrl,
}: {
  referred: boolean
  returnUrl: string | undefined
}) => (
  <>
    {referred ? (
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
)

/** The optional spend-limit question (decision 0041): the amount box only once an amount is chosen. */
const SpendLimitFields = ({ form }: { form: RegisterForm }) => (
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
)
