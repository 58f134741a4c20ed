import { PdfClubDocumentsLive } from "@howzat/pdf"
import { clubDocumentsContract } from "./club-documents.contract"

clubDocumentsContract("club documents as PDFs (the pdf-lib adapter)", () => PdfClubDocumentsLive)
