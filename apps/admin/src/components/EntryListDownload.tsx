import { api } from "../api"
import { entryListFileName } from "../lib/draw-host"
import { useAction } from "../lib/use-action"
import { ErrorNote } from "./PageStates"

/** Through the API client: the token is in memory, so a plain link would be refused. */
const downloadEntryList = async (competitionId: string) => {
  const csv = await api.draws.entryListCsv({ path: { competitionId } })
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }))
  try {
    const link = document.createElement("a")
    link.href = url
    link.download = entryListFileName(competitionId)
    link.click()
  } finally {
    // The click has handed the file over by now.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

/**
 * The entry list as CSV (ticket number, first name and surname initial,
 * entry route; never contact details), for operators who publish it.
 */
export function EntryListDownload({
  competitionId,
  competitionName,
  className = "btn",
}: {
  readonly competitionId: string
  readonly competitionName: string
  readonly className?: string
}) {
  const download = useAction(() => downloadEntryList(competitionId), { reload: false })
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        className={`${className} whitespace-nowrap`}
        disabled={download.pending}
        aria-label={`Download the entry list (CSV): ${competitionName}`}
        onClick={() => void download.run()}
      >
        {download.pending ? "Preparing CSV…" : "Entry list (CSV)"}
      </button>
      <ErrorNote error={download.error} />
    </span>
  )
}
