// Generated from @howzat/contracts by src/generate.ts (npm run generate -w @howzat/api-client).
// Do not edit: endpoints.test.ts fails when this file no longer matches the contracts.
import type * as auth from "@howzat/contracts/auth"
import type * as baskets from "@howzat/contracts/baskets"
import type * as catalogue from "@howzat/contracts/catalogue"
import type * as catalogueAdmin from "@howzat/contracts/catalogue-admin"
import type * as clubs from "@howzat/contracts/clubs"
import type * as competitionWinners from "@howzat/contracts/competition-winners"
import type * as complaints from "@howzat/contracts/complaints"
import type * as contact from "@howzat/contracts/contact"
import type * as customers from "@howzat/contracts/customers"
import type * as dashboard from "@howzat/contracts/dashboard"
import type * as draws from "@howzat/contracts/draws"
import type * as harmSignals from "@howzat/contracts/harm-signals"
import type * as images from "@howzat/contracts/images"
import type * as instantWinGroups from "@howzat/contracts/instant-win-groups"
import type * as orders from "@howzat/contracts/orders"
import type * as payments from "@howzat/contracts/payments"
import type * as pickedNumbers from "@howzat/contracts/picked-numbers"
import type * as postalEntries from "@howzat/contracts/postal-entries"
import type * as problems from "@howzat/contracts/problems"
import type * as promotions from "@howzat/contracts/promotions"
import type * as referrals from "@howzat/contracts/referrals"
import type * as reports from "@howzat/contracts/reports"
import type * as secondFactor from "@howzat/contracts/second-factor"
import type * as siteContent from "@howzat/contracts/site-content"
import type * as siteCredit from "@howzat/contracts/site-credit"
import type * as spendLimits from "@howzat/contracts/spend-limits"
import type * as staffCustomers from "@howzat/contracts/staff-customers"
import type * as staffUsers from "@howzat/contracts/staff-users"
import type * as standing from "@howzat/contracts/standing"
import type { ParamsInput } from "./types"

