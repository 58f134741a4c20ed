/**
 * Which winner a note or a status change is about. A main prize is named by
 * its competition and winning ticket, an instant win by its own id; each
 * kind has its own calls (decision 0023: a note is reached only through its
 * own kind), chosen here once so the screen cannot mix them up.
 */
import { api } from "../api"

export type WinnerRef =
  | {
      readonly kind: "main"
      readonly competitionId: string
      readonly ticketNumber: number
    }
  | { readonly kind: "instant"; readonly instantWinId: string }

export const winnerCalls = (ref: WinnerRef) =>
  ref.kind === "main"
    ? {
        notes: () =>
          api.competitionWinners.mainPrizeNotes({
            path: { competitionId: ref.competitionId, ticketNumber: ref.ticketNumber },
          }),
        addNote: (text: string) =>
          api.competitionWinners.addMainPrizeNote({
            path: { competitionId: ref.competitionId, ticketNumber: ref.ticketNumber },
            payload: { text },
          }),
        editNote: (noteId: string, text: string) =>
          api.competitionWinners.editMainPrizeNote({ path: { noteId }, payload: { text } }),
        deleteNote: (noteId: string) =>
          api.competitionWinners.deleteMainPrizeNote({ path: { noteId } }),
        setProcessed: (processed: boolean) =>
          api.competitionWinners.setMainPrizeStatus({
            path: { competitionId: ref.competitionId, ticketNumber: ref.ticketNumber },
            payload: { processed },
          }),
        setVisible: (isVisible: boolean) =>
          api.competitionWinners.setMainPrizeVisibility({
            path: { competitionId: ref.competitionId, ticketNumber: ref.ticketNumber },
            payload: { isVisible },
          }),
      }
    : {
        notes: () =>
          api.competitionWinners.instantWinNotes({ path: { instantWinId: ref.instantWinId } }),
        addNote: (text: string) =>
          api.competitionWinners.addInstantWinNote({
            path: { instantWinId: ref.instantWinId },
            payload: { text },
          }),
        editNote: (noteId: string, text: string) =>
          api.competitionWinners.editInstantWinNote({ path: { noteId }, payload: { text } }),
        deleteNote: (noteId: string) =>
          api.competitionWinners.deleteInstantWinNote({ path: { noteId } }),
        setProcessed: (processed: boolean) =>
          api.competitionWinners.setInstantWinStatus({
            path: { instantWinId: ref.instantWinId },
            payload: { processed },
          }),
        setVisible: (isVisible: boolean) =>
          api.competitionWinners.setInstantWinVisibility({
            path: { instantWinId: ref.instantWinId },
            payload: { isVisible },
          }),
      }
