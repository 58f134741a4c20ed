import { useState } from "react"
import { api } from "../../api"
import { useAction } from "../../lib/use-action"
import { ConfirmDialog } from "../Confirm"

/**
 * UK GDPR erasure (docs/decisions/0029): the person's data goes, the
 * accounts and the draws keep what they need. The dialog says both, since
 * it cannot be undone.
 */
export function EraseCustomer({
  customerId,
  customerName,
}: {
  readonly customerId: string
  readonly customerName: string
}) {
  const [open, setOpen] = useState(false)
  const erase = useAction(() => api.staffCustomers.erase({ path: { customerId } }))
  return (
    <>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Erase personal data…
      </button>
      <ConfirmDialog
        open={open}
        title={`Erase ${customerName}'s personal data?`}
        confirmLabel="Erase personal data"
        pending={erase.pending}
        error={erase.error}
        onCancel={() => {
          erase.reset()
          setOpen(false)
        }}
        onConfirm={async () => {
          const result = await erase.run()
          if (result) setOpen(false)
        }}
      >
        <p>
          <strong>Removed:</strong> name (shown as “Erased Customer”), email address, phone number,
          date of birth, addresses, marketing consents, password and signed-in sessions, emails sent
          or waiting to be sent to them, the text of staff notes on their wins, and the personal
          details of their free postal entries.
        </p>
        <p>
          <strong>Kept:</strong> orders, tickets, payments and refunds, the site-credit ledger and
          club credit (the accounts), and their entries and wins in draws (the public winners lists
          show “Erased Customer”).
        </p>
        <p className="font-medium">This cannot be undone.</p>
      </ConfirmDialog>
    </>
  )
}