/** Method, path and whether the endpoint reads the caller (0 no, 1 if signed in, 2 required). */
export const endpoints = {
  competitions: {
    list: ["GET", "/api/Competitions", 1],
    byId: ["GET", "/api/Competitions/:competitionId", 1],
    tickets: ["GET", "/api/Competitions/:competitionId/tickets", 1],
    instantWinGroupTickets: ["GET", "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId/tickets", 1],
  },
  instantWinGroups: {
    create: ["POST", "/api/Competitions/:competitionId/instant-win-groups", 2],
    update: ["PUT", "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId", 2],
    delete: ["DELETE", "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId", 2],
  },
  categories: {
    list: ["GET", "/api/Categories", 1],
    byId: ["GET", "/api/Categories/:categoryId", 1],
    competitions: ["GET", "/api/Categories/:categoryId/competitions", 0],
  },
  draws: {
    list: ["GET", "/api/Draws", 1],
    nextLiveDraw: ["GET", "/api/Draws/NextLiveDraw", 0],
    nextAutoDraw: ["GET", "/api/Draws/NextAutoDraw", 0],
    competitionWinners: ["GET", "/api/Draws/competition-winners", 1],
    competitionWinnersOf: ["GET", "/api/Draws/competition-winners/:competitionId", 1],
    awaitingLiveDraw: ["GET", "/api/Draws/awaiting-live-draw", 0],
    waitingToBeDrawn: ["GET", "/api/Draws/CompetitionsWaitingToBeDrawn", 2],
    drawCompetitionWinner: ["POST", "/api/Draws/draw-competition-winner/:competitionId", 2],
    proof: ["GET", "/api/Draws/proof/:competitionId", 1],
    entries: ["GET", "/api/Draws/entries/:competitionId", 1],
    redraw: ["POST", "/api/Draws/redraw/:competitionId", 2],
    hostSheet: ["GET", "/api/Draws/host/:competitionId", 2],
    claimWindow: ["GET", "/api/Draws/claim-window", 2],
    setClaimWindow: ["PUT", "/api/Draws/claim-window", 2],
    entryListCsv: ["GET", "/api/Draws/entry-list/:competitionId", 2],
  },
  competitionWinners: {
    instantWinPrizeWinners: ["GET", "/api/CompetitionWinners/InstantWinPrizeWinners", 2],
    instantWinNotes: ["GET", "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Notes", 2],
    addInstantWinNote: ["POST", "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Notes", 2],
    editInstantWinNote: ["PUT", "/api/CompetitionWinners/InstantWinPrizeWinners/Notes/:noteId", 2],
    deleteInstantWinNote: ["DELETE", "/api/CompetitionWinners/InstantWinPrizeWinners/Notes/:noteId", 2],
    setInstantWinStatus: ["POST", "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Status", 2],
    mainPrizeWinners: ["GET", "/api/CompetitionWinners/MainPrizeWinners", 2],
    mainPrizeNotes: ["GET", "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Notes", 2],
    addMainPrizeNote: ["POST", "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Notes", 2],
    editMainPrizeNote: ["PUT", "/api/CompetitionWinners/MainPrizeWinners/Notes/:noteId", 2],
    deleteMainPrizeNote: ["DELETE", "/api/CompetitionWinners/MainPrizeWinners/Notes/:noteId", 2],
    setMainPrizeStatus: ["POST", "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Status", 2],
    setMainPrizeVisibility: ["POST", "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Visibility", 2],
    setMainPrizeAwardedAs: ["POST", "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/PrizeAwarded", 2],
    setInstantWinVisibility: ["POST", "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Visibility", 2],
  },
  postalEntries: {
    enter: ["POST", "/api/Competitions/:competitionId/free-postal-entry", 2],
  },
  resources: {
    byKey: ["GET", "/api/Resources/:key", 0],
  },
  auth: {
    authenticate: ["POST", "/api/auth/authenticate", 0],
    authenticateByToken: ["POST", "/api/auth/authenticate-by-token", 0],
    refreshToken: ["POST", "/api/auth/refresh-token", 0],
    revokeToken: ["POST", "/api/auth/revoke-token", 0],
    verifyEmail: ["POST", "/api/auth/verify-email", 0],
    forgotPassword: ["POST", "/api/auth/forgot-password", 0],
    resetPassword: ["POST", "/api/auth/reset-password", 0],
    requestLoginToken: ["POST", "/api/auth/request-login-token", 0],
    changeEmailAddress: ["POST", "/api/auth/change-email-address", 2],
    resendVerificationEmail: ["POST", "/api/auth/resend-verification-email", 2],
    changePassword: ["POST", "/api/auth/change-password", 2],
    verifySecondFactor: ["POST", "/api/auth/second-factor", 0],
    startSecondFactorEnrolment: ["POST", "/api/auth/second-factor/enrolment", 0],
    confirmSecondFactorEnrolment: ["POST", "/api/auth/second-factor/enrolment/confirm", 0],
    regenerateRecoveryCodes: ["POST", "/api/auth/second-factor/recovery-codes", 2],
  },
  customers: {
    register: ["POST", "/api/Customers", 0],
    list: ["GET", "/api/Customers", 2],
    byId: ["GET", "/api/Customers/:customerId", 2],
    update: ["PUT", "/api/Customers/:customerId", 2],
  },
  baskets: {
    create: ["POST", "/api/Baskets", 1],
    byId: ["GET", "/api/Baskets/:basketId", 1],
    update: ["PUT", "/api/Baskets/:basketId", 1],
    addItem: ["POST", "/api/Baskets/:basketId/items", 1],
    clearItems: ["DELETE", "/api/Baskets/:basketId/items", 1],
    setItem: ["PUT", "/api/Baskets/:basketId/items/:itemId", 1],
    removeItem: ["DELETE", "/api/Baskets/:basketId/items/:itemId", 1],
    registerPromotion: ["POST", "/api/Baskets/:basketId/promotions", 1],
    clearPromotions: ["DELETE", "/api/Baskets/:basketId/promotions", 1],
    removePromotion: ["DELETE", "/api/Baskets/:basketId/promotions/:promotionCode", 1],
    checkout: ["POST", "/api/Baskets/:basketId/checkout", 2],
  },
  orders: {
    list: ["GET", "/api/Orders", 2],
    byId: ["GET", "/api/Orders/:orderId", 2],
    cancel: ["POST", "/api/Orders/:orderId/cancel-order", 2],
    complete: ["POST", "/api/Orders/:orderId/complete-order", 2],
    startPayment: ["POST", "/api/Orders/:orderId/payments", 2],
    byPayment: ["GET", "/api/Orders/by-payment/:provider/:reference", 2],
    tickets: ["GET", "/api/Orders/:orderId/tickets", 2],
    competitionTickets: ["GET", "/api/Orders/:orderId/competitions/:competitionId/tickets", 2],
  },
  customerTickets: {
    competitions: ["GET", "/api/Customers/:customerId/competitions", 2],
    competitionTickets: ["GET", "/api/Customers/:customerId/competitions/:competitionId/tickets", 2],
    ticketsHeld: ["GET", "/api/Customers/:customerId/competitions/:competitionId/tickets-held", 2],
    openCompetitionsHeld: ["GET", "/api/Customers/:customerId/open-competitions", 2],
    siteCreditAccount: ["GET", "/api/Customers/:customerId/site-credit-account", 2],
  },
  paymentProviders: {
    cardForm: ["GET", "/api/PaymentProviders/card-form", 0],
  },
  logging: {
    log: ["POST", "/api/Logging", 0],
  },
  dashboard: {
    dashboard: ["GET", "/api/Dashboard", 2],
    charts: ["GET", "/api/Dashboard/Charts", 2],
  },
  reports: {
    settlements: ["GET", "/api/Reports/settlements", 2],
    settlementsCsv: ["GET", "/api/Reports/settlements.csv", 2],
  },
  siteContent: {
    list: ["GET", "/api/SiteContent", 2],
    update: ["PUT", "/api/Resources/:key", 2],
  },
  promotions: {
    list: ["GET", "/api/Promotions", 2],
    create: ["POST", "/api/Promotions", 2],
    byId: ["GET", "/api/Promotions/:promotionId", 2],
    update: ["PUT", "/api/Promotions/:promotionId", 2],
    remove: ["DELETE", "/api/Promotions/:promotionId", 2],
  },
  competitionAdmin: {
    create: ["POST", "/api/Competitions", 2],
    update: ["PUT", "/api/Competitions/:competitionId", 2],
    delete: ["DELETE", "/api/Competitions/:competitionId", 2],
    duplicate: ["POST", "/api/Competitions/:competitionId/duplicate", 2],
    bringDrawForward: ["POST", "/api/Competitions/:competitionId/bring-draw-forward", 2],
  },
  categoryAdmin: {
    create: ["POST", "/api/Categories", 2],
    update: ["PUT", "/api/Categories/:categoryId", 2],
    delete: ["DELETE", "/api/Categories/:categoryId", 2],
    linkCompetition: ["POST", "/api/Categories/:categoryId/competitions", 2],
    unlinkCompetition: ["DELETE", "/api/Categories/:categoryId/competitions/:competitionId", 2],
  },
  attributeTypes: {
    list: ["GET", "/api/AttributeTypes", 2],
    create: ["POST", "/api/AttributeTypes", 2],
    byId: ["GET", "/api/AttributeTypes/:attributeTypeId", 2],
    update: ["PUT", "/api/AttributeTypes/:attributeTypeId", 2],
    delete: ["DELETE", "/api/AttributeTypes/:attributeTypeId", 2],
  },
  images: {
    list: ["GET", "/api/Images", 2],
    upload: ["POST", "/api/Images", 2],
    byId: ["GET", "/api/Images/:imageId", 2],
    update: ["PUT", "/api/Images/:imageId", 2],
    delete: ["DELETE", "/api/Images/:imageId", 2],
  },
  imageGroups: {
    list: ["GET", "/api/ImageGroups", 2],
    create: ["POST", "/api/ImageGroups", 2],
    byId: ["GET", "/api/ImageGroups/:imageGroupId", 2],
    update: ["PUT", "/api/ImageGroups/:imageGroupId", 2],
    delete: ["DELETE", "/api/ImageGroups/:imageGroupId", 2],
  },
  staffCustomers: {
    erase: ["DELETE", "/api/Customers/:customerId", 2],
    adjustSiteCredit: ["POST", "/api/Customers/:customerId/site-credit-adjustments", 2],
    details: ["GET", "/api/Customers/:customerId/back-office", 2],
  },
  staffOrders: {
    refund: ["POST", "/api/Orders/:orderId/refund", 2],
  },
  users: {
    list: ["GET", "/api/Users", 2],
    create: ["POST", "/api/Users", 2],
    byId: ["GET", "/api/Users/:userId", 2],
    update: ["PUT", "/api/Users/:userId", 2],
    remove: ["DELETE", "/api/Users/:userId", 2],
    resetSecondFactor: ["DELETE", "/api/Users/:userId/second-factor", 2],
  },
  auditLog: {
    list: ["GET", "/api/AuditLog", 2],
  },
  clubs: {
    list: ["GET", "/api/Clubs", 2],
    create: ["POST", "/api/Clubs", 2],
    byId: ["GET", "/api/Clubs/:clubId", 2],
    update: ["PUT", "/api/Clubs/:clubId", 2],
    remove: ["DELETE", "/api/Clubs/:clubId", 2],
    recordPayout: ["POST", "/api/Clubs/:clubId/payouts", 2],
  },
  clubPerks: {
    welcomeLetter: ["GET", "/api/Clubs/:clubId/welcome-letter", 0],
    poster: ["GET", "/api/Clubs/:clubId/poster", 0],
  },
  contact: {
    send: ["POST", "/api/Contact", 0],
  },
  contactMessages: {
    list: ["GET", "/api/ContactMessages", 2],
    setHandled: ["POST", "/api/ContactMessages/:messageId/handled", 2],
  },
  referrals: {
    summary: ["GET", "/api/Customers/:customerId/referrals", 2],
    invite: ["POST", "/api/Customers/:customerId/referral-invitations", 2],
  },
  accountStanding: {
    view: ["GET", "/api/Customers/:customerId/standing", 2],
    pause: ["POST", "/api/Customers/:customerId/standing/pause", 2],
    close: ["POST", "/api/Customers/:customerId/standing/closure", 2],
  },
  siteCredit: {
    createOrder: ["POST", "/api/Customers/:customerId/site-credit-orders", 2],
    addToBasket: ["POST", "/api/Baskets/:basketId/items/sitecredit", 2],
  },
  complaints: {
    submit: ["POST", "/api/Complaints", 1],
  },
  staffComplaints: {
    list: ["GET", "/api/Complaints", 2],
    log: ["POST", "/api/Complaints/logged", 2],
    byId: ["GET", "/api/Complaints/:complaintId", 2],
    setStatus: ["POST", "/api/Complaints/:complaintId/status", 2],
  },
  harmSignals: {
    list: ["GET", "/api/HarmSignals", 2],
    byCustomer: ["GET", "/api/HarmSignals/:customerId", 2],
    review: ["POST", "/api/HarmSignals/:customerId/review", 2],
  },
  responsiblePlay: {
    signposting: ["GET", "/api/Customers/:customerId/responsible-play-signposting", 2],
  },
  spendLimits: {
    get: ["GET", "/api/Customers/:customerId/spend-limit", 2],
    set: ["PUT", "/api/Customers/:customerId/spend-limit", 2],
  },
  pickedNumbers: {
    freeNumbers: ["GET", "/api/Competitions/:competitionId/FreeNumbers", 1],
    basketPicks: ["GET", "/api/Baskets/:basketId/PickedNumbers", 1],
    hold: ["POST", "/api/Baskets/:basketId/PickedNumbers", 1],
    release: ["POST", "/api/Baskets/:basketId/PickedNumbers/Release", 1],
  },
} as const

