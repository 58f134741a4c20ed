export { makeHttpApp, type HttpAppOptions } from "./app"
export { asProblemResponse, problemResponse } from "./problem-response"
