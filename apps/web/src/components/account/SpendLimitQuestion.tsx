import { type ReactNode, useId } from "react"
import { type SpendLimitChoice, spendLimitTexts } from "../../lib/spend-limits"

const choices: readonly { readonly value: SpendLimitChoice; readonly label: string }[] = [
  { value: "later", label: "I'll decide later" },
  { value: "amount", label: "Set a monthly amount (£0 is fine)" },
  { value: "none", label: "No limit" },
]

/** The three answers as radio buttons; "No limit" is never assumed, only chosen. */
export const SpendLimitChoiceField = ({
  value,
  onChange,
}: {
  value: SpendLimitChoice
  onChange: (choice: SpendLimitChoice) => void
}) => {
  const name = useId()
  return (
    <div className="space-y-1">
      {choices.map((choice) => (
        <label key={choice.value} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  )
}

/** Registration's spend-limit question (decision 0041): optional, explained, with its choices. */
export const SpendLimitQuestion = ({
  choice,
  amount,
}: {
  choice: ReactNode
  amount: ReactNode
}) => (
  <fieldset className="space-y-3 rounded-xl border border-line p-4">
    <legend className="px-1 font-bold">Monthly spend limit</legend>
    <p className="text-sm text-muted">{spendLimitTexts.prompt}</p>
    <p className="text-sm text-muted">{spendLimitTexts.rules}</p>
    {choice}
    {amount}
  </fieldset>
)