/** Each endpoint's parameters, body, answer and problems as they travel on the wire. */
export interface Endpoints {
  readonly competitions: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof catalogue.CompetitionListParams.Encoded, typeof catalogue.CompetitionListParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.CompetitionList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof catalogue.CompetitionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
    readonly tickets: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: ParamsInput<typeof catalogue.TicketListParams.Encoded, typeof catalogue.TicketListParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.TicketList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly instantWinGroupTickets: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "instantWinGroupId": string }, { readonly "competitionId": string; readonly "instantWinGroupId": string }>
      readonly urlParams: ParamsInput<typeof catalogue.TicketListParams.Encoded, typeof catalogue.TicketListParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.TicketList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly instantWinGroups: {
    readonly create: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: typeof instantWinGroups.InstantWinGroupRequest.Encoded
      readonly success: typeof instantWinGroups.InstantWinGroupResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "instantWinGroupId": string }, { readonly "competitionId": string; readonly "instantWinGroupId": string }>
      readonly urlParams: never
      readonly payload: typeof instantWinGroups.InstantWinGroupRequest.Encoded
      readonly success: typeof instantWinGroups.InstantWinGroupResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly delete: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "instantWinGroupId": string }, { readonly "competitionId": string; readonly "instantWinGroupId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof instantWinGroups.InstantWinGroupDeleted.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly categories: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof catalogue.CategoryListParams.Encoded, typeof catalogue.CategoryListParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.CategoryList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "categoryId": string }, { readonly "categoryId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof catalogue.CategoryResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
    readonly competitions: {
      readonly path: ParamsInput<{ readonly "categoryId": string }, { readonly "categoryId": string }>
      readonly urlParams: ParamsInput<typeof catalogue.CategoryCompetitionParams.Encoded, typeof catalogue.CategoryCompetitionParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.CompetitionList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly draws: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof draws.DrawListParams.Encoded, typeof draws.DrawListParams.Type>
      readonly payload: never
      readonly success: typeof draws.DrawList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly nextLiveDraw: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof catalogue.DrawResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly nextAutoDraw: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof catalogue.DrawResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly competitionWinners: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof catalogue.CompetitionWinnerParams.Encoded, typeof catalogue.CompetitionWinnerParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.CompetitionWinnerList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly competitionWinnersOf: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: ParamsInput<typeof catalogue.CompetitionWinnerParams.Encoded, typeof catalogue.CompetitionWinnerParams.Type>
      readonly payload: never
      readonly success: typeof catalogue.CompetitionWinnerList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly awaitingLiveDraw: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof draws.CompetitionsAwaitingLiveDraw.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly waitingToBeDrawn: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof draws.CompetitionsAwaitingDraw.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly drawCompetitionWinner: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof draws.DrawnCompetitionAnswer.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly proof: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof draws.DrawProofResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
    readonly entries: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: string
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
    readonly redraw: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: typeof draws.RedrawRequest.Encoded
      readonly success: typeof draws.RedrawResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly hostSheet: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof draws.DrawHostSheet.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly claimWindow: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof draws.ClaimWindow.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly setClaimWindow: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof draws.ClaimWindow.Encoded
      readonly success: typeof draws.ClaimWindow.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly entryListCsv: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: string
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly competitionWinners: {
    readonly instantWinPrizeWinners: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof competitionWinners.WinnerListParams.Encoded, typeof competitionWinners.WinnerListParams.Type>
      readonly payload: never
      readonly success: typeof competitionWinners.InstantWinPrizeWinnerList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly instantWinNotes: {
      readonly path: ParamsInput<{ readonly "instantWinId": string }, { readonly "instantWinId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof competitionWinners.WinnerNoteList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly addInstantWinNote: {
      readonly path: ParamsInput<{ readonly "instantWinId": string }, { readonly "instantWinId": string }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerNoteRequest.Encoded
      readonly success: typeof competitionWinners.WinnerNoteResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly editInstantWinNote: {
      readonly path: ParamsInput<{ readonly "noteId": string }, { readonly "noteId": string }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerNoteRequest.Encoded
      readonly success: typeof competitionWinners.WinnerNoteResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly deleteInstantWinNote: {
      readonly path: ParamsInput<{ readonly "noteId": string }, { readonly "noteId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly setInstantWinStatus: {
      readonly path: ParamsInput<{ readonly "instantWinId": string }, { readonly "instantWinId": string }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerStatusRequest.Encoded
      readonly success: typeof competitionWinners.InstantWinPrizeWinnerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly mainPrizeWinners: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof competitionWinners.WinnerListParams.Encoded, typeof competitionWinners.WinnerListParams.Type>
      readonly payload: never
      readonly success: typeof competitionWinners.MainPrizeWinnerList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly mainPrizeNotes: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "ticketNumber": string }, { readonly "competitionId": string; readonly "ticketNumber": number }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof competitionWinners.WinnerNoteList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly addMainPrizeNote: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "ticketNumber": string }, { readonly "competitionId": string; readonly "ticketNumber": number }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerNoteRequest.Encoded
      readonly success: typeof competitionWinners.WinnerNoteResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly editMainPrizeNote: {
      readonly path: ParamsInput<{ readonly "noteId": string }, { readonly "noteId": string }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerNoteRequest.Encoded
      readonly success: typeof competitionWinners.WinnerNoteResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly deleteMainPrizeNote: {
      readonly path: ParamsInput<{ readonly "noteId": string }, { readonly "noteId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly setMainPrizeStatus: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "ticketNumber": string }, { readonly "competitionId": string; readonly "ticketNumber": number }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerStatusRequest.Encoded
      readonly success: typeof competitionWinners.MainPrizeWinnerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly setMainPrizeVisibility: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "ticketNumber": string }, { readonly "competitionId": string; readonly "ticketNumber": number }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerVisibilityRequest.Encoded
      readonly success: typeof competitionWinners.MainPrizeWinnerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly setMainPrizeAwardedAs: {
      readonly path: ParamsInput<{ readonly "competitionId": string; readonly "ticketNumber": string }, { readonly "competitionId": string; readonly "ticketNumber": number }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.PrizeAwardedRequest.Encoded
      readonly success: typeof competitionWinners.MainPrizeWinnerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly setInstantWinVisibility: {
      readonly path: ParamsInput<{ readonly "instantWinId": string }, { readonly "instantWinId": string }>
      readonly urlParams: never
      readonly payload: typeof competitionWinners.WinnerVisibilityRequest.Encoded
      readonly success: typeof competitionWinners.InstantWinPrizeWinnerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly postalEntries: {
    readonly enter: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: typeof postalEntries.FreePostalEntryRequest.Encoded
      readonly success: typeof postalEntries.PostalEntryRecorded.Encoded | typeof postalEntries.PostalEntryAlreadyRecorded.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly resources: {
    readonly byKey: {
      readonly path: ParamsInput<{ readonly "key": string }, { readonly "key": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof catalogue.ResourceResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly auth: {
    readonly authenticate: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.AuthenticateRequest.Encoded
      readonly success: typeof auth.AuthResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof secondFactor.SecondFactorRequired.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.TooManyRequests.Encoded
    }
    readonly authenticateByToken: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.TokenRequest.Encoded
      readonly success: typeof auth.AuthResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof secondFactor.SecondFactorRequired.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly refreshToken: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof auth.AuthResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly revokeToken: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly verifyEmail: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.TokenRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly forgotPassword: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.ForgotPasswordRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.TooManyRequests.Encoded
    }
    readonly resetPassword: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.ResetPasswordRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
    readonly requestLoginToken: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.RequestLoginTokenRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.TooManyRequests.Encoded
    }
    readonly changeEmailAddress: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.ChangeEmailAddressRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.TooManyRequests.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly resendVerificationEmail: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.ResendVerificationRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.TooManyRequests.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly changePassword: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof auth.ChangePasswordRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly verifySecondFactor: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof secondFactor.SecondFactorRequest.Encoded
      readonly success: typeof auth.AuthResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.TooManyRequests.Encoded
    }
    readonly startSecondFactorEnrolment: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof secondFactor.StartEnrolmentRequest.Encoded
      readonly success: typeof secondFactor.EnrolmentResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.Conflict.Encoded
    }
    readonly confirmSecondFactorEnrolment: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof secondFactor.SecondFactorRequest.Encoded
      readonly success: typeof secondFactor.ConfirmEnrolmentResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.Conflict.Encoded | typeof problems.TooManyRequests.Encoded
    }
    readonly regenerateRecoveryCodes: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof secondFactor.RegenerateRecoveryCodesRequest.Encoded
      readonly success: typeof secondFactor.RecoveryCodesResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.TooManyRequests.Encoded
    }
  }
  readonly customers: {
    readonly register: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof customers.RegistrationRequest.Encoded
      readonly success: typeof auth.AuthResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Conflict.Encoded | typeof problems.TooManyRequests.Encoded
    }
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof customers.CustomerListParams.Encoded, typeof customers.CustomerListParams.Type>
      readonly payload: never
      readonly success: typeof customers.CustomerList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof customers.CustomerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof customers.CustomerUpdateRequest.Encoded
      readonly success: typeof customers.CustomerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly baskets: {
    readonly create: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof baskets.CreateBasketParams.Encoded, typeof baskets.CreateBasketParams.Type>
      readonly payload: never
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof baskets.UpdateBasketRequest.Encoded
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly addItem: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof baskets.AddBasketItemRequest.Encoded
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly clearItems: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly setItem: {
      readonly path: ParamsInput<{ readonly "basketId": string; readonly "itemId": string }, { readonly "basketId": string; readonly "itemId": string }>
      readonly urlParams: never
      readonly payload: typeof baskets.SetBasketItemRequest.Encoded
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly removeItem: {
      readonly path: ParamsInput<{ readonly "basketId": string; readonly "itemId": string }, { readonly "basketId": string; readonly "itemId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly registerPromotion: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof baskets.RegisterPromotionRequest.Encoded
      readonly success: typeof baskets.RegisterPromotionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly clearPromotions: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly removePromotion: {
      readonly path: ParamsInput<{ readonly "basketId": string; readonly "promotionCode": string }, { readonly "basketId": string; readonly "promotionCode": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly checkout: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof orders.CheckoutRequest.Encoded
      readonly success: typeof orders.CheckoutResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly orders: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof orders.OrderListParams.Encoded, typeof orders.OrderListParams.Type>
      readonly payload: never
      readonly success: typeof orders.OrderList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "orderId": string }, { readonly "orderId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly cancel: {
      readonly path: ParamsInput<{ readonly "orderId": string }, { readonly "orderId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly complete: {
      readonly path: ParamsInput<{ readonly "orderId": string }, { readonly "orderId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.PaymentRequired.Encoded
    }
    readonly startPayment: {
      readonly path: ParamsInput<{ readonly "orderId": string }, { readonly "orderId": string }>
      readonly urlParams: ParamsInput<{ readonly "method"?: (("Card") | ("BankTransfer")) | (undefined) }, { readonly "method"?: (("Card") | ("BankTransfer")) | (undefined) }>
      readonly payload: never
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly byPayment: {
      readonly path: ParamsInput<{ readonly "provider": string; readonly "reference": string }, { readonly "provider": string; readonly "reference": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly tickets: {
      readonly path: ParamsInput<{ readonly "orderId": string }, { readonly "orderId": string }>
      readonly urlParams: ParamsInput<typeof orders.OwnTicketParams.Encoded, typeof orders.OwnTicketParams.Type>
      readonly payload: never
      readonly success: typeof orders.OrderTicketList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly competitionTickets: {
      readonly path: ParamsInput<{ readonly "orderId": string; readonly "competitionId": string }, { readonly "orderId": string; readonly "competitionId": string }>
      readonly urlParams: ParamsInput<typeof orders.OwnTicketParams.Encoded, typeof orders.OwnTicketParams.Type>
      readonly payload: never
      readonly success: typeof orders.OrderTicketList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly customerTickets: {
    readonly competitions: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: ParamsInput<typeof orders.CustomerCompetitionParams.Encoded, typeof orders.CustomerCompetitionParams.Type>
      readonly payload: never
      readonly success: typeof orders.CustomerCompetitionList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly competitionTickets: {
      readonly path: ParamsInput<{ readonly "customerId": string; readonly "competitionId": string }, { readonly "customerId": string; readonly "competitionId": string }>
      readonly urlParams: ParamsInput<typeof orders.OwnTicketParams.Encoded, typeof orders.OwnTicketParams.Type>
      readonly payload: never
      readonly success: typeof orders.OrderTicketList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly ticketsHeld: {
      readonly path: ParamsInput<{ readonly "customerId": string; readonly "competitionId": string }, { readonly "customerId": string; readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.TicketsHeldResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly openCompetitionsHeld: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.OpenCompetitionsHeldResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly siteCreditAccount: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: ParamsInput<{ readonly "PageNumber"?: (string) | (undefined); readonly "PageSize"?: (string) | (undefined) }, { readonly "PageNumber": number; readonly "PageSize": number }>
      readonly payload: never
      readonly success: typeof orders.SiteCreditAccountResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly paymentProviders: {
    readonly cardForm: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof payments.CardFormResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
  }
  readonly logging: {
    readonly log: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof orders.LoggingRequest.Encoded
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded
    }
  }
  readonly dashboard: {
    readonly dashboard: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof dashboard.Dashboard.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly charts: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof dashboard.DashboardCharts.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly reports: {
    readonly settlements: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof reports.SettlementParams.Encoded, typeof reports.SettlementParams.Type>
      readonly payload: never
      readonly success: typeof reports.SettlementReport.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly settlementsCsv: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof reports.SettlementParams.Encoded, typeof reports.SettlementParams.Type>
      readonly payload: never
      readonly success: string
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly siteContent: {
    readonly list: {
      readonly path: never
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof siteContent.EditableResourceList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "key": string }, { readonly "key": string }>
      readonly urlParams: never
      readonly payload: typeof siteContent.UpdateResourceRequest.Encoded
      readonly success: typeof siteContent.EditableResourceResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly promotions: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof promotions.PromotionListParams.Encoded, typeof promotions.PromotionListParams.Type>
      readonly payload: never
      readonly success: typeof promotions.PromotionList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof promotions.PromotionRequest.Encoded
      readonly success: typeof promotions.PromotionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "promotionId": string }, { readonly "promotionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof promotions.PromotionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "promotionId": string }, { readonly "promotionId": string }>
      readonly urlParams: never
      readonly payload: typeof promotions.PromotionRequest.Encoded
      readonly success: typeof promotions.PromotionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly remove: {
      readonly path: ParamsInput<{ readonly "promotionId": string }, { readonly "promotionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly competitionAdmin: {
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.NewCompetitionRequest.Encoded
      readonly success: typeof catalogue.CompetitionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.CompetitionRequest.Encoded
      readonly success: typeof catalogue.CompetitionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly delete: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly duplicate: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.DuplicateCompetitionRequest.Encoded
      readonly success: typeof catalogue.CompetitionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly bringDrawForward: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.BringDrawForwardRequest.Encoded
      readonly success: typeof catalogue.CompetitionResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly categoryAdmin: {
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.CategoryRequest.Encoded
      readonly success: typeof catalogue.CategoryResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "categoryId": string }, { readonly "categoryId": string }>
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.CategoryRequest.Encoded
      readonly success: typeof catalogue.CategoryResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly delete: {
      readonly path: ParamsInput<{ readonly "categoryId": string }, { readonly "categoryId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly linkCompetition: {
      readonly path: ParamsInput<{ readonly "categoryId": string }, { readonly "categoryId": string }>
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.CategoryCompetitionRequest.Encoded
      readonly success: typeof catalogue.CategoryResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly unlinkCompetition: {
      readonly path: ParamsInput<{ readonly "categoryId": string; readonly "competitionId": string }, { readonly "categoryId": string; readonly "competitionId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly attributeTypes: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof catalogueAdmin.AttributeTypeListParams.Encoded, typeof catalogueAdmin.AttributeTypeListParams.Type>
      readonly payload: never
      readonly success: typeof catalogueAdmin.AttributeTypeList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.AttributeTypeRequest.Encoded
      readonly success: typeof catalogueAdmin.AttributeTypeResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "attributeTypeId": string }, { readonly "attributeTypeId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof catalogueAdmin.AttributeTypeResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "attributeTypeId": string }, { readonly "attributeTypeId": string }>
      readonly urlParams: never
      readonly payload: typeof catalogueAdmin.AttributeTypeRequest.Encoded
      readonly success: typeof catalogueAdmin.AttributeTypeResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly delete: {
      readonly path: ParamsInput<{ readonly "attributeTypeId": string }, { readonly "attributeTypeId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly images: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof images.ImageListParams.Encoded, typeof images.ImageListParams.Type>
      readonly payload: never
      readonly success: typeof images.ImageList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly upload: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof images.UploadParams.Encoded, typeof images.UploadParams.Type>
      readonly payload: FormData
      readonly success: typeof images.UploadedImages.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "imageId": string }, { readonly "imageId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof images.ImageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "imageId": string }, { readonly "imageId": string }>
      readonly urlParams: never
      readonly payload: typeof images.ImageUpdateRequest.Encoded
      readonly success: typeof images.ImageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly delete: {
      readonly path: ParamsInput<{ readonly "imageId": string }, { readonly "imageId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly imageGroups: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof images.ImageGroupListParams.Encoded, typeof images.ImageGroupListParams.Type>
      readonly payload: never
      readonly success: typeof images.ImageGroupList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof images.ImageGroupRequest.Encoded
      readonly success: typeof images.ImageGroupResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "imageGroupId": string }, { readonly "imageGroupId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof images.ImageGroupResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "imageGroupId": string }, { readonly "imageGroupId": string }>
      readonly urlParams: never
      readonly payload: typeof images.ImageGroupRequest.Encoded
      readonly success: typeof images.ImageGroupResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly delete: {
      readonly path: ParamsInput<{ readonly "imageGroupId": string }, { readonly "imageGroupId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly staffCustomers: {
    readonly erase: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof customers.CustomerResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly adjustSiteCredit: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof staffCustomers.SiteCreditAdjustmentRequest.Encoded
      readonly success: typeof staffCustomers.SiteCreditAdjustmentResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly details: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof staffCustomers.StaffCustomerDetails.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly staffOrders: {
    readonly refund: {
      readonly path: ParamsInput<{ readonly "orderId": string }, { readonly "orderId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly users: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof staffUsers.UserListParams.Encoded, typeof staffUsers.UserListParams.Type>
      readonly payload: never
      readonly success: typeof staffUsers.UserList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof staffUsers.NewUserRequest.Encoded
      readonly success: typeof staffUsers.UserResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "userId": string }, { readonly "userId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof staffUsers.UserResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "userId": string }, { readonly "userId": string }>
      readonly urlParams: never
      readonly payload: typeof staffUsers.UserUpdateRequest.Encoded
      readonly success: typeof staffUsers.UserResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly remove: {
      readonly path: ParamsInput<{ readonly "userId": string }, { readonly "userId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly resetSecondFactor: {
      readonly path: ParamsInput<{ readonly "userId": string }, { readonly "userId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly auditLog: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof staffUsers.AuditLogParams.Encoded, typeof staffUsers.AuditLogParams.Type>
      readonly payload: never
      readonly success: typeof staffUsers.AuditLogList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly clubs: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof clubs.ClubListParams.Encoded, typeof clubs.ClubListParams.Type>
      readonly payload: never
      readonly success: typeof clubs.ClubList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly create: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof clubs.ClubRequest.Encoded
      readonly success: typeof clubs.ClubResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.Conflict.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "clubId": string }, { readonly "clubId": string }>
      readonly urlParams: ParamsInput<typeof clubs.ClubLedgerParams.Encoded, typeof clubs.ClubLedgerParams.Type>
      readonly payload: never
      readonly success: typeof clubs.ClubDetail.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly update: {
      readonly path: ParamsInput<{ readonly "clubId": string }, { readonly "clubId": string }>
      readonly urlParams: never
      readonly payload: typeof clubs.ClubRequest.Encoded
      readonly success: typeof clubs.ClubResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly remove: {
      readonly path: ParamsInput<{ readonly "clubId": string }, { readonly "clubId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: void
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly recordPayout: {
      readonly path: ParamsInput<{ readonly "clubId": string }, { readonly "clubId": string }>
      readonly urlParams: never
      readonly payload: typeof clubs.ClubPayoutRequest.Encoded
      readonly success: typeof clubs.ClubResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly clubPerks: {
    readonly welcomeLetter: {
      readonly path: ParamsInput<{ readonly "clubId": string }, { readonly "clubId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: unknown
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
    readonly poster: {
      readonly path: ParamsInput<{ readonly "clubId": string }, { readonly "clubId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: unknown
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly contact: {
    readonly send: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof contact.ContactRequest.Encoded
      readonly success: typeof auth.MessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.TooManyRequests.Encoded
    }
  }
  readonly contactMessages: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof contact.ContactMessageListParams.Encoded, typeof contact.ContactMessageListParams.Type>
      readonly payload: never
      readonly success: typeof contact.ContactMessageList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly setHandled: {
      readonly path: ParamsInput<{ readonly "messageId": string }, { readonly "messageId": string }>
      readonly urlParams: never
      readonly payload: typeof contact.ContactMessageHandledRequest.Encoded
      readonly success: typeof contact.ContactMessageResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly referrals: {
    readonly summary: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof referrals.ReferralsResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly invite: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof referrals.ReferralInvitationsRequest.Encoded
      readonly success: typeof referrals.ReferralInvitationsResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.TooManyRequests.Encoded
    }
  }
  readonly accountStanding: {
    readonly view: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof standing.AccountStandingResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly pause: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof standing.PauseRequest.Encoded
      readonly success: typeof standing.AccountStandingResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly close: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof standing.ClosureRequest.Encoded
      readonly success: typeof standing.AccountStandingResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly siteCredit: {
    readonly createOrder: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof siteCredit.SiteCreditOrderRequest.Encoded
      readonly success: typeof orders.OrderResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly addToBasket: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof siteCredit.AddSiteCreditItemRequest.Encoded
      readonly success: typeof baskets.BasketResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly complaints: {
    readonly submit: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof complaints.PublicComplaintRequest.Encoded
      readonly success: typeof complaints.ComplaintReceipt.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.TooManyRequests.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly staffComplaints: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof complaints.ComplaintListParams.Encoded, typeof complaints.ComplaintListParams.Type>
      readonly payload: never
      readonly success: typeof complaints.ComplaintList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly log: {
      readonly path: never
      readonly urlParams: never
      readonly payload: typeof complaints.ComplaintRequest.Encoded
      readonly success: typeof complaints.ComplaintResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.Conflict.Encoded
    }
    readonly byId: {
      readonly path: ParamsInput<{ readonly "complaintId": string }, { readonly "complaintId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof complaints.ComplaintResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly setStatus: {
      readonly path: ParamsInput<{ readonly "complaintId": string }, { readonly "complaintId": string }>
      readonly urlParams: never
      readonly payload: typeof complaints.ComplaintStatusRequest.Encoded
      readonly success: typeof complaints.ComplaintResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly harmSignals: {
    readonly list: {
      readonly path: never
      readonly urlParams: ParamsInput<typeof harmSignals.HarmSignalListParams.Encoded, typeof harmSignals.HarmSignalListParams.Type>
      readonly payload: never
      readonly success: typeof harmSignals.HarmSignalList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded
    }
    readonly byCustomer: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof harmSignals.CustomerHarmSignalsResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly review: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof harmSignals.HarmSignalReviewRequest.Encoded
      readonly success: typeof harmSignals.CustomerHarmSignalsResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
  readonly responsiblePlay: {
    readonly signposting: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof harmSignals.SignpostingResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.NotFound.Encoded | typeof problems.Unauthorized.Encoded
    }
  }
  readonly spendLimits: {
    readonly get: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof spendLimits.SpendLimitResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
    readonly set: {
      readonly path: ParamsInput<{ readonly "customerId": string }, { readonly "customerId": string }>
      readonly urlParams: never
      readonly payload: typeof spendLimits.SpendLimitRequest.Encoded
      readonly success: typeof spendLimits.SpendLimitResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded
    }
  }
  readonly pickedNumbers: {
    readonly freeNumbers: {
      readonly path: ParamsInput<{ readonly "competitionId": string }, { readonly "competitionId": string }>
      readonly urlParams: ParamsInput<typeof pickedNumbers.FreeNumbersParams.Encoded, typeof pickedNumbers.FreeNumbersParams.Type>
      readonly payload: never
      readonly success: typeof pickedNumbers.FreeNumbers.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly basketPicks: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: never
      readonly success: typeof pickedNumbers.BasketPicksList.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly hold: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof pickedNumbers.HoldNumbersRequest.Encoded
      readonly success: typeof pickedNumbers.BasketPicksResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
    readonly release: {
      readonly path: ParamsInput<{ readonly "basketId": string }, { readonly "basketId": string }>
      readonly urlParams: never
      readonly payload: typeof pickedNumbers.ReleaseNumbersRequest.Encoded
      readonly success: typeof pickedNumbers.BasketPicksResponse.Encoded
      readonly problem: typeof problems.BadRequest.Encoded | typeof problems.Forbidden.Encoded | typeof problems.ServiceUnavailable.Encoded | typeof problems.Unauthorized.Encoded | typeof problems.NotFound.Encoded | typeof problems.Conflict.Encoded
    }
  }
}

/** The sandbox card provider's own call, outside /api (contracts' SANDBOX_CONFIRM_PATH). */
export const SANDBOX_CONFIRM_PATH = "/sandbox-gateway/confirm"
